package scenes

import (
	"testing"

	"koma/app"
	"koma/app/prefs"
	"koma/i18n"
	"koma/rules/ai"
)

// TestPlayAndReviewInBothLanguages walks through the screens of playing and reviewing in
// English and Japanese: reviewing the middle of a game, the balance bar across a game
// against the Beginner, the end of a game in a 560×420 window, and the help card. With
// KOMA_SHOTS set it saves each screen for a person to look at.
func TestPlayAndReviewInBothLanguages(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		t.Run(string(lang), func(t *testing.T) {
			store := prefs.NewMemStore()
			set := prefs.Defaults(lang)
			set.EvalBar = true
			if err := prefs.SaveSettings(store, set); err != nil {
				t.Fatal(err)
			}

			// Review in the middle of a game.
			h := newHarness(t, NewGame(playedMatch(t, "konane", 20, 7)), store)
			g := h.game()
			h.in.Press(app.KeyLeft)
			h.step(2)
			h.in.Press(app.KeyLeft)
			h.step(2)
			turns := g.m.Turns()
			if head, _ := g.Status(h.ctx()); head != h.ctx().T("review.title", len(turns)-2, len(turns)) {
				t.Errorf("reviewing reads %q", head)
			}
			shoot(t, h, "review-middle-"+string(lang)+".png")

			// The balance bar across a game against the Beginner: after each of the
			// person's moves and each reply, the position on the board has a judgement.
			sp, err := testCatalog().ParseSpec("konane:size=8")
			if err != nil {
				t.Fatal(err)
			}
			h = newHarness(t, NewGame(newMatch(t, sp, ai.Beginner)), store)
			g = h.game()
			for i := 0; i < 4; i++ {
				if _, over := g.m.Outcome(); over {
					break
				}
				awaitTicks(h, func() bool { _, ok := g.evals[g.m.Len()]; return ok })
				h.draw()
				shoot(t, h, "evalbar-"+string(lang)+"-"+string(rune('1'+i))+".png")
				h.playByClicks(g, firstMove(g.m.State().LegalMoves(nil)))
				h.settle(g)
			}
			judged := 0
			for n := 0; n <= g.m.Len(); n++ {
				if _, ok := g.evals[n]; ok {
					judged++
				}
			}
			if judged < 4 {
				t.Errorf("only %d positions of the game were judged", judged)
			}

			// The end of a game in a small window: the result is on show.
			m := playedMatch(t, "konane:size=6", 200, 4)
			h = newHarness(t, NewGame(m), store)
			h.resize(560, 420)
			g = h.game()
			o, _ := m.Outcome()
			if head, _ := g.Status(h.ctx()); head != h.ctx().T("result.wins", sideName(h.ctx(), m.State(), o.Winner)) {
				t.Errorf("the finished game reads %q", head)
			}
			if b := g.blocks(h.ctx())["status card"]; b.Max.Y > 420 || b.Empty() {
				t.Errorf("the result card %v is not on the 560×420 screen", b)
			}
			shoot(t, h, "end-560x420-"+string(lang)+".png")

			// The help card, by its key.
			h.in.Press(app.KeyHelp)
			h.step(2)
			if _, ok := h.app.Top().(*helpCard); !ok {
				t.Fatalf("the help key opened %T", h.app.Top())
			}
			shoot(t, h, "help-"+string(lang)+".png")
			h.in.Press(app.KeyBack)
			h.step(2)
			if h.app.Top() != g {
				t.Errorf("Escape left %T on top", h.app.Top())
			}
		})
	}
}
