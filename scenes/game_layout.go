package scenes

// Where the board, the panel and the panel's buttons go, for every window shape.

import (
	"image"
	"math"

	"koma/app"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
)

// layout places the board and the panel, and builds the panel's buttons.
func (g *Game) layout(ctx *app.Context) {
	u := ctx.Unit()
	w, h := ctx.Size()
	W, H := float64(w), float64(h)
	mg := math.Max(12*u, math.Min(32*u, math.Min(W, H)*0.03))
	g.portrait = W < H*1.1
	g.narrow = g.portrait && W-2*mg-48*u < 560*u
	if g.portrait {
		ph := math.Min(math.Max(H*0.36, 300*u), H*0.5)
		if g.narrow {
			// One column of information plus a band of buttons needs more height.
			ph = H * 0.6
		}
		g.panel = rectF(mg, H-mg-ph, W-2*mg, ph)
		g.board = rectF(mg, mg, W-2*mg, H-3*mg-ph)
	} else {
		pw := math.Min(math.Max(W*0.28, 300*u), 400*u)
		g.panel = rectF(W-mg-pw, mg, pw, H-2*mg)
		g.board = rectF(mg, mg, W-3*mg-pw, H-2*mg)
	}
	set := ctx.Settings()
	g.view.SetShowCoords(set.Coords)
	g.view.SetFlipped(g.flipped)
	g.view.SetBounds(g.board)

	g.buildButtons(ctx)
	pad := 24 * u
	px, py := float64(g.panel.Min.X)+pad, float64(g.panel.Min.Y)+pad
	pw := float64(g.panel.Dx()) - 2*pad
	footW := pw
	if g.narrow {
		// The buttons run in a band across the bottom of the panel, placed below once the
		// actions of the current decision are known.
	} else if g.portrait {
		// Two columns: the game on the left, the actions on the right.
		footW = math.Min(pw*0.42, 360*u)
		px2 := float64(g.panel.Max.X) - pad - footW
		grid(ctx, g.footer, px2, py, footW, 2)
		pw -= footW + pad
	} else {
		fh := grid(ctx, g.footer, px, 0, footW, 2)
		grid(ctx, g.footer, px, float64(g.panel.Max.Y)-pad-fh, footW, 2)
	}

	// Header, players, status, then the actions of the current decision.
	y := py
	y += sizeTitle * u * render.LineHeight
	if variantText(ctx, rulesDoc(ctx, g.m.Spec().Game), g.m.Spec()) != "" {
		y += sizeSmall * u * render.LineHeight
	}
	y += 16 * u
	y += float64(len(g.m.Spec().Game.Sides)) * 50 * u
	if ctx.Settings().EvalBar {
		y += evalBarSpace * u
	}
	y += 14 * u
	g.statusY = y - float64(g.panel.Min.Y)
	y += g.statusHeight(ctx, pw)
	y += 12 * u
	g.actionsY = y - float64(g.panel.Min.Y)
	var actions []*ui.Button
	if g.pick.CanStop() && g.anim == nil {
		actions = append(actions, &g.endMove)
	} else {
		g.endMove.Rect = image.Rectangle{}
	}
	actions = append(actions, g.specials...)
	actions = append(actions, g.choice...)
	if g.canHint() {
		actions = append(actions, &g.hintBtn)
	} else {
		g.hintBtn.Rect = image.Rectangle{}
	}
	if g.thinking && g.m.ComputerToMove() && g.anim == nil {
		actions = append(actions, &g.moveNow)
	} else {
		g.moveNow.Rect = image.Rectangle{}
	}
	if g.narrow {
		// No room for a row of actions under the status: they take the band's free
		// places after the standing buttons.
		band := append(append(make([]*ui.Button, 0, len(g.footer)+len(actions)), g.footer...), actions...)
		fh := grid(ctx, band, px, 0, footW, 4)
		grid(ctx, band, px, float64(g.panel.Max.Y)-pad-fh, footW, 4)
	} else if len(actions) > 0 {
		y += flow(ctx, actions, px, y, pw, 96*u) + 16*u
	}
	g.movesY = y - float64(g.panel.Min.Y)
	bottom := float64(g.panel.Max.Y) - pad
	if (!g.portrait || g.narrow) && len(g.footer) > 0 {
		bottom = float64(g.footer[0].Rect.Min.Y) - 16*u
	}
	g.movesBottom = bottom - float64(g.panel.Min.Y)
}

