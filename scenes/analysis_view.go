package scenes

// What the analysis of the game shows besides its graph: the words for a marked move, and
// the better move on the board while that move is selected in the review.

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/i18n"
	"koma/render"
	"koma/rules"
)

// markTexts caches the words of the marked turns, which the layout measures every frame,
// and the longest such words the game could need (see markTextBound).
type markTexts struct {
	version int
	lang    i18n.Lang
	texts   map[int]string

	boundLen  int
	boundLang i18n.Lang
	bound     string
}

// markTextBound is a marked move's text as long as m's could be, for the status card to
// keep room for from the start: the longest mark and side names, three-digit chances,
// and a line of the game's longest decision. A review then never grows the card when the
// analysis comes in or a marked move is selected, which would move the list under the
// pointer.
func (a *gameAnalysis) markTextBound(ctx *app.Context, m *match.Match) string {
	c := &a.texts
	if c.bound != "" && c.boundLen == m.Len() && c.boundLang == ctx.Lang() {
		return c.bound
	}
	size := sizeSmall * ctx.Unit()
	longest := func(texts []string) string {
		best, bw := "", -1.0
		for _, t := range texts {
			if w, _ := render.MeasureText(t, size, false); w > bw {
				best, bw = t, w
			}
		}
		return best
	}
	var moves []string
	for d := m.Floor(); d < m.Len(); d++ {
		moves = append(moves, moveText(ctx, m.Before(d), m.Move(d)))
	}
	mv := longest(moves)
	kind := longest([]string{ctx.T(markInaccuracy.key()), ctx.T(markMistake.key()), ctx.T(markBlunder.key())})
	side := longest([]string{sideName(ctx, m.State(), 0), sideName(ctx, m.State(), 1)})
	line := mv
	for range hintLen - 2 {
		line = ctx.T("list.join", line, mv)
	}
	text := ctx.T("analysis.drop", kind, side, 100, 100)
	text = ctx.T("sentence.join", text, ctx.T("analysis.better-line", mv, line))
	c.bound, c.boundLen, c.boundLang = text, m.Len(), ctx.Lang()
	return text
}

// markText says what the marked turn ti of m lost and what the analysis preferred, such
// as "Blunder: White's chance fell from 64% to 21%. Better: e5-e6 · Expected
// continuation…"; "" for a turn that is not marked.
func (a *gameAnalysis) markText(ctx *app.Context, m *match.Match, ti int) string {
	js := a.turnJudgements(m)
	if ti < 0 || ti >= len(js) || js[ti].mark == markNone {
		return ""
	}
	c := &a.texts
	if c.texts == nil || c.version != a.version || c.lang != ctx.Lang() {
		c.version, c.lang, c.texts = a.version, ctx.Lang(), map[int]string{}
	}
	if text, ok := c.texts[ti]; ok {
		return text
	}
	j := js[ti]
	t := m.Turns()[ti]
	shares := a.shares(m)
	before, after := shares[t.First], shares[t.End]
	if t.Mover != 0 {
		before, after = 1-before, 1-after
	}
	pct := func(v float64) int { return int(math.Round(v * 100)) }
	text := ctx.T("analysis.drop", ctx.T(j.mark.key()), sideName(ctx, m.Before(t.First), t.Mover), pct(before), pct(after))
	if better := a.betterText(ctx, m, j.at); better != "" {
		text = ctx.T("sentence.join", text, better)
	}
	c.texts[ti] = text
	return text
}

// betterText writes the analysis's best move at the position after at decisions of m, and
// the continuation it expected, numbered as on the board.
func (a *gameAnalysis) betterText(ctx *app.Context, m *match.Match, at int) string {
	if at < 0 || at >= len(a.res) || len(a.res[at].line) == 0 {
		return ""
	}
	st := m.Before(at).Clone()
	var parts []string
	for _, mv := range a.res[at].line {
		parts = append(parts, moveText(ctx, st, mv))
		if rules.Play(st, mv) != nil {
			break
		}
	}
	if len(parts) == 1 {
		return ctx.T("analysis.better", parts[0])
	}
	line := parts[1]
	for _, p := range parts[2:] {
		line = ctx.T("list.join", line, p)
	}
	return ctx.T("analysis.better-line", parts[0], line)
}

// betterOnShow is the better move's line and the position it starts from, while the review
// is at a marked turn; ok is false otherwise.
func (g *Game) betterOnShow() (st rules.State, line []rules.Move, ok bool) {
	st, line, _, ok = g.betterAt()
	return st, line, ok
}

// betterAt is betterOnShow with the number of decisions before the position the line
// starts from.
func (g *Game) betterAt() (st rules.State, line []rules.Move, at int, ok bool) {
	a := &g.reviewer.analysis
	if !g.reviewer.reviewing() {
		return nil, nil, 0, false
	}
	turns := g.m.Turns()
	cur := currentTurn(turns, g.shownAt())
	if cur < 0 || turns[cur].End != g.shownAt() {
		return nil, nil, 0, false
	}
	js := a.turnJudgements(g.m)
	if cur >= len(js) || js[cur].mark == markNone || js[cur].at < 0 || len(a.res[js[cur].at].line) == 0 {
		return nil, nil, 0, false
	}
	at = js[cur].at
	return g.m.Before(at), a.res[at].line, at, true
}

// boardPosition is the position drawn on the board and the number of decisions behind
// it: the one on show, except at a marked turn, where the board goes back to where the
// better line starts, so that its arrows leave from the pieces they move.
func (g *Game) boardPosition() (rules.State, int) {
	if st, _, at, ok := g.betterAt(); ok {
		return st, at
	}
	return g.position(), g.shownAt()
}

// drawBetter draws the better move of the marked turn on show, with the continuation the
// analysis expected, as the hint draws its line: numbered arrows in the mover's colour and
// the other side's.
func (g *Game) drawBetter(dst *ebiten.Image) {
	st, line, ok := g.betterOnShow()
	if !ok || g.anim != nil {
		return
	}
	drawLine(dst, g.view, st, line)
}
