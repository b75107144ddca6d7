package prefs

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"koma/app/apptest"
	"koma/app/match"
	"koma/i18n"
	"koma/rules/ai"
)

// loader loads one kind of blob and reports the name it was kept under, if it was.
type loader struct {
	file string
	load func(st Store) (kept string, err error)
}

func loaders() map[string]loader {
	return map[string]loader{
		"settings": {SettingsFile, func(st Store) (string, error) {
			_, kept, err := LoadSettings(st, i18n.English)
			return kept, err
		}},
		"autosave": {AutosaveFile, func(st Store) (string, error) {
			_, kept, err := LoadAutosave(st, apptest.ToyCatalog)
			return kept, err
		}},
	}
}

// TestQuarantineKeepsEveryCopy writes one bad file after another: each is kept under a
// name of its own, none replaces an earlier one, and only beyond MaxKept do the oldest go.
func TestQuarantineKeepsEveryCopy(t *testing.T) {
	for kind, l := range loaders() {
		t.Run(kind, func(t *testing.T) {
			forEachStore(t, func(t *testing.T, st Store) {
				kept := map[string]string{} // name -> contents
				var order []string
				for i := 1; i <= MaxKept+3; i++ {
					bad := fmt.Sprintf("corrupt copy %d {", i)
					if err := st.Write(l.file, []byte(bad)); err != nil {
						t.Fatal(err)
					}
					name, err := l.load(st)
					if err == nil {
						t.Fatalf("copy %d: no problem reported", i)
					}
					if name != KeptName(l.file, i) {
						t.Errorf("copy %d kept as %q, want %q", i, name, KeptName(l.file, i))
					}
					if _, dup := kept[name]; dup {
						t.Fatalf("copy %d replaced an earlier copy kept as %s", i, name)
					}
					kept[name] = bad
					order = append(order, name)
				}
				// The newest MaxKept copies are intact; the older ones are gone.
				for i, name := range order {
					data, err := st.Read(name)
					if i < len(order)-MaxKept {
						if !errors.Is(err, fs.ErrNotExist) {
							t.Errorf("%s, beyond the bound, is still there (%v)", name, err)
						}
						continue
					}
					if err != nil || string(data) != kept[name] {
						t.Errorf("%s holds %q, %v; want %q", name, data, err, kept[name])
					}
				}
			})
		})
	}
}

// TestQuarantineSkipsOlderCopies checks that copies left by an earlier version, or with
// gaps in their numbers, are never overwritten, and that names merely resembling a copy are
// not taken for one.
func TestQuarantineSkipsOlderCopies(t *testing.T) {
	cases := []struct {
		name     string
		existing []string
		want     string
	}{
		{"none", nil, "settings.json.bad"},
		{"one from before", []string{"settings.json.bad"}, "settings.json.bad.2"},
		{"a gap", []string{"settings.json.bad", "settings.json.bad.7"}, "settings.json.bad.8"},
		{"only a later one", []string{"settings.json.bad.3"}, "settings.json.bad.4"},
		{"look-alikes", []string{"settings.json.bad.02", "settings.json.bad.x", "settings.json.bad.+5", "settings.json.badder", "autosave.json.bad.9"}, "settings.json.bad"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			forEachStore(t, func(t *testing.T, st Store) {
				for _, name := range c.existing {
					if err := st.Write(name, []byte("older "+name)); err != nil {
						t.Fatal(err)
					}
				}
				if err := st.Write(SettingsFile, []byte("{{{")); err != nil {
					t.Fatal(err)
				}
				if _, kept, _ := LoadSettings(st, i18n.English); kept != c.want {
					t.Errorf("kept as %q, want %q", kept, c.want)
				}
				for _, name := range c.existing {
					if data, err := st.Read(name); err != nil || string(data) != "older "+name {
						t.Errorf("%s now holds %q, %v", name, data, err)
					}
				}
			})
		})
	}
}

func TestKeptNames(t *testing.T) {
	cases := []struct {
		candidate string
		n         int
		ok        bool
	}{
		{"autosave.json.bad", 1, true},
		{"autosave.json.bad.2", 2, true},
		{"autosave.json.bad.123456789", 123456789, true},
		{"autosave.json.bad.1", 0, false},
		{"autosave.json.bad.0", 0, false},
		{"autosave.json.bad.-3", 0, false},
		{"autosave.json.bad.", 0, false},
		{"autosave.json.bad.1234567890", 0, false},
		{"autosave.json", 0, false},
		{"settings.json.bad", 0, false},
	}
	for _, c := range cases {
		n, ok := keptNumber(AutosaveFile, c.candidate)
		if n != c.n || ok != c.ok {
			t.Errorf("keptNumber(%q) = %d, %v; want %d, %v", c.candidate, n, ok, c.n, c.ok)
		}
		if ok && KeptName(AutosaveFile, n) != c.candidate {
			t.Errorf("KeptName(%d) = %q, want %q", n, KeptName(AutosaveFile, n), c.candidate)
		}
	}
}

