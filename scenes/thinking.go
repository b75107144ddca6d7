package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/render"
)

// dotsSpot is where the last full repaint put the "thinking" dots, so that DrawPart can
// repaint them alone.
type dotsSpot struct {
	x, y, unit float64
	ink        color.NRGBA
	ok         bool
}

// dotKey identifies a cached dot picture: its radius, colour and where its centre falls
// within a pixel, so that the copy matches a circle drawn in place to the pixel.
type dotKey struct {
	radius, fx, fy float64
	ink            color.NRGBA
}

// dotImages holds antialiased dots. Antialiased shapes are drawn through an offscreen
// buffer, which is slow where the browser renders in software; a picture drawn once is
// copied for the price of a rectangle.
var dotImages = map[dotKey]*ebiten.Image{}

// drawDot copies a dot of radius r centred on (cx, cy) onto dst, with the given opacity.
func drawDot(dst *ebiten.Image, cx, cy, r float64, ink color.NRGBA, alpha float32) {
	size := math.Ceil(2*r) + 4
	x0, y0 := math.Floor(cx)-math.Floor(size/2), math.Floor(cy)-math.Floor(size/2)
	k := dotKey{radius: r, fx: cx - x0, fy: cy - y0, ink: ink}
	img, ok := dotImages[k]
	if !ok {
		img = ebiten.NewImage(int(size), int(size))
		render.FillCircle(img, k.fx, k.fy, r, ink)
		dotImages[k] = img
	}
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(x0, y0)
	op.ColorScale.ScaleAlpha(alpha)
	dst.DrawImage(img, &op)
}

// DrawPart implements app.PartDrawer: while the computer thinks, only the dots after
// "Thinking" change, and repainting the whole screen for them would cost a browser that
// draws in software most of its frame rate.
func (g *Game) DrawPart(dst *ebiten.Image, ctx *app.Context) bool {
	d := g.dots
	if !d.ok || d.unit != ctx.Unit() || !g.m.ComputerToMove() || g.anim != nil {
		return false
	}
	if _, over := g.m.Outcome(); over {
		return false
	}
	u := d.unit
	// The dots sit on the status card, which is ButtonFill while the game goes on; the
	// strip repainted reaches past them by a pixel or two on every side.
	dst.SubImage(rectF(d.x-2, d.y-2.6*u-3, 24*u+6, 5.2*u+6)).(*ebiten.Image).Fill(render.ButtonFill)
	phase := int(ctx.Now()/(ctx.Tick()*dotTicks)) % 4
	for i := 0; i < 3; i++ {
		alpha := float32(1)
		if i >= phase {
			alpha = 0.25
		}
		drawDot(dst, d.x+float64(i)*9*u+3*u, d.y, 2.6*u, d.ink, alpha)
	}
	return true
}
