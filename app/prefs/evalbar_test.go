package prefs

import (
	"testing"

	"koma/i18n"
)

// TestEvalBarSetting checks that the evaluation bar starts off and that either value
// survives a save and a load.
func TestEvalBarSetting(t *testing.T) {
	if Defaults(i18n.English).EvalBar {
		t.Error("the evaluation bar is on by default")
	}
	for _, on := range []bool{true, false} {
		forEachStore(t, func(t *testing.T, st Store) {
			s := Defaults(i18n.English)
			s.EvalBar = on
			if err := SaveSettings(st, s); err != nil {
				t.Fatal(err)
			}
			got, _, err := LoadSettings(st, i18n.Japanese)
			if err != nil {
				t.Fatal(err)
			}
			if got.EvalBar != on {
				t.Errorf("EvalBar = %v after the round trip, want %v", got.EvalBar, on)
			}
		})
	}
}