// allocated returns the bytes allocated while f runs.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// oversized returns valid settings padded with spaces to more than MaxBlobBytes: a file
// that would load if it were read whole.
func oversized(size int) []byte {
	head, tail := []byte(`{"lang":"ja","coords":true`), []byte("}\n")
	pad := bytes.Repeat([]byte(" "), size-len(head)-len(tail))
	return slices.Concat(head, pad, tail)
}

// TestOversizedFilesAreNotReadWhole puts settings and an autosave beyond MaxBlobBytes in a
// real folder: they are refused after reading next to nothing, kept aside intact, and the
// defaults are used. A file just within the limit still loads.
func TestOversizedFilesAreNotReadWhole(t *testing.T) {
	size := 4 * MaxBlobBytes
	for kind, l := range loaders() {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			st := &FileStore{Dir: dir}
			big := oversized(size)
			if err := os.WriteFile(filepath.Join(dir, l.file), big, 0o644); err != nil {
				t.Fatal(err)
			}
			var kept string
			var err error
			used := allocated(func() { kept, err = l.load(st) })
			if err == nil {
				t.Fatal("an oversized file was accepted")
			}
			if used > MaxBlobBytes/4 {
				t.Errorf("loading allocated %d bytes for a file of %d: it was read", used, size)
			}
			if kept != KeptName(l.file, 1) {
				t.Errorf("kept as %q", kept)
			}
			if info, err := os.Stat(filepath.Join(dir, kept)); err != nil || info.Size() != int64(size) {
				t.Errorf("the kept copy: %v, %v", info, err)
			}
		})
	}
	t.Run("memory store", func(t *testing.T) {
		st := NewMemStore()
		st.blobs[SettingsFile] = oversized(size)
		s, kept, err := LoadSettings(st, i18n.English)
		if !errors.Is(err, ErrTooLarge) || kept == "" || s.Lang != i18n.English {
			t.Errorf("got %+v, %q, %v; want the defaults and the file kept", s, kept, err)
		}
		if err := st.Write(SettingsFile, oversized(size)); !errors.Is(err, ErrTooLarge) {
			t.Errorf("writing %d bytes: %v, want ErrTooLarge", size, err)
		}
	})
	t.Run("just within the limit", func(t *testing.T) {
		forEachStore(t, func(t *testing.T, st Store) {
			if err := st.Write(SettingsFile, oversized(MaxBlobBytes)); err != nil {
				t.Fatal(err)
			}
			s, kept, err := LoadSettings(st, i18n.English)
			if err != nil || kept != "" || s.Lang != i18n.Japanese || !s.Coords {
				t.Errorf("got %+v, %q, %v; want the file's settings", s, kept, err)
			}
		})
	})
}

// TestSettingsWithByteOrderMark loads settings saved by an editor that starts UTF-8 files
// with a byte-order mark.
func TestSettingsWithByteOrderMark(t *testing.T) {
	cases := []struct{ name, data string }{
		{"compact", "\xEF\xBB\xBF{\"lang\":\"ja\",\"coords\":true,\"highlights\":false}"},
		{"with line breaks", "\xEF\xBB\xBF\r\n{\r\n  \"lang\": \"ja\",\r\n  \"coords\": true,\r\n  \"highlights\": false\r\n}\r\n"},
	}
	want := Settings{Version: settingsVersion, Lang: i18n.Japanese, Coords: true, Animation: SpeedNormal, Sound: true}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			forEachStore(t, func(t *testing.T, st Store) {
				if err := st.Write(SettingsFile, []byte(c.data)); err != nil {
					t.Fatal(err)
				}
				got, kept, err := LoadSettings(st, i18n.English)
				if err != nil || kept != "" {
					t.Fatalf("problem %v, kept as %q", err, kept)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("got %+v, want %+v", got, want)
				}
			})
		})
	}
}

// TestUnreadableFolderIsLeftInPlace puts folders where the settings and the autosave
// belong: the problem is reported, but nothing is said to be kept, and nothing moves.
func TestUnreadableFolderIsLeftInPlace(t *testing.T) {
	for kind, l := range loaders() {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, l.file, "inside"), 0o755); err != nil {
				t.Fatal(err)
			}
			st := &FileStore{Dir: dir}
			kept, err := l.load(st)
			if err == nil {
				t.Fatal("no problem reported")
			}
			if kept != "" {
				t.Errorf("reported as kept under %q", kept)
			}
			if info, err := os.Stat(filepath.Join(dir, l.file, "inside")); err != nil || !info.IsDir() {
				t.Errorf("the folder moved: %v", err)
			}
			if _, err := os.Stat(filepath.Join(dir, KeptName(l.file, 1))); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("something was renamed: %v", err)
			}
			if name, err := st.Quarantine(l.file); err == nil {
				t.Errorf("Quarantine moved the folder to %s", name)
			}
		})
	}
}

