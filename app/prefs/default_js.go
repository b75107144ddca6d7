//go:build js

package prefs

import (
	"fmt"
	"io/fs"
	"strings"
	"syscall/js"
)

// probeKey is written and removed once by Default, to learn whether the page may store
// anything at all.
const probeKey = "koma/.probe"

// Default returns the store the app uses on this platform: the browser's localStorage.
// When the page may not use it (site data blocked, a sandboxed frame, a private window
// with no quota), merely reading window.localStorage, or writing to it, throws: Default
// then returns an error, and the app keeps its settings in memory instead.
func Default() (Store, error) {
	ls, err := jsGet(js.Global(), "localStorage")
	if err != nil {
		return nil, fmt.Errorf("prefs: the browser refuses localStorage: %w", err)
	}
	if ls.IsUndefined() || ls.IsNull() {
		return nil, fmt.Errorf("prefs: the browser offers no localStorage")
	}
	if _, err := jsCall(func() js.Value {
		ls.Call("setItem", probeKey, "")
		return ls.Call("removeItem", probeKey)
	}); err != nil {
		return nil, fmt.Errorf("prefs: localStorage refuses writes: %w", err)
	}
	return &LocalStore{ls: ls}, nil
}

// jsCall runs f, which calls into JavaScript, and turns an exception thrown there (which
// syscall/js raises as a panic) into an error.
func jsCall(f func() js.Value) (v js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return f(), nil
}

// jsGet reads v[prop]. A getter that throws cannot be recovered from through Value.Get,
// which syscall/js does not guard: the exception would unwind the whole program. Going
// through Reflect.get makes it a call, whose exception comes back as an error.
func jsGet(v js.Value, prop string) (js.Value, error) {
	return jsCall(func() js.Value { return js.Global().Get("Reflect").Call("get", v, prop) })
}

// jsStringLength returns the length of the JavaScript string v, in UTF-16 units, without
// copying it into Go.
func jsStringLength(v js.Value) (int, error) {
	if v.Type() != js.TypeString {
		return 0, fmt.Errorf("the item is a %s, not a string", v.Type())
	}
	n, err := jsCall(func() js.Value {
		return js.Global().Get("Reflect").Call("get", js.Global().Get("Object").Invoke(v), "length")
	})
	if err != nil {
		return 0, err
	}
	if n.Type() != js.TypeNumber {
		return 0, fmt.Errorf("the item's length is a %s", n.Type())
	}
	return n.Int(), nil
}

// LocalStore keeps blobs in the browser's localStorage under "koma/<name>".
type LocalStore struct {
	ls js.Value
}

const localPrefix = "koma/"

func localKey(name string) string { return localPrefix + name }

// get returns the item for name, or an error wrapping fs.ErrNotExist. It does not check
// the size.
func (s *LocalStore) get(name string) (js.Value, error) {
	v, err := jsCall(func() js.Value { return s.ls.Call("getItem", localKey(name)) })
	if err != nil {
		return js.Null(), fmt.Errorf("prefs: read %s: %w", name, err)
	}
	if v.IsNull() || v.IsUndefined() {
		return js.Null(), fmt.Errorf("prefs: read %s: %w", name, fs.ErrNotExist)
	}
	return v, nil
}

// Read implements Store.
func (s *LocalStore) Read(name string) ([]byte, error) {
	v, err := s.get(name)
	if err != nil {
		return nil, err
	}
	// A string's length counts UTF-16 units, never more than its UTF-8 bytes: an item
	// longer than the limit is refused before it is copied into Go. syscall/js reads
	// properties of objects only (Value.Length panics on a string), so the length is
	// asked of the string through a JavaScript call.
	n, err := jsStringLength(v)
	if err != nil {
		return nil, fmt.Errorf("prefs: read %s: %w", name, err)
	}
	if n > MaxBlobBytes {
		return nil, tooLarge("read", name, int64(n))
	}
	data := []byte(v.String())
	if len(data) > MaxBlobBytes {
		return nil, tooLarge("read", name, int64(len(data)))
	}
	return data, nil
}

// Write implements Store.
func (s *LocalStore) Write(name string, data []byte) error {
	if err := checkWrite(name, data); err != nil {
		return err
	}
	// setItem throws when the quota is exceeded.
	if _, err := jsCall(func() js.Value { return s.ls.Call("setItem", localKey(name), string(data)) }); err != nil {
		return fmt.Errorf("prefs: write %s: %w", name, err)
	}
	return nil
}

// Remove implements Store.
func (s *LocalStore) Remove(name string) error {
	if _, err := jsCall(func() js.Value { return s.ls.Call("removeItem", localKey(name)) }); err != nil {
		return fmt.Errorf("prefs: remove %s: %w", name, err)
	}
	return nil
}

// names lists the store's blobs.
func (s *LocalStore) names() ([]string, error) {
	length, err := jsGet(s.ls, "length")
	if err != nil {
		return nil, err
	}
	if length.Type() != js.TypeNumber {
		return nil, fmt.Errorf("prefs: localStorage.length is %s", length.Type())
	}
	var out []string
	_, err = jsCall(func() js.Value {
		n := length.Int()
		for i := 0; i < n; i++ {
			k := s.ls.Call("key", i)
			if k.Type() != js.TypeString {
				continue
			}
			if name, ok := strings.CutPrefix(k.String(), localPrefix); ok {
				out = append(out, name)
			}
		}
		return js.Undefined()
	})
	return out, err
}

// Quarantine implements Store. The item is copied as it is, whatever its size.
func (s *LocalStore) Quarantine(name string) (string, error) {
	if err := checkName(name); err != nil {
		return "", err
	}
	v, err := s.get(name)
	if err != nil {
		return "", fmt.Errorf("prefs: keep %s aside: %w", name, err)
	}
	names, err := s.names()
	if err != nil {
		return "", fmt.Errorf("prefs: keep %s aside: %w", name, err)
	}
	bad, drop := planKeep(name, names)
	if _, err := jsCall(func() js.Value { return s.ls.Call("setItem", localKey(bad), v) }); err != nil {
		return "", fmt.Errorf("prefs: keep %s aside: %w", name, err)
	}
	if err := s.Remove(name); err != nil {
		return "", fmt.Errorf("prefs: keep %s aside: %w", name, err)
	}
	for _, old := range drop {
		s.Remove(old)
	}
	return bad, nil
}
