package prefs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"koma/app/apptest"
	"koma/app/match"
	"koma/i18n"
	"koma/rules/ai"
)

// stores returns one fresh store of each kind, so that every behaviour is checked on the
// real file store and on the in-memory one alike.
func stores(t *testing.T) map[string]Store {
	return map[string]Store{
		"file":   &FileStore{Dir: filepath.Join(t.TempDir(), "koma")},
		"memory": NewMemStore(),
	}
}

func forEachStore(t *testing.T, f func(t *testing.T, st Store)) {
	for _, name := range []string{"file", "memory"} {
		t.Run(name, func(t *testing.T) { f(t, stores(t)[name]) })
	}
}

func TestSettingsRoundTrip(t *testing.T) {
	cases := []Settings{
		Defaults(i18n.English),
		{Lang: i18n.Japanese, Highlights: false, Coords: true, Animation: SpeedOff},
		{Lang: i18n.English, Highlights: true, Coords: true, Animation: SpeedSlow,
			Setups: map[string]Setup{"toy": {Options: "start=sparse", Side: 1, Level: "hard"}, "b": {Side: -1}}},
	}
	for i, want := range cases {
		forEachStore(t, func(t *testing.T, st Store) {
			if err := SaveSettings(st, want); err != nil {
				t.Fatal(err)
			}
			got, _, problem := LoadSettings(st, i18n.English)
			if problem != nil {
				t.Fatal(problem)
			}
			want.Version = settingsVersion
			if !reflect.DeepEqual(got, want) {
				t.Errorf("case %d: got %+v, want %+v", i, got, want)
			}
		})
	}
}

func TestSettingsMissingFileGivesDefaults(t *testing.T) {
	for _, lang := range i18n.Languages() {
		forEachStore(t, func(t *testing.T, st Store) {
			got, _, problem := LoadSettings(st, lang)
			if problem != nil {
				t.Fatal(problem)
			}
			if !reflect.DeepEqual(got, Defaults(lang)) {
				t.Errorf("got %+v, want the defaults in %s", got, lang)
			}
		})
	}
}

func TestSettingsCorruptFileIsKept(t *testing.T) {
	cases := []struct{ name, data string }{
		{"not json", "{{{"},
		{"truncated", `{"lang": "ja", "highl`},
		{"wrong types", `{"lang": 3, "highlights": "yes"}`},
		{"binary", "\x00\x01\x02"},
		{"null", "null"},
		{"null among spaces", " \r\n null \n"},
		{"byte-order mark then null", "\xEF\xBB\xBFnull"},
		{"array", "[]"},
		{"empty", ""},
		{"two byte-order marks", "\xEF\xBB\xBF\xEF\xBB\xBF{}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			forEachStore(t, func(t *testing.T, st Store) {
				if err := st.Write(SettingsFile, []byte(c.data)); err != nil {
					t.Fatal(err)
				}
				got, kept, problem := LoadSettings(st, i18n.Japanese)
				if problem == nil {
					t.Fatal("no problem reported")
				}
				if !reflect.DeepEqual(got, Defaults(i18n.Japanese)) {
					t.Errorf("got %+v, want the defaults", got)
				}
				if kept != SettingsFile+BadSuffix {
					t.Errorf("kept as %q, want %q", kept, SettingsFile+BadSuffix)
				}
				data, err := st.Read(SettingsFile + BadSuffix)
				if err != nil || string(data) != c.data {
					t.Errorf("the corrupt file was not kept: %q, %v", data, err)
				}
				if _, err := st.Read(SettingsFile); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("the corrupt file is still in place: %v", err)
				}
			})
		})
	}
}

