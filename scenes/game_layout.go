package scenes

// Where the board, the panel and the panel's buttons go, and what the standing buttons do.

import (
	"image"

	"koma/app"
	"koma/render/ui"
	"koma/rules"
)

// layout places the board and the panel, and readies the panel's buttons for what the game
// shows now.
func (g *Game) layout(ctx *app.Context) {
	p := &g.sidePanel
	g.board = p.place(ctx)
	set := ctx.Settings()
	g.view.SetShowCoords(set.Coords)
	g.view.SetFlipped(g.flipped)
	g.view.SetBounds(g.board)

	p.label(ctx, g.m)
	g.hinter.label(ctx)
	g.reviewer.label(ctx, g.m)
	var specials []rules.Move
	if g.personDecides() && g.anim == nil && len(g.choices) == 0 {
		specials = g.pick.Specials()
	}
	p.decisions(ctx, g.position(), specials, g.choices)
	p.acts = g.panelActions(ctx, p.acts[:0])
	p.layout(ctx, g.panelContent(ctx))
	// The balance bar slides towards the judgement of the position on show; layout runs
	// at the start of every Update, where the slide keeps the screen repainting.
	g.evaluation.stepBar(ctx, g.evaluation.evalShare(g.shownAt()), g.showsEval(ctx))
}

// panelContent says what the panel holds now: the status, and which of the actions of the
// current decision are on show.
func (g *Game) panelContent(ctx *app.Context) panelContent {
	p := &g.sidePanel
	spec := g.m.Spec()
	c := panelContent{
		variant: variantText(ctx, rulesDoc(ctx, spec.Game), spec) != "",
		sides:   len(spec.Game.Sides),
		eval:    g.showsEval(ctx),
	}
	for pl := range spec.Game.Sides {
		c.names = append(c.names, sideName(ctx, g.m.State(), rules.Player(pl)))
	}
	c.head, c.detail = g.Status(ctx)
	_, over := g.m.Outcome()
	if !g.practice {
		// A click on the move list starts a review, "Back to the game" ends it: the card
		// keeps room for the statuses of both, and after the game for the balance bar
		// that the review shows, so that neither click moves the list. The fit keeps
		// room for the review of a finished game from the start, so that the end of the
		// game moves no button.
		c.fitReserve, c.fitEval = g.reviewer.reviewStatuses(ctx, g.m), true
		if len(g.m.Turns()) > 0 {
			c.reserve = g.reviewer.reviewStatuses(ctx, g.m)
			if g.reviewer.reviewing() {
				head, detail := g.gameStatus(ctx)
				c.reserve = append(c.reserve, [2]string{head, detail})
			}
			c.evalRoom = over
		}
	}
	show := func(b *ui.Button, on bool) {
		if on {
			c.actions = append(c.actions, b)
		} else {
			c.hidden = append(c.hidden, b)
		}
	}
	show(&p.endMove, g.pick.CanStop() && g.anim == nil)
	c.actions = append(c.actions, p.specials...)
	c.actions = append(c.actions, p.choice...)
	reviewing := g.reviewer.reviewing()
	show(&g.reviewer.backBtn, reviewing)
	show(&g.reviewer.reviewBtn, over && !reviewing && g.m.Len() > g.m.Floor() && !g.practice)
	show(&g.hinter.hintBtn, g.canHint())
	show(&p.moveNow, g.thinking && g.m.ComputerToMove() && g.anim == nil)
	return c
}

// panelActions appends the panel's standing buttons and their actions to acts.
func (g *Game) panelActions(ctx *app.Context, acts []panelAction) []panelAction {
	p := &g.sidePanel
	undo := panelAction{btn: &p.undo, id: "undo", keep: true, act: g.undoMove}
	redo := panelAction{btn: &p.redo, id: "redo", keep: true, spare: true, act: g.redoMove}
	flip := panelAction{btn: &p.flip, id: "flip", act: g.flipBoard}
	settings := panelAction{btn: &p.settings, id: "settings", act: func(ctx *app.Context) { ctx.Push(NewSettings()) }}
	if g.practice {
		// A practice board from the rules: take back, and go back to the rules.
		p.menu.Label = ctx.T("practice.back")
		back := panelAction{btn: &p.menu, id: "menu", keep: true, act: func(ctx *app.Context) { ctx.Pop() }}
		return append(acts, undo, redo, flip, settings, back)
	}
	acts = append(acts, undo, redo, flip)
	// Every button is always there, in the same place; one that does not apply now is
	// disabled rather than left out, so that the buttons after it do not move up a place
	// when the game ends (a player who learned where Open… is would click Save…). Resign
	// is on the panel while the game goes on, Rematch once it is over.
	_, over := g.m.Outcome()
	p.resign.Disabled = over || g.resigner() == rules.NoPlayer
	acts = append(acts,
		panelAction{btn: &p.resign, id: "resign", keep: !over, listed: true, act: func(ctx *app.Context) {
			if who := g.resigner(); who != rules.NoPlayer {
				ctx.Push(newResign(g, who))
			}
		}},
		panelAction{btn: &p.rematch, id: "rematch", keep: over, listed: true, act: func(ctx *app.Context) {
			if next, err := g.m.Rematch(ctx.Seed()); err == nil {
				startInstead(ctx, g.m, next) // asks first while this game is unfinished
			}
		}},
		panelAction{btn: &p.rules, id: "rules", act: func(ctx *app.Context) { ctx.Push(NewRules(g.m.Spec(), true)) }},
		settings)
	if ctx.Dialogs() != nil {
		acts = append(acts,
			panelAction{btn: &p.save, id: "save", act: func(ctx *app.Context) { g.gameFiles.save(ctx, g.m) }},
			panelAction{btn: &p.open, id: "open", act: g.gameFiles.open})
	}
	return append(acts,
		panelAction{btn: &p.help, id: "help", act: func(ctx *app.Context) { ctx.Push(newHelpCard()) }},
		panelAction{btn: &p.menu, id: "menu", act: func(ctx *app.Context) { ctx.GoTo(NewMenu()) }})
}

// undoMove takes the last move back, ending any review.
func (g *Game) undoMove(ctx *app.Context) {
	g.reviewer.leave()
	g.takeBack(ctx)
}

// redoMove plays the move taken back again, ending any review.
func (g *Game) redoMove(ctx *app.Context) {
	if err := g.m.Redo(); err == nil {
		g.reviewer.leave()
		g.prepare(ctx)
	}
}

// flipBoard turns the board round.
func (g *Game) flipBoard(ctx *app.Context) {
	g.flipped = !g.flipped
	ctx.Invalidate()
}

// blocks names the parts of the game screen that buttons must never cover: the board, the
// players and the status card (which holds the result once the game is over).
func (g *Game) blocks(ctx *app.Context) map[string]image.Rectangle {
	g.layout(ctx)
	p := &g.sidePanel
	px, pw := p.column(ctx)
	players := p.playersHeight(ctx, len(g.m.Spec().Game.Sides))
	statusTop := float64(p.rect.Min.Y) + p.statusY
	playersTop := float64(p.rect.Min.Y) + p.playersY
	return map[string]image.Rectangle{
		"board":       g.view.Rect(),
		"players":     rectF(px, playersTop, pw, players),
		"status card": rectF(px, statusTop, pw, p.statusH),
	}
}

// NoticeArea implements app.NoticePlacer: notices such as "Game saved" sit on the panel,
// never on the board.
func (g *Game) NoticeArea(ctx *app.Context) image.Rectangle {
	g.layout(ctx)
	return g.sidePanel.rect
}
