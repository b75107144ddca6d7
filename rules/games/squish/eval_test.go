package squish

import (
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// TestEvaluate checks the evaluation's contract on the positions of random games, and
// that it prefers fewer groups.
func TestEvaluate(t *testing.T) {
	for _, g := range []*rules.Game{Game, Flowish} {
		for seed := uint64(1); seed <= 10; seed++ {
			rulestest.WalkRandomGame(t, start(t, g, ""), seed, func(s *State) {
				if s.over {
					return
				}
				a, b := s.Evaluate(0), s.Evaluate(1)
				if a < -1 || a > 1 || a != -b {
					t.Fatalf("Evaluate %v and %v\n%s", a, b, rules.Text(s))
				}
			})
		}
	}
	s := position(t, Game, 4, "a4 b4 c4 e1", "d1 f1 a7 d7", 0)
	if v := s.Evaluate(0); v <= 0 {
		t.Errorf("two groups against four: %v", v)
	}
}

func TestRandomMoveAgrees(t *testing.T) {
	for _, g := range []*rules.Game{Game, Flowish} {
		for _, p := range g.Presets {
			for seed := uint64(1); seed <= 10; seed++ {
				rulestest.WalkRandomGame(t, start(t, g, p), seed, func(s *State) {
					rulestest.RandomMoveAgrees(t, s, seed)
				})
			}
		}
	}
}

func TestPlayoutsDoNotAllocate(t *testing.T) {
	for _, g := range []*rules.Game{Game, Flowish} {
		rulestest.PlayoutsDoNotAllocate(t, start(t, g, ""))
	}
}
