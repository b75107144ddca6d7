package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Drawing primitives over ebiten/v2/vector, shared with render/ui. They share one vertex
// buffer, so they must be called from the game goroutine only, like all drawing.

var (
	whiteImage = func() *ebiten.Image {
		img := ebiten.NewImage(3, 3)
		img.Fill(color.White)
		return img
	}()
	whitePixel = whiteImage.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)

	scratchVertices []ebiten.Vertex
	scratchIndices  []uint16

	// supersampling is set while a static image is drawn at twice its size and scaled down
	// afterwards: antialiasing is then redundant, and Ebitengine's antialiasing allocates
	// an offscreen buffer per draw, which adds up over a whole board.
	supersampling bool
)

// FillPath fills p with clr, antialiased.
func FillPath(dst *ebiten.Image, p *vector.Path, clr color.Color) {
	scratchVertices, scratchIndices = p.AppendVerticesAndIndicesForFilling(scratchVertices[:0], scratchIndices[:0])
	// Subpaths are triangulated as fans, so concave shapes need the non-zero rule.
	drawTriangles(dst, clr, ebiten.FillRuleNonZero)
}

// StrokePath strokes p with a line of the given width, antialiased.
func StrokePath(dst *ebiten.Image, p *vector.Path, width float64, clr color.Color) {
	op := vector.StrokeOptions{Width: float32(width), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}
	scratchVertices, scratchIndices = p.AppendVerticesAndIndicesForStroke(scratchVertices[:0], scratchIndices[:0], &op)
	drawTriangles(dst, clr, ebiten.FillRuleFillAll)
}

func drawTriangles(dst *ebiten.Image, clr color.Color, rule ebiten.FillRule) {
	r, g, b, a := clr.RGBA()
	for i := range scratchVertices {
		v := &scratchVertices[i]
		v.SrcX, v.SrcY = 1, 1
		v.ColorR = float32(r) / 0xffff
		v.ColorG = float32(g) / 0xffff
		v.ColorB = float32(b) / 0xffff
		v.ColorA = float32(a) / 0xffff
	}
	op := ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha, AntiAlias: !supersampling, FillRule: rule}
	dst.DrawTriangles(scratchVertices, scratchIndices, whitePixel, &op)
}

// strokePolyline draws straight segments through pts (x0, y0, x1, y1, ...) with square
// ends. It builds the quads itself instead of using a vector.Path, so a frame that draws
// it does not allocate; the non-zero rule keeps overlapping corners from blending twice.
func strokePolyline(dst *ebiten.Image, pts []float64, width float64, clr color.Color) {
	scratchVertices, scratchIndices = scratchVertices[:0], scratchIndices[:0]
	for i := 0; i+3 < len(pts); i += 2 {
		x0, y0, x1, y1 := pts[i], pts[i+1], pts[i+2], pts[i+3]
		l := math.Hypot(x1-x0, y1-y0)
		if l == 0 {
			continue
		}
		// Half-width normal, and the direction extended by half a width at both ends so
		// that consecutive segments overlap at the joint.
		nx, ny := -(y1-y0)/l*width/2, (x1-x0)/l*width/2
		ex, ey := (x1-x0)/l*width/2, (y1-y0)/l*width/2
		base := uint16(len(scratchVertices))
		for _, p := range [4][2]float64{
			{x0 - ex + nx, y0 - ey + ny}, {x1 + ex + nx, y1 + ey + ny},
			{x1 + ex - nx, y1 + ey - ny}, {x0 - ex - nx, y0 - ey - ny},
		} {
			scratchVertices = append(scratchVertices, ebiten.Vertex{DstX: float32(p[0]), DstY: float32(p[1])})
		}
		scratchIndices = append(scratchIndices, base, base+1, base+2, base, base+2, base+3)
	}
	drawTriangles(dst, clr, ebiten.FillRuleNonZero)
}

// FillPolygon fills the polygon whose corners are pts (x, y pairs).
func FillPolygon(dst *ebiten.Image, pts []float64, clr color.Color) {
	var p vector.Path
	for i := 0; i+1 < len(pts); i += 2 {
		if i == 0 {
			p.MoveTo(float32(pts[i]), float32(pts[i+1]))
		} else {
			p.LineTo(float32(pts[i]), float32(pts[i+1]))
		}
	}
	p.Close()
	FillPath(dst, &p, clr)
}

