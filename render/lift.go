package render

import (
	"github.com/hajimehoshi/ebiten/v2"

	"koma/rules"
	"koma/rules/board"
)

// Lift is a piece being carried by the pointer in a drag: the pieces of site From,
// drawn with their centre at (X, Y). Decorations.Lifted leaves a faint trace of them on
// their site, and DrawLift draws them at the pointer, over everything drawn before, so
// that a scene can draw its own overlays (a hint's arrows) between the two.
type Lift struct {
	From board.Site
	X, Y float64
}

// liftTrace is how opaque the pieces of a carried site stay where they stand.
const liftTrace = 0.35

// liftScale is how much larger a carried piece is drawn, as if raised towards the eye.
const liftScale = 1.1

// lifted reports whether d carries the pieces of site s.
func (d *Decorations) lifted(s board.Site) bool { return d.Lifted != nil && d.Lifted.From == s }

// DrawLift draws the pieces of st on l.From at the pointer, a little larger, over a soft
// shadow. It draws nothing for a site without pieces or off the board.
func (v *BoardView) DrawLift(dst *ebiten.Image, st rules.State, l Lift) {
	if st == nil || l.From < 0 || int(l.From) >= v.topo.Len() || v.lay.scale <= 0 {
		return
	}
	ps := st.Pieces(l.From, nil)
	if len(ps) == 0 {
		return
	}
	r := v.pieceRadius() * v.lay.scale * liftScale
	FillCircle(dst, l.X+0.08*r, l.Y+0.16*r, r, withAlpha(Shadow, 0.25))
	v.drawPile(dst, ps, l.X, l.Y, 1, liftScale)
}
