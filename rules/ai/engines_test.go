package ai

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

// evaluated gives a toy game an evaluation, which opens the way to alpha-beta and to the
// evaluation cut-off of tree search. Embedding the interface hides every other optional
// capability of the toy.
type evaluated struct {
	rules.State
	eval func(st rules.State, p rules.Player) float64
	// memoryless is what the toy claims through rules.Memoryless.
	memoryless bool
}

func withEval(st rules.State, eval func(rules.State, rules.Player) float64) *evaluated {
	return &evaluated{State: st, eval: eval, memoryless: true}
}

func (e *evaluated) Evaluate(p rules.Player) float64 { return e.eval(e.State, p) }
func (e *evaluated) FormatMove(m rules.Move) string  { return rules.FormatMove(e.State, m) }
func (e *evaluated) Memoryless() bool                { return e.memoryless }
func (e *evaluated) Clone() rules.State {
	c := *e
	c.State = e.State.Clone()
	return &c
}
func (e *evaluated) CopyFrom(src rules.State) { e.State.CopyFrom(src.(*evaluated).State) }

func zeroEval(rules.State, rules.Player) float64 { return 0 }

// tttEval counts the lines still open to each player, a classic tic-tac-toe heuristic.
func tttEval(st rules.State, p rules.Player) float64 {
	s := st.(*ttt)
	open := [2]int{}
	for _, l := range tttLines {
		var has [2]bool
		for _, c := range l {
			if o := s.cells[c]; o != rules.NoPlayer {
				has[o] = true
			}
		}
		for q := range 2 {
			if !has[1-q] {
				open[q]++
			}
		}
	}
	return float64(open[p]-open[1-p]) / 8
}

// solve returns the value of st for the player to move under perfect play, by whole-state
// search that never assumes the players alternate: 1 for a win, 0 for a draw, -1 for a loss.
func solve(st rules.State) int {
	p := st.ToMove()
	best := -2
	for _, m := range st.LegalMoves(nil) {
		c := st.Clone()
		c.Apply(m)
		if v := valueFor(c, p); v > best {
			best = v
		}
	}
	return best
}

// valueFor is the perfect-play value of st for p, whoever is to move.
func valueFor(st rules.State, p rules.Player) int {
	if o, over := st.Outcome(); over {
		switch o.Winner {
		case p:
			return 1
		case rules.NoPlayer:
			return 0
		}
		return -1
	}
	if st.ToMove() == p {
		return solve(st)
	}
	return -solve(st)
}

// proven converts a solved search's Stats.Value to a win, draw or loss.
func proven(v float64) int {
	switch v {
	case 1:
		return 1
	case 0:
		return -1
	}
	return 0
}

// solverPositions are small positions that a search can settle completely, among them
// turns of two decisions by the same player.
func solverPositions() []struct {
	name string
	st   rules.State
} {
	return []struct {
		name string
		st   rules.State
	}{
		{"ttt empty", newTTT(".../.../...", 0, 1, 1)},
		{"ttt threat", newTTT("x../oo./x..", 0, 1, 1)},
		{"ttt o to move", newTTT("x.o/xo./..x", 1, 1, 1)},
		{"ttt lost", newTTT("x.x/.o./o..", 1, 1, 1)},
		{"double empty", newTTT(".../.../...", 0, 2, 1)},
		{"double pair", newTTT("xo./.../..o", 0, 2, 2)},
		{"double mid-turn", newTTT("x../.o./...", 0, 2, 1)},
		{"double o", newTTT("xx./..o/...", 1, 2, 2)},
		{"nim 9", newNim(9)},
		{"nim 12", newNim(12)},
		{"nim 22", newNim(22)},
	}
}

func TestAlphaBetaMatchesMinimax(t *testing.T) {
	for _, tc := range solverPositions() {
		for _, eval := range []struct {
			name string
			f    func(rules.State, rules.Player) float64
		}{{"zero", zeroEval}, {"lines", tttEval}} {
			if _, isTTT := tc.st.(*ttt); !isTTT && eval.name == "lines" {
				continue
			}
			t.Run(tc.name+"/"+eval.name, func(t *testing.T) {
				want := solve(tc.st)
				st := withEval(tc.st, eval.f)
				for seed := uint64(1); seed <= 3; seed++ {
					s := NewSearch(st, Config{Seed: seed, Engine: rules.AlphaBetaEngine})
					if !s.StepIterations(2_000_000) {
						t.Fatalf("seed %d: not done after 2M positions: %+v", seed, s.Stats())
					}
					stats := s.Stats()
					if stats.Engine != "alphabeta" {
						t.Fatalf("engine %q", stats.Engine)
					}
					if !stats.Solved || proven(stats.Value) != want {
						t.Errorf("seed %d: stats %+v, perfect play gives %d", seed, stats, want)
					}
					// The chosen move must keep the perfect-play value.
					c := st.Clone()
					if err := rules.Play(c, s.Best()); err != nil {
						t.Fatal(err)
					}
					if got := valueFor(c, st.ToMove()); got != want {
						t.Errorf("seed %d: %s is worth %d, the position %d", seed, rules.FormatMove(st, s.Best()), got, want)
					}
				}
			})
		}
	}
}

