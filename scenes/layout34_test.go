package scenes

// The game screen at every window size (issue 34): the board keeps its share of the
// window, and the panel beside or below it stays usable.

import (
	"fmt"
	"image"
	"math"
	"os"
	"testing"

	"koma/app"
	"koma/app/prefs"
	"koma/i18n"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
	"koma/rules/ai"
)

// layoutSizes are the windows the game screen is laid out in: the desktop's smallest,
// common small and laptop windows, a square one (too square for the panel below the
// board), a tall one, a phone upright and a wide one.
var layoutSizes = []image.Point{
	{480, 360}, {560, 420}, {640, 480}, {800, 600}, {1280, 800},
	{480, 480}, {400, 800}, {360, 740}, {1600, 600},
}

// layoutBoards are one game of each board kind: square, hex and point (a wide one), and
// one whose sides have roles rather than colours.
var layoutBoards = []string{"konane", "stoic", "fanorona", "foxhounds"}

// evalOn returns a store whose settings show the balance bar, which the panel must find
// room for, in lang.
func evalOn(t *testing.T, lang i18n.Lang) prefs.Store {
	t.Helper()
	store := prefs.NewMemStore()
	s := prefs.Defaults(lang)
	s.EvalBar = true
	if err := prefs.SaveSettings(store, s); err != nil {
		t.Fatal(err)
	}
	return store
}

// TestGameLayoutKeepsTheBoard walks the window sizes with a game of each board kind, in
// both languages, playing and then reviewing a finished game (the balance bar on), and
// checks that the board's square keeps at least 60 % of the window's shorter side, that
// every button is in the window and overlaps no other, the board, the players or the
// status card, that no text runs out of its card or button, and that the room for the
// review's graph lies under the board.
func TestGameLayoutKeepsTheBoard(t *testing.T) {
	for _, size := range layoutSizes {
		for _, game := range layoutBoards {
			for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
				for _, phase := range []string{"playing", "review"} {
					name := fmt.Sprintf("%dx%d/%s/%s/%s", size.X, size.Y, game, lang, phase)
					t.Run(name, func(t *testing.T) {
						h := newHarness(t, NewMenu(), evalOn(t, lang))
						h.resize(size.X, size.Y)
						sp, err := testCatalog().ParseSpec(game)
						if err != nil {
							t.Fatal(err)
						}
						m := newMatch(t, sp, ai.Beginner)
						if phase == "review" {
							m = playedMatch(t, game, 400, 3)
							if _, over := m.Outcome(); !over {
								t.Fatalf("the random game of %s did not end", game)
							}
						}
						h.ctx().GoTo(NewGame(m))
						h.step(3)
						g := h.game()
						if phase == "review" {
							h.clickRect(g.reviewBtn.Rect)
							if !g.reviewer.reviewing() {
								t.Fatal("Review did not start a review")
							}
						}
						h.step(1)
						checkGameLayout(t, h, g, size)
					})
				}
			}
		}
	}
}

