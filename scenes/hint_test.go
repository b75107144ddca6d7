package scenes

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/app/prefs"
	"koma/app/think"
	"koma/i18n"
	"koma/rules"
	"koma/rules/ai"
)

// awaitTicks steps the app until done holds, sleeping a little between ticks so that the
// goroutine runner gets real time, and fails after many ticks.
func awaitTicks(h *harness, done func() bool) {
	h.t.Helper()
	for i := 0; i < 5000; i++ {
		if done() {
			return
		}
		h.step(1)
		time.Sleep(200 * time.Microsecond)
	}
	h.t.Fatal("gave up waiting")
}

// TestHintShowsALegalMove presses Hint in every game and checks the hinted line: legal
// move after legal move from the current position, shown in the status, kept after a
// click beside the board, and put away by the button.
func TestHintShowsALegalMove(t *testing.T) {
	for _, spec := range specs(t) {
		t.Run(spec.String(), func(t *testing.T) {
			h := newHarness(t, NewGame(newMatch(t, spec, ai.Normal)), nil)
			g := h.game()
			h.draw()
			h.clickRect(g.hintBtn.Rect)
			if head, _ := g.Status(h.ctx()); head != h.ctx().T("game.thinking") && g.HintLine() == nil {
				t.Errorf("status %q while the hint is searched", head)
			}
			awaitTicks(h, func() bool { return g.HintLine() != nil })
			line := g.HintLine()
			st := g.m.State().Clone()
			for i, mv := range line {
				if err := rules.Play(st, mv); err != nil {
					t.Fatalf("move %d of the hint: %v", i+1, err)
				}
			}
			if len(line) > hintLen {
				t.Errorf("hint of %d moves, at most %d wanted", len(line), hintLen)
			}
			if _, detail := g.Status(h.ctx()); detail == "" {
				t.Error("the hint is not written in the panel")
			}
			if g.m.Len() != 0 {
				t.Error("asking for a hint played a move")
			}
			h.draw()
			if dir := os.Getenv("KOMA_SHOTS"); dir != "" {
				saveShot(t, h, filepath.Join(dir, "hint-"+spec.Game.ID+".png"))
			}
			h.click(1, 1)
			if g.HintLine() == nil {
				t.Error("a click beside the board put the hint away")
			}
			h.step(1)
			h.clickRect(g.hintBtn.Rect)
			if g.HintLine() != nil {
				t.Error("the hint stayed after Hide hint")
			}
		})
	}
}

// TestMoveNowPlaysPromptly gives the computer an hour, presses Move now and expects its
// move within a few hundred ticks.
func TestMoveNowPlaysPromptly(t *testing.T) {
	for _, spec := range specs(t)[:min(3, len(specs(t)))] {
		t.Run(spec.String(), func(t *testing.T) {
			st, err := spec.New()
			if err != nil {
				t.Fatal(err)
			}
			seats := make([]match.Seat, len(spec.Game.Sides))
			for p := range seats {
				seats[p] = match.Human()
			}
			seats[st.ToMove()] = match.Computer(ai.Normal)
			m, err := match.New(spec, seats, 5)
			if err != nil {
				t.Fatal(err)
			}
			in := &app.FakeInput{}
			a := app.New(app.Config{Catalog: testCatalog(), Store: prefs.NewMemStore(), DefaultLang: i18n.English,
				Input: in, Runner: think.NewGoroutine(), Seed: 3, ThinkTime: time.Hour, Scale: 1}, NewGame(m))
			a.Layout(screenW, screenH)
			h := &harness{t: t, app: a, in: in, screen: ebiten.NewImage(screenW, screenH)}
			t.Cleanup(func() {
				a.Context().Runner().Cancel()
				h.screen.Deallocate()
			})
			h.step(3)
			g := h.game()
			if g.moveNow.Rect.Empty() {
				t.Fatal("no Move now button while the computer thinks")
			}
			if dir := os.Getenv("KOMA_SHOTS"); dir != "" {
				h.draw()
				saveShot(t, h, filepath.Join(dir, "movenow-"+spec.Game.ID+".png"))
			}
			h.clickRect(g.moveNow.Rect)
			awaitTicks(h, func() bool { return m.Len() > 0 })
			if !rules.IsLegal(m.Before(0), m.Move(0)) {
				t.Errorf("the computer played an illegal move %v", m.Move(0))
			}
		})
	}
}

// saveShot writes the screen as drawn last to path, for a person to look at.
func saveShot(t *testing.T, h *harness, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, readRGBA(h.screen)); err != nil {
		t.Fatalf("scenes: shot %s: %v", path, err)
	}
}

