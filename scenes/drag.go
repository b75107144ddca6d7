package scenes

// Drag and drop on the board, beside click and click. A press on a piece that can move
// picks it up (it becomes the selection, as a click would make it) and the piece follows
// the pointer with its targets marked; letting go on a point is a click there, with the
// same move, the same choice between moves and the same explanation when nothing can go
// there. Letting go where it was picked up, or off the board, puts it back and keeps it
// selected. A chain is dragged hop by hop: after each hop the piece stays selected, and a
// press on it (or, in a chain entered as one move, on its last landing) carries it on.
// A press and release without moving stays an ordinary click: the input tells the two
// apart by how far the pointer moved.

import (
	"image"
	"slices"

	"koma/app"
	"koma/render"
	"koma/rules/board"
)

// dragger follows the pointer through a drag.
type dragger struct {
	// lastX, lastY is where the pointer was in the last tick without a drag. The input
	// reports a drag only once the pointer has moved past the click slop, so the press
	// that began it lies within the slop of this point.
	lastX, lastY float64
	// on is set while the input reports a drag, and x, y is the pointer then (at the end
	// of a drag, where it was let go).
	on   bool
	x, y float64
	// began and ended say that a drag started or ended in this tick.
	began, ended bool
	// carry is set while the drag carries the selected piece, picked up at grab; drawnX,
	// drawnY is where it was last asked to be drawn.
	carry          bool
	grab           board.Site
	drawnX, drawnY float64
	// dropping is set while a drop is being played: the move lands where the piece was
	// let go, without sliding there again from its square.
	dropping bool
}

// read takes this tick's drag from the input.
func (d *dragger) read(in app.Input) {
	_, _, on := in.Drag()
	x, y, _ := in.Cursor() // at the end of a touch, where the finger left
	d.began, d.ended = on && !d.on, !on && d.on
	d.on = on
	if on || d.ended {
		d.x, d.y = x, y
	} else {
		d.lastX, d.lastY = x, y
	}
}

// dragPiece handles the drag of the person deciding on the board: a press that picks up
// a piece, the piece following the pointer, and the drop. It reports whether it used
// this tick's input.
func (g *Game) dragPiece(ctx *app.Context) bool {
	d := &g.drag
	switch {
	case d.began:
		return g.lift(ctx, d.lastX, d.lastY)
	case d.ended && d.carry:
		g.drop(ctx, d.x, d.y)
		return true
	case d.carry:
		if d.x != d.drawnX || d.y != d.drawnY {
			d.drawnX, d.drawnY = d.x, d.y
			ctx.Invalidate() // the piece follows the pointer
		}
		return true
	}
	return false
}

// lift picks up the piece pressed at (x, y), if one can move: the selected piece or, in a
// chain entered as one move, its last landing, or else a piece a move starts from, which
// becomes the selection. It reports whether a piece was picked up.
func (g *Game) lift(ctx *app.Context, x, y float64) bool {
	if len(g.choices) > 0 || !image.Pt(int(x), int(y)).In(g.view.Rect()) {
		return false
	}
	s, ok := g.view.SiteAt(x, y)
	if !ok {
		return false
	}
	part := g.pick.Partial()
	if n := len(part); n > 0 && (s == part[0] || s == part[n-1]) {
		g.drag.carry, g.drag.grab = true, s
		ctx.Invalidate()
		return true
	}
	if !slices.Contains(g.pick.Starts(), s) {
		return false
	}
	// Another piece: picked up afresh, even where the selected piece could go onto it
	// (a stack), since the hand took hold of this one.
	g.whyTried, g.whyText = nil, ""
	g.pick.Cancel()
	g.handle(ctx, g.pick.Click(s))
	if part := g.pick.Partial(); len(part) == 1 && part[0] == s {
		g.drag.carry, g.drag.grab = true, s
	}
	return g.drag.carry
}

// drop lets the carried piece go at (x, y): a click there, unless it is one of the
// piece's own points or off the board. After a hop of a chain entered hop by hop, the piece
// stays picked up for the next hop.
func (g *Game) drop(ctx *app.Context, x, y float64) {
	g.drag.carry = false
	ctx.Invalidate()
	s, ok := g.view.SiteAt(x, y)
	if !ok || !image.Pt(int(x), int(y)).In(g.view.Rect()) {
		return
	}
	// Let go on one of its own points (where it stands, or the last landing of the chain
	// so far), the piece is put back, unless the chain goes on through that point: a click
	// there would end the chain or put the piece down, which a hand putting a piece back
	// does not mean.
	part := g.pick.Partial()
	if len(part) == 0 {
		return // the selection went in this tick (a key took the move back)
	}
	if (s == g.drag.grab || s == part[0] || s == part[len(part)-1]) && !slices.Contains(g.pick.Targets(), s) {
		return
	}
	before := g.m.Len()
	g.drag.dropping = true
	g.boardClick(ctx, x, y)
	g.drag.dropping = false
	if g.m.Len() != before+1 || g.anim != nil || g.reviewer.reviewing() {
		return
	}
	// The chain goes on when the only piece that can move is the one that just landed.
	landing := g.m.Move(before).To()
	if st := g.m.State(); !st.MidTurn() || !g.personDecides() || st.ToMove() != g.m.Before(before).ToMove() {
		return
	}
	if starts := g.pick.Starts(); len(starts) == 1 && starts[0] == landing {
		g.handle(ctx, g.pick.Click(landing))
	}
}

// endDrag forgets a carried piece once the drag is over or nobody decides on the board
// any more (a key took the move back, a dialog opened); it runs at the end of a tick.
func (g *Game) endDrag(ctx *app.Context) {
	d := &g.drag
	if d.carry && (!d.on || g.anim != nil || !g.personDecides() || len(g.pick.Partial()) == 0) {
		d.carry = false
		ctx.Invalidate()
	}
}

// dragDecorate adds the carried piece to the board's decorations: faint where it stands,
// and the target under the pointer ringed, where letting go would put it.
func (g *Game) dragDecorate(d *render.Decorations) {
	part := g.pick.Partial()
	if !g.drag.carry || len(part) == 0 || g.anim != nil {
		return
	}
	d.Lifted = &render.Lift{From: part[0], X: g.drag.x, Y: g.drag.y}
	if s, ok := g.view.SiteAt(g.drag.x, g.drag.y); ok && slices.Contains(d.Targets, s) {
		d.Rings = append(d.Rings, s)
	}
}
