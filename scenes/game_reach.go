package scenes

import (
	"koma/app"
	"koma/render"
	"koma/rules"
	"koma/rules/board"
)

// This file shows, in games whose placements are reached from the player's own pieces
// (rules.Reacher: Tiptoe), what the rulebook's figures show: while the pointer rests on a
// point where the player may place, the pieces that reach it get the marker of pieces
// that can move; a click on one of the player's pieces selects it and shows the points
// it reaches instead of all of them, and a second click, or any move, puts it down. It
// only draws and never changes what is legal; game.go calls it from two marked lines.

// reachPick is the piece whose reach the board shows.
type reachPick struct {
	on   bool
	site board.Site
	// at and hash identify the position the piece was picked in: a pick from another
	// position (after a move, an undo, a new game) is forgotten.
	at   int
	hash uint64
}

// current reports whether the pick belongs to the position on the board.
func (r reachPick) current(g *Game) bool {
	return r.on && r.at == g.shownAt() && r.hash == g.position().Hash()
}

// reachClick takes a click on site s before the move picker does: in a Reacher game, a
// click on a piece of the person to move selects it, or puts it down when it was selected.
// Any other click drops the selection and goes on to the picker. It reports whether it
// took the click.
func (g *Game) reachClick(s board.Site) bool {
	st := g.position()
	if _, ok := st.(rules.Reacher); !ok || g.anim != nil || !g.personDecides() {
		return false
	}
	own := false
	for _, p := range st.Pieces(s, nil) {
		own = own || p.Owner == st.ToMove()
	}
	if !own {
		g.reach.on = false
		return false
	}
	if g.reach.current(g) && g.reach.site == s {
		g.reach.on = false
		return true
	}
	g.reach = reachPick{on: true, site: s, at: g.shownAt(), hash: st.Hash()}
	return true
}

// reachDecorate adds the reach to the board's decorations: the selected piece and the
// points it reaches, or else the pieces that reach the hovered point.
func (g *Game) reachDecorate(ctx *app.Context, d *render.Decorations) {
	st := g.position()
	r, ok := st.(rules.Reacher)
	if !ok || g.anim != nil || !g.personDecides() || len(g.choices) > 0 {
		return
	}
	if g.reach.current(g) {
		d.Selected = g.reach.site
		d.Targets = rules.Reaches(st, g.reach.site, nil)
		d.Movable = nil
		return
	}
	x, y, ok := ctx.Input().Cursor()
	if !ok {
		return
	}
	if s, ok := g.view.SiteAt(x, y); ok {
		if from := r.ReachedFrom(s, nil); len(from) > 0 {
			d.Movable = from
		}
	}
}
