package scenes

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"koma/app/prefs"
)

// TestEveryCorruptAutosaveIsKept starts the app on one corrupt autosave after another: each
// is kept under its own name, which the notice gives, and none replaces the one before.
func TestEveryCorruptAutosaveIsKept(t *testing.T) {
	store := prefs.NewMemStore()
	for i := 1; i <= 3; i++ {
		garbage := []byte(strings.Repeat("not a game ", i))
		if err := store.Write(prefs.AutosaveFile, garbage); err != nil {
			t.Fatal(err)
		}
		h := newHarness(t, NewMenu(), store)
		name := prefs.AutosaveFile + prefs.BadSuffix
		if i > 1 {
			name += "." + string(rune('0'+i))
		}
		if notices := h.app.Notices(); len(notices) != 1 || !strings.Contains(notices[0], name) {
			t.Errorf("start %d: notices %q do not name %s", i, notices, name)
		}
		for j := 1; j <= i; j++ {
			want := strings.Repeat("not a game ", j)
			if data, err := store.Read(prefs.KeptName(prefs.AutosaveFile, j)); err != nil || string(data) != want {
				t.Errorf("start %d: copy %d holds %q, %v", i, j, data, err)
			}
		}
	}
}

// TestSettingsNoticeSaysWhatWasKept checks the notice about unreadable settings: it names
// the copy kept, the second one too, and claims none when nothing could be moved.
func TestSettingsNoticeSaysWhatWasKept(t *testing.T) {
	t.Run("two corrupt files", func(t *testing.T) {
		store := prefs.NewMemStore()
		for i, want := range []string{"settings.json.bad", "settings.json.bad.2"} {
			if err := store.Write(prefs.SettingsFile, []byte("{not json")); err != nil {
				t.Fatal(err)
			}
			h := newHarness(t, NewMenu(), store)
			if got := h.app.Notices(); !slices.Equal(got, []string{h.ctx().T("notice.settings-reset", want)}) {
				t.Errorf("start %d: notices %q, want one naming %s", i+1, got, want)
			}
		}
		if _, err := store.Read(prefs.SettingsFile + prefs.BadSuffix); err != nil {
			t.Errorf("the first copy is gone: %v", err)
		}
	})
	t.Run("a folder in its place", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.Mkdir(filepath.Join(dir, prefs.SettingsFile), 0o755); err != nil {
			t.Fatal(err)
		}
		h := newHarness(t, NewMenu(), &prefs.FileStore{Dir: dir})
		if got := h.app.Notices(); !slices.Equal(got, []string{h.ctx().T("notice.settings-unreadable")}) {
			t.Errorf("notices %q, want only that the settings could not be read", got)
		}
		entries, err := os.ReadDir(dir)
		if err != nil || len(entries) != 1 || !entries[0].IsDir() {
			t.Errorf("the folder holds %v, %v; want the settings folder alone", entries, err)
		}
	})
}
