package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"koma/rules"
)

// Level is a playing strength, defined by think time.
type Level int

// The levels, weakest first.
const (
	Beginner Level = iota
	Easy
	Normal
	Hard
	Expert
)

// Levels lists every level, weakest first.
var Levels = []Level{Beginner, Easy, Normal, Hard, Expert}

var levelNames = []string{"beginner", "easy", "normal", "hard", "expert"}

// Each level roughly triples the previous one's time, since the strength of random-playout
// search grows with the logarithm of its work; eight seconds is about as long as a player
// will wait without wondering whether the app hung.
var thinkTimes = []time.Duration{100 * time.Millisecond, 300 * time.Millisecond, time.Second, 3 * time.Second, 8 * time.Second}

func (l Level) valid() bool { return l >= 0 && int(l) < len(levelNames) }

// String is the level's stable name, also its i18n key suffix ("level.<name>"). A value
// outside Levels prints as "level(<n>)".
func (l Level) String() string {
	if !l.valid() {
		return fmt.Sprintf("level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel reads a level name, ignoring case and surrounding space.
func ParseLevel(s string) (Level, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for i, n := range levelNames {
		if n == name {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("ai: unknown level %q", s)
}

// ThinkTime is how long the level thinks per decision; it is zero for a value outside
// Levels.
func (l Level) ThinkTime() time.Duration {
	if !l.valid() {
		return 0
	}
	return thinkTimes[l]
}

// Defaults used when a Config field is zero.
const (
	// DefaultExploration is the UCB1 constant for rewards in [0, 1].
	DefaultExploration = 1.4142135623730951
	// DefaultMaxNodes bounds the tree to roughly 64 MB.
	DefaultMaxNodes = 1 << 20
)

// Config sets up a search. The zero value of every field but Seed means its default.
type Config struct {
	// Seed makes the search reproducible.
	Seed uint64
	// Iterations, when positive, ends the search after that many iterations: Step and
	// StepIterations then report done. Together with Seed it makes the result independent
	// of the clock.
	Iterations int
	// Exploration is the UCT exploration constant; DefaultExploration when zero.
	Exploration float64
	// MaxNodes bounds the number of tree nodes; DefaultMaxNodes when zero. The root's
	// children are always made, whatever the bound. Once it is reached the search goes on
	// sampling from the existing leaves.
	MaxNodes int
}

// Stats describes the work done so far.
type Stats struct {
	// Iterations counts completed iterations: one descent, playout and backup each.
	Iterations int
	// Nodes counts the tree nodes below the root.
	Nodes int
	// Depth is the deepest tree level an iteration has descended to, in decisions.
	Depth int
	// Visits is how often the search tried Best.
	Visits int
	// Value is the mean reward of Best for the player to move at the root, from 0 (loss)
	// through 0.5 (draw) to 1 (win).
	Value float64
	// Solved reports that the root's result is proven; Value is then exact.
	Solved bool
}

// ErrGameOver is returned when asked to think about a finished game.
var ErrGameOver = errors.New("ai: the game is over")

// quantum is how many decisions Step plays between two looks at the clock: a few dozen
// keep the overrun of a slice to microseconds in any reasonable game, while the clock,
// which is a call into JavaScript in the browser, stays a small share of the work.
const quantum = 64

// maxIterations keeps visit and score counters far from overflowing.
const maxIterations = 1 << 30

// thinkSlice is the longest Run works before it looks at its context again.
const thinkSlice = 5 * time.Millisecond

// Search is a search in progress. It advances only inside Step, so the caller decides when
// the work happens: in a goroutine on the desktop, a few milliseconds per frame in a browser.
// A Search is not safe for concurrent use.
type Search struct {
	cfg     Config
	root    rules.State // the position searched, never modified
	scratch rules.State // the position of the iteration in progress
	rng     *rand.Rand
	top     node // the root node; its children are the root's legal moves
	tree    arena
	path    []*node // the nodes of the iteration in progress, root first
	moves   []rules.Move
	roll    rollout
	rolling bool // a playout of the iteration in progress is under way in scratch
	over    bool // the root position has no legal move
	iters   int
	depth   int
	now     func() time.Time // the clock Step reads; tests substitute a virtual one
}

// NewSearch starts a search from a copy of root. A finished (or nil) root gives a search
// that is done at once, whose Best is the zero Move.
func NewSearch(root rules.State, cfg Config) *Search {
	if !(cfg.Exploration > 0) {
		cfg.Exploration = DefaultExploration
	}
	if cfg.MaxNodes <= 0 {
		cfg.MaxNodes = DefaultMaxNodes
	}
	s := &Search{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, 0x6b6f6d612d6169)), now: time.Now}
	s.top.mover = rules.NoPlayer
	if root == nil {
		s.over = true
		return s
	}
	s.root = root.Clone()
	s.scratch = root.Clone()
	s.tree.limit = cfg.MaxNodes
	// The root is expanded whatever the node limit, so that Best is a real move from the
	// start; the children are shuffled, so an early Best is a fair random choice.
	if !s.expand(&s.top, s.root, true) {
		s.over = true
	}
	return s
}

// done reports whether further work cannot change the result.
func (s *Search) done() bool {
	return s.over || s.top.n == 1 || s.top.solved ||
		(s.cfg.Iterations > 0 && s.iters >= s.cfg.Iterations) || s.iters >= maxIterations
}

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
		s.work(quantum, maxIterations)
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
	target := s.iters + n
	for s.iters < target && !s.done() {
		s.work(quantum, target)
	}
	return s.done()
}

// Best returns the best move found so far. It is always legal in the root position, except
// for a search of a finished game, where it is the zero Move.
func (s *Search) Best() rules.Move {
	if b := s.best(); b != nil {
		return b.move
	}
	return rules.Move{}
}

// Stats reports the work done so far.
func (s *Search) Stats() Stats {
	st := Stats{Iterations: s.iters, Nodes: s.tree.used, Depth: s.depth, Solved: s.top.solved}
	if b := s.best(); b != nil {
		st.Visits = int(b.visits)
		switch {
		case b.solved && b.proven == b.mover:
			st.Value = 1
		case b.solved && b.proven == rules.NoPlayer:
			st.Value = 0.5
		case b.solved:
			st.Value = 0
		case b.visits > 0:
			st.Value = float64(b.score) / float64(2*b.visits)
		default:
			st.Value = 0.5
		}
	}
	return st
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
	m, err := NewSearch(root, Config{Seed: seed}).Run(ctx, level.ThinkTime())
	if err != nil {
		return m, fmt.Errorf("ai: think at level %s: %w", level, err)
	}
	return m, nil
}
