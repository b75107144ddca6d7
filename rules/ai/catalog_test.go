package ai_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"koma/rules"
	"koma/rules/ai"
	"koma/rules/catalog"
)

// The tests in this file play the real games of the catalog. They live outside package ai,
// which must not depend on any game.

func catalogSpecs(t testing.TB) []rules.Spec {
	t.Helper()
	specs, err := catalog.All.Specs()
	if err != nil {
		t.Fatal(err)
	}
	return specs
}

// randomPosition plays a seeded random prefix of up to maxDecisions decisions from the
// start of spec and returns the position, which may be over.
func randomPosition(t testing.TB, spec rules.Spec, rng *rand.Rand, maxDecisions int) rules.State {
	t.Helper()
	st, err := spec.New()
	if err != nil {
		t.Fatal(err)
	}
	var buf []rules.Move
	for n := rng.IntN(maxDecisions + 1); n > 0; n-- {
		buf = st.LegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		st.Apply(buf[rng.IntN(len(buf))])
	}
	return st
}

// searchers are the ways the AI can choose a move, each with a tiny amount of work.
var searchers = []struct {
	name string
	run  func(st rules.State, seed uint64) *ai.Search
}{
	{"beginner", func(st rules.State, seed uint64) *ai.Search {
		s := ai.NewSearchFor(st, ai.Beginner.Setting(), seed)
		s.StepIterations(1 << 20)
		return s
	}},
	{"easy", func(st rules.State, seed uint64) *ai.Search {
		s := ai.NewSearch(st, ai.Config{Seed: seed, Noise: 1.8})
		s.StepIterations(40)
		return s
	}},
	{"tree", func(st rules.State, seed uint64) *ai.Search {
		s := ai.NewSearch(st, ai.Config{Seed: seed, Engine: rules.TreeEngine, MaxNodes: 500})
		s.StepIterations(int(seed%25) + 1)
		return s
	}},
	{"alphabeta", func(st rules.State, seed uint64) *ai.Search {
		s := ai.NewSearch(st, ai.Config{Seed: seed, Engine: rules.AlphaBetaEngine, MaxNodes: 1 << 10})
		s.StepIterations(int(seed%97) + 1)
		return s
	}},
	{"plain", func(st rules.State, seed uint64) *ai.Search {
		s := ai.NewSearch(st, ai.Config{Seed: seed, Plain: true, MaxNodes: 500})
		s.StepIterations(int(seed%25) + 1)
		return s
	}},
}

// checkMove runs searcher i on st and fails unless its move is legal, or the zero Move of
// a finished game.
func checkMove(t *testing.T, st rules.State, i int, seed uint64) {
	t.Helper()
	s := searchers[i].run(st, seed)
	m := s.Best()
	if _, over := st.Outcome(); over {
		if m != (rules.Move{}) {
			t.Fatalf("%s: move %v in a finished game", searchers[i].name, m)
		}
		return
	}
	if !rules.IsLegal(st, m) {
		t.Fatalf("%s seed %d: illegal move %v in\n%s", searchers[i].name, seed, m, rules.Text(st))
	}
}

// TestNeverIllegal asks every engine, with tiny budgets, for moves in random positions of
// every game in the catalog: over two thousand searches in all.
func TestNeverIllegal(t *testing.T) {
	for _, spec := range catalogSpecs(t) {
		t.Run(spec.String(), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(7, uint64(len(spec.String()))))
			for n := range 50 {
				st := randomPosition(t, spec, rng, 200)
				for i := range searchers {
					checkMove(t, st, i, uint64(n*len(searchers)+i))
				}
			}
		})
	}
}

func FuzzNeverIllegal(f *testing.F) {
	f.Add(uint8(0), uint64(1), uint8(10), uint8(0))
	f.Add(uint8(3), uint64(2), uint8(80), uint8(3))
	f.Add(uint8(7), uint64(3), uint8(200), uint8(1))
	f.Fuzz(func(t *testing.T, specIndex uint8, seed uint64, prefix uint8, searcher uint8) {
		specs := catalogSpecs(t)
		spec := specs[int(specIndex)%len(specs)]
		st := randomPosition(t, spec, rand.New(rand.NewPCG(seed, 1)), int(prefix))
		checkMove(t, st, int(searcher)%len(searchers), seed)
	})
}

// oracleBudget bounds the positions the test's own turnWin examines per move. A game
// with extra turns (Orochi) can keep one player to move for many turns, and an unbounded
// search then runs for hours. It is below the beginner's own budget (1,000), and both
// search in LegalMoves order, so whatever the oracle settles within it, the beginner
// settles the same way; positions the oracle cannot settle are skipped.
const oracleBudget = 500

