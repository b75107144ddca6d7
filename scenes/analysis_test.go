package scenes

import (
	"math"
	"testing"

	"koma/app/match"
)

// TestClassify checks the marks' thresholds, their edges, and that a turn that played the
// analysis's own best move is never marked.
func TestClassify(t *testing.T) {
	tests := []struct {
		drop float64
		left bool
		want markKind
	}{
		{0, true, markNone},
		{-0.4, true, markNone},
		{0.099, true, markNone},
		{0.10, true, markInaccuracy},
		{0.3 - 0.1, true, markMistake}, // 0.19999999999999998: a float's hair below
		{0.25, true, markMistake},
		{0.30, true, markBlunder},
		{0.95, true, markBlunder},
		{0.95, false, markNone},
		{0.15, false, markNone},
	}
	for _, tt := range tests {
		if got := classify(tt.drop, tt.left); got != tt.want {
			t.Errorf("classify(%v, %v) = %v, want %v", tt.drop, tt.left, got, tt.want)
		}
	}
}

// TestResolveShares checks the shares the graph and the marks are drawn from: a searched
// position keeps its own, a forced one takes the next searched one's, and a forced one
// at the end of what is judged so far waits for it.
func TestResolveShares(t *testing.T) {
	j := func(v float64) posJudgement { return posJudgement{done: true, judged: true, share: v} }
	forced := posJudgement{done: true}
	todo := posJudgement{}
	tests := []struct {
		name  string
		res   []posJudgement
		floor int
		want  []float64
	}{
		{"nothing judged", []posJudgement{todo, todo}, 0, []float64{}},
		{"all searched", []posJudgement{j(0.5), j(0.6), j(0.2)}, 0, []float64{0.5, 0.6, 0.2}},
		{"a prefix", []posJudgement{j(0.5), j(0.6), todo, j(0.1)}, 0, []float64{0.5, 0.6}},
		{"forced takes the next", []posJudgement{j(0.5), forced, forced, j(0.8)}, 0, []float64{0.5, 0.8, 0.8, 0.8}},
		{"forced waits for the next", []posJudgement{j(0.5), forced, todo}, 0, []float64{0.5}},
		{"forced at the very end takes the last", []posJudgement{j(0.5), j(0.7), forced}, 0, []float64{0.5, 0.7, 0.7}},
		{"forced from the start, nothing searched", []posJudgement{forced}, 0, []float64{0.5}},
		{"a floor", []posJudgement{todo, todo, j(0.4), j(0.3)}, 2, []float64{0.5, 0.5, 0.4, 0.3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := resolveShares(tt.res, tt.floor)
			if len(got) != len(tt.want) {
				t.Fatalf("shares %v, want %v", got, tt.want)
			}
			for i := range got {
				if math.Abs(got[i]-tt.want[i]) > 1e-9 {
					t.Fatalf("shares %v, want %v", got, tt.want)
				}
			}
		})
	}
}

// TestJudgeTurns judges a small game: drops are taken per turn from the mover's side, a
// turn of several decisions from its first to its last, a turn whose end is not judged
// yet is unknown, and a turn that played the best move throughout is not marked.
func TestJudgeTurns(t *testing.T) {
	turns := []match.Turn{
		{First: 0, End: 1, Mover: 0}, // 0.50 → 0.45: player 0 lost 5 points
		{First: 1, End: 2, Mover: 1}, // 0.45 → 0.80: player 1 lost 35
		{First: 2, End: 4, Mover: 0}, // 0.80 → 0.55 over two decisions: lost 25
		{First: 4, End: 5, Mover: 1}, // 0.55 → 0.70: lost 15, but it was the best move
		{First: 5, End: 6, Mover: 0}, // 0.70 → 0.58: lost 12
		{First: 6, End: 7, Mover: 1}, // not judged yet
	}
	shares := []float64{0.5, 0.45, 0.8, 0.9, 0.55, 0.7, 0.58}
	best := map[int]bool{4: true} // the decisions that were the analysis's best move
	left := func(first, end int) int {
		for d := first; d < end; d++ {
			if !best[d] {
				return d
			}
		}
		return -1
	}
	want := []turnJudgement{
		{known: true, drop: 0.05, mark: markNone, at: 0},
		{known: true, drop: 0.35, mark: markBlunder, at: 1},
		{known: true, drop: 0.25, mark: markMistake, at: 2},
		{known: true, drop: 0.15, mark: markNone, at: -1},
		{known: true, drop: 0.12, mark: markInaccuracy, at: 5},
		{known: false, at: -1},
	}
	got := judgeTurns(turns, shares, left)
	for i := range want {
		g, w := got[i], want[i]
		if g.known != w.known || g.mark != w.mark || g.at != w.at || math.Abs(g.drop-w.drop) > 1e-9 {
			t.Errorf("turn %d: %+v, want %+v", i, g, w)
		}
	}
}

// TestAnalysisSync checks that the analysis keeps only the judgements of positions the
// match still has: taking a decision back and playing another forgets the positions after
// it, and the search out for one of them.
func TestAnalysisSync(t *testing.T) {
	m := playedMatch(t, "konane:size=6", 6, 3)
	a := newGameAnalysis()
	a.ask(m)
	for n := 0; n <= m.Len(); n++ {
		a.record(n, posJudgement{judged: true, share: 0.5})
	}
	a.pending = 6
	if a.sync(m); !a.covers(m) || a.stale {
		t.Fatal("an unchanged match lost its judgements")
	}
	if err := m.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := m.Undo(); err != nil {
		t.Fatal(err)
	}
	legal := m.State().LegalMoves(nil)
	if err := m.Play(legal[len(legal)-1]); err != nil {
		t.Fatal(err)
	}
	replaced := m.Move(4) != a.moves[4]
	if a.sync(m); !a.stale || a.pending != live {
		t.Error("the search for a position taken back was kept")
	}
	for n := 0; n <= m.Len(); n++ {
		want := n <= 4 || !replaced
		if a.res[n].done != want {
			t.Errorf("after replacing decision 5: position %d judged %v, want %v", n, a.res[n].done, want)
		}
	}
	if a.until > m.Len() {
		t.Errorf("the analysis still reaches %d of %d decisions", a.until, m.Len())
	}
}
