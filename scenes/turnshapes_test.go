package scenes

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"koma/app/apptest"
	"koma/app/match"
	"koma/app/prefs"
	"koma/i18n"
	"koma/rules"
	"koma/rules/board"
)

// richToy returns a two-person match of the toy game's variant that uses every turn shape.
func richToy(t *testing.T) *match.Match {
	t.Helper()
	spec, err := apptest.ToyCatalog.ParseSpec("toy:turns=rich")
	if err != nil {
		t.Fatal(err)
	}
	m, err := match.New(spec, []match.Seat{match.Human(), match.Human()}, 5)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// special returns the button of the legal move without sites that is labelled label.
func special(t *testing.T, h *harness, g *Game, label string) int {
	t.Helper()
	h.step(1) // the buttons are laid out at the start of a tick
	var labels []string
	for i, b := range g.specials {
		if b.Label == label {
			return i
		}
		labels = append(labels, b.Label)
	}
	t.Fatalf("no button %q among %q", label, labels)
	return -1
}

func shoot(t *testing.T, h *harness, name string) {
	t.Helper()
	if dir := os.Getenv("KOMA_SHOTS"); dir != "" {
		h.draw()
		saveShot(t, h, filepath.Join(dir, name))
	}
}

// TestTurnShapesByClicks plays the rich toy game by clicks: a colour choice with labelled
// buttons and a prompt, a swap of colours, a pass, a drop that earns an extra turn of the
// same player, and the panel's names following the colours.
func TestTurnShapesByClicks(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		t.Run(string(lang), func(t *testing.T) {
			m := richToy(t)
			h := newHarness(t, NewGame(m), nil)
			h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
			h.step(1)
			g := h.game()
			tr := func(key string, args ...any) string { return i18n.T(lang, key, args...) }

			if _, detail := g.Status(h.ctx()); detail != tr("prompt.choose-colour") {
				t.Errorf("the opening says %q", detail)
			}
			shoot(t, h, "turns-choose-"+string(lang)+".png")
			h.clickRect(g.specials[special(t, h, g, tr("choice.black"))].Rect)
			h.settle(g)
			if got := sideName(h.ctx(), m.State(), 0); got != tr("colour.black") {
				t.Errorf("after choosing Black, player 0 is called %q", got)
			}
			if head, _ := g.Status(h.ctx()); head != tr("game.to-move", tr("colour.white")) {
				t.Errorf("after the choice the headline is %q", head)
			}

			// Player 1, now White, steps; then player 0 may swap.
			h.playByClicks(g, firstMove(m.State().LegalMoves(nil)))
			h.settle(g)
			if _, detail := g.Status(h.ctx()); detail != tr("prompt.may-swap") {
				t.Errorf("the third turn says %q", detail)
			}
			var before []rules.Piece
			st := m.State()
			for s := range st.Board().Len() {
				before = st.Pieces(board.Site(s), before)
			}
			h.clickRect(g.specials[special(t, h, g, tr("game.swap"))].Rect)
			h.settle(g)
			if rules.ColourOf(m.State(), 0) != rules.White || rules.ColourOf(m.State(), 1) != rules.Black {
				t.Error("the swap did not exchange the colours")
			}
			// Every piece keeps its colour on the board: its owner changed with the colours.
			var after []rules.Piece
			for s := range st.Board().Len() {
				after = m.State().Pieces(board.Site(s), after)
			}
			for i := range before {
				if rules.ColourOf(st, before[i].Owner) != rules.ColourOf(m.State(), after[i].Owner) {
					t.Fatalf("piece %d changed colour in the swap", i)
				}
			}

			// Player 1 passes; player 0 drops a piece and moves again in a new turn.
			h.clickRect(g.specials[special(t, h, g, tr("game.pass"))].Rect)
			h.settle(g)
			if m.ToMove() != 0 {
				t.Fatal("the pass did not hand the turn over")
			}
			drop := board.NoSite
			for _, mv := range m.State().LegalMoves(nil) {
				if mv.Kind == rules.Place {
					drop = mv.Path[0]
					break
				}
			}
			// A drop is a one-site move: a click on an empty square plays it.
			h.clickSite(g, drop)
			h.settle(g)
			if m.ToMove() != 0 || m.State().MidTurn() {
				t.Fatalf("after the drop: to move %d, mid-turn %v", m.ToMove(), m.State().MidTurn())
			}
			if _, detail := g.Status(h.ctx()); detail != tr("prompt.extra-turn") {
				t.Errorf("the extra turn says %q", detail)
			}
			shoot(t, h, "turns-extra-"+string(lang)+".png")
			if got := len(m.Turns()); got != 5 {
				t.Errorf("%d turns listed after choose, step, swap, pass and drop; want 5", got)
			}
			if text := moveText(h.ctx(), m.Before(2), m.Move(2)); text != tr("game.swap") {
				t.Errorf("the swap is listed as %q", text)
			}
		})
	}
}

