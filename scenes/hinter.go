package scenes

// The hint: a search for the person's move, its expected line drawn on the board as
// numbered arrows until the person moves or puts it away, and the line written out for
// the status card.

import (
	"log"
	"slices"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/think"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
	"koma/rules/ai"
	"koma/rules/board"
)

// hintLen is how many moves of the hint's line are shown: the hinted move and the
// continuation after it.
const hintLen = 4

// hinter is the hint: the search under way, and the answer on show. A hint stays on the
// board until the person moves, the position changes, or they put it away: a hint that
// left by itself was gone before a slow reader had followed its line.
type hinter struct {
	// hinting is set while a search for the person's move runs.
	hinting bool
	// hintLine is the hint on show, the hinted move first. It belongs to the position
	// after hintAt decisions whose hash is hintHash.
	hintLine []rules.Move
	hintAt   int
	hintHash uint64
	// hintVerdict is the exact result behind the hint, in a game the AI has solved.
	hintVerdict ai.Verdict
	hintBtn     ui.Button
}

// start asks the runner for the move the Normal level would play from st, the position
// after at decisions, or the perfect move in a game the AI has solved.
func (h *hinter) start(ctx *app.Context, st rules.State, at int, seed uint64) {
	ctx.Runner().Start(think.Job{State: st, Setting: ai.HintSetting(st), Budget: ctx.ThinkTime(ai.Normal),
		Seed: seed, Line: hintLen})
	h.hinting, h.hintLine, h.hintVerdict = true, nil, ai.Verdict{}
	h.hintAt, h.hintHash = at, st.Hash()
	ctx.Invalidate()
}

// poll collects a finished search for a hint from st. Runners that cannot report a line
// give the move alone. It returns the search's judgement of st, when it found a legal
// move.
func (h *hinter) poll(ctx *app.Context, st rules.State) (ai.Stats, bool) {
	mv, ok := ctx.Runner().Poll()
	if !ok {
		return ai.Stats{}, false
	}
	h.hinting = false
	ctx.Invalidate()
	if !rules.IsLegal(st, mv) {
		log.Printf("scenes: the hint was an illegal move %s", rules.FormatMove(st, mv))
		return ai.Stats{}, false
	}
	h.hintLine = []rules.Move{mv}
	last := ctx.Runner().Last()
	if len(last.Line) > 0 && last.Line[0] == mv {
		h.hintLine = last.Line
	}
	h.hintVerdict = last.Stats.Verdict
	return last.Stats, true
}

// drop stops a search under way, and puts away the hint on show.
func (h *hinter) drop(ctx *app.Context) {
	if h.hinting {
		ctx.Runner().Cancel()
	}
	if h.hinting || h.hintLine != nil {
		ctx.Invalidate()
	}
	h.hinting, h.hintLine = false, nil
}

// belongs reports whether a hint is on show for st, the position after at decisions.
func (h *hinter) belongs(st rules.State, at int) bool {
	return h.hintLine != nil && h.hintAt == at && h.hintHash == st.Hash()
}

// label readies the hint button for this frame, keeping where it was placed: it says
// that the search runs, and once the hint is on show it puts the hint away.
func (h *hinter) label(ctx *app.Context) {
	key := "game.ai-hint"
	switch {
	case h.hinting:
		key = "game.hint-busy"
	case h.hintLine != nil:
		key = "game.hint-hide"
	}
	h.hintBtn = ui.Button{Label: ctx.T(key), Disabled: h.hinting, Rect: h.hintBtn.Rect}
}

// hintText writes the hint's line from st in notation, each move from the position it is
// played in, after verdict, what perfect play leads to, when known.
func (h *hinter) hintText(ctx *app.Context, st rules.State, verdict string) string {
	st = st.Clone()
	var parts []string
	for _, mv := range h.hintLine {
		parts = append(parts, moveText(ctx, st, mv))
		if rules.Play(st, mv) != nil {
			break
		}
	}
	text := ctx.T("hint.move", parts[0])
	if len(parts) > 1 {
		line := parts[1]
		for _, p := range parts[2:] {
			line = ctx.T("list.join", line, p)
		}
		text = ctx.T("hint.with-line", parts[0], line)
	}
	if verdict != "" {
		text = ctx.T("sentence.join", verdict, text)
	}
	return text
}

// draw shows the hint's line from st on view (drawLine).
func (h *hinter) draw(dst *ebiten.Image, view *render.BoardView, st rules.State) {
	drawLine(dst, view, st, h.hintLine)
}

// drawLine shows line, a line of play from st, on view as lineArrows says.
func drawLine(dst *ebiten.Image, view *render.BoardView, st rules.State, line []rules.Move) {
	for _, a := range lineArrows(st, line) {
		view.DrawMoveArrows(dst, a.path, a.style)
	}
}

// lineArrow is a move of a line drawn on the board: its path and how it looks.
type lineArrow struct {
	path  []board.Site
	style render.ArrowStyle
}

// lineArrows lays out line, a line of play from st: one numbered arrow per move (drawn
// along the board's lines, hop by hop for a chain), in one colour for the moves of the
// side to move in st and in another for the replies they should expect. A move along the
// same path as an earlier one of the same side (a stack sent back and forth) adds its
// number to that arrow ("1, 3") instead of hiding it under its own. Moves without sites
// (a pass, the end of a chain) are told in words only, and take no number.
func lineArrows(st rules.State, line []rules.Move) []lineArrow {
	var arrows []lineArrow
	me := st.ToMove()
	st = st.Clone()
	n := 0
	for _, mv := range line {
		if mv.Len > 0 {
			n++
			style := render.ArrowStyle{Colour: render.ArrowPlayer, Label: strconv.Itoa(n)}
			if st.ToMove() != me {
				style.Colour = render.ArrowOpponent
			}
			path := slices.Clone(mv.Sites())
			i := slices.IndexFunc(arrows, func(a lineArrow) bool {
				return slices.Equal(a.path, path) && a.style.Colour == style.Colour
			})
			if i >= 0 {
				arrows[i].style.Label += ", " + style.Label
			} else {
				arrows = append(arrows, lineArrow{path, style})
			}
		}
		if rules.Play(st, mv) != nil {
			break
		}
	}
	return arrows
}
