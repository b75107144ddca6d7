package scenes

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"koma/app/match"
	"koma/app/prefs"
	"koma/rules"
	"koma/rules/ai"
	"koma/rules/board"
	"koma/scenes/picker"
)

// clickSite clicks the centre of a board site.
func (h *harness) clickSite(g *Game, s board.Site) {
	h.t.Helper()
	x, y := g.view.SiteCenter(s)
	h.click(x, y)
}

// playByClicks enters mv the way a person would: its sites one by one, then, if the move
// is a stopping point of a longer chain, a click on its last site again; moves without
// sites are played with their button. It returns once the move has been handed over.
func (h *harness) playByClicks(g *Game, mv rules.Move) {
	h.t.Helper()
	n := g.m.Len()
	begun := func() bool { return g.anim != nil || g.m.Len() > n }
	if mv.Len == 0 {
		for i, sm := range g.specialM {
			if sm == mv {
				h.clickRect(g.specials[i].Rect)
				break
			}
		}
	}
	sites := mv.Sites()
	// Sites already selected stay selected; clicking them again would deselect.
	if part := g.pick.Partial(); len(part) <= len(sites) && slices.Equal(part, sites[:len(part)]) {
		sites = sites[len(part):]
	}
	for _, s := range sites {
		if begun() {
			break
		}
		h.clickSite(g, s)
	}
	if !begun() && mv.Len > 0 {
		h.clickSite(g, mv.To())
	}
	if !begun() && len(g.choices) > 0 {
		i := slices.Index(g.choices, mv)
		if i < 0 {
			h.t.Fatalf("%s is not among the offered choices", rules.FormatMove(g.m.State(), mv))
		}
		h.clickRect(g.choice[i].Rect)
	}
	if !begun() {
		h.t.Fatalf("clicking %s did not play it", rules.FormatMove(g.m.State(), mv))
	}
}

// settle runs ticks until no animation is running and a person is to move or the game is
// over, so the computer has answered.
func (h *harness) settle(g *Game) {
	h.t.Helper()
	// The computer thinks on its own goroutine, on the wall clock: on a busy machine it
	// may need many more ticks than usual, so the bound is time as well as ticks.
	start := time.Now()
	for i := 0; i < 20000 || time.Since(start) < 30*time.Second; i++ {
		_, over := g.m.Outcome()
		if g.anim == nil && (over || g.m.HumanToMove()) {
			return
		}
		h.step(1)
		if g.thinking {
			time.Sleep(50 * time.Microsecond)
		}
	}
	h.t.Fatal("the game did not settle")
}

// firstMove prefers a move with a path, so that the test clicks a piece and a target.
func firstMove(legal []rules.Move) rules.Move {
	for _, mv := range legal {
		if mv.Len >= 2 {
			return mv
		}
	}
	return legal[0]
}

func TestClickPieceThenTarget(t *testing.T) {
	for _, spec := range specs(t) {
		t.Run(spec.String(), func(t *testing.T) {
			m := newMatch(t, spec, ai.Beginner)
			h := newHarness(t, NewGame(m), nil)
			g := h.game()
			mv := firstMove(m.State().LegalMoves(nil))
			if mv.Len >= 2 {
				h.clickSite(g, mv.From())
				if got := g.pick.Partial(); !slices.Equal(got, mv.Sites()[:1]) {
					t.Fatalf("after clicking the piece the selection is %v", got)
				}
				if !slices.Contains(g.pick.Targets(), mv.Path[1]) {
					t.Errorf("the target %s is not highlighted", spec.Game.ID)
				}
			}
			h.playByClicks(g, mv)
			h.draw() // mid-animation
			if g.anim == nil && h.ctx().Settings().Animation != prefs.SpeedOff {
				t.Error("the move was not animated")
			}
			for i := 0; i < 600 && m.Len() == 0; i++ {
				h.step(1)
			}
			if m.Len() == 0 || m.Move(0) != mv {
				got := "nothing"
				if m.Len() > 0 {
					got = rules.FormatMove(m.Initial(), m.Move(0))
				}
				t.Fatalf("the match begins with %s, want %s", got, rules.FormatMove(m.Initial(), mv))
			}
		})
	}
}

// chainPosition plays seeded random games of spec until the side to move has a jump that
// can stop early or go on, and returns that match with a person to move.
func chainPosition(t *testing.T, spec rules.Spec) (*match.Match, rules.Move, bool) {
	t.Helper()
	for seed := uint64(1); seed <= 40; seed++ {
		st, err := spec.New()
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		var played []rules.Move
		for len(played) < 200 {
			legal := st.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			for _, short := range legal {
				if short.Len < 2 {
					continue
				}
				var p picker.Picker
				p.Reset(legal)
				for _, s := range short.Sites() {
					p.Click(s)
				}
				if p.CanStop() && len(p.Complete()) == 1 {
					m := newMatch(t, spec, ai.Beginner)
					seats := m.Seats()
					for i := range seats {
						seats[i] = match.Human()
					}
					m, err := match.New(spec, seats, 1)
					if err != nil {
						t.Fatal(err)
					}
					for _, mv := range played {
						if err := m.Play(mv); err != nil {
							t.Fatal(err)
						}
					}
					return m, short, true
				}
			}
			mv := legal[rng.IntN(len(legal))]
			st.Apply(mv)
			played = append(played, mv)
		}
	}
	return nil, rules.Move{}, false
}

