package scenes

// Looking back through the game: the move list as one column of numbered rows, the
// position of any earlier turn on the board, playing on from there, and the evaluation of
// each position for the balance bar.

import (
	"fmt"
	"image"
	"log"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/app/think"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
	"koma/rules/ai"
)

// live is the value of Game.review while the board shows the game as it stands.
const live = -1

// moveRow is one numbered row of the move list: the turn of the player who moved first in
// the game, then the other player's reply. A side that had no turn there (an extra turn, a
// game begun by the other player) leaves its cell empty (-1).
type moveRow [2]int

// moveRows lays the turns out in rows, both sides on one row where the game alternates.
func moveRows(turns []match.Turn) []moveRow {
	var rows []moveRow
	if len(turns) == 0 {
		return rows
	}
	first := turns[0].Mover
	for i, t := range turns {
		col := 0
		if t.Mover != first {
			col = 1
		}
		if col == 1 && len(rows) > 0 && rows[len(rows)-1][1] == -1 {
			rows[len(rows)-1][1] = i
			continue
		}
		row := moveRow{-1, -1}
		row[col] = i
		rows = append(rows, row)
	}
	return rows
}

// shownAt is how many decisions lie behind the position on the board.
func (g *Game) shownAt() int {
	if g.review != live {
		return g.review
	}
	return g.m.Len()
}

// position is the position on the board: the game as it stands, or the turn under review.
func (g *Game) position() rules.State {
	if g.review != live {
		return g.m.Before(g.review)
	}
	return g.m.State()
}

// personDecides reports whether a person at this machine makes the decision of the
// position on the board; under review that decision would play on from there.
func (g *Game) personDecides() bool {
	if g.review == live {
		return g.m.HumanToMove()
	}
	st := g.position()
	if _, over := st.Outcome(); over {
		return false
	}
	return g.m.Seat(st.ToMove()).Human
}

// stops lists the positions that review steps through: the start (or the position a
// practice board opened at), the start of every turn, and the game as it stands.
func (g *Game) stops() []int {
	out := []int{g.m.Floor()}
	for _, t := range g.m.Turns() {
		if t.First > out[len(out)-1] {
			out = append(out, t.First)
		}
	}
	if n := g.m.Len(); n > out[len(out)-1] {
		out = append(out, n)
	}
	return out
}

// showAt puts the position after n decisions on the board; the latest position ends the
// review.
func (g *Game) showAt(ctx *app.Context, n int) {
	n = min(max(n, g.m.Floor()), g.m.Len())
	if n == g.m.Len() {
		n = live
	}
	if n == g.review {
		return
	}
	g.review = n
	g.anim, g.choices, g.whyTried, g.whyText = nil, nil, nil, ""
	g.hintLine = nil
	if g.personDecides() {
		g.pick.Reset(g.position().LegalMoves(nil))
	} else {
		g.pick.Reset(nil)
	}
	ctx.Invalidate()
}

// step moves the review one stop back (dir < 0) or forward.
func (g *Game) step(ctx *app.Context, dir int) {
	stops := g.stops()
	at := g.shownAt()
	if dir < 0 {
		for i := len(stops) - 1; i >= 0; i-- {
			if stops[i] < at {
				g.showAt(ctx, stops[i])
				return
			}
		}
		return
	}
	for _, s := range stops {
		if s > at {
			g.showAt(ctx, s)
			return
		}
	}
}

// reviewKeys handles the keys and the move list's clicks that move through the game; it
// reports whether the input was used.
func (g *Game) reviewKeys(ctx *app.Context) bool {
	in := ctx.Input()
	switch {
	case hit(ctx, &g.backBtn):
		g.showAt(ctx, g.m.Len())
	case hit(ctx, &g.reviewBtn):
		g.showAt(ctx, g.m.Floor())
	case in.Pressed(app.KeyLeft):
		g.step(ctx, -1)
	case in.Pressed(app.KeyRight):
		g.step(ctx, 1)
	case in.Pressed(app.KeyHome):
		g.showAt(ctx, g.m.Floor())
	case in.Pressed(app.KeyEnd):
		g.showAt(ctx, g.m.Len())
	default:
		return g.listInput(ctx)
	}
	return true
}

