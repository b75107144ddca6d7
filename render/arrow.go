package render

import (
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/rules/board"
)

// Arrows between sites, for showing moves that are not on the board yet: the hint's line,
// the review's better move. An arrow follows the board's own lines from point to point,
// as a player would trace the move with a finger, so that on a board of lines it never
// cuts across between the points, and a chain is drawn one arrow per hop.

// ArrowStyle is how DrawSiteArrow and DrawMoveArrows draw.
type ArrowStyle struct {
	// Colour fills the shaft, the head and the label's tile. Its alpha is the arrow's
	// opacity; a translucent arrow lets the pieces under it show. The zero value draws in
	// ArrowInk.
	Colour color.NRGBA
	// Label is written on a tile at the arrow's tail, such as the number of the move in a
	// line ("1", or "1, 3" for two moves along one path); "" draws none.
	Label string
}

// The colours of a line of moves drawn with numbered arrows: the moves of the side the
// line is shown to (ArrowPlayer), and those of the other side (ArrowOpponent), told apart
// at a glance. Translucent, so that the pieces under an arrow stay visible.
var (
	ArrowPlayer   = color.NRGBA{0xC4, 0x4E, 0x34, 0xD0}
	ArrowOpponent = color.NRGBA{0x2F, 0x5F, 0x9A, 0xD0}
)

func (s ArrowStyle) colour() color.NRGBA {
	if s.Colour == (color.NRGBA{}) {
		return ArrowInk
	}
	return s.Colour
}

// DrawSiteArrow draws an arrow from site a to site b along the board's lines, with the
// style's label at its tail. Sites off the board draw nothing; a == b draws a ring.
func (v *BoardView) DrawSiteArrow(dst *ebiten.Image, a, b board.Site, style ArrowStyle) {
	if !v.onBoard(a) || !v.onBoard(b) || v.lay.scale <= 0 {
		return
	}
	if a == b {
		v.drawSiteRing(dst, a, style)
		return
	}
	v.line = v.line[:0]
	for _, s := range v.ArrowRoute(a, b) {
		x, y := v.SiteCenter(s)
		v.line = append(v.line, x, y)
	}
	// The arrow leaves the centre of its first site and stops short of the last, so that
	// where one move of a line lands and the next sets off, the head of the one and the
	// tail of the other stay apart.
	cell := v.lay.scale
	trimEnds(v.line, arrowTail*cell, arrowTip*cell)
	clr := style.colour()
	fillArrow(dst, v.line, cell, clr)
	if style.Label != "" {
		// At the tail, over the piece that moves: the shaft and head stay clear even on
		// a step of one cell.
		v.drawArrowLabel(dst, v.line[0], v.line[1], style.Label, clr)
	}
}

// How far, in cells, an arrow starts from the centre of its first site and stops short of
// the centre of its last.
const (
	arrowTail = 0.2
	arrowTip  = 0.1
)

// trimEnds moves the first point of the line through pts (x, y pairs) along the line by
// tail and the last one back by tip, each by at most a third of its segment.
func trimEnds(pts []float64, tail, tip float64) {
	n := len(pts)
	if n < 4 {
		return
	}
	move := func(i, j int, d float64) {
		dx, dy := pts[j]-pts[i], pts[j+1]-pts[i+1]
		l := math.Hypot(dx, dy)
		if l == 0 {
			return
		}
		d = min(d, l/3)
		pts[i], pts[i+1] = pts[i]+dx/l*d, pts[i+1]+dy/l*d
	}
	move(0, 2, tail)
	move(n-2, n-4, tip)
}

// DrawMoveArrows draws the path of a move (its sites in order, as rules.Move.Sites gives
// them): one arrow per hop, the label on the first. A one-site move, a placement, gets a
// ring with the label beside it.
func (v *BoardView) DrawMoveArrows(dst *ebiten.Image, path []board.Site, style ArrowStyle) {
	switch len(path) {
	case 0:
		return
	case 1:
		if v.onBoard(path[0]) {
			v.drawSiteRing(dst, path[0], style)
		}
		return
	}
	for i := 0; i+1 < len(path); i++ {
		hop := style
		if i > 0 {
			hop.Label = ""
		}
		v.DrawSiteArrow(dst, path[i], path[i+1], hop)
	}
}

