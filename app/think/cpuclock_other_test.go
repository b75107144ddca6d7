//go:build !linux

package think

import "time"

// threadClock falls back to the wall clock where the thread's CPU time is not at hand;
// slices then include any time the machine gave to other work.
func threadClock() (now func() time.Duration, done func()) {
	start := time.Now()
	return func() time.Duration { return time.Since(start) }, func() {}
}

const threadClockName = "wall time"
