package ai

import (
	"context"
	"errors"
	"fmt"
	"time"

	"koma/rules"
)

// Defaults used when a Config field is zero.
const (
	// DefaultExploration is the UCB1 constant for rewards in [0, 1] of the plain search.
	DefaultExploration = 1.4142135623730951
	// TunedExploration is the UCB1 constant of the full tree search. Its all-moves
	// statistics and evaluated playouts guide it well enough to explore far less than
	// the plain search (measured in STRENGTH.md).
	TunedExploration = 0.3
	// DefaultMaxNodes bounds the tree to about 80 MB, and the alpha-beta transposition
	// table to 16 MB.
	DefaultMaxNodes = 1 << 20
	// DefaultCutoff is how many turns a playout of tree search runs before the game's
	// evaluation scores it, for games that have one.
	DefaultCutoff = 10
)

// Config sets up a search. The zero value of every field but Seed means its default.
type Config struct {
	// Seed makes the search reproducible.
	Seed uint64
	// Iterations, when positive, ends the search after that many iterations (tree
	// search) or positions (alpha-beta): Step and StepIterations then report done.
	// Together with Seed it makes the result independent of the clock.
	Iterations int
	// Exploration is the UCT exploration constant; when zero, DefaultExploration for a
	// plain search, the game's tuning (rules.Tuning) when it names one, and
	// TunedExploration otherwise.
	Exploration float64
	// MaxNodes bounds the number of tree nodes, or the entries of the alpha-beta
	// transposition table (rounded up to a power of two); DefaultMaxNodes when zero. The
	// root's children are always made, whatever the bound. Once it is reached the tree
	// search goes on sampling from the existing leaves.
	MaxNodes int
	// Engine chooses the search. The zero value, rules.AutoEngine, takes the game's
	// tuning; alpha-beta needs the game's Evaluator and falls back to tree
	// search without one.
	Engine rules.Engine
	// Plain turns off everything the game offers beyond its rules: tree search with
	// uniformly random playouts to the end, exactly as the first version of this package
	// searched. It is the yardstick of the strength measurements.
	Plain bool
	// Cutoff is the number of turns after which a playout of tree search stops and the
	// game's evaluation scores it: when zero, the game's tuning, or else DefaultCutoff;
	// when negative, or when the game's tuning keeps the
	// search from its evaluation, playouts always run to the end.
	Cutoff int
	// Noise blurs the game's evaluation: each evaluated position gets a fixed
	// pseudo-random offset of up to Noise either way, drawn from its hash and the seed,
	// on the evaluation's scale of -1 to 1. The lower levels use it to misjudge positions
	// now and then, as a weaker player does, rather than only to see less far. Proven
	// wins and losses are never blurred.
	Noise float64
	// Blunder is the probability, for a game with a rules.Oracle, that a decision is a
	// deliberate mistake: a move drawn at random among those that do not keep the best
	// exact result, whenever there is one. Zero plays perfectly. The lower levels use it,
	// since perfect play leaves no other way to be weaker.
	Blunder float64
}

// Stats describes the work done so far.
type Stats struct {
	// Iterations counts completed iterations of tree search (one descent, playout and
	// backup each), or positions searched by alpha-beta.
	Iterations int
	// Nodes counts the tree nodes below the root, or the positions alpha-beta searched.
	Nodes int
	// Depth is the deepest tree level an iteration has descended to, or the depth of the
	// last complete alpha-beta iteration, in decisions.
	Depth int
	// Visits is how often tree search tried Best; zero for alpha-beta.
	Visits int
	// Value is the expected result of Best for the player to move at the root, from 0
	// (loss) through 0.5 (draw or even) to 1 (win).
	Value float64
	// Solved reports that the root's result is proven; Value is then exact.
	Solved bool
	// Kept counts the iterations through the root that the search inherited from the
	// previous one (NewSearchAfter), beside its own Iterations.
	Kept int
	// Engine names the search: "mcts", "plain", "alphabeta", "oracle", "beginner", or
	// "named" when the game named the move (rules.NamedMove) and nothing was searched.
	Engine string
	// Verdict is the exact result of the root position, whatever move the search chose,
	// when the game's rules.Oracle gave it (the "oracle" engine); its Known is false
	// otherwise.
	Verdict Verdict
}

// ErrGameOver is returned when asked to think about a finished game.
var ErrGameOver = errors.New("ai: the game is over")

// quantum is how many decisions (or alpha-beta positions) Step plays between two looks at
// the clock: a few dozen keep the overrun of a slice to microseconds in any reasonable
// game, while the clock, which is a call into JavaScript in the browser, stays a small
// share of the work.
const quantum = 64

// maxIterations keeps visit and score counters far from overflowing.
const maxIterations = 1 << 30

// thinkSlice is the longest Run works before it looks at its context again.
const thinkSlice = 5 * time.Millisecond

// engine is one kind of search behind a Search.
type engine interface {
	// work does about units of work (decisions or positions) and stops early once
	// iterations reaches stop.
	work(units, stop int)
	iterations() int
	finished() bool
	bestMoveNow() rules.Move
	stats() Stats
}

// Search is a search in progress. It advances only inside Step, so the caller decides when
// the work happens: in a goroutine on the desktop, a few milliseconds per frame in a browser.
// A Search is not safe for concurrent use.
type Search struct {
	eng  engine
	cfg  Config
	now  func() time.Time // the clock Step reads; tests substitute a virtual one
	over bool             // the root position has no legal move
}

// NewSearch starts a search from a copy of root with the engine cfg asks for. A finished
// (or nil) root gives a search that is done at once, whose Best is the zero Move.
func NewSearch(root rules.State, cfg Config) *Search { return newSearch(root, cfg, nil) }

