package mabi

import (
	"cmp"
	"testing"

	"koma/rules"
	"koma/rules/board"
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

// TestEvaluateMobility checks the race for steps before any pass: the player with more
// steps is ahead when the groups are alike, because the one who runs out first must pass
// and let the other gather, and the race counts for nothing when no free piece is left to
// gather.
func TestEvaluateMobility(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		steps   [2]int
		sign    int // of White's evaluation
	}{
		{name: "lone pieces only", diagram: `
		. . . . . . . o
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . O . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .`, steps: [2]int{4, 2}, sign: 0},
		{name: "pairs and a free piece each, in corners", diagram: `
		o . . . . . o o
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		O . . . . . . .
		O . . . . . . O`, steps: [2]int{5, 5}, sign: 0},
		{name: "White's free piece in the open", diagram: `
		o . . . . . o o
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . O . . . .
		. . . . . . . .
		O . . . . . . .
		O . . . . . . .`, steps: [2]int{7, 5}, sign: 1},
		// White has two free pieces to Black's one, which alone would put White ahead
		// (+0.11), but Black's pair in the open has the more steps (-0.18).
		{name: "more to gather, fewer steps", diagram: `
		O . . . . o . .
		. . . . . . . .
		. . . . . . . .
		. . . o o . . .
		. . . . . . . .
		. . . . . . . .
		O . . . . . . .
		O . . . . . . O`, steps: [2]int{7, 9}, sign: -1},
	}
	for _, tc := range tests {
		s := position(t, tc.diagram, 0)
		if got := [2]int{s.steps(0), s.steps(1)}; got != tc.steps {
			t.Fatalf("%s: steps %v, want %v", tc.name, got, tc.steps)
		}
		v := s.Evaluate(0)
		if sign := cmp.Compare(v, 0); sign != tc.sign {
			t.Errorf("%s: Evaluate(White) = %.3f, want sign %d", tc.name, v, tc.sign)
		}
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

// TestConcede checks when a player moving alone gives up: after soloPatience turns in a
// row without their largest group growing, and not before; a growth starts the count
// again, and nobody concedes before a pass.
func TestConcede(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . o
		. . . . . . . .
		. . O O O . . .
		o . . . . . . o`, 0)
	if _, ok := s.NamedMove(); ok {
		t.Fatal("conceded before any pass")
	}
	play := func(moves ...string) {
		t.Helper()
		for _, text := range moves {
			m, err := rules.ParseMove(s, text)
			if err != nil {
				t.Fatal(err)
			}
			if err := rules.Play(s, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	play("pass")
	// Black walks a1 up and down: no group grows.
	walk := []string{"a1-a2", "a2-a3", "a3-a4", "a4-a5", "a5-a6", "a6-a7", "a7-a8", "a8-a7"}
	for i, text := range walk {
		if _, ok := s.NamedMove(); ok {
			t.Fatalf("conceded after %d turns without growth", i)
		}
		play(text)
	}
	if m, ok := s.NamedMove(); !ok || m.Kind != rules.Pass {
		t.Fatalf("NamedMove after %d turns without growth = %v, %v; want a pass", len(walk), m, ok)
	}
	// h4 joins h1's way: h4-h3, h3-h2 makes a pair, which is growth.
	play("h4-h3", "h3-h2")
	if _, ok := s.NamedMove(); ok {
		t.Fatal("conceded right after the group grew")
	}
}

// TestSoloGrowthKept checks the kept record of the lone mover's growth against the sizes of
// the positions since the pass, over random games.
func TestSoloGrowthKept(t *testing.T) {
	solos := 0
	for seed := uint64(1); seed <= 40; seed++ {
		best, grown := -1, 0
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if s.Over || s.lock != s.Turn.Other() {
				best = -1
				return
			}
			n, _ := s.Largest(s.Turn)
			if best < 0 {
				best, grown = n, int(s.turns)
				solos++
			} else if n > best {
				best, grown = n, int(s.turns)
			}
			if int(s.soloSize) != best || int(s.soloGrown) != grown {
				t.Fatalf("seed %d, turn %d: kept %d at turn %d, recomputed %d at turn %d", seed, s.turns, s.soloSize, s.soloGrown, best, grown)
			}
		})
	}
	if solos == 0 {
		t.Fatal("no random game had a player moving alone")
	}
}
