package render

import (
	"image"
	"math"

	"koma/rules/board"
)

// This file is the pure geometry of a board view: where the board goes in a rectangle,
// how board units map to pixels, where coordinates are written and which site a pixel
// belongs to. It does not draw, so it is tested without a display.

const (
	sqrt3     = 1.7320508075688772
	hexRadius = 1 / sqrt3 // centre-to-corner distance of a hex cell one unit wide
	hexApo    = sqrt3 / 2 // apothem of a flat-topped hexagon with circumradius 1
)

// Frame widths in board units, with and without room for coordinate labels.
const (
	frameThin   = 0.22
	frameCoords = 0.58
	// pointPad is how far a point board's surface reaches beyond its outer points.
	pointPad = 0.55
)

// point is a position in board units or pixels.
type point struct{ x, y float64 }

// label is a coordinate label: its text and its centre in board units.
type label struct {
	text string
	at   point
}

// layout maps board units to screen pixels for one board, bounds, orientation and
// coordinate setting.
type layout struct {
	kind  board.Kind
	sites []point // site centres in board units
	// Extent of everything drawn (frame included) in board units.
	x0, y0, x1, y1 float64
	// rim is the frame width in board units; board area = extent shrunk by rim.
	rim     float64
	coords  bool
	flipped bool
	// scale is pixels per board unit; origin is the pixel of (x0, y0) when not flipped.
	scale  float64
	origin point
	rect   image.Rectangle
}

func newLayout(t *board.Topology) *layout {
	l := &layout{kind: t.Kind(), sites: make([]point, t.Len())}
	for i := range l.sites {
		si := t.Info(board.Site(i))
		l.sites[i] = point{si.X, si.Y}
	}
	l.setCoords(false)
	return l
}

