package ai

import (
	"testing"

	"koma/rules"
)

// solvedNim is Nim with an oracle: the player to move loses exactly when the heap is a
// multiple of four. The winner takes heap%4 and then keeps the heap a multiple of four,
// so whatever the loser does each round of two turns removes four objects: the game lasts
// 1+2⌊h/4⌋ turns from a won heap and 2⌊h/4⌋ from a lost one. Its preparation takes prepSlices calls, counted in *prepared, which the
// clones share as a real game's table would be shared.
type solvedNim struct {
	*nim
	prepared *int
}

const prepSlices = 5

func newSolvedNim(heap int) *solvedNim { return &solvedNim{newNim(heap), new(int)} }

func (s *solvedNim) Clone() rules.State { return &solvedNim{s.nim.Clone().(*nim), s.prepared} }
func (s *solvedNim) CopyFrom(src rules.State) {
	s.nim.CopyFrom(src.(*solvedNim).nim)
	s.prepared = src.(*solvedNim).prepared
}

func (s *solvedNim) PrepareOracle() bool {
	if *s.prepared < prepSlices {
		*s.prepared++
	}
	return *s.prepared == prepSlices
}

func (s *solvedNim) Solve() (rules.Solution, bool) {
	if o, over := s.Outcome(); over {
		return rules.Solution{Winner: o.Winner}, true
	}
	if *s.prepared < prepSlices {
		return rules.Solution{}, false
	}
	if s.heap%4 != 0 {
		return rules.Solution{Winner: s.toMove, Turns: 1 + 2*(s.heap/4)}, true
	}
	return rules.Solution{Winner: s.toMove.Other(), Turns: 2 * (s.heap / 4)}, true
}

func TestOracleEngineChoice(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"auto takes the oracle", Config{}, "oracle"},
		{"oracle asked", Config{Engine: rules.OracleEngine}, "oracle"},
		{"tree asked", Config{Engine: rules.TreeEngine}, "mcts"},
		{"plain overrides the oracle", Config{Plain: true, Engine: rules.OracleEngine}, "plain"},
	}
	for _, tc := range tests {
		s := NewSearch(newSolvedNim(10), tc.cfg)
		s.StepIterations(10)
		if got := s.Stats().Engine; got != tc.want {
			t.Errorf("%s: engine %q, want %q", tc.name, got, tc.want)
		}
	}
	// Without an oracle, asking for it is asking for the default.
	s := NewSearch(newNim(10), Config{Engine: rules.OracleEngine})
	s.StepIterations(10)
	if got := s.Stats().Engine; got != "mcts" {
		t.Errorf("oracle asked of a game without one: engine %q", got)
	}
	if got := NewSearchFor(newSolvedNim(10), Beginner.Setting(), 1); got.Stats().Engine != "beginner" {
		t.Errorf("the Beginner plays %q on a solved game, want its own way", got.Stats().Engine)
	}
}

// TestOraclePlaysPerfectly checks Expert's choice, its statistics and the verdict in every
// Nim position up to 40 objects: a win is taken fastest, and a lost position is held as
// long as possible.
func TestOraclePlaysPerfectly(t *testing.T) {
	for heap := 1; heap <= 40; heap++ {
		st := newSolvedNim(heap)
		s := NewSearchFor(st, Expert.Setting(), uint64(heap))
		if s.StepIterations(prepSlices - 1) {
			t.Fatalf("heap %d: done before the oracle was prepared", heap)
		}
		if !rules.IsLegal(st, s.Best()) {
			t.Fatalf("heap %d: illegal move before the oracle was ready", heap)
		}
		if !s.StepIterations(1) {
			t.Fatalf("heap %d: not done once the oracle was prepared", heap)
		}
		take := int(s.Best().Tag)
		stats := s.Stats()
		wins := heap%4 != 0
		// From a lost heap every move loses in the same number of turns.
		if wins && take != heap%4 {
			t.Errorf("heap %d: took %d, want %d", heap, take, heap%4)
		}
		wantValue := 0.0
		if wins {
			wantValue = 1
		}
		if stats.Engine != "oracle" || !stats.Solved || stats.Value != wantValue {
			t.Errorf("heap %d: stats %+v", heap, stats)
		}
		v := stats.Verdict
		wantTurns := 2 * (heap / 4)
		wantWinner := rules.Player(1)
		if wins {
			wantTurns, wantWinner = wantTurns+1, 0
		}
		if !v.Known || v.Winner != wantWinner || v.Turns != wantTurns || v.Reason != "last-object" {
			t.Errorf("heap %d: verdict %+v, want %d wins in %d", heap, v, wantWinner, wantTurns)
		}
		if v != Solve(st) {
			t.Errorf("heap %d: Solve %+v, search %+v", heap, Solve(st), v)
		}
		line := s.Line(100)
		if len(line) != wantTurns || line[0] != s.Best() {
			t.Errorf("heap %d: line of %d moves, want %d starting with the best", heap, len(line), wantTurns)
		}
	}
}

