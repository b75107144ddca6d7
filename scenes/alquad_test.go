package scenes

import (
	"strings"
	"testing"

	"koma/app/match"
	"koma/app/prefs"
	"koma/i18n"
	"koma/rules"
	"koma/rules/catalog"
)

// TestAlquadSetupAndCheckByClicks plays Alquad's opening by clicks, with the prompt of each
// step: the white piece, the black piece, the colour choice by its labelled buttons; then a
// check, whose prompt the checked player reads while the square is outlined on the board.
func TestAlquadSetupAndCheckByClicks(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		t.Run(string(lang), func(t *testing.T) {
			spec, err := catalog.All.ParseSpec("alquad")
			if err != nil {
				t.Fatal(err)
			}
			m, err := match.New(spec, []match.Seat{match.Human(), match.Human()}, 5)
			if err != nil {
				t.Fatal(err)
			}
			h := newHarness(t, NewGame(m), nil)
			h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
			h.step(1)
			g := h.game()
			tr := func(key string) string { return gameText(h.ctx(), spec.Game, key) }
			wantPrompt := func(key string) {
				t.Helper()
				if _, detail := g.Status(h.ctx()); !strings.Contains(detail, tr("prompt."+key)) {
					t.Errorf("the panel says %q, want the prompt %s", detail, key)
				}
			}
			at := func(label string) {
				t.Helper()
				s, err := m.State().Board().Parse(label)
				if err != nil {
					t.Fatal(err)
				}
				h.clickSite(g, s)
				h.settle(g)
			}
			wantPrompt("place-white")
			at("b2")
			wantPrompt("place-black")
			at("e4")
			wantPrompt("choose-colour")
			h.clickRect(g.specials[special(t, h, g, tr("choice.black"))].Rect)
			h.settle(g)
			if rules.ColourOf(m.State(), 1) != rules.Black || m.ToMove() != 0 {
				t.Fatalf("after choosing Black: Player 1 plays %v, %d to move", rules.ColourOf(m.State(), 1), m.ToMove())
			}
			for _, l := range []string{"a3", "c2", "c3", "e2", "b4"} {
				at(l)
			}
			wantPrompt("reprieve")
			marks := m.State().(rules.Marker).Marks(nil)
			if len(marks) != 4 || marks[0].Kind != rules.Outline {
				t.Errorf("the check's square is marked by %v", marks)
			}
			shoot(t, h, "alquad-check-"+string(lang)+".png")
			at("c4")
			if o, over := m.State().Outcome(); !over || o.Winner != 1 || o.Reason != "bigger-square" {
				t.Errorf("after the reply: %+v, over %v", o, over)
			}
			shoot(t, h, "alquad-end-"+string(lang)+".png")
		})
	}
}
