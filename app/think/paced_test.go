package think

import (
	"testing"
	"time"

	"koma/rules"
)

func TestPacer(t *testing.T) {
	t0 := time.Unix(1000, 0)
	ms := time.Millisecond
	type step struct {
		at    time.Duration // since t0
		spend time.Duration // work done after the grant
		want  time.Duration // the grant expected at that moment
	}
	tests := []struct {
		name  string
		share float64
		max   time.Duration
		steps []step
	}{
		{"a fresh search starts with a full slice", 0.5, 6 * ms, []step{
			{0, 6 * ms, 6 * ms},
			// 10 ms later: half of it is owed, 5 ms.
			{10 * ms, 5 * ms, 5 * ms},
		}},
		{"ticks in the same instant get nothing once the credit is spent", 0.35, 6 * ms, []step{
			{0, 6 * ms, 6 * ms},
			{0, 0, 0},
			{0, 0, 0},
		}},
		{"a long pause is never owed more than one slice", 0.35, 6 * ms, []step{
			{0, 6 * ms, 6 * ms},
			{time.Second, 6 * ms, 6 * ms},
			{time.Second, 0, 0},
		}},
		{"a grant too small to start is kept for later", 0.35, 6 * ms, []step{
			{0, 6 * ms, 6 * ms},
			{ms / 2, 0, 0},         // 0.175 ms owed: below minGrant
			{ms, 0, 35 * ms / 100}, // 0.35 ms owed in all: enough
		}},
		{"overspending leaves a debt", 0.5, 6 * ms, []step{
			{0, 10 * ms, 6 * ms},
			// 4 ms of debt, then 10 ms at half share pays 5: 1 ms left, above minGrant.
			{10 * ms, 0, ms},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := pacer{share: tc.share, max: tc.max}
			p.reset(t0)
			for i, s := range tc.steps {
				got := p.grant(t0.Add(s.at))
				// Owed time goes through a float64: allow a nanosecond of rounding.
				if diff := got - s.want; diff < -1 || diff > 1 {
					t.Fatalf("step %d: grant %v, want %v", i, got, s.want)
				}
				p.spend(s.spend)
			}
		})
	}
}

func TestPacedAnswersWithALegalMove(t *testing.T) {
	for _, pos := range []struct {
		spec      string
		decisions int
	}{{"toy", 0}, {"toy:start=sparse", 3}, {"toy", 5}} {
		t.Run(pos.spec, func(t *testing.T) {
			r := NewPaced(BrowserShare, BrowserSlice)
			st := position(t, pos.spec, pos.decisions)
			r.Start(Job{State: st, Budget: 5 * time.Millisecond, Seed: 1})
			if !r.Busy() {
				t.Fatal("not busy after Start")
			}
			m := await(t, r)
			if !rules.IsLegal(st, m) {
				t.Errorf("%s is not legal", rules.FormatMove(st, m))
			}
			if r.Busy() {
				t.Error("still busy after the result was collected")
			}
			if _, again := r.Poll(); again {
				t.Error("the result was delivered twice")
			}
		})
	}
}

func TestPacedCancel(t *testing.T) {
	r := NewPaced(BrowserShare, BrowserSlice)
	r.Start(Job{State: position(t, "toy", 0), Budget: 2 * time.Millisecond, Seed: 2})
	r.Cancel()
	for i := 0; i < 20; i++ {
		r.Tick()
		if _, ok := r.Poll(); ok {
			t.Fatal("a cancelled search delivered a move")
		}
	}
	if r.Busy() {
		t.Error("busy after Cancel")
	}
}
