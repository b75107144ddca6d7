package tafl

import (
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// allSpecs lists every preset of the three games.
func allSpecs(t testing.TB) []rules.Spec {
	t.Helper()
	var out []rules.Spec
	for _, g := range Games {
		presets := g.Presets
		if len(presets) == 0 {
			presets = []string{""}
		}
		for _, p := range presets {
			out = append(out, rulestest.Spec(t, g, p))
		}
	}
	return out
}

// specName turns a spec into a file-friendly name for goldens and subtests.
func specName(sp rules.Spec) string {
	return strings.NewReplacer(":", "-", "=", "-", ",", "-").Replace(sp.String())
}

func startSpec(t testing.TB, sp rules.Spec) *State {
	t.Helper()
	st, err := sp.New()
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// walkRandomGame plays a seeded random game from s and calls check on every position,
// the final one included.
func walkRandomGame(t testing.TB, s *State, seed uint64, check func(s *State)) {
	t.Helper()
	rulestest.WalkRandomGame(t, s, seed, check)
}
