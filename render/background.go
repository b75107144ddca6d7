package render

import (
	"image/color"
	"math"
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"koma/rules"
	"koma/rules/board"
)

// The static part of a board: drop shadow, walnut frame, cells or lines, and coordinates.
// It changes only with size, orientation and the coordinates setting.

func (v *BoardView) renderBackground() {
	l := v.lay
	v.bgPad = int(math.Ceil(0.3 * l.scale))
	w, h := l.rect.Dx()+2*v.bgPad, l.rect.Dy()+2*v.bgPad
	if v.bg == nil || v.bg.Bounds().Dx() != w || v.bg.Bounds().Dy() != h {
		if v.bg != nil {
			v.bg.Deallocate()
		}
		v.bg = ebiten.NewImage(max(1, w), max(1, h))
	} else {
		v.bg.Clear()
	}
	v.bgDirty = false
	// The board is drawn at twice its size without antialiasing and then halved with
	// linear filtering, which averages 2×2 blocks: smooth edges everywhere for the price
	// of one large image, instead of an antialiasing buffer per shape.
	ss := 2.0
	if 2*max(w, h) > 4096 {
		ss = 1 // huge screens: plain antialiasing, since the doubled image would not fit
	}
	dst := v.bg
	if ss > 1 {
		dst = ebiten.NewImage(int(ss)*max(1, w), int(ss)*max(1, h))
		defer dst.Deallocate()
		supersampling = true
		defer func() { supersampling = false }()
	}
	shift := point{float64(v.bgPad - l.rect.Min.X), float64(v.bgPad - l.rect.Min.Y)}
	at := func(p point) point {
		s := l.toScreen(p)
		return point{(s.x + shift.x) * ss, (s.y + shift.y) * ss}
	}
	cs := l.scale * ss
	switch v.topo.Kind() {
	case board.Hex:
		v.drawHexBoard(dst, at, cs)
	case board.Points:
		v.drawPointBoard(dst, at, cs)
	default:
		v.drawSquareBoard(dst, at, cs)
	}
	// Coordinates, centred on their anchors.
	size := max(9*ss, min(0.3*cs, l.rim*cs*0.62))
	for _, lb := range l.labels(v.topo) {
		p := at(lb.at)
		DrawText(dst, lb.text, size, true, p.x, p.y-size*LineHeight/2, BoardCoord, AlignCenter)
	}
	if ss > 1 {
		var op ebiten.DrawImageOptions
		op.GeoM.Scale(1/ss, 1/ss)
		op.Filter = ebiten.FilterLinear
		v.bg.DrawImage(dst, &op)
	}
}

// frameRect returns the frame's corners in background pixels.
func (v *BoardView) frameRect(at func(point) point) (x0, y0, x1, y1 float64) {
	a := at(point{v.lay.x0, v.lay.y0})
	b := at(point{v.lay.x1, v.lay.y1})
	return min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y)
}

// drawFrame draws the shadowed walnut frame as a rounded rectangle.
func (v *BoardView) drawFrame(dst *ebiten.Image, at func(point) point, cs float64) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = v.frameRect(at)
	rad := min(0.16*cs, 14)
	DrawShadow(dst, x0, y0, x1-x0, y1-y0, rad, 0.22*cs, 0.45)
	FillRoundedRect(dst, x0, y0, x1-x0, y1-y0, rad, BoardFrame)
	woodGrain(dst, x0, y0, x1-x0, y1-y0, BoardFrame, 1)
	StrokeRoundedRect(dst, x0+1, y0+1, x1-x0-2, y1-y0-2, rad, max(1, 0.02*cs), withAlpha(BoardFrameEdge, 0.9))
	return x0, y0, x1, y1
}

