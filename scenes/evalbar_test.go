package scenes

// The balance bar (issue 34): it names its sides, gives each side's chance, and slides to
// a new judgement instead of jumping, keeping the screen repainting only while it moves.

import (
	"testing"

	"koma/app/prefs"
	"koma/i18n"
	"koma/rules/ai"
)

// TestEvalBarLabels words the bar for a known judgement in games whose sides are colours
// and games whose sides have roles, in both languages: each side by the name the panel
// gives it, with its chance.
func TestEvalBarLabels(t *testing.T) {
	tests := []struct {
		game    string
		lang    i18n.Lang
		share   float64
		judging bool
		names   [2]string
		shares  [2]string
		caption string
	}{
		{"konane", i18n.English, 0.624, false, [2]string{"Black", "White"}, [2]string{"62%", "38%"}, "Balance"},
		{"foxhounds", i18n.English, 0.5, true, [2]string{"Fox", "Hounds"}, [2]string{"50%", "50%"}, "Judging…"},
		{"tablut", i18n.English, 0.996, false, [2]string{"Attacker", "Defender"}, [2]string{"100%", "0%"}, "Balance"},
		{"konane", i18n.Japanese, 0.3, false, [2]string{"黒", "白"}, [2]string{"30%", "70%"}, "形勢"},
		{"foxhounds", i18n.Japanese, 0.155, false, [2]string{"キツネ", "猟犬"}, [2]string{"16%", "84%"}, "形勢"},
		{"tablut", i18n.Japanese, 0, true, [2]string{"攻撃側", "防御側"}, [2]string{"0%", "100%"}, "判定中…"},
	}
	for _, tt := range tests {
		t.Run(tt.game+"/"+string(tt.lang), func(t *testing.T) {
			spec, err := testCatalog().ParseSpec(tt.game)
			if err != nil {
				t.Skipf("%s is not in the catalog", tt.game)
			}
			store := prefs.NewMemStore()
			if err := prefs.SaveSettings(store, prefs.Defaults(tt.lang)); err != nil {
				t.Fatal(err)
			}
			h := newHarness(t, NewMenu(), store)
			st, err := spec.New()
			if err != nil {
				t.Fatal(err)
			}
			l := evalBarLabels(h.ctx(), st, tt.share, tt.judging)
			if l.names != tt.names || l.shares != tt.shares || l.caption != tt.caption {
				t.Errorf("the bar says %q %q %q, want %q %q %q", l.names, l.shares, l.caption, tt.names, tt.shares, tt.caption)
			}
			// On the panel of a laptop's window, everything is said.
			if lay := layoutBarLabels(h.ctx(), l, 310); !lay.names || !lay.caption {
				t.Errorf("a bar 310 px wide leaves out the names (%v) or the caption (%v)", !lay.names, !lay.caption)
			}
		})
	}
}

// TestEvalBarGlides shows the bar at an even judgement, then gives the position a new
// one: the bar leaves the old share at once, moves towards the new one at every tick
// without overshooting, arrives within about 300 ms, and the screen is repainted while it
// moves and not after, so that the app can rest.
func TestEvalBarGlides(t *testing.T) {
	h := newHarness(t, NewMenu(), evalOn(t, i18n.English))
	h.resize(480, 360)
	g := NewGame(playedMatch(t, "konane", 6, 1))
	h.ctx().GoTo(g)
	awaitTicks(h, func() bool { return h.app.Top() == g })
	ctx := h.ctx()
	n := g.shownAt()
	g.evaluation.stopAnalysis(ctx)
	g.evals[n] = 0.5
	// frame runs one tick and draws, and reports whether the scene was repainted.
	frame := func() bool {
		before := h.app.FrameStats().Painted
		h.step(1)
		h.app.Draw(h.screen)
		return h.app.FrameStats().Painted > before
	}
	for i := 0; i < 60; i++ {
		frame() // the fade from the menu, the bar's first share
	}
	for i := 0; i < 5; i++ {
		if frame() {
			t.Fatal("the screen is repainted while the bar rests")
		}
	}
	if got := g.bar.at(ctx.Now()); got != 0.5 {
		t.Fatalf("the bar rests at %v, want 0.5", got)
	}

	g.evals[n] = 0.9
	start := ctx.Now()
	last := 0.5
	for {
		if !frame() {
			t.Fatalf("after %v the bar at %v did not repaint the screen", ctx.Now()-start, last)
		}
		v := g.bar.at(ctx.Now())
		if v <= last && v != 0.9 || v > 0.9 {
			t.Fatalf("after %v the bar went from %v to %v on its way to 0.9", ctx.Now()-start, last, v)
		}
		last = v
		if v == 0.9 {
			break
		}
		if ctx.Now()-start > barGlide+2*ctx.Tick() {
			t.Fatalf("after %v the bar is at %v, not yet at 0.9", ctx.Now()-start, v)
		}
	}
	if took := ctx.Now() - start; took < barGlide-ctx.Tick() {
		t.Errorf("the bar jumped to its new share in %v", took)
	}
	if l := evalBarLabels(ctx, g.position(), last, false); l.shares != [2]string{"90%", "10%"} {
		t.Errorf("at rest the bar says %q", l.shares)
	}
	frame() // the frame that shows it arrived
	for i := 0; i < 5; i++ {
		if frame() {
			t.Fatal("the screen is still repainted after the bar arrived")
		}
	}
	shoot(t, h, "evalbar-glide-480x360.png")
}

// TestEvalBarAppearsAtItsShare checks that the bar shows its first share at once when it
// appears, rather than sliding from an even split, and again after it was hidden.
func TestEvalBarAppearsAtItsShare(t *testing.T) {
	h := newHarness(t, NewMenu(), evalOn(t, i18n.English))
	sp, err := testCatalog().ParseSpec("konane")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(newMatch(t, sp, ai.Beginner))
	g.evals[0] = 0.8
	h.ctx().GoTo(g)
	awaitTicks(h, func() bool { return h.app.Top() == g })
	h.step(1)
	if got := g.bar.at(h.ctx().Now()); got != 0.8 || g.bar.moving(h.ctx().Now()) {
		t.Errorf("the bar appeared at %v, want the judgement 0.8 at once", got)
	}
	h.ctx().UpdateSettings(func(s *prefs.Settings) { s.EvalBar = false })
	h.step(2)
	g.evals[0] = 0.2
	h.ctx().UpdateSettings(func(s *prefs.Settings) { s.EvalBar = true })
	h.step(2)
	if got := g.bar.at(h.ctx().Now()); got != 0.2 {
		t.Errorf("shown again, the bar is at %v, want 0.2 at once", got)
	}
}
