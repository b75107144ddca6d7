// Package ui holds Koma's tiny widgets: buttons, panels and scrollbars. They are drawn
// with the render package's primitives and palette, and sized by a unit that is 1 at 1×
// and 2 on a hi-DPI screen.
package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/render"
)

// Button is a clickable rectangle with a centred label. The scene owns its state and
// decides what hovering and clicking mean.
type Button struct {
	// Rect is where the button is, in screen pixels.
	Rect image.Rectangle
	// Label is the text on the button.
	Label string
	// Primary buttons are filled with the accent colour.
	Primary bool
	// Disabled buttons are drawn faded and ignore the hover state.
	Disabled bool
	// Selected buttons (a chosen option in a row of choices) are outlined in the accent.
	Selected bool
}

// Contains reports whether the pixel (x, y) lies on the button.
func (b *Button) Contains(x, y float64) bool {
	return x >= float64(b.Rect.Min.X) && x < float64(b.Rect.Max.X) &&
		y >= float64(b.Rect.Min.Y) && y < float64(b.Rect.Max.Y)
}

// Radius is the corner radius of buttons, in units.
const Radius = 8

// LabelSize returns the label's font size for a button of height h pixels.
func LabelSize(h int, unit float64) float64 { return min(16*unit, float64(h)*0.42) }

// minLabel is the smallest label size, in units, that LabelFit goes down to.
const minLabel = 11

// LabelFit returns the size the button's label is drawn at: LabelSize, or smaller when a
// narrow button (in a strip beside the board of a small window) would otherwise cut it,
// keeping 4 units of air at each side, down to minLabel.
func (b *Button) LabelFit(unit float64) float64 {
	size := LabelSize(b.Rect.Dy(), unit)
	room := float64(b.Rect.Dx()) - 8*unit
	w, _ := render.MeasureText(b.Label, size, b.Primary || b.Selected)
	if w <= room || w <= 0 {
		return size
	}
	return math.Max(minLabel*unit, size*room/w)
}

// Draw draws the button; hovered says whether the pointer is over it.
func (b *Button) Draw(dst *ebiten.Image, hovered bool, unit float64) {
	r := b.Rect
	if r.Empty() {
		return
	}
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	rad := min(Radius*unit, h/2)
	hovered = hovered && !b.Disabled
	fill, border, ink := render.ButtonFill, render.PanelBorder, render.Text
	switch {
	case b.Primary:
		fill, border, ink = render.Accent, render.AccentHover, render.OnAccent
		if hovered {
			fill = render.AccentHover
		}
	case b.Selected:
		fill, border, ink = render.Panel, render.Accent, render.Accent
		if hovered {
			fill = render.ButtonFill
		}
	case hovered:
		fill = render.ButtonHover
	}
	alpha := 1.0
	if b.Disabled {
		alpha = 0.45
	}
	if !b.Disabled {
		render.FillRoundedRect(dst, x, y+unit, w, h, rad, fade(render.Shadow, 0.12))
	}
	render.FillRoundedRect(dst, x, y, w, h, rad, fade(fill, alpha))
	bw := unit
	if b.Selected {
		bw = 2 * unit
	}
	render.StrokeRoundedRect(dst, x+bw/2, y+bw/2, w-bw, h-bw, rad-bw/2, bw, fade(border, alpha))
	if b.Label != "" {
		size := b.LabelFit(unit)
		ty := y + (h-size*render.LineHeight)/2
		render.DrawText(dst, b.Label, size, b.Primary || b.Selected, x+w/2, ty, fade(ink, alpha), render.AlignCenter)
	}
}

// DrawPanel fills r as a rounded rectangle with a soft shadow below it.
func DrawPanel(dst *ebiten.Image, r image.Rectangle, clr color.Color, radius float64) {
	if r.Empty() {
		return
	}
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	render.DrawShadow(dst, x, y, w, h, radius, max(4, radius), 0.18)
	render.FillRoundedRect(dst, x, y, w, h, radius, clr)
}

// ScrollbarThumb returns the thumb of a vertical scrollbar in track, for content pixels
// of which view are visible starting at offset. It is empty when everything fits.
func ScrollbarThumb(track image.Rectangle, offset, content, view float64) image.Rectangle {
	if content <= view || view <= 0 || track.Dy() <= 0 {
		return image.Rectangle{}
	}
	th := float64(track.Dy())
	h := max(th*view/content, min(th, float64(track.Dx())*3))
	f := max(0, min(1, offset/(content-view)))
	y := float64(track.Min.Y) + (th-h)*f
	return image.Rect(track.Min.X, int(math.Round(y)), track.Max.X, int(math.Round(y+h)))
}

// DrawScrollbar draws a vertical scrollbar in track: a faint rail and a pill-shaped
// thumb. Nothing is drawn when the content fits in the view.
func DrawScrollbar(dst *ebiten.Image, track image.Rectangle, offset, content, view float64) {
	thumb := ScrollbarThumb(track, offset, content, view)
	if thumb.Empty() {
		return
	}
	w := float64(track.Dx())
	render.FillRoundedRect(dst, float64(track.Min.X), float64(track.Min.Y), w, float64(track.Dy()), w/2, fade(render.PanelBorder, 0.45))
	render.FillRoundedRect(dst, float64(thumb.Min.X), float64(thumb.Min.Y), w, float64(thumb.Dy()), w/2, fade(render.MutedText, 0.75))
}

func fade(c color.NRGBA, a float64) color.NRGBA {
	c.A = uint8(math.Round(float64(c.A) * max(0, min(1, a))))
	return c
}