func (g *Game) buildButtons(ctx *app.Context) {
	g.endMove = ui.Button{Label: ctx.T("game.end-move"), Primary: true, Rect: g.endMove.Rect}
	g.specials, g.specialM = g.specials[:0], g.specialM[:0]
	if g.m.HumanToMove() && g.anim == nil && len(g.choices) == 0 {
		for _, mv := range g.pick.Specials() {
			g.specials = append(g.specials, &ui.Button{Label: moveLabel(ctx, g.m.State(), mv), Primary: mv.Kind == rules.Choose})
			g.specialM = append(g.specialM, mv)
		}
	}
	g.choice = g.choice[:0]
	for _, mv := range g.choices {
		g.choice = append(g.choice, &ui.Button{Label: moveLabel(ctx, g.m.State(), mv)})
	}
	g.undo = ui.Button{Label: ctx.T("game.undo"), Disabled: !g.m.CanUndo(), Rect: g.undo.Rect}
	g.redo = ui.Button{Label: ctx.T("game.redo"), Disabled: !g.m.CanRedo(), Rect: g.redo.Rect}
	g.flip = ui.Button{Label: ctx.T("game.flip"), Rect: g.flip.Rect}
	g.resign = ui.Button{Label: ctx.T("game.resign"), Rect: g.resign.Rect}
	g.rules = ui.Button{Label: ctx.T("game.rules"), Rect: g.rules.Rect}
	g.settings = ui.Button{Label: ctx.T("game.settings"), Rect: g.settings.Rect}
	g.save = ui.Button{Label: ctx.T("game.save"), Rect: g.save.Rect}
	g.open = ui.Button{Label: ctx.T("game.open"), Rect: g.open.Rect}
	_, over := g.m.Outcome()
	g.rematch = ui.Button{Label: ctx.T("game.rematch"), Primary: over, Rect: g.rematch.Rect}
	g.menu = ui.Button{Label: ctx.T("game.menu"), Rect: g.menu.Rect}
	g.hintBtn = ui.Button{Label: ctx.T("game.ai-hint"), Disabled: g.hinting, Rect: g.hintBtn.Rect}
	g.moveNow = ui.Button{Label: ctx.T("game.move-now"), Rect: g.moveNow.Rect}
	if g.practice {
		// A practice board from the rules: take back, and go back to the rules.
		g.menu.Label = ctx.T("practice.back")
		g.rules.Rect, g.rematch.Rect, g.save.Rect, g.open.Rect = image.Rectangle{}, image.Rectangle{}, image.Rectangle{}, image.Rectangle{}
		g.resign.Rect = image.Rectangle{}
		g.footer = []*ui.Button{&g.undo, &g.redo, &g.flip, &g.settings, &g.menu}
		return
	}
	g.footer = []*ui.Button{&g.undo, &g.redo, &g.flip}
	if !over && g.resigner() != rules.NoPlayer {
		g.footer = append(g.footer, &g.resign)
	} else {
		g.resign.Rect = image.Rectangle{}
	}
	g.footer = append(g.footer, &g.rematch, &g.rules, &g.settings)
	if ctx.Dialogs() != nil {
		g.footer = append(g.footer, &g.save, &g.open)
	} else {
		g.save.Rect, g.open.Rect = image.Rectangle{}, image.Rectangle{}
	}
	g.footer = append(g.footer, &g.menu)
}
