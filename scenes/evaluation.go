package scenes

// The evaluation of each position, for the balance bar while playing and reviewing: what
// the searches judged, the background judgement of positions nobody asked about, and the
// bar itself.

import (
	"image/color"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/app/think"
	"koma/render"
	"koma/rules"
	"koma/rules/ai"
)

// analysisShare is the part of a level's think time a background judgement takes.
const analysisShare = 0.25

// evalBarSpace is the height the evaluation bar takes in the panel, in units.
const evalBarSpace = 18

// evaluation holds what the searches made of the game's positions.
type evaluation struct {
	// evals holds player 0's expected share of the result at the position after n
	// decisions, as a search judged it.
	evals map[int]float64
	// analysing is the position the runner is judging in the background, or live for
	// none.
	analysing int
}

// newEvaluation returns an evaluation that has judged nothing yet.
func newEvaluation() evaluation { return evaluation{evals: map[int]float64{}, analysing: live} }

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
func (e *evaluation) evalShare(n int) float64 {
	for ; n >= 0; n-- {
		if v, ok := e.evals[n]; ok {
			return v
		}
	}
	return 0.5
}

// noteEvalAt keeps the judgement of a search from the position after n decisions, seen
// from player 0.
func (e *evaluation) noteEvalAt(n int, mover rules.Player, st ai.Stats) {
	if st.Engine == "" || st.Engine == "beginner" || st.Engine == "named" {
		// The Beginner does not judge positions, and a move the game named searched
		// nothing: their values would be noise.
		return
	}
	v := min(max(st.Value, 0), 1)
	if mover != 0 {
		v = 1 - v
	}
	e.evals[n] = v
}

// settleEvalAt is noteEvalAt for a search made to judge the position after n decisions:
// when it judged nothing (a move the game named, the Beginner), the position takes the
// nearest earlier judgement, so that it is not searched again.
func (e *evaluation) settleEvalAt(n int, mover rules.Player, st ai.Stats) {
	e.noteEvalAt(n, mover, st)
	if _, ok := e.evals[n]; !ok {
		e.evals[n] = e.evalShare(n)
	}
}

// forgetEvals drops the judgements of positions after the latest, last: positions a
// match taken back no longer has.
func (e *evaluation) forgetEvals(last int) {
	for n := range e.evals {
		if n > last {
			delete(e.evals, n)
		}
	}
}

// want returns the position that the idle runner should judge next, if any: the position
// shown, at, and when all is set (a finished game under review) every position from floor
// to last, in order.
func (e *evaluation) want(at, floor, last int, all bool) (int, bool) {
	if _, ok := e.evals[at]; !ok {
		return at, true
	}
	if !all {
		return 0, false
	}
	for n := floor; n <= last; n++ {
		if _, ok := e.evals[n]; !ok {
			return n, true
		}
	}
	return 0, false
}

// collect takes the background judgement in from the runner once it is done. It reports
// whether one is under way, which keeps the runner from other background work.
func (e *evaluation) collect(ctx *app.Context, m *match.Match) bool {
	if e.analysing == live {
		return false
	}
	if _, ok := ctx.Runner().Poll(); ok {
		st := m.Before(e.analysing)
		e.settleEvalAt(e.analysing, st.ToMove(), ctx.Runner().Last().Stats)
		e.analysing = live
		ctx.Invalidate()
	}
	return true
}

// judge judges the position after n decisions of m: a finished one by its result at once,
// any other by a short search in the background.
func (e *evaluation) judge(ctx *app.Context, m *match.Match, n int) {
	st := m.Before(n)
	if o, over := st.Outcome(); over {
		e.evals[n] = outcomeShare(o)
		ctx.Invalidate()
		return
	}
	budget := max(time.Duration(float64(ctx.ThinkTime(ai.Normal))*analysisShare), time.Millisecond)
	ctx.Runner().Start(think.Job{State: st, Setting: ai.HintSetting(st), Budget: budget, Seed: m.Seed() ^ uint64(n)})
	e.analysing = n
}

// stopAnalysis abandons a background judgement, for a search that matters more.
func (e *evaluation) stopAnalysis(ctx *app.Context) {
	if e.analysing != live {
		ctx.Runner().Cancel()
		e.analysing = live
	}
}

// reset forgets the background judgement, which the caller has cancelled, and the
// judgements of positions after the latest, last.
func (e *evaluation) reset(last int) {
	e.analysing = live
	e.forgetEvals(last)
}

// drawEvalBar draws the bar below the players for the position after n decisions, st:
// player 0's share in its colour from the left, the rest in the other's, an even split
// before any search has judged the game. Its caption says when the computer is judging
// the positions of a review.
func (e *evaluation) drawEvalBar(dst *ebiten.Image, ctx *app.Context, st rules.State, n int, judging bool, x, y, w float64) {
	u := ctx.Unit()
	share := e.evalShare(n)
	h := 8 * u
	y += 2 * u
	// The caption sits before the bar, so that the bar says what it measures.
	caption := ctx.T("game.eval")
	if judging {
		caption = ctx.T("game.eval-judging")
	}
	cw, _ := render.MeasureText(caption, sizeCaption*u, true)
	render.DrawText(dst, caption, sizeCaption*u, true, x, y+h/2-sizeCaption*u*render.LineHeight/2, render.MutedText, render.AlignLeft)
	x, w = x+cw+10*u, w-cw-10*u
	render.FillRoundedRect(dst, x, y, w, h, h/2, render.ButtonFill)
	fill := func(p rules.Player) color.NRGBA {
		if rules.ColourOf(st, p) == rules.White {
			return render.PieceWhite
		}
		return render.PieceBlack
	}
	// Keep a sliver of both sides visible, so that the bar reads as a balance even when
	// one side is proven to win.
	lw := w * min(max(share, 0.03), 0.97)
	render.FillRoundedRect(dst, x, y, w, h, h/2, fill(1))
	render.FillRoundedRect(dst, x, y, lw, h, h/2, fill(0))
	render.StrokeLine(dst, x+w/2, y-2*u, x+w/2, y+h+2*u, u, withAlpha(render.MutedText, 0.8))
}