// listInput scrolls the move list under the pointer and shows the turn clicked in it.
func (g *Game) listInput(ctx *app.Context) bool {
	in := ctx.Input()
	if x, y, ok := in.Cursor(); ok && image.Pt(int(x), int(y)).In(g.listRect) {
		if _, wy := in.Wheel(); wy != 0 {
			g.listTop += int(math.Round(wy * 3))
			g.listTop = min(max(g.listTop, 0), max(0, g.listRows-g.listVisible))
			ctx.Invalidate()
		}
	}
	x, y, ok := in.Clicked()
	if !ok {
		return false
	}
	for _, c := range g.listCells {
		if image.Pt(int(x), int(y)).In(c.rect) {
			g.showAt(ctx, g.m.Turns()[c.turn].End)
			return true
		}
	}
	if image.Pt(int(x), int(y)).In(g.listTrack) {
		// A click on the scrollbar's rail pages towards it.
		if float64(y) < float64(g.listTrack.Min.Y)+float64(g.listTrack.Dy())*float64(g.listTop)/float64(max(1, g.listRows)) {
			g.listTop -= g.listVisible
		} else {
			g.listTop += g.listVisible
		}
		g.listTop = min(max(g.listTop, 0), max(0, g.listRows-g.listVisible))
		ctx.Invalidate()
		return true
	}
	return false
}

// listCell is a turn's place in the move list on screen.
type listCell struct {
	rect image.Rectangle
	turn int
}

// currentTurn is the turn whose end is the position on the board, or -1 at the start.
func (g *Game) currentTurn(turns []match.Turn) int {
	at := g.shownAt()
	for i := len(turns) - 1; i >= 0; i-- {
		if turns[i].First < at {
			return i
		}
	}
	return -1
}

// drawMoves draws the move list: numbered rows, the current turn lit and kept in view, a
// scrollbar when the list is longer than its room.
func (g *Game) drawMoves(dst *ebiten.Image, ctx *app.Context, px, pw float64) {
	u := ctx.Unit()
	top := float64(g.panel.Min.Y) + g.movesY
	bottom := float64(g.panel.Min.Y) + g.movesBottom
	lineH := sizeSmall * u * render.LineHeight * 1.15
	g.listCells = g.listCells[:0]
	g.listRect, g.listTrack = image.Rectangle{}, image.Rectangle{}
	turns := g.m.Turns()
	if len(turns) == 0 || bottom-top < lineH*2+8*u {
		return
	}
	render.DrawText(dst, strings.ToUpper(ctx.T("game.moves")), sizeCaption*u, true, px, top, render.MutedText, render.AlignLeft)
	top += sizeCaption*u*render.LineHeight + 4*u
	rows := moveRows(turns)
	visible := max(1, int((bottom-top)/lineH))
	g.listRows, g.listVisible = len(rows), visible
	cur := g.currentTurn(turns)
	curRow := 0 // the starting position: the top of the list
	for r, row := range rows {
		if row[0] == cur || row[1] == cur {
			curRow = r
		}
	}
	if curRow != g.listFollow {
		// The current move came into the list or the review moved: keep it in view.
		g.listFollow = curRow
		if curRow < g.listTop {
			g.listTop = curRow
		} else if curRow >= g.listTop+visible {
			g.listTop = curRow - visible + 1
		}
	}
	g.listTop = min(max(g.listTop, 0), max(0, len(rows)-visible))
	g.listRect = rectF(px, top, pw, float64(visible)*lineH)

	barW := 0.0
	if len(rows) > visible {
		barW = 10 * u
		g.listTrack = rectF(px+pw-6*u, top, 6*u, float64(visible)*lineH)
		ui.DrawScrollbar(dst, g.listTrack, float64(g.listTop)*lineH, float64(len(rows))*lineH, float64(visible)*lineH)
	}
	numW := 34 * u
	cellW := (pw - numW - barW) / 2
	for r := g.listTop; r < min(len(rows), g.listTop+visible); r++ {
		y := top + float64(r-g.listTop)*lineH
		render.DrawText(dst, fmt.Sprintf("%d.", r+1), sizeSmall*u, false, px, y, render.MutedText, render.AlignLeft)
		for c, ti := range rows[r] {
			if ti < 0 {
				continue
			}
			x := px + numW + float64(c)*cellW
			cell := rectF(x-4*u, y, cellW-2*u, lineH)
			g.listCells = append(g.listCells, listCell{rect: cell, turn: ti})
			t := turns[ti]
			current := ti == cur
			if current {
				render.FillRoundedRect(dst, x-4*u, y, cellW-2*u, lineH, 6*u, render.ButtonHover)
			} else if hovered(ctx, cell) {
				render.FillRoundedRect(dst, x-4*u, y, cellW-2*u, lineH, 6*u, withAlpha(render.ButtonHover, 0.6))
			}
			drawPieceDisc(dst, rules.ColourOf(g.m.Before(t.First), t.Mover), x+5*u, y+lineH/2, 4.5*u, u*0.5)
			text := render.Ellipsize(g.turnText(ctx, t), sizeSmall*u, current, cellW-22*u)
			render.DrawText(dst, text, sizeSmall*u, current, x+14*u, y+(lineH-sizeSmall*u*render.LineHeight)/2, render.Text, render.AlignLeft)
		}
	}
}

