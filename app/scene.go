package app

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// Scene is one screen of the app. Update changes state and may switch scenes through the
// Context; Draw only reads state. The app redraws only when something changed (see
// Context.Invalidate), so Draw must paint the whole screen, or the whole area it owns when
// it is an overlay.
type Scene interface {
	Update(ctx *Context) error
	Draw(dst *ebiten.Image, ctx *Context)
}

// Enterer is implemented by scenes that prepare themselves when they become current.
type Enterer interface {
	Enter(ctx *Context)
}

// Exiter is implemented by scenes that clean up when they are replaced or popped, such as
// the game cancelling the computer's search.
type Exiter interface {
	Exit(ctx *Context)
}

// PartDrawer is implemented by scenes that can repaint a small part of themselves over
// the previous frame, such as the game's "thinking" dots; see Context.InvalidatePart. A
// full repaint is costly where the browser draws in software, and repeated a few times a
// second it would take the page's frame rate while the computer thinks. DrawPart returns
// false when it cannot, and the app then repaints the whole screen.
type PartDrawer interface {
	DrawPart(dst *ebiten.Image, ctx *Context) bool
}

// Overlay is implemented by scenes pushed over another scene that should stay visible
// beneath them (the rules over a game). The scene below is drawn first.
type Overlay interface {
	Overlay() bool
}

// Resumer is implemented by scenes that refresh themselves when an overlay above them is
// closed, for example after the language was changed in the settings.
type Resumer interface {
	Resume(ctx *Context)
}

// manager holds the scene stack. Only the top scene receives Update; overlays are drawn over
// the scenes they cover.
type manager struct {
	stack []Scene
	// pending holds the scene changes requested during Update, in order; they are applied
	// after the scene's Update returns, so a scene never runs after it has been left. A
	// scene may close itself and open another in one Update (Pop, then Push).
	pending []func(ctx *Context)
}

func (m *manager) top() Scene {
	if len(m.stack) == 0 {
		return nil
	}
	return m.stack[len(m.stack)-1]
}

func enter(ctx *Context, s Scene) {
	if e, ok := s.(Enterer); ok {
		e.Enter(ctx)
	}
}

func exit(ctx *Context, s Scene) {
	if e, ok := s.(Exiter); ok {
		e.Exit(ctx)
	}
}

func (m *manager) goTo(ctx *Context, s Scene) {
	for i := len(m.stack) - 1; i >= 0; i-- {
		exit(ctx, m.stack[i])
	}
	m.stack = append(m.stack[:0], s)
	enter(ctx, s)
}

func (m *manager) push(ctx *Context, s Scene) {
	m.stack = append(m.stack, s)
	enter(ctx, s)
}

func (m *manager) pop(ctx *Context) {
	if len(m.stack) <= 1 {
		return
	}
	top := m.top()
	m.stack = m.stack[:len(m.stack)-1]
	exit(ctx, top)
	if r, ok := m.top().(Resumer); ok {
		r.Resume(ctx)
	}
}

// visible returns the scenes to draw, bottom first: the top scene and, below each overlay,
// the scene it covers.
func (m *manager) visible() []Scene {
	start := len(m.stack) - 1
	for start > 0 {
		if o, ok := m.stack[start].(Overlay); ok && o.Overlay() {
			start--
			continue
		}
		break
	}
	if start < 0 {
		return nil
	}
	return m.stack[start:]
}