func TestTreeSolverMatchesMinimax(t *testing.T) {
	for _, tc := range solverPositions() {
		t.Run(tc.name, func(t *testing.T) {
			want := solve(tc.st)
			for _, plain := range []bool{false, true} {
				s := NewSearch(tc.st, Config{Seed: 1, Plain: plain})
				s.StepIterations(200_000)
				stats := s.Stats()
				if !stats.Solved {
					// The solver may need more iterations than a test can afford; what it
					// has proven must still be right.
					continue
				}
				if proven(stats.Value) != want {
					t.Errorf("plain %v: stats %+v, perfect play gives %d", plain, stats, want)
				}
			}
		})
	}
}

// TestFastestWin plays won positions to the end and checks that the exact engines win in
// as few decisions as perfect play allows: a solver that took any proven win could put the
// win off forever in games that allow it.
func TestFastestWin(t *testing.T) {
	tests := []struct {
		name  string
		st    rules.State
		turns int // decisions of the winner, perfect play
	}{
		{"ttt two ways to win", newTTT("xx./oo./x..", 0, 1, 1), 1},
		{"double win now", newTTT("x../.../oo.", 0, 2, 2), 2},
	}
	for _, tc := range tests {
		for _, e := range []rules.Engine{rules.TreeEngine, rules.AlphaBetaEngine} {
			t.Run(fmt.Sprintf("%s/%d", tc.name, e), func(t *testing.T) {
				st := withEval(tc.st.Clone(), zeroEval)
				p := st.ToMove()
				mine := 0
				for seed := uint64(1); st.ToMove() != rules.NoPlayer; seed++ {
					s := NewSearch(st, Config{Seed: seed, Engine: e})
					s.StepIterations(20000)
					if st.ToMove() == p {
						mine++
					}
					if err := rules.Play(st, s.Best()); err != nil {
						t.Fatal(err)
					}
				}
				if o, _ := st.Outcome(); o.Winner != p || mine != tc.turns {
					t.Errorf("winner %d after %d decisions of ours, want %d after %d", o.Winner, mine, p, tc.turns)
				}
			})
		}
	}
}

func TestSameSeedSameSearchAllEngines(t *testing.T) {
	tests := []struct {
		name       string
		cfg        Config
		st         rules.State
		iterations int
	}{
		{"alphabeta ttt", Config{Engine: rules.AlphaBetaEngine}, withEval(newTTT(".../.../...", 0, 1, 1), tttEval), 3000},
		{"alphabeta double", Config{Engine: rules.AlphaBetaEngine}, withEval(newTTT(".../.../...", 0, 2, 1), tttEval), 3000},
		{"alphabeta nim", Config{Engine: rules.AlphaBetaEngine}, withEval(newNim(60), zeroEval), 5000},
		{"tree cut-off ttt", Config{}, withEval(newTTT(".../.../...", 0, 1, 1), tttEval), 2000},
		{"tree noisy race", Config{Noise: 0.5}, withEval(newRace(300, raceCard(300, 400)), zeroEval), 300},
		{"plain ttt", Config{Plain: true}, newTTT(".../.../...", 0, 1, 1), 2000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 3; seed++ {
				cfg := tc.cfg
				cfg.Seed, cfg.Iterations = seed, tc.iterations
				a := NewSearch(tc.st, cfg)
				a.StepIterations(tc.iterations)
				b := NewSearch(tc.st, cfg)
				for !b.Step(30 * time.Microsecond) {
				}
				c := NewSearch(tc.st, cfg)
				for !c.StepIterations(7) {
				}
				if a.Best() != b.Best() || a.Stats() != b.Stats() || a.Best() != c.Best() || a.Stats() != c.Stats() {
					t.Errorf("seed %d: in one go %+v, in time slices %+v, in 7s %+v", seed, a.Stats(), b.Stats(), c.Stats())
				}
			}
		})
	}
}

// TestAlphaBetaStepBudgetVirtual checks alpha-beta's slicing on a virtual clock: past the
// deadline a Step may finish the quantum of positions it is in, and no more.
func TestAlphaBetaStepBudgetVirtual(t *testing.T) {
	clock := &virtualClock{now: time.Unix(0, 0), perMove: time.Microsecond}
	root := withEval(&ticking{newNim(200), clock}, zeroEval)
	// Without the table's reuse of values, Nim from 200 is far too big to solve.
	root.memoryless = false
	s := NewSearch(root, Config{Seed: 1, Engine: rules.AlphaBetaEngine})
	s.now = func() time.Time { return clock.now }
	var worst time.Duration
	for i := range 300 {
		start := clock.now
		if s.Step(300 * time.Microsecond) {
			t.Fatalf("slice %d: done in a position with a choice", i)
		}
		worst = max(worst, clock.now.Sub(start)-300*time.Microsecond)
	}
	if allowed := time.Duration(quantum) * clock.perMove; worst > allowed {
		t.Errorf("a slice overran by %v, allowed %v", worst, allowed)
	}
	if s.Stats().Depth == 0 {
		t.Error("no iteration completed")
	}
}

