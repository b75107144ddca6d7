package scenes

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/render"
	"koma/render/ui"
)

// veil darkens the scene below an overlay so that the panel on top reads as a dialog.
func veil(dst *ebiten.Image) {
	b := dst.Bounds()
	render.FillRoundedRect(dst, float64(b.Min.X), float64(b.Min.Y), float64(b.Dx()), float64(b.Dy()), 0, withAlpha(render.Shadow, 0.42))
}

// dialogPanel returns a panel of width at most maxW units and the given height in pixels,
// centred on the screen and kept inside the margins.
func dialogPanel(ctx *app.Context, maxW, height float64) image.Rectangle {
	u := ctx.Unit()
	w, h := ctx.Size()
	mg := math.Max(16*u, math.Min(40*u, float64(min(w, h))*0.05))
	pw := math.Min(float64(w)-2*mg, maxW*u)
	ph := math.Min(float64(h)-2*mg, height)
	return rectF((float64(w)-pw)/2, (float64(h)-ph)/2, pw, ph)
}

// drawDialog draws the panel of an overlay.
func drawDialog(dst *ebiten.Image, ctx *app.Context, r image.Rectangle) {
	ui.DrawPanel(dst, r, render.Panel, panelRadius*ctx.Unit())
}

// drawPage draws the ground of a page that may be shown either over another scene (the
// veil darkens it) or alone (as when opened directly): then its panel.
func drawPage(dst *ebiten.Image, ctx *app.Context, panel image.Rectangle, overlay bool) {
	if overlay {
		veil(dst)
	} else {
		dst.Fill(render.Background)
	}
	drawDialog(dst, ctx, panel)
}

// drawPageHead draws a page's title at the panel's top left, padded by pad, shrunk on a
// narrow screen to stay clear of the close button, and the close button; and, once the
// page has scrolled, a hairline over view, where the text passes under the title.
func drawPageHead(dst *ebiten.Image, ctx *app.Context, panel image.Rectangle, pad float64, title string, close *ui.Button, view image.Rectangle, scrolled bool) {
	u := ctx.Unit()
	tx := float64(panel.Min.X) + pad
	size := sizeTitle * u
	if w, _ := render.MeasureText(title, size, true); w > 0 {
		room := float64(close.Rect.Min.X) - tx - 12*u
		size = math.Max(size*0.55, math.Min(size, size*room/w))
	}
	ty := float64(panel.Min.Y) + pad + (buttonHeight*u-size*render.LineHeight)/2
	render.DrawText(dst, title, size, true, tx, ty, render.Text, render.AlignLeft)
	drawButton(dst, ctx, close)
	if scrolled {
		render.FillRoundedRect(dst, float64(view.Min.X), float64(view.Min.Y)-u, float64(view.Dx()), u, 0, render.PanelBorder)
	}
}

// closeOrBack pops an overlay, or returns to the menu when the scene is the only one
// (opened directly, as in screenshots).
func closeOrBack(ctx *app.Context, overlay bool) {
	if overlay {
		ctx.Pop()
		return
	}
	ctx.GoTo(NewMenu())
}
