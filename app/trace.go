package app

import (
	"fmt"
	"os"
	"time"
)

// TraceEnv names the environment variable that makes the app report its start-up on
// standard error: when it is set (to anything), the app prints the time of each step up to
// the first frame shown, and one line build/idle.sh reads:
//
//	koma: first frame at unix-ns 1732800000123456789
//
// the wall-clock time at which the first complete frame had been presented, that is the
// start of the frame after it (Ebitengine renders and presents a frame after Draw returns).
// Afterwards it reports each time the loop goes to rest, with the tick rate while it ran.
const TraceEnv = "KOMA_TRACE_START"

// startTrace records the steps of start-up; it does nothing unless TraceEnv is set.
type startTrace struct {
	on    bool
	done  bool
	begin time.Time
	last  time.Time
	// painted is set by the first Draw that painted the whole screen.
	painted bool
}

func newStartTrace() startTrace {
	t := startTrace{on: os.Getenv(TraceEnv) != ""}
	if t.on {
		t.begin = time.Now()
		t.last = t.begin
		fmt.Fprintf(os.Stderr, "koma: trace: app.New at unix-ns %d\n", t.begin.UnixNano())
	}
	return t
}

// step reports one step of start-up with the time since the previous one.
func (t *startTrace) step(what string) {
	if !t.on || t.done {
		return
	}
	now := time.Now()
	fmt.Fprintf(os.Stderr, "koma: trace: %-28s %7.1f ms (+%.1f ms)\n", what, ms(now.Sub(t.begin)), ms(now.Sub(t.last)))
	t.last = now
}

// frameStart is called at the start of every Update and Draw: the first one after the
// first painted frame marks the moment that frame was presented.
func (t *startTrace) frameStart() {
	if !t.on || t.done || !t.painted {
		return
	}
	t.step("first frame presented")
	fmt.Fprintf(os.Stderr, "koma: first frame at unix-ns %d\n", time.Now().UnixNano())
	t.done = true
}

// rested reports, when tracing, that the loop goes to rest after running ticks ticks since
// it last woke at since.
func (t *startTrace) rested(ticks int64, since time.Time, frames FrameStats) {
	if !t.on {
		return
	}
	el := time.Since(since)
	fmt.Fprintf(os.Stderr, "koma: trace: rest after %d ticks in %.2f s (%.1f/s); so far %d full paints, %d parts, %d composed\n",
		ticks, el.Seconds(), float64(ticks)/el.Seconds(), frames.Painted, frames.Parts, frames.Composed)
}
