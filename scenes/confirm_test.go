package scenes

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"koma/app"
	"koma/app/match"
	"koma/app/prefs"
	"koma/rules"
)

// twoPeople starts a match of spec between two people at one machine, so that no search
// runs, after the first n legal moves.
func twoPeople(t *testing.T, spec rules.Spec, n int) *match.Match {
	t.Helper()
	m, err := match.New(spec, []match.Seat{match.Human(), match.Human()}, 11)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		legal := m.State().LegalMoves(nil)
		if len(legal) == 0 {
			break
		}
		if err := m.Play(legal[0]); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// autosaved returns the game in the store's autosave, or nil.
func autosaved(t *testing.T, store prefs.Store) *match.Match {
	t.Helper()
	m, _, err := prefs.LoadAutosave(store, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func sameGame(a, b *match.Match) bool {
	return a != nil && b != nil && a.Spec().String() == b.Spec().String() && a.Len() == b.Len() &&
		slices.Equal(a.State().AppendKey(nil), b.State().AppendKey(nil))
}

// replaceQuestion returns the question on top, or fails.
func (h *harness) replaceQuestion() *ReplaceGame {
	h.t.Helper()
	q, ok := h.app.Top().(*ReplaceGame)
	if !ok {
		h.t.Fatalf("the top scene is %T, not the question before replacing a game", h.app.Top())
	}
	return q
}

// answer answers the question the way a person would: "replace" or "keep" by clicking the
// buttons, "escape" with the key, "beside" by clicking next to the panel.
func (h *harness) answer(q *ReplaceGame, how string) {
	h.t.Helper()
	switch how {
	case "replace":
		h.clickRect(q.yesButton.Rect)
	case "keep":
		h.clickRect(q.noButton.Rect)
	case "escape":
		h.in.Press(app.KeyBack)
		h.step(2)
	case "beside":
		h.click(4, 4)
	default:
		h.t.Fatalf("no answer %q", how)
	}
}

// TestRematchAsksBeforeReplacingAnUnfinishedGame clicks Rematch during a game and answers
// the question each way: only "Start new game" replaces the game and its autosave.
func TestRematchAsksBeforeReplacingAnUnfinishedGame(t *testing.T) {
	spec, err := testCatalog().ParseSpec("konane:size=6")
	if err != nil {
		t.Skip("konane is not in the catalog")
	}
	cases := []struct {
		answer   string
		replaced bool
	}{
		{"keep", false},
		{"escape", false},
		{"beside", false},
		{"replace", true},
	}
	for _, c := range cases {
		t.Run(c.answer, func(t *testing.T) {
			store := prefs.NewMemStore()
			m := twoPeople(t, spec, 3)
			h := newHarness(t, NewGame(m), store)
			g := h.game()
			h.clickTarget("rematch")
			q := h.replaceQuestion()
			if !sameGame(autosaved(t, store), m) {
				t.Fatal("asking replaced the autosave already")
			}
			h.draw()
			if dir := os.Getenv("KOMA_SHOTS"); dir != "" && c.answer == "keep" {
				saveShot(t, h, filepath.Join(dir, "replace-rematch.png"))
			}
			h.answer(q, c.answer)
			now := h.game()
			if c.replaced {
				if now == g || now.Match() != q.Next() || now.Match().Len() != 0 {
					t.Fatalf("after %q the game shown is %v after %d decisions, want the new one", c.answer, now.Match().Spec(), now.Match().Len())
				}
				if !sameGame(autosaved(t, store), q.Next()) {
					t.Error("the autosave is not the new game")
				}
				return
			}
			if now != g || now.Match() != m || m.Len() != 3 {
				t.Fatalf("after %q the unfinished game was not kept", c.answer)
			}
			if !sameGame(autosaved(t, store), m) {
				t.Error("the autosave no longer holds the unfinished game")
			}
			// The game still takes moves.
			if err := h.app.Update(); err != nil {
				t.Fatal(err)
			}
			h.playByClicks(now, now.Match().State().LegalMoves(nil)[0])
		})
	}
}

// TestRematchWithNothingToLoseDoesNotAsk checks that a finished game, or one not begun, is
// replaced at once.
func TestRematchWithNothingToLoseDoesNotAsk(t *testing.T) {
	spec, err := testCatalog().ParseSpec("konane:size=6")
	if err != nil {
		t.Skip("konane is not in the catalog")
	}
	cases := []struct {
		name  string
		moves int
	}{
		{"not begun", 0},
		{"over", 1000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := twoPeople(t, spec, c.moves)
			if _, over := m.Outcome(); over != (c.moves > 0) {
				t.Fatalf("the game is over: %v", over)
			}
			h := newHarness(t, NewGame(m), nil)
			h.clickTarget("rematch")
			if now := h.game(); now.Match() == m || now.Match().Len() != 0 {
				t.Error("Rematch did not start a new game at once")
			}
		})
	}
}

// TestGameFromTheCommandLineKeepsTheUnfinishedOne starts the app as
// "koma -scene game -game ..." would, with an unfinished game in the autosave: the app asks
// before replacing it, over the menu, and keeping it leaves it behind Continue.
func TestGameFromTheCommandLineKeepsTheUnfinishedOne(t *testing.T) {
	old, err := testCatalog().ParseSpec("konane:size=6")
	if err != nil {
		t.Skip("konane is not in the catalog")
	}
	asked, err := testCatalog().ParseSpec("toy:start=sparse")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		saved    int // decisions in the autosaved game; -1 for no autosave
		answer   string
		replaced bool
	}{
		{"no autosave", -1, "", true},
		{"autosave not begun", 0, "", true},
		{"keep", 4, "keep", false},
		{"escape", 4, "escape", false},
		{"replace", 4, "replace", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			store := prefs.NewMemStore()
			var unfinished *match.Match
			if c.saved >= 0 {
				unfinished = twoPeople(t, old, c.saved)
				if err := prefs.SaveAutosave(store, unfinished); err != nil {
					t.Fatal(err)
				}
			}
			first, err := Start(StartOptions{Screen: "game", Spec: asked, Play: 2, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			h := newHarness(t, first, store)
			if c.answer != "" {
				q := h.replaceQuestion()
				if q.Next().Spec().String() != asked.String() {
					t.Errorf("the question offers %s", q.Next().Spec())
				}
				if !sameGame(autosaved(t, store), unfinished) {
					t.Fatal("the unfinished game was replaced before the answer")
				}
				h.draw()
				if dir := os.Getenv("KOMA_SHOTS"); dir != "" && c.answer == "keep" {
					saveShot(t, h, filepath.Join(dir, "replace-start.png"))
				}
				h.answer(q, c.answer)
			}
			if c.replaced {
				g := h.game()
				if g.Match().Spec().String() != asked.String() || g.Match().Len() != 2 {
					t.Fatalf("showing %s after %d decisions, want %s after 2", g.Match().Spec(), g.Match().Len(), asked)
				}
				if !sameGame(autosaved(t, store), g.Match()) {
					t.Error("the autosave is not the game asked for")
				}
				return
			}
			menu, ok := h.app.Top().(*Menu)
			if !ok {
				t.Fatalf("after %q the top scene is %T, want the menu", c.answer, h.app.Top())
			}
			if !sameGame(menu.Saved(), unfinished) || !sameGame(autosaved(t, store), unfinished) {
				t.Fatal("the unfinished game is not offered and kept")
			}
			h.clickRect(menu.resume.Rect)
			if g := h.game(); !sameGame(g.Match(), unfinished) {
				t.Errorf("Continue opened %s after %d decisions", g.Match().Spec(), g.Match().Len())
			}
		})
	}
}

// TestNewGameFromTheMenuAsksFirst goes from the menu, past Continue, to a game's setup and
// clicks Start while a game is unfinished: keeping it returns to the setup, with the
// autosave intact; agreeing starts the new game.
func TestNewGameFromTheMenuAsksFirst(t *testing.T) {
	old, err := testCatalog().ParseSpec("konane:size=6")
	if err != nil {
		t.Skip("konane is not in the catalog")
	}
	store := prefs.NewMemStore()
	unfinished := twoPeople(t, old, 3)
	if err := prefs.SaveAutosave(store, unfinished); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, NewMenu(), store)
	// The toy's card is the last; clickTarget scrolls to it when the menu is too long.
	h.clickTarget("game:toy")
	setup, ok := h.app.Top().(*Setup)
	if !ok {
		t.Fatalf("the card opened %T", h.app.Top())
	}
	for _, answer := range []string{"keep", "replace"} {
		h.clickRect(setup.start.Rect)
		q := h.replaceQuestion()
		if !sameGame(autosaved(t, store), unfinished) {
			t.Fatal("the unfinished game was replaced before the answer")
		}
		h.answer(q, answer)
		if answer == "keep" {
			if h.app.Top() != setup {
				t.Fatalf("keeping the game left %T on top, want the setup", h.app.Top())
			}
			continue
		}
		g := h.game()
		if g.Match() != q.Next() || g.Match().Spec().Game.ID != "toy" || !sameGame(autosaved(t, store), g.Match()) {
			t.Errorf("replacing started %s, autosaved as %v", g.Match().Spec(), autosaved(t, store))
		}
	}
}