// errUnsettled reports that turnWin ran out of budget.
var errUnsettled = errors.New("the oracle's budget ran out")

// turnWin reports whether the player to move at st can win before the other player moves,
// looking at no more than *budget positions.
func turnWin(st rules.State, budget *int) (bool, error) {
	p := st.ToMove()
	for _, m := range st.LegalMoves(nil) {
		if *budget--; *budget < 0 {
			return false, errUnsettled
		}
		c := st.Clone()
		c.Apply(m)
		if o, over := c.Outcome(); over {
			if o.Winner == p {
				return true, nil
			}
			continue
		}
		if c.ToMove() == p {
			if win, err := turnWin(c, budget); win || err != nil {
				return win, err
			}
		}
	}
	return false, nil
}

// classify sorts the moves of st: a win this turn, a move after which the opponent can
// win at once, or neither (safe). It fails when some move cannot be settled within the
// oracle's budget.
func classify(st rules.State) (winning, losing, safe []rules.Move, err error) {
	p := st.ToMove()
	for _, m := range st.LegalMoves(nil) {
		c := st.Clone()
		c.Apply(m)
		o, over := c.Outcome()
		win := false
		if !over {
			budget := oracleBudget
			if win, err = turnWin(c, &budget); err != nil {
				return nil, nil, nil, err
			}
		}
		switch {
		case over && o.Winner == p, !over && c.ToMove() == p && win:
			winning = append(winning, m)
		case over && o.Winner == p.Other(), !over && c.ToMove() != p && win:
			losing = append(losing, m)
		default:
			safe = append(safe, m)
		}
	}
	return winning, losing, safe, nil
}

// TestBeginnerOnTheCatalog checks the beginner's two promises in positions of every game
// that test them: it takes a win that is there this turn, and it does not play a move
// after which the opponent can win at once while another move exists.
func TestBeginnerOnTheCatalog(t *testing.T) {
	for _, spec := range catalogSpecs(t) {
		t.Run(spec.String(), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(11, uint64(len(spec.String()))))
			wins, traps := 0, 0
			for game := 0; game < 400 && (wins < 10 || traps < 10); game++ {
				st, err := spec.New()
				if err != nil {
					t.Fatal(err)
				}
				for decision := 0; st.ToMove() != rules.NoPlayer; decision++ {
					winning, losing, safe, err := classify(st)
					if err == nil && (len(winning) > 0 && wins < 10 || len(losing) > 0 && len(safe) > 0 && traps < 10) {
						s := ai.NewSearchFor(st, ai.Beginner.Setting(), uint64(game*1000+decision))
						if !s.Step(time.Second) {
							t.Fatal("the beginner did not finish in a second")
						}
						m := s.Best()
						switch {
						case len(winning) > 0:
							wins++
							if !slices.Contains(winning, m) {
								t.Errorf("a win was there, the beginner played %s\n%s", rules.FormatMove(st, m), rules.Text(st))
							}
						default:
							traps++
							if slices.Contains(losing, m) {
								t.Errorf("%s lets the opponent win at once\n%s", rules.FormatMove(st, m), rules.Text(st))
							}
						}
					}
					moves := st.LegalMoves(nil)
					st.Apply(moves[rng.IntN(len(moves))])
				}
			}
			if wins == 0 || traps == 0 {
				t.Errorf("found %d positions with a win and %d with a trap: the test tested little", wins, traps)
			}
		})
	}
}

// TestCatalogPlayoutAllocs checks that random playouts of every game allocate nothing once their
// buffer has grown.
func TestCatalogPlayoutAllocs(t *testing.T) {
	for _, spec := range catalogSpecs(t) {
		start, err := spec.New()
		if err != nil {
			t.Fatal(err)
		}
		st := start.Clone()
		rng := rand.New(rand.NewPCG(1, 2))
		buf := make([]rules.Move, 0, 256)
		if a := testing.AllocsPerRun(50, func() {
			st.CopyFrom(start)
			_, _, buf = ai.Playout(st, rng, buf)
		}); a != 0 {
			t.Errorf("%s: %v allocations per playout", spec, a)
		}
	}
}

// TestSearchAllocs checks that the engines allocate nothing per unit of work once their
// tree chunks and stacks exist: a few hundred allocations at most for thousands of
// iterations, all of them chunk or stack growth.
func TestSearchAllocs(t *testing.T) {
	for _, spec := range catalogSpecs(t) {
		st, err := spec.New()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range []rules.Engine{rules.TreeEngine, rules.AlphaBetaEngine} {
			s := ai.NewSearch(st, ai.Config{Seed: 1, Engine: e})
			s.StepIterations(2000)
			if a := testing.AllocsPerRun(5, func() { s.StepIterations(2000) }); a > 20 {
				t.Errorf("%s engine %d: %v allocations per 2000 iterations", spec, e, a)
			}
		}
	}
}

