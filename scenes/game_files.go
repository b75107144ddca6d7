package scenes

// Saving and opening game records from the game screen, off the game loop.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"time"

	"koma/app"
	"koma/app/match"
)

// maxOpenBytes bounds how much of a file "Open game" reads; saved games are tiny.
const maxOpenBytes = 2 << 20

// gameFiles saves and opens game records through the platform's dialogs. A dialog runs
// off the game loop, since it blocks until the player answers; its answer comes back
// through results and poll handles it on the loop.
type gameFiles struct {
	// dialog is set while a dialog is open: the board ignores input meanwhile, and no
	// second dialog opens.
	dialog  bool
	results chan fileResult
}

// newGameFiles returns the files part with no dialog open.
func newGameFiles() gameFiles { return gameFiles{results: make(chan fileResult, 1)} }

// fileResult is a dialog's answer.
type fileResult struct {
	opened bool
	path   string
	data   []byte
	err    error
	// askReplace marks a save not yet written: the file exists and the player is asked.
	askReplace bool
}

// save asks where to save m and writes it, off the game loop.
func (f *gameFiles) save(ctx *app.Context, m *match.Match) {
	d := ctx.Dialogs()
	if d == nil || f.dialog {
		return
	}
	data, err := m.Save()
	if err != nil {
		ctx.Notify(ctx.T("notice.save-failed"))
		return
	}
	req := app.FileRequest{Title: ctx.T("dialog.save"), FilterName: ctx.T("dialog.filter"), Ext: "json",
		StartFile: saveName(m, time.Now()), StartDir: app.DocumentsDir()}
	if t, ok := d.(app.Transfer); ok {
		f.download(t, req, data)
		return
	}
	f.dialog = true
	results := f.results
	go func() {
		path, err := d.SaveFile(req)
		if err != nil {
			results <- fileResult{err: err}
			return
		}
		path, ask, err := saveTarget(path)
		if err == nil && !ask {
			err = writeSave(path, data)
		}
		results <- fileResult{path: path, data: data, askReplace: ask, err: err}
	}()
}

// saveTarget decides which file Save… writes for the path the dialog returned: that path,
// with ".json" added when the player typed a name without an extension. The dialog asked
// before replacing the path it returned, but not the one with ".json" added: askReplace
// reports that this other file exists, so the player must be asked first.
func saveTarget(chosen string) (path string, askReplace bool, err error) {
	path = chosen
	if filepath.Ext(path) == "" {
		path += ".json"
	}
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return path, false, nil
	case err != nil:
		return path, false, fmt.Errorf("scenes: save game: %w", err)
	case !st.Mode().IsRegular():
		return path, false, fmt.Errorf("scenes: save game: %s is not a regular file", path)
	}
	return path, path != chosen, nil
}

// writeSave writes a saved game to path, refusing anything that exists there but a
// regular file: writing to a named pipe would block until something read it.
func writeSave(path string, data []byte) error {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return fmt.Errorf("scenes: save game: %s is not a regular file", path)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("scenes: save game: %w", err)
	}
	return nil
}

// saveName suggests a file name for a saved game: the game and the day, as in
// konane-2026-11-23.json.
func saveName(m *match.Match, day time.Time) string {
	return fmt.Sprintf("%s-%s.json", m.Spec().Game.ID, day.Format(time.DateOnly))
}

// open asks for a saved game and reads it, off the game loop; poll loads it.
func (f *gameFiles) open(ctx *app.Context) {
	d := ctx.Dialogs()
	if d == nil || f.dialog {
		return
	}
	req := app.FileRequest{Title: ctx.T("dialog.open"), FilterName: ctx.T("dialog.filter"), Ext: "json"}
	if t, ok := d.(app.Transfer); ok {
		f.upload(t, req)
		return
	}
	f.dialog = true
	results := f.results
	go func() {
		path, err := d.OpenFile(req)
		var data []byte
		if err == nil {
			data, err = readLimited(path)
		}
		results <- fileResult{opened: true, path: path, data: data, err: err}
	}()
}

// readLimited reads at most maxOpenBytes of the file at path. Anything but a regular file
// is refused before it is opened: opening a named pipe blocks until something writes to
// it, and a device may never end.
func readLimited(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("scenes: open game: %w", err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("scenes: open game: %s is not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("scenes: open game: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxOpenBytes))
	if err != nil {
		return nil, fmt.Errorf("scenes: open game: %w", err)
	}
	return data, nil
}

// poll handles the answer of a dialog once it has come: a saved game loaded in place of
// current, a notice that the game was saved, or why it was not.
func (f *gameFiles) poll(ctx *app.Context, current *match.Match) {
	var r fileResult
	select {
	case r = <-f.results:
	default:
		return
	}
	f.dialog = false
	ctx.Invalidate()
	switch {
	case errors.Is(r.err, app.ErrDialogCancelled):
	case r.err != nil && r.opened:
		log.Printf("scenes: %v", r.err)
		ctx.Notify(ctx.T("notice.open-failed"))
	case r.err != nil:
		log.Printf("scenes: %v", r.err)
		ctx.Notify(ctx.T("notice.save-failed"))
	case r.askReplace:
		ctx.Push(newReplaceFile(r.path, r.data))
	case r.opened:
		m, err := match.Load(r.data, ctx.Catalog())
		if err != nil {
			log.Printf("scenes: %s: %v", r.path, err)
			ctx.Notify(ctx.T("notice.open-failed"))
			return
		}
		openInstead(ctx, current, m)
	default:
		ctx.Notify(ctx.T("notice.saved", filepath.Base(r.path)))
	}
}
