package scenes

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/render"
	"koma/rules/board"
)

// siteHover names the site under the pointer, on the boards whose naming is hardest to
// learn: on a hex board the rows slant and the letters run along a diagonal, and on a board
// of lines the names belong to crossings rather than to squares one can see. A square board
// is read like a chessboard and gets no label. The name is the one the game's notation uses
// (rules.GenericNotation writes a site as its board label), so "d4" under the pointer is the
// "d4" of the move list and the rules text.
//
// The label belongs to the site, not to the pointer: it moves only when the pointer enters
// another site, so a resting app repaints once per site crossed rather than once per
// pointer move.
type siteHover struct {
	site board.Site
	on   bool // whether site is hovered; the zero value hovers nothing
}

// namesSites reports whether b's sites are named under the pointer.
func namesSites(b *board.Topology) bool {
	return b != nil && (b.Kind() == board.Hex || b.Kind() == board.Points)
}

// set makes s the hovered site, or none when on is false, and reports whether that changed.
func (h *siteHover) set(s board.Site, on bool) bool {
	if !on {
		s = board.NoSite
	}
	if h.on == on && (!on || h.site == s) {
		return false
	}
	h.site, h.on = s, on
	return true
}

// follow finds the site of b under the pointer in view, whose pixel (0, 0) is drawn at off
// on the screen, and asks for a frame when the hovered site changed. A nil view (a picture
// not drawn yet) or a board without names hovers nothing.
func (h *siteHover) follow(ctx *app.Context, view *render.BoardView, b *board.Topology, off image.Point) {
	s, on := board.NoSite, false
	if x, y, ok := ctx.Input().Cursor(); ok && view != nil && namesSites(b) {
		s, on = view.SiteAt(x-float64(off.X), y-float64(off.Y))
	}
	if h.set(s, on) {
		ctx.Invalidate()
	}
}

// draw rings the hovered site of b in view (drawn at off) and names it near the top left
// corner of the board, inside room. Beside the site, the label would hide the very pieces
// and arrows a figure is about; so it goes where it hides no site: into the corner of a hex
// board or of a frame with coordinates, else just outside the board when room allows, as
// on a small game board.
func (h *siteHover) draw(dst *ebiten.Image, ctx *app.Context, view *render.BoardView, b *board.Topology, off image.Point, room image.Rectangle) {
	if !h.on || view == nil || b == nil || int(h.site) < 0 || int(h.site) >= b.Len() {
		return
	}
	u := ctx.Unit()
	cx, cy := view.SiteCenter(h.site)
	cx, cy = cx+float64(off.X), cy+float64(off.Y)
	cell := view.CellSize()
	ink := withAlpha(render.Text, 0.6)
	render.StrokeCircle(dst, cx, cy, 0.45*cell, math.Max(1.5*u, 0.035*cell), ink)

	label := b.Label(h.site)
	// Readable on a small rules figure, not shouting on a large game board; whole pixels,
	// so that the font cache holds a few sizes only.
	size := math.Round(math.Max(12*u, math.Min(22*u, 0.28*cell)))
	tw, th := render.MeasureText(label, size, true)
	padX, padY := 0.5*size, 0.12*size
	w, ht := tw+2*padX, th+2*padY
	rect := view.Rect().Add(off)
	m := 4 * u
	left, top := float64(rect.Min.X), float64(rect.Min.Y)
	spots := [][2]float64{
		{left + m, top + m},  // the board's corner
		{left, top - ht - m}, // above the board
		{left - w - m, top},  // left of the board
		{float64(rect.Max.X) - w - m, float64(rect.Max.Y) - ht - m}, // the opposite corner
	}
	at := spots[0]
	for _, p := range spots {
		if h.fits(view, b, off, room, p[0], p[1], w, ht) {
			at = p
			break
		}
	}
	render.FillRoundedRect(dst, at[0], at[1], w, ht, ht/2, withAlpha(render.Text, 0.88))
	render.DrawText(dst, label, size, true, at[0]+w/2, at[1]+padY, render.Panel, render.AlignCenter)
}

// fits reports whether a label of w×ht at (x, y) lies inside room and clear of every site's
// piece.
func (h *siteHover) fits(view *render.BoardView, b *board.Topology, off image.Point, room image.Rectangle, x, y, w, ht float64) bool {
	if x < float64(room.Min.X) || y < float64(room.Min.Y) || x+w > float64(room.Max.X) || y+ht > float64(room.Max.Y) {
		return false
	}
	clear := 0.45 * view.CellSize()
	for s := range board.Site(b.Len()) {
		sx, sy := view.SiteCenter(s)
		sx, sy = sx+float64(off.X), sy+float64(off.Y)
		// The distance from the site's centre to the nearest point of the label.
		dx := math.Max(0, math.Max(x-sx, sx-(x+w)))
		dy := math.Max(0, math.Max(y-sy, sy-(y+ht)))
		if math.Hypot(dx, dy) < clear {
			return false
		}
	}
	return true
}
