package scenes

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/render/ui"
)

// scroller scrolls a column of content that is taller than the part of the screen it is
// shown in, for the screens whose buttons do not all fit a small window: the wheel, a drag,
// and the arrow and page keys move it, and a scrollbar shows where it is.
type scroller struct {
	offset  float64
	content float64
	view    image.Rectangle
}

// scrolls reports whether the content is taller than its view.
func (s *scroller) scrolls() bool { return s.content > float64(s.view.Dy())+0.5 }

func (s *scroller) clamp() {
	s.offset = math.Max(0, math.Min(s.offset, s.content-float64(s.view.Dy())))
}

// handle moves the content for this tick's input and reports whether it moved.
func (s *scroller) handle(ctx *app.Context) bool {
	if !s.scrolls() {
		s.offset = 0
		return false
	}
	before := s.offset
	in := ctx.Input()
	u := ctx.Unit()
	step := 56 * u
	if x, y, ok := in.Cursor(); ok && image.Pt(int(x), int(y)).In(s.view) {
		_, wy := in.Wheel()
		s.offset += wy * step
	}
	if _, dy, ok := in.Drag(); ok {
		s.offset -= dy
	}
	switch {
	case in.Pressed(app.KeyDown):
		s.offset += step
	case in.Pressed(app.KeyUp):
		s.offset -= step
	case in.Pressed(app.KeyPageDown):
		s.offset += float64(s.view.Dy()) * 0.9
	case in.Pressed(app.KeyPageUp):
		s.offset -= float64(s.view.Dy()) * 0.9
	}
	s.clamp()
	return s.offset != before
}

// clip returns the part of dst the content is drawn into.
func (s *scroller) clip(dst *ebiten.Image) *ebiten.Image {
	if !s.scrolls() {
		return dst
	}
	return dst.SubImage(s.view).(*ebiten.Image)
}

// shows reports whether r is wholly in view, so that it can be clicked.
func (s *scroller) shows(r image.Rectangle) bool { return !s.scrolls() || r.In(s.view) }

// drawBar draws the scrollbar along the view's right edge when the content scrolls.
func (s *scroller) drawBar(dst *ebiten.Image, ctx *app.Context) {
	if !s.scrolls() {
		return
	}
	u := ctx.Unit()
	track := image.Rect(s.view.Max.X-int(8*u), s.view.Min.Y+int(4*u), s.view.Max.X-int(2*u), s.view.Max.Y-int(4*u))
	ui.DrawScrollbar(dst, track, s.offset, s.content, float64(s.view.Dy()))
}
