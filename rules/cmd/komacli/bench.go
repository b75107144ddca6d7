package main

import (
	"math/bits"
	"math/rand/v2"
	"time"

	"koma/rules"
	"koma/rules/ai"
)

// benchSlice is how long the benchmark runs one workload before it switches to the other.
// Alternating short slices exposes both workloads to the same load from other processes,
// so their ratio stays steady on a shared machine even when the raw rates do not.
const benchSlice = 50 * time.Millisecond

// meter accumulates the work done by one workload and the time it took.
type meter struct {
	count     float64
	wall, cpu time.Duration
}

func (m *meter) perWall() float64 { return m.count / m.wall.Seconds() }
func (m *meter) perCPU() float64  { return m.count / m.cpu.Seconds() }

// timed runs f, which returns the work it did, and charges it to m.
func (m *meter) timed(f func() float64) {
	cpu0, cpuOK := cpuTime()
	wall0 := time.Now()
	m.count += f()
	m.wall += time.Since(wall0)
	if cpu1, ok := cpuTime(); ok && cpuOK {
		m.cpu += cpu1 - cpu0
	}
}

type benchResult struct {
	// playouts and turns are start's; other and otherTurns those of the game it is
	// compared with, if any.
	playouts, other, baseline meter
	turns, otherTurns         int
}

// benchRun plays random playouts from start for about budget, in slices that alternate
// with playouts from against, when it is not nil, and with the reference workload when
// baseline is set.
func benchRun(start, against rules.State, seed uint64, budget time.Duration, baseline bool) benchResult {
	var r benchResult
	rng := rand.New(rand.NewPCG(seed, 0x62656e6368))
	var buf []rules.Move
	// slice plays from one start for one slice, adding up its turns.
	slice := func(start rules.State, turns *int) func() float64 {
		scratch := start.Clone()
		return func() float64 {
			n := 0
			for t0 := time.Now(); time.Since(t0) < benchSlice; {
				// Check the clock every few playouts so timing does not dominate short games.
				for i := 0; i < 16; i++ {
					scratch.CopyFrom(start)
					var t int
					_, t, buf = ai.Playout(scratch, rng, buf)
					*turns += t
					n++
				}
			}
			return float64(n)
		}
	}
	own := slice(start, &r.turns)
	var other func() float64
	if against != nil {
		other = slice(against, &r.otherTurns)
	}
	ref := newReference(seed)
	began := time.Now()
	// At least one slice runs, so that every rate has something to divide.
	for first := true; first || time.Since(began) < budget; first = false {
		r.playouts.timed(own)
		if other != nil {
			r.other.timed(other)
		}
		if baseline {
			r.baseline.timed(func() float64 {
				n := 0
				for t0 := time.Now(); time.Since(t0) < benchSlice; n += 16 {
					ref.run(16)
				}
				return float64(n)
			})
		}
	}
	return r
}

// reference is the fixed workload that speed figures are quoted against. It is a random
// walk through a small table with shifts, masks and population counts, the kind of work a
// move generator does, and it never changes, so a ratio to it compares runs made on
// different days and under different loads.
type reference struct {
	table [256]uint64
	x     uint64
}

func newReference(seed uint64) *reference {
	r := &reference{x: seed | 1}
	for i := range r.table {
		r.x = r.x*6364136223846793005 + 1442695040888963407
		r.table[i] = r.x
	}
	return r
}

// run performs n units of reference work, each a few microseconds long.
func (r *reference) run(n int) {
	x := r.x
	for range n {
		for range 1000 {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			t := &r.table[x&255]
			*t += uint64(bits.OnesCount64(x & *t))
			x += *t
		}
	}
	r.x = x
}

// genericState hides a game's optional capabilities, RandomMover in particular, so that
// playouts draw every move from LegalMoves as the first version of the AI did.
type genericState struct{ rules.State }

func (g *genericState) Clone() rules.State { return &genericState{g.State.Clone()} }

func (g *genericState) CopyFrom(src rules.State) { g.State.CopyFrom(src.(*genericState).State) }
