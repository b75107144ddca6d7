package scenes

// What the panel beside the board says about the game: the players, the status and the
// prompt, worded from the match; sidePanel places them and draws the buttons.

import (
	"image/color"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
)

// Status is the headline and the explanation shown under the players: the result, whose
// turn it is, or what the computer is doing. Tests read it to check what the player sees.
func (g *Game) Status(ctx *app.Context) (headline, detail string) {
	if g.reviewer.reviewing() {
		return g.reviewer.reviewStatus(ctx, g.m, g.personDecides())
	}
	return g.gameStatus(ctx)
}

// gameStatus is the status of the game as it stands, whatever the board shows: the
// result, or whose turn it is and what to do.
func (g *Game) gameStatus(ctx *app.Context) (headline, detail string) {
	spec := g.m.Spec()
	doc := rulesDoc(ctx, spec.Game)
	if o, over := g.m.Outcome(); over {
		detail = g.nameInReason(ctx, reasonText(ctx, doc, o.Reason), o.Winner, g.m.State().ToMove())
		if o.Reason == match.ReasonResigned {
			detail = ctx.T("reason.resigned", sideName(ctx, g.m.State(), o.Winner.Other()))
		}
		if o.Scored && detail != "" {
			detail = ctx.T("sentence.join", detail, g.scoreText(ctx, o))
		} else if o.Scored {
			detail = g.scoreText(ctx, o)
		}
		return g.resultText(ctx, o), detail
	}
	p := g.m.ToMove()
	if g.m.ComputerToMove() {
		return ctx.T("game.thinking"), ""
	}
	if g.hinter.hinting {
		return ctx.T("game.thinking"), ctx.T("game.hint-thinking")
	}
	if len(g.hinter.hintLine) > 0 {
		return ctx.T("game.ai-hint"), g.hinter.hintText(ctx, g.m.State(), g.verdictText(ctx))
	}
	headline = ctx.T("game.your-turn")
	if g.humans() > 1 {
		headline = ctx.T("game.to-move", sideName(ctx, g.m.State(), p))
	}
	return headline, g.hint(ctx)
}

// nameInReason puts the players into a game's end reason: {winner}, {loser} and {mover}
// (the player to move in the final position, the one left without a move) become "you"
// for the person playing the computer and the side's name otherwise. Reasons are written
// so that either reads well: past tense, no "was" or "has".
func (g *Game) nameInReason(ctx *app.Context, text string, winner, mover rules.Player) string {
	if !strings.Contains(text, "{") {
		return text
	}
	name := func(p rules.Player) string {
		if p < 0 || int(p) >= len(g.m.Seats()) {
			return ""
		}
		if g.humans() == 1 && g.m.Seat(p).Human {
			return ctx.T("reason.you")
		}
		return sideName(ctx, g.m.State(), p)
	}
	loser := rules.NoPlayer
	if winner != rules.NoPlayer {
		loser = winner.Other()
	}
	for _, r := range []struct {
		tag string
		p   rules.Player
	}{{"{winner}", winner}, {"{loser}", loser}, {"{mover}", mover}} {
		if strings.HasPrefix(text, r.tag) {
			n := []rune(name(r.p))
			if len(n) > 0 {
				n[0] = unicode.ToUpper(n[0])
			}
			text = string(n) + text[len(r.tag):]
		}
		text = strings.ReplaceAll(text, r.tag, name(r.p))
	}
	return text
}

// scoreText states the final count of a game decided by one, player 0 first.
func (g *Game) scoreText(ctx *app.Context, o rules.Outcome) string {
	st := g.m.State()
	return ctx.T("result.score", sideName(ctx, st, 0), o.Score[0], sideName(ctx, st, 1), o.Score[1])
}

func (g *Game) humans() int {
	n := 0
	for _, s := range g.m.Seats() {
		if s.Human {
			n++
		}
	}
	return n
}

func (g *Game) resultText(ctx *app.Context, o rules.Outcome) string {
	if o.Winner == rules.NoPlayer {
		return ctx.T("result.draw")
	}
	if g.humans() == 1 {
		if g.m.Seat(o.Winner).Human {
			return ctx.T("result.you-win")
		}
		return ctx.T("result.computer-wins")
	}
	return ctx.T("result.wins", sideName(ctx, g.m.State(), o.Winner))
}

// why is the reason for the clicks in whyTried, worded again when the language changes.
func (g *Game) why(ctx *app.Context) string {
	if g.whyTried == nil {
		return ""
	}
	if g.whyText == "" || g.whyLang != ctx.Lang() {
		g.whyText, g.whyLang = g.whyNot(ctx, g.whyTried), ctx.Lang()
	}
	return g.whyText
}

