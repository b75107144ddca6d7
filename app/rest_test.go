package app

import (
	"testing"
	"time"

	"koma/app/think"
	"koma/rules"
)

// fakeRunner is a Runner whose Busy the test sets.
type fakeRunner struct{ busy bool }

func (r *fakeRunner) Start(think.Job)          { r.busy = true }
func (r *fakeRunner) Tick()                    {}
func (r *fakeRunner) Poll() (rules.Move, bool) { return rules.Move{}, false }
func (r *fakeRunner) Busy() bool               { return r.busy }
func (r *fakeRunner) Cancel()                  { r.busy = false }
func (r *fakeRunner) MoveNow()                 {}
func (r *fakeRunner) Last() think.Result       { return think.Result{} }

// holdInput is a FakeInput with a key that can be held down.
type holdInput struct {
	FakeInput
	held bool
}

func (h *holdInput) Holding() bool { return h.held }

// TestIdleLoopRests drives the app through long idle stretches and checks that it neither
// paints nor keeps the loop ticking 60 times a second: after restAfter idle ticks it asks
// the loop to rest, and only input, a scene's request, a notice or a search in progress
// bring it back. It fails if an idle screen starts redrawing or ticking every frame again.
func TestIdleLoopRests(t *testing.T) {
	var log []string
	p := &probe{name: "p", log: &log}
	in := &holdInput{}
	a, screen := newTestApp(t, p, in)
	runner := &fakeRunner{}
	a.runner = runner
	ctl := &restLog{}
	a.pace.ctl = ctl

	// idle runs n ticks in which nothing happens and checks that none of them paints or
	// wakes the loop, and that the loop rests throughout.
	idle := func(step string, n int) {
		t.Helper()
		before, wakes := a.FrameStats(), ctl.runs
		tick(t, a, screen, n)
		st := a.FrameStats()
		if d := st.Painted + st.Parts + st.Composed - before.Painted - before.Parts - before.Composed; d != 0 {
			t.Errorf("%s: %d frames painted in %d idle ticks, want none", step, d, n)
		}
		if !ctl.resting || ctl.runs != wakes {
			t.Errorf("%s: the loop does not rest (resting %v, woken %d times)", step, ctl.resting, ctl.runs-wakes)
		}
		if ctl.lastBeat != restBeat {
			t.Errorf("%s: a resting loop ticks every %v, want %v", step, ctl.lastBeat, restBeat)
		}
	}
	// settle runs the ticks a change keeps the loop busy, and checks that it then rests.
	settle := func(step string) {
		t.Helper()
		rests := ctl.rests
		tick(t, a, screen, restAfter+1)
		if !ctl.resting || ctl.rests != rests+1 {
			t.Fatalf("%s: the loop does not rest %d ticks after the last change", step, restAfter+1)
		}
	}

	settle("start-up")
	if p.draws != 1 {
		t.Errorf("start-up: %d paints, want 1", p.draws)
	}
	idle("idle", 10*ebitenTPS)

	// Input wakes the loop, for one paint.
	in.Click(10, 10)
	tick(t, a, screen, 1)
	if ctl.resting || ctl.runs != 1 {
		t.Errorf("a click does not wake the loop")
	}
	settle("after a click")
	idle("idle after a click", 5*ebitenTPS)

	// A held key keeps the loop ticking (key repeat) without painting.
	in.held = true
	draws := p.draws
	tick(t, a, screen, 3*restAfter)
	if ctl.resting {
		t.Errorf("the loop rests while a key is held")
	}
	if p.draws != draws {
		t.Errorf("a held key painted %d frames", p.draws-draws)
	}
	in.held = false
	settle("after the key")

	// A search keeps 60 ticks a second for as long as it runs, whether or not anything is
	// drawn meanwhile.
	runner.busy = true
	tick(t, a, screen, 10*restAfter)
	if ctl.resting {
		t.Errorf("the loop rests while the computer thinks")
	}
	runner.busy = false
	settle("after the search")

	// A scene animating asks for a frame every tick: no rest.
	for i := 0; i < 3*restAfter; i++ {
		p.onUpdate = func(ctx *Context) { ctx.Invalidate() }
		tick(t, a, screen, 1)
		if ctl.resting {
			t.Fatalf("the loop rests during an animation, at its tick %d", i)
		}
	}
	settle("after the animation")

	// A notice wakes the loop; it is laid over a copy of the scene, and when it expires the
	// scene is not painted again. A resting loop ticks seldom, but counts the ticks it
	// slept through, so the notice still leaves on time.
	draws = p.draws
	p.onUpdate = func(ctx *Context) { ctx.Notify("hello") }
	tick(t, a, screen, 1)
	if p.draws != draws+1 || len(a.notices) != 1 {
		t.Fatalf("a notice: %d paints, %d notices", p.draws-draws, len(a.notices))
	}
	settle("with a notice")
	ticks := a.ticks
	a.lastUpdate = time.Now().Add(-(noticeTicks + 1) * a.ctx.Tick())
	tick(t, a, screen, 1)
	if a.ticks < ticks+noticeTicks {
		t.Errorf("a loop woken after %v counted %d ticks", time.Duration(noticeTicks+1)*a.ctx.Tick(), a.ticks-ticks)
	}
	if len(a.notices) != 0 {
		t.Errorf("the notice did not expire with the wall clock")
	}
	if p.draws != draws+1 {
		t.Errorf("the notice's leaving repainted the scene %d times", p.draws-draws-1)
	}
	settle("after the notice")
	idle("idle at the end", 5*ebitenTPS)
}

// TestFadeComposesTheNewScene: a scene change fades the old screen out over the new one,
// which is painted once, not once per step of the fade.
func TestFadeComposesTheNewScene(t *testing.T) {
	var log []string
	first := &probe{name: "first", log: &log}
	next := &probe{name: "next", log: &log}
	a, screen := newTestApp(t, first, nil)
	tick(t, a, screen, fadeTicks+5)
	first.onUpdate = func(ctx *Context) { ctx.GoTo(next) }
	before := a.FrameStats()
	tick(t, a, screen, fadeTicks+5)
	st := a.FrameStats()
	if next.draws != 1 {
		t.Errorf("the new scene was painted %d times during the fade, want once", next.draws)
	}
	if got := st.Composed - before.Composed; got < fadeTicks-1 || got > fadeTicks+1 {
		t.Errorf("%d frames of the fade were composed, want about %d", got, fadeTicks)
	}
	if a.fading {
		t.Errorf("the fade has not ended after %d ticks", fadeTicks+5)
	}
	// Once the fade is over, nothing is drawn.
	before = a.FrameStats()
	tick(t, a, screen, 10)
	if st := a.FrameStats(); st.Painted+st.Composed != before.Painted+before.Composed {
		t.Errorf("frames drawn after the fade")
	}
}