// setCoords recomputes the extent for showing or hiding coordinates.
func (l *layout) setCoords(show bool) {
	l.coords = show
	l.rim = frameThin
	if show {
		l.rim = frameCoords
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range l.sites {
		minX, maxX = min(minX, p.x), max(maxX, p.x)
		minY, maxY = min(minY, p.y), max(maxY, p.y)
	}
	if len(l.sites) == 0 {
		minX, minY, maxX, maxY = 0, 0, 0, 0
	}
	switch l.kind {
	case board.Hex:
		// The frame is a flat-topped hexagon around the pointy-topped cells; the outer
		// cells reach one cell radius beyond their centres on every side.
		apo := (maxY-minY)/2 + hexRadius + l.rim
		circ := apo / hexApo
		cx, cy := (minX+maxX)/2, (minY+maxY)/2
		l.x0, l.x1, l.y0, l.y1 = cx-circ, cx+circ, cy-apo, cy+apo
	case board.Points:
		m := pointPad + l.rim
		l.x0, l.x1, l.y0, l.y1 = minX-m, maxX+m, minY-m, maxY+m
	default:
		m := 0.5 + l.rim
		l.x0, l.x1, l.y0, l.y1 = minX-m, maxX+m, minY-m, maxY+m
	}
}

// fit places the board in r: as large as fits, centred. Square and point boards get a
// whole number of pixels per cell once cells are big enough, so grid lines stay crisp.
func (l *layout) fit(r image.Rectangle) {
	w, h := l.x1-l.x0, l.y1-l.y0
	l.scale = max(0, min(float64(r.Dx())/w, float64(r.Dy())/h))
	if l.kind != board.Hex && l.scale >= 8 {
		l.scale = math.Floor(l.scale)
	}
	pw, ph := w*l.scale, h*l.scale
	// Flooring keeps the far edge inside r even when the leftover is an odd pixel.
	l.origin = point{
		math.Floor(float64(r.Min.X) + (float64(r.Dx())-pw)/2 + 1e-6),
		math.Floor(float64(r.Min.Y) + (float64(r.Dy())-ph)/2 + 1e-6),
	}
	// The epsilon keeps a rounding error from growing the rectangle by a whole pixel.
	l.rect = image.Rect(int(l.origin.x), int(l.origin.y),
		int(math.Ceil(l.origin.x+pw-1e-6)), int(math.Ceil(l.origin.y+ph-1e-6)))
}

// toScreen converts board units to pixels, turning the board by 180° when flipped.
func (l *layout) toScreen(p point) point {
	if l.flipped {
		p = point{l.x0 + l.x1 - p.x, l.y0 + l.y1 - p.y}
	}
	return point{l.origin.x + (p.x-l.x0)*l.scale, l.origin.y + (p.y-l.y0)*l.scale}
}

// toBoard converts pixels to board units; it inverts toScreen.
func (l *layout) toBoard(p point) point {
	if l.scale == 0 {
		return point{math.NaN(), math.NaN()}
	}
	b := point{l.x0 + (p.x-l.origin.x)/l.scale, l.y0 + (p.y-l.origin.y)/l.scale}
	if l.flipped {
		b = point{l.x0 + l.x1 - b.x, l.y0 + l.y1 - b.y}
	}
	return b
}

// siteAt finds the site whose cell holds pixel p: the containing square on square boards,
// the nearest centre within a cell's corner radius on hex boards (which is exactly the
// hex cell), and the nearest point within half a unit on point boards.
func (l *layout) siteAt(p point) (board.Site, bool) {
	b := l.toBoard(p)
	best, bestD := board.NoSite, math.Inf(1)
	for i, s := range l.sites {
		dx, dy := b.x-s.x, b.y-s.y
		var d, limit float64
		switch l.kind {
		case board.Square:
			d, limit = max(math.Abs(dx), math.Abs(dy)), 0.5
		case board.Hex:
			d, limit = math.Hypot(dx, dy), hexRadius
		default:
			d, limit = math.Hypot(dx, dy), 0.5
		}
		if d <= limit && d < bestD {
			best, bestD = board.Site(i), d
		}
	}
	return best, best != board.NoSite
}

// labels returns the coordinate labels in board units: on all four edges of square and
// point boards, and along the bottom and right edges of the screen for hex boards, in
// either orientation.
func (l *layout) labels(t *board.Topology) []label {
	if !l.coords {
		return nil
	}
	var out []label
	if t.Kind() == board.Hex {
		return l.hexLabels(t)
	}
	off := l.rim/2 + 0.5
	if t.Kind() == board.Points {
		off = l.rim/2 + pointPad
	}
	// Files along the top and the bottom, ranks along both sides, as on a printed board:
	// whichever way it is turned, each square can be read from the nearest edge.
	minX, minY, maxX, maxY := t.Bounds()
	for c := range t.Width() {
		si := t.Info(t.At(c, 0))
		for _, y := range []float64{maxY + off, minY - off} {
			out = append(out, label{letterOf(si.Label), point{si.X, y}})
		}
	}
	for r := range t.Height() {
		si := t.Info(t.At(0, r))
		for _, x := range []float64{minX - off, maxX + off} {
			out = append(out, label{numberOf(si.Label), point{x, si.Y}})
		}
	}
	return out
}

// hexLabels writes each letter beyond the lower end of its SW–NE line and each row number
// beyond the right end of its row, so the two sets never share an edge cell's outside.
// Flipped, the upper ends and left ends are used, which then appear at the same screen
// edges.
func (l *layout) hexLabels(t *board.Topology) []label {
	var out []label
	r := t.HexSide() - 1
	// Both directions meet the frame's sides at 30°, so this puts labels midway across it.
	dist := (hexRadius + l.rim/2) / hexApo
	// Unit vectors of the SW and E directions in board units (y down).
	sw := point{-0.5, hexApo}
	e := point{1, 0}
	if l.flipped {
		sw, e = point{0.5, -hexApo}, point{-1, 0}
	}
	for q := -r; q <= r; q++ {
		y := max(-r, -r-q) // lowest row of the line
		if l.flipped {
			y = min(r, r-q)
		}
		si := t.Info(t.At(q, y))
		out = append(out, label{letterOf(si.Label), l.hexOut(si, sw, dist)})
	}
	for y := -r; y <= r; y++ {
		q := min(r, r-y) // rightmost cell of the row
		if l.flipped {
			q = max(-r, -r-y)
		}
		si := t.Info(t.At(q, y))
		out = append(out, label{numberOf(si.Label), l.hexOut(si, e, dist)})
	}
	return out
}

// hexOut is the point at distance d from a cell's centre in direction u.
func (l *layout) hexOut(si board.SiteInfo, u point, d float64) point {
	return point{si.X + u.x*d, si.Y + u.y*d}
}

func letterOf(lbl string) string {
	i := 0
	for i < len(lbl) && lbl[i] >= 'a' && lbl[i] <= 'z' {
		i++
	}
	return lbl[:i]
}

func numberOf(lbl string) string { return lbl[len(letterOf(lbl)):] }