// TestTableNeedsMemoryless searches Nim with and without the claim that the hash tells
// everything: reusing values across transpositions must save work and change nothing.
func TestTableNeedsMemoryless(t *testing.T) {
	for _, heap := range []int{10, 13, 17} {
		var nodes [2]int
		for i, memoryless := range []bool{false, true} {
			st := withEval(newNim(heap), zeroEval)
			st.memoryless = memoryless
			s := NewSearch(st, Config{Seed: 1, Engine: rules.AlphaBetaEngine})
			if !s.StepIterations(5_000_000) {
				t.Fatalf("heap %d: not solved", heap)
			}
			if got, want := proven(s.Stats().Value), solve(newNim(heap)); got != want {
				t.Errorf("heap %d memoryless %v: value %d, want %d", heap, memoryless, got, want)
			}
			nodes[i] = s.Stats().Nodes
		}
		if nodes[1] >= nodes[0] {
			t.Errorf("heap %d: %d positions with the table trusted, %d without", heap, nodes[1], nodes[0])
		}
	}
}

// ---- Cycle: a toy whose hash leaves out the history that decides its results.
//
// A counter runs round 0, 1, 2. On each turn the player to move either steps it on or
// stops the game, which is then a draw. A step that brings a position (counter and player
// to move) about for the third time loses for the player who made it. Equal hashes thus
// have different futures, and a search that trusted its table across them would misjudge.

var cycleGame = &rules.Game{ID: "toy-cycle", Sides: twoSides(), Style: rules.Plain, MaxTurns: 100}

type cycle struct {
	k      int8
	toMove rules.Player
	winner rules.Player
	over   bool
	hist   rules.History[[128]uint64]
}

func newCycle() *cycle {
	c := &cycle{winner: rules.NoPlayer}
	c.hist.Push(c.Hash())
	return c
}

func (s *cycle) Game() *rules.Game        { return cycleGame }
func (s *cycle) Variant() rules.Options   { return nil }
func (s *cycle) Board() *board.Topology   { return nimBoard }
func (s *cycle) Clone() rules.State       { c := *s; return &c }
func (s *cycle) CopyFrom(src rules.State) { *s = *src.(*cycle) }
func (s *cycle) Hash() uint64             { return uint64(s.k)*2 + uint64(s.toMove&1) + 1 }
func (s *cycle) ComputeHash() uint64      { return s.Hash() }
func (s *cycle) AppendKey(dst []byte) []byte {
	dst = append(dst, byte(s.k), byte(s.toMove), byte(s.winner))
	return s.hist.AppendKey(dst)
}
func (s *cycle) Pieces(board.Site, []rules.Piece) []rules.Piece { return nil }
func (s *cycle) FormatMove(m rules.Move) string {
	if m.Tag == 1 {
		return "step"
	}
	return "stop"
}
func (s *cycle) MidTurn() bool { return false }

func (s *cycle) ToMove() rules.Player {
	if s.over {
		return rules.NoPlayer
	}
	return s.toMove
}
func (s *cycle) LegalMoves(dst []rules.Move) []rules.Move {
	if s.over {
		return dst
	}
	return append(dst, rules.Move{Kind: rules.Pass, Tag: 1}, rules.Move{Kind: rules.Pass, Tag: 2})
}
func (s *cycle) Apply(m rules.Move) {
	p := s.toMove
	if m.Tag == 2 {
		s.over = true
		return
	}
	s.k = (s.k + 1) % 3
	s.toMove = p.Other()
	s.hist.Push(s.Hash())
	if s.hist.Count(s.Hash()) >= 3 {
		s.over, s.winner = true, p.Other()
	}
}
func (s *cycle) Outcome() (rules.Outcome, bool) {
	if !s.over {
		return rules.Outcome{}, false
	}
	if s.winner == rules.NoPlayer {
		return rules.Outcome{Winner: rules.NoPlayer, Reason: "stopped"}, true
	}
	return rules.Outcome{Winner: s.winner, Reason: "repetition"}, true
}

// TestRepetitionIsRespected plays the cycle toy from every prefix of steps and checks that
// each engine finds the perfect-play value, which depends on the history, and never makes
// the step that loses by repetition.
func TestRepetitionIsRespected(t *testing.T) {
	for prefix := 0; prefix <= 9; prefix++ {
		base := newCycle()
		for range prefix {
			if base.ToMove() != rules.NoPlayer {
				base.Apply(rules.Move{Kind: rules.Pass, Tag: 1})
			}
		}
		if base.ToMove() == rules.NoPlayer {
			continue
		}
		want := solve(base)
		for _, e := range []rules.Engine{rules.AlphaBetaEngine, rules.TreeEngine} {
			st := withEval(base, zeroEval)
			st.memoryless = false
			s := NewSearch(st, Config{Seed: uint64(prefix), Engine: e})
			s.StepIterations(100000)
			c := st.Clone()
			if err := rules.Play(c, s.Best()); err != nil {
				t.Fatal(err)
			}
			if got := valueFor(c, st.ToMove()); got != want {
				t.Errorf("prefix %d engine %d: %s is worth %d, perfect play %d", prefix, e, rules.FormatMove(st, s.Best()), got, want)
			}
			if o, over := c.Outcome(); over && o.Reason == "repetition" && o.Winner != st.ToMove() {
				t.Errorf("prefix %d engine %d: walked into a repetition loss", prefix, e)
			}
		}
	}
}

// ---- The tree search's use of the evaluation.

