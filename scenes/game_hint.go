package scenes

// The hint, its expected line, and the evaluation bar.

import (
	"fmt"
	"image/color"
	"log"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/think"
	"koma/render"
	"koma/rules"
	"koma/rules/ai"
	"koma/rules/board"
)

// hintShow is how long a hint stays on the board.
const hintShow = 3 * time.Second

// hintLen is how many moves of the hint's line are shown: the hinted move and the
// continuation after it.
const hintLen = 4

// startHint asks the runner for the move the Normal level would play for the person, or
// the perfect move in a game the AI has solved.
func (g *Game) startHint(ctx *app.Context) {
	g.stopAnalysis(ctx)
	ctx.Runner().Start(think.Job{State: g.m.State(), Setting: ai.HintSetting(g.m.State()), Budget: ctx.ThinkTime(ai.Normal),
		Seed: g.m.DecisionSeed(), Line: hintLen})
	g.hinting, g.hintLine, g.hintVerdict = true, nil, ai.Verdict{}
	ctx.Invalidate()
}

// verdictText says what perfect play leads to from the hint's position, in the person's
// terms: who wins, in how many of whose moves, and how the game ends.
func (g *Game) verdictText(ctx *app.Context) string {
	v := g.hintVerdict
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

// pollHint collects a finished hint search. Runners that cannot report a line give the
// move alone.
func (g *Game) pollHint(ctx *app.Context) {
	mv, ok := ctx.Runner().Poll()
	if !ok {
		return
	}
	g.hinting = false
	st := g.m.State()
	if !rules.IsLegal(st, mv) {
		log.Printf("scenes: the hint was an illegal move %s", rules.FormatMove(st, mv))
		return
	}
	g.hintLine = []rules.Move{mv}
	last := ctx.Runner().Last()
	if len(last.Line) > 0 && last.Line[0] == mv {
		g.hintLine = last.Line
	}
	g.settleEvalAt(g.m.Len(), st.ToMove(), last.Stats)
	g.hintVerdict = last.Stats.Verdict
	g.hintAt = ctx.Now()
	ctx.Invalidate()
}

// HintLine is the hint on show, the hinted move first; tests read it.
func (g *Game) HintLine() []rules.Move { return g.hintLine }

// canHint reports whether the person may ask for a hint now.
func (g *Game) canHint() bool {
	_, over := g.m.Outcome()
	return g.m.HumanToMove() && !over && g.anim == nil && !g.dialog && g.review == live
}

// hintText writes the hint's line in notation, each move from the position it is played
// in.
func (g *Game) hintText(ctx *app.Context) string {
	st := g.m.State().Clone()
	var parts []string
	for _, mv := range g.hintLine {
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
	if v := g.verdictText(ctx); v != "" {
		text = ctx.T("sentence.join", v, text)
	}
	return text
}

// drawHint marks the hinted move's path with rings and the moves expected after it with
// small numbered discs where they land, fading out over the last second of the hint.
func (g *Game) drawHint(dst *ebiten.Image, ctx *app.Context) {
	if len(g.hintLine) == 0 || g.anim != nil {
		return
	}
	u := ctx.Unit()
	fade := 1.0
	if left := hintShow - (ctx.Now() - g.hintAt); left < time.Second {
		fade = max(float64(left)/float64(time.Second), 0)
	}
	r := g.view.CellSize()
	first := g.hintLine[0]
	for i, s := range first.Sites() {
		x, y := g.view.SiteCenter(s)
		w := 3 * u
		if i == len(first.Sites())-1 {
			w = 5 * u
		}
		render.StrokeCircle(dst, x, y, r*0.36, w, withAlpha(render.Accent, fade))
	}
	for i, mv := range g.hintLine[1:] {
		s := mv.To()
		if s == board.NoSite {
			continue
		}
		x, y := g.view.SiteCenter(s)
		x, y = x+r*0.3, y-r*0.3
		render.FillCircle(dst, x, y, 10*u, withAlpha(render.Accent, 0.85*fade))
		render.DrawText(dst, fmt.Sprint(i+1), sizeCaption*u, true, x, y-sizeCaption*u*render.LineHeight/2,
			withAlpha(render.OnAccent, fade), render.AlignCenter)
	}
	if fade < 1 {
		ctx.Invalidate()
	}
}

// evalBarSpace is the height the evaluation bar takes in the panel, in units.
const evalBarSpace = 18

// drawEvalBar draws the bar below the players: player 0's share in its colour from the
// left, the rest in the other's, an even split before any search has judged the game.
func (g *Game) drawEvalBar(dst *ebiten.Image, ctx *app.Context, x, y, w float64) {
	u := ctx.Unit()
	share := g.evalShare(g.shownAt())
	h := 8 * u
	y += 2 * u
	// The caption sits before the bar, so that the bar says what it measures.
	caption := ctx.T("game.eval")
	cw, _ := render.MeasureText(caption, sizeCaption*u, true)
	render.DrawText(dst, caption, sizeCaption*u, true, x, y+h/2-sizeCaption*u*render.LineHeight/2, render.MutedText, render.AlignLeft)
	x, w = x+cw+10*u, w-cw-10*u
	render.FillRoundedRect(dst, x, y, w, h, h/2, render.ButtonFill)
	fill := func(p rules.Player) color.NRGBA {
		if rules.ColourOf(g.position(), p) == rules.White {
			return render.PieceWhite
		}
		return render.PieceBlack
	}
	// Keep a sliver of both sides visible, so the bar reads as a balance even when one
	// side is proven to win.
	lw := w * min(max(share, 0.03), 0.97)
	render.FillRoundedRect(dst, x, y, w, h, h/2, fill(1))
	render.FillRoundedRect(dst, x, y, lw, h, h/2, fill(0))
	render.StrokeLine(dst, x+w/2, y-2*u, x+w/2, y+h+2*u, u, withAlpha(render.MutedText, 0.8))
}
