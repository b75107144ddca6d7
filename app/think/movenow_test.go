package think

import (
	"testing"
	"time"

	"koma/rules"
	"koma/rules/ai"
)

var (
	_ Runner = (*Goroutine)(nil)
	_ Runner = (*Sliced)(nil)
	_ Runner = (*Paced)(nil)
)

var steerables = []struct {
	name string
	make func() Runner
}{
	{"goroutine", func() Runner { return NewGoroutine() }},
	{"sliced", func() Runner { return NewSliced(time.Millisecond) }},
	{"paced", func() Runner { return NewPaced(BrowserShare, time.Millisecond) }},
}

// TestMoveNow gives each runner an hour to think, hurries it after a few frames and
// expects a legal move well within the frames await allows, with its line and stats.
func TestMoveNow(t *testing.T) {
	for _, rc := range steerables {
		for _, pos := range []struct {
			spec      string
			decisions int
			level     ai.Level
		}{{"toy", 0, ai.Normal}, {"toy", 3, ai.Hard}, {"toy:start=sparse", 2, ai.Beginner}} {
			t.Run(rc.name+"/"+pos.spec, func(t *testing.T) {
				r := rc.make()
				st := position(t, pos.spec, pos.decisions)
				r.Start(Job{State: st, Setting: ai.Setting{Level: pos.level}, Budget: time.Hour, Seed: 5, Line: 3})
				for i := 0; i < 5; i++ {
					r.Tick()
					time.Sleep(time.Millisecond)
				}
				r.MoveNow()
				m := await(t, r)
				if !rules.IsLegal(st, m) {
					t.Fatalf("%s is not legal", rules.FormatMove(st, m))
				}
				last := r.Last()
				if last.Move != m {
					t.Errorf("Last().Move = %v, Poll gave %v", last.Move, m)
				}
				if len(last.Line) == 0 || len(last.Line) > 3 || last.Line[0] != m {
					t.Errorf("line %v does not start with the move %v or is too long", last.Line, m)
				}
				replay := st.Clone()
				for i, lm := range last.Line {
					if err := rules.Play(replay, lm); err != nil {
						t.Errorf("move %d of the line: %v", i+1, err)
						break
					}
				}
				if last.Stats.Value < 0 || last.Stats.Value > 1 {
					t.Errorf("value %v outside [0, 1]", last.Stats.Value)
				}
			})
		}
	}
}

// TestMoveNowIdle checks that hurrying a runner with nothing to do, or one whose result
// was already collected, delivers nothing.
func TestMoveNowIdle(t *testing.T) {
	for _, rc := range steerables {
		t.Run(rc.name, func(t *testing.T) {
			r := rc.make()
			r.MoveNow()
			r.Tick()
			if _, ok := r.Poll(); ok {
				t.Fatal("an idle runner delivered a move")
			}
			r.Start(Job{State: position(t, "toy", 0), Budget: time.Millisecond, Seed: 1})
			await(t, r)
			r.MoveNow()
			for i := 0; i < 20; i++ {
				r.Tick()
				time.Sleep(time.Millisecond)
				if _, ok := r.Poll(); ok {
					t.Fatal("a collected search delivered again after MoveNow")
				}
			}
		})
	}
}