// TestCutoffUsesEvaluation gives a long race an evaluation that always favours player 0.
// With the cut-off the search believes it; plain playouts to the end do not.
func TestCutoffUsesEvaluation(t *testing.T) {
	favour0 := func(_ rules.State, p rules.Player) float64 {
		if p == 0 {
			return 0.9
		}
		return -0.9
	}
	st := withEval(newRace(2000, raceCard(2000, 3000)), favour0)
	cut := NewSearch(st, Config{Seed: 1, Engine: rules.TreeEngine})
	cut.StepIterations(300)
	plain := NewSearch(st, Config{Seed: 1, Plain: true})
	plain.StepIterations(300)
	if v := cut.Stats().Value; v < 0.9 {
		t.Errorf("with the cut-off, value %v; the evaluation says 0.95", v)
	}
	if v := plain.Stats().Value; v > 0.7 || v < 0.3 {
		t.Errorf("plain playouts, value %v; a random race is even", v)
	}
}

// tunedRace is a race whose card carries tuning.
func tunedRace(target, maxTurns int, tuning rules.Tuning) *race {
	card := raceCard(target, maxTurns)
	card.Tuning = tuning
	return newRace(target, card)
}

// TestPlayoutHorizon gives the race of TestCutoffUsesEvaluation a horizon beyond its end:
// playouts then reach the real, even result, and the evaluation's verdict no longer
// counts. A horizon of a few turns keeps it.
func TestPlayoutHorizon(t *testing.T) {
	favour0 := func(_ rules.State, p rules.Player) float64 {
		if p == 0 {
			return 0.9
		}
		return -0.9
	}
	tests := []struct {
		turns    int
		min, max float64
	}{
		{5, 0.9, 1},
		{100000, 0.3, 0.7},
	}
	for _, tc := range tests {
		st := withEval(tunedRace(2000, 3000, rules.Tuning{Full: rules.SearchTuning{PlayoutCutoff: tc.turns}}), favour0)
		s := NewSearch(st, Config{Seed: 1, Engine: rules.TreeEngine})
		s.StepIterations(300)
		if v := s.Stats().Value; v < tc.min || v > tc.max {
			t.Errorf("horizon %d: value %v, want %v to %v", tc.turns, v, tc.min, tc.max)
		}
	}
}

// TestUnevaluated gives the race of TestPlayoutHorizon an evaluation that favours player
// 0 although the race is even. A search whose tuning keeps it from the evaluation ignores
// it, its playouts reaching the real, even result, and runs no alpha-beta half beside its
// tree; any other search follows the evaluation (a blurred one too: the noise, far smaller
// than the bias, leaves the verdict).
func TestUnevaluated(t *testing.T) {
	favour0 := func(_ rules.State, p rules.Player) float64 {
		if p == 0 {
			return 0.9
		}
		return -0.9
	}
	const unblurred, blurred = 0, 0.05
	off := rules.SearchTuning{Unevaluated: true}
	tests := []struct {
		name   string
		tuning rules.Tuning
		noise  float64
		uses   bool
	}{
		{"untuned, unblurred", rules.Tuning{}, unblurred, true},
		{"untuned, blurred", rules.Tuning{}, blurred, true},
		{"blurred only, unblurred", rules.Tuning{Full: off}, unblurred, false},
		{"blurred only, blurred", rules.Tuning{Full: off}, blurred, true},
		{"full only, unblurred", rules.Tuning{Blurred: off}, unblurred, true},
		{"full only, blurred", rules.Tuning{Blurred: off}, blurred, false},
		{"neither, unblurred", rules.Tuning{Full: off, Blurred: off}, unblurred, false},
		{"neither, blurred", rules.Tuning{Full: off, Blurred: off}, blurred, false},
	}
	for _, tc := range tests {
		st := withEval(tunedRace(2000, 3000, tc.tuning), favour0)
		want := rules.TreeEngine
		if tc.uses {
			want = rules.AlphaBetaEngine
		}
		if got := EngineFor(st, Config{Engine: rules.AlphaBetaEngine, Noise: tc.noise}); got != want {
			t.Errorf("%s: alpha-beta asked for, %v given, want %v", tc.name, got, want)
		}
		s := NewSearch(st, Config{Seed: 1, Engine: rules.TreeEngine, Noise: tc.noise})
		if _, hybrid := s.eng.(*hybrid); hybrid != tc.uses {
			t.Errorf("%s: alpha-beta beside the tree %v, want %v", tc.name, hybrid, tc.uses)
		}
		s.StepIterations(300)
		v := s.Stats().Value
		if lo, hi := 0.3, 0.7; tc.uses {
			lo, hi = 0.85, 1
			if v < lo || v > hi {
				t.Errorf("%s: value %v, want the evaluation's %v to %v", tc.name, v, lo, hi)
			}
		} else if v < lo || v > hi {
			t.Errorf("%s: value %v, want the race's even %v to %v", tc.name, v, lo, hi)
		}
	}
}

// TestTreeAlone checks which searches of an evaluated game run the alpha-beta half beside
// the tree: every one but an unblurred search of a game that declares TreeAlone.
func TestTreeAlone(t *testing.T) {
	zero := func(rules.State, rules.Player) float64 { return 0 }
	tests := []struct {
		name   string
		on     bool
		noise  float64
		hybrid bool
	}{
		{"declared, unblurred", true, 0, false},
		{"declared, blurred", true, 0.5, true},
		{"declared false", false, 0, true},
	}
	for _, tc := range tests {
		st := withEval(tunedRace(2000, 3000, rules.Tuning{Full: rules.SearchTuning{TreeAlone: tc.on}}), zero)
		eng := NewSearch(st, Config{Seed: 1, Engine: rules.TreeEngine, Noise: tc.noise}).eng
		if _, got := eng.(*hybrid); got != tc.hybrid {
			t.Errorf("%s: hybrid %v, want %v", tc.name, got, tc.hybrid)
		}
		if _, tree := eng.(*mcts); !tc.hybrid && !tree {
			t.Errorf("%s: %T, want a tree search", tc.name, eng)
		}
	}
}

