package think

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"koma/rules"
	"koma/rules/catalog"
)

// sliceMargin is how far one browser slice may run past its budget. The search reads the
// clock every few dozen decisions; in the browser the runner's budget leaves most of a
// frame free, and a slice that overran by more than this would eat into it.
const sliceMargin = BrowserSlice / 4

// TestSliceBudget runs the browser's runner on every real game, from the start and from
// positions a few dozen random moves in, and checks that no single Tick works longer than
// its slice plus sliceMargin. Time is measured as the thread's CPU time (on Linux), so that
// the test holds on a busy machine; the wall time is logged for comparison.
func TestSliceBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real games' search for a few seconds")
	}
	specs, err := catalog.All.Specs()
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range specs {
		text := spec.String()
		for _, plies := range []int{0, 12} {
			st, err := spec.New()
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(plies), 5))
			for i := 0; i < plies; i++ {
				legal := st.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				st.Apply(legal[rng.IntN(len(legal))])
			}
			if _, over := st.Outcome(); over {
				continue
			}
			t.Run(fmt.Sprintf("%s@%d", text, plies), func(t *testing.T) { checkSlices(t, st) })
		}
	}
}

// checkSlices ticks a paced runner with a full share, so that every Tick is granted a full
// BrowserSlice, and measures each slice.
func checkSlices(t *testing.T, st rules.State) {
	cpu, done := threadClock()
	defer done()
	r := NewPaced(1, BrowserSlice)
	r.Start(Job{State: st, Budget: 300 * time.Millisecond, Seed: 11})
	var worstCPU, worstWall time.Duration
	slices := 0
	for r.Busy() {
		c0, w0 := cpu(), time.Now()
		r.Tick()
		c, w := cpu()-c0, time.Since(w0)
		if r.LastSlice() > 0 {
			slices++
			worstCPU, worstWall = max(worstCPU, c), max(worstWall, w)
		}
		if _, ok := r.Poll(); ok {
			break
		}
	}
	t.Logf("%d slices of %v: longest %v of %s, %v of wall time", slices, BrowserSlice, worstCPU, threadClockName, worstWall)
	if slices == 0 {
		t.Fatal("the search did no work")
	}
	if worstCPU > BrowserSlice+sliceMargin {
		t.Errorf("a slice took %v (%s), more than %v + %v", worstCPU, threadClockName, BrowserSlice, sliceMargin)
	}
}
