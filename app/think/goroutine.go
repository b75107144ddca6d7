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
	result chan rules.Move
}

// NewGoroutine returns an idle goroutine runner.
func NewGoroutine() *Goroutine { return &Goroutine{} }

// Start implements Runner.
func (g *Goroutine) Start(job Job) {
	g.Cancel()
	cancel := new(atomic.Bool)
	result := make(chan rules.Move, 1)
	g.cancel, g.result = cancel, result
	search := newSearch(job)
	go func() {
		deadline := time.Now().Add(job.Budget)
		for !cancel.Load() {
			left := time.Until(deadline)
			if left <= 0 || search.Step(min(left, sliceLimit)) {
				break
			}
		}
		if !cancel.Load() {
			result <- search.Best()
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
	case m := <-g.result:
		g.cancel, g.result = nil, nil
		return m, true
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
	g.cancel, g.result = nil, nil
}
