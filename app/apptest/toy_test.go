package apptest

import (
	"testing"

	"koma/rules/rulestest"
)

// TestConformance holds the toy game to the same contract as the real games, so that app
// tests built on it exercise a well-behaved State.
func TestConformance(t *testing.T) {
	for _, opts := range []string{"", "start=sparse", "turns=rich", "start=sparse,turns=rich"} {
		spec, err := ToyCatalog.ParseSpec(ToyGame.ID + optSuffix(opts))
		if err != nil {
			t.Fatal(err)
		}
		t.Run(spec.String(), func(t *testing.T) { rulestest.Conformance(t, spec) })
	}
}

func optSuffix(o string) string {
	if o == "" {
		return ""
	}
	return ":" + o
}