// RoundedRectPath appends a rounded rectangle to p as a closed subpath.
func RoundedRectPath(p *vector.Path, x, y, w, h, radius float64) {
	radius = max(0, min(radius, w/2, h/2))
	x0, y0, x1, y1 := float32(x), float32(y), float32(x+w), float32(y+h)
	r := float32(radius)
	p.MoveTo(x0+r, y0)
	p.LineTo(x1-r, y0)
	p.ArcTo(x1, y0, x1, y0+r, r)
	p.LineTo(x1, y1-r)
	p.ArcTo(x1, y1, x1-r, y1, r)
	p.LineTo(x0+r, y1)
	p.ArcTo(x0, y1, x0, y1-r, r)
	p.LineTo(x0, y0+r)
	p.ArcTo(x0, y0, x0+r, y0, r)
	p.Close()
}

// FillRoundedRect fills a rounded rectangle.
func FillRoundedRect(dst *ebiten.Image, x, y, w, h, radius float64, clr color.Color) {
	if w <= 0 || h <= 0 {
		return
	}
	var p vector.Path
	RoundedRectPath(&p, x, y, w, h, radius)
	FillPath(dst, &p, clr)
}

// StrokeRoundedRect outlines a rounded rectangle; the line is centred on its edge.
func StrokeRoundedRect(dst *ebiten.Image, x, y, w, h, radius, width float64, clr color.Color) {
	if w <= 0 || h <= 0 {
		return
	}
	var p vector.Path
	RoundedRectPath(&p, x, y, w, h, radius)
	StrokePath(dst, &p, width, clr)
}

// DrawShadow draws a soft shadow under a rounded rectangle by stacking translucent,
// growing copies of it; blur is the shadow's reach in pixels. The layers are blurry
// anyway, so they are drawn without antialiasing, which keeps the cost at one cheap
// draw per layer.
func DrawShadow(dst *ebiten.Image, x, y, w, h, radius, blur float64, alpha float64) {
	const steps = 8
	prev := supersampling
	supersampling = true
	defer func() { supersampling = prev }()
	for i := steps; i >= 1; i-- {
		g := blur * float64(i) / steps
		a := alpha / steps * 1.6 * (1 - float64(i-1)/steps)
		FillRoundedRect(dst, x-g/2, y-g/2+blur/4, w+g, h+g, radius+g/2, withAlpha(Shadow, a))
	}
}

// FillCircle fills a circle, antialiased.
func FillCircle(dst *ebiten.Image, cx, cy, r float64, clr color.Color) {
	if r <= 0 {
		return
	}
	vector.DrawFilledCircle(dst, float32(cx), float32(cy), float32(r), clr, !supersampling)
}

// StrokeCircle outlines a circle, antialiased.
func StrokeCircle(dst *ebiten.Image, cx, cy, r, width float64, clr color.Color) {
	if r <= 0 {
		return
	}
	vector.StrokeCircle(dst, float32(cx), float32(cy), float32(r), float32(width), clr, !supersampling)
}

// StrokeLine draws a line segment with round caps, antialiased.
func StrokeLine(dst *ebiten.Image, x0, y0, x1, y1, width float64, clr color.Color) {
	var p vector.Path
	p.MoveTo(float32(x0), float32(y0))
	p.LineTo(float32(x1), float32(y1))
	StrokePath(dst, &p, width, clr)
}

// polygonPath appends a regular polygon with n corners, the first at angle a0 (radians,
// clockwise on screen from the positive x axis).
func polygonPath(p *vector.Path, cx, cy, r float64, n int, a0 float64) {
	for i := range n {
		a := a0 + 2*math.Pi*float64(i)/float64(n)
		x, y := float32(cx+r*math.Cos(a)), float32(cy+r*math.Sin(a))
		if i == 0 {
			p.MoveTo(x, y)
		} else {
			p.LineTo(x, y)
		}
	}
	p.Close()
}

// withAlpha returns c with its alpha multiplied by a (0..1).
func withAlpha(c color.NRGBA, a float64) color.NRGBA {
	c.A = uint8(math.Round(float64(c.A) * max(0, min(1, a))))
	return c
}

// mix blends a towards b by t (0..1).
func mix(a, b color.NRGBA, t float64) color.NRGBA {
	l := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.NRGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), l(a.A, b.A)}
}
