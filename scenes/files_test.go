package scenes

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"koma/app"
)

// TestFilesHandleAnswers hands the files part each kind of answer a dialog gives and
// checks what the player sees: a notice, a question, or the game opened.
func TestFilesHandleAnswers(t *testing.T) {
	fresh := toyMatch(t, 0, 0)
	begun := toyMatch(t, 0, 3)
	saved, err := begun.Save()
	if err != nil {
		t.Fatal(err)
	}
	failed := errors.New("the disk is full")
	tests := []struct {
		name    string
		answer  fileResult
		current bool // a game is under way, which an opened one must not replace unasked
		notice  string
		top     string // the scene on top afterwards
	}{
		{"a save cancelled", fileResult{err: app.ErrDialogCancelled}, true, "", "*scenes.stubScene"},
		{"an open cancelled", fileResult{opened: true, err: app.ErrDialogCancelled}, true, "", "*scenes.stubScene"},
		{"a save failed", fileResult{err: failed}, true, "The game could not be saved.", "*scenes.stubScene"},
		{"an open failed", fileResult{opened: true, err: failed}, true, "That file could not be opened as a Koma game.", "*scenes.stubScene"},
		{"saved", fileResult{path: filepath.Join("games", "mine.json"), data: saved}, true, "Game saved as mine.json.", "*scenes.stubScene"},
		{"a file to replace", fileResult{path: "mine.json", data: saved, askReplace: true}, true, "", "*scenes.Question"},
		{"not a game", fileResult{opened: true, path: "x.json", data: []byte("{")}, true, "That file could not be opened as a Koma game.", "*scenes.stubScene"},
		{"a game, none under way", fileResult{opened: true, path: "mine.json", data: saved}, false, "", "*scenes.Game"},
		{"a game over one under way", fileResult{opened: true, path: "mine.json", data: saved}, true, "", "*scenes.ReplaceGame"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			current := fresh
			if tt.current {
				current = begun
			}
			f := newGameFiles()
			stub := &stubScene{update: func(ctx *app.Context) { f.poll(ctx, current) }}
			a, _ := bareApp(t, 800, 600, stub, nil)
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
			if f.dialog || len(a.Notices()) > 0 || a.Top() != stub {
				t.Fatalf("with no answer: dialog %v, notices %q, top %T", f.dialog, a.Notices(), a.Top())
			}
			f.dialog = true
			f.results <- tt.answer
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
			if f.dialog {
				t.Error("the dialog is still taken for open")
			}
			var want []string
			if tt.notice != "" {
				want = []string{tt.notice}
			}
			if got := a.Notices(); !slices.Equal(got, want) {
				t.Errorf("notices %q, want %q", got, want)
			}
			if got := fmt.Sprintf("%T", a.Top()); got != tt.top {
				t.Errorf("the top scene is %s, want %s", got, tt.top)
			}
		})
	}
}

// fakeDialogs answers the file dialogs with path once gate is closed, counting the
// dialogs opened.
type fakeDialogs struct {
	path  string
	gate  chan struct{}
	calls atomic.Int32
}

func (d *fakeDialogs) SaveFile(app.FileRequest) (string, error) {
	d.calls.Add(1)
	<-d.gate
	return d.path, nil
}

func (d *fakeDialogs) OpenFile(app.FileRequest) (string, error) {
	d.calls.Add(1)
	<-d.gate
	return d.path, nil
}

// TestFilesSaveAndOpen saves a game through the dialogs and opens it again: one dialog at
// a time, the name typed without ".json" given it, and the game opened the one saved.
func TestFilesSaveAndOpen(t *testing.T) {
	m := toyMatch(t, 0, 3)
	dir := t.TempDir()
	d := &fakeDialogs{path: filepath.Join(dir, "mine"), gate: make(chan struct{})}
	f := newGameFiles()
	stub := &stubScene{update: func(ctx *app.Context) { f.poll(ctx, m) }}
	a, _ := bareApp(t, 800, 600, stub, d)
	ctx := a.Context()
	await := func() {
		t.Helper()
		for i := 0; f.dialog; i++ {
			if i == 5000 {
				t.Fatal("gave up waiting for the dialog")
			}
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(200 * time.Microsecond)
		}
	}

	f.save(ctx, m)
	f.save(ctx, m)
	f.open(ctx)
	if !f.dialog {
		t.Fatal("no dialog opened")
	}
	close(d.gate)
	await()
	if n := d.calls.Load(); n != 1 {
		t.Errorf("%d dialogs opened at once, want 1", n)
	}
	want, err := m.Save()
	if err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "mine.json")); err != nil || string(got) != string(want) {
		t.Fatalf("the file holds %.40q (%v), want the game", got, err)
	}
	if got := a.Notices(); !slices.Equal(got, []string{"Game saved as mine.json."}) {
		t.Errorf("notices %q", got)
	}

	d.path = filepath.Join(dir, "mine.json")
	f.open(ctx)
	await()
	r, ok := a.Top().(*ReplaceGame)
	if !ok {
		t.Fatalf("the top scene is %T, want the question whether to replace the game under way", a.Top())
	}
	if got, _ := r.Next().Save(); string(got) != string(want) {
		t.Errorf("the game opened is not the one saved")
	}
}
