package scenes

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"koma/app"
	"koma/app/match"
	"koma/rules"
)

// playedMatch returns a match of spec between two people, after up to n random decisions.
func playedMatch(t *testing.T, spec string, n int, seed uint64) *match.Match {
	t.Helper()
	return randomMatch(t, spec, n, rand.NewPCG(seed, 1))
}

// randomMatch returns a match of spec between two people, after up to n decisions drawn
// from src.
func randomMatch(t *testing.T, spec string, n int, src rand.Source) *match.Match {
	t.Helper()
	sp, err := testCatalog().ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	m, err := match.New(sp, []match.Seat{match.Human(), match.Human()}, 5)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(src)
	for i := 0; i < n; i++ {
		legal := m.State().LegalMoves(nil)
		if len(legal) == 0 {
			break
		}
		if err := m.Play(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func sameKey(a, b rules.State) bool {
	return string(a.AppendKey(nil)) == string(b.AppendKey(nil))
}

func TestMoveRows(t *testing.T) {
	turn := func(p rules.Player) match.Turn { return match.Turn{Mover: p} }
	cases := []struct {
		name  string
		turns []match.Turn
		want  []moveRow
	}{
		{"no turns", nil, nil},
		{"alternating", []match.Turn{turn(0), turn(1), turn(0)}, []moveRow{{0, 1}, {2, -1}}},
		{"an extra turn starts a row", []match.Turn{turn(0), turn(0), turn(1)}, []moveRow{{0, -1}, {1, 2}}},
		{"the other side twice", []match.Turn{turn(0), turn(1), turn(1), turn(0)}, []moveRow{{0, 1}, {-1, 2}, {3, -1}}},
		{"begun by the second seat", []match.Turn{turn(1), turn(0), turn(1)}, []moveRow{{0, 1}, {2, -1}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := moveRows(c.turns)
			if len(got) != len(c.want) {
				t.Fatalf("rows %v, want %v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Fatalf("rows %v, want %v", got, c.want)
				}
			}
		})
	}
}

// TestReviewStepsThroughTheGame moves through a game with the keys, the move list and the
// panel's button, and checks the position on the board and the panel at each step.
func TestReviewStepsThroughTheGame(t *testing.T) {
	for _, spec := range []string{"konane:size=6", "stoic", "alquerque:rules=bell", "toy:turns=rich"} {
		t.Run(spec, func(t *testing.T) { reviewStepsThrough(t, spec) })
	}
}

func reviewStepsThrough(t *testing.T, spec string) {
	m := playedMatch(t, spec, 8, 1)
	if len(m.Turns()) < 4 {
		t.Fatalf("%s: only %d turns were played", spec, len(m.Turns()))
	}
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	h.draw()
	turns := m.Turns()
	press := func(k app.Key) {
		h.in.Press(k)
		h.step(2)
	}
	press(app.KeyLeft)
	if g.review != turns[len(turns)-1].First || !sameKey(g.position(), m.Before(g.review)) {
		t.Fatalf("← shows the position after %d decisions, want %d", g.review, turns[len(turns)-1].First)
	}
	if head, _ := g.Status(h.ctx()); head != h.ctx().T("review.title", len(turns)-1, len(turns)) {
		t.Errorf("the panel reads %q while reviewing", head)
	}
	h.step(1)
	if g.backBtn.Rect.Empty() {
		t.Fatal("no way back to the game while reviewing")
	}
	press(app.KeyHome)
	if g.review != 0 || !sameKey(g.position(), m.Initial()) {
		t.Fatalf("Home shows the position after %d decisions", g.review)
	}
	if head, _ := g.Status(h.ctx()); head != h.ctx().T("review.start") {
		t.Errorf("the start reads %q", head)
	}
	press(app.KeyLeft)
	if g.review != 0 {
		t.Errorf("← at the start moved to %d", g.review)
	}
	press(app.KeyRight)
	if g.review != turns[1].First {
		t.Errorf("→ from the start shows %d decisions, want %d", g.review, turns[1].First)
	}
	press(app.KeyEnd)
	if g.review != live {
		t.Errorf("End left the review at %d", g.review)
	}
	press(app.KeyRight)
	if g.review != live {
		t.Errorf("→ at the end started a review at %d", g.review)
	}

	// The move list: a click on the third turn shows the position after it.
	h.draw()
	var cell listCell
	for _, c := range g.listCells {
		if c.turn == 2 {
			cell = c
		}
	}
	if cell.rect.Empty() {
		t.Fatal("the third turn is not in the move list")
	}
	h.clickRect(cell.rect)
	if g.review != turns[2].End {
		t.Fatalf("clicking turn 3 shows %d decisions, want %d", g.review, turns[2].End)
	}
	h.draw()
	shoot(t, h, "review-"+m.Spec().Game.ID+"-en.png")
	h.clickRect(g.backBtn.Rect)
	if g.review != live || !sameKey(g.position(), m.State()) {
		t.Errorf("Back to the game left the review at %d", g.review)
	}
}

// TestPlayFromAnEarlierPosition plays a move while reviewing: the app asks first, keeps the
// game on "no", and on "yes" takes back the later turns and plays the move.
func TestPlayFromAnEarlierPosition(t *testing.T) {
	for _, spec := range []string{"konane:size=6", "stoic", "alquerque:rules=bell", "toy"} {
		t.Run(spec, func(t *testing.T) { playFromEarlier(t, spec) })
	}
}

func playFromEarlier(t *testing.T, spec string) {
	m := playedMatch(t, spec, 8, 2)
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	turns := m.Turns()
	at := turns[3].First
	g.showAt(h.ctx(), at)
	h.step(1)
	mv := firstMove(g.position().LegalMoves(nil))
	h.playByClicksReview(g, mv)
	q, ok := h.app.Top().(*Question)
	if !ok {
		t.Fatalf("playing from the past opened %T, not a question", h.app.Top())
	}
	shoot(t, h, "playfrom-question-en.png")
	h.clickRect(q.noButton.Rect)
	if m.Len() != turns[len(turns)-1].End || g.review != at {
		t.Fatalf("keeping the game left %d decisions, review at %d", m.Len(), g.review)
	}
	h.playByClicksReview(g, mv)
	q = h.app.Top().(*Question)
	h.clickRect(q.yesButton.Rect)
	h.settle(g)
	if g.review != live || m.Len() != at+1 || m.Move(at) != mv {
		t.Fatalf("after playing from the past: %d decisions, review %d", m.Len(), g.review)
	}
}

// playByClicksReview clicks the sites of mv on a board that shows an earlier position,
// until the app asks whether to play on from there.
func (h *harness) playByClicksReview(g *Game, mv rules.Move) {
	h.t.Helper()
	for _, s := range mv.Sites() {
		if _, asked := h.app.Top().(*Question); asked {
			return
		}
		h.clickSite(g, s)
	}
	if _, asked := h.app.Top().(*Question); !asked && mv.Len > 0 {
		h.clickSite(g, mv.To())
	}
}

// TestMoveListScrollsAndFollows checks the long list of a long game in a small window: the
// latest turn is in view, Home brings the first row back, the wheel scrolls.
func TestMoveListScrollsAndFollows(t *testing.T) {
	m := playedMatch(t, "konane", 60, 3)
	h := newHarness(t, NewGame(m), nil)
	h.app.Layout(900, 600)
	g := h.game()
	h.step(1)
	h.draw()
	if g.listRows <= g.listVisible {
		t.Fatalf("%d rows all fit in %d: the test needs a longer game", g.listRows, g.listVisible)
	}
	if g.listTop+g.listVisible < g.listRows {
		t.Errorf("the latest row %d is out of view (rows %d to %d shown)", g.listRows, g.listTop+1, g.listTop+g.listVisible)
	}
	if g.listTrack.Empty() {
		t.Error("a list longer than its room has no scrollbar")
	}
	shoot(t, h, "movelist-900x600.png")
	h.in.Press(app.KeyHome)
	h.step(2)
	h.draw()
	if g.listTop != 0 {
		t.Errorf("Home left the list at row %d", g.listTop+1)
	}
	c := g.listRect.Min.Add(g.listRect.Max).Div(2)
	h.in.Move(float64(c.X), float64(c.Y))
	h.in.Scroll(2)
	h.step(2)
	if g.listTop == 0 {
		t.Error("the wheel did not scroll the list")
	}
}

// TestReviewAfterTheGameJudgesEveryPosition finishes a game, presses Review and waits until
// every position of it has a judgement for the balance bar.
func TestReviewAfterTheGameJudgesEveryPosition(t *testing.T) {
	m := playedMatch(t, "konane:size=6", 200, 4)
	if _, over := m.Outcome(); !over {
		t.Fatal("the random game did not end")
	}
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	h.step(1)
	if g.reviewBtn.Rect.Empty() {
		t.Fatal("a finished game offers no Review")
	}
	h.clickRect(g.reviewBtn.Rect)
	if g.review != m.Floor() {
		t.Fatalf("Review starts at %d decisions", g.review)
	}
	awaitTicks(h, func() bool {
		for n := m.Floor(); n <= m.Len(); n++ {
			if _, ok := g.evals[n]; !ok {
				return false
			}
		}
		return true
	})
	if o, _ := m.Outcome(); g.evals[m.Len()] != outcomeShare(o) {
		t.Errorf("the final position is judged %v, not by its result", g.evals[m.Len()])
	}
	h.draw()
	shoot(t, h, "review-after-game-en.png")
}

// TestEndReasonNamesThePlayer finishes Kōnane games and reads the result: the reason names
// the player who ran out of moves, as "you" against the computer and by colour otherwise.
func TestEndReasonNamesThePlayer(t *testing.T) {
	cases := []struct {
		name  string
		human [2]bool
	}{
		{"person against computer", [2]bool{true, false}},
		{"computer against person", [2]bool{false, true}},
		{"two people", [2]bool{true, true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := playedMatch(t, "konane:size=6", 200, 6)
			o, over := m.Outcome()
			if !over || o.Reason != "no-moves" {
				t.Fatalf("the random game ended %+v", o)
			}
			seats := []match.Seat{match.Human(), match.Human()}
			for p, hu := range c.human {
				if !hu {
					seats[p] = match.Computer(0)
				}
			}
			replay, err := match.New(m.Spec(), seats, 1)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < m.Len(); i++ {
				if err := replay.Play(m.Move(i)); err != nil {
					t.Fatal(err)
				}
			}
			h := newHarness(t, NewGame(replay), nil)
			g := h.game()
			loser := o.Winner.Other()
			want := sideName(h.ctx(), replay.State(), loser) + " had no capture left"
			if c.human[loser] && !c.human[o.Winner] {
				want = "You had no capture left"
			}
			if _, detail := g.Status(h.ctx()); !strings.HasPrefix(detail, want) {
				t.Errorf("the result reads %q, want it to begin %q", detail, want)
			}
		})
	}
}

func TestSaveNameHasTheGameAndTheDay(t *testing.T) {
	m := playedMatch(t, "konane:size=6", 0, 1)
	day := time.Date(2026, 11, 23, 23, 59, 0, 0, time.UTC)
	if got, want := saveName(m, day), "konane-2026-11-23.json"; got != want {
		t.Errorf("saveName = %q, want %q", got, want)
	}
}

func TestNoticesKeepOffTheBoard(t *testing.T) {
	for _, size := range fitSizes {
		h := newHarness(t, NewGame(playedMatch(t, "konane", 4, 1)), nil)
		h.app.Layout(size.X, size.Y)
		h.step(1)
		g := h.game()
		if a := g.NoticeArea(h.ctx()); a.Overlaps(g.view.Rect()) || a.Empty() {
			t.Errorf("%v: notices go to %v, over the board at %v", size, a, g.view.Rect())
		}
	}
}

// TestMarksCanBeHidden turns the position's marks off in the settings: the setting is kept
// and the game draws with it.
func TestMarksCanBeHidden(t *testing.T) {
	h := newHarness(t, NewSettings(), nil)
	h.clickTarget("marks:off")
	if !h.ctx().Settings().HideMarks {
		t.Fatal("marks:off did not hide the marks")
	}
	h.clickTarget("marks:on")
	if h.ctx().Settings().HideMarks {
		t.Fatal("marks:on did not bring the marks back")
	}
}
