package app

import "time"

// Resting. Ebitengine runs Update and Draw 60 times a second whether or not anything
// changes; even when Draw paints nothing, each of those frames polls the window system and
// runs the scenes' Update, a few per cent of a core where OpenGL is done in software. So when
// nothing has needed the screen for restAfter ticks in a row, and nothing runs in the
// background, the app asks the loop to rest (Ebitengine's FPSModeVsyncOffMinimum): the loop
// then sleeps until input arrives or the app schedules a frame. Any change of the screen
// wakes it back to 60 ticks a second:
//
//   - input: every event (pointer, key, wheel, touch, window resize) wakes the loop, and a
//     key or button held down keeps it ticking (key repeat, drags);
//   - the scenes' animations and the "thinking" dots, through Invalidate and
//     InvalidatePart: a tick that asks for a frame is a busy tick;
//   - the fade between scenes, and notices appearing or expiring;
//   - the computer thinking (Runner.Busy), until its move has been collected;
//   - timers the scenes keep without asking for frames (a file dialog's answer): a resting
//     loop still ticks every restBeat, and the tick counter then follows the wall clock, so
//     that such timers expire on time to within restBeat.

// restAfter is how many ticks in a row must pass with nothing to do before the loop rests.
// Half a second: long enough for Ebitengine to finish presenting the last frame (it keeps
// presenting for a few frames after a change) and for a scene to chain one change to the
// next, short enough to rest soon after a click.
const restAfter = ebitenTPS / 2

// restBeat is how often a resting loop still ticks.
const restBeat = 250 * time.Millisecond

// rester switches the game loop between ticking 60 times a second and resting.
type rester interface {
	// rest lets the loop sleep until input arrives or a frame is scheduled.
	rest()
	// run returns the loop to 60 ticks a second.
	run()
	// wakeAfter schedules one frame after d; it replaces the previous schedule.
	wakeAfter(d time.Duration)
}

// pacer decides, tick by tick, whether the loop may rest.
type pacer struct {
	ctl rester // nil: never rest (tests, screenshots, the browser)
	// idle counts the ticks in a row with nothing to do.
	idle    int
	resting bool
	// rests and wakes count the times the loop went to rest and back to work.
	rests, wakes int
	// ranSince and ranTicks time the last stretch of work, for the trace.
	ranSince time.Time
	ranTicks int64
}

// tick is called at the end of every Update; busy says whether this tick changed, or is
// about to change, the screen, or whether something runs that must be watched. It reports
// whether the loop went to rest in this tick.
func (p *pacer) tick(busy bool) (rested bool) {
	if p.ctl == nil {
		return false
	}
	if p.ranSince.IsZero() {
		p.ranSince = time.Now()
	}
	if !p.resting {
		p.ranTicks++
	}
	if busy {
		p.idle = 0
		if p.resting {
			p.resting = false
			p.wakes++
			p.ranSince, p.ranTicks = time.Now(), 0
			p.ctl.run()
		}
		return false
	}
	p.idle++
	if !p.resting && p.idle >= restAfter {
		p.resting = true
		p.rests++
		p.ctl.rest()
		rested = true
	}
	if p.resting {
		p.ctl.wakeAfter(restBeat)
	}
	return rested
}

// FrameStats counts what the app did, for tests and tracing.
type FrameStats struct {
	// Ticks counts the Updates, Draws the Draw calls.
	Ticks, Draws int
	// Painted counts the frames whose scenes were all repainted, Parts those in which the
	// top scene repainted a part of itself, Composed those that only laid the fade or the
	// notices over the scenes as last painted.
	Painted, Parts, Composed int
	// Rests and Wakes count the times the loop went to rest and back to 60 ticks a second;
	// Resting says whether it rests now.
	Rests, Wakes int
	Resting      bool
}

// FrameStats returns the app's counters.
func (a *App) FrameStats() FrameStats {
	s := a.frames
	s.Rests, s.Wakes, s.Resting = a.pace.rests, a.pace.wakes, a.pace.resting
	return s
}
