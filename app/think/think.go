// Package think runs the AI without ever blocking the window. A Runner owns at most one
// search at a time; the app starts it when the computer is to move, polls it once per tick
// and cancels it when the position it was thinking about stops mattering (undo, rematch,
// leaving the game). Two runners share the interface: a goroutine on the desktop, and
// slices of work done inside Update in the browser, where a busy goroutine would freeze
// the page.
package think

import (
	"time"

	"koma/rules"
	"koma/rules/ai"
)

// Job describes one decision for the computer to make.
type Job struct {
	// State is the position; the runner searches a copy of it.
	State rules.State
	// Setting is how the computer plays: its level's style of play. The zero Setting is
	// Beginner.
	Setting ai.Setting
	// Budget is how long to think.
	Budget time.Duration
	// Seed makes the decision reproducible for a given amount of work after the same
	// earlier jobs: a full-strength search builds on the runner's last delivered one.
	Seed uint64
	// Line is how many moves of the principal continuation Result keeps, Best included;
	// zero keeps none, which spares the common case the walk down the tree.
	Line int
	// Iterations, when positive, makes the job a fixed amount of work: the search ends
	// after that many iterations (positions, for alpha-beta) whatever the clock says, and
	// Budget is not consulted. Such a search starts afresh rather than building on the
	// runner's last one, so that its result depends on the job alone: the same job gives
	// the same answer on every runner, on every platform and at any speed, which a review
	// of a game needs so that its judgements repeat.
	Iterations int
}

// Result is what the last delivered search found, beyond its move: the hint shows the
// line, the evaluation bar the value.
type Result struct {
	// Move is the move Poll delivered.
	Move rules.Move
	// Line is the expected continuation, Move first, at most Job.Line long.
	Line []rules.Move
	// Stats is the search's account of its work and of the position's value for the
	// player to move.
	Stats ai.Stats
	// search is the finished search, which the runner's next one may build on.
	search *ai.Search
}

// Runner runs one search at a time.
type Runner interface {
	// Start cancels any search in progress and begins thinking about job.
	Start(job Job)
	// Tick gives the runner a chance to work on the caller's goroutine; call it once per
	// frame. The goroutine runner does nothing here.
	Tick()
	// Poll returns the chosen move once the search is finished, exactly once per Start.
	Poll() (rules.Move, bool)
	// Busy reports whether a search is in progress or its result not yet collected.
	Busy() bool
	// Cancel abandons the search in progress; its result is never delivered.
	Cancel()
	// MoveNow ends the search in progress at once: its best move so far is delivered
	// by the next Poll (the goroutine runner needs at most one slice to notice). It
	// does nothing when no search is running.
	MoveNow()
	// Last is the Result of the move the latest successful Poll delivered.
	Last() Result
}

// New returns the runner suited to this platform.
func New() Runner { return newPlatform() }

// sliceLimit is the longest single Step of the goroutine runner, so that a cancelled
// search stops promptly.
const sliceLimit = 20 * time.Millisecond

// BrowserSlice is how much work the browser runner does per frame: it leaves most of a
// 60 Hz frame to drawing and the page.
const BrowserSlice = 6 * time.Millisecond

// newSearch is shared by the runners so that they make the same decision from the same
// jobs and amount of work. It keeps what the search behind last, the runner's latest
// delivered Result, learnt about the job's position (ai.NewSearchAfter): by then that
// search is finished and nothing else touches it, and the new search takes its tree over.
// Then it lets go of that search, which holds nothing more.
func newSearch(job Job, last *Result) *ai.Search {
	prev := last.search
	if job.Iterations > 0 {
		prev = nil // a fixed amount of work starts afresh (see Job.Iterations)
	}
	s := ai.NewSearchAfter(prev, job.State, job.Setting, job.Seed)
	last.search = nil
	return s
}

// iterationChunk is how many iterations a fixed-work job does between two looks at the
// clock: a few dozen take well under a millisecond in every game, so a slice overruns its
// time by little, and the clock is read rarely enough to cost nothing.
const iterationChunk = 32

// work is what a job has left to do: time for most, iterations for a fixed-work job.
type work struct {
	fixed bool
	iters int
}

func newWork(job Job) work { return work{fixed: job.Iterations > 0, iters: job.Iterations} }

// step works on s for about d and reports whether the job is finished: the search has
// nothing left to do or, for a fixed-work job, its iterations are done. A fixed-work job
// counts iterations, never time, so how its work is sliced does not change its result.
func (w *work) step(s *ai.Search, d time.Duration) bool {
	if !w.fixed {
		return s.Step(d)
	}
	start := time.Now()
	for w.iters > 0 {
		n := min(w.iters, iterationChunk)
		w.iters -= n
		if s.StepIterations(n) {
			return true
		}
		if time.Since(start) >= d {
			break
		}
	}
	return w.iters <= 0
}

// resultOf collects what the finished search found.
func resultOf(s *ai.Search, line int) Result {
	r := Result{Move: s.Best(), Stats: s.Stats(), search: s}
	if line > 0 {
		r.Line = s.Line(line)
	}
	return r
}
