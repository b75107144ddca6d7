//go:build js

package app

import (
	"sync"
	"syscall/js"
)

// Ebitengine polls the mouse and touch state once per tick, so a press and release that
// both happen between two ticks leave no trace: a quick tap, or any click while a slow
// frame is being drawn, would be lost. The page's pointer events are kept here to find
// those clicks; mouse, pen and touch all send them.

type pointerEvent struct {
	down bool
	x, y float64 // CSS pixels, relative to the canvas
}

var pointers struct {
	once   sync.Once
	mu     sync.Mutex
	events []pointerEvent
}

func listenPointers() {
	record := func(down bool) js.Func {
		return js.FuncOf(func(_ js.Value, args []js.Value) any {
			e := args[0]
			if !e.Get("isPrimary").Truthy() || e.Get("button").Int() > 0 {
				return nil
			}
			target := e.Get("target")
			if target.Get("tagName").String() != "CANVAS" {
				return nil
			}
			r := target.Call("getBoundingClientRect")
			ev := pointerEvent{down: down,
				x: e.Get("clientX").Float() - r.Get("left").Float(),
				y: e.Get("clientY").Float() - r.Get("top").Float()}
			pointers.mu.Lock()
			// A page that never ticks (a hidden tab) must not grow the log for ever.
			if len(pointers.events) < 64 {
				pointers.events = append(pointers.events, ev)
			}
			pointers.mu.Unlock()
			return nil
		})
	}
	// Capture on the window sees the events before anything can stop them. The functions
	// live as long as the page.
	opts := map[string]any{"capture": true, "passive": true}
	js.Global().Call("addEventListener", "pointerdown", record(true), opts)
	js.Global().Call("addEventListener", "pointerup", record(false), opts)
}

// missedClick returns, in CSS pixels, a click that began and ended since the previous call.
func missedClick() (x, y float64, ok bool) {
	pointers.once.Do(listenPointers)
	pointers.mu.Lock()
	defer pointers.mu.Unlock()
	downSeen := false
	for _, ev := range pointers.events {
		switch {
		case ev.down:
			downSeen = true
		case downSeen:
			x, y, ok = ev.x, ev.y, true
			downSeen = false
		}
	}
	pointers.events = pointers.events[:0]
	return x, y, ok
}