// TestBlunderRate checks that a level errs as often as its Blunder says, only into worse
// moves, and never where every move is as good as the best.
func TestBlunderRate(t *testing.T) {
	const n = 4000
	for _, blunder := range []float64{0, 0.12, 0.3} {
		errs := 0
		for seed := uint64(0); seed < n; seed++ {
			s := NewSearch(newSolvedNim(9), Config{Seed: seed, Blunder: blunder})
			s.StepIterations(100)
			if s.Best().Tag != 1 {
				errs++
				if s.Stats().Value != 0 {
					t.Fatalf("an error valued %v", s.Stats().Value)
				}
			}
		}
		if got := float64(errs) / n; got < blunder-0.03 || got > blunder+0.03 {
			t.Errorf("blunder %v: %v of the moves were errors", blunder, got)
		}
	}
	// From a heap of 1 the only move wins: nothing to get wrong.
	for seed := uint64(0); seed < 50; seed++ {
		s := NewSearch(newSolvedNim(1), Config{Seed: seed, Blunder: 1})
		s.StepIterations(100)
		if s.Best().Tag != 1 {
			t.Fatal("no move to err with, yet an error")
		}
	}
}

func TestLevelBlunders(t *testing.T) {
	if levelBlunder[Expert] != 0 {
		t.Error("Expert errs")
	}
	for l := Easy; l < Expert; l++ {
		if !(levelBlunder[l] > levelBlunder[l+1]) {
			t.Errorf("%s errs no more often than %s", l, l+1)
		}
	}
	if got := HintSetting(newSolvedNim(5)); got != Expert.Setting() {
		t.Errorf("hint setting %v for a solved game", got)
	}
	if got := HintSetting(newNim(5)); got != Normal.Setting() {
		t.Errorf("hint setting %v for an unsolved game", got)
	}
}

func TestSolveWithoutOracle(t *testing.T) {
	if v := Solve(newNim(7)); v.Known {
		t.Errorf("verdict %+v for a game without an oracle", v)
	}
	if v := Solve(newSolvedNim(7)); v.Known {
		t.Errorf("verdict %+v before the oracle was prepared", v)
	}
	if line := PerfectLine(newSolvedNim(7), 5); line != nil {
		t.Errorf("line %v before the oracle was prepared", line)
	}
	st := newSolvedNim(7)
	for !PrepareOracle(st) {
	}
	if v := Solve(st); !v.Known || v.Winner != 0 || v.Turns != 3 {
		t.Errorf("verdict %+v", v)
	}
	if PrepareOracle(newNim(3)) {
		t.Error("a game without an oracle reports one prepared")
	}
	v := Verdict{Known: true, Winner: 0, Turns: 5}
	if v.OwnTurns(0, 0) != 3 || v.OwnTurns(1, 0) != 2 {
		t.Errorf("own turns %d and %d of 5", v.OwnTurns(0, 0), v.OwnTurns(1, 0))
	}
}

// TestOracleStepIsShort checks that one call of the engine's work does only a few pieces
// of preparation, so that a Step with no budget left returns after them.
func TestOracleStepIsShort(t *testing.T) {
	s := NewSearch(newSolvedNim(10), Config{})
	if s.Step(0) {
		t.Fatal("done after one call")
	}
	if got := s.Stats().Iterations; got != oracleSlices {
		t.Errorf("%d pieces of preparation in one call, want %d", got, oracleSlices)
	}
	if !s.Step(0) {
		t.Error("not done after the preparation")
	}
}
