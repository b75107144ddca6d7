package scenes

// The help card of the game screen: what the clicks and the keys do.

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/render"
	"koma/render/ui"
)

// helpLines are the keys of the help card's lines, in the order shown.
var helpLines = []string{
	"help.click", "help.chain", "help.undo", "help.flip", "help.review", "help.analysis", "help.hint",
	"help.escape", "help.fullscreen", "help.help",
}

// helpCard lists how to play with the mouse and the keyboard. Any click, Escape or the
// help key closes it.
type helpCard struct {
	panel image.Rectangle
	close ui.Button
	lineY []float64
	// scroll moves the lines in a window too short for all of them.
	scroll scroller
}

func newHelpCard() *helpCard { return &helpCard{} }

// Overlay implements app.Overlay.
func (h *helpCard) Overlay() bool { return true }

func (h *helpCard) layout(ctx *app.Context) {
	u := ctx.Unit()
	pad := 24 * u
	probe := dialogPanel(ctx, 560, 10000)
	inner := float64(probe.Dx()) - 2*pad
	y := pad + sizeHeading*u*render.LineHeight + 10*u
	h.lineY = h.lineY[:0]
	for _, k := range helpLines {
		h.lineY = append(h.lineY, y)
		y += wrappedHeight(ctx.T(k), sizeSmall*u, false, inner) + 6*u
	}
	y += 10 * u
	bh := buttonHeight * u
	h.panel = dialogPanel(ctx, 560, y+bh+pad)
	cw := math.Max(buttonWidth(ctx, ctx.T("rules.close")), 110*u)
	h.close = ui.Button{Label: ctx.T("rules.close"), Primary: true,
		Rect: rectF(float64(h.panel.Max.X)-pad-cw, float64(h.panel.Max.Y)-pad-bh, cw, bh)}
	top := float64(h.panel.Min.Y) + h.lineY[0] - 4*u
	h.scroll.view = rectF(float64(h.panel.Min.X), top, float64(h.panel.Dx()), float64(h.close.Rect.Min.Y)-8*u-top)
	h.scroll.content = y - 10*u - h.lineY[0] + 8*u
	h.scroll.clamp()
}

// Update implements app.Scene.
func (h *helpCard) Update(ctx *app.Context) error {
	h.layout(ctx)
	in := ctx.Input()
	if h.scroll.handle(ctx) {
		ctx.Invalidate()
		return nil
	}
	if _, _, ok := in.Clicked(); ok || in.Pressed(app.KeyBack) || in.Pressed(app.KeyHelp) || in.Pressed(app.KeyEnter) {
		ctx.Pop()
	}
	return nil
}

// Draw implements app.Scene.
func (h *helpCard) Draw(dst *ebiten.Image, ctx *app.Context) {
	h.layout(ctx)
	u := ctx.Unit()
	pad := 24 * u
	veil(dst)
	drawDialog(dst, ctx, h.panel)
	x0, y0 := float64(h.panel.Min.X), float64(h.panel.Min.Y)
	inner := float64(h.panel.Dx()) - 2*pad
	render.DrawText(dst, ctx.T("help.title"), sizeHeading*u, true, x0+pad, y0+pad, render.Text, render.AlignLeft)
	lines := h.scroll.clip(dst)
	for i, k := range helpLines {
		drawWrapped(lines, ctx.T(k), sizeSmall*u, false, x0+pad, y0+h.lineY[i]-h.scroll.offset, inner, render.Text)
	}
	h.scroll.drawBar(dst, ctx)
	drawButton(dst, ctx, &h.close)
}

// Describe implements app.Describer.
func (h *helpCard) Describe(ctx *app.Context) app.Description {
	h.layout(ctx)
	d := app.Description{Scene: "help", Status: ctx.T("help.title")}
	addTarget(&d, "close", &h.close)
	return d
}