// TestSearchPreferences checks which searches take a game's own exploration constant and
// all-moves weight: an unblurred, non-plain search, and for the constant one that is not
// given another. The blurred levels and plain search keep theirs.
func TestSearchPreferences(t *testing.T) {
	st := newRace(2000, raceCard(2000, 3000))
	both := tunedRace(2000, 3000, rules.Tuning{Full: rules.SearchTuning{Exploration: 0.2, AllMovesVisits: 100}})
	tests := []struct {
		name        string
		st          rules.State
		cfg         Config
		exploration float64
		allMoves    float64
	}{
		{"declared", both, Config{}, 0.2, 100},
		{"declared, blurred", both, Config{Noise: 0.5}, TunedExploration, raveK},
		{"declared, plain", both, Config{Plain: true}, DefaultExploration, 0},
		{"declared, given", both, Config{Exploration: 0.7}, 0.7, 100},
		{"declared zero", tunedRace(2000, 3000, rules.Tuning{Blurred: rules.SearchTuning{Exploration: 0.2, AllMovesVisits: 100}}), Config{}, TunedExploration, raveK},
		{"not declared", st, Config{}, TunedExploration, raveK},
	}
	for _, tc := range tests {
		s := NewSearch(tc.st, tc.cfg)
		if got := s.cfg.Exploration; got != tc.exploration {
			t.Errorf("%s: exploration %v, want %v", tc.name, got, tc.exploration)
		}
		tree, ok := s.eng.(*mcts)
		if !ok {
			t.Fatalf("%s: %T, want a tree search", tc.name, s.eng)
		}
		if got := tree.opt.raveK; got != tc.allMoves {
			t.Errorf("%s: all-moves weight %v, want %v", tc.name, got, tc.allMoves)
		}
	}
}

// ---- The beginner.

func TestBeginnerTakesWins(t *testing.T) {
	tests := []struct {
		name string
		st   rules.State
	}{
		{"ttt row", newTTT("xx./oo./...", 0, 1, 1)},
		{"ttt diagonal for o", newTTT("x.o/xo./..x", 1, 1, 1)},
		{"double, both placements", newTTT("x../.../oo.", 0, 2, 2)},
		{"nim", newNim(3)},
	}
	for _, tc := range tests {
		for _, set := range []Setting{Beginner.Setting(), {Level: Beginner, Novice: true}} {
			t.Run(tc.name+"/"+set.String(), func(t *testing.T) {
				beginnerTakesWin(t, tc.st, set)
			})
		}
	}
}

func beginnerTakesWin(t *testing.T, root rules.State, set Setting) {
	for seed := uint64(1); seed <= 20; seed++ {
		st := root.Clone()
		p := st.ToMove()
		for st.ToMove() == p {
			s := NewSearchFor(st, set, seed)
			for !s.Step(time.Second) {
			}
			if err := rules.Play(st, s.Best()); err != nil {
				t.Fatal(err)
			}
		}
		if o, over := st.Outcome(); !over || o.Winner != p {
			t.Fatalf("seed %d: the turn ended without the win:\n%s", seed, rules.Text(st))
		}
	}
}

func TestBeginnerAvoidsHandingOverAWin(t *testing.T) {
	tests := []struct {
		name string
		st   rules.State
	}{
		{"block a row", newTTT("x../oo./x..", 0, 1, 1)},
		{"block a column", newTTT("ox./o../..x", 0, 1, 1)},
		{"block a diagonal", newTTT("x../.xo/...", 1, 1, 1)},
		{"nim, leave no 3", newNim(6)},
	}
	for _, tc := range tests {
		for _, set := range []Setting{Beginner.Setting(), {Level: Beginner, Novice: true}} {
			t.Run(tc.name+"/"+set.String(), func(t *testing.T) {
				beginnerAvoidsLoss(t, tc.st, set)
			})
		}
	}
}

func beginnerAvoidsLoss(t *testing.T, st rules.State, set Setting) {
	for seed := uint64(1); seed <= 20; seed++ {
		s := NewSearchFor(st, set, seed)
		if !s.StepIterations(1 << 20) {
			t.Fatal("the beginner did not finish")
		}
		c := st.Clone()
		if err := rules.Play(c, s.Best()); err != nil {
			t.Fatal(err)
		}
		if w := immediateWins(c); len(w) != 0 {
			t.Errorf("seed %d: after %s the opponent wins with %s", seed, rules.FormatMove(st, s.Best()), rules.FormatMove(c, w[0]))
		}
	}
}

