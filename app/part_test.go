package app

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// partProbe is a scene that can repaint part of itself, or refuse to.
type partProbe struct {
	probe
	parts  int
	refuse bool
}

func (p *partProbe) DrawPart(dst *ebiten.Image, ctx *Context) bool {
	if p.refuse {
		return false
	}
	p.parts++
	return true
}

// TestPartialRepaint checks when InvalidatePart repaints a part and when the app falls back
// to a full repaint because something else may have changed or covers the part.
func TestPartialRepaint(t *testing.T) {
	tests := []struct {
		name      string
		before    func(a *App, p *partProbe) // runs once the start-up frames are over
		during    func(ctx *Context)         // runs inside the tick under test
		wantParts int
		wantDraws int
	}{
		{"a part alone", nil, func(ctx *Context) { ctx.InvalidatePart() }, 1, 0},
		{"a part and a full repaint", nil, func(ctx *Context) { ctx.InvalidatePart(); ctx.Invalidate() }, 0, 1},
		{"a scene that refuses", func(a *App, p *partProbe) { p.refuse = true }, func(ctx *Context) { ctx.InvalidatePart() }, 0, 1},
		{"a notice on screen", func(a *App, p *partProbe) { a.Context().Notify("hi") }, func(ctx *Context) { ctx.InvalidatePart() }, 0, 1},
		{"nothing asked", nil, func(ctx *Context) {}, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var log []string
			p := &partProbe{probe: probe{name: "p", log: &log}}
			a, screen := newTestApp(t, p, nil)
			tick(t, a, screen, fadeTicks+5)
			if tc.before != nil {
				tc.before(a, p)
				tick(t, a, screen, 1)
			}
			draws, parts := p.draws, p.parts
			p.onUpdate = tc.during
			tick(t, a, screen, 1)
			if got := p.parts - parts; got != tc.wantParts {
				t.Errorf("%d partial repaints, want %d", got, tc.wantParts)
			}
			if got := p.draws - draws; got != tc.wantDraws {
				t.Errorf("%d full repaints, want %d", got, tc.wantDraws)
			}
		})
	}
}

// TestPartialRepaintUnderAnOverlay checks that a part is never painted over an overlay.
func TestPartialRepaintUnderAnOverlay(t *testing.T) {
	var log []string
	p := &partProbe{probe: probe{name: "p", log: &log}}
	over := &partProbe{probe: probe{name: "over", log: &log, overlay: true}}
	a, screen := newTestApp(t, p, nil)
	tick(t, a, screen, fadeTicks+5)
	p.onUpdate = func(ctx *Context) { ctx.Push(over) }
	tick(t, a, screen, 3)
	over.onUpdate = func(ctx *Context) { ctx.InvalidatePart() }
	draws := over.draws
	tick(t, a, screen, 1)
	if over.parts != 0 || over.draws != draws+1 {
		t.Errorf("over an overlay: %d parts and %d full repaints, want 0 and 1", over.parts, over.draws-draws)
	}
}
