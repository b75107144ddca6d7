package scenes

import (
	"strings"
	"testing"

	"koma/app"
	"koma/app/match"
	"koma/app/prefs"
	"koma/i18n"
	"koma/rules"
	"koma/rules/ai"
	"koma/rules/board"
)

// toyAgainstComputer starts the toy game with the person moving first against the Beginner.
func toyAgainstComputer(t *testing.T) (*harness, *Game) {
	t.Helper()
	spec, err := testCatalog().ParseSpec("toy")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, NewGame(newMatch(t, spec, ai.Beginner)), nil)
	return h, h.game()
}

func TestRedoByButtonAndKey(t *testing.T) {
	h, g := toyAgainstComputer(t)
	h.playByClicks(g, firstMove(g.m.State().LegalMoves(nil)))
	h.settle(g)
	h.step(1)
	played := g.m.Len()
	if !g.redo.Disabled {
		t.Error("Redo is offered before any undo")
	}
	h.clickRect(g.undo.Rect)
	if g.m.Len() != 0 || g.redo.Disabled {
		t.Fatalf("after undo: %d decisions, redo disabled %v", g.m.Len(), g.redo.Disabled)
	}
	h.clickRect(g.redo.Rect)
	if g.m.Len() != played {
		t.Fatalf("redo restored %d decisions, want %d", g.m.Len(), played)
	}
	h.in.Press(app.KeyUndo)
	h.step(2)
	h.in.Press(app.KeyRedo)
	h.step(2)
	if g.m.Len() != played {
		t.Errorf("the keys left %d decisions, want %d", g.m.Len(), played)
	}
}

func TestFlipByButtonAndKey(t *testing.T) {
	h, g := toyAgainstComputer(t)
	before := g.flipped
	s := g.m.State().LegalMoves(nil)[0].From()
	x0, y0 := g.view.SiteCenter(s)
	h.clickTarget("flip")
	x1, y1 := g.view.SiteCenter(s)
	if g.flipped == before || (x0 == x1 && y0 == y1) {
		t.Errorf("Flip board left the board as it was (site at %v,%v then %v,%v)", x0, y0, x1, y1)
	}
	h.in.Press(app.KeyFlip)
	h.step(2)
	if g.flipped != before {
		t.Error("the F key did not turn the board back")
	}
}

func TestResignAsksThenEndsTheGame(t *testing.T) {
	h, g := toyAgainstComputer(t)
	me := g.m.ToMove()
	h.step(1)
	h.clickRect(g.resign.Rect)
	q, ok := h.app.Top().(*Question)
	if !ok {
		t.Fatalf("Resign opened %T, not a question", h.app.Top())
	}
	h.clickRect(q.noButton.Rect)
	if _, over := g.m.Outcome(); over || h.app.Top() != g {
		t.Fatal("keeping on playing ended the game or left the question up")
	}
	h.clickRect(g.resign.Rect)
	q = h.app.Top().(*Question)
	shoot(t, h, "resign-question-en.png")
	h.clickRect(q.yesButton.Rect)
	o, over := g.m.Outcome()
	if !over || o.Winner != me.Other() || o.Reason != match.ReasonResigned {
		t.Fatalf("after resigning: %+v over %v", o, over)
	}
	if head, detail := g.Status(h.ctx()); head != h.ctx().T("result.computer-wins") || !strings.Contains(detail, sideName(h.ctx(), g.m.State(), me)) {
		t.Errorf("the result reads %q / %q", head, detail)
	}
	h.step(1)
	if !g.resign.Rect.Empty() || g.rematch.Rect.Empty() || g.m.CanUndo() {
		t.Error("after resigning, Resign is still offered, Rematch is not, or undo is")
	}
	data, err := g.m.Save()
	if err != nil {
		t.Fatal(err)
	}
	back, err := match.Load(data, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if o2, over := back.Outcome(); !over || o2 != o {
		t.Errorf("the saved game loads as %+v (over %v), want %+v", o2, over, o)
	}
}

// TestSetupExplainsTheLevel checks that the new-game screen says what the chosen level
// means, in each language, and fills every string it asks for with the arguments it has
// room for (Beginner's note once ended in "%!(EXTRA string=0.1)").
func TestSetupExplainsTheLevel(t *testing.T) {
	toy, err := testCatalog().Find("toy")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range i18n.Languages() {
		h := newHarness(t, NewSetup(toy), nil)
		h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
		h.step(2)
		s := h.app.Top().(*Setup)
		seen := map[string]bool{}
		before := len(i18n.Misformatted())
		for i, l := range ai.Levels {
			h.clickRect(s.rows[len(s.rows)-1].buttons[i].Rect)
			note := s.levelNote(h.ctx())
			if !strings.Contains(note, h.ctx().T("level."+l.String())) || seen[note] || strings.Contains(note, "%!") {
				t.Errorf("%s: level %s is explained as %q", lang, l, note)
			}
			seen[note] = true
		}
		if bad := i18n.Misformatted(); len(bad) > before {
			t.Errorf("%s: strings asked for with the wrong arguments: %v", lang, bad[before:])
		}
	}
}

// TestWhyIllegal clicks where nothing can be played and reads the reason in the panel: the
// game's own under Bell's rules when a capture is compulsory, the general one elsewhere.
func TestWhyIllegal(t *testing.T) {
	spec, err := testCatalog().ParseSpec("alquerque:rules=bell")
	if err != nil {
		t.Fatal(err)
	}
	// After d2-c3 and b4xd2... Black's capture left White a capture to make (e1xc3), so a
	// step is refused with the compulsory-capture reason.
	m := newMatch(t, spec, ai.Beginner)
	for _, text := range []string{"d2-c3", "b4xd2"} {
		mv, err := rules.ParseMove(m.State(), text)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	if !m.HumanToMove() {
		t.Fatal("the person is not to move")
	}
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	b := m.State().Board()
	step := func(label string) {
		s, err := b.Parse(label)
		if err != nil {
			t.Fatal(err)
		}
		h.clickSite(g, s)
	}
	step("a2") // a White piece with no capture
	_, detail := g.Status(h.ctx())
	want := label(rulesDoc(h.ctx(), spec.Game), "why.must-capture", "")
	if want == "" || detail != want {
		t.Errorf("clicking a piece that cannot capture says %q, want %q", detail, want)
	}
	shoot(t, h, "why-bell-en.png")
	// The reason follows a change of language.
	h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = i18n.Japanese })
	h.step(1)
	_, detailJa := g.Status(h.ctx())
	if wantJa := label(rulesDoc(h.ctx(), spec.Game), "why.must-capture", ""); wantJa == "" || wantJa == want || detailJa != wantJa {
		t.Errorf("in Japanese the reason reads %q, want %q", detailJa, wantJa)
	}
	shoot(t, h, "why-bell-ja.png")
	h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = i18n.English })
	h.step(1)
	step("e1")
	if _, detail := g.Status(h.ctx()); detail == want {
		t.Error("the reason stayed after a click that selected a piece")
	}

	// The toy game has no reasons of its own: the general ones apply to an enemy piece.
	th, tg := toyAgainstComputer(t)
	st := tg.m.State()
	enemy := board.NoSite
	for s := range st.Board().Len() {
		if ps := st.Pieces(board.Site(s), nil); len(ps) > 0 && ps[0].Owner != st.ToMove() {
			enemy = board.Site(s)
			break
		}
	}
	th.clickSite(tg, enemy)
	if _, detail := tg.Status(th.ctx()); detail != th.ctx().T("why.not-a-move") {
		t.Errorf("an enemy piece says %q", detail)
	}
}
