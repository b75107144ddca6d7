package app

import (
	"math"
	"testing"
	"time"
)

// meterTick is one Update as the meter sees it.
type meterTick struct {
	at   time.Duration // since the start of the test
	work time.Duration
	busy bool
	draw painting
}

// sixtieths returns n ticks at 60 per second from start, busy as given. Each time is
// computed from the start, so that the ticks land on whole seconds exactly.
func sixtieths(start time.Duration, n int, busy bool) []meterTick {
	out := make([]meterTick, n)
	for i := range out {
		out[i] = meterTick{at: start + time.Duration(i)*time.Second/60, work: time.Millisecond, busy: busy}
	}
	return out
}

// near compares measurements made of nanosecond durations.
func near(a, b float64) bool { return math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(b)) }

func TestThinkMeter(t *testing.T) {
	t0 := time.Unix(5000, 0)
	tests := []struct {
		name      string
		ticks     []meterTick
		thinking  bool
		searches  int
		nTicks    int
		seconds   float64
		worst     float64 // the expected WorstTPS
		perSecond int
		maxGapMS  float64
	}{
		{
			name:  "idle ticks are not measured",
			ticks: sixtieths(0, 30, false),
		},
		{
			// Busy from the first tick; the 181st tick, 3 s later, finds the search done.
			name:      "three seconds at 60 ticks per second",
			ticks:     append(sixtieths(0, 180, true), meterTick{at: 3 * time.Second}),
			searches:  1,
			nTicks:    180,
			seconds:   3,
			worst:     60,
			perSecond: 3,
			maxGapMS:  1000.0 / 60,
		},
		{
			// One second at 60, then a frozen half second, then 60 again: the second that
			// holds the freeze counts fewer ticks.
			name: "a freeze shows in the worst second and the longest gap",
			ticks: append(append(sixtieths(0, 61, true),
				sixtieths(time.Second+500*time.Millisecond, 120, true)...),
				meterTick{at: 3*time.Second + 500*time.Millisecond}),
			searches: 1,
			nTicks:   181,
			seconds:  3.5,
			// The second second runs from t=1 s to the first tick at or after t=2 s:
			// ticks at 1.5 s + k/60 up to k=30 (t=2 s), 31 ticks over exactly 1 s.
			worst:     31,
			perSecond: 3,
			maxGapMS:  500,
		},
		{
			name:     "a window in progress is reported as such",
			ticks:    sixtieths(0, 31, true),
			thinking: true,
			nTicks:   30,
			seconds:  0.5,
			worst:    60, // shorter than two seconds: the average stands in
			maxGapMS: 1000.0 / 60,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var m thinkMeter
			for _, tk := range tc.ticks {
				m.tick(t0.Add(tk.at), tk.work, tk.busy)
				m.frame(tk.draw)
			}
			s, thinking := m.stats()
			if thinking != tc.thinking {
				t.Fatalf("thinking = %v, want %v", thinking, tc.thinking)
			}
			if s.Searches != tc.searches || s.Ticks != tc.nTicks {
				t.Fatalf("searches %d, ticks %d; want %d, %d", s.Searches, s.Ticks, tc.searches, tc.nTicks)
			}
			if tc.nTicks == 0 {
				return
			}
			if !near(s.Seconds, tc.seconds) {
				t.Errorf("seconds %v, want %v", s.Seconds, tc.seconds)
			}
			if want := float64(tc.nTicks) / tc.seconds; !near(s.TPS, want) {
				t.Errorf("TPS %v, want %v", s.TPS, want)
			}
			if !near(s.WorstTPS, tc.worst) {
				t.Errorf("worst %v, want %v (per second %v)", s.WorstTPS, tc.worst, s.PerSecond)
			}
			if len(s.PerSecond) != tc.perSecond {
				t.Errorf("%d whole seconds, want %d", len(s.PerSecond), tc.perSecond)
			}
			if !near(s.MaxGapMS, tc.maxGapMS) {
				t.Errorf("longest gap %v ms, want %v", s.MaxGapMS, tc.maxGapMS)
			}
		})
	}
}

func TestThinkMeterFramesAndWork(t *testing.T) {
	t0 := time.Unix(0, 0)
	var m thinkMeter
	m.frame(paintedAll) // before any search: not counted
	works := []time.Duration{2 * time.Millisecond, 6 * time.Millisecond, 3 * time.Millisecond}
	draws := []painting{paintedNothing, paintedPart, paintedAll}
	for i, w := range works {
		m.tick(t0.Add(time.Duration(i)*time.Second/60), w, true)
		m.frame(draws[i])
	}
	m.tick(t0.Add(time.Second/20), 0, false)
	s, _ := m.stats()
	if s.Frames != 3 || s.Parts != 1 || s.Painted != 1 {
		t.Errorf("frames %d, parts %d, painted %d; want 3, 1, 1", s.Frames, s.Parts, s.Painted)
	}
	if !near(s.WorkMS, 11) || !near(s.MaxSliceMS, 6) {
		t.Errorf("work %v ms, longest slice %v ms; want 11, 6", s.WorkMS, s.MaxSliceMS)
	}
	// A second search starts afresh.
	m.tick(t0.Add(time.Second), time.Millisecond, true)
	s, thinking := m.stats()
	if !thinking || s.Frames != 0 || !near(s.WorkMS, 1) || s.Searches != 1 {
		t.Errorf("second window %+v (thinking %v); want a fresh one after one search", s, thinking)
	}
}
