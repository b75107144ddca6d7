package halma

import (
	"math/rand/v2"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// TestEvaluate checks the evaluation's contract on the positions of random games.
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
	s := start(t)
	rulestest.Play(t, s, "d1-e2")
	if v := s.Evaluate(0); v <= 0 {
		t.Errorf("White's first step forward: %v", v)
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

// TestPlayoutMove checks the playout policy: it always names one of the moves, usually one
// that advances as far as any can, and it turns uniform playouts, which mostly end by the
// 30-turn rule, into races that mostly end with a goal filled.
func TestPlayoutMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	best, calls := 0, 0
	for seed := uint64(1); seed <= 10; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			moves := s.LegalMoves(nil)
			if len(moves) == 0 {
				return
			}
			i := s.PlayoutMove(moves, rng)
			if i < 0 || i >= len(moves) {
				t.Fatalf("PlayoutMove returned %d of %d moves", i, len(moves))
			}
			top := advance(s.Turn, moves[0])
			for _, m := range moves {
				top = max(top, advance(s.Turn, m))
			}
			calls++
			if advance(s.Turn, moves[i]) == top {
				best++
			}
		})
	}
	if share := float64(best) / float64(calls); share < 0.7 {
		t.Errorf("the policy chose a most-advancing move %d times in %d (%.0f%%), want at least 70%%", best, calls, 100*share)
	}

	tests := []struct {
		name   string
		policy bool
		// stalled bounds the share of the 200 playouts that end by the 30-turn rule.
		minStalled, maxStalled float64
	}{
		{"uniform", false, 0.9, 1},
		{"policy", true, 0, 0.2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 4))
			stalled := 0
			const games = 200
			for range games {
				s := start(t)
				var buf []rules.Move
				for !s.Over {
					buf = s.LegalMoves(buf[:0])
					i := rng.IntN(len(buf))
					if tc.policy {
						i = s.PlayoutMove(buf, rng)
					}
					s.Apply(buf[i])
				}
				if o, _ := s.Outcome(); o.Reason == "stalled" {
					stalled++
				}
			}
			if share := float64(stalled) / games; share < tc.minStalled || share > tc.maxStalled {
				t.Errorf("%.0f%% of the playouts ended by the 30-turn rule, want %.0f%% to %.0f%%", 100*share, 100*tc.minStalled, 100*tc.maxStalled)
			}
		})
	}
}