// seedLoaderCorpus adds the inputs both loader fuzz targets start from.
func seedLoaderCorpus(f *testing.F) {
	spec, err := apptest.ToyCatalog.ParseSpec("toy")
	if err != nil {
		f.Fatal(err)
	}
	m, err := match.New(spec, []match.Seat{match.Human(), match.Computer(ai.Easy)}, 3)
	if err != nil {
		f.Fatal(err)
	}
	if err := m.Play(m.State().LegalMoves(nil)[0]); err != nil {
		f.Fatal(err)
	}
	saved, err := m.Save()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(saved)
	f.Add([]byte(`{"lang":"ja","highlights":true,"coords":false,"animation":"slow","evalBar":true,"setups":{"toy":{"options":"start=sparse","side":1,"level":"hard"}}}`))
	f.Add([]byte("\xEF\xBB\xBF{\"lang\":\"en\"}"))
	for _, s := range []string{"null", "{}", "[]", "", "{{{", `{"setups":{"":{"side":-9}}}`, `{"version":99,"animation":7}`, `{"format":1,"game":"toy","seats":[],"moves":null}`} {
		f.Add([]byte(s))
	}
}

// FuzzLoadSettings feeds arbitrary bytes to LoadSettings: it never panics; settings it
// accepts are usable and survive a save and a load; anything else gives the defaults and
// is kept aside byte for byte.
func FuzzLoadSettings(f *testing.F) {
	seedLoaderCorpus(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		st := NewMemStore()
		st.blobs[SettingsFile] = slices.Clone(data)
		s, kept, err := LoadSettings(st, i18n.Japanese)
		if err != nil {
			if !reflect.DeepEqual(s, Defaults(i18n.Japanese)) {
				t.Fatalf("a problem (%v) gave %+v, not the defaults", err, s)
			}
			got, rerr := st.Read(kept)
			if kept == "" || rerr != nil && !errors.Is(rerr, ErrTooLarge) || rerr == nil && !bytes.Equal(got, data) {
				t.Fatalf("%v: not kept intact under %q: %v", err, kept, rerr)
			}
			return
		}
		if kept != "" {
			t.Fatalf("accepted settings were kept aside as %s", kept)
		}
		if !slices.Contains(i18n.Languages(), s.Lang) || !slices.Contains(Speeds, s.Animation) || s.Version != settingsVersion {
			t.Fatalf("accepted settings are not usable: %+v", s)
		}
		if err := SaveSettings(st, s); err != nil {
			t.Fatal(err)
		}
		again, kept, err := LoadSettings(st, i18n.English)
		if len(s.Setups) == 0 {
			s.Setups = nil // written as nothing, read back as nothing
		}
		if err != nil || kept != "" || !reflect.DeepEqual(again, s) {
			t.Fatalf("after a save: %+v, %q, %v; want %+v", again, kept, err, s)
		}
	})
}

// FuzzLoadAutosave feeds arbitrary bytes to LoadAutosave: it never panics; a match it
// accepts saves and loads again to the same position; anything else is reported as a
// corrupt save and kept aside byte for byte, and the next load finds no autosave.
func FuzzLoadAutosave(f *testing.F) {
	seedLoaderCorpus(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		st := NewMemStore()
		st.blobs[AutosaveFile] = slices.Clone(data)
		m, kept, err := LoadAutosave(st, apptest.ToyCatalog)
		if err != nil {
			if m != nil || !errors.Is(err, match.ErrCorrupt) {
				t.Fatalf("got %v, %v; want no match and a corrupt-save error", m, err)
			}
			if got, rerr := st.Read(kept); rerr != nil || !bytes.Equal(got, data) {
				t.Fatalf("not kept intact under %q: %v", kept, rerr)
			}
			if m, _, err := LoadAutosave(st, apptest.ToyCatalog); m != nil || err != nil {
				t.Fatalf("after quarantine: %v, %v", m, err)
			}
			return
		}
		if m == nil || kept != "" {
			t.Fatalf("no error, but match %v and kept %q", m, kept)
		}
		if err := SaveAutosave(st, m); err != nil {
			t.Fatal(err)
		}
		again, _, err := LoadAutosave(st, apptest.ToyCatalog)
		if err != nil || !bytes.Equal(again.State().AppendKey(nil), m.State().AppendKey(nil)) {
			t.Fatalf("the saved match does not load to the same position: %v", err)
		}
	})
}
