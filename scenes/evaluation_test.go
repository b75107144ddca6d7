package scenes

import (
	"maps"
	"testing"

	"koma/rules"
	"koma/rules/ai"
)

// TestEvaluationKeepsJudgements checks what a search's result does to the balance bar: a
// value from the mover's side turned to player 0's, clamped, and none from the searches
// that judge nothing; settling falls back on the nearest earlier judgement.
func TestEvaluationKeepsJudgements(t *testing.T) {
	tests := []struct {
		name   string
		before map[int]float64
		n      int
		mover  rules.Player
		stats  ai.Stats
		settle bool
		want   map[int]float64
	}{
		{"player 0 judged", nil, 3, 0, ai.Stats{Engine: "mcts", Value: 0.7}, false, map[int]float64{3: 0.7}},
		{"player 1 judged", nil, 3, 1, ai.Stats{Engine: "mcts", Value: 0.7}, false, map[int]float64{3: 1 - 0.7}},
		{"a value out of range", nil, 2, 0, ai.Stats{Engine: "alphabeta", Value: 1.4}, false, map[int]float64{2: 1}},
		{"the Beginner", nil, 2, 0, ai.Stats{Engine: "beginner", Value: 0.9}, false, map[int]float64{}},
		{"a named move", map[int]float64{1: 0.2}, 2, 0, ai.Stats{Engine: "named"}, false, map[int]float64{1: 0.2}},
		{"no search", nil, 2, 0, ai.Stats{}, false, map[int]float64{}},
		{"settled with nothing judged", map[int]float64{1: 0.2}, 4, 0, ai.Stats{Engine: "beginner"}, true, map[int]float64{1: 0.2, 4: 0.2}},
		{"settled with nothing ever judged", nil, 4, 1, ai.Stats{}, true, map[int]float64{4: 0.5}},
		{"settled with a judgement", map[int]float64{1: 0.2}, 4, 0, ai.Stats{Engine: "mcts", Value: 0.6}, true, map[int]float64{1: 0.2, 4: 0.6}},
		{"a judgement replaced", map[int]float64{4: 0.1}, 4, 0, ai.Stats{Engine: "mcts", Value: 0.6}, false, map[int]float64{4: 0.6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEvaluation()
			maps.Copy(e.evals, tt.before)
			if tt.settle {
				e.settleEvalAt(tt.n, tt.mover, tt.stats)
			} else {
				e.noteEvalAt(tt.n, tt.mover, tt.stats)
			}
			if len(e.evals) != len(tt.want) {
				t.Fatalf("judgements %v, want %v", e.evals, tt.want)
			}
			for n, v := range tt.want {
				if got, ok := e.evals[n]; !ok || got-v > 1e-9 || v-got > 1e-9 {
					t.Errorf("judgements %v, want %v", e.evals, tt.want)
				}
			}
		})
	}
}

// TestEvaluationShareAndForget checks the share the bar shows for positions not judged
// themselves, and that positions taken back are forgotten.
func TestEvaluationShareAndForget(t *testing.T) {
	e := newEvaluation()
	maps.Copy(e.evals, map[int]float64{1: 0.3, 4: 0.8, 6: 0.1})
	for n, want := range map[int]float64{0: 0.5, 1: 0.3, 3: 0.3, 4: 0.8, 5: 0.8, 9: 0.1} {
		if got := e.evalShare(n); got != want {
			t.Errorf("share after %d decisions %v, want %v", n, got, want)
		}
	}
	e.analysing = 6
	e.reset(4)
	if e.analysing != live || len(e.evals) != 2 || e.evals[4] != 0.8 {
		t.Errorf("after taking back to 4: judgements %v, analysing %d", e.evals, e.analysing)
	}
}

// TestEvaluationWants checks which position the idle runner judges next: the one on the
// board first, then, for a finished game under review, the first not yet judged.
func TestEvaluationWants(t *testing.T) {
	tests := []struct {
		name   string
		judged []int
		at     int
		all    bool
		want   int
		wantOK bool
	}{
		{"the position on the board", nil, 5, false, 5, true},
		{"the position on the board, judged", []int{5}, 5, false, 0, false},
		{"under review, the first not judged", []int{2, 3, 5}, 5, true, 4, true},
		{"under review, all judged", []int{2, 3, 4, 5, 6}, 5, true, 0, false},
		{"under review, the position on the board first", []int{2}, 5, true, 5, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEvaluation()
			for _, n := range tt.judged {
				e.evals[n] = 0.5
			}
			// The game was opened after 2 decisions and stands after 6.
			n, ok := e.want(tt.at, 2, 6, tt.all)
			if n != tt.want || ok != tt.wantOK {
				t.Errorf("want %d, %v; want %d, %v", n, ok, tt.want, tt.wantOK)
			}
		})
	}
}

// TestOutcomeShare checks player 0's share of a finished game.
func TestOutcomeShare(t *testing.T) {
	for _, tt := range []struct {
		winner rules.Player
		want   float64
	}{{0, 1}, {1, 0}, {rules.NoPlayer, 0.5}} {
		if got := outcomeShare(rules.Outcome{Winner: tt.winner}); got != tt.want {
			t.Errorf("winner %d: share %v, want %v", tt.winner, got, tt.want)
		}
	}
}
