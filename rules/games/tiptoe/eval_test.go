package tiptoe

import (
	"math/rand/v2"
	"testing"

	"koma/rules"
	"koma/rules/kit"
	"koma/rules/rulestest"
)

// TestEvaluate checks the evaluation's contract on the positions of random games, and that
// it prefers the side that reaches more points.
func TestEvaluate(t *testing.T) {
	for _, preset := range Game.Presets {
		for seed := uint64(1); seed <= 10; seed++ {
			rulestest.WalkRandomGame(t, start(t, preset), seed, func(s *State) {
				if s.Over {
					return
				}
				a, b := s.Evaluate(0), s.Evaluate(1)
				if a < -1 || a > 1 || a != -b {
					t.Fatalf("Evaluate %v and %v\n%s", a, b, rules.Text(s))
				}
			})
		}
	}
	// White's lone pieces in the open reach four points each, Black's in the corners two.
	s := placed(t, "", []string{"d4", "f6"}, []string{"a1", "h8"}, 0)
	if v := s.Evaluate(0); v <= 0 {
		t.Errorf("White reaches more and scores %v", v)
	}
}

func TestRandomMoveAgrees(t *testing.T) {
	for _, preset := range Game.Presets {
		for seed := uint64(1); seed <= 20; seed++ {
			rulestest.WalkRandomGame(t, start(t, preset), seed, func(s *State) {
				rulestest.RandomMoveAgrees(t, s, seed)
			})
		}
	}
}

func TestPlayoutsDoNotAllocate(t *testing.T) {
	for _, preset := range Game.Presets {
		rulestest.PlayoutsDoNotAllocate(t, start(t, preset))
	}
}

func TestSelectBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	for range 10000 {
		x := cells{Lo: rng.Uint64() & rng.Uint64(), Hi: rng.Uint64() & rng.Uint64() & (1<<57 - 1)}
		if x.Empty() {
			continue
		}
		k := rng.IntN(x.Count())
		y := x
		for range k {
			y = y.AndNot(kit.PairBit(y.Lowest()))
		}
		if got, want := x.Select(k), y.Lowest(); got != want {
			t.Fatalf("nth(%x, %d) = %d, want %d", x, k, got, want)
		}
	}
}