// TestNoviceDrawsEvenly checks the novice's one difference from the Beginner: among moves
// that neither win nor lose at once it has no preference at all.
func TestNoviceDrawsEvenly(t *testing.T) {
	st := newTTT(".../.../...", 0, 1, 1)
	counts := map[rules.Move]int{}
	const seeds = 1800
	for seed := uint64(1); seed <= seeds; seed++ {
		s := NewSearchFor(st, Setting{Level: Beginner, Novice: true}, seed)
		if !s.StepIterations(1 << 20) {
			t.Fatal("the novice did not finish")
		}
		counts[s.Best()]++
	}
	if len(counts) != 9 {
		t.Fatalf("the novice chose %d of the 9 openings", len(counts))
	}
	for mv, n := range counts {
		// 200 expected; five standard deviations is about 67.
		if n < 130 || n > 270 {
			t.Errorf("%s chosen %d times of %d", rules.FormatMove(st, mv), n, seeds)
		}
	}
}

// TestBeginnerIsWeak checks what makes the beginner beatable: it stops after a tiny search
// and its choices vary with the seed in a position with many reasonable moves.
func TestBeginnerIsWeak(t *testing.T) {
	st := newTTT(".../.../...", 0, 1, 1)
	chosen := map[rules.Move]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		s := NewSearchFor(st, Beginner.Setting(), seed)
		if !s.Step(time.Second) {
			t.Fatal("the beginner used its whole think time")
		}
		if s.Stats().Engine != "beginner" {
			t.Fatalf("engine %q", s.Stats().Engine)
		}
		chosen[s.Best()] = true
	}
	if len(chosen) < 3 {
		t.Errorf("30 seeds chose only %d different openings", len(chosen))
	}
}

// ---- Levels and settings.

func TestSettings(t *testing.T) {
	tests := []struct {
		text string
		want Setting
		back string // the canonical spelling
	}{
		{"expert", Setting{Level: Expert}, "expert"},
		{" Beginner ", Setting{Level: Beginner}, "beginner"},
		{"plain", Setting{Level: Expert, Plain: true}, "plain"},
		{"2.5s", ThinkFor(2500 * time.Millisecond), "2.5s"},
		{"800ms/ab", Setting{Level: Expert, Think: 800 * time.Millisecond, Engine: rules.AlphaBetaEngine}, "800ms/ab"},
		{"hard/mcts", Setting{Level: Hard, Engine: rules.TreeEngine}, "hard/mcts"},
		{"Normal/Oracle", Setting{Level: Normal, Engine: rules.OracleEngine}, "normal/oracle"},
		{"easy@3s", Setting{Level: Easy, Think: 3 * time.Second}, "easy@3s"},
		{"normal/plain", Setting{Level: Normal, Plain: true}, "normal/plain"},
		{"expert/auto", Setting{Level: Expert}, "expert"},
		{"Novice", Setting{Level: Beginner, Novice: true}, "novice"},
	}
	for _, tc := range tests {
		got, err := ParseSetting(tc.text)
		if err != nil || got != tc.want {
			t.Errorf("ParseSetting(%q) = %+v, %v; want %+v", tc.text, got, err, tc.want)
			continue
		}
		if got.String() != tc.back {
			t.Errorf("%+v prints as %q, want %q", got, got.String(), tc.back)
		}
	}
	for _, bad := range []string{"", "grandmaster", "3", "-2s", "0s", "plain/ab", "expert/fast", "easy@", "wizard@2s", "1h/x", "novice/ab"} {
		if s, err := ParseSetting(bad); err == nil {
			t.Errorf("ParseSetting(%q) accepted %+v", bad, s)
		}
	}
	if d := ThinkFor(1500 * time.Millisecond).ThinkTime(); d != 1500*time.Millisecond {
		t.Errorf("ThinkFor(1.5s) thinks %v", d)
	}
	for _, l := range Levels {
		if l.Setting().ThinkTime() != l.ThinkTime() {
			t.Errorf("%s: setting thinks %v, level %v", l, l.Setting().ThinkTime(), l.ThinkTime())
		}
	}
}

func FuzzParseSetting(f *testing.F) {
	for _, s := range []string{"expert", "plain", "2.5s", "800ms/ab", "easy@3s", "hard/mcts", "normal/plain", "x@/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSetting(text)
		if err != nil {
			return
		}
		if s.check() != nil {
			t.Fatalf("ParseSetting(%q) = %+v, which is not valid", text, s)
		}
		again, err := ParseSetting(s.String())
		if err != nil || again != s {
			t.Fatalf("%+v prints as %q, which reads back as %+v, %v", s, s.String(), again, err)
		}
	})
}

