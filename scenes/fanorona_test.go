package scenes

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"koma/app/match"
	"koma/app/prefs"
	"koma/i18n"
	"koma/rules"
	"koma/rules/board"
	"koma/rules/catalog"
)

// fanoronaMatch returns a two-person match of Fanorona-Tsivy after the given decisions.
func fanoronaMatch(t *testing.T, moves ...string) *match.Match {
	t.Helper()
	spec, err := catalog.All.ParseSpec("fanorona")
	if err != nil {
		t.Fatal(err)
	}
	m, err := match.New(spec, []match.Seat{match.Human(), match.Human()}, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range moves {
		mv, err := rules.ParseMove(m.State(), text)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func fanoronaSite(t *testing.T, m *match.Match, label string) board.Site {
	t.Helper()
	s, err := m.State().Board().Parse(label)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFanoronaChoiceByClicks clicks a step that can capture both ways: the two labelled
// choices appear, and pointing at each previews the line it takes.
func TestFanoronaChoiceByClicks(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		m := fanoronaMatch(t)
		h := newHarness(t, NewGame(m), nil)
		h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
		h.step(1)
		g := h.game()
		h.clickSite(g, fanoronaSite(t, m, "d3"))
		h.clickSite(g, fanoronaSite(t, m, "e3"))
		h.step(1)
		var labels []string
		for _, b := range g.choice {
			labels = append(labels, b.Label)
		}
		tr := func(key string) string { return gameText(h.ctx(), m.State().Game(), key) }
		if want := []string{tr("choice.approach"), tr("choice.withdrawal")}; !slices.Equal(labels, want) {
			t.Fatalf("%s: the choice offers %q, want %q", lang, labels, want)
		}
		for i, want := range []string{"f3", "c3"} {
			c := g.choice[i].Rect.Min.Add(g.choice[i].Rect.Max).Div(2)
			h.in.Move(float64(c.X), float64(c.Y))
			h.step(1)
			if got := g.preview(h.ctx()); !slices.Equal(got, []board.Site{fanoronaSite(t, m, want)}) {
				t.Errorf("%s: choice %d previews %v, want %s", lang, i, got, want)
			}
			if i == 0 {
				shoot(t, h, "fanorona-choice-"+string(lang)+".png")
			}
		}
		h.clickRect(g.choice[1].Rect)
		h.settle(g)
		if m.ToMove() != 1 || m.State().MidTurn() {
			t.Errorf("%s: the withdrawal did not end White's turn", lang)
		}
	}
}

// TestFanoronaChainByClicks enters a capture that can go on: the chain's start is marked,
// the panel says the piece may capture again, undo takes back the one step, and Stop ends
// the turn.
func TestFanoronaChainByClicks(t *testing.T) {
	m := fanoronaMatch(t, "e2-e3A")
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	turns := len(m.Turns())
	h.clickSite(g, fanoronaSite(t, m, "f4"))
	h.clickSite(g, fanoronaSite(t, m, "e5"))
	h.settle(g)
	st := m.State()
	if !st.MidTurn() || m.ToMove() != 1 {
		t.Fatal("the chain did not go on")
	}
	marks := st.(rules.Marker).Marks(nil)
	if len(marks) != 1 || marks[0].Site != fanoronaSite(t, m, "f4") || marks[0].Kind != rules.Visited {
		t.Errorf("marks %v", marks)
	}
	if _, detail := g.Status(h.ctx()); !strings.Contains(detail, gameText(h.ctx(), st.Game(), "prompt.chain")) {
		t.Errorf("mid-chain the panel says %q", detail)
	}
	shoot(t, h, "fanorona-chain-en.png")
	h.clickRect(g.undo.Rect)
	h.settle(g)
	if m.Len() != 1 || m.State().MidTurn() || m.ToMove() != 1 {
		t.Fatalf("undo inside the chain left %d decisions", m.Len())
	}
	h.clickSite(g, fanoronaSite(t, m, "f4"))
	h.clickSite(g, fanoronaSite(t, m, "e5"))
	h.settle(g)
	h.clickRect(g.specials[special(t, h, g, gameText(h.ctx(), st.Game(), "choice.stop"))].Rect)
	h.settle(g)
	if m.ToMove() != 0 || m.State().MidTurn() || len(m.Turns()) != turns+1 {
		t.Errorf("Stop did not end the turn: %d turns", len(m.Turns())-turns)
	}
}

// TestFanoronaFinishedGame plays a random game to its end and shows the result.
func TestFanoronaFinishedGame(t *testing.T) {
	m := fanoronaMatch(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for {
		legal := m.State().LegalMoves(nil)
		if len(legal) == 0 {
			break
		}
		if err := m.Play(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	h := newHarness(t, NewGame(m), nil)
	h.step(2)
	if head, _ := h.game().Status(h.ctx()); head == "" {
		t.Error("no result headline")
	}
	shoot(t, h, "fanorona-end-en.png")
}
