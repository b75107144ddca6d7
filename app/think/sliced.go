package think

import (
	"time"

	"koma/rules"
	"koma/rules/ai"
)

// Sliced does the search on the caller's goroutine, a slice per Tick. It is the runner of
// the browser build, and works anywhere.
type Sliced struct {
	slice  time.Duration
	search *ai.Search
	left   time.Duration // thinking time not yet spent
	done   bool
	best   rules.Move
}

// NewSliced returns an idle runner doing up to slice of work per Tick.
func NewSliced(slice time.Duration) *Sliced { return &Sliced{slice: slice} }

// Start implements Runner.
func (s *Sliced) Start(job Job) {
	s.search = newSearch(job)
	s.left = job.Budget
	s.done = false
}

// Tick implements Runner. The budget is charged with the time actually spent, so a slow
// frame does not stretch the computer's thinking time.
func (s *Sliced) Tick() {
	if s.search == nil || s.done {
		return
	}
	start := time.Now()
	finished := s.search.Step(min(s.slice, max(s.left, 0)))
	s.left -= time.Since(start)
	if finished || s.left <= 0 {
		s.done = true
		s.best = s.search.Best()
	}
}

// Poll implements Runner.
func (s *Sliced) Poll() (rules.Move, bool) {
	if s.search == nil || !s.done {
		return rules.Move{}, false
	}
	s.search = nil
	return s.best, true
}

// Busy implements Runner.
func (s *Sliced) Busy() bool { return s.search != nil }

// Cancel implements Runner.
func (s *Sliced) Cancel() { s.search, s.done = nil, false }