// BenchmarkCatalogPlayout measures random playouts of every preset through ai.Playout, with the
// game's RandomMover.
func BenchmarkCatalogPlayout(b *testing.B) {
	for _, spec := range catalogSpecs(b) {
		b.Run(spec.String(), func(b *testing.B) {
			start, _ := spec.New()
			st := start.Clone()
			rng := rand.New(rand.NewPCG(1, 2))
			var buf []rules.Move
			b.ReportAllocs()
			for b.Loop() {
				st.CopyFrom(start)
				_, _, buf = ai.Playout(st, rng, buf)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

// BenchmarkSearch measures each engine's rate of work from the start of each preset:
// iterations per second for tree search, positions per second for alpha-beta.
func BenchmarkSearch(b *testing.B) {
	for _, spec := range catalogSpecs(b) {
		for _, e := range []struct {
			name string
			cfg  ai.Config
		}{{"tree", ai.Config{Engine: rules.TreeEngine}}, {"alphabeta", ai.Config{Engine: rules.AlphaBetaEngine}}, {"plain", ai.Config{Plain: true}}} {
			b.Run(spec.String()+"/"+e.name, func(b *testing.B) {
				start, _ := spec.New()
				s := ai.NewSearch(start, e.cfg)
				b.ReportAllocs()
				for b.Loop() {
					if s.StepIterations(1) {
						s = ai.NewSearch(start, e.cfg)
					}
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "iterations/s")
			})
		}
	}
}

// TestStepBudgetCatalog slices every engine's search of real positions on the real clock
// and compares the slices with control slices that only watch the clock, as TestStepBudget
// does for the toys: the median slice may exceed the control's median by at most 2 ms.
func TestStepBudgetCatalog(t *testing.T) {
	const budget, margin, n = time.Millisecond, 2 * time.Millisecond, 60
	for _, spec := range catalogSpecs(t) {
		text := spec.String()
		st := randomPosition(t, spec, rand.New(rand.NewPCG(3, 4)), 6)
		// The Beginner is left out: its first Step sorts every move into wins, blunders and
		// the rest in one go, a bounded piece of work that does not follow the budget.
		for _, set := range []ai.Setting{ai.Expert.Setting(), {Level: ai.Expert, Engine: rules.AlphaBetaEngine}, {Level: ai.Expert, Plain: true}} {
			s := ai.NewSearchFor(st, set, 1)
			var took, control []time.Duration
			for range n {
				start := time.Now()
				done := s.Step(budget)
				took = append(took, time.Since(start))
				start = time.Now()
				for time.Since(start) < budget {
				}
				control = append(control, time.Since(start))
				if done {
					break
				}
			}
			slices.Sort(took)
			slices.Sort(control)
			if took[len(took)/2] > control[len(control)/2]+margin {
				t.Errorf("%s %s: median slice %v, control %v", text, set, took[len(took)/2], control[len(control)/2])
			}
		}
	}
}

// TestTuningEngines checks, on every ruleset, that the engine a game's tuning names is the
// one its searches run, at full strength and at the blurred levels alike, and that an
// engine asked for explicitly overrides it.
func TestTuningEngines(t *testing.T) {
	for _, spec := range catalogSpecs(t) {
		st, err := spec.New()
		if err != nil {
			t.Fatal(err)
		}
		if _, oracle := st.(rules.Oracle); oracle {
			continue
		}
		tuning := spec.Game.Tuning
		if len(tuning.Presets) > 0 {
			continue // covered by TestTuningGolden
		}
		checks := []struct {
			noise float64
			want  rules.Engine
		}{{0, tuning.Full.Engine}, {1.8, tuning.Blurred.Engine}, {1.2, tuning.Blurred.Engine}, {0.8, tuning.Blurred.Engine}}
		for _, c := range checks {
			if c.want == rules.AutoEngine {
				c.want = rules.TreeEngine
			}
			if got := ai.EngineFor(st, ai.Config{Noise: c.noise}); got != c.want {
				t.Errorf("%s noise %v: engine %d, the tuning names %d", spec, c.noise, got, c.want)
			}
		}
		if _, ok := st.(rules.Evaluator); ok {
			if got := ai.EngineFor(st, ai.Config{Noise: 0.5, Engine: rules.AlphaBetaEngine}); got != rules.AlphaBetaEngine {
				t.Errorf("%s: a forced engine was overridden", spec)
			}
		}
	}
}
