package scenes

import (
	"fmt"
	"image"

	"koma/app"
	"koma/app/prefs"
	"koma/i18n"
	"koma/render/ui"
	"koma/rules"
	"koma/rules/ai"
	"koma/rules/board"
)

// The scenes describe themselves (app.Describer) so that the browser's end-to-end test can
// click by meaning, "level:expert" or the board point "c3", wherever the layout puts them
// and in whatever language. Each Describe lays the scene out first, exactly as Update does,
// so the rectangles are the ones the next click is tested against.

// addTarget appends b when it is shown.
func addTarget(d *app.Description, id string, b *ui.Button) {
	if b == nil {
		return
	}
	if t, ok := app.TargetOf(id, b.Label, b.Rect); ok {
		t.Disabled, t.Selected = b.Disabled, b.Selected
		d.Targets = append(d.Targets, t)
	}
}

// Describe implements app.Describer: a card per game, then the header's buttons.
func (m *Menu) Describe(ctx *app.Context) app.Description {
	m.layout(ctx)
	d := app.Description{Scene: "menu"}
	for _, c := range m.cards {
		if t, ok := app.TargetOf("game:"+c.game.ID, rulesDoc(ctx, c.game).Name, c.rect); ok {
			d.Targets = append(d.Targets, t)
		}
	}
	d.Targets = inView(d.Targets, &m.scroll)
	if m.saved != nil {
		addTarget(&d, "continue", &m.resume)
	}
	addTarget(&d, "settings", &m.settings)
	addTarget(&d, "about", &m.about)
	addTarget(&d, "quit", &m.quit)
	return d
}

// setupIDs names the buttons of the setup rows in the order build makes them: one row per
// option with a choice, then the sides, then the levels.
func (s *Setup) setupIDs() [][]string {
	var ids [][]string
	for _, o := range s.game.Options {
		if len(o.Values) < 2 {
			continue
		}
		row := make([]string, len(o.Values))
		for i, v := range o.Values {
			row[i] = "option:" + o.Key + "=" + v
		}
		ids = append(ids, row)
	}
	sides := make([]string, 0, len(s.game.Sides)+1)
	for p := range s.game.Sides {
		sides = append(sides, fmt.Sprintf("side:%d", p))
	}
	ids = append(ids, append(sides, "side:two"))
	levels := make([]string, len(ai.Levels))
	for i, l := range ai.Levels {
		levels[i] = "level:" + l.String()
	}
	return append(ids, levels)
}

// Describe implements app.Describer.
func (s *Setup) Describe(ctx *app.Context) app.Description {
	s.layout(ctx)
	d := app.Description{Scene: "setup", Status: rulesDoc(ctx, s.game).Name}
	addTarget(&d, "back", &s.back)
	addRows(&d, s.setupIDs(), len(s.rows), func(i int) []*ui.Button { return s.rows[i].buttons })
	d.Targets = inView(d.Targets, &s.scroll)
	addTarget(&d, "start", &s.start)
	addTarget(&d, "rules", &s.rules)
	return d
}

// inView keeps the targets a scrolled page shows whole, the ones a click can reach.
func inView(ts []app.Target, s *scroller) []app.Target {
	kept := ts[:0]
	for _, t := range ts {
		if s.shows(image.Rect(int(t.X), int(t.Y), int(t.X+t.W), int(t.Y+t.H))) {
			kept = append(kept, t)
		}
	}
	return kept
}

// addRows names rows of buttons with ids, or by position should the two ever disagree,
// so that a scene change that forgot this file shows up as odd names rather than wrong ones.
func addRows(d *app.Description, ids [][]string, rows int, buttons func(i int) []*ui.Button) {
	for i := 0; i < rows; i++ {
		bs := buttons(i)
		for j, b := range bs {
			id := fmt.Sprintf("row%d:%d", i, j)
			if i < len(ids) && len(ids[i]) == len(bs) {
				id = ids[i][j]
			}
			addTarget(d, id, b)
		}
	}
}

