package think

import (
	"testing"
	"time"

	"koma/app/apptest"
	"koma/rules"
	"koma/rules/ai"
)

type runnerCase struct {
	name string
	make func() Runner
}

var runners = []runnerCase{
	{"goroutine", func() Runner { return NewGoroutine() }},
	{"sliced", func() Runner { return NewSliced(time.Millisecond) }},
	{"platform", New},
}

func position(t *testing.T, spec string, decisions int) rules.State {
	t.Helper()
	sp, err := apptest.ToyCatalog.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	st, err := sp.New()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < decisions; i++ {
		st.Apply(st.LegalMoves(nil)[0])
	}
	return st
}

// await ticks and polls like the app's Update does, giving up after many frames.
func await(t *testing.T, r Runner) rules.Move {
	t.Helper()
	for frame := 0; frame < 100000; frame++ {
		r.Tick()
		if m, ok := r.Poll(); ok {
			return m
		}
		time.Sleep(100 * time.Microsecond)
	}
	t.Fatal("the runner never answered")
	return rules.Move{}
}

func TestRunnerAnswersWithALegalMove(t *testing.T) {
	for _, rc := range runners {
		for _, pos := range []struct {
			spec      string
			decisions int
		}{{"toy", 0}, {"toy:start=sparse", 3}, {"toy", 5}} {
			t.Run(rc.name+"/"+pos.spec, func(t *testing.T) {
				r := rc.make()
				if r.Busy() {
					t.Fatal("a new runner is busy")
				}
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
}

func TestRunnerCancel(t *testing.T) {
	for _, rc := range runners {
		t.Run(rc.name, func(t *testing.T) {
			r := rc.make()
			r.Start(Job{State: position(t, "toy", 0), Budget: 2 * time.Millisecond, Seed: 2})
			r.Cancel()
			if r.Busy() {
				t.Error("busy after Cancel")
			}
			for i := 0; i < 50; i++ {
				r.Tick()
				time.Sleep(time.Millisecond)
				if _, ok := r.Poll(); ok {
					t.Fatal("a cancelled search delivered a move")
				}
			}
		})
	}
}

// TestRunnerRestart checks that starting a new search discards the old one: the move that
// comes back belongs to the second position.
func TestRunnerRestart(t *testing.T) {
	for _, rc := range runners {
		t.Run(rc.name, func(t *testing.T) {
			r := rc.make()
			first := position(t, "toy", 0)
			second := position(t, "toy", 1) // the other side is to move here
			r.Start(Job{State: first, Budget: 50 * time.Millisecond, Seed: 3})
			r.Start(Job{State: second, Budget: 2 * time.Millisecond, Seed: 3})
			m := await(t, r)
			if !rules.IsLegal(second, m) {
				t.Errorf("%s is not legal in the second position", rules.FormatMove(second, m))
			}
		})
	}
}

func BenchmarkSlicedTick(b *testing.B) {
	sp, err := apptest.ToyCatalog.ParseSpec("toy")
	if err != nil {
		b.Fatal(err)
	}
	st, err := sp.New()
	if err != nil {
		b.Fatal(err)
	}
	r := NewSliced(BrowserSlice)
	r.Start(Job{State: st, Budget: time.Hour, Seed: 1})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Tick()
	}
}

// TestRunnerBuildsOnItsLastSearch checks that a full-strength search starts from the tree of
// the runner's last delivered one when its position is in that tree, and that a search of
// another setting starts afresh.
func TestRunnerBuildsOnItsLastSearch(t *testing.T) {
	all := append(runners, runnerCase{"paced", func() Runner { return NewPaced(0.5, time.Millisecond) }})
	for _, rc := range all {
		t.Run(rc.name, func(t *testing.T) {
			r := rc.make()
			st := position(t, "toy", 0)
			expert := Job{State: st, Setting: ai.Expert.Setting(), Budget: 20 * time.Millisecond, Seed: 1}
			r.Start(expert)
			await(t, r)
			first := r.Last().Stats
			if first.Engine != "mcts" || first.Kept != 0 {
				t.Fatalf("first search: %+v, want a fresh tree search", first)
			}
			r.Start(expert)
			await(t, r)
			if got := r.Last().Stats.Kept; got != first.Iterations {
				t.Errorf("the second search of the same position kept %d iterations, want the first's %d", got, first.Iterations)
			}
			r.Start(Job{State: st, Setting: ai.Hard.Setting(), Budget: 5 * time.Millisecond, Seed: 1})
			await(t, r)
			if got := r.Last().Stats.Kept; got != 0 {
				t.Errorf("a Hard search kept %d iterations of the Expert's", got)
			}
		})
	}
}
