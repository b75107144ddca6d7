// Package render draws everything Koma shows that is not scene layout: boards of every
// kind, pieces, stacks, highlights, move animations and text.
package render

import (
	"image"
	"image/color"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"koma/rules"
	"koma/rules/board"
)

// Align says where a line of text sits relative to its anchor point.
type Align int

// The alignments.
const (
	AlignLeft Align = iota
	AlignCenter
	AlignRight
)

// Face returns the cached UI face of the given pixel size and weight.
func Face(size float64, bold bool) text.Face { return nil }

// DrawText draws s with its first line's top edge at y.
func DrawText(dst *ebiten.Image, s string, size float64, bold bool, x, y float64, clr color.Color, align Align) {
}

// MeasureText returns the size of s as DrawText would draw it.
func MeasureText(s string, size float64, bold bool) (w, h float64) { return 0, 0 }

// WrapText breaks s into lines no wider than width.
func WrapText(s string, size float64, bold bool, width float64) []string { return []string{s} }

// DrawRichText wraps and draws a paragraph with **bold** spans and returns its height.
func DrawRichText(dst *ebiten.Image, s string, size float64, x, y, width float64, clr color.Color) (height float64) {
	return 0
}

// MeasureRichText returns the height DrawRichText would use.
func MeasureRichText(s string, size, width float64) (height float64) { return 0 }

// BoardView draws one board.
type BoardView struct {
	g      *rules.Game
	b      *board.Topology
	bounds image.Rectangle
}

// NewBoardView returns a view of board b for game g.
func NewBoardView(g *rules.Game, b *board.Topology) *BoardView { return &BoardView{g: g, b: b} }

// SetBounds fits the board into r.
func (v *BoardView) SetBounds(r image.Rectangle) { v.bounds = r }

// Rect is where the board is drawn.
func (v *BoardView) Rect() image.Rectangle { return v.bounds }

// SetFlipped turns the board by 180°.
func (v *BoardView) SetFlipped(flipped bool) {}

// SetShowCoords turns coordinate labels on or off.
func (v *BoardView) SetShowCoords(show bool) {}

// SiteAt returns the site under a screen point.
func (v *BoardView) SiteAt(x, y float64) (board.Site, bool) { return board.NoSite, false }

// SiteCenter returns the screen centre of s.
func (v *BoardView) SiteCenter(s board.Site) (x, y float64) { return 0, 0 }

// CellSize is the distance between neighbouring site centres in pixels.
func (v *BoardView) CellSize() float64 { return 1 }

// Draw draws the board and st's pieces with d's decorations.
func (v *BoardView) Draw(dst *ebiten.Image, st rules.State, d Decorations) {}

// Decorations are the highlights drawn over a board.
type Decorations struct {
	Selected board.Site
	Targets  []board.Site
	Movable  []board.Site
	LastMove []board.Site
	Anim     *Animation
}

// Animation shows one decision being played.
type Animation struct{ done bool }

// NewAnimation prepares the animation of m from before to after.
func NewAnimation(before, after rules.State, m rules.Move) *Animation { return &Animation{} }

// Advance moves the animation on by dt.
func (a *Animation) Advance(dt time.Duration) (running bool) { a.done = true; return false }

// Done reports whether the animation has ended.
func (a *Animation) Done() bool { return a.done }

// Finish jumps to the end.
func (a *Animation) Finish() { a.done = true }
