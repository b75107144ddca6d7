//go:build !js

package app

// missedClick reports clicks the polled device state missed; desktop windows deliver every
// press and release to the poll, so there are none.
func missedClick() (x, y float64, ok bool) { return 0, 0, false }