// TestOptionalChain stops a chain with the End move button, and continues another one to
// its end, in every game where such chains occur.
func TestOptionalChain(t *testing.T) {
	found := 0
	for _, spec := range specs(t) {
		m, short, ok := chainPosition(t, spec)
		if !ok {
			continue
		}
		found++
		t.Run(spec.String()+"/end move", func(t *testing.T) {
			h := newHarness(t, NewGame(m), nil)
			g := h.game()
			for _, s := range short.Sites() {
				h.clickSite(g, s)
			}
			if !g.pick.CanStop() || g.endMove.Rect.Empty() {
				t.Fatal("no End move button for an optional chain")
			}
			n := m.Len()
			h.clickRect(g.endMove.Rect)
			h.settle(g)
			if m.Len() != n+1 || m.Move(n) != short {
				t.Errorf("End move did not play %s", rules.FormatMove(m.Before(n), short))
			}
		})
	}
	if found == 0 {
		t.Fatal("no game offered an optional chain; the toy game should")
	}
}

// TestHumanAgainstComputer plays whole games: the person clicks the first legal move each
// turn, the computer answers at a tiny budget, until the result is shown.
func TestHumanAgainstComputer(t *testing.T) {
	for _, spec := range specs(t) {
		t.Run(spec.String(), func(t *testing.T) {
			m := newMatch(t, spec, ai.Beginner)
			h := newHarness(t, NewGame(m), nil)
			h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Animation = prefs.SpeedFast })
			g := h.game()
			for turn := 0; ; turn++ {
				h.settle(g)
				if _, over := m.Outcome(); over {
					break
				}
				if turn > 2000 {
					t.Fatal("the game does not end")
				}
				h.playByClicks(g, firstMove(m.State().LegalMoves(nil)))
				if turn == 0 {
					h.draw()
				}
			}
			h.draw()
			o, _ := m.Outcome()
			head, detail := g.Status(h.ctx())
			want := map[bool]string{true: h.ctx().T("result.you-win"), false: h.ctx().T("result.computer-wins")}[m.Seat(o.Winner).Human]
			if o.Winner == rules.NoPlayer {
				want = h.ctx().T("result.draw")
			}
			if head != want {
				t.Errorf("the result reads %q, want %q", head, want)
			}
			if detail == "" {
				t.Errorf("no reason shown for %q", o.Reason)
			}
			if data, err := h.store.Read(prefs.AutosaveFile); err == nil {
				t.Errorf("a finished game is still offered to continue:\n%s", data)
			}
		})
	}
}

func TestUndoGoesBackToThePersonsTurn(t *testing.T) {
	spec, err := testCatalog().ParseSpec("toy")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, spec, ai.Beginner)
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	if !g.undo.Disabled {
		t.Error("undo is offered before any move")
	}
	h.playByClicks(g, firstMove(m.State().LegalMoves(nil)))
	h.settle(g)
	if m.Len() != 2 {
		t.Fatalf("%d decisions after one move and the answer", m.Len())
	}
	h.clickRect(g.undo.Rect)
	if m.Len() != 0 || !m.HumanToMove() {
		t.Errorf("after undo: %d decisions, person to move %v", m.Len(), m.HumanToMove())
	}
}

func TestAutosaveAndContinue(t *testing.T) {
	spec, err := testCatalog().ParseSpec("toy:start=sparse")
	if err != nil {
		t.Fatal(err)
	}
	store := prefs.NewMemStore()
	m := newMatch(t, spec, ai.Beginner)
	h := newHarness(t, NewGame(m), store)
	g := h.game()
	h.playByClicks(g, firstMove(m.State().LegalMoves(nil)))
	h.settle(g)
	played := m.Len()

	h2 := newHarness(t, NewMenu(), store)
	menu, ok := h2.app.Top().(*Menu)
	if !ok || menu.Saved() == nil {
		t.Fatal("the menu does not offer the unfinished game")
	}
	h2.clickRect(menu.resume.Rect)
	g2, ok := h2.app.Top().(*Game)
	if !ok {
		t.Fatalf("Continue opened %T", h2.app.Top())
	}
	if g2.m.Len() != played || g2.m.Spec().String() != spec.String() {
		t.Errorf("continued %s after %d decisions, want %s after %d", g2.m.Spec(), g2.m.Len(), spec, played)
	}
}

func TestCorruptAutosaveIsReportedAndKept(t *testing.T) {
	store := prefs.NewMemStore()
	garbage := []byte(`{"format":1,"game":"toy","seats":"nonsense"}`)
	if err := store.Write(prefs.AutosaveFile, garbage); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, NewMenu(), store)
	menu := h.app.Top().(*Menu)
	if menu.Saved() != nil {
		t.Error("a corrupt autosave is offered")
	}
	if len(h.app.Notices()) == 0 {
		t.Error("the user was not told")
	}
	kept, err := store.Read(prefs.AutosaveFile + prefs.BadSuffix)
	if err != nil || string(kept) != string(garbage) {
		t.Errorf("the corrupt file was not kept: %q, %v", kept, err)
	}
}
