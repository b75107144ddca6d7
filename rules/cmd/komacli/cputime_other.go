//go:build !unix

package main

import "time"

// cpuTime is not available here; the benchmark then reports wall-clock figures only.
func cpuTime() (time.Duration, bool) { return 0, false }
