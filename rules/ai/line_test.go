package ai

import (
	"testing"

	"koma/rules"
)

// TestLineIsLegal replays the line of every engine from its root: each move must be
// legal where it is played, the line must start with Best and respect its bound.
func TestLineIsLegal(t *testing.T) {
	empty := func() rules.State { return newTTT(".../.../...", 0, 1, 1) }
	tests := []struct {
		name    string
		root    func() rules.State
		set     Setting
		max     int
		atLeast int // how long the line must be after the work, to show it goes past Best
	}{
		{"tree plain", empty, Setting{Level: Normal, Plain: true}, 4, 2},
		{"tree tuned with evaluation", func() rules.State { return withEval(empty(), tttEval) }, Setting{Level: Normal, Engine: rules.TreeEngine}, 4, 2},
		{"alpha-beta", func() rules.State { return withEval(empty(), tttEval) }, Setting{Level: Normal, Engine: rules.AlphaBetaEngine}, 5, 2},
		{"alpha-beta proven", func() rules.State { return withEval(newTTT("xx./oo./...", 0, 1, 1), tttEval) }, Setting{Level: Normal, Engine: rules.AlphaBetaEngine}, 3, 1},
		{"beginner", empty, Setting{Level: Beginner}, 4, 1},
		{"two placements per turn", func() rules.State { return newTTT(".../.../...", 0, 2, 1) }, Setting{Level: Normal, Plain: true}, 6, 2},
		{"race", func() rules.State { return newRace(30, raceCard(30, 100)) }, Setting{Level: Normal}, 8, 2},
		{"bound of one", empty, Setting{Level: Normal, Plain: true}, 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := tc.root()
			s := NewSearchFor(root, tc.set, 7)
			if got := s.Line(0); len(got) != 0 {
				t.Errorf("Line(0) = %d moves, want none", len(got))
			}
			s.StepIterations(3000)
			line := s.Line(tc.max)
			if len(line) < tc.atLeast || len(line) > tc.max {
				t.Fatalf("line of %d moves, want %d to %d", len(line), tc.atLeast, tc.max)
			}
			if line[0] != s.Best() {
				t.Errorf("line starts with %v, Best is %v", line[0], s.Best())
			}
			st := root.Clone()
			for i, m := range line {
				if err := rules.Play(st, m); err != nil {
					t.Fatalf("move %d of the line: %v", i+1, err)
				}
			}
		})
	}
}

func TestLineOfFinishedGame(t *testing.T) {
	for _, set := range []Setting{{Level: Beginner}, {Level: Normal}} {
		if got := NewSearchFor(finishedNim(), set, 1).Line(5); got != nil {
			t.Errorf("%v: line of a finished game = %v, want nil", set, got)
		}
	}
}
