package ai_test

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/ai"
	"koma/rules/catalog"
	"koma/rules/rulestest"
)

// TestTuningGolden pins, for every ruleset of the catalog (every combination of options, as
// the setup screen offers them) and every setting a player or a measurement uses, the search that runs from the start: its engine and every value taken
// from the game's tuning. Moving the tuning from one place to another must leave
// testdata/tuning.txt as it is; a deliberate change of tuning shows here as a diff.
func TestTuningGolden(t *testing.T) {
	settings := []string{"beginner", "easy", "normal", "hard", "expert", "plain"}
	var sb strings.Builder
	for _, spec := range everyRuleset(t) {
		st, err := spec.New()
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range settings {
			set, err := ai.ParseSetting(name)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&sb, "%s %s: %s\n", spec, name, ai.PlanText(st, set))
		}
	}
	rulestest.Golden(t, "testdata/tuning.txt", sb.String())
}

// everyRuleset lists every combination of every game's options.
func everyRuleset(t *testing.T) []rules.Spec {
	var out []rules.Spec
	for _, g := range catalog.All {
		combos := []rules.Options{{}}
		for _, o := range g.Options {
			var next []rules.Options
			for _, c := range combos {
				for _, v := range o.Values {
					n := maps.Clone(c)
					n[o.Key] = v
					next = append(next, n)
				}
			}
			combos = next
		}
		for _, c := range combos {
			out = append(out, rules.Spec{Game: g, Options: c})
		}
	}
	return out
}
