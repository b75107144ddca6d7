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

// panelAction is a standing button of the panel and what it does. Buttons that find no
// room in a small window move into the "More" list, which runs the same action.
type panelAction struct {
	btn *ui.Button
	id  string
	act func(ctx *app.Context)
	// keep marks the buttons that stay on the panel when the others move into "More";
	// spare ones among them go too in the smallest windows.
	keep, spare bool
}

// panelFit is how much of the panel a layout keeps: the full set of buttons, the main
// ones plus "More", and then smaller type and rows as well.
type panelFit uint8

const (
	fitFull panelFit = iota
	fitMore
	fitCompact
)

// minListLines is the room for the move list below which the panel rather moves its
// lesser buttons into "More".
const minListLines = 4

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
	lineH := sizeSmall * u * render.LineHeight * 1.15
	// The fit is chosen with room for a typical status and one row of actions rather than
	// for what is on show this instant, so that the buttons do not jump about as the
	// status changes from move to move.
	for _, fit := range []panelFit{fitFull, fitMore, fitCompact} {
		g.fit = fit
		if g.arrange(ctx, true) >= minListLines*lineH {
			break
		}
	}
	g.arrange(ctx, false)
}

// typicalStatus is the status card's height for a headline of one line and an
// explanation of two, at the given width.
func typicalStatus(ctx *app.Context) float64 {
	u := ctx.Unit()
	return sizeHeading*u*render.LineHeight + 28*u + 2*sizeSmall*u*render.LineHeight + 2*u
}

// pad is the panel's inner margin.
func (g *Game) pad(ctx *app.Context) float64 {
	if g.fit == fitCompact {
		return 14 * ctx.Unit()
	}
	return 24 * ctx.Unit()
}

// titleSize is the size of the game's name at the top of the panel.
func (g *Game) titleSize() float64 {
	if g.fit == fitCompact {
		return sizeHeading
	}
	return sizeTitle
}

// playerRow is the height of a player's row and the distance to the next.
func (g *Game) playerRow(ctx *app.Context) (row, step float64) {
	if g.fit == fitCompact {
		return 30 * ctx.Unit(), 32 * ctx.Unit()
	}
	return 44 * ctx.Unit(), 50 * ctx.Unit()
}

