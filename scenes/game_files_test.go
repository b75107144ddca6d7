//go:build !js && !windows

package scenes

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSaveTarget checks which file Save… writes for the path the dialog returned, and when
// the player must be asked first: the dialog asked about the name it returned, not about
// the one with ".json" added.
func TestSaveTarget(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"old.json", "plain", "old.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "folder.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		chosen, want string
		ask, fails   bool
	}{
		{"new", "new.json", false, false},
		{"new.json", "new.json", false, false},
		{"old", "old.json", true, false},
		{"old.json", "old.json", false, false},
		{"old.txt", "old.txt", false, false},
		{"folder", "folder.json", false, true},
		{"pipe", "pipe.json", false, true},
		{"pipe.json", "pipe.json", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.chosen, func(t *testing.T) {
			path, ask, err := saveTarget(filepath.Join(dir, tt.chosen))
			if (err != nil) != tt.fails {
				t.Fatalf("error %v, want one: %v", err, tt.fails)
			}
			if path != filepath.Join(dir, tt.want) || ask != tt.ask {
				t.Errorf("target %s, ask %v; want %s, %v", filepath.Base(path), ask, tt.want, tt.ask)
			}
		})
	}
}

// TestFilesRefuseWhatIsNotARegularFile: opening or writing a named pipe would block the
// dialog's goroutine until something else wrote to it or read it, and Save… and Open… would
// do nothing from then on.
func TestFilesRefuseWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "pipe.json")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		do   func() error
	}{
		{"open a pipe", func() error { _, err := readLimited(pipe); return err }},
		{"open a folder", func() error { _, err := readLimited(dir); return err }},
		{"open /dev/zero", func() error { _, err := readLimited("/dev/zero"); return err }},
		{"save to a pipe", func() error { return writeSave(pipe, []byte("{}")) }},
		{"save to a folder", func() error { return writeSave(dir, []byte("{}")) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A regression blocks here rather than failing; the test binary's timeout ends it.
			err := tt.do()
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("error %v, want a refusal of anything but a regular file", err)
			}
		})
	}
}

// TestSaveAsksBeforeReplacingTheJSONFile plays the answer to Save… for a name typed without
// ".json" when that file exists: the game asks, "Don't save" keeps the file as it was and
// "Replace it" writes the game.
func TestSaveAsksBeforeReplacingTheJSONFile(t *testing.T) {
	for _, answer := range []string{"keep", "replace"} {
		t.Run(answer, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "mine.json")
			if err := os.WriteFile(path, []byte("the player's own file"), 0o644); err != nil {
				t.Fatal(err)
			}
			h := newHarness(t, NewGame(twoPeople(t, specs(t)[0], 2)), nil)
			h.step(2)
			g := h.game()
			target, ask, err := saveTarget(strings.TrimSuffix(path, ".json"))
			if err != nil || !ask {
				t.Fatalf("saveTarget: %v, ask %v", err, ask)
			}
			data, err := g.m.Save()
			if err != nil {
				t.Fatal(err)
			}
			g.dialog = true
			g.results <- fileResult{path: target, data: data, askReplace: true}
			h.step(2)
			q, ok := h.app.Top().(*Question)
			if !ok || q.scene != "overwrite" {
				t.Fatalf("the top scene is %T, want the question before replacing a file", h.app.Top())
			}
			if body := q.body(h.ctx()); !strings.Contains(body, "mine.json") {
				t.Errorf("the question %q does not name the file", body)
			}
			want := "the player's own file"
			if answer == "replace" {
				h.clickRect(q.yesButton.Rect)
				want = string(data)
			} else {
				h.clickRect(q.noButton.Rect)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != want {
				t.Errorf("the file holds %.40q, want %.40q", got, want)
			}
			if h.game() != g {
				t.Errorf("the game screen was replaced")
			}
		})
	}
}
