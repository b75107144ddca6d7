//go:build !js

package app

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// loopRester rests Ebitengine's loop with FPSModeVsyncOffMinimum, in which Update and Draw
// run only when input arrives or ScheduleFrame is called, and restores the mode it found
// when there is work again. Ebitengine v2.5 deprecated the mode in favour of
// SetScreenClearedEveryFrame(false) and skipping Draw, which the app does too; but that
// alone still runs the loop 60 times a second, while the mode still works on desktops in
// v2.8. It is only called from Update, on the game's goroutine.
type loopRester struct {
	prev  ebiten.FPSModeType
	timer *time.Timer
}

func newRester() rester { return &loopRester{} }

func (r *loopRester) rest() {
	r.prev = ebiten.FPSMode()
	ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
}

func (r *loopRester) run() {
	if r.timer != nil {
		r.timer.Stop()
	}
	ebiten.SetFPSMode(r.prev)
}

func (r *loopRester) wakeAfter(d time.Duration) {
	if r.timer == nil {
		// ScheduleFrame is safe from any goroutine: it posts an empty window event.
		r.timer = time.AfterFunc(d, ebiten.ScheduleFrame)
		return
	}
	r.timer.Reset(d)
}
