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
	// Seed makes the decision reproducible for a given amount of work.
	Seed uint64
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
}

// New returns the runner suited to this platform.
func New() Runner { return newPlatform() }

// sliceLimit is the longest single Step of the goroutine runner, so that a cancelled
// search stops promptly.
const sliceLimit = 20 * time.Millisecond

// BrowserSlice is how much work the browser runner does per frame: it leaves most of a
// 60 Hz frame to drawing and the page.
const BrowserSlice = 6 * time.Millisecond

// newSearch is shared by both runners so that they make the same decision from the same
// job and amount of work.
func newSearch(job Job) *ai.Search {
	return ai.NewSearchFor(job.State, job.Setting, job.Seed)
}
