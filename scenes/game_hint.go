package scenes

// The game screen's side of the hint (hinter): when the person may ask, and what the
// hint's verdict means in their terms.

import (
	"koma/app"
	"koma/rules"
)

// startHint asks for a hint for the person to move, before any background judgement.
func (g *Game) startHint(ctx *app.Context) {
	g.evaluation.stopAnalysis(ctx)
	g.hinter.start(ctx, g.m.State(), g.m.Len(), g.m.DecisionSeed())
}

// toggleHint is the Hint button and key: it asks for a hint, or puts away the one on show.
func (g *Game) toggleHint(ctx *app.Context) {
	switch {
	case g.hinter.hintLine != nil:
		g.hinter.drop(ctx)
	case g.canHint() && !g.hinter.hinting:
		g.startHint(ctx)
	}
}

// pollHint collects a finished hint search; its judgement of the position goes to the
// balance bar. A search that finishes while the person looks back through the game is
// dropped: its position is no longer the one on the board.
func (g *Game) pollHint(ctx *app.Context) {
	if g.reviewer.reviewing() {
		g.hinter.drop(ctx)
		return
	}
	st := g.m.State()
	if stats, ok := g.hinter.poll(ctx, st); ok {
		g.evaluation.settleEvalAt(g.m.Len(), st.ToMove(), stats)
	}
}

// hintOnShow reports whether the board shows the hint: it was asked for the game's
// position, which is on the board.
func (g *Game) hintOnShow() bool {
	return !g.reviewer.reviewing() && g.hinter.belongs(g.m.State(), g.m.Len())
}

// verdictText says what perfect play leads to from the hint's position, in the person's
// terms: who wins, in how many of whose moves, and how the game ends.
func (g *Game) verdictText(ctx *app.Context) string {
	v := g.hinter.hintVerdict
	if !v.Known {
		return ""
	}
	me := g.m.State().ToMove()
	var text string
	switch v.Winner {
	case rules.NoPlayer:
		return ctx.T("hint.draw")
	case me:
		text = ctx.T("hint.wins-in", v.OwnTurns(me, me))
	default:
		text = ctx.T("hint.loses-in", v.OwnTurns(v.Winner, me))
	}
	if why := g.nameInReason(ctx, reasonText(ctx, rulesDoc(ctx, g.m.Spec().Game), v.Reason), v.Winner, v.Winner.Other()); why != "" {
		text = ctx.T("sentence.join", text, ctx.T("hint.ending", why))
	}
	return text
}

// HintLine is the hint on show, the hinted move first, or nil; tests read it.
func (g *Game) HintLine() []rules.Move {
	if !g.hintOnShow() {
		return nil
	}
	return g.hinter.hintLine
}

// canHint reports whether the person may ask for a hint now.
func (g *Game) canHint() bool {
	_, over := g.m.Outcome()
	return g.m.HumanToMove() && !over && g.anim == nil && !g.gameFiles.dialog && !g.reviewer.reviewing()
}