func TestEngineChoice(t *testing.T) {
	ab := rules.SearchTuning{Engine: rules.AlphaBetaEngine}
	prefersAB := withEval(tunedRace(2000, 3000, rules.Tuning{Full: ab, Blurred: ab}), zeroEval)
	tests := []struct {
		name string
		st   rules.State
		cfg  Config
		want string
	}{
		{"no evaluation", newNim(10), Config{}, "mcts"},
		{"no evaluation, alpha-beta asked", newNim(10), Config{Engine: rules.AlphaBetaEngine}, "mcts"},
		{"evaluation, no preference", withEval(newNim(10), zeroEval), Config{}, "mcts"},
		{"evaluation, alpha-beta asked", withEval(newNim(10), zeroEval), Config{Engine: rules.AlphaBetaEngine}, "alphabeta"},
		{"the game prefers alpha-beta", prefersAB, Config{}, "alphabeta"},
		{"tree asked against the preference", prefersAB, Config{Engine: rules.TreeEngine}, "mcts"},
		{"plain overrides all", prefersAB, Config{Engine: rules.AlphaBetaEngine, Plain: true}, "plain"},
	}
	for _, tc := range tests {
		s := NewSearch(tc.st, tc.cfg)
		s.StepIterations(10)
		if got := s.Stats().Engine; got != tc.want {
			t.Errorf("%s: engine %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestEngineGolden pins fixed-work searches of every engine to testdata, as
// TestSearchGolden does for the plain search. KOMA_UPDATE=1 rewrites the file.
func TestEngineGolden(t *testing.T) {
	tests := []struct {
		name       string
		st         rules.State
		cfg        Config
		iterations int
	}{
		{"tree-ttt-empty", withEval(newTTT(".../.../...", 0, 1, 1), tttEval), Config{}, 3000},
		{"tree-double-empty", withEval(newTTT(".../.../...", 0, 2, 1), tttEval), Config{}, 3000},
		{"tree-noisy-ttt", withEval(newTTT("x../.o./...", 0, 1, 1), tttEval), Config{Noise: 0.5}, 2000},
		{"tree-nim-37", newNim(37), Config{}, 3000},
		{"ab-ttt-empty", withEval(newTTT(".../.../...", 0, 1, 1), tttEval), Config{Engine: rules.AlphaBetaEngine}, 3000},
		{"ab-double-mid", withEval(newTTT("x../.o./...", 0, 2, 1), tttEval), Config{Engine: rules.AlphaBetaEngine}, 3000},
		{"ab-noisy-ttt", withEval(newTTT("x../.o./...", 0, 1, 1), tttEval), Config{Engine: rules.AlphaBetaEngine, Noise: 0.5}, 2000},
		{"ab-nim-37", withEval(newNim(37), zeroEval), Config{Engine: rules.AlphaBetaEngine}, 3000},
	}
	var sb strings.Builder
	for _, tc := range tests {
		for seed := uint64(1); seed <= 3; seed++ {
			cfg := tc.cfg
			cfg.Seed, cfg.Iterations = seed, tc.iterations
			s := NewSearch(tc.st, cfg)
			s.StepIterations(tc.iterations)
			st := s.Stats()
			fmt.Fprintf(&sb, "%s seed=%d engine=%s best=%s iterations=%d nodes=%d depth=%d visits=%d value=%x solved=%v\n",
				tc.name, seed, st.Engine, rules.FormatMove(tc.st, s.Best()), st.Iterations, st.Nodes, st.Depth, st.Visits, st.Value, st.Solved)
		}
	}
	rulestest.Golden(t, "testdata/engines.txt", sb.String())
}

// steeredRace gives the race a playout policy that always adds 1.
type steeredRace struct{ *evaluated }

func (s *steeredRace) PlayoutMove(moves []rules.Move, _ *rand.Rand) int {
	for i, m := range moves {
		if m.Tag == 1 {
			return i
		}
	}
	return 0
}
func (s *steeredRace) Clone() rules.State       { return &steeredRace{s.evaluated.Clone().(*evaluated)} }
func (s *steeredRace) CopyFrom(src rules.State) { s.evaluated.CopyFrom(src.(*steeredRace).evaluated) }

// TestPlayoutPolicyIsUsed runs playouts of a race to 3000 with the policy: every one
// takes exactly 3000 decisions, and the 3000th, which wins, is the second player's.
// Uniform playouts take about 2000.
func TestPlayoutPolicyIsUsed(t *testing.T) {
	st := &steeredRace{withEval(newRace(3000, raceCard(3000, 4000)), zeroEval)}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, policy := range []bool{true, false} {
		var r rollout
		r.reset(st.Game(), 0)
		c := st.Clone()
		var buf []rules.Move
		var steer *steering
		if policy {
			steer = newSteering(c, &buf)
		}
		_, res, ended := r.advance(c, rng, &buf, 1<<30, nil, steer, nil)
		if !ended {
			t.Fatal("the playout did not end")
		}
		if policy && (r.decisions != 3000 || res.winner != 1) {
			t.Errorf("with the policy: %d decisions, winner %d; want 3000 and 1", r.decisions, res.winner)
		}
		if !policy && r.decisions > 2500 {
			t.Errorf("uniform playout: %d decisions", r.decisions)
		}
	}
}

// lateSteered is a race whose playout policy adds 1 from the count of 1500 on and draws at
// random before, saying so through UniformPlayout; it counts the moves it lists.
type lateSteered struct {
	*race
	listed *int
}

func (s *lateSteered) LegalMoves(dst []rules.Move) []rules.Move {
	*s.listed++
	return s.race.LegalMoves(dst)
}

func (s *lateSteered) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	moves := s.race.LegalMoves(nil)
	if len(moves) == 0 {
		return rules.Move{}, false
	}
	return moves[rng.IntN(len(moves))], true
}

func (s *lateSteered) PlayoutMove(moves []rules.Move, rng *rand.Rand) int {
	if s.UniformHere() {
		return rng.IntN(len(moves))
	}
	for i, m := range moves {
		if m.Tag == 1 {
			return i
		}
	}
	return 0
}

func (s *lateSteered) UniformHere() bool        { return s.count < 1500 }
func (s *lateSteered) Clone() rules.State       { return &lateSteered{s.race.Clone().(*race), s.listed} }
func (s *lateSteered) CopyFrom(src rules.State) { s.race.CopyFrom(src.(*lateSteered).race) }

// policyOnly plays a lateSteered race with its policy but without its RandomMover and
// UniformPlayout, as a game that lists every move for its policy.
type policyOnly struct {
	*race
	steered *lateSteered
}

func (p policyOnly) PlayoutMove(moves []rules.Move, rng *rand.Rand) int {
	return p.steered.PlayoutMove(moves, rng)
}

// TestUniformPlayoutKeepsTheDraw checks that a policy's uniform stretches go through
// RandomMove without changing the playout: the same seed gives the same decisions and
// winner with and without the capability, while the moves are listed only where the
// policy acts.
func TestUniformPlayoutKeepsTheDraw(t *testing.T) {
	type run struct{ decisions, winner int }
	listed := 0
	play := func(said bool) run {
		st := &lateSteered{newRace(3000, raceCard(3000, 4000)), &listed}
		var game rules.State = st
		if !said {
			game = policyOnly{st.race, st}
		}
		var r rollout
		r.reset(st.Game(), 0)
		var buf []rules.Move
		rng := rand.New(rand.NewPCG(3, 4))
		_, res, ended := r.advance(game, rng, &buf, 1<<30, nil, newSteering(game, &buf), nil)
		if !ended {
			t.Fatal("the playout did not end")
		}
		return run{r.decisions, int(res.winner)}
	}
	with := play(true)
	if with.decisions < 1500 || listed == 0 || listed > with.decisions-700 {
		t.Errorf("moves listed %d times in %d decisions; want only the steered ones", listed, with.decisions)
	}
	if without := play(false); with != without {
		t.Errorf("with the capability %+v, without %+v: the playouts differ", with, without)
	}
}

// TestUniformAtFullStrength checks that a game declaring it keeps its policy from the
// full-strength search only: the blurred levels use it, and a game without the
// declaration uses it at full strength too.
func TestUniformAtFullStrength(t *testing.T) {
	listed := 0
	steered := &lateSteered{newRace(3000, raceCard(3000, 4000)), &listed}
	uniform := &lateSteered{tunedRace(3000, 4000, rules.Tuning{Full: rules.SearchTuning{UniformPlayouts: true}}), &listed}
	tests := []struct {
		name   string
		st     rules.State
		cfg    Config
		policy bool
	}{
		{"declared, full strength", uniform, Config{}, false},
		{"declared, blurred", uniform, Config{Noise: 0.8}, true},
		{"declared, plain", uniform, Config{Plain: true}, false},
		{"not declared, full strength", steered, Config{}, true},
	}
	for _, tc := range tests {
		s := NewSearch(tc.st, tc.cfg)
		tree, ok := s.eng.(*mcts)
		if !ok {
			t.Fatalf("%s: %T, want a tree search", tc.name, s.eng)
		}
		if tree.opt.policy != tc.policy {
			t.Errorf("%s: policy %v, want %v", tc.name, tree.opt.policy, tc.policy)
		}
	}
}

// TestHybridPlaysProvenEndgames checks that tree search with an evaluation settles a
// position exactly once its alpha-beta half proves it, and then plays the proof.
func TestHybridPlaysProvenEndgames(t *testing.T) {
	for _, tc := range solverPositions() {
		st := withEval(tc.st, zeroEval)
		want := solve(tc.st)
		if want == 0 {
			continue // a draw is never "proven" by the table's win scores
		}
		s := NewSearch(st, Config{Seed: 1, Engine: rules.TreeEngine})
		for range 1000 {
			if s.StepIterations(100) {
				break
			}
		}
		stats := s.Stats()
		if !stats.Solved || proven(stats.Value) != want {
			t.Errorf("%s: stats %+v, perfect play gives %d", tc.name, stats, want)
			continue
		}
		c := st.Clone()
		if err := rules.Play(c, s.Best()); err != nil {
			t.Fatal(err)
		}
		if got := valueFor(c, st.ToMove()); got != want {
			t.Errorf("%s: %s is worth %d, the position %d", tc.name, rules.FormatMove(st, s.Best()), got, want)
		}
	}
}

// naming adds a NamedMove to a toy game: it names the given move.
type naming struct {
	*ttt
	m rules.Move
}

func (c *naming) NamedMove() (rules.Move, bool) { return c.m, true }

// TestNamedMove checks that every level plays the move a game names, at once and without
// searching, while the plain yardstick takes no help from the game.
func TestNamedMove(t *testing.T) {
	// Player 0 wins on the top right cell; the named move is the bottom right one.
	root := newTTT("xx./oo./...", 0, 1, 1)
	moves := root.LegalMoves(nil)
	want := moves[len(moves)-1]
	for _, set := range []Setting{Beginner.Setting(), Easy.Setting(), Hard.Setting(), Expert.Setting(), {Level: Expert, Plain: true}} {
		s := NewSearchFor(&naming{ttt: root, m: want}, set, 1)
		done := s.Step(time.Millisecond)
		took := s.Stats().Engine == "named"
		if set.Plain {
			if took {
				t.Errorf("%s: played the named move", set)
			}
			continue
		}
		if !done || !took || s.Best() != want {
			t.Errorf("%s: done %v, engine %q, best %v; want done at once with %v", set, done, s.Stats().Engine, s.Best(), want)
		}
	}
}
