package mabi

import (
	"math/rand/v2"
	"testing"

	"koma/rules"
	"koma/rules/ai"
	"koma/rules/rulestest"
)

// TestEvaluate checks the evaluation's contract on the positions of random games.
func TestEvaluate(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if s.over {
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
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		O O O . . o . o`, 0)
	if v := s.Evaluate(0); v <= 0 {
		t.Errorf("White's group of three against lone pieces: %v", v)
	}
}

func TestRandomMoveAgrees(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			rulestest.RandomMoveAgrees(t, s, seed)
		})
	}
}

func TestPlayoutsDoNotAllocate(t *testing.T) {
	root := start(t)
	work := *root
	rng := rand.New(rand.NewPCG(1, 2))
	allocs := testing.AllocsPerRun(20, func() {
		work = *root
		for {
			m, ok := work.RandomMove(rng)
			if !ok {
				break
			}
			work.Apply(m)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per RandomMove playout", allocs)
	}
	var st rules.State = root.Clone()
	buf := make([]rules.Move, 0, 256)
	allocs = testing.AllocsPerRun(20, func() {
		st.CopyFrom(root)
		_, _, buf = ai.Playout(st, rng, buf)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per ai.Playout", allocs)
	}
}
