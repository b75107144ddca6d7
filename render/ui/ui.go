// Package ui holds Koma's tiny widgets.
package ui

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// Button is a clickable labelled rectangle.
type Button struct {
	Rect                        image.Rectangle
	Label                       string
	Primary, Disabled, Selected bool
}

// Contains reports whether the point lies on the button.
func (b *Button) Contains(x, y float64) bool {
	return x >= float64(b.Rect.Min.X) && x < float64(b.Rect.Max.X) && y >= float64(b.Rect.Min.Y) && y < float64(b.Rect.Max.Y)
}

// Draw draws the button.
func (b *Button) Draw(dst *ebiten.Image, hovered bool, unit float64) {}

// DrawPanel fills a rounded rectangle.
func DrawPanel(dst *ebiten.Image, r image.Rectangle, clr color.Color, radius float64) {}

// DrawScrollbar draws a scrollbar thumb in track.
func DrawScrollbar(dst *ebiten.Image, track image.Rectangle, offset, content, view float64) {}
