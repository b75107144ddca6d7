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
	work   work
	done   bool
	line   int
	result Result
	last   Result
}

// NewSliced returns an idle runner doing up to slice of work per Tick.
func NewSliced(slice time.Duration) *Sliced { return &Sliced{slice: slice} }

// Start implements Runner.
func (s *Sliced) Start(job Job) {
	s.search = newSearch(job, &s.last)
	s.left = job.Budget
	s.work = newWork(job)
	s.line = job.Line
	s.done = false
}

// Tick implements Runner. The budget is charged with the time actually spent, so a slow
// frame does not stretch the computer's thinking time.
func (s *Sliced) Tick() {
	if s.search == nil || s.done {
		return
	}
	start := time.Now()
	d := min(s.slice, max(s.left, 0))
	if s.work.fixed {
		d = s.slice
	}
	finished := s.work.step(s.search, d)
	s.left -= time.Since(start)
	if finished || (!s.work.fixed && s.left <= 0) {
		s.finish()
	}
}

func (s *Sliced) finish() {
	s.done = true
	s.result = resultOf(s.search, s.line)
}

// Poll implements Runner.
func (s *Sliced) Poll() (rules.Move, bool) {
	if s.search == nil || !s.done {
		return rules.Move{}, false
	}
	s.search = nil
	s.last = s.result
	return s.result.Move, true
}

// Busy implements Runner.
func (s *Sliced) Busy() bool { return s.search != nil }

// Cancel implements Runner.
func (s *Sliced) Cancel() { s.search, s.done = nil, false }

// MoveNow implements Runner: the search already lives on the caller's goroutine, so
// its best move is taken on the spot.
func (s *Sliced) MoveNow() {
	if s.search != nil && !s.done {
		s.finish()
	}
}

// Last implements Runner.
func (s *Sliced) Last() Result { return s.last }