func TestSettingsUnknownValuesFallBack(t *testing.T) {
	cases := []struct {
		name, data string
		want       Settings
	}{
		{"unknown language", `{"lang":"tlh","highlights":false,"animation":"fast"}`,
			Settings{Version: settingsVersion, Lang: i18n.English, Coords: true, Animation: SpeedFast, Sound: true}},
		{"unknown speed", `{"lang":"ja","coords":true,"highlights":true,"animation":"warp"}`,
			Settings{Version: settingsVersion, Lang: i18n.Japanese, Coords: true, Highlights: true, Animation: SpeedNormal, Sound: true}},
		{"fields missing", `{"coords":true}`,
			Settings{Version: settingsVersion, Lang: i18n.English, Coords: true, Highlights: true, Animation: SpeedNormal, Sound: true}},
		{"newer fields", `{"lang":"ja","theme":"dark","highlights":true,"animation":"slow"}`,
			Settings{Version: settingsVersion, Lang: i18n.Japanese, Coords: true, Highlights: true, Animation: SpeedSlow, Sound: true}},
		{"sounds off", `{"sound":false}`,
			Settings{Version: settingsVersion, Lang: i18n.English, Coords: true, Highlights: true, Animation: SpeedNormal}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := NewMemStore()
			if err := st.Write(SettingsFile, []byte(c.data)); err != nil {
				t.Fatal(err)
			}
			got, _, problem := LoadSettings(st, i18n.English)
			if problem != nil {
				t.Fatal(problem)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestFileStoreRefusesPaths(t *testing.T) {
	st := &FileStore{Dir: t.TempDir()}
	for _, name := range []string{"", "..", "a/b", `a\b`, "../settings.json"} {
		if err := st.Write(name, []byte("x")); err == nil {
			t.Errorf("Write(%q) succeeded", name)
		}
	}
}

func TestFileStoreWritesInTheDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nested", "koma")
	st := &FileStore{Dir: dir}
	if err := SaveSettings(st, Defaults(i18n.Japanese)); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !reflect.DeepEqual(names, []string{SettingsFile}) {
		t.Errorf("directory holds %v, want only %s (no temporary files left)", names, SettingsFile)
	}
}

func TestAutosave(t *testing.T) {
	spec, err := apptest.ToyCatalog.ParseSpec("toy")
	if err != nil {
		t.Fatal(err)
	}
	forEachStore(t, func(t *testing.T, st Store) {
		m, kept, err := LoadAutosave(st, apptest.ToyCatalog)
		if m != nil || kept != "" || err != nil {
			t.Fatalf("empty store: got %v %q %v", m, kept, err)
		}
		m, err = match.New(spec, []match.Seat{match.Human(), match.Computer(ai.Easy)}, 3)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Play(m.State().LegalMoves(nil)[0]); err != nil {
			t.Fatal(err)
		}
		if err := SaveAutosave(st, m); err != nil {
			t.Fatal(err)
		}
		got, kept, err := LoadAutosave(st, apptest.ToyCatalog)
		if err != nil || kept != "" || got == nil || got.Len() != 1 {
			t.Fatalf("got %v %q %v", got, kept, err)
		}
		if err := ClearAutosave(st); err != nil {
			t.Fatal(err)
		}
		if got, _, _ := LoadAutosave(st, apptest.ToyCatalog); got != nil {
			t.Error("the autosave survived ClearAutosave")
		}
	})
}

func TestCorruptAutosaveIsKept(t *testing.T) {
	cases := []struct{ name, data string }{
		{"garbage", "not a game"},
		{"unknown game", `{"format":1,"game":"nope","seats":[],"seed":0,"moves":[]}`},
		{"illegal move", `{"format":1,"game":"toy","seats":[{"player":"human"},{"player":"human"}],"seed":0,"moves":["a1-a5"]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			forEachStore(t, func(t *testing.T, st Store) {
				if err := st.Write(AutosaveFile, []byte(c.data)); err != nil {
					t.Fatal(err)
				}
				m, kept, err := LoadAutosave(st, apptest.ToyCatalog)
				if m != nil || err == nil || !errors.Is(err, match.ErrCorrupt) {
					t.Fatalf("got %v, %v; want a corrupt-save error", m, err)
				}
				if kept != AutosaveFile+BadSuffix {
					t.Errorf("kept as %q", kept)
				}
				data, rerr := st.Read(kept)
				if rerr != nil || string(data) != c.data {
					t.Errorf("the kept copy is %q, %v", data, rerr)
				}
				if m, _, err := LoadAutosave(st, apptest.ToyCatalog); m != nil || err != nil {
					t.Errorf("after quarantine: %v, %v; want no autosave", m, err)
				}
			})
		})
	}
}
