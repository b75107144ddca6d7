//go:build linux && !race

package scenes

import (
	"fmt"
	"os"
	"syscall"
	"testing"
)

// maxPeakRSS bounds the resident memory of the scene tests, so that they keep passing on
// machines with little memory. They peak at about 0.7 GB under Xvfb's software GL; they
// reached 8 GB when all their drawing happened within one frame.
const maxPeakRSS = 1 << 30

// peakMemoryOK reports whether the test process stayed under maxPeakRSS, and says why
// not when it did not.
func peakMemoryOK() bool {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		fmt.Fprintln(os.Stderr, "scenes: reading the peak memory:", err)
		return true
	}
	peak := ru.Maxrss << 10 // kilobytes on Linux
	if testing.Verbose() {
		fmt.Printf("scenes: peak resident memory %d MB\n", peak>>20)
	}
	if peak > maxPeakRSS {
		fmt.Fprintf(os.Stderr, "FAIL: the scene tests peaked at %d MB of resident memory, over the %d MB allowed: "+
			"is something drawing outside the frames of main_test.go, or keeping harnesses alive?\n", peak>>20, maxPeakRSS>>20)
		return false
	}
	return true
}
