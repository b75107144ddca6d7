package think

import (
	"math"
	"time"

	"koma/rules"
	"koma/rules/ai"
)

// BrowserShare is the part of the page's time the browser runner gives the search: about
// a third leaves the rest of each frame to drawing, to the browser presenting it, and to
// input. Ebitengine catches up after a slow frame by running several ticks in the next
// one, so a per-tick budget would multiply exactly when time is short; a share of wall time
// does not.
const BrowserShare = 0.35

// minGrant is the smallest slice worth starting: below it the clock reads would cost more
// than the work.
const minGrant = 300 * time.Microsecond

// pacer hands out work time as a share of the wall time that passes, never more than max
// at once. It does arithmetic only; the caller brings the clock.
type pacer struct {
	share  float64
	max    time.Duration
	credit time.Duration
	last   time.Time
}

// grant returns how long the caller may work now, at time now.
func (p *pacer) grant(now time.Time) time.Duration {
	if !p.last.IsZero() && now.After(p.last) {
		p.credit += time.Duration(float64(now.Sub(p.last)) * p.share)
	}
	p.last = now
	p.credit = min(p.credit, p.max)
	if p.credit < minGrant {
		return 0
	}
	return p.credit
}

// spend records work done since the last grant.
func (p *pacer) spend(d time.Duration) { p.credit -= d }

// reset forgets the credit, for a new search: time that passed while nobody was thinking
// is not owed to anyone.
func (p *pacer) reset(now time.Time) { p.credit, p.last = p.max, now }

// Paced does the search on the caller's goroutine, like Sliced, but paced by the clock: each
// Tick works for the share of the time since the previous Tick, at most maxSlice. It is the
// browser's runner: the page's single thread gets the rest, however often the ticks come.
// As with Sliced, the budget counts the time actually worked.
type Paced struct {
	pace   pacer
	now    func() time.Time
	search *ai.Search
	left   time.Duration
	work   work
	done   bool
	line   int
	result Result
	prev   Result        // the Result of the latest delivered move
	last   time.Duration // the length of the last slice, for tests and measurements
}

// NewPaced returns an idle runner that gives the search share of the time, in slices of at
// most maxSlice.
func NewPaced(share float64, maxSlice time.Duration) *Paced {
	return &Paced{pace: pacer{share: share, max: maxSlice}, now: time.Now}
}

// Start implements Runner.
func (p *Paced) Start(job Job) {
	p.search = newSearch(job, &p.prev)
	p.left = job.Budget
	p.work = newWork(job)
	if p.work.fixed {
		p.left = math.MaxInt64 // the iterations end the job, not the clock
	}
	p.line = job.Line
	p.done = false
	p.pace.reset(p.now())
}

// Tick implements Runner.
func (p *Paced) Tick() {
	p.last = 0
	if p.search == nil || p.done {
		return
	}
	start := p.now()
	budget := min(p.pace.grant(start), p.left)
	if budget <= 0 && p.left > 0 {
		return
	}
	finished := p.left <= 0 || p.work.step(p.search, budget)
	spent := p.now().Sub(start)
	p.pace.spend(spent)
	p.left -= spent
	p.last = spent
	if finished || p.left <= 0 {
		p.finish()
	}
}

func (p *Paced) finish() {
	p.done = true
	p.result = resultOf(p.search, p.line)
}

// LastSlice is how long the last Tick worked.
func (p *Paced) LastSlice() time.Duration { return p.last }

// Poll implements Runner.
func (p *Paced) Poll() (rules.Move, bool) {
	if p.search == nil || !p.done {
		return rules.Move{}, false
	}
	p.search = nil
	p.prev = p.result
	return p.result.Move, true
}

// Busy implements Runner.
func (p *Paced) Busy() bool { return p.search != nil }

// Cancel implements Runner.
func (p *Paced) Cancel() { p.search, p.done = nil, false }

// MoveNow implements Runner: the search lives on the caller's goroutine, so its best
// move is taken on the spot.
func (p *Paced) MoveNow() {
	if p.search != nil && !p.done {
		p.finish()
	}
}

// Last implements Runner.
func (p *Paced) Last() Result { return p.prev }
