package scenes

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/render"
	"koma/rules"
	"koma/rules/board"
)

// A figure of the rules page opens enlarged over the page when clicked, with its caption,
// so that a position can be studied at the size of the game's own board; a click anywhere
// or Esc closes it. The pointer names the sites of hex and point boards, on the page and
// enlarged.

// zoomItem is Rules.hoverItem while the pointer is over the enlarged figure.
const zoomItem = -2

// rulesZoom is the figure shown enlarged, when on.
type rulesZoom struct {
	on   bool
	item int // the index of the figure's itemBoard
	pic  picture
	// size is the window the layout below was made for; it is redone when that changes.
	size  image.Point
	panel image.Rectangle
	board image.Rectangle
	// shut is the round × in the corner; any click closes, but the × says so.
	shut    image.Rectangle
	caption string
	capSize float64
	capRect image.Rectangle
}

// end closes the enlarged figure and frees its picture.
func (z *rulesZoom) end() {
	z.on = false
	z.pic.release()
}

// rebuilt follows a new layout of the page: the figure stays open when it is still there.
func (z *rulesZoom) rebuilt(items []rulesItem) {
	if z.on && (z.item >= len(items) || items[z.item].kind != itemBoard) {
		z.end()
	}
	z.size = image.Point{}
}

// captionOf returns the text under item i of items: its figure caption, or the caption of
// the starting position.
func captionOf(items []rulesItem, i int) string {
	if i+1 < len(items) && (items[i+1].kind == itemFigureCaption || items[i+1].kind == itemCaption) {
		return items[i+1].text
	}
	return ""
}

// layoutZoom lays the enlarged figure out over most of the window: the board as large as
// fits above its caption, the close button in the corner.
func (r *Rules) layoutZoom(ctx *app.Context) {
	z := &r.zoom
	w, h := ctx.Size()
	if !z.on || z.size == image.Pt(w, h) {
		return
	}
	z.size = image.Pt(w, h)
	u := ctx.Unit()
	short := float64(min(w, h))
	mg := math.Max(8*u, math.Min(32*u, short*0.03))
	z.panel = rectF(mg, mg, float64(w)-2*mg, float64(h)-2*mg)
	pad := math.Max(10*u, math.Min(24*u, short*0.03))
	d := 30 * u
	z.shut = rectF(float64(z.panel.Max.X)-pad*0.6-d, float64(z.panel.Min.Y)+pad*0.6, d, d)

	it := &r.items[z.item]
	z.caption = captionOf(r.items, z.item)
	z.capSize = sizeBody * u
	if float64(h) < 560*u {
		z.capSize = sizeSmall * u
	}
	capW := math.Min(float64(z.panel.Dx())-2*pad, 760*u)
	capH := 0.0
	if z.caption != "" {
		capH = render.MeasureRichText(z.caption, z.capSize, capW)
	}
	area := rectF(float64(z.panel.Min.X)+pad, float64(z.panel.Min.Y)+pad,
		float64(z.panel.Dx())-2*pad, float64(z.panel.Dy())-2*pad-capH-math.Min(capH, 10*u))
	// The board as large as it fits without reaching under the ×: in the whole area when
	// its corner is free (a hex board's often is), else narrowed on both sides to keep it
	// centred, or lowered below the ×, whichever leaves it larger.
	clear := z.shut.Inset(-int(4 * u))
	z.board = r.fitZoom(it, area)
	if z.board.Overlaps(clear) {
		narrow := area
		narrow.Min.X += area.Max.X - clear.Min.X
		narrow.Max.X = clear.Min.X
		low := area
		low.Min.Y = clear.Max.Y
		a, b := r.fitZoom(it, narrow), r.fitZoom(it, low)
		z.board = a
		if b.Dx()*b.Dy() > a.Dx()*a.Dy() {
			z.board = b
		}
	}
	capX := float64(z.panel.Min.X) + (float64(z.panel.Dx())-capW)/2
	z.capRect = rectF(capX, float64(z.board.Max.Y)+math.Min(capH, 10*u), capW, capH)
}

// fitZoom returns the rectangle of the enlarged board fitted into area, centred.
func (r *Rules) fitZoom(it *rulesItem, area image.Rectangle) image.Rectangle {
	if area.Empty() {
		return image.Rectangle{}
	}
	var st rules.State
	if it.diag != nil {
		st = it.diag.state
	}
	fit := boardFor(it.spec, st, float64(area.Dx()), float64(area.Dy()), true)
	x := float64(area.Min.X) + (float64(area.Dx())-fit.bw)/2
	y := float64(area.Min.Y) + (float64(area.Dy())-fit.h)/2
	return rectF(x, y, fit.bw, fit.h)
}

// updateZoom runs a tick of the enlarged figure: a click anywhere or Esc closes it.
func (r *Rules) updateZoom(ctx *app.Context) {
	r.layoutZoom(ctx)
	in := ctx.Input()
	if _, _, ok := in.Clicked(); ok || in.Pressed(app.KeyBack) {
		r.zoom.end()
		r.hoverItem = -1
		r.hover.set(board.NoSite, false)
		ctx.Invalidate()
		return
	}
	r.followHover(ctx)
}

