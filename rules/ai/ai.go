// Package ai plays any game through the rules interface alone.
//
// CONTRACT STUB: the AI helper replaces the internals; the exported API below is what the
// app and komacli rely on.
package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
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

// String is the level's stable name, also its i18n key suffix ("level.<name>").
func (l Level) String() string { return levelNames[l] }

// ParseLevel reads a level name.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if n == s {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("ai: unknown level %q", s)
}

// ThinkTime is how long the level thinks per decision.
func (l Level) ThinkTime() time.Duration {
	return []time.Duration{100 * time.Millisecond, 300 * time.Millisecond, time.Second, 3 * time.Second, 8 * time.Second}[l]
}

// Config sets up a search.
type Config struct {
	// Seed makes the search reproducible.
	Seed uint64
}

// Stats describes the work done so far.
type Stats struct {
	Iterations int
}

// Search is a search in progress. It advances only inside Step, so the caller decides when
// the work happens: in a goroutine on the desktop, a few milliseconds per frame in a browser.
type Search struct {
	root  rules.State
	rng   *rand.Rand
	best  rules.Move
	stats Stats
}

// NewSearch starts a search from a copy of root, which must not be over.
func NewSearch(root rules.State, cfg Config) *Search {
	s := &Search{root: root.Clone(), rng: rand.New(rand.NewPCG(cfg.Seed, 1))}
	moves := s.root.LegalMoves(nil)
	s.best = moves[s.rng.IntN(len(moves))]
	return s
}

// Step does up to budget of work and reports whether the search has nothing left to do.
func (s *Search) Step(budget time.Duration) (done bool) {
	s.stats.Iterations++
	return true
}

// Best returns the best move found so far. It is always legal in the root position.
func (s *Search) Best() rules.Move { return s.best }

// Stats reports the work done so far.
func (s *Search) Stats() Stats { return s.stats }

// Think runs a search for the level's think time, or until ctx ends, in slices, and returns
// the best move.
func Think(ctx context.Context, root rules.State, level Level, seed uint64) (rules.Move, error) {
	s := NewSearch(root, Config{Seed: seed})
	deadline := time.Now().Add(level.ThinkTime())
	for time.Now().Before(deadline) {
		if ctx.Err() != nil {
			break
		}
		if s.Step(10 * time.Millisecond) {
			break
		}
	}
	return s.Best(), nil
}
