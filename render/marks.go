package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Highlights are drawn from small sprites rendered on the CPU once per size and colour,
// so a frame costs a few image draws rather than many antialiased vector draws.

type markKind uint8

const (
	markSelected markKind = iota + 1
	markTargetRing
	markTargetDot
	markMovable
	markHexCell
	markPointTint
	markBadge
	markThrone
	markEscape
	markForbidden
	markSmallDot
	markCaptured
)

type markKey struct {
	kind markKind
	clr  color.NRGBA
}

// mark returns the sprite of a highlight for the current cell size; its centre is the
// centre of the image.
func (v *BoardView) mark(kind markKind, clr color.NRGBA) *ebiten.Image {
	k := markKey{kind, clr}
	if img, ok := v.marks[k]; ok {
		return img
	}
	cs := v.lay.scale
	pr := v.pieceRadius()
	var img *image.RGBA
	switch kind {
	case markSelected:
		img = ringImage((pr+0.045)*cs, max(2, 0.065*cs), clr)
	case markTargetRing:
		img = ringImage((pr+0.035)*cs, max(2, 0.07*cs), clr)
	case markTargetDot:
		img = discMarkImage(max(3, 0.16*cs), clr)
	case markMovable:
		img = ringImage((pr+0.05)*cs, max(1.2, 0.03*cs), clr)
	case markHexCell:
		// A little inside the cell, so that the outline stays visible around the tint.
		img = hexMarkImage(hexRadius*cs-max(0.5, 0.02*cs), clr)
	case markPointTint:
		img = discMarkImage(0.4*cs, clr)
	case markThrone:
		// A square frame inside the cell: the throne reads as a seat, not a piece.
		img = squareFrameImage(0.36*cs, max(1.5, 0.05*cs), clr)
	case markEscape:
		img = crossImage(0.22*cs, max(1.5, 0.05*cs), clr, false)
	case markForbidden:
		img = crossImage(0.24*cs, max(2, 0.06*cs), clr, true)
	case markSmallDot:
		img = discMarkImage(max(2.5, 0.09*cs), clr)
	case markCaptured:
		img = crossImage((pr-0.08)*cs, max(2, 0.08*cs), clr, true)
	case markBadge:
		r := v.badgeRadius()
		w := max(1, 0.1*r)
		img = rasterize(r+2, func(x, y float64) color.RGBA {
			d := math.Hypot(x, y)
			out := premul(Shadow, 0.35*clamp01(r+0.5-math.Hypot(x, y-1)+0.5))
			out = over(premul(clr, clamp01(r-d+0.5)), out)
			return over(premul(OnAccent, clamp01(0.5+w/2-math.Abs(d-(r-w/2)))), out)
		})
	}
	e := ebiten.NewImageFromImage(img)
	v.marks[k] = e
	return e
}

// drawMark draws a highlight sprite centred on (x, y), faded by alpha and grown by scale.
func (v *BoardView) drawMark(dst *ebiten.Image, kind markKind, clr color.NRGBA, x, y, alpha, scale float64) {
	img := v.mark(kind, clr)
	half := float64(img.Bounds().Dx()) / 2
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(-half, -half)
	op.GeoM.Scale(scale, scale)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleAlpha(float32(alpha))
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, &op)
}

// rasterize renders a square image reaching at least reach pixels from its centre;
// f gives the premultiplied colour at a pixel centre relative to the image centre.
func rasterize(reach float64, f func(x, y float64) color.RGBA) *image.RGBA {
	n := 2*int(math.Ceil(reach)) + 2
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	c := float64(n) / 2
	for py := range n {
		for px := range n {
			img.SetRGBA(px, py, f(float64(px)+0.5-c, float64(py)+0.5-c))
		}
	}
	return img
}

// ringImage is a circle line of radius r (to the middle of the line) and width w.
func ringImage(r, w float64, clr color.NRGBA) *image.RGBA {
	return rasterize(r+w, func(x, y float64) color.RGBA {
		return premul(clr, clamp01(0.5+w/2-math.Abs(math.Hypot(x, y)-r)))
	})
}

// discMarkImage is a filled circle of radius r.
func discMarkImage(r float64, clr color.NRGBA) *image.RGBA {
	return rasterize(r+1, func(x, y float64) color.RGBA {
		return premul(clr, clamp01(r-math.Hypot(x, y)+0.5))
	})
}

// hexMarkImage is a filled pointy-topped hexagon with corner radius r, antialiased by
// sampling each pixel 4×4 times.
func hexMarkImage(r float64, clr color.NRGBA) *image.RGBA {
	inside := func(x, y float64) bool {
		// A pointy-topped hexagon is the intersection of three slabs of half-width r·√3/2.
		a := r * sqrt3 / 2
		return math.Abs(x) <= a && math.Abs(x*0.5+y*sqrt3/2) <= a && math.Abs(x*0.5-y*sqrt3/2) <= a
	}
	return rasterize(r+1, func(x, y float64) color.RGBA {
		n := 0
		for j := range 4 {
			for i := range 4 {
				if inside(x-0.375+float64(i)*0.25, y-0.375+float64(j)*0.25) {
					n++
				}
			}
		}
		return premul(clr, float64(n)/16)
	})
}

// squareFrameImage is the outline of a square of half-side r and line width w.
func squareFrameImage(r, w float64, clr color.NRGBA) *image.RGBA {
	return rasterize(r+w, func(x, y float64) color.RGBA {
		d := math.Max(math.Abs(x), math.Abs(y))
		return premul(clr, clamp01(0.5+w/2-math.Abs(d-r)))
	})
}

// crossImage is a plus sign, or a saltire when diagonal, of arm length r and width w.
func crossImage(r, w float64, clr color.NRGBA, diagonal bool) *image.RGBA {
	return rasterize(r+w, func(x, y float64) color.RGBA {
		if diagonal {
			x, y = (x+y)/math.Sqrt2, (x-y)/math.Sqrt2
		}
		arm := func(a, b float64) float64 {
			return clamp01(0.5+w/2-math.Abs(b)) * clamp01(r+0.5-math.Abs(a))
		}
		return premul(clr, math.Max(arm(x, y), arm(y, x)))
	})
}