// richChainPosition plays seeded random games of the rich toy until a jump would let the same
// piece jump again, and returns the decisions leading there and that jump.
func richChainPosition(t *testing.T) ([]rules.Move, rules.Move) {
	t.Helper()
	spec, err := apptest.ToyCatalog.ParseSpec("toy:turns=rich")
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(200) {
		rng := rand.New(rand.NewPCG(seed, 3))
		st, _ := spec.New()
		var played []rules.Move
		for len(st.LegalMoves(nil)) > 0 {
			legal := st.LegalMoves(nil)
			for _, mv := range legal {
				if mv.Kind != rules.Jump || st.MidTurn() {
					continue
				}
				next := st.Clone()
				next.Apply(mv)
				if next.MidTurn() {
					return played, mv
				}
			}
			mv := legal[rng.IntN(len(legal))]
			if mv.Kind == rules.Pass || mv.Kind == rules.Choose && mv.Tag == 2 {
				mv = legal[0]
			}
			st.Apply(mv)
			played = append(played, mv)
		}
	}
	t.Fatal("no position with a jump chain in 200 random games")
	return nil, rules.Move{}
}

// TestChainChoiceAndStopByClicks enters a jump by clicks, picks between two labelled moves
// on the same path with the captured piece previewed, then ends the chain with Stop; the
// hop and the stop make one turn, and undo takes back one hop inside the turn.
func TestChainChoiceAndStopByClicks(t *testing.T) {
	played, jump := richChainPosition(t)
	m := richToy(t)
	for _, mv := range played {
		if err := m.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	turns := len(m.Turns())
	for _, s := range jump.Sites() {
		h.clickSite(g, s)
	}
	if len(g.choice) != 2 || g.choice[0].Label != "Capture" || g.choice[1].Label != "Convert" {
		var labels []string
		for _, b := range g.choice {
			labels = append(labels, b.Label)
		}
		t.Fatalf("the choice offers %q", labels)
	}
	c := g.choice[0].Rect.Min.Add(g.choice[0].Rect.Max).Div(2)
	h.in.Move(float64(c.X), float64(c.Y))
	h.step(1)
	if got, want := g.preview(h.ctx()), m.State().(rules.CapturePreviewer).Captures(g.choices[0], nil); len(want) != 1 || !slices.Equal(got, want) {
		t.Errorf("hovering Capture previews %v, want %v", got, want)
	}
	shoot(t, h, "turns-choice-en.png")
	h.clickRect(g.choice[0].Rect)
	h.settle(g)
	if !m.State().MidTurn() {
		t.Fatal("the chain did not go on after a jump that can continue")
	}
	if _, detail := g.Status(h.ctx()); !strings.Contains(detail, "jump again") {
		t.Errorf("mid-chain the panel says %q", detail)
	}
	if len(m.Turns()) != turns+1 {
		t.Errorf("the first hop made %d turns, want %d", len(m.Turns()), turns+1)
	}
	h.clickRect(g.undo.Rect)
	if m.Len() != len(played) {
		t.Fatalf("undo inside the chain left %d decisions, want %d", m.Len(), len(played))
	}
	for _, s := range jump.Sites() {
		h.clickSite(g, s)
	}
	h.clickRect(g.choice[0].Rect)
	h.settle(g)
	mover := m.ToMove()
	h.clickRect(g.specials[special(t, h, g, "Stop here")].Rect)
	h.settle(g)
	if m.ToMove() == mover || m.State().MidTurn() {
		t.Error("Stop did not end the turn")
	}
	if len(m.Turns()) != turns+1 {
		t.Errorf("the hop and the stop made %d turns, want 1", len(m.Turns())-turns)
	}
}

// TestScoreOnTheResult finishes a rich toy game and checks the result names the count.
func TestScoreOnTheResult(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		m := richToy(t)
		rng := rand.New(rand.NewPCG(1, 2))
		for {
			legal := m.State().LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			// Steps and passes only: the game runs to its turn limit and is scored.
			var quiet []rules.Move
			for _, mv := range legal {
				if mv.Kind == rules.Step || mv.Kind == rules.Pass || mv.Kind == rules.Choose {
					quiet = append(quiet, mv)
				}
			}
			if err := m.Play(quiet[rng.IntN(len(quiet))]); err != nil {
				t.Fatal(err)
			}
		}
		o, _ := m.Outcome()
		if !o.Scored {
			t.Fatalf("the game ended unscored: %+v", o)
		}
		h := newHarness(t, NewGame(m), nil)
		h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
		h.step(1)
		g := h.game()
		st := m.State()
		want := i18n.T(lang, "result.score", sideName(h.ctx(), st, 0), o.Score[0], sideName(h.ctx(), st, 1), o.Score[1])
		if _, detail := g.Status(h.ctx()); !strings.Contains(detail, want) {
			t.Errorf("%s: the result says %q, want it to contain %q", lang, detail, want)
		}
		shoot(t, h, "turns-score-"+string(lang)+".png")
	}
}
