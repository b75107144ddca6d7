package turkish

import (
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// TestEvaluate checks the evaluation's contract on the positions of random games: within
// [-1, 1] and antisymmetric; and that material decides its sign.
func TestEvaluate(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if s.Over {
				return
			}
			a, b := s.Evaluate(0), s.Evaluate(1)
			if a < -1 || a > 1 || a != -b {
				t.Fatalf("Evaluate %v and %v\n%s", a, b, rules.Text(s))
			}
		})
	}
	s := position(t, `
		. . . . . . . .
		. . . . o . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. O . . . . . .
		K . . . . . . .`, 1)
	if v := s.Evaluate(0); v <= 0 {
		t.Errorf("a king and a man against a man: %v for White", v)
	}
}

func TestRandomMoveAgrees(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			rulestest.RandomMoveAgrees(t, s, seed)
		})
	}
}

func TestPlayoutsDoNotAllocate(t *testing.T) { rulestest.PlayoutsDoNotAllocate(t, start(t)) }