// hint tells a person what the current decision is: the game's own prompt where it gives
// one, otherwise what to click next, from the shape of the legal moves.
func (g *Game) hint(ctx *app.Context) string {
	if why := g.why(ctx); why != "" {
		return why
	}
	switch {
	case len(g.choices) > 0:
		return ctx.T("game.hint.choose")
	case g.pick.CanStop():
		return ctx.T("game.hint.continue")
	case len(g.pick.Partial()) > 0:
		return ctx.T("game.hint.target")
	}
	if p := promptText(ctx, g.m.State()); p != "" {
		return p
	}
	kinds := map[rules.MoveKind]bool{}
	for _, mv := range g.pick.Legal() {
		kinds[mv.Kind] = true
	}
	switch {
	case len(kinds) == 1 && kinds[rules.Place]:
		return ctx.T("game.hint.place")
	case len(kinds) == 1 && kinds[rules.Remove]:
		return ctx.T("game.hint.remove")
	case len(kinds) == 1 && kinds[rules.Pass]:
		return ctx.T("game.hint.pass")
	}
	return ctx.T("game.hint.move")
}

// Draw implements app.Scene.
func (g *Game) Draw(dst *ebiten.Image, ctx *app.Context) {
	g.layout(ctx)
	dst.Fill(render.Background)
	g.drawBoard(dst, ctx)
	g.drawBetter(dst)     // a marked move's better move, in review (analysis_view.go)
	g.drawGraph(dst, ctx) // the analysis under the board (graph.go)
	g.drawPanel(dst, ctx)
}

// drawPanel draws the panel as the last layout placed it: the title, the players, the
// balance bar, the status card, the actions, the move list and the standing buttons.
func (g *Game) drawPanel(dst *ebiten.Image, ctx *app.Context) {
	p := &g.sidePanel
	u := ctx.Unit()
	ui.DrawPanel(dst, p.rect, render.Panel, panelRadius*u)
	px, pw := p.column(ctx)
	py := float64(p.rect.Min.Y) + p.pad(ctx)
	spec := g.m.Spec()
	doc := rulesDoc(ctx, spec.Game)

	if !p.noTitle {
		render.DrawText(dst, p.titleText(ctx, doc.Name, pw), p.titleSize()*u, true, px, py, render.Text, render.AlignLeft)
		if v := variantText(ctx, doc, spec); v != "" && p.fit != fitCompact {
			render.DrawText(dst, v, sizeSmall*u, false, px, py+p.titleSize()*u*render.LineHeight-4*u, render.MutedText, render.AlignLeft)
		}
	}
	y := g.drawPlayers(dst, ctx, px, float64(p.rect.Min.Y)+p.playersY, pw)
	if g.showsEval(ctx) {
		judging := g.reviewer.reviewing() && g.evaluation.analysing != live
		g.evaluation.drawEvalBar(dst, ctx, g.position(), g.shownAt(), judging, px, y, pw)
	}
	g.drawStatusCard(dst, ctx, px, pw)

	drawButton(dst, ctx, &p.endMove)
	for _, b := range p.specials {
		drawButton(dst, ctx, b)
	}
	for _, b := range p.choice {
		drawButton(dst, ctx, b)
	}
	for _, b := range []*ui.Button{&g.hinter.hintBtn, &p.moveNow, &g.reviewer.backBtn, &g.reviewer.reviewBtn} {
		if !b.Rect.Empty() {
			drawButton(dst, ctx, b)
		}
	}
	top, bottom := float64(p.rect.Min.Y)+p.movesY, float64(p.rect.Min.Y)+p.movesBottom
	g.moveList.draw(dst, ctx, g.m, currentTurn(g.m.Turns(), g.shownAt()), g.reviewer.analysis.listMarks(g.m, g.practice), px, top, bottom, pw)
	for _, b := range p.footer {
		drawButton(dst, ctx, b)
	}
}

// drawPlayers draws one row per player from y down, the row of the player to move lit,
// and returns where the rows end.
func (g *Game) drawPlayers(dst *ebiten.Image, ctx *app.Context, px, y, pw float64) float64 {
	u := ctx.Unit()
	toMove := g.m.ToMove()
	if g.reviewer.reviewing() {
		toMove = g.position().ToMove()
	}
	o, over := g.m.Outcome()
	if g.sidePanel.inline {
		return g.drawPlayersInline(dst, ctx, toMove, px, y, pw)
	}
	for pl := range g.m.Spec().Game.Sides {
		player := rules.Player(pl)
		rowH, step := g.sidePanel.playerRow(ctx)
		if player == toMove && g.anim == nil {
			render.FillRoundedRect(dst, px-10*u, y, pw+20*u, rowH, 10*u, render.ButtonHover)
			render.FillRoundedRect(dst, px-10*u, y+8*u, 4*u, rowH-16*u, 2*u, render.Accent)
		}
		drawPieceDisc(dst, rules.ColourOf(g.m.State(), player), px+14*u, y+rowH/2, 11*u, u)
		name := sideName(ctx, g.m.State(), player)
		render.DrawText(dst, name, sizeBody*u, true, px+36*u, y+(rowH-sizeBody*u*render.LineHeight)/2, render.Text, render.AlignLeft)
		role := g.roleText(ctx, player)
		if over && o.Winner == player {
			role = ctx.T("game.winner")
		}
		if roleFits(ctx, name, role, pw) {
			render.DrawText(dst, role, sizeSmall*u, false, px+pw, y+(rowH-sizeSmall*u*render.LineHeight)/2, render.MutedText, render.AlignRight)
		}
		y += step
	}
	return y
}