// woodGrain lays faint, long, slightly wavy streaks over a rectangle so that flat wood
// colours read as wood. The streaks come from a fixed seed: every board looks the same on
// every run.
func woodGrain(dst *ebiten.Image, x, y, w, h float64, base color.NRGBA, strength float64) {
	rng := rand.New(rand.NewPCG(0x6B6F6D61, uint64(w)<<20|uint64(h)))
	dark := mix(base, color.NRGBA{0x30, 0x1C, 0x0C, 0xFF}, 0.5)
	light := mix(base, color.NRGBA{0xFF, 0xF4, 0xE0, 0xFF}, 0.4)
	// Streaks are sorted into a few buckets of colour, width and alpha, and each bucket is
	// one path: a handful of antialiased draws instead of hundreds.
	const buckets = 6
	var paths [buckets]vector.Path
	for range int(h / 3) {
		b := rng.IntN(buckets)
		p := &paths[b]
		yy := y + rng.Float64()*h
		amp := 0.6 + rng.Float64()*2.2
		freq := (0.5 + rng.Float64()) * 2 * math.Pi / w
		ph := rng.Float64() * 2 * math.Pi
		x0 := x + rng.Float64()*w*0.6
		x1 := min(x+w, x0+w*(0.3+rng.Float64()*0.7))
		for xx := x0; xx <= x1; xx += 6 {
			py := yy + amp*math.Sin(freq*xx+ph)
			if xx == x0 {
				p.MoveTo(float32(xx), float32(py))
			} else {
				p.LineTo(float32(xx), float32(py))
			}
		}
	}
	for b := range paths {
		clr := dark
		if b%3 == 2 {
			clr = light
		}
		width := 0.6 + 0.3*float64(b%3)
		StrokePath(dst, &paths[b], width, withAlpha(clr, strength*(0.05+0.016*float64(b))))
	}
}

func (v *BoardView) drawSquareBoard(dst *ebiten.Image, at func(point) point, cs float64) {
	v.drawFrame(dst, at, cs)
	// The playing area, cell by cell.
	minX, minY, maxX, maxY := v.topo.Bounds()
	a := at(point{minX - 0.5, minY - 0.5})
	b := at(point{maxX + 0.5, maxY + 0.5})
	ax, ay, bx, by := min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y)
	// A dark bed under the cells reads as the frame's inner edge.
	vector.DrawFilledRect(dst, float32(ax-1.5), float32(ay-1.5), float32(bx-ax+3), float32(by-ay+3),
		color.NRGBA{0x3A, 0x24, 0x12, 0xFF}, true)
	checkered := v.game.Style != rules.Plain
	if !checkered {
		vector.DrawFilledRect(dst, float32(ax), float32(ay), float32(bx-ax), float32(by-ay), SquarePlain, false)
		woodGrain(dst, ax, ay, bx-ax, by-ay, SquarePlain, 0.7)
	} else {
		for s := range v.topo.Len() {
			si := v.topo.Info(board.Site(s))
			c := at(point{si.X, si.Y})
			clr := SquareLight
			if (si.Col+si.Row)%2 == 0 {
				clr = SquareDark
			}
			x0, y0 := math.Round(c.x-cs/2), math.Round(c.y-cs/2)
			x1, y1 := math.Round(c.x+cs/2), math.Round(c.y+cs/2)
			vector.DrawFilledRect(dst, float32(x0), float32(y0), float32(x1-x0), float32(y1-y0), clr, false)
		}
		woodGrain(dst, ax, ay, bx-ax, by-ay, SquareLight, 0.45)
	}
	if !checkered {
		lw := float32(max(1, math.Round(0.025*cs)))
		for c := 1; c < v.topo.Width(); c++ {
			x := math.Round(ax + float64(c)*cs)
			vector.StrokeLine(dst, float32(x), float32(ay), float32(x), float32(by), lw, withAlpha(GridLine, 0.75), false)
		}
		for r := 1; r < v.topo.Height(); r++ {
			y := math.Round(ay + float64(r)*cs)
			vector.StrokeLine(dst, float32(ax), float32(y), float32(bx), float32(y), lw, withAlpha(GridLine, 0.75), false)
		}
	}
	// A soft inner shadow along the top and left edges makes the cells sit below the frame.
	for i := range 4 {
		a := withAlpha(Shadow, 0.16*(1-float64(i)/4))
		vector.DrawFilledRect(dst, float32(ax), float32(ay)+float32(i), float32(bx-ax), 1, a, false)
		vector.DrawFilledRect(dst, float32(ax)+float32(i), float32(ay), 1, float32(by-ay), a, false)
	}
}

