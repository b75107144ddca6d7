package scenes

import (
	"fmt"
	"image"
	"testing"

	"koma/app"
	"koma/app/match"
	"koma/rules/catalog"
)

// fitSizes are the window sizes every scene must work at: the desktop minimum, small
// windows, a square one (the panel then a strip beside the board), a phone held upright,
// a tall window, a common laptop screen and a wide one.
var fitSizes = []image.Point{{480, 360}, {560, 420}, {640, 480}, {480, 480}, {360, 740}, {400, 800}, {1280, 800}, {1600, 600}}

// fitScene is one screen to check, built fresh for each size.
type fitScene struct {
	name  string
	build func(t *testing.T, h *harness)
}

func fitScenes() []fitScene {
	game := func(spec string, plies int, seed uint64) func(t *testing.T, h *harness) {
		return func(t *testing.T, h *harness) {
			h.app.Context().GoTo(NewGame(playedMatch(t, spec, plies, seed)))
			h.step(2)
		}
	}
	vsComputer := func(t *testing.T, h *harness) {
		sp, err := testCatalog().ParseSpec("konane")
		if err != nil {
			t.Fatal(err)
		}
		h.app.Context().GoTo(NewGame(newMatch(t, sp, 0)))
		h.step(2)
	}
	return []fitScene{
		{"menu", func(t *testing.T, h *harness) { h.app.Context().GoTo(NewMenu()); h.step(2) }},
		{"setup", func(t *testing.T, h *harness) { h.app.Context().GoTo(NewSetup(catalog.All[0])); h.step(2) }},
		{"game in progress", vsComputer},
		{"long game", game("konane", 60, 3)},
		{"finished game", game("konane:size=6", 200, 4)},
		{"choices and a prompt", game("toy:turns=rich", 3, 1)},
		{"review", func(t *testing.T, h *harness) {
			game("konane", 20, 5)(t, h)
			h.in.Press(app.KeyLeft)
			h.step(2)
		}},
		{"more", func(t *testing.T, h *harness) {
			vsComputer(t, h)
			g := h.game()
			if g.more.Rect.Empty() {
				t.Skip("every button fits: no More list at this size")
			}
			h.clickRect(g.more.Rect)
		}},
		{"resign question", func(t *testing.T, h *harness) {
			vsComputer(t, h)
			g := h.game()
			if !g.resign.Rect.Empty() {
				h.clickRect(g.resign.Rect)
			} else {
				h.app.Context().Push(newResign(g, g.m.ToMove()))
				h.step(2)
			}
		}},
		{"settings", func(t *testing.T, h *harness) { vsComputer(t, h); h.app.Context().Push(NewSettings()); h.step(2) }},
	}
}

// TestEveryScreenFitsSmallWindows lays every screen out at each size and checks that every
// button lies inside the window and overlaps no other; on the game screen also that no
// button covers the board, the players or the status card, and that the status card (the
// result, when the game is over) is on screen.
func TestEveryScreenFitsSmallWindows(t *testing.T) {
	for _, size := range fitSizes {
		for _, sc := range fitScenes() {
			t.Run(fmt.Sprintf("%dx%d/%s", size.X, size.Y, sc.name), func(t *testing.T) {
				h := newHarness(t, NewMenu(), nil)
				h.app.Layout(size.X, size.Y)
				h.step(1)
				sc.build(t, h)
				h.step(1)
				d, ok := h.app.Top().(app.Describer)
				if !ok {
					t.Fatalf("%T does not describe itself", h.app.Top())
				}
				desc := d.Describe(h.ctx())
				screen := image.Rect(0, 0, size.X, size.Y)
				rects := make([]image.Rectangle, len(desc.Targets))
				for i, tg := range desc.Targets {
					rects[i] = image.Rect(int(tg.X), int(tg.Y), int(tg.X+tg.W), int(tg.Y+tg.H))
					if !rects[i].In(screen) && desc.Scene != "rules" && desc.Scene != "menu" {
						t.Errorf("%s %q at %v is outside the %v window", tg.ID, tg.Label, rects[i], size)
					}
				}
				for i := range rects {
					for j := i + 1; j < len(rects); j++ {
						if rects[i].Overlaps(rects[j]) {
							t.Errorf("%s %v overlaps %s %v", desc.Targets[i].ID, rects[i], desc.Targets[j].ID, rects[j])
						}
					}
				}
				if g, ok := h.app.Top().(*Game); ok {
					blocks := g.blocks(h.ctx())
					for name, b := range blocks {
						if !b.In(screen) {
							t.Errorf("the %s %v is not all on screen", name, b)
						}
						for i, r := range rects {
							if r.Overlaps(b) {
								t.Errorf("%s %v covers the %s %v", desc.Targets[i].ID, r, name, b)
							}
						}
					}
				}
				shoot(t, h, fmt.Sprintf("fit-%dx%d-%s.png", size.X, size.Y, sc.name))
			})
		}
	}
}

// TestMoreListRunsTheButtonsAction opens the More list in a small window and uses it to
// open the rules, as the panel's own button would.
func TestMoreListRunsTheButtonsAction(t *testing.T) {
	h := newHarness(t, NewMenu(), nil)
	h.app.Layout(480, 360)
	m, err := match.New(playedMatch(t, "konane", 0, 1).Spec(), []match.Seat{match.Human(), match.Human()}, 1)
	if err != nil {
		t.Fatal(err)
	}
	h.app.Context().GoTo(NewGame(m))
	h.step(2)
	g := h.game()
	if g.more.Rect.Empty() || !g.rules.Rect.Empty() {
		t.Fatal("at 480×360 the rules button should be in the More list")
	}
	h.clickRect(g.more.Rect)
	mm, ok := h.app.Top().(*moreMenu)
	if !ok {
		t.Fatalf("More opened %T", h.app.Top())
	}
	for i, a := range mm.acts {
		if a.id == "rules" {
			h.clickRect(mm.buttons[i].Rect)
		}
	}
	if _, ok := h.app.Top().(*Rules); !ok {
		t.Fatalf("choosing Rules in the list opened %T", h.app.Top())
	}
	h.in.Press(app.KeyBack)
	h.step(2)
	if h.app.Top() != g {
		t.Errorf("closing the rules led to %T, not back to the game", h.app.Top())
	}
}
