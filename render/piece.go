package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"koma/rules"
)

// Pieces are drawn from sprites rendered once per colour, look and size. The disc itself is
// shaded per pixel on the CPU (a radial light from the upper left, a darker rim, a faint
// turned groove and a soft drop shadow), which looks smoother than stacked vector circles;
// the crown is a vector path drawn over it.

// spriteKey identifies one piece sprite.
type spriteKey struct {
	colour rules.Colour
	look   rules.Look
	radius int // disc radius in pixels
}

// spritePad is the margin around the disc, as a fraction of its radius, that holds the
// shadow.
const spritePad = 0.3

// spriteSize is the side of the square sprite for a disc of radius r.
func spriteSize(r int) int { return 2*r + 2*int(math.Ceil(float64(r)*spritePad)) }

func shadesOf(c rules.Colour) pieceShades {
	if c == rules.Black {
		return blackShades
	}
	return whiteShades
}

// discImage shades a disc of radius r (pixels) centred in a spriteSize(r) square, with its
// shadow. It is pure CPU work, so it can be tested without a display.
func discImage(sh pieceShades, r int) *image.RGBA {
	n := spriteSize(r)
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	R := float64(r)
	c := float64(n) / 2
	light := point{-0.38, -0.45} // the highlight's centre, in disc radii from the centre
	for py := range n {
		for px := range n {
			dx, dy := float64(px)+0.5-c, float64(py)+0.5-c
			d := math.Hypot(dx, dy)
			// Soft shadow: a blurred disc a little lower than the piece.
			sd := math.Hypot(dx, dy-0.1*R) / R
			shadowA := 0.42 * smooth(1.22, 0.82, sd)
			out := premul(Shadow, shadowA)
			cov := clamp01(R - d + 0.5) // antialiased edge
			if cov > 0 {
				disc := discColour(sh, dx/R, dy/R, d/R, light)
				out = over(premul(disc, cov), out)
			}
			img.SetRGBA(px, py, out)
		}
	}
	return img
}

// discColour is the colour of the disc at (x, y), at distance d from its centre, all in
// disc radii.
func discColour(sh pieceShades, x, y, d float64, light point) color.NRGBA {
	const rimW = 0.1
	// Light falls from the upper left: positive on the lit side.
	lit := -(x*0.6 + y*0.8)
	if d > 1-rimW {
		// The rounded side of the disc: dark, a little lighter where the light falls.
		t := (d - (1 - rimW)) / rimW
		base := mix(sh.edge, sh.rim, t)
		return mix(base, sh.body, 0.25*max(0, lit))
	}
	// The top face: a broad radial gradient from the highlight to the body, then the edge.
	ld := math.Hypot(x-light.x, y-light.y)
	col := mix(sh.light, sh.body, smooth(0.05, 1.05, ld))
	col = mix(col, sh.edge, 0.6*smooth(0.72, 0.9, d))
	// A faint turned groove two thirds of the way out, lit on its far side.
	g := math.Abs(d-0.66) / 0.025
	if g < 1 {
		shade := sh.edge
		if lit < 0 {
			shade = sh.light
		}
		col = mix(col, shade, 0.35*(1-g))
	}
	return col
}

func smooth(e0, e1, x float64) float64 {
	t := clamp01((x - e0) / (e1 - e0))
	return t * t * (3 - 2*t)
}

func clamp01(x float64) float64 { return max(0, min(1, x)) }

func premul(c color.NRGBA, a float64) color.RGBA {
	a *= float64(c.A) / 255
	return color.RGBA{
		uint8(math.Round(float64(c.R) * a)), uint8(math.Round(float64(c.G) * a)),
		uint8(math.Round(float64(c.B) * a)), uint8(math.Round(255 * a)),
	}
}

// over composites premultiplied src over dst.
func over(src, dst color.RGBA) color.RGBA {
	k := 1 - float64(src.A)/255
	f := func(s, d uint8) uint8 { return uint8(math.Round(float64(s) + float64(d)*k)) }
	return color.RGBA{f(src.R, dst.R), f(src.G, dst.G), f(src.B, dst.B), f(src.A, dst.A)}
}

// drawCrown draws a three-pointed crown centred at (cx, cy) whose width is w.
func drawCrown(dst *ebiten.Image, cx, cy, w float64) {
	h := w * 0.72
	x0, y0 := cx-w/2, cy-h/2
	pt := func(fx, fy float64) (float32, float32) { return float32(x0 + fx*w), float32(y0 + fy*h) }
	var p vector.Path
	p.MoveTo(pt(0.08, 0.86))
	p.LineTo(pt(0.0, 0.22))
	p.LineTo(pt(0.3, 0.52))
	p.LineTo(pt(0.5, 0.06))
	p.LineTo(pt(0.7, 0.52))
	p.LineTo(pt(1.0, 0.22))
	p.LineTo(pt(0.92, 0.86))
	p.Close()
	dark := color.NRGBA{0x6E, 0x4E, 0x0E, 0xFF}
	StrokePath(dst, &p, max(1, w*0.09), dark)
	FillPath(dst, &p, CrownGold)
	// The band and the jewels.
	var band vector.Path
	bx, by := pt(0.08, 0.74)
	band.MoveTo(bx, by)
	band.LineTo(pt(0.92, 0.74))
	StrokePath(dst, &band, max(1, w*0.06), withAlpha(dark, 0.7))
	for _, j := range [][2]float64{{0, 0.22}, {0.5, 0.06}, {1, 0.22}} {
		jx, jy := pt(j[0], j[1])
		FillCircle(dst, float64(jx), float64(jy), max(1.2, w*0.075), CrownGold)
		StrokeCircle(dst, float64(jx), float64(jy), max(1.2, w*0.075), max(0.8, w*0.03), dark)
	}
}

// pieceSprite returns the cached sprite of a piece; the disc's centre is the sprite's centre.
func (v *BoardView) pieceSprite(colour rules.Colour, look rules.Look, radius int) *ebiten.Image {
	k := spriteKey{colour, look, radius}
	if img, ok := v.sprites[k]; ok {
		return img
	}
	sh := shadesOf(colour)
	img := ebiten.NewImageFromImage(discImage(sh, radius))
	if look == rules.Crowned {
		c := float64(spriteSize(radius)) / 2
		drawCrown(img, c, c, float64(radius)*1.0)
	}
	v.sprites[k] = img
	return img
}