// checkGameLayout checks the game screen as laid out now in a window of size.
func checkGameLayout(t *testing.T, h *harness, g *Game, size image.Point) {
	t.Helper()
	ctx := h.ctx()
	u := ctx.Unit()
	screen := image.Rect(0, 0, size.X, size.Y)
	short := float64(min(size.X, size.Y))

	// The board.
	g.layout(ctx)
	side := float64(min(g.board.Dx(), g.board.Dy()))
	view := g.view.Rect()
	if side < 0.6*short {
		t.Errorf("the board's square is %.0f px, %.0f%% of the shorter side %.0f", side, 100*side/short, short)
	}
	if long := float64(max(view.Dx(), view.Dy())); long < 0.6*short {
		t.Errorf("the board is drawn %v, its longer side %.0f%% of the shorter side", view, 100*long/short)
	}
	if !view.In(g.board) || g.board.Overlaps(g.sidePanel.rect) || !g.sidePanel.rect.In(screen) {
		t.Errorf("board %v (drawn %v) and panel %v overlap or leave the window", g.board, view, g.sidePanel.rect)
	}
	// The graph's room: under the board, beside the panel, in the window.
	if gr := g.graph; gr.Min.Y < view.Max.Y || !gr.In(screen) && gr.Dy() > 0 || gr.Overlaps(g.sidePanel.rect) || gr.Dx() < view.Dx() {
		t.Errorf("the graph's room %v is not under the board %v, in the window and clear of the panel %v", gr, view, g.sidePanel.rect)
	}

	// The buttons: in the window, apart, clear of what they must not cover.
	desc := g.Describe(ctx)
	rects := make([]image.Rectangle, len(desc.Targets))
	for i, tg := range desc.Targets {
		rects[i] = image.Rect(int(tg.X), int(tg.Y), int(tg.X+tg.W), int(tg.Y+tg.H))
		if !rects[i].In(screen) {
			t.Errorf("%s %q at %v leaves the window", tg.ID, tg.Label, rects[i])
		}
		for j := range i {
			if rects[i].Overlaps(rects[j]) {
				t.Errorf("%s %v overlaps %s %v", tg.ID, rects[i], desc.Targets[j].ID, rects[j])
			}
		}
	}
	for name, b := range g.blocks(ctx) {
		if !b.In(screen) {
			t.Errorf("the %s %v is not all on screen", name, b)
		}
		for i, r := range rects {
			if r.Overlaps(b) {
				t.Errorf("%s %v covers the %s %v", desc.Targets[i].ID, r, name, b)
			}
		}
	}

	// The words: each in its card or button.
	p := &g.sidePanel
	px, pw := p.column(ctx)
	panel := p.rect
	if px < float64(panel.Min.X) || px+pw > float64(panel.Max.X) || pw <= 0 {
		t.Fatalf("the panel's column %.0f+%.0f is outside the panel %v", px, pw, panel)
	}
	doc := rulesDoc(ctx, g.m.Spec().Game)
	if w, _ := render.MeasureText(p.titleText(ctx, doc.Name, pw), p.titleSize()*u, true); w > pw+1 {
		t.Errorf("the title %q is %.0f px in a column of %.0f", doc.Name, w, pw)
	}
	for pl := range g.m.Spec().Game.Sides {
		name := sideName(ctx, g.m.State(), rules.Player(pl))
		size, room := sizeBody, pw-36*u
		if p.inline {
			size, room = p.inlineSize, pw/2-(inlineNameX+4)*u
		}
		if w, _ := render.MeasureText(name, size*u, true); w > room {
			t.Errorf("the player's name %q is %.0f px in %.0f px of room", name, w, room)
		}
	}
	head, detail := g.Status(ctx)
	card := rectF(px, float64(panel.Min.Y)+p.statusY, pw, p.statusHeight(ctx, head, detail, pw))
	if !card.In(panel) {
		t.Errorf("the status card %v leaves the panel %v", card, panel)
	}
	if g.showsEval(ctx) {
		l := evalBarLabels(ctx, g.position(), 0.62, true)
		lay := layoutBarLabels(ctx, l, pw)
		for i := range 2 {
			end := 16*u + lay.shareW[i]
			if lay.names {
				end += lay.nameW[i] + 5*u
			}
			if lay.caption {
				end += lay.captionW/2 + 8*u
			}
			if end > pw/2+0.5 {
				t.Errorf("the balance bar's words %q %q %q do not fit %.0f px", l.names[i], l.shares[i], l.caption, pw)
			}
		}
	}
	buttons := append([]*ui.Button{&g.hintBtn, &g.reviewBtn, &g.backBtn, &p.moveNow, &p.endMove}, p.footer...)
	for _, b := range buttons {
		if b.Rect.Empty() {
			continue
		}
		if b.Rect.Overlaps(card) {
			t.Errorf("%q at %v covers the status card %v", b.Label, b.Rect, card)
		}
		size := b.LabelFit(u)
		w, _ := render.MeasureText(b.Label, size, true)
		if w > float64(b.Rect.Dx())-4*u || size < 11*u {
			t.Errorf("the label %q (%.0f px) overflows its button %v", b.Label, w, b.Rect)
		}
	}
	if t.Failed() {
		shoot(t, h, fmt.Sprintf("layout-failed-%dx%d-%s.png", size.X, size.Y, g.m.Spec().Game.ID))
	}
}

// TestBoardShareFigures logs the board's share of the shorter side at each size, for the
// record (go test -v): the figures quoted in the note.
func TestBoardShareFigures(t *testing.T) {
	for _, size := range layoutSizes {
		a, _ := bareApp(t, size.X, size.Y, &stubScene{}, nil)
		p := newSidePanel()
		b := p.place(a.Context())
		short := float64(min(size.X, size.Y))
		share := float64(min(b.Dx(), b.Dy())) / short
		t.Logf("%4d×%-4d board %3d px = %3.0f%% of %4.0f; panel %v; graph %dpx", size.X, size.Y, min(b.Dx(), b.Dy()), 100*share, short, p.rect.Size(), p.graph.Dy())
		if share < 0.6 || math.IsNaN(share) {
			t.Errorf("%v: the board keeps %.0f%% of the shorter side", size, 100*share)
		}
	}
}

