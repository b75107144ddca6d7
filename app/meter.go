package app

import "time"

// ThinkStats tells how smoothly the app ran while the computer thought. It exists for the
// browser, where the search shares the page's only thread with drawing and input: there a
// search that overstays its slices shows up at once as a low tick rate or a long gap.
type ThinkStats struct {
	// Searches counts the thinking windows finished so far.
	Searches int `json:"searches"`
	// Seconds is the length of the window, from the tick that started the search to the
	// tick after it ended.
	Seconds float64 `json:"seconds"`
	// Ticks counts the ticks (Update calls) within the window.
	Ticks int `json:"ticks"`
	// TPS is Ticks per second over the whole window.
	TPS float64 `json:"tps"`
	// WorstTPS is the lowest tick rate of any whole second of the window, or TPS when the
	// window was shorter than two seconds.
	WorstTPS float64 `json:"worstTps"`
	// PerSecond is the tick rate of each whole second of the window, in order.
	PerSecond []float64 `json:"perSecond,omitempty"`
	// Frames counts the frames shown, Painted those that repainted the whole screen and
	// Parts those that repainted only a part (see Context.InvalidatePart).
	Frames  int `json:"frames"`
	Painted int `json:"painted"`
	Parts   int `json:"parts"`
	// MaxGapMS is the longest time between two ticks, in milliseconds.
	MaxGapMS float64 `json:"maxGapMs"`
	// WorkMS is the time the runner worked inside ticks, and MaxSliceMS the longest of
	// those slices; both zero for a runner that works on a goroutine of its own.
	WorkMS     float64 `json:"workMs"`
	MaxSliceMS float64 `json:"maxSliceMs"`
}

// thinkMeter accumulates ThinkStats tick by tick. The clock is passed in, so that the
// arithmetic can be tested without waiting.
type thinkMeter struct {
	busy      bool
	start     time.Time
	last      time.Time // previous tick
	cur       ThinkStats
	done      ThinkStats // the last finished window
	searches  int
	secStart  time.Time // start of the second being counted
	secTicks  int
	fullSecs  int
	worstRate float64
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// tick records one Update at now, in which the runner worked for work; busy is whether a
// search is in progress after it.
func (m *thinkMeter) tick(now time.Time, work time.Duration, busy bool) {
	if !m.busy {
		if !busy {
			return
		}
		// The search started in this tick: the window opens here.
		m.busy = true
		m.start, m.last, m.secStart = now, now, now
		m.cur = ThinkStats{Searches: m.searches}
		m.secTicks, m.fullSecs, m.worstRate = 0, 0, 0
		m.addWork(work)
		return
	}
	m.cur.Ticks++
	m.secTicks++
	m.cur.MaxGapMS = max(m.cur.MaxGapMS, ms(now.Sub(m.last)))
	m.last = now
	m.addWork(work)
	if el := now.Sub(m.secStart); el >= time.Second {
		rate := float64(m.secTicks) / el.Seconds()
		m.cur.PerSecond = append(m.cur.PerSecond, rate)
		if m.fullSecs == 0 || rate < m.worstRate {
			m.worstRate = rate
		}
		m.fullSecs++
		m.secStart, m.secTicks = now, 0
	}
	m.cur.Seconds = now.Sub(m.start).Seconds()
	if m.cur.Seconds > 0 {
		m.cur.TPS = float64(m.cur.Ticks) / m.cur.Seconds
	}
	m.cur.WorstTPS = m.cur.TPS
	if m.fullSecs >= 2 {
		m.cur.WorstTPS = m.worstRate
	}
	if !busy {
		m.busy = false
		m.searches++
		m.cur.Searches = m.searches
		m.done = m.cur
	}
}

func (m *thinkMeter) addWork(work time.Duration) {
	m.cur.WorkMS += ms(work)
	m.cur.MaxSliceMS = max(m.cur.MaxSliceMS, ms(work))
}

// painting says how much of the screen a frame repainted.
type painting int

const (
	paintedNothing painting = iota
	paintedPart
	paintedAll
	// paintedLayer laid the fade or notices over a copy of the scenes (see App.layer).
	paintedLayer
)

// frame records one Draw call.
func (m *thinkMeter) frame(p painting) {
	if !m.busy {
		return
	}
	m.cur.Frames++
	switch p {
	case paintedAll:
		m.cur.Painted++
	case paintedPart:
		m.cur.Parts++
	}
}

// stats returns the window in progress (ok true) or else the last finished one.
func (m *thinkMeter) stats() (s ThinkStats, thinking bool) {
	if m.busy {
		return m.cur, true
	}
	return m.done, false
}