// settingsIDs names the settings rows' buttons in the order build makes them.
func settingsIDs() [][]string {
	var langs []string
	for _, l := range i18n.Languages() {
		langs = append(langs, "lang:"+string(l))
	}
	var speeds []string
	for _, sp := range prefs.Speeds {
		speeds = append(speeds, "speed:"+string(sp))
	}
	return [][]string{langs, {"highlights:on", "highlights:off"}, {"coords:on", "coords:off"}, speeds,
		{"sound:on", "sound:off"}, {"marks:on", "marks:off"}, {"evalbar:on", "evalbar:off"}}
}

// Describe implements app.Describer.
func (s *Settings) Describe(ctx *app.Context) app.Description {
	s.layout(ctx)
	d := app.Description{Scene: "settings"}
	addRows(&d, settingsIDs(), len(s.rows), func(i int) []*ui.Button { return s.rows[i].buttons })
	d.Targets = inView(d.Targets, &s.scroll)
	addTarget(&d, "done", &s.done)
	return d
}

// Describe implements app.Describer.
func (r *Rules) Describe(ctx *app.Context) app.Description {
	r.layout(ctx)
	d := app.Description{Scene: "rules", Status: ctx.T("rules.title", rulesDoc(ctx, r.spec.Game).Name)}
	addTarget(&d, "close", &r.close)
	return d
}

// Describe implements app.Describer: the actions, the footer, and the board with the
// moves a person may make now.
func (g *Game) Describe(ctx *app.Context) app.Description {
	g.layout(ctx)
	head, _ := g.Status(ctx)
	d := app.Description{Scene: "game", Status: head}
	p := &g.sidePanel
	addTarget(&d, "end-move", &p.endMove)
	for i, b := range p.specials {
		// The ID names the kind of decision ("pass", "stop", "swap", "choose"), and for a
		// Choose also its option, so that a page script can tell the buttons apart.
		id := p.specialM[i].Kind.String()
		if p.specialM[i].Kind == rules.Choose {
			id = fmt.Sprintf("choose:%d", p.specialM[i].Tag)
		}
		addTarget(&d, id, b)
	}
	for i, b := range p.choice {
		addTarget(&d, fmt.Sprintf("choice:%d", i), b)
	}
	for _, a := range p.acts {
		addTarget(&d, a.id, a.btn)
	}
	addTarget(&d, "more", &p.more)
	addTarget(&d, "hint", &g.hinter.hintBtn)
	addTarget(&d, "move-now", &p.moveNow)
	addTarget(&d, "back", &g.reviewer.backBtn)
	addTarget(&d, "review", &g.reviewer.reviewBtn)
	addTarget(&d, "analyse", &g.reviewer.analysis.btn)
	d.Board = g.describeBoard()
	return d
}

// describeBoard describes the game's board: its points where they are on screen, whose
// turn it is, and the moves a person may make now with the points clicked so far.
func (g *Game) describeBoard() *app.BoardDescription {
	st := g.m.State()
	_, over := g.m.Outcome()
	bd := &app.BoardDescription{
		Spec:        g.m.Spec().String(),
		Plies:       g.m.Len(),
		ToMove:      int(st.ToMove()),
		HumanToMove: g.m.HumanToMove() && !over,
		Thinking:    g.thinking,
		Over:        over,
	}
	if over {
		bd.ToMove = -1
	}
	bd.Analysed, bd.ToAnalyse = g.reviewer.analysis.progress(g.m.Floor())
	top := st.Board()
	for s := 0; s < top.Len(); s++ {
		x, y := g.view.SiteCenter(board.Site(s))
		bd.Points = append(bd.Points, app.Point{Label: top.Label(board.Site(s)), X: x, Y: y})
	}
	if bd.HumanToMove {
		for _, mv := range g.pick.Legal() {
			lm := app.LegalMove{Text: rules.FormatMove(st, mv)}
			if mv.Kind != rules.Pass && mv.Kind != rules.Swap {
				for _, s := range mv.Sites() {
					lm.Sites = append(lm.Sites, top.Label(s))
				}
			}
			bd.Legal = append(bd.Legal, lm)
		}
	}
	for _, s := range g.pick.Partial() {
		bd.Partial = append(bd.Partial, top.Label(s))
	}
	return bd
}
