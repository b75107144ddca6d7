//go:build js

package prefs

import (
	"errors"
	"io/fs"
	"strings"
	"syscall/js"
	"testing"

	"koma/i18n"
)

// fakeLocalStorage installs, as window.localStorage, an object that keeps its items the way
// a browser does: as JavaScript strings. Node, which runs these tests, has none of its own.
func fakeLocalStorage(t *testing.T) {
	t.Helper()
	makeStorage := js.Global().Get("Function").New(`
		const items = new Map();
		return {
			getItem(k) { return items.has(String(k)) ? items.get(String(k)) : null; },
			setItem(k, v) { items.set(String(k), String(v)); },
			removeItem(k) { items.delete(String(k)); },
			key(i) { const ks = [...items.keys()]; return i < ks.length ? ks[i] : null; },
			get length() { return items.size; },
		};`)
	old := js.Global().Get("localStorage")
	js.Global().Set("localStorage", makeStorage.Invoke())
	t.Cleanup(func() { js.Global().Set("localStorage", old) })
}

// TestLocalStoreReadsWhatItWrote is the returning player's path: a setting or an autosave
// written in one visit is read back in the next. Reading once panicked on every stored item,
// because syscall/js cannot take the length of a string value.
func TestLocalStoreReadsWhatItWrote(t *testing.T) {
	fakeLocalStorage(t)
	st, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data string
	}{
		{SettingsFile, `{"lang":"ja"}`},
		{AutosaveFile, `{"game":"tablut","moves":["e7-f7"]}`},
		{"empty.json", ""},
		{"kana.json", `{"name":"駒"}`},
		{"big.json", strings.Repeat("x", MaxBlobBytes)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := st.Write(tt.name, []byte(tt.data)); err != nil {
				t.Fatal(err)
			}
			got, err := st.Read(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.data {
				t.Errorf("read %d bytes, wrote %d", len(got), len(tt.data))
			}
		})
	}
}

// TestLocalStoreRefusesOversizedItems checks the limit on items another page of the site
// (or an older build) left behind, larger than Koma ever writes.
func TestLocalStoreRefusesOversizedItems(t *testing.T) {
	fakeLocalStorage(t)
	st, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	js.Global().Get("localStorage").Call("setItem", localKey(SettingsFile), strings.Repeat("x", MaxBlobBytes+1))
	if _, err := st.Read(SettingsFile); !errors.Is(err, ErrTooLarge) {
		t.Errorf("read of an oversized item: %v, want ErrTooLarge", err)
	}
	if _, err := st.Read("missing.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("read of a missing item: %v, want fs.ErrNotExist", err)
	}
	bad, err := st.Quarantine(SettingsFile)
	if err != nil {
		t.Fatal(err)
	}
	if bad != KeptName(SettingsFile, 1) {
		t.Errorf("kept as %q", bad)
	}
}

// TestLoadSettingsAfterReload goes through LoadSettings, as the app does at start-up.
func TestLoadSettingsAfterReload(t *testing.T) {
	fakeLocalStorage(t)
	st, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	want := Defaults(i18n.English)
	want.Lang = i18n.Japanese
	if err := SaveSettings(st, want); err != nil {
		t.Fatal(err)
	}
	got, kept, err := LoadSettings(st, i18n.English)
	if err != nil || kept != "" {
		t.Fatalf("LoadSettings: %v (kept %q)", err, kept)
	}
	if got.Lang != i18n.Japanese {
		t.Errorf("language after reload %q, want ja", got.Lang)
	}
}
