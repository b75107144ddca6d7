package scenes

// The game screen's side of looking back through the game (reviewer, moveList) and of
// judging its positions (evaluation): what the board shows, who decides there, playing on
// from an earlier position, and keeping the runner busy judging when it is idle.

import (
	"log"

	"koma/app"
	"koma/rules"
)

// shownAt is how many decisions lie behind the position on the board.
func (g *Game) shownAt() int { return g.reviewer.shownAt(g.m) }

// position is the position on the board: the game as it stands, or the turn under review.
func (g *Game) position() rules.State { return g.reviewer.position(g.m) }

// personDecides reports whether a person at this machine makes the decision of the
// position on the board; under review that decision would play on from there.
func (g *Game) personDecides() bool {
	if !g.reviewer.reviewing() {
		return g.m.HumanToMove()
	}
	st := g.position()
	if _, over := st.Outcome(); over {
		return false
	}
	if _, _, ok := g.betterOnShow(); ok {
		return false // the board shows the position before the marked turn, not this one
	}
	return g.m.Seat(st.ToMove()).Human
}

// showAt puts the position after n decisions on the board; the latest position ends the
// review. The input under way and the hint belong to the position left.
func (g *Game) showAt(ctx *app.Context, n int) {
	if !g.reviewer.moveTo(g.m, n) {
		return
	}
	g.anim, g.choices, g.whyTried, g.whyText = nil, nil, nil, ""
	g.hinter.hintLine = nil
	g.resetPick()
	ctx.Invalidate()
}

// resetPick readies the move input for the position on the board: its legal moves when a
// person decides there, none otherwise.
func (g *Game) resetPick() {
	if g.personDecides() {
		g.pick.Reset(g.position().LegalMoves(nil))
	} else {
		g.pick.Reset(nil)
	}
}

// reviewKeys handles the keys, the move list's and the graph's clicks that move through
// the game, and the button that asks for the analysis; it reports whether the input was
// used.
func (g *Game) reviewKeys(ctx *app.Context) bool {
	if n, used := g.reviewer.request(ctx, g.m); used {
		g.showAt(ctx, n)
		return true
	}
	if hit(ctx, &g.reviewer.analysis.btn) {
		g.startAnalysis(ctx)
		return true
	}
	if g.graphClick(ctx) {
		return true
	}
	turn, used := g.moveList.input(ctx)
	if turn >= 0 {
		g.showTurnEnd(ctx, g.m.Turns()[turn].End)
	}
	return used
}

// showTurnEnd puts the position after n decisions, where a turn ends, on the board, as a
// click on the move list or the graph asks. The game's final position usually ends the
// review, but after a marked last move of a finished game it is reviewed, so that the
// panel says what the move lost and the board shows the better move.
func (g *Game) showTurnEnd(ctx *app.Context, n int) {
	g.showAt(ctx, n)
	turns := g.m.Turns()
	if n != g.m.Len() || len(turns) == 0 {
		return
	}
	js := g.reviewer.analysis.turnJudgements(g.m)
	if last := len(turns) - 1; last < len(js) && js[last].mark != markNone && g.reviewer.holdEnd(g.m) {
		g.resetPick()
		ctx.Invalidate()
	}
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
			g.reviewer.leave()
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

// analyse keeps the runner judging positions while it has nothing else to do, and collects
// its judgements: the analysis of the game when it was asked for or the game is over
// (analysis.go), else the position on the board, and after the game every position of it,
// in order, while the person reviews.
func (g *Game) analyse(ctx *app.Context) {
	if g.stepAnalysis(ctx) {
		return
	}
	e := &g.evaluation
	if e.collect(ctx, g.m) {
		return
	}
	if g.thinking || g.hinter.hinting || g.anim != nil || g.m.ComputerToMove() || g.gameFiles.dialog {
		return
	}
	if !g.showsEval(ctx) {
		return
	}
	_, over := g.m.Outcome()
	n, ok := e.want(g.shownAt(), g.m.Floor(), g.m.Len(), over && g.reviewer.reviewing())
	if !ok {
		return
	}
	e.judge(ctx, g.m, n)
}

// showsEval reports whether the balance bar is on show: as the settings say, and always
// while a finished game is reviewed, since judging its moves is what review is for.
func (g *Game) showsEval(ctx *app.Context) bool {
	if g.practice {
		return false
	}
	_, over := g.m.Outcome()
	return ctx.Settings().EvalBar || (over && g.reviewer.reviewing())
}