// openZoom enlarges the figure clicked this tick, if any, and reports whether it did.
func (r *Rules) openZoom(ctx *app.Context) bool {
	x, y, ok := ctx.Input().Clicked()
	p := image.Pt(int(x), int(y))
	if !ok || !p.In(r.view) {
		return false
	}
	i := r.boardAt(ctx, p)
	if i < 0 {
		return false
	}
	r.zoom.on, r.zoom.item, r.zoom.size = true, i, image.Point{}
	r.layoutZoom(ctx)
	r.hoverItem = -1
	r.hover.set(board.NoSite, false)
	ctx.Invalidate()
	return true
}

// origin returns where the content is drawn: the left edge of the text column and the top
// of the content at the current scroll.
func (r *Rules) origin(u float64) (x0, top float64) {
	return float64(r.view.Min.X) + (float64(r.view.Dx())-16*u-r.width)/2, float64(r.view.Min.Y) - r.scroll
}

// boardAt returns the index of the figure whose board is at p on the page, or -1.
func (r *Rules) boardAt(ctx *app.Context, p image.Point) int {
	if !p.In(r.view) {
		return -1
	}
	x0, top := r.origin(ctx.Unit())
	for i := range r.items {
		if it := &r.items[i]; it.kind == itemBoard && p.In(r.boardRect(it, x0, top+it.y)) {
			return i
		}
	}
	return -1
}

// followHover finds the figure and the site under the pointer, and asks for a frame when
// either changed.
func (r *Rules) followHover(ctx *app.Context) {
	item := -1
	var view *render.BoardView
	var topo *board.Topology
	var off image.Point
	x, y, ok := ctx.Input().Cursor()
	p := image.Pt(int(x), int(y))
	switch {
	case !ok:
	case r.zoom.on:
		if p.In(r.zoom.board) {
			item, view, topo, off = zoomItem, r.zoom.pic.view, r.items[r.zoom.item].topo, r.zoom.board.Min
		}
	default:
		if i := r.boardAt(ctx, p); i >= 0 {
			it := &r.items[i]
			x0, top := r.origin(ctx.Unit())
			item, view, topo, off = i, it.pic.view, it.topo, r.boardRect(it, x0, top+it.y).Min
		}
	}
	if item != r.hoverItem {
		r.hoverItem = item
		r.hover.set(board.NoSite, false)
		ctx.Invalidate()
	}
	r.hover.follow(ctx, view, topo, off)
}

// HoveredSite returns the label of the site named under the pointer, or "" for none;
// tests read it.
func (r *Rules) HoveredSite() string {
	if !r.hover.on {
		return ""
	}
	var topo *board.Topology
	switch {
	case r.hoverItem == zoomItem && r.zoom.on:
		topo = r.items[r.zoom.item].topo
	case r.hoverItem >= 0 && r.hoverItem < len(r.items):
		topo = r.items[r.hoverItem].topo
	}
	if topo == nil || int(r.hover.site) >= topo.Len() {
		return ""
	}
	return topo.Label(r.hover.site)
}

// drawZoom draws the enlarged figure over the page, when one is open.
func (r *Rules) drawZoom(dst *ebiten.Image, ctx *app.Context) {
	z := &r.zoom
	if !z.on {
		return
	}
	r.layoutZoom(ctx)
	veil(dst)
	drawDialog(dst, ctx, z.panel)
	it := &r.items[z.item]
	var st rules.State
	deco := noDecorations()
	if it.diag != nil {
		st, deco = it.diag.state, it.diag.deco
	}
	// Coordinates are always shown here: the enlarged figure is for reading a position
	// against its caption, square by square.
	z.pic.draw(dst, it.spec, st, deco, z.board, true)
	if z.caption != "" {
		render.DrawRichText(dst, z.caption, z.capSize, float64(z.capRect.Min.X), float64(z.capRect.Min.Y), float64(z.capRect.Dx()), render.Text)
	}
	drawShut(dst, ctx, z.shut)
	if r.hoverItem == zoomItem {
		r.hover.draw(dst, ctx, z.pic.view, it.topo, z.board.Min, z.panel)
	}
}

// drawZoomHint marks the figure under the pointer as one that opens enlarged: a small
// magnifying glass in its top right corner.
func drawZoomHint(dst *ebiten.Image, u float64, rect image.Rectangle) {
	r := 11 * u
	cx, cy := float64(rect.Max.X)-r-6*u, float64(rect.Min.Y)+r+6*u
	render.FillCircle(dst, cx, cy, r, withAlpha(render.Text, 0.78))
	lens := 4.2 * u
	lx, ly := cx-1.6*u, cy-1.6*u
	render.StrokeCircle(dst, lx, ly, lens, 1.8*u, render.Panel)
	d := (lens + 0.8*u) / math.Sqrt2
	render.StrokeLine(dst, lx+d, ly+d, lx+d+3.6*u, ly+d+3.6*u, 2.2*u, render.Panel)
}

// drawShut draws the round × that closes the enlarged figure, darker under the pointer.
func drawShut(dst *ebiten.Image, ctx *app.Context, r image.Rectangle) {
	u := ctx.Unit()
	fill := render.ButtonFill
	if hovered(ctx, r) {
		fill = render.ButtonHover
	}
	cx, cy := float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
	rad := float64(r.Dx()) / 2
	render.FillCircle(dst, cx, cy, rad, fill)
	render.StrokeCircle(dst, cx, cy, rad-0.5*u, u, render.PanelBorder)
	a := rad * 0.36
	render.StrokeLine(dst, cx-a, cy-a, cx+a, cy+a, 2*u, render.Text)
	render.StrokeLine(dst, cx-a, cy+a, cx+a, cy-a, 2*u, render.Text)
}
