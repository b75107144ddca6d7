package squish

import (
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

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

// TestEvaluate checks the learned evaluation along random games of every preset (which
// searches use it is the game card's Tuning, pinned by rules/ai's tuning golden): it is
// antisymmetric, strictly between -1 and 1, and even wherever it has no weights; and the
// steps sideMoves counts for the player to move are that player's legal moves.
func TestEvaluate(t *testing.T) {
	for _, g := range []*rules.Game{Game, Flowish} {
		for _, p := range g.Presets {
			s0 := start(t, g, p)
			fitted := (g == Game && s0.v.Size == 4) || (g == Flowish && s0.v.Size == 5)
			for seed := uint64(1); seed <= 5; seed++ {
				rulestest.WalkRandomGame(t, start(t, g, p), seed, func(s *State) {
					if s.Over {
						return
					}
					if s.v.tor != nil {
						var mv [6]uint64
						s.sideMoves(s.tocc[s.Turn], &mv)
						if mv != s.tmoves {
							t.Fatalf("%s %s: sideMoves %v, the moves %v", g.ID, p, mv, s.tmoves)
						}
					}
					a, b := s.Evaluate(0), s.Evaluate(1)
					if a != -b || a <= -1 || a >= 1 || (!fitted && a != 0) {
						t.Fatalf("%s %s: Evaluate %v and %v", g.ID, p, a, b)
					}
				})
			}
		}
	}
}

// TestUnifyingStepWins checks that the evaluation sees the rulebook's win coming: a player
// to move with a step that unifies its pieces is judged far ahead, and the other player,
// holding that step while not to move, far less so.
func TestUnifyingStepWins(t *testing.T) {
	s := start(t, Game, "")
	mine, theirs := s.sideFeatures(s.Turn), s.sideFeatures(s.Turn.Other())
	before := winChance(squishWeights[:], mine[:], theirs[:])
	mine[8] = 1
	if w := winChance(squishWeights[:], mine[:], theirs[:]); w < 0.9 || w <= before {
		t.Errorf("with a unifying step the player to move wins with chance %v (%v without), want 0.9 or more", w, before)
	}
	mine[8], theirs[8] = 0, 1
	if w := winChance(squishWeights[:], mine[:], theirs[:]); w >= before {
		t.Errorf("with the other player holding a unifying step the player to move wins with chance %v, want less than %v", w, before)
	}
}
