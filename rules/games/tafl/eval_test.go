package tafl

import (
	"math"
	"strings"
	"testing"

	"koma/rules/board"
	"koma/rules/rulestest"
)

// TestKingRegion checks the squares the king could reach if its own side stepped aside:
// attackers wall it in, defenders do not.
func TestKingRegion(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		// open lists the winning squares left in the king's region.
		open []string
	}{
		{"nothing in the way", `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . K . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`, []string{"a1", "g1", "a7", "g7"}},
		{"a1 walled off by a diagonal", `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . K . . .
			A . . . . . .
			. A . . . . .
			. . A . . . .`, []string{"g1", "a7", "g7"}},
		{"defenders are no wall", `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . K . . .
			D . . . . . .
			. D . . . . .
			. . D . . . .`, []string{"a1", "g1", "a7", "g7"}},
		{"the king boxed in the middle", `
			. . . . . . .
			. . . A . . .
			. . A . A . .
			. A . K . A .
			. . A . A . .
			. . . A . . .
			. . . . . . .`, nil},
		{"a wall across the board", `
			. . . . . . .
			A A A A A A A
			. . . . . . .
			. . . K . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`, []string{"a1", "g1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, Brandub, "", tc.diagram, attackers)
			var want bitset
			for _, sq := range tc.open {
				want.flip(siteOf(t, s, sq))
			}
			if got := s.kingRegion().and(s.v.win); got != want {
				t.Errorf("winning squares in the king's region: %v, want %v", squares(s, got), tc.open)
			}
		})
	}
}

// TestKingRegionOnTablut checks the flood across the two words of the 9×9 board: a ring of
// attackers shuts the king away from the whole edge, and one gap in it opens the edge.
func TestKingRegionOnTablut(t *testing.T) {
	ring := `
		. . . . . . . . .
		. . A A A A A . .
		. A . . . . . A .
		. A . . . . . A .
		. A . . K . . A .
		. A . . . . . A .
		. A . . . . . A .
		. . A A A A A . .
		. . . . . . . . .`
	s := position(t, Tablut, "", ring, attackers)
	if got := s.kingRegion().and(s.v.win); got != (bitset{}) {
		t.Errorf("a ring of attackers leaves %v of the edge in the king's region", squares(s, got))
	}
	gap := position(t, Tablut, "", strings.Replace(ring, ". . A A A A A . .\n\t\t. . . . . . . . .", ". . A A . A A . .\n\t\t. . . . . . . . .", 1), attackers)
	if got := gap.kingRegion().and(gap.v.win).count(); got != 32 {
		t.Errorf("with a gap in the ring the king's region holds %d edge squares, want all 32", got)
	}
}

// TestEvaluateSealedCorners checks that walling off the winning squares favours the
// attackers, all else (material, the king's lines) being equal.
func TestEvaluateSealedCorners(t *testing.T) {
	open := position(t, Brandub, "", `
		. . . . . . .
		. . . . . . .
		. . . . . . A
		. . . K . . .
		A . . . . . .
		. . . . . . .
		. . A . . . .`, attackers)
	sealed := position(t, Brandub, "", `
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . K . . .
		A . . . . . .
		. A . . . . .
		. . A . . . .`, attackers)
	if o, c := open.Evaluate(defenders), sealed.Evaluate(defenders); c >= o {
		t.Errorf("defenders' evaluation with a1 walled off %.3f, with every corner open %.3f: want lower", c, o)
	}
}

// TestEvaluateIsAntisymmetricAndBounded checks the evaluation's contract over random
// games of every preset.
func TestEvaluateIsAntisymmetricAndBounded(t *testing.T) {
	for _, sp := range allSpecs(t) {
		for seed := uint64(1); seed <= 20; seed++ {
			walkRandomGame(t, startSpec(t, sp), seed, func(s *State) {
				if _, over := s.Outcome(); over {
					return
				}
				a, d := s.Evaluate(attackers), s.Evaluate(defenders)
				if a != -d || math.Abs(a) >= 1 || math.IsNaN(a) {
					t.Fatalf("%s: Evaluate(attackers) %v, Evaluate(defenders) %v", sp, a, d)
				}
			})
		}
	}
}

func siteOf(t *testing.T, s *State, name string) int {
	t.Helper()
	c, err := s.Board().Parse(name)
	if err != nil {
		t.Fatal(err)
	}
	return int(c)
}

func squares(s *State, b bitset) []string {
	var out []string
	for c := 0; c < s.v.cells; c++ {
		if b.has(c) {
			out = append(out, s.Board().Label(board.Site(c)))
		}
	}
	return out
}

// TestArdRiScaleKeepsTheOrder checks what Ard Rí's flatter evaluation scale may change:
// the size of the values, which the blurred levels' noise swamps more, but not which of
// two positions is better, which is all an unblurred search compares. Positions from
// random games of both Ard Rí presets are scored with both scales and their order kept.
func TestArdRiScaleKeepsTheOrder(t *testing.T) {
	for _, sp := range allSpecs(t) {
		if sp.Game.ID != "ardri" {
			continue
		}
		if got := startSpec(t, sp).v.scale; got != ardriScale {
			t.Fatalf("%s: scale %v, want %v", sp, got, ardriScale)
		}
		type pair struct{ flat, steep float64 }
		var seen []pair
		for seed := uint64(1); seed <= 10; seed++ {
			walkRandomGame(t, startSpec(t, sp), seed, func(s *State) {
				if _, over := s.Outcome(); over {
					return
				}
				flat := s.Evaluate(defenders)
				steep := *s.v
				steep.scale = scale
				c := *s
				c.v = &steep
				seen = append(seen, pair{flat, c.Evaluate(defenders)})
			})
		}
		for i := 1; i < len(seen); i++ {
			a, b := seen[i-1], seen[i]
			if (a.flat < b.flat) != (a.steep < b.steep) || (a.flat == b.flat) != (a.steep == b.steep) {
				t.Fatalf("%s: scales disagree: %v and %v", sp, a, b)
			}
		}
		if len(seen) < 100 {
			t.Fatalf("%s: only %d positions", sp, len(seen))
		}
	}
	if s := startSpec(t, rulestest.Spec(t, Brandub, "")); s.v.scale != scale {
		t.Fatalf("brandub: scale %v, want %v", s.v.scale, scale)
	}
}