// newSearch is NewSearch, keeping what prev's tree learnt below root when both are
// full-strength tree searches with the same settings.
func newSearch(root rules.State, cfg Config, prev *Search) *Search {
	p := planFor(root, cfg)
	s := &Search{cfg: p.cfg, now: time.Now}
	if root == nil || len(root.LegalMoves(nil)) == 0 {
		s.over = true
		return s
	}
	cfg = p.cfg
	if m, ok := namedMove(root); ok && !cfg.Plain {
		s.eng = named{m}
		return s
	}
	switch p.engine {
	case rules.OracleEngine:
		s.eng = newOracleEngine(root, cfg)
	case rules.AlphaBetaEngine:
		s.eng = newAlphaBeta(root, cfg)
	default:
		build := func(root rules.State, kept *mcts) engine {
			if p.hybrid {
				return newHybrid(root, cfg, p.tree, kept)
			}
			return newTree(root, cfg, p.tree, kept)
		}
		if kept := prev.tree(); p.full && kept != nil {
			s.eng = &deferred{build: func() engine {
				prev.retire()
				return build(root, kept)
			}}
			root = root.Clone() // the caller may change its copy before the first Step
		} else {
			s.eng = build(root, nil)
		}
	}
	return s
}

// tree is the tree search behind s, or nil, also for a nil s.
func (s *Search) tree() *mcts {
	if s == nil {
		return nil
	}
	switch e := resolved(s.eng).(type) {
	case *mcts:
		return e
	case *hybrid:
		return e.tree
	}
	return nil
}

// done reports whether further work cannot change the result.
func (s *Search) done() bool { return s.over || s.eng.finished() }

// Step does about budget of work and reports whether the search has nothing left to do:
// the root has a single legal move, its result is proven, or Config.Iterations is reached.
// It looks at the clock every few dozen decisions, so it overruns budget only by the time
// those take; a playout still running at the deadline is resumed by the next call.
func (s *Search) Step(budget time.Duration) (done bool) {
	if s.done() {
		return true
	}
	start := s.now()
	for {
		s.eng.work(quantum, maxIterations)
		if s.done() {
			return true
		}
		if s.now().Sub(start) >= budget {
			return false
		}
	}
}

// StepIterations completes n more iterations, or fewer if the search becomes done first,
// without looking at the clock, and reports whether the search is done. An iteration left
// half-way by Step counts as one of the n.
func (s *Search) StepIterations(n int) (done bool) {
	if s.over {
		return true
	}
	target := s.eng.iterations() + n
	for s.eng.iterations() < target && !s.done() {
		s.eng.work(quantum, target)
	}
	return s.done()
}

// Best returns the best move found so far. It is always legal in the root position, except
// for a search of a finished game, where it is the zero Move.
func (s *Search) Best() rules.Move {
	if s.over {
		return rules.Move{}
	}
	return s.eng.bestMoveNow()
}

// Stats reports the work done so far.
func (s *Search) Stats() Stats {
	if s.over {
		return Stats{}
	}
	return s.eng.stats()
}

// Run steps the search in short slices for d, or until it is done or ctx ends, and returns
// the best move. Cancellation is not an error unless it came before the first slice in a
// position with a choice to make; the move is then an untried random one.
func (s *Search) Run(ctx context.Context, d time.Duration) (rules.Move, error) {
	if s.over {
		return rules.Move{}, ErrGameOver
	}
	deadline := time.Now().Add(d)
	for first := true; !s.done(); first = false {
		if err := ctx.Err(); err != nil {
			if first {
				return s.Best(), fmt.Errorf("ai: cancelled before searching: %w", err)
			}
			break
		}
		left := time.Until(deadline)
		if left <= 0 {
			break
		}
		s.Step(min(left, thinkSlice))
	}
	return s.Best(), nil
}

// Think runs a search for the level's think time, or until ctx ends, in slices, and returns
// the best move.
func Think(ctx context.Context, root rules.State, level Level, seed uint64) (rules.Move, error) {
	if !level.valid() {
		return rules.Move{}, fmt.Errorf("ai: think: unknown level %d", int(level))
	}
	m, err := ThinkWith(ctx, root, level.Setting(), seed)
	if err != nil {
		return m, fmt.Errorf("ai: think at level %s: %w", level, err)
	}
	return m, nil
}

// ThinkWith runs the search that set describes for its think time, or until ctx ends, in
// slices, and returns the best move.
func ThinkWith(ctx context.Context, root rules.State, set Setting, seed uint64) (rules.Move, error) {
	if err := set.check(); err != nil {
		return rules.Move{}, err
	}
	m, err := NewSearchFor(root, set, seed).Run(ctx, set.ThinkTime())
	if err != nil {
		return m, fmt.Errorf("ai: think (%s): %w", set, err)
	}
	return m, nil
}

// namedMove is the move root's game names for its player to move, if any
// (rules.NamedMove).
func namedMove(root rules.State) (rules.Move, bool) {
	if c, ok := root.(rules.NamedMove); ok {
		return c.NamedMove()
	}
	return rules.Move{}, false
}

// named is the search of a position whose game names the move to play (rules.NamedMove):
// it is done at once and plays that move.
type named struct{ m rules.Move }

func (c named) work(int, int)           {}
func (c named) iterations() int         { return 0 }
func (c named) finished() bool          { return true }
func (c named) bestMoveNow() rules.Move { return c.m }
func (c named) stats() Stats            { return Stats{Value: 0.5, Engine: "named"} }