// TestMenuHeaderFits lays the menu out at the smallest sizes in both languages: the
// buttons stay clear of the app's name, and the tagline, when shown, ends before them.
func TestMenuHeaderFits(t *testing.T) {
	for _, size := range []image.Point{{480, 360}, {560, 420}, {800, 600}} {
		for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
			t.Run(fmt.Sprintf("%dx%d/%s", size.X, size.Y, lang), func(t *testing.T) {
				store := prefs.NewMemStore()
				if err := prefs.SaveSettings(store, prefs.Defaults(lang)); err != nil {
					t.Fatal(err)
				}
				h := newHarness(t, NewMenu(), store)
				h.resize(size.X, size.Y)
				m, ok := h.app.Top().(*Menu)
				if !ok {
					t.Fatalf("the top scene is %T", h.app.Top())
				}
				ctx := h.ctx()
				u := ctx.Unit()
				m.layout(ctx)
				seal, tx, tagW := m.logo(ctx)
				titleW, _ := render.MeasureText(ctx.T("app.title"), sizeTitle*u, true)
				mg := m.margin(ctx)
				title := rectF(tx, mg, titleW, sizeTitle*u*render.LineHeight)
				sealR := rectF(mg, mg, seal, seal)
				for _, b := range []*ui.Button{&m.about, &m.settings, &m.quit} {
					if b.Rect.Empty() {
						continue
					}
					if b.Rect.Overlaps(title) || b.Rect.Overlaps(sealR) {
						t.Errorf("%q at %v covers the name %v or the seal %v", b.Label, b.Rect, title, sealR)
					}
					if !b.Rect.In(image.Rect(0, 0, size.X, size.Y)) {
						t.Errorf("%q at %v leaves the window", b.Label, b.Rect)
					}
				}
				if tagW > 0 {
					tag := render.Ellipsize(ctx.T("menu.tagline"), sizeBody*u, false, tagW)
					if w, _ := render.MeasureText(tag, sizeBody*u, false); tx+w > float64(m.about.Rect.Min.X) {
						t.Errorf("the tagline %q runs under About at %v", tag, m.about.Rect)
					}
				}
				shoot(t, h, fmt.Sprintf("menu-%dx%d-%s.png", size.X, size.Y, lang))
			})
		}
	}
}

// TestLayoutShots saves the game screen, playing and reviewing, at three sizes on a
// square, a hex and a point board in both languages, and the other screens at the
// smallest size, for a person to look at. It runs only with KOMA_SHOTS set.
func TestLayoutShots(t *testing.T) {
	if os.Getenv("KOMA_SHOTS") == "" {
		t.Skip("KOMA_SHOTS is not set")
	}
	for _, size := range []image.Point{{480, 360}, {480, 480}, {800, 600}, {1280, 800}, {400, 800}} {
		for _, game := range layoutBoards {
			for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
				t.Run(fmt.Sprintf("%dx%d/%s/%s", size.X, size.Y, game, lang), func(t *testing.T) {
					h := newHarness(t, NewMenu(), evalOn(t, lang))
					h.resize(size.X, size.Y)
					m := humanVsComputer(t, game, 0, 6, 4)
					h.ctx().GoTo(NewGame(m))
					h.step(3)
					g := h.game()
					awaitTicks(h, func() bool { _, ok := g.evals[g.m.Len()]; return ok && !g.bar.moving(h.ctx().Now()) })
					shoot(t, h, fmt.Sprintf("game-%dx%d-%s-%s.png", size.X, size.Y, game, lang))
					// A harness of its own: the fade from the last screen would show it.
					g = NewGame(playedMatch(t, game, 400, 3))
					h = newHarness(t, g, evalOn(t, lang))
					h.resize(size.X, size.Y)
					h.step(2)
					h.clickRect(g.reviewBtn.Rect)
					h.in.Press(app.KeyLeft)
					h.step(2)
					awaitTicks(h, func() bool { _, ok := g.evals[g.shownAt()]; return ok && !g.bar.moving(h.ctx().Now()) })
					shoot(t, h, fmt.Sprintf("review-%dx%d-%s-%s.png", size.X, size.Y, game, lang))
				})
			}
		}
	}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		for _, sc := range []struct {
			name  string
			scene func() app.Scene
		}{
			{"menu", func() app.Scene { return NewMenu() }},
			{"setup", func() app.Scene { return NewSetup(testCatalog()[0]) }},
			{"rules", func() app.Scene { return NewRules(defaultSpec(testCatalog()[0]), false) }},
			{"settings", func() app.Scene { return NewSettings() }},
			{"about", func() app.Scene { return NewAbout() }},
		} {
			t.Run(sc.name+"/"+string(lang), func(t *testing.T) {
				h := newHarness(t, NewMenu(), evalOn(t, lang))
				h.resize(480, 360)
				if sc.name == "menu" {
					h.step(2)
				} else {
					h.ctx().Push(sc.scene())
					h.step(3)
				}
				shoot(t, h, fmt.Sprintf("screen-480x360-%s-%s.png", sc.name, lang))
			})
		}
	}
}

// TestStatusCutEndsInOneEllipsis cuts the status card's explanation after a line that
// ends a sentence: the cut shows one ellipsis, not a full stop and an ellipsis.
func TestStatusCutEndsInOneEllipsis(t *testing.T) {
	a, _ := bareApp(t, 480, 360, &stubScene{}, nil)
	ctx := a.Context()
	u := ctx.Unit()
	for _, tt := range []struct{ first, rest, want string }{
		{"Step through.", "Then play a move from the position shown.", "Step through…"},
		{"Use the arrow keys.", "Play a move here to continue from this position.", "Use the arrow keys…"},
	} {
		w, _ := render.MeasureText(tt.first, sizeSmall*u, false)
		p := newSidePanel()
		p.maxDetail = 1
		lines := p.detailLines(tt.first+" "+tt.rest, ctx, w+32*u+24*u)
		if len(lines) != 1 || lines[0] != tt.want {
			t.Errorf("cut to one line: %q, want %q", lines, tt.want)
		}
	}
}
