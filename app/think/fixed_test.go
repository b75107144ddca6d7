package think

import (
	"math/rand/v2"
	"testing"
	"time"

	"koma/rules"
	"koma/rules/ai"
	"koma/rules/catalog"
)

// TestFixedWorkRepeats runs the same fixed-work job on every runner, after different
// earlier jobs and with a budget of time that would end it early, and expects the same
// move, value and line each time: a review's judgements must not depend on the platform,
// the speed of the machine or what the runner did before.
func TestFixedWorkRepeats(t *testing.T) {
	makers := []runnerCase{
		{"goroutine", func() Runner { return NewGoroutine() }},
		{"sliced", func() Runner { return NewSliced(200 * time.Microsecond) }},
		{"paced", func() Runner { return NewPaced(BrowserShare, time.Millisecond) }},
	}
	// A tree-search game and an alpha-beta one, a few moves in.
	for _, id := range []string{"stoic", "konane"} {
		t.Run(id, func(t *testing.T) {
			spec, err := catalog.All.ParseSpec(id)
			if err != nil {
				t.Fatal(err)
			}
			st, err := spec.New()
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(3, 4))
			for range 6 {
				legal := st.LegalMoves(nil)
				st.Apply(legal[rng.IntN(len(legal))])
			}
			job := Job{State: st, Setting: ai.Expert.Setting(), Budget: time.Nanosecond, Seed: 11, Line: 3, Iterations: 3000}
			var want Result
			for i, rc := range makers {
				for _, warm := range []bool{false, true} {
					r := rc.make()
					if warm {
						// An earlier search from the position before, which a timed job
						// would build on.
						r.Start(Job{State: st, Setting: ai.Expert.Setting(), Budget: 2 * time.Millisecond, Seed: 5})
						await(t, r)
					}
					r.Start(job)
					m := await(t, r)
					got := r.Last()
					if !rules.IsLegal(st, m) {
						t.Fatalf("%s: illegal move %v", rc.name, m)
					}
					if i == 0 && !warm {
						want = got
						continue
					}
					if got.Move != want.Move || got.Stats.Value != want.Stats.Value || got.Stats.Iterations != want.Stats.Iterations || len(got.Line) != len(want.Line) {
						t.Errorf("%s (warm %v): move %v value %v after %d iterations, line %d long; want %v %v after %d, line %d long",
							rc.name, warm, got.Move, got.Stats.Value, got.Stats.Iterations, len(got.Line), want.Move, want.Stats.Value, want.Stats.Iterations, len(want.Line))
					}
				}
			}
			if want.Stats.Iterations < job.Iterations && !want.Stats.Solved {
				t.Errorf("the job stopped after %d iterations of %d", want.Stats.Iterations, job.Iterations)
			}
		})
	}
}