// turnText writes one turn: each decision it took, a Stop left out because the line ends
// there anyway.
func (g *Game) turnText(ctx *app.Context, t match.Turn) string {
	parts := make([]string, 0, t.End-t.First)
	for d := t.First; d < t.End; d++ {
		if g.m.Move(d).Kind == rules.Stop && d > t.First {
			continue
		}
		parts = append(parts, moveText(ctx, g.m.Before(d), g.m.Move(d)))
	}
	return strings.Join(parts, " ")
}

// reviewStatus is the panel's headline and explanation while the board shows an earlier
// turn.
func (g *Game) reviewStatus(ctx *app.Context) (headline, detail string) {
	turns := g.m.Turns()
	cur := g.currentTurn(turns)
	headline = ctx.T("review.start")
	if cur >= 0 {
		headline = ctx.T("review.title", cur+1, len(turns))
	}
	detail = ctx.T("review.detail")
	if g.personDecides() {
		detail = ctx.T("review.detail-play")
	}
	if g.analysing != live {
		detail = ctx.T("sentence.join", detail, ctx.T("review.analysing"))
	}
	return headline, detail
}

// newPlayFrom asks whether the person wants to play mv from the position under review,
// taking back the decisions after it.
func newPlayFrom(g *Game, at int, mv rules.Move) *Question {
	return &Question{
		title: "playfrom.title", yes: "playfrom.yes", no: "playfrom.no",
		body: func(ctx *app.Context) string { return ctx.T("playfrom.body", len(g.m.Turns())-g.turnsBefore(at)) },
		act: func(ctx *app.Context) {
			ctx.Pop()
			if err := g.m.Truncate(at); err != nil {
				log.Printf("scenes: %v", err)
				return
			}
			g.review = live
			g.prepare(ctx)
			g.begin(ctx, mv)
		},
		scene: "playfrom", yesID: "play", noID: "keep",
	}
}

// turnsBefore counts the turns begun before decision n.
func (g *Game) turnsBefore(n int) int {
	k := 0
	for _, t := range g.m.Turns() {
		if t.First < n {
			k++
		}
	}
	return k
}

// The evaluation of each position, for the balance bar while playing and reviewing.

// analysisShare is the part of a level's think time a background judgement takes.
const analysisShare = 0.25

