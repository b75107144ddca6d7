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
		if pv, ok := st.(rules.CapturePreviewer); ok {
			d.deco.Captures = pv.Captures(m, nil)
		}
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