// arrange lays the panel out for g.fit and returns the height left for the move list,
// negative when even the rest does not fit. A probe measures with a typical status and
// one row of actions instead of the current ones.
func (g *Game) arrange(ctx *app.Context, probe bool) float64 {
	u := ctx.Unit()
	pad := g.pad(ctx)
	px, py := float64(g.panel.Min.X)+pad, float64(g.panel.Min.Y)+pad
	pw := float64(g.panel.Dx()) - 2*pad
	footW := pw
	g.chooseFooter()
	for _, b := range []*ui.Button{&g.undo, &g.redo, &g.flip, &g.resign, &g.rematch, &g.rules, &g.settings, &g.save, &g.open, &g.help, &g.menu, &g.more} {
		b.Rect = image.Rectangle{} // placed below if it is on show
	}
	g.maxDetail = -1
	limit := float64(g.panel.Max.Y) - pad
	band := g.narrow || (g.fit == fitCompact && !g.portrait)
	if band {
		// The buttons run in a band across the bottom of the panel, placed below once the
		// actions of the current decision are known.
	} else if g.portrait {
		// Two columns: the game on the left, the actions on the right.
		footW = math.Min(pw*0.42, 360*u)
		px2 := float64(g.panel.Max.X) - pad - footW
		if fh := grid(ctx, g.footer, px2, py, footW, 2); py+fh > limit {
			return -1
		}
		pw -= footW + pad
	} else {
		fh := grid(ctx, g.footer, px, 0, footW, 2)
		grid(ctx, g.footer, px, float64(g.panel.Max.Y)-pad-fh, footW, 2)
	}

	// Header, players, status, then the actions of the current decision.
	y := py
	y += g.titleSize() * u * render.LineHeight
	if g.fit != fitCompact && variantText(ctx, rulesDoc(ctx, g.m.Spec().Game), g.m.Spec()) != "" {
		y += sizeSmall * u * render.LineHeight
	}
	y += 16 * u
	if g.fit == fitCompact {
		y -= 8 * u
	}
	_, step := g.playerRow(ctx)
	y += float64(len(g.m.Spec().Game.Sides)) * step
	if g.showsEval(ctx) {
		y += evalBarSpace * u
	}
	y += 14 * u
	g.statusY = y - float64(g.panel.Min.Y)
	if probe {
		y += typicalStatus(ctx)
	} else {
		y += g.statusHeight(ctx, pw)
	}
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
	_, over := g.m.Outcome()
	if g.review != live {
		actions = append(actions, &g.backBtn)
	} else {
		g.backBtn.Rect = image.Rectangle{}
	}
	if over && g.review == live && g.m.Len() > g.m.Floor() && !g.practice {
		actions = append(actions, &g.reviewBtn)
	} else {
		g.reviewBtn.Rect = image.Rectangle{}
	}
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
	if probe {
		actions = []*ui.Button{&g.hintBtn}
	}
	if band {
		// No room for a row of actions under the status: they take the band's free
		// places after the standing buttons.
		cols := bandColumns(ctx, g.footer, footW)
		fh := grid(ctx, g.footer, px, 0, footW, cols)
		top := float64(g.panel.Max.Y) - pad - fh
		grid(ctx, g.footer, px, top, footW, cols)
		if len(actions) > 0 {
			// The actions go right above the band, each as wide as its label.
			ah := flow(ctx, actions, px, 0, footW, 64*u)
			top -= ah + gap*u*0.75
			flow(ctx, actions, px, top, footW, 64*u)
		}
		if y > top-12*u && g.fit == fitCompact {
			// The last resort: the status card's explanation gives up lines, its
			// headline (the result, once the game is over) never.
			lineH := sizeSmall * u * render.LineHeight
			_, detail := g.Status(ctx)
			n := len(g.detailLines(detail, ctx, pw))
			g.maxDetail = max(0, n-int(math.Ceil((y-(top-12*u))/lineH)))
			y = float64(g.panel.Min.Y) + g.statusY + g.statusHeight(ctx, pw) + 12*u
			g.actionsY = y - float64(g.panel.Min.Y)
		}
	} else if len(actions) > 0 {
		y += flow(ctx, actions, px, y, pw, 96*u) + 16*u
	}
	g.movesY = y - float64(g.panel.Min.Y)
	bottom := limit
	if (!g.portrait || g.narrow) && len(g.footer) > 0 {
		bottom = float64(g.footer[0].Rect.Min.Y) - 16*u
		if band && len(actions) > 0 {
			bottom = float64(actions[0].Rect.Min.Y) - 16*u
		}
	}
	g.movesBottom = bottom - float64(g.panel.Min.Y)
	// The list's caption comes out of its room.
	return bottom - y - sizeCaption*u*render.LineHeight - 4*u
}

// chooseFooter picks the standing buttons for g.fit: all of them, or the main ones and
// "More" for the rest.
func (g *Game) chooseFooter() {
	g.footer, g.overflow = g.footer[:0], g.overflow[:0]
	for _, a := range g.acts {
		if g.fit == fitFull || (a.keep && !(a.spare && g.fit == fitCompact)) {
			g.footer = append(g.footer, a.btn)
		} else {
			g.overflow = append(g.overflow, a)
		}
	}
	if len(g.overflow) > 0 {
		g.footer = append(g.footer, &g.more)
	}
}