// ArrowRoute returns the sites an arrow from a to b passes through, a first and b last,
// with only the corners in between: the two ends alone when b lies on a line of the board
// from a (a step, a slide, a jump), otherwise the path over neighbouring sites with the
// fewest steps, and among those the fewest turns. Sites that no path joins give a and b.
func (v *BoardView) ArrowRoute(a, b board.Site) []board.Site {
	return routeOn(v.topo, a, b)
}

func routeOn(t *board.Topology, a, b board.Site) []board.Site {
	if a == b {
		return []board.Site{a}
	}
	n := t.Len()
	for d := range t.NumDirs() {
		s := a
		for range n {
			if s = t.Step(s, board.Dir(d)); s == board.NoSite || s == a {
				break
			}
			if s == b {
				return []board.Site{a, b}
			}
		}
	}
	// Not on one line: the shortest way over neighbours, with as few turns as possible.
	// A state is a site and the direction of the step that reached it; a breadth-first
	// search by steps keeps, for each state, the fewest turns over the ways to it with the
	// fewest steps, and the route ends at the state of b with the fewest turns.
	dirs := t.NumDirs()
	depth := make([]int32, n*dirs) // steps to the state plus one; 0 unseen
	turns := make([]int32, n*dirs)
	from := make([]int32, n*dirs)
	var layer, next []int32
	for d := range dirs {
		if s := t.Step(a, board.Dir(d)); s != board.NoSite {
			i := int32(int(s)*dirs + d)
			depth[i], from[i] = 1, -1
			layer = append(layer, i)
		}
	}
	best := int32(-1)
	for k := int32(2); len(layer) > 0; k++ {
		for _, i := range layer {
			if board.Site(int(i)/dirs) == b && (best < 0 || turns[i] < turns[best]) {
				best = i
			}
		}
		if best >= 0 {
			break
		}
		next = next[:0]
		for _, i := range layer {
			s, d := int(i)/dirs, int(i)%dirs
			for e := range dirs {
				u := t.Step(board.Site(s), board.Dir(e))
				if u == board.NoSite || u == a {
					continue
				}
				j := int32(int(u)*dirs + e)
				c := turns[i]
				if e != d {
					c++
				}
				switch {
				case depth[j] == 0:
					depth[j], turns[j], from[j] = k, c, i
					next = append(next, j)
				case depth[j] == k && c < turns[j]:
					turns[j], from[j] = c, i
				}
			}
		}
		layer, next = next, layer
	}
	if best < 0 {
		return []board.Site{a, b}
	}
	// Walk back from b, keeping the sites where the direction changes.
	out := []board.Site{b}
	for i := best; from[i] >= 0; i = from[i] {
		if p := from[i]; int(p)%dirs != int(i)%dirs {
			out = append(out, board.Site(int(p)/dirs))
		}
	}
	out = append(out, a)
	slices.Reverse(out)
	return out
}

func (v *BoardView) onBoard(s board.Site) bool { return s >= 0 && int(s) < v.topo.Len() }

// fillArrow fills an arrow along pts (x, y pairs), its tip on the last point, sized for
// cells of the given size. Shaft and head are one set of triangles filled with the
// non-zero rule, so that a translucent arrow is even where its parts overlap.
func fillArrow(dst *ebiten.Image, pts []float64, cell float64, clr color.NRGBA) {
	n := len(pts)
	if n < 4 {
		return
	}
	total := polylineLength(pts)
	if total == 0 {
		return
	}
	w := max(3, 0.13*cell)
	head := min(max(0.36*cell, 2.4*w), 0.6*total)
	half := max(0.23*cell, 1.7*w)
	x0, y0, x1, y1 := pts[n-4], pts[n-3], pts[n-2], pts[n-1]
	l := math.Hypot(x1-x0, y1-y0)
	ux, uy := (x1-x0)/l, (y1-y0)/l
	// The shaft stops inside the head, which takes over; it keeps its corners.
	shaft := append([]float64(nil), pts...)
	cut := min(head*0.75, l)
	shaft[n-2], shaft[n-1] = x1-ux*cut, y1-uy*cut
	scratchVertices, scratchIndices = scratchVertices[:0], scratchIndices[:0]
	for i := 0; i+3 < len(shaft); i += 2 {
		appendQuad(shaft[i], shaft[i+1], shaft[i+2], shaft[i+3], w, i > 0, i+4 < len(shaft))
	}
	bx, by := x1-ux*head, y1-uy*head
	nx, ny := -uy*half, ux*half
	base := uint16(len(scratchVertices))
	for _, p := range [3][2]float64{{bx + nx, by + ny}, {x1, y1}, {bx - nx, by - ny}} {
		scratchVertices = append(scratchVertices, ebiten.Vertex{DstX: float32(p[0]), DstY: float32(p[1])})
	}
	scratchIndices = append(scratchIndices, base, base+1, base+2)
	drawTriangles(dst, clr, ebiten.FillRuleNonZero)
}

