package scenes

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"koma/app/prefs"
	"koma/i18n"
	"koma/rules"
	"koma/rules/board"
	"koma/rules/catalog"
)

// TestEveryDiagramFitsTheRules resolves every diagram of every game's rules in every
// language: each position must be reached by legal moves, each shown move must be legal
// there, and each move called illegal must not be.
func TestEveryDiagramFitsTheRules(t *testing.T) {
	for _, lang := range i18n.Languages() {
		for _, g := range catalog.All {
			doc, err := i18n.Rules(lang, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			figures := 0
			for _, b := range doc.Blocks {
				if b.Kind != i18n.Diagram {
					continue
				}
				if _, err := resolveDiagram(catalog.All, b.Text, b.Figure); err != nil {
					t.Errorf("%s %s: %v", lang, g.ID, err)
				}
				if b.Figure != nil {
					figures++
				}
			}
			t.Logf("%s %s: %d figures", lang, g.ID, figures)
		}
	}
}

// TestBrokenDiagramsFail feeds the fixture's diagrams, one right and the others each broken
// in one way, to the same check.
func TestBrokenDiagramsFail(t *testing.T) {
	src, err := os.ReadFile("testdata/rules/diagrams.md")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := i18n.ParseRules(src)
	if err != nil {
		t.Fatal(err)
	}
	wants := map[string]string{
		"good":        "",
		"bad after":   "move 2 of after",
		"bad move":    "move:",
		"bad illegal": "is a legal move there",
		"bad mark":    "mark:",
		"bad spec":    "unknown game",
	}
	seen := 0
	for _, b := range doc.Blocks {
		if b.Kind != i18n.Diagram {
			continue
		}
		seen++
		want, ok := wants[b.Figure.Caption]
		if !ok {
			t.Fatalf("no expectation for %q", b.Figure.Caption)
		}
		d, err := resolveDiagram(catalog.All, b.Text, b.Figure)
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v", b.Figure.Caption, err)
		case want == "" && (!d.tryable || len(d.deco.Arrow) != 2 || len(d.deco.WrongArrow) != 2 || len(d.deco.Rings) != 1 || len(d.deco.Captures) != 1):
			t.Errorf("%s: decorations %+v", b.Figure.Caption, d.deco)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: error %v, want one containing %q", b.Figure.Caption, err, want)
		}
	}
	if seen != len(wants) {
		t.Errorf("%d diagrams in the fixture, want %d", seen, len(wants))
	}
}

// TestTryItPlaysTheShownMove opens a diagram's position from the rules, plays the shown
// move by clicks, checks that nothing was autosaved and undo stops at the diagram, and
// goes back to the rules.
func TestTryItPlaysTheShownMove(t *testing.T) {
	src, err := os.ReadFile("testdata/rules/diagrams.md")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := i18n.ParseRules(src)
	if err != nil {
		t.Fatal(err)
	}
	d, err := resolveDiagram(catalog.All, doc.Blocks[1].Text, doc.Blocks[1].Figure)
	if err != nil {
		t.Fatal(err)
	}
	rulesScene := NewRules(d.spec, false)
	h := newHarness(t, rulesScene, nil)
	g, err := NewPractice(d)
	if err != nil {
		t.Fatal(err)
	}
	h.ctx().Push(g)
	h.step(2)
	if h.game() != g {
		t.Fatal("the practice board is not shown")
	}
	if !rules.IsLegal(g.m.State(), d.move) || g.m.Len() != len(d.after) {
		t.Fatalf("the practice board is not at the diagram's position (%d decisions)", g.m.Len())
	}
	if g.undo.Disabled == false {
		t.Error("undo is offered before anything was played on the practice board")
	}
	shoot(t, h, "tryit-en.png")
	h.playByClicks(g, d.move)
	h.settle(g)
	if last, _ := g.m.LastMove(); last != d.move {
		t.Errorf("played %v, want the diagram's move", last)
	}
	if _, err := h.store.Read(prefs.AutosaveFile); err == nil {
		t.Error("the practice board overwrote the autosave")
	}
	h.clickRect(g.undo.Rect)
	if g.m.Len() != len(d.after) || g.m.CanUndo() {
		t.Errorf("undo went to %d decisions, want the diagram's %d", g.m.Len(), len(d.after))
	}
	h.clickRect(g.menu.Rect)
	if h.app.Top() != rulesScene {
		t.Errorf("the way back led to %T", h.app.Top())
	}
}

