package scenes

import (
	"fmt"
	"slices"

	"koma/i18n"
	"koma/render"
	"koma/rules"
	"koma/rules/board"
)

// diagram is a figure of a rules text checked against the rules: the position it shows,
// reached by legal moves, and what is drawn on it.
type diagram struct {
	spec  rules.Spec
	after []rules.Move
	state rules.State
	// move is the move shown with arrows; tryable is false when the figure shows none.
	move    rules.Move
	tryable bool
	deco    render.Decorations
	caption string
}

// resolveDiagram replays a figure's moves and reads its sites. Anything that does not fit
// the rules is an error: a rules text must never show an impossible position or call an
// illegal move legal.
func resolveDiagram(cat rules.Catalog, specText string, fig *i18n.Figure) (*diagram, error) {
	spec, err := cat.ParseSpec(specText)
	if err != nil {
		return nil, fmt.Errorf("diagram: %w", err)
	}
	st, err := spec.New()
	if err != nil {
		return nil, fmt.Errorf("diagram %s: %w", specText, err)
	}
	d := &diagram{spec: spec, state: st, deco: noDecorations()}
	if fig == nil {
		return d, nil
	}
	d.caption = fig.Caption
	for i, text := range fig.After {
		m, err := rules.ParseMove(st, text)
		if err != nil {
			return nil, fmt.Errorf("diagram %s: move %d of after: %w", specText, i+1, err)
		}
		st.Apply(m)
		d.after = append(d.after, m)
	}
	if len(d.after) > 0 {
		d.deco.LastMove = d.after[len(d.after)-1].Sites()
	}
	if fig.Move != "" {
		m, err := rules.ParseMove(st, fig.Move)
		if err != nil {
			return nil, fmt.Errorf("diagram %s: move: %w", specText, err)
		}
		d.move, d.tryable = m, true
		d.deco.Arrow = m.Sites()
		d.deco.Captures = captures(st, m)
	}
	sites := func(what string, labels []string) ([]board.Site, error) {
		var out []board.Site
		for _, l := range labels {
			s, err := st.Board().Parse(l)
			if err != nil {
				return nil, fmt.Errorf("diagram %s: %s: %w", specText, what, err)
			}
			out = append(out, s)
		}
		return out, nil
	}
	if d.deco.Rings, err = sites("mark", fig.Mark); err != nil {
		return nil, err
	}
	if len(fig.Illegal) > 0 {
		path, err := sites("illegal", fig.Illegal)
		if err != nil {
			return nil, err
		}
		for _, m := range st.LegalMoves(nil) {
			if slices.Equal(m.Sites(), path) {
				return nil, fmt.Errorf("diagram %s: illegal: %s is a legal move there", specText, rules.FormatMove(st, m))
			}
		}
		d.deco.WrongArrow = path
	}
	return d, nil
}

// captures returns the sites of the pieces m takes in st, to be crossed out: the game's own
// answer when it previews captures (it knows, for example, that a captured tafl king stays
// on the board when the game ends), else the enemy pieces the move takes off the board,
// found by playing it. Games such as Squish capture by stepping onto a piece and need no
// preview of their own in play, but a rules figure must still show what a move takes.
func captures(st rules.State, m rules.Move) []board.Site {
	if pv, ok := st.(rules.CapturePreviewer); ok {
		return pv.Captures(m, nil)
	}
	switch m.Kind {
	case rules.Step, rules.Jump, rules.Place:
	default:
		// A swap, a choice, a pass or a stop moves nothing off the board; a swap even
		// changes the owner of every piece, which is no capture.
		return nil
	}
	enemy := st.ToMove().Other()
	after := st.Clone()
	after.Apply(m)
	var out []board.Site
	var buf []rules.Piece
	lost := 0
	for s := range board.Site(st.Board().Len()) {
		n := countOwned(st.Pieces(s, buf[:0]), enemy) - countOwned(after.Pieces(s, buf[:0]), enemy)
		if n > 0 {
			out = append(out, s)
		}
		lost += n
	}
	if lost <= 0 {
		// The enemy has as many pieces as before: pieces turned over (Orochi's flips)
		// changed hands on some sites, and nothing left the board.
		return nil
	}
	return out
}

// countOwned counts the pieces of ps that belong to p.
func countOwned(ps []rules.Piece, p rules.Player) int {
	n := 0
	for _, pc := range ps {
		if pc.Owner == p {
			n++
		}
	}
	return n
}