func (v *BoardView) drawPointBoard(dst *ebiten.Image, at func(point) point, cs float64) {
	v.drawFrame(dst, at, cs)
	minX, minY, maxX, maxY := v.topo.Bounds()
	a := at(point{minX - pointPad, minY - pointPad})
	b := at(point{maxX + pointPad, maxY + pointPad})
	ax, ay, bx, by := min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y)
	vector.DrawFilledRect(dst, float32(ax-1.5), float32(ay-1.5), float32(bx-ax+3), float32(by-ay+3),
		color.NRGBA{0x3A, 0x24, 0x12, 0xFF}, true)
	vector.DrawFilledRect(dst, float32(ax), float32(ay), float32(bx-ax), float32(by-ay), PointSurface, false)
	woodGrain(dst, ax, ay, bx-ax, by-ay, PointSurface, 0.7)
	lw := max(1.5, 0.045*cs)
	var p vector.Path
	for _, ln := range v.topo.Lines() {
		s0 := v.topo.Info(ln[0])
		s1 := v.topo.Info(ln[1])
		p0, p1 := at(point{s0.X, s0.Y}), at(point{s1.X, s1.Y})
		p.MoveTo(float32(p0.x), float32(p0.y))
		p.LineTo(float32(p1.x), float32(p1.y))
	}
	StrokePath(dst, &p, lw, PointLine)
	for s := range v.topo.Len() {
		si := v.topo.Info(board.Site(s))
		c := at(point{si.X, si.Y})
		FillCircle(dst, c.x, c.y, max(2.5, 0.07*cs), PointLine)
	}
}

func (v *BoardView) drawHexBoard(dst *ebiten.Image, at func(point) point, cs float64) {
	l := v.lay
	// The frame: a flat-topped hexagon with softened corners.
	c := at(point{(l.x0 + l.x1) / 2, (l.y0 + l.y1) / 2})
	circ := (l.x1 - l.x0) / 2 * cs
	round := min(0.2*cs, circ*0.1)
	var frame vector.Path
	polygonPath(&frame, c.x, c.y, circ-round, 6, 0)
	for i := 8; i >= 1; i-- {
		g := 0.22 * cs * float64(i) / 8
		var sh vector.Path
		polygonPath(&sh, c.x, c.y+0.05*cs, circ-round+g/2, 6, 0)
		StrokePath(dst, &sh, 2*round, withAlpha(Shadow, 0.07*(1-float64(i-1)/8)))
		FillPath(dst, &sh, withAlpha(Shadow, 0.07*(1-float64(i-1)/8)))
	}
	StrokePath(dst, &frame, 2*round, BoardFrame)
	FillPath(dst, &frame, BoardFrame)
	var edge vector.Path
	polygonPath(&edge, c.x, c.y, circ-round-max(1, 0.02*cs), 6, 0)
	StrokePath(dst, &edge, max(1, 0.02*cs), withAlpha(BoardFrameEdge, 0.7))

	// The cells, each a pointy-topped hexagon, in three tones so lines are easy to follow.
	rad := hexRadius * cs
	lw := max(1, 0.035*cs)
	var cells, outline vector.Path
	var tints [3]vector.Path
	for s := range v.topo.Len() {
		si := v.topo.Info(board.Site(s))
		p := at(point{si.X, si.Y})
		polygonPath(&cells, p.x, p.y, rad+lw*0.6, 6, -math.Pi/2)
		t := ((si.Col-si.Row)%3 + 3) % 3
		polygonPath(&tints[t], p.x, p.y, rad, 6, -math.Pi/2)
		polygonPath(&outline, p.x, p.y, rad, 6, -math.Pi/2)
	}
	FillPath(dst, &cells, HexOutline)
	for i := range tints {
		FillPath(dst, &tints[i], HexTints[i])
	}
	StrokePath(dst, &outline, lw, HexOutline)
}