func (g *Game) buildButtons(ctx *app.Context) {
	g.endMove = ui.Button{Label: ctx.T("game.end-move"), Primary: true, Rect: g.endMove.Rect}
	g.specials, g.specialM = g.specials[:0], g.specialM[:0]
	if g.personDecides() && g.anim == nil && len(g.choices) == 0 {
		for _, mv := range g.pick.Specials() {
			g.specials = append(g.specials, &ui.Button{Label: moveLabel(ctx, g.position(), mv), Primary: mv.Kind == rules.Choose})
			g.specialM = append(g.specialM, mv)
		}
	}
	g.choice = g.choice[:0]
	for _, mv := range g.choices {
		g.choice = append(g.choice, &ui.Button{Label: moveLabel(ctx, g.position(), mv)})
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
	g.more = ui.Button{Label: ctx.T("game.more"), Rect: g.more.Rect}
	g.help = ui.Button{Label: ctx.T("game.help"), Rect: g.help.Rect}
	g.hintBtn = ui.Button{Label: ctx.T("game.ai-hint"), Disabled: g.hinting, Rect: g.hintBtn.Rect}
	g.moveNow = ui.Button{Label: ctx.T("game.move-now"), Rect: g.moveNow.Rect}
	g.backBtn = ui.Button{Label: ctx.T("review.back"), Primary: true, Rect: g.backBtn.Rect}
	g.reviewBtn = ui.Button{Label: ctx.T("game.review"), Rect: g.reviewBtn.Rect}

	undo := panelAction{btn: &g.undo, id: "undo", keep: true, act: func(ctx *app.Context) {
		g.review = live
		g.takeBack(ctx)
	}}
	redo := panelAction{btn: &g.redo, id: "redo", keep: true, spare: true, act: func(ctx *app.Context) {
		if err := g.m.Redo(); err == nil {
			g.review = live
			g.prepare(ctx)
		}
	}}
	flip := panelAction{btn: &g.flip, id: "flip", act: func(ctx *app.Context) {
		g.flipped = !g.flipped
		ctx.Invalidate()
	}}
	settings := panelAction{btn: &g.settings, id: "settings", act: func(ctx *app.Context) { ctx.Push(NewSettings()) }}
	g.acts = g.acts[:0]
	if g.practice {
		// A practice board from the rules: take back, and go back to the rules.
		g.menu.Label = ctx.T("practice.back")
		back := panelAction{btn: &g.menu, id: "menu", keep: true, act: func(ctx *app.Context) { ctx.Pop() }}
		g.acts = append(g.acts, undo, redo, flip, settings, back)
		return
	}
	g.acts = append(g.acts, undo, redo, flip)
	if !over && g.resigner() != rules.NoPlayer {
		g.acts = append(g.acts, panelAction{btn: &g.resign, id: "resign", keep: true, act: func(ctx *app.Context) {
			if p := g.resigner(); p != rules.NoPlayer {
				ctx.Push(newResign(g, p))
			}
		}})
	}
	g.acts = append(g.acts,
		panelAction{btn: &g.rematch, id: "rematch", keep: over, act: func(ctx *app.Context) {
			if next, err := g.m.Rematch(ctx.Seed()); err == nil {
				startInstead(ctx, g.m, next) // asks first while this game is unfinished
			}
		}},
		panelAction{btn: &g.rules, id: "rules", act: func(ctx *app.Context) { ctx.Push(NewRules(g.m.Spec(), true)) }},
		settings)
	if ctx.Dialogs() != nil {
		g.acts = append(g.acts,
			panelAction{btn: &g.save, id: "save", act: g.saveFile},
			panelAction{btn: &g.open, id: "open", act: g.openFile})
	}
	g.acts = append(g.acts,
		panelAction{btn: &g.help, id: "help", act: func(ctx *app.Context) { ctx.Push(newHelpCard()) }},
		panelAction{btn: &g.menu, id: "menu", act: func(ctx *app.Context) { ctx.GoTo(NewMenu()) }})
}

// blocks names the parts of the game screen that buttons must never cover: the board, the
// players and the status card (which holds the result once the game is over).
func (g *Game) blocks(ctx *app.Context) map[string]image.Rectangle {
	g.layout(ctx)
	u := ctx.Unit()
	pad := g.pad(ctx)
	px := float64(g.panel.Min.X) + pad
	pw := float64(g.panel.Dx()) - 2*pad
	if g.portrait && !g.narrow {
		pw -= math.Min(pw*0.42, 360*u) + pad
	}
	_, step := g.playerRow(ctx)
	players := float64(len(g.m.Spec().Game.Sides)) * step
	statusTop := float64(g.panel.Min.Y) + g.statusY
	playersTop := statusTop - 14*u - players
	if g.showsEval(ctx) {
		playersTop -= evalBarSpace * u
	}
	return map[string]image.Rectangle{
		"board":       g.view.Rect(),
		"players":     rectF(px, playersTop, pw, players),
		"status card": rectF(px, statusTop, pw, g.statusHeight(ctx, pw)),
	}
}

// NoticeArea implements app.NoticePlacer: notices such as "Game saved" sit on the panel,
// never on the board.
func (g *Game) NoticeArea(ctx *app.Context) image.Rectangle {
	g.layout(ctx)
	return g.panel
}

// bandColumns is how many of the buttons fit side by side in a band of the given width,
// from four down to two, so that no label is cut.
func bandColumns(ctx *app.Context, buttons []*ui.Button, width float64) int {
	widest := 0.0
	for _, b := range buttons {
		widest = math.Max(widest, buttonWidth(ctx, b.Label))
	}
	// A label may take most of its side padding: 6 units of air each side still read well.
	widest -= 1.3 * buttonPad * ctx.Unit()
	g := gap * ctx.Unit() * 0.75
	for cols := 4; cols > 2; cols-- {
		if (width-g*float64(cols-1))/float64(cols) >= widest {
			return cols
		}
	}
	return 2
}