// TestEvalBarToggle switches the bar on and off in the settings scene and reads the
// setting back from a fresh app on the same store.
func TestEvalBarToggle(t *testing.T) {
	for _, tc := range []struct {
		button int
		want   bool
	}{{0, true}, {1, false}} {
		store := prefs.NewMemStore()
		h := newHarness(t, &Menu{first: NewSettings()}, store)
		h.step(2)
		s, ok := h.app.Top().(*Settings)
		if !ok {
			t.Fatalf("the top scene is %T", h.app.Top())
		}
		row := s.rows[len(s.rows)-1]
		if row.label != h.ctx().T("settings.eval-bar") {
			t.Fatalf("last row is %q", row.label)
		}
		h.clickRect(row.buttons[tc.button].Rect)
		if got := newHarness(t, NewMenu(), store).ctx().Settings().EvalBar; got != tc.want {
			t.Errorf("button %d: EvalBar = %v after reloading, want %v", tc.button, got, tc.want)
		}
	}
}

// TestEvalBarFollowsTheGame turns the bar on and checks in every game that the position
// before the person's move is judged in the background without asking for anything, that
// a hint's search judges it too (or, where the game names the move and nothing is
// searched, as at Alquad's setup, keeps the earlier judgement), and that the bar holds a
// share from 0 to 1; with
// KOMA_SHOTS set it also saves the screen with the bar for a person to look at.
func TestEvalBarFollowsTheGame(t *testing.T) {
	for _, spec := range specs(t) {
		t.Run(spec.String(), func(t *testing.T) {
			store := prefs.NewMemStore()
			s := prefs.Defaults(i18n.English)
			s.EvalBar = true
			if err := prefs.SaveSettings(store, s); err != nil {
				t.Fatal(err)
			}
			h := newHarness(t, NewGame(newMatch(t, spec, ai.Normal)), store)
			g := h.game()
			awaitTicks(h, func() bool { _, ok := g.evals[g.m.Len()]; return ok })
			if v := g.evalShare(g.m.Len()); v < 0 || v > 1 {
				t.Fatalf("the background judgement is %v", v)
			}
			delete(g.evals, g.m.Len())
			h.draw()
			h.clickRect(g.hintBtn.Rect)
			awaitTicks(h, func() bool { return g.HintLine() != nil })
			if v, ok := g.evals[g.m.Len()]; !ok || v < 0 || v > 1 {
				t.Fatalf("after the hint's search the bar holds ok=%v share=%v", ok, v)
			}
			h.draw()
			if dir := os.Getenv("KOMA_SHOTS"); dir != "" {
				saveShot(t, h, filepath.Join(dir, "evalbar-"+spec.Game.ID+".png"))
			}
		})
	}
}

// TestHintTellsThePerfectResult asks for a hint in Fox and Hounds, which the AI has solved:
// the panel says who wins with best play, in how many moves, and how the game ends.
func TestHintTellsThePerfectResult(t *testing.T) {
	spec, err := testCatalog().ParseSpec("foxhounds")
	if err != nil {
		t.Skip("Fox and Hounds is not in the catalog")
	}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		h := newHarness(t, NewGame(newMatch(t, spec, ai.Normal)), nil)
		h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
		g := h.game()
		// The harness thinks for milliseconds only; the app gives the table time to build.
		for !g.m.State().(rules.Oracle).PrepareOracle() {
		}
		h.step(1)
		h.clickRect(g.hintBtn.Rect)
		awaitTicks(h, func() bool { return g.HintLine() != nil })
		v := ai.Solve(g.m.State())
		if !v.Known {
			t.Fatal("the table was not ready after the hint")
		}
		me := g.m.State().ToMove()
		if v.Winner == me {
			t.Fatalf("the %s wins from the start: the tablebase disagrees with the rules", rules.SideName(g.m.State(), me))
		}
		_, detail := g.Status(h.ctx())
		want := i18n.T(lang, "hint.loses-in", v.OwnTurns(v.Winner, me))
		if !strings.Contains(detail, want) || !strings.Contains(detail, g.nameInReason(h.ctx(), reasonText(h.ctx(), rulesDoc(h.ctx(), spec.Game), v.Reason), v.Winner, v.Winner.Other())) {
			t.Errorf("%s: the hint says %q, want it to contain %q and how the game ends", lang, detail, want)
		}
		shoot(t, h, "hint-foxhounds-"+string(lang)+".png")
	}
}
