package scenes

// The evaluation of each position, for the balance bar while playing and reviewing: what
// the searches judged, the background judgement of positions nobody asked about, and the
// bar itself.

import (
	"image/color"
	"math"
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
// It holds a line of words (the sides and their chances) and the bar under it.
const evalBarSpace = 34

// evaluation holds what the searches made of the game's positions.
type evaluation struct {
	// evals holds player 0's expected share of the result at the position after n
	// decisions, as a search judged it.
	evals map[int]float64
	// analysing is the position the runner is judging in the background, or live for
	// none.
	analysing int
	// bar is the balance bar's slide towards the judgement of the position on show.
	bar barMotion
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

// barMotion is the balance bar's way to a new judgement: it slides from the share it
// showed to the new one over barGlide rather than jumping, so that the eye can follow
// which way the balance went.
type barMotion struct {
	from, to float64
	// start is when the slide to began, on the app's clock.
	start time.Duration
	// shown is set once the bar has a share to slide from.
	shown bool
}

// barGlide is how long the bar takes to reach a new judgement.
const barGlide = 300 * time.Millisecond

// at is the share the bar shows at time now.
func (b *barMotion) at(now time.Duration) float64 {
	t := float64(now-b.start) / float64(barGlide)
	if t >= 1 || !b.shown {
		return b.to
	}
	t = max(t, 0)
	// Ease out: quick to leave, gentle to arrive.
	t = 1 - (1-t)*(1-t)*(1-t)
	return b.from + (b.to-b.from)*t
}

// moving reports whether the bar is still on its way at time now.
func (b *barMotion) moving(now time.Duration) bool {
	return b.shown && now < b.start+barGlide
}

// stepBar moves the bar towards target, the share of the position on show, at every tick
// of the scene's Update: a new target starts a slide from where the bar is, and while the
// slide runs the screen is kept repainting (the app rests otherwise, see app/rest.go),
// one tick past its end so that the last frame shows the target. on is false while the
// bar is hidden: it then shows its first share at once when it appears.
func (e *evaluation) stepBar(ctx *app.Context, target float64, on bool) {
	b := &e.bar
	now := ctx.Now()
	if !on {
		*b = barMotion{}
		return
	}
	if !b.shown {
		*b = barMotion{from: target, to: target, start: now - barGlide, shown: true}
		ctx.Invalidate()
		return
	}
	if target != b.to {
		// The slide began a tick ago, so that the frame this tick asks for already
		// shows it under way.
		b.from, b.to, b.start = b.at(now), target, now-ctx.Tick()
	}
	if now <= b.start+barGlide+ctx.Tick() {
		ctx.Invalidate()
	}
}

// barLabels are the words around the balance bar: each side's name and share, and the
// caption saying what the bar measures.
type barLabels struct {
	// names are the sides' names (the role, such as Fox, or the colour), left and right.
	names [2]string
	// shares are the sides' chances as the game understands them, as "62%": the expected
	// share of the result, a draw counting half.
	shares  [2]string
	caption string
}

// evalBarLabels words the bar for player 0's share at st.
func evalBarLabels(ctx *app.Context, st rules.State, share float64, judging bool) barLabels {
	p0 := int(math.Round(min(max(share, 0), 1) * 100))
	l := barLabels{
		names:   [2]string{sideName(ctx, st, 0), sideName(ctx, st, 1)},
		shares:  [2]string{ctx.T("game.eval-share", p0), ctx.T("game.eval-share", 100-p0)},
		caption: ctx.T("game.eval"),
	}
	if judging {
		l.caption = ctx.T("game.eval-judging")
	}
	return l
}

// drawEvalBar draws the balance bar below the players for the position after n decisions,
// st: a line naming each side at its end, with its disc, its name and its chance, and the
// caption between them; below it the bar, player 0's share in its colour from the left,
// the rest in the other's, an even split before any search has judged the game. The
// caption says when the computer is judging the positions of a review. Where the panel is
// too narrow for the names, the discs alone name the sides; the caption goes first.
func (e *evaluation) drawEvalBar(dst *ebiten.Image, ctx *app.Context, st rules.State, n int, judging bool, x, y, w float64) {
	u := ctx.Unit()
	share := e.evalShare(n)
	if e.bar.shown {
		share = e.bar.at(ctx.Now())
	}
	l := evalBarLabels(ctx, st, share, judging)
	lay := layoutBarLabels(ctx, l, w)
	size := sizeCaption * u
	lineH := size * render.LineHeight
	disc := func(p rules.Player, cx float64) {
		drawPieceDisc(dst, rules.ColourOf(st, p), cx, y+lineH/2, 5.5*u, u)
	}
	// Left: disc, name, share; right: share, name, disc.
	disc(0, x+6*u)
	lx := x + 16*u
	if lay.names {
		render.DrawText(dst, l.names[0], size, false, lx, y, render.MutedText, render.AlignLeft)
		lx += lay.nameW[0] + 5*u
	}
	render.DrawText(dst, l.shares[0], size, true, lx, y, render.Text, render.AlignLeft)
	disc(1, x+w-6*u)
	rx := x + w - 16*u
	if lay.names {
		render.DrawText(dst, l.names[1], size, false, rx, y, render.MutedText, render.AlignRight)
		rx -= lay.nameW[1] + 5*u
	}
	render.DrawText(dst, l.shares[1], size, true, rx, y, render.Text, render.AlignRight)
	if lay.caption {
		render.DrawText(dst, l.caption, size, false, x+w/2, y, render.MutedText, render.AlignCenter)
	}

	by := y + lineH + 4*u
	h := 8 * u
	fill := func(p rules.Player) color.NRGBA {
		if rules.ColourOf(st, p) == rules.White {
			return render.PieceWhite
		}
		return render.PieceBlack
	}
	// Keep a sliver of both sides visible, so that the bar reads as a balance even when
	// one side is proven to win.
	lw := w * min(max(share, 0.03), 0.97)
	render.FillRoundedRect(dst, x, by, w, h, h/2, render.PanelBorder)
	render.FillRoundedRect(dst, x+u, by+u, w-2*u, h-2*u, h/2-u, fill(1))
	render.FillRoundedRect(dst, x+u, by+u, lw-u, h-2*u, h/2-u, fill(0))
	render.StrokeLine(dst, x+w/2, by-2*u, x+w/2, by+h+2*u, u, withAlpha(render.MutedText, 0.8))
}

// barLayout is what of the bar's words fit a width: the names, the caption, and the
// widths measured.
type barLayout struct {
	names, caption bool
	nameW, shareW  [2]float64
	captionW       float64
}

// layoutBarLabels decides which of l's words fit on the bar's line of width w: the shares
// always, with the discs; then the caption between them; then the sides' names.
func layoutBarLabels(ctx *app.Context, l barLabels, w float64) barLayout {
	u := ctx.Unit()
	size := sizeCaption * u
	var lay barLayout
	for i := range 2 {
		lay.nameW[i], _ = render.MeasureText(l.names[i], size, false)
		lay.shareW[i], _ = render.MeasureText(l.shares[i], size, true)
	}
	lay.captionW, _ = render.MeasureText(l.caption, size, false)
	// Each end holds a disc (16 units with its gap) and the share; the caption is centred,
	// so each half must hold its end and half the caption, with air between.
	half := w / 2
	end := func(i int, names bool) float64 {
		e := 16*u + lay.shareW[i]
		if names {
			e += lay.nameW[i] + 5*u
		}
		return e
	}
	fits := func(names, caption bool) bool {
		need := 0.0
		if caption {
			need = lay.captionW/2 + 8*u
		}
		return end(0, names)+need <= half && end(1, names)+need <= half
	}
	switch {
	case fits(true, true):
		lay.names, lay.caption = true, true
	case fits(false, true):
		lay.caption = true
	case fits(true, false):
		lay.names = true
	}
	return lay
}
