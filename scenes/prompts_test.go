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

// TestGamePrompts opens positions in which a game asks something particular of the player
// (a flip owed, a swap offered, a second placement) and checks that the panel says it in
// both languages. With KOMA_SHOTS set it saves each screen, for a person to look at.
func TestGamePrompts(t *testing.T) {
	tests := []struct {
		spec   string
		moves  []string
		prompt string
	}{
		{"orochi", strings.Fields("W@d4 B@e3 B@f3 W@e4 B@e2 W@d5 B@f2 W@c5 B@a7 W@c4"), "flip"},
		{"sibling:pie=on", []string{"@e5"}, "first-or-swap"},
		{"stride", nil, "jump"},
		{"skirt", nil, "first-outer"},
		{"skirt", []string{"@a11"}, "outer-or-inner"},
		{"node", []string{"@a11", "@k1"}, "opening-second"},
		{"sibling:pie=on", []string{"@e5", "swap", "@c5"}, "second"},
	}
	for _, tc := range tests {
		for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
			t.Run(tc.spec+"-"+tc.prompt+"-"+string(lang), func(t *testing.T) {
				spec, err := catalog.All.ParseSpec(tc.spec)
				if err != nil {
					t.Fatal(err)
				}
				m, err := match.New(spec, []match.Seat{match.Human(), match.Human()}, 5)
				if err != nil {
					t.Fatal(err)
				}
				for _, text := range tc.moves {
					mv, err := rules.ParseMove(m.State(), text)
					if err != nil {
						t.Fatal(err)
					}
					if err := m.Play(mv); err != nil {
						t.Fatal(err)
					}
				}
				h := newHarness(t, NewGame(m), nil)
				h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
				h.step(2)
				g := h.game()
				want := gameText(h.ctx(), spec.Game, "prompt."+tc.prompt)
				if _, detail := g.Status(h.ctx()); want == "" || !strings.Contains(detail, want) {
					t.Errorf("the panel says %q, want the prompt %s (%q)", detail, tc.prompt, want)
				}
				shoot(t, h, tc.spec+"-"+tc.prompt+"-"+string(lang)+".png")
			})
		}
	}
}
