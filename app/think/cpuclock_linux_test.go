package think

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is CLOCK_THREAD_CPUTIME_ID from <time.h>.
const clockThreadCPUTime = 3

// threadClock returns a clock of the CPU time of the calling OS thread, and a function to
// call when done. Time the thread spends waiting for a core does not count, so slices
// measured with it do not grow when other processes load the machine.
func threadClock() (now func() time.Duration, done func()) {
	runtime.LockOSThread()
	now = func() time.Duration {
		var ts syscall.Timespec
		if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
			return 0
		}
		return time.Duration(ts.Nano())
	}
	return now, runtime.UnlockOSThread
}

const threadClockName = "thread CPU time"
