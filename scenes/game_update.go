package scenes

// A tick of the game screen, step by step: the files, the clock (animation, computer,
// hint, background judgement), the commands, the review, and the person's decision.

import (
	"image"
	"log"
	"slices"

	"koma/app"
	"koma/rules"
	"koma/scenes/picker"
)

// Update implements app.Scene.
func (g *Game) Update(ctx *app.Context) error {
	g.layout(ctx)
	g.hover.follow(ctx, g.view, g.m.State().Board(), image.Point{}) // hover.go
	g.drag.read(ctx.Input())
	defer g.endDrag(ctx)
	g.gameFiles.poll(ctx, g.m)
	if _, _, ok := ctx.Input().Clicked(); ok && g.anim != nil {
		// A click during an animation is not lost: the move lands at once and the click
		// then counts on the new position.
		g.anim.Finish()
	}
	g.advance(ctx)
	if g.command(ctx) || (!g.gameFiles.dialog && g.reviewKeys(ctx)) {
		return nil
	}
	if g.anim != nil || g.gameFiles.dialog || !g.personDecides() {
		// Nobody decides on the board now: a move is landing, a dialog is open, or the
		// computer is to move.
		return nil
	}
	g.decide(ctx)
	return nil
}

// advance moves time on by a tick: the animation under way, else the computer's search
// for its move, else the hint's search, else the background judgement of positions.
func (g *Game) advance(ctx *app.Context) {
	switch {
	case g.anim != nil:
		g.anim.Advance(ctx.Settings().Animation.Scaled(ctx.Delta()))
		ctx.Invalidate()
		if g.anim.Done() {
			g.commit(ctx, g.animMove)
		}
	case g.m.ComputerToMove():
		g.advanceComputer(ctx)
		g.stepDots(ctx)
	case g.hinter.hinting:
		g.pollHint(ctx)
		g.stepDots(ctx)
	default:
		g.analyse(ctx)
	}
}

// advanceComputer starts the computer's search for its move, or plays the move once found.
func (g *Game) advanceComputer(ctx *app.Context) {
	if !g.thinking {
		g.startThinking(ctx)
		return
	}
	mv, ok := ctx.Runner().Poll()
	if !ok {
		return
	}
	g.thinking = false
	g.evaluation.noteEvalAt(g.m.Len(), g.m.ToMove(), ctx.Runner().Last().Stats)
	if rules.IsLegal(g.m.State(), mv) {
		g.begin(ctx, mv)
	} else {
		log.Printf("scenes: the computer chose an illegal move %s", rules.FormatMove(g.m.State(), mv))
		ctx.Notify(ctx.T("notice.ai-failed"))
	}
}

// stepDots repaints the dots of "Thinking", alone, every dotTicks ticks, when they step.
func (g *Game) stepDots(ctx *app.Context) {
	if ctx.Now()%(ctx.Tick()*dotTicks) == 0 {
		ctx.InvalidatePart()
	}
}

// command handles the keys and the buttons that act on the game whoever is to move: take
// back, replay, turn the board, help, a hint, "More", "Move now" and the panel's standing
// buttons. It reports whether one was used.
func (g *Game) command(ctx *app.Context) bool {
	in := ctx.Input()
	p := &g.sidePanel
	switch {
	case in.Pressed(app.KeyUndo) && g.m.CanUndo():
		g.undoMove(ctx)
	case in.Pressed(app.KeyRedo) && g.m.CanRedo():
		g.redoMove(ctx)
	case in.Pressed(app.KeyFlip):
		g.flipBoard(ctx)
	case in.Pressed(app.KeyHelp):
		ctx.Push(newHelpCard())
	case in.Pressed(app.KeyHint) && (g.canHint() || g.hinter.hintLine != nil):
		g.toggleHint(ctx)
	case hit(ctx, &p.more):
		ctx.Push(newMoreMenu(p.overflow))
	case hit(ctx, &p.moveNow):
		if g.thinking {
			ctx.Runner().MoveNow()
		}
	default:
		for _, a := range p.acts {
			if hit(ctx, a.btn) {
				a.act(ctx)
				return true
			}
		}
		return false
	}
	return true
}

// decide handles the input of the person making the decision on the board: the hint
// button, the panel's buttons for the decision, the keys that end or drop a move, and
// clicks and drags on the board. A hint stays through all of it until a move is played:
// the person may select pieces while they follow its line.
func (g *Game) decide(ctx *app.Context) {
	in := ctx.Input()
	if hit(ctx, &g.hinter.hintBtn) {
		g.toggleHint(ctx)
		return
	}
	if g.decisionButtons(ctx) || g.dragPiece(ctx) {
		return
	}
	if in.Pressed(app.KeyBack) {
		// Escape puts down the selection first, then the hint.
		if len(g.pick.Partial()) == 0 && len(g.choices) == 0 {
			g.hinter.drop(ctx)
		}
		g.pick.Cancel()
		g.choices = nil
		ctx.Invalidate()
	}
	if in.Pressed(app.KeyEnter) && g.pick.CanStop() {
		g.handle(ctx, g.pick.Stop())
	}
	if x, y, ok := in.Clicked(); ok && image.Pt(int(x), int(y)).In(g.view.Rect()) {
		g.boardClick(ctx, x, y)
	}
}

// decisionButtons handles the panel's buttons for the decision: end the move, a special
// move, a choice between moves. It reports whether one was used.
func (g *Game) decisionButtons(ctx *app.Context) bool {
	p := &g.sidePanel
	if hit(ctx, &p.endMove) {
		g.handle(ctx, g.pick.Stop())
		return true
	}
	for i, b := range p.specials {
		if hit(ctx, b) {
			g.personPlays(ctx, p.specialM[i])
			return true
		}
	}
	for i, b := range p.choice {
		if hit(ctx, b) && i < len(g.choices) {
			g.personPlays(ctx, g.choices[i])
			return true
		}
	}
	return false
}

// boardClick takes a click at (x, y) on the board: a piece whose reach to show, a step of
// the move being built, or a click beside the points, which drops the move.
func (g *Game) boardClick(ctx *app.Context, x, y float64) {
	g.whyTried, g.whyText = nil, ""
	defer ctx.Invalidate()
	s, ok := g.view.SiteAt(x, y)
	if !ok {
		g.pick.Cancel()
		g.choices = nil
		return
	}
	if g.reachClick(s) { // a piece whose reach to show (game_reach.go)
		return
	}
	tried := append(slices.Clone(g.pick.Partial()), s)
	r := g.pick.Click(s)
	if r.Outcome == picker.Ignored || r.Outcome == picker.Cleared {
		if why := g.whyNot(ctx, tried); why != "" {
			g.whyTried, g.whyText, g.whyLang = tried, why, ctx.Lang()
		}
	}
	g.handle(ctx, r)
}