// wantAnalysis returns the position that the idle runner should judge next, if any: the
// position on the board, and after the game every position of it, in order, while the
// person reviews.
func (g *Game) wantAnalysis(ctx *app.Context) (int, bool) {
	if !g.showsEval(ctx) {
		return 0, false
	}
	at := g.shownAt()
	if _, ok := g.evals[at]; !ok {
		return at, true
	}
	if _, over := g.m.Outcome(); !over || g.review == live {
		return 0, false
	}
	for n := g.m.Floor(); n <= g.m.Len(); n++ {
		if _, ok := g.evals[n]; !ok {
			return n, true
		}
	}
	return 0, false
}

// analyse keeps the runner judging positions while it has nothing else to do, and collects
// its judgements.
func (g *Game) analyse(ctx *app.Context) {
	if g.analysing != live {
		if _, ok := ctx.Runner().Poll(); ok {
			st := g.m.Before(g.analysing)
			g.settleEvalAt(g.analysing, st.ToMove(), ctx.Runner().Last().Stats)
			g.analysing = live
			ctx.Invalidate()
		}
		return
	}
	if g.thinking || g.hinting || g.anim != nil || g.m.ComputerToMove() || g.dialog {
		return
	}
	n, ok := g.wantAnalysis(ctx)
	if !ok {
		return
	}
	st := g.m.Before(n)
	if o, over := st.Outcome(); over {
		g.evals[n] = outcomeShare(o)
		ctx.Invalidate()
		return
	}
	budget := max(time.Duration(float64(ctx.ThinkTime(ai.Normal))*analysisShare), time.Millisecond)
	ctx.Runner().Start(think.Job{State: st, Setting: ai.HintSetting(st), Budget: budget, Seed: g.m.Seed() ^ uint64(n)})
	g.analysing = n
}

// stopAnalysis abandons a background judgement, for a search that matters more.
func (g *Game) stopAnalysis(ctx *app.Context) {
	if g.analysing != live {
		ctx.Runner().Cancel()
		g.analysing = live
	}
}

// outcomeShare is player 0's share of a finished game's result.
func outcomeShare(o rules.Outcome) float64 {
	switch o.Winner {
	case 0:
		return 1
	case 1:
		return 0
	}
	return 0.5
}

// evalShare is player 0's expected share of the result at the position after n decisions,
// as last judged there or, failing that, at the nearest earlier position judged.
func (g *Game) evalShare(n int) float64 {
	for ; n >= 0; n-- {
		if v, ok := g.evals[n]; ok {
			return v
		}
	}
	return 0.5
}

// showsEval reports whether the balance bar is on show: as the settings say, and always
// while a finished game is reviewed, since judging its moves is what review is for.
func (g *Game) showsEval(ctx *app.Context) bool {
	if g.practice {
		return false
	}
	_, over := g.m.Outcome()
	return ctx.Settings().EvalBar || (over && g.review != live)
}

// settleEvalAt is noteEvalAt for a search made to judge the position after n decisions:
// when it judged nothing (a move the game named, the Beginner), the position takes the
// nearest earlier judgement, so that it is not searched again.
func (g *Game) settleEvalAt(n int, mover rules.Player, st ai.Stats) {
	g.noteEvalAt(n, mover, st)
	if _, ok := g.evals[n]; !ok {
		g.evals[n] = g.evalShare(n)
	}
}

// noteEvalAt keeps the judgement of a search from the position after n decisions, seen
// from player 0.
func (g *Game) noteEvalAt(n int, mover rules.Player, st ai.Stats) {
	if st.Engine == "" || st.Engine == "beginner" || st.Engine == "named" {
		// The Beginner does not judge positions, and a move the game named searched
		// nothing: their values would be noise.
		return
	}
	v := min(max(st.Value, 0), 1)
	if mover != 0 {
		v = 1 - v
	}
	g.evals[n] = v
}

// forgetEvals drops the judgements of positions the match no longer has.
func (g *Game) forgetEvals() {
	for n := range g.evals {
		if n > g.m.Len() {
			delete(g.evals, n)
		}
	}
}
