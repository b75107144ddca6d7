package scenes

import (
	"testing"
	"time"
)

// TestAnimationsRunOnTheClock checks that a move's animation advances by the time that
// passed, not by the number of ticks: after a pause longer than the animation, one tick
// ends it.
func TestAnimationsRunOnTheClock(t *testing.T) {
	m := playedMatch(t, "konane:size=6", 2, 1)
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	n := m.Len()
	g.begin(h.ctx(), firstMove(m.State().LegalMoves(nil)))
	if g.anim == nil {
		t.Fatal("the move is not animated")
	}
	h.step(1)
	time.Sleep(300 * time.Millisecond)
	h.step(1)
	if g.anim != nil || m.Len() != n+1 {
		t.Errorf("after 300 ms the animation still runs (%d decisions)", m.Len())
	}
}

// TestClickDuringAnimationCounts clicks a piece of the next player while the previous move
// is still sliding: the move lands at once and the click selects the piece.
func TestClickDuringAnimationCounts(t *testing.T) {
	m := playedMatch(t, "konane:size=6", 2, 1)
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	mv := firstMove(m.State().LegalMoves(nil))
	after := m.State().Clone()
	after.Apply(mv)
	next := firstMove(after.LegalMoves(nil)).From()
	g.begin(h.ctx(), mv)
	if g.anim == nil {
		t.Fatal("the move is not animated")
	}
	h.clickSite(g, next)
	if g.anim != nil || m.Len() != 3 {
		t.Fatalf("the click did not finish the animation (%d decisions)", m.Len())
	}
	if p := g.pick.Partial(); len(p) != 1 || p[0] != next {
		t.Errorf("the click during the animation selected %v, want %v", p, next)
	}
}