// TestRulesTryButtonOpensThePractice clicks a "Try it" button of a real rules text, when the
// game's text has one.
func TestRulesTryButtonOpensThePractice(t *testing.T) {
	for _, g := range catalog.All {
		spec := defaultSpec(g)
		r := NewRules(spec, false)
		h := newHarness(t, r, nil)
		buttons := r.TryButtons()
		if len(buttons) == 0 {
			continue
		}
		for i := 0; i < 400 && buttons[0].Rect.Empty(); i++ {
			h.in.Scroll(1)
			h.step(1)
		}
		h.clickRect(buttons[0].Rect)
		if _, ok := h.app.Top().(*Game); !ok {
			t.Errorf("%s: Try it opened %T", g.ID, h.app.Top())
		}
		return
	}
	t.Skip("no rules text has a diagram with a move yet")
}

// TestRulesDrawTheirDiagrams scrolls through every game's rules in both languages and checks
// that each figure is drawn: the board's area is not blank, and its caption is laid out.
// With KOMA_SHOTS set it saves the screen at every figure.
func TestRulesDrawTheirDiagrams(t *testing.T) {
	for _, lang := range i18n.Languages() {
		for _, g := range catalog.All {
			// A subtest per page, so that each page's harness is released before the next.
			t.Run(string(lang)+"/"+g.ID, func(t *testing.T) {
				r := NewRules(defaultSpec(g), false)
				h := newHarness(t, r, nil)
				h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
				h.step(1)
				for i := range r.items {
					it := r.items[i]
					if it.kind != itemBoard || it.diag == nil || it.diag.caption == "" {
						continue
					}
					r.scroll = it.y - 8
					r.clamp()
					h.draw()
					img := readRGBA(h.screen)
					u := h.ctx().Unit()
					x0 := float64(r.view.Min.X) + (float64(r.view.Dx())-16*u-r.width)/2
					top := float64(r.view.Min.Y) - r.scroll + it.y
					area := rectF(x0, top, r.width, it.h).Intersect(r.view)
					bg := img.RGBAAt(area.Min.X+1, area.Min.Y+1)
					varied := 0
					for y := area.Min.Y; y < area.Max.Y; y += 4 {
						for x := area.Min.X; x < area.Max.X; x += 4 {
							if img.RGBAAt(x, y) != bg {
								varied++
							}
						}
					}
					if varied < 50 {
						t.Errorf("%s %s: the figure %q looks blank", lang, g.ID, it.diag.caption)
					}
					if i+1 >= len(r.items) || r.items[i+1].kind != itemFigureCaption {
						t.Errorf("%s %s: the figure %q has no caption under it", lang, g.ID, it.diag.caption)
					}
					shoot(t, h, fmt.Sprintf("rules-%s-%s-%02d.png", g.ID, lang, i))
				}
			})
		}
	}
}

// TestMoveDiagramsCrossOutTheirCaptures walks every figure of every game in every language
// and plays its move: every enemy piece the move takes off the board must be crossed out on
// the figure. The pieces taken are found here by comparing the board before and after, so
// a game's own capture preview is checked against the board as well; a captured tafl king,
// which stays on the board when the game ends, is the preview's to add.
func TestMoveDiagramsCrossOutTheirCaptures(t *testing.T) {
	capturing := map[string]int{}
	for _, lang := range i18n.Languages() {
		for _, g := range catalog.All {
			doc, err := i18n.Rules(lang, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range doc.Blocks {
				if b.Kind != i18n.Diagram || b.Figure == nil || b.Figure.Move == "" {
					continue
				}
				d, err := resolveDiagram(catalog.All, b.Text, b.Figure)
				if err != nil {
					t.Fatal(err)
				}
				after := d.state.Clone()
				after.Apply(d.move)
				enemy := d.state.ToMove().Other()
				var buf []rules.Piece
				for s := range board.Site(d.state.Board().Len()) {
					before := countOwned(d.state.Pieces(s, buf[:0]), enemy)
					if countOwned(after.Pieces(s, buf[:0]), enemy) >= before {
						continue
					}
					capturing[string(lang)+" "+g.ID]++
					if !slices.Contains(d.deco.Captures, s) {
						t.Errorf("%s %s, figure %q: %s takes the piece on %s, which is not crossed out",
							lang, g.ID, b.Figure.Move, b.Figure.Move, d.state.Board().Label(s))
					}
				}
			}
		}
	}
	// The games whose figures were once drawn without their captures must have some.
	for _, id := range []string{"squish", "flowish", "unlace", "fanorona", "tablut"} {
		for _, lang := range i18n.Languages() {
			if capturing[string(lang)+" "+id] == 0 {
				t.Errorf("%s %s: no figure shows a capture", lang, id)
			}
		}
	}
}