// drawPlayersInline draws the two players side by side in one row, as a small window
// beside the board has them: each half holds a disc and a name, the half of the player
// to move lit. It returns where the row ends.
func (g *Game) drawPlayersInline(dst *ebiten.Image, ctx *app.Context, toMove rules.Player, px, y, pw float64) float64 {
	u := ctx.Unit()
	rowH, step := g.sidePanel.playerRow(ctx)
	half := pw / 2
	for pl := range 2 {
		player := rules.Player(pl)
		hx := px + float64(pl)*half
		if player == toMove && g.anim == nil {
			render.FillRoundedRect(dst, hx-6*u, y, half+2*u, rowH, 10*u, render.ButtonHover)
			render.FillRoundedRect(dst, hx-6*u, y+8*u, 4*u, rowH-16*u, 2*u, render.Accent)
		}
		drawPieceDisc(dst, rules.ColourOf(g.m.State(), player), hx+12*u, y+rowH/2, 10*u, u)
		size := g.sidePanel.inlineSize * u
		name := render.Ellipsize(sideName(ctx, g.m.State(), player), size, true, half-(inlineNameX+4)*u)
		render.DrawText(dst, name, size, true, hx+inlineNameX*u, y+(rowH-size*render.LineHeight)/2, render.Text, render.AlignLeft)
		// The winner is named where the half has room; the status card says it anyway.
		if o, over := g.m.Outcome(); over && o.Winner == player {
			nw, _ := render.MeasureText(name, size, true)
			win := ctx.T("game.winner")
			if ww, _ := render.MeasureText(win, sizeCaption*u, false); (inlineNameX+4)*u+nw+8*u+ww <= half {
				render.DrawText(dst, win, sizeCaption*u, false, hx+half-8*u, y+(rowH-sizeCaption*u*render.LineHeight)/2, render.MutedText, render.AlignRight)
			}
		}
	}
	return y + step
}

// drawStatusCard draws the status card where the layout put it: the headline, with the
// "thinking" dots while a search runs, and the explanation. A finished game's card is lit.
func (g *Game) drawStatusCard(dst *ebiten.Image, ctx *app.Context, px, pw float64) {
	p := &g.sidePanel
	u := ctx.Unit()
	_, over := g.m.Outcome()
	sy := float64(p.rect.Min.Y) + p.statusY
	head, detail := g.Status(ctx)
	sh := p.statusH
	card := render.ButtonFill
	ink := render.Text
	// The result is lit; a review of the finished game, which steps through calm
	// positions, is not.
	if over && !g.reviewer.reviewing() {
		card, ink = render.Accent, render.OnAccent
	}
	render.FillRoundedRect(dst, px, sy, pw, sh, 12*u, card)
	hy := sy + 14*u
	hs := p.headSize(ctx, head, pw) * u
	headW := drawWrappedWidth(dst, head, hs, true, px+16*u, hy, pw-32*u, ink)
	if (g.m.ComputerToMove() || g.hinter.hinting) && !over {
		g.drawDots(dst, ctx, px+16*u+headW+6*u, hy+hs*render.LineHeight*0.62, ink)
	}
	hy += wrappedHeight(head, hs, true, pw-32*u) + 2*u
	if detail != "" {
		dink := render.MutedText
		if over && !g.reviewer.reviewing() {
			dink = render.OnAccent
		}
		for i, l := range p.detailLines(detail, ctx, pw) {
			render.DrawText(dst, l, sizeSmall*u, false, px+16*u, hy+float64(i)*sizeSmall*u*render.LineHeight, dink, render.AlignLeft)
		}
	}
}

// drawWrappedWidth draws like drawWrapped and returns the width of the last line, so that
// something can follow it.
func drawWrappedWidth(dst *ebiten.Image, s string, size float64, bold bool, x, y, width float64, clr color.Color) float64 {
	lines := render.WrapText(s, size, bold, width)
	drawWrapped(dst, s, size, bold, x, y, width, clr)
	if len(lines) == 0 {
		return 0
	}
	w, _ := render.MeasureText(lines[len(lines)-1], size, bold)
	return w
}

// drawDots draws three dots that light up in turn while the computer thinks.
func (g *Game) drawDots(dst *ebiten.Image, ctx *app.Context, x, y float64, clr color.NRGBA) {
	g.dots = dotsSpot{x: x, y: y, ink: clr, unit: ctx.Unit(), ok: true}
	u := ctx.Unit()
	phase := int(ctx.Now()/(ctx.Tick()*dotTicks)) % 4
	for i := 0; i < 3; i++ {
		a := 0.25
		if i < phase {
			a = 1
		}
		render.FillCircle(dst, x+float64(i)*9*u+3*u, y, 2.6*u, withAlpha(clr, a))
	}
}

func (g *Game) roleText(ctx *app.Context, p rules.Player) string {
	seat := g.m.Seat(p)
	switch {
	case seat.Human && g.humans() == 1:
		return ctx.T("game.you")
	case seat.Human:
		return ""
	}
	return ctx.T("game.computer", levelName(ctx, seat.Level.String()))
}