// appendQuad appends the quad of one straight piece of a shaft of width w from (x0, y0) to
// (x1, y1), grown by half a width at the ends that meet another piece so that corners
// close. All quads wind the same way, as the non-zero rule needs.
func appendQuad(x0, y0, x1, y1, w float64, growStart, growEnd bool) {
	l := math.Hypot(x1-x0, y1-y0)
	if l == 0 {
		return
	}
	nx, ny := -(y1-y0)/l*w/2, (x1-x0)/l*w/2
	ex, ey := (x1-x0)/l*w/2, (y1-y0)/l*w/2
	if growStart {
		x0, y0 = x0-ex, y0-ey
	}
	if growEnd {
		x1, y1 = x1+ex, y1+ey
	}
	base := uint16(len(scratchVertices))
	for _, p := range [4][2]float64{{x0 + nx, y0 + ny}, {x1 + nx, y1 + ny}, {x1 - nx, y1 - ny}, {x0 - nx, y0 - ny}} {
		scratchVertices = append(scratchVertices, ebiten.Vertex{DstX: float32(p[0]), DstY: float32(p[1])})
	}
	scratchIndices = append(scratchIndices, base, base+1, base+2, base, base+2, base+3)
}

// polylineLength is the length of the line through pts (x, y pairs).
func polylineLength(pts []float64) float64 {
	var l float64
	for i := 0; i+3 < len(pts); i += 2 {
		l += math.Hypot(pts[i+2]-pts[i], pts[i+3]-pts[i+1])
	}
	return l
}

// labelRadius is half the height of an arrow's label tile on cells of the given size.
func labelRadius(cell float64) float64 { return min(max(0.19*cell, 9), 22) }

// drawArrowLabel draws label centred on (x, y) on a tile of clr, opaque so that it reads
// on any board, rimmed in the pieces' ivory so that it stands off the arrow and the
// pieces. The tile is a rounded square rather than a disc, so that it is not taken for a
// stack's height badge, and it widens for a longer label ("1, 3").
func (v *BoardView) drawArrowLabel(dst *ebiten.Image, x, y float64, label string, clr color.NRGBA) {
	r := labelRadius(v.lay.scale)
	solid := clr
	solid.A = 0xff
	size := r * 1.15
	tw, _ := MeasureText(label, size, true)
	w := max(2*r, tw+0.9*r)
	const rim = 1.5
	FillRoundedRect(dst, x-w/2-rim, y-r-rim, w+2*rim, 2*r+2*rim, 0.5*r+rim, PieceWhite)
	FillRoundedRect(dst, x-w/2, y-r, w, 2*r, 0.5*r, solid)
	DrawText(dst, label, size, true, x, y-size*LineHeight/2, OnAccent, AlignCenter)
}

// drawSiteRing rings site s in the style's colour, for a move of one site, with the label
// on the ring's upper right.
func (v *BoardView) drawSiteRing(dst *ebiten.Image, s board.Site, style ArrowStyle) {
	x, y := v.SiteCenter(s)
	clr := style.colour()
	cell := v.lay.scale
	r := 0.38 * cell
	StrokeCircle(dst, x, y, r, max(3, 0.09*cell), clr)
	if style.Label != "" {
		d := r / math.Sqrt2
		v.drawArrowLabel(dst, x+d, y-d, style.Label, clr)
	}
}
