package mabi

import (
	"testing"

	"koma/rules"
	"koma/rules/board"
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

func TestPlayoutsDoNotAllocate(t *testing.T) { rulestest.PlayoutsDoNotAllocate(t, start(t)) }

// TestEvaluateForcedPass checks that the evaluation sees a player about to run out of
// steps: such a player must pass and then watches the other move alone.
func TestEvaluateForcedPass(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		steps   int // White's steps
	}{
		// White's group of three is the single largest and frozen; the lone piece on a8
		// is walled in, so White's only turn is a pass, after which Black brings its lone
		// pieces to its pair.
		{name: "walled in", diagram: `
		O o . . . . . .
		o . . . . . . .
		. . . . . . . .
		. . . . . o . .
		. . . . . . . .
		. . . o . . . .
		. . . . . . o .
		O O O . . . o .`, steps: 0},
		// The same with Black's piece on b8 moved away: White can still step.
		{name: "room to step", diagram: `
		O . . . . . . .
		o . . . . . . .
		. . . . . . . .
		. . . . . o . o
		. . . . . . . .
		. . . o . . . .
		. . . . . . o .
		O O O . . . o .`, steps: 1},
	}
	var vals []float64
	for _, tc := range tests {
		s := position(t, tc.diagram, 0)
		if n := s.steps(0); n != tc.steps {
			t.Fatalf("%s: White has %d steps, want %d", tc.name, n, tc.steps)
		}
		vals = append(vals, s.Evaluate(0))
	}
	if vals[0] >= vals[1] {
		t.Errorf("walled in %.3f, not below room to step %.3f", vals[0], vals[1])
	}
}

// TestStepsCountsRepetition checks that steps leaves out the steps the repetition rule
// bars, for the player not to move as well.
func TestStepsCountsRepetition(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . o
		O . . . . . . .`, 0)
	// White's a1 and Black's h2 walk away and back, and White walks away once more: the
	// boards after a1-a2 h2-h3 and after h3-h2 have then occurred twice, so White's
	// a1-a2 and Black's h3-h2 are barred.
	line := []string{"a1", "a2", "h2", "h3", "a2", "a1", "h3", "h2", "a1", "a2", "h2", "h3", "a2", "a1"}
	for i := 0; i < len(line); i += 2 {
		m := rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{sq(line[i]), sq(line[i+1])}}
		if err := rules.Play(s, m); err != nil {
			t.Fatal(err)
		}
	}
	if n := s.steps(1); n != 2 {
		t.Errorf("Black to move has %d steps, want 2 (h3-h4, h3-g3)", n)
	}
	if n := len(s.LegalMoves(nil)) - 1; n != 2 {
		t.Errorf("Black has %d legal steps, want 2", n)
	}
	if n := s.steps(0); n != 1 {
		t.Errorf("White not to move has %d steps, want 1 (a1-b1)", n)
	}
}
