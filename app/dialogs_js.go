//go:build js

package app

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"syscall/js"
	"time"
)

// browserFiles stands in for file dialogs in a browser tab, where a page sees no paths:
// saving a game downloads it, and opening one asks the browser for a file to upload.
type browserFiles struct{}

// NativeDialogs returns the browser's way of moving files: it implements Transfer, and its
// path-based methods always fail.
func NativeDialogs() Dialogs { return browserFiles{} }

// SaveFile implements Dialogs; a page cannot choose a path, so scenes use Download.
func (browserFiles) SaveFile(FileRequest) (string, error) {
	return "", fmt.Errorf("app: save dialog in a browser: %w", errors.ErrUnsupported)
}

// OpenFile implements Dialogs; a page cannot choose a path, so scenes use Upload.
func (browserFiles) OpenFile(FileRequest) (string, error) {
	return "", fmt.Errorf("app: open dialog in a browser: %w", errors.ErrUnsupported)
}

// jsError turns a JavaScript exception, which syscall/js raises as a panic, into an error.
func jsError(what string, err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("app: %s: %v", what, r)
	}
}

func mimeType(ext string) string {
	if ext == "json" {
		return "application/json"
	}
	return "application/octet-stream"
}

// Download implements Transfer with a temporary link to an in-memory Blob.
func (browserFiles) Download(req FileRequest, data []byte) (name string, err error) {
	defer jsError("download", &err)
	name = req.StartFile
	if name == "" {
		name = "koma"
	}
	if req.Ext != "" && !strings.HasSuffix(name, "."+req.Ext) {
		name += "." + req.Ext
	}
	global := js.Global()
	doc := global.Get("document")
	arr := global.Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	blob := global.Get("Blob").New([]any{arr}, map[string]any{"type": mimeType(req.Ext)})
	url := global.Get("URL").Call("createObjectURL", blob)
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// Revoking the URL at once can cancel the download in some browsers; a minute later
	// it has long been read.
	later(time.Minute, func() { global.Get("URL").Call("revokeObjectURL", url) })
	return name, nil
}

// upload is one pending file picker; its events may arrive in any order, and only the
// first answer counts.
type upload struct {
	once    sync.Once
	answer  chan uploadAnswer
	mu      sync.Mutex
	changed bool
	funcs   []js.Func // released when Upload returns
}

type uploadAnswer struct {
	name string
	data []byte
	err  error
}

func (u *upload) finish(a uploadAnswer) { u.once.Do(func() { u.answer <- a }) }

// fn wraps f for JavaScript; the wrapper lives until Upload returns.
func (u *upload) fn(f func(args []js.Value)) js.Func {
	jf := js.FuncOf(func(_ js.Value, args []js.Value) any {
		f(args)
		return nil
	})
	u.mu.Lock()
	u.funcs = append(u.funcs, jf)
	u.mu.Unlock()
	return jf
}

// later runs f once after d; the wrapper releases itself, since it may fire after Upload
// has returned.
func later(d time.Duration, f func()) {
	var jf js.Func
	jf = js.FuncOf(func(js.Value, []js.Value) any {
		jf.Release()
		f()
		return nil
	})
	js.Global().Call("setTimeout", jf, d.Milliseconds())
}

// cancelGrace is how long after the window regains focus a file picker that sent neither
// "change" nor "cancel" is taken as dismissed: browsers before 2023 send no "cancel".
const cancelGrace = 1500 * time.Millisecond

// Upload implements Transfer with a hidden file input.
func (browserFiles) Upload(req FileRequest, limit int64) (name string, data []byte, err error) {
	u := &upload{answer: make(chan uploadAnswer, 1)}
	global := js.Global()
	var input js.Value
	var onFocus, onChange, onCancel js.Func
	defer func() {
		u.mu.Lock()
		defer u.mu.Unlock()
		for _, f := range u.funcs {
			f.Release()
		}
	}()
	func() {
		defer jsError("upload", &err)
		doc := global.Get("document")
		input = doc.Call("createElement", "input")
		input.Set("type", "file")
		if req.Ext != "" {
			input.Set("accept", "."+req.Ext+","+mimeType(req.Ext))
		}
		input.Get("style").Set("display", "none")
		doc.Get("body").Call("appendChild", input)
		onChange = u.fn(func([]js.Value) {
			u.mu.Lock()
			u.changed = true
			u.mu.Unlock()
			u.read(input, limit)
		})
		onCancel = u.fn(func([]js.Value) { u.finish(uploadAnswer{err: ErrDialogCancelled}) })
		input.Call("addEventListener", "change", onChange)
		input.Call("addEventListener", "cancel", onCancel)
		onFocus = u.fn(func([]js.Value) {
			later(cancelGrace, func() {
				u.mu.Lock()
				changed := u.changed
				u.mu.Unlock()
				if !changed {
					u.finish(uploadAnswer{err: ErrDialogCancelled})
				}
			})
		})
		global.Call("addEventListener", "focus", onFocus)
		input.Call("click")
	}()
	if err != nil {
		return "", nil, err
	}
	a := <-u.answer
	func() {
		defer jsError("upload", &err)
		// Listeners go before their functions are released: an event reaching a released
		// function would stop the program.
		global.Call("removeEventListener", "focus", onFocus)
		input.Call("removeEventListener", "change", onChange)
		input.Call("removeEventListener", "cancel", onCancel)
		input.Call("remove")
	}()
	if a.err != nil {
		return a.name, nil, a.err
	}
	return a.name, a.data, err
}

// read takes the chosen file's bytes, which arrive through a promise.
func (u *upload) read(input js.Value, limit int64) {
	files := input.Get("files")
	if files.Length() == 0 {
		u.finish(uploadAnswer{err: ErrDialogCancelled})
		return
	}
	f := files.Index(0)
	name := f.Get("name").String()
	if size := int64(f.Get("size").Float()); size > limit {
		u.finish(uploadAnswer{name: name, err: fmt.Errorf("app: upload %s: %d bytes, more than %d", name, size, limit)})
		return
	}
	// The promise calls exactly one of the pair, maybe after Upload has returned: whichever
	// runs releases both.
	var ok, fail js.Func
	ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ok.Release()
		fail.Release()
		buf := js.Global().Get("Uint8Array").New(args[0])
		data := make([]byte, buf.Length())
		js.CopyBytesToGo(data, buf)
		u.finish(uploadAnswer{name: name, data: data})
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ok.Release()
		fail.Release()
		u.finish(uploadAnswer{name: name, err: fmt.Errorf("app: upload %s: %s", name, args[0].Call("toString").String())})
		return nil
	})
	f.Call("arrayBuffer").Call("then", ok, fail)
}
