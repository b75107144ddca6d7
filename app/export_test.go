package app

import "time"

// restLog is a rester for tests: it records what the app asks of the game loop instead of
// asking Ebitengine, which runs the tests' own loop.
type restLog struct {
	resting     bool
	rests, runs int
	beats       int
	lastBeat    time.Duration
}

func (r *restLog) rest()                     { r.resting = true; r.rests++ }
func (r *restLog) run()                      { r.resting = false; r.runs++ }
func (r *restLog) wakeAfter(d time.Duration) { r.beats++; r.lastBeat = d }

// WatchRest lets a rest as the desktop app does, with a rester that only keeps count (see
// FrameStats), for tests outside the package.
func WatchRest(a *App) { a.pace.ctl = &restLog{} }

// RestAfter is restAfter, for tests outside the package.
const RestAfter = restAfter
