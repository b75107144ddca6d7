package scenes

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/render"
	"koma/rules"
)

// picture is a board drawn once into an image and reused until its spec, size or
// coordinate setting changes: menus and setup screens redraw on every pointer move, and a
// still board need not be rebuilt for that.
type picture struct {
	key    string
	size   image.Point
	coords bool
	img    *ebiten.Image
	view   *render.BoardView
}

// draw draws the initial position of spec into r, or st with its decorations d when st is
// not nil. The picture is rebuilt only when the spec, the size or the coordinates change:
// a picture shows one position for its whole life.
func (p *picture) draw(dst *ebiten.Image, spec rules.Spec, st rules.State, d render.Decorations, r image.Rectangle, coords bool) {
	if r.Empty() {
		return
	}
	key := spec.FullString()
	if p.img == nil || p.key != key || p.size != r.Size() || p.coords != coords {
		if st == nil {
			st = initialState(spec)
		}
		if st == nil {
			return
		}
		if p.img != nil {
			p.img.Deallocate()
		}
		p.key, p.size, p.coords = key, r.Size(), coords
		p.img = ebiten.NewImage(r.Dx(), r.Dy())
		p.view = render.NewBoardView(spec.Game, st.Board())
		p.view.SetShowCoords(coords)
		p.view.SetBounds(image.Rect(0, 0, r.Dx(), r.Dy()))
		p.view.Draw(p.img, st, d)
	}
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
	dst.DrawImage(p.img, &op)
}

// release frees the image.
func (p *picture) release() {
	if p.img != nil {
		p.img.Deallocate()
		p.img = nil
	}
}
