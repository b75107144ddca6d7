package think

import (
	"sync/atomic"
	"time"

	"koma/rules"
)

// Goroutine runs each search on a goroutine of its own. Results travel over a channel
// that belongs to one search, so a cancelled search can never deliver into a later one.
type Goroutine struct {
	cancel *atomic.Bool
	hurry  *atomic.Bool
	result chan Result
	last   Result
}

// NewGoroutine returns an idle goroutine runner.
func NewGoroutine() *Goroutine { return &Goroutine{} }

// Start implements Runner.
func (g *Goroutine) Start(job Job) {
	g.Cancel()
	cancel, hurry := new(atomic.Bool), new(atomic.Bool)
	result := make(chan Result, 1)
	g.cancel, g.hurry, g.result = cancel, hurry, result
	search := newSearch(job, &g.last)
	w := newWork(job)
	go func() {
		deadline := time.Now().Add(job.Budget)
		for !cancel.Load() && !hurry.Load() {
			left := time.Until(deadline)
			if w.fixed {
				left = sliceLimit // the iterations end the job, not the clock
			}
			if left <= 0 || w.step(search, min(left, sliceLimit)) {
				break
			}
		}
		if !cancel.Load() {
			result <- resultOf(search, job.Line)
		}
	}()
}

// Tick implements Runner; the goroutine does all the work.
func (g *Goroutine) Tick() {}

// Poll implements Runner.
func (g *Goroutine) Poll() (rules.Move, bool) {
	if g.result == nil {
		return rules.Move{}, false
	}
	select {
	case r := <-g.result:
		g.cancel, g.hurry, g.result = nil, nil, nil
		g.last = r
		return r.Move, true
	default:
		return rules.Move{}, false
	}
}

// Busy implements Runner.
func (g *Goroutine) Busy() bool { return g.result != nil }

// Cancel implements Runner.
func (g *Goroutine) Cancel() {
	if g.cancel != nil {
		g.cancel.Store(true)
	}
	g.cancel, g.hurry, g.result = nil, nil, nil
}

// MoveNow implements Runner. The goroutine owns the search, so it is asked to stop
// after its current slice rather than read from here.
func (g *Goroutine) MoveNow() {
	if g.hurry != nil {
		g.hurry.Store(true)
	}
}

// Last implements Runner.
func (g *Goroutine) Last() Result { return g.last }
