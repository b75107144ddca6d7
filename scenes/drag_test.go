package scenes

// Tests for drag and drop on the board (drag.go), driven through the fake input the way a
// mouse or a finger would: a hover where the press lands, a few ticks of dragging, then a
// tick without input, where the pointer was let go.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"koma/app"
	"koma/app/match"
	"koma/app/prefs"
	"koma/i18n"
	"koma/render"
	"koma/rules"
	"koma/rules/board"
)

// dragSteps is how many ticks a test drag takes from press to release.
const dragSteps = 4

// drag presses at (x0, y0), drags to (x1, y1) in dragSteps ticks and lets go there, then
// runs one more tick for what the drop started. during, when not nil, runs with the
// pointer at (x1, y1) before it lets go.
func (h *harness) drag(x0, y0, x1, y1 float64, during func()) {
	h.t.Helper()
	h.in.Move(x0, y0)
	h.step(1)
	for range dragSteps {
		h.in.DragBy((x1-x0)/dragSteps, (y1-y0)/dragSteps)
		h.step(1)
	}
	if during != nil {
		// Still held: one more tick of dragging, nowhere, keeps the pointer down.
		h.in.DragBy(0, 0)
		h.step(1)
		during()
	}
	h.step(2) // the release, and one more
}

// dragSite drags from the centre of site a to the centre of site b.
func (h *harness) dragSite(g *Game, a, b board.Site, during func()) {
	h.t.Helper()
	x0, y0 := g.view.SiteCenter(a)
	x1, y1 := g.view.SiteCenter(b)
	h.drag(x0, y0, x1, y1, during)
}

// langHarness opens the game of m in lang.
func langHarness(t *testing.T, m *match.Match, lang i18n.Lang) (*harness, *Game) {
	t.Helper()
	h := newHarness(t, NewGame(m), nil)
	h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
	h.step(1)
	return h, h.game()
}

// stepMove returns the first legal move of two sites that no other legal move shares, so
// that dropping on its second site plays it without a choice.
func stepMove(t *testing.T, st rules.State) rules.Move {
	t.Helper()
	legal := st.LegalMoves(nil)
	for _, mv := range legal {
		if mv.Len != 2 {
			continue
		}
		n := 0
		for _, o := range legal {
			if slices.Equal(o.Sites(), mv.Sites()) {
				n++
			}
		}
		if n == 1 {
			return mv
		}
	}
	t.Fatal("no move of two sites")
	return rules.Move{}
}

// TestDragPlaysAMove drags a piece to a legal point on a square, a hex and a point board,
// in both languages: while it is held the piece is lifted under the pointer with its
// targets marked, the move is played on the drop, and without sliding there again.
func TestDragPlaysAMove(t *testing.T) {
	for _, spec := range []string{"tablut", "squish", "alquerque"} {
		for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
			t.Run(spec+"/"+string(lang), func(t *testing.T) {
				h, g := langHarness(t, humanVsComputer(t, spec, 0, 0, 1), lang)
				m := g.m
				n := m.Len()
				mv := stepMove(t, m.State())
				from, to := mv.Path[0], mv.Path[1]
				h.dragSite(g, from, to, func() {
					var d render.Decorations
					d.Targets = g.pick.Targets()
					g.dragDecorate(&d)
					l := d.Lifted
					switch {
					case l == nil || l.From != from:
						t.Fatalf("the dragged piece is not lifted from %v: %+v", from, l)
					case !slices.Contains(g.pick.Targets(), to):
						t.Errorf("during the drag the targets %v leave out %v", g.pick.Targets(), to)
					case !slices.Contains(d.Rings, to):
						t.Errorf("the target under the piece, %v, is not ringed: %v", to, d.Rings)
					}
					shoot(t, h, fmt.Sprintf("drag-%s-%s.png", spec, lang))
				})
				// The tick after the drop: a move that slid there again would still be
				// on its way.
				if m.Len() <= n || m.Move(n) != mv {
					t.Fatalf("the drop did not play %s at once", rules.FormatMove(m.Before(n), mv))
				}
				if g.drag.carry {
					t.Error("the piece is still carried after the drop")
				}
			})
		}
	}
}

// TestPressAndReleaseStillClicks checks that the drag leaves clicks alone, and that a
// piece let go where nothing happens goes back and stays selected: on its own point, and
// beside the board.
func TestPressAndReleaseStillClicks(t *testing.T) {
	tests := []struct {
		name string
		// to is where the piece is let go, from its site's centre and the board.
		to func(g *Game, from board.Site) (x, y float64)
	}{
		{"back where it was", func(g *Game, from board.Site) (float64, float64) {
			x, y := g.view.SiteCenter(from)
			return x + 3, y + 2 // moved past the click slop and back
		}},
		{"beside the board", func(g *Game, _ board.Site) (float64, float64) {
			r := g.view.Rect()
			return float64(r.Max.X + 40), float64(r.Min.Y + 40)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, g := langHarness(t, humanVsComputer(t, "tablut", 0, 0, 1), i18n.English)
			from := stepMove(t, g.m.State()).Path[0]
			h.clickSite(g, from)
			if !slices.Equal(g.pick.Partial(), []board.Site{from}) {
				t.Fatalf("a click on %v selected %v", from, g.pick.Partial())
			}
			x0, y0 := g.view.SiteCenter(from)
			x1, y1 := tt.to(g, from)
			h.drag(x0, y0, x1, y1, nil)
			if !slices.Equal(g.pick.Partial(), []board.Site{from}) || g.m.Len() != 0 {
				t.Errorf("after the drop the selection is %v and %d moves were played", g.pick.Partial(), g.m.Len())
			}
			h.clickSite(g, from)
			if len(g.pick.Partial()) != 0 {
				t.Errorf("a second click kept the selection %v", g.pick.Partial())
			}
		})
	}
}

// TestDropExplainsAsAClick lets a piece go on points it cannot reach and compares, in a
// second game at the same position, with a click there after a click on the piece: the
// same explanation in the panel and the same selection afterwards.
func TestDropExplainsAsAClick(t *testing.T) {
	type outcome struct {
		why     string
		partial []board.Site
		played  int
	}
	for _, spec := range []string{"tablut", "squish", "alquerque", "turkish"} {
		t.Run(spec, func(t *testing.T) {
			m := humanVsComputer(t, spec, 0, 6, 2)
			st := m.State()
			from := stepMove(t, st).Path[0]
			// The points the piece cannot reach: empty ones, and pieces of either side.
			var targets, unreachable []board.Site
			for _, mv := range st.LegalMoves(nil) {
				if mv.Len >= 2 && mv.Path[0] == from {
					targets = append(targets, mv.Path[1])
				}
			}
			for s := range st.Board().Len() {
				if site := board.Site(s); site != from && !slices.Contains(targets, site) {
					unreachable = append(unreachable, site)
				}
			}
			if len(unreachable) == 0 {
				t.Fatal("every point is reachable")
			}
			rng := rand.New(rand.NewPCG(3, 4))
			for range 3 {
				to := unreachable[rng.IntN(len(unreachable))]
				run := func(byDrag bool) outcome {
					mm := humanVsComputer(t, spec, 0, 6, 2)
					h, g := langHarness(t, mm, i18n.English)
					if byDrag {
						h.dragSite(g, from, to, nil)
					} else {
						h.clickSite(g, from)
						h.clickSite(g, to)
					}
					return outcome{g.whyText, slices.Clone(g.pick.Partial()), mm.Len()}
				}
				click, drop := run(false), run(true)
				if drop.why != click.why || !slices.Equal(drop.partial, click.partial) || drop.played != click.played {
					t.Errorf("%s to %s: the drop gave %+v, the click %+v", st.Board().Label(from), st.Board().Label(to), drop, click)
				}
			}
		})
	}
}

// chainMatch plays random games of spec between two people until the side to move has a
// capture of more than hops hops in one move, and returns that match and the longest
// such move.
func chainMatch(t *testing.T, spec string, hops int) (*match.Match, rules.Move) {
	t.Helper()
	sp, err := testCatalog().ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 200; seed++ {
		m, err := match.New(sp, []match.Seat{match.Human(), match.Human()}, 5)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		for range 200 {
			if _, over := m.Outcome(); over {
				break
			}
			legal := m.State().LegalMoves(nil)
			if mv := slices.MaxFunc(legal, func(a, b rules.Move) int { return int(a.Len) - int(b.Len) }); int(mv.Len) > hops {
				return m, mv // the longest, which no other move goes on from
			}
			if err := m.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no %s position with a chain of %d hops", spec, hops)
	return nil, rules.Move{}
}

// TestDragAChainHopByHop drags captures that go on, one hop per drag. In Alquerque the
// chain is one move: each drop on a landing keeps the piece selected with the landings
// so far, and the next drag starts from the last landing. In Fanorona each hop is a
// decision of its own: after the drop the piece stays selected at its landing, so that
// the next drag picks it up from there.
func TestDragAChainHopByHop(t *testing.T) {
	t.Run("alquerque", func(t *testing.T) {
		m, mv := chainMatch(t, "alquerque", 2)
		h, g := langHarness(t, m, i18n.English)
		n := m.Len()
		path := mv.Sites()
		for i := 0; i+1 < len(path); i++ {
			if m.Len() > n {
				break // the rest of the path was forced
			}
			h.dragSite(g, path[i], path[i+1], nil)
			if m.Len() == n && !slices.Equal(g.pick.Partial(), path[:i+2]) {
				t.Fatalf("after hop %d the selection is %v, want %v", i+1, g.pick.Partial(), path[:i+2])
			}
			if i == 0 && m.Len() == n {
				shoot(t, h, "drag-chain-alquerque.png")
				// Carried from the landing back to where it stands, it is put back: the
				// chain so far is neither ended there nor dropped.
				h.dragSite(g, path[1], path[0], nil)
				if m.Len() != n || !slices.Equal(g.pick.Partial(), path[:2]) {
					t.Fatalf("put back on its point, %d moves played and the selection is %v", m.Len()-n, g.pick.Partial())
				}
			}
		}
		if m.Len() != n+1 || m.Move(n) != mv {
			t.Fatalf("the hops played %d moves, want %s", m.Len()-n, rules.FormatMove(m.Before(n), mv))
		}
	})
	t.Run("fanorona", func(t *testing.T) {
		m := fanoronaMatch(t, "e2-e3A")
		h, g := langHarness(t, m, i18n.English)
		f4, e5 := fanoronaSite(t, m, "f4"), fanoronaSite(t, m, "e5")
		h.dragSite(g, f4, e5, nil)
		if !m.State().MidTurn() {
			t.Fatal("the chain did not go on")
		}
		if !slices.Equal(g.pick.Partial(), []board.Site{e5}) {
			t.Fatalf("after the hop the selection is %v, want the piece on e5", g.pick.Partial())
		}
		next := stepMove(t, m.State())
		if next.Path[0] != e5 {
			t.Fatalf("the chain goes on from %v", next.Path[0])
		}
		n := m.Len()
		h.dragSite(g, e5, next.Path[1], nil)
		if m.Len() != n+1 || m.Move(n) != next {
			t.Errorf("the second hop played %d decisions", m.Len()-n)
		}
		shoot(t, h, "drag-chain-fanorona.png")
	})
}

// TestDragWithoutAPiece presses beside every piece that can move, on an empty point, and
// drags: nothing is picked up, nothing selected, nothing played.
func TestDragWithoutAPiece(t *testing.T) {
	h, g := langHarness(t, humanVsComputer(t, "tablut", 0, 0, 1), i18n.English)
	st := g.m.State()
	empty := board.NoSite
	for s := range st.Board().Len() {
		if len(st.Pieces(board.Site(s), nil)) == 0 {
			empty = board.Site(s)
			break
		}
	}
	to := stepMove(t, st).Path[1]
	h.dragSite(g, empty, to, func() {
		if g.drag.carry {
			t.Error("a drag from an empty point lifted a piece")
		}
	})
	if len(g.pick.Partial()) != 0 || g.m.Len() != 0 {
		t.Errorf("selection %v, %d moves played", g.pick.Partial(), g.m.Len())
	}
}

// TestDragLetGoOverAnotherScreen carries a piece over a target when another screen opens
// on top (the help card, as F1 would open it), lets go there and closes the card: the
// piece was let go on the card, not on the board, so no move is played.
func TestDragLetGoOverAnotherScreen(t *testing.T) {
	h, g := langHarness(t, humanVsComputer(t, "tablut", 0, 0, 1), i18n.English)
	mv := stepMove(t, g.m.State())
	x0, y0 := g.view.SiteCenter(mv.Path[0])
	x1, y1 := g.view.SiteCenter(mv.Path[1])
	h.in.Move(x0, y0)
	h.step(1)
	h.in.DragBy(x1-x0, y1-y0)
	h.step(1)
	if !g.drag.carry {
		t.Fatal("the piece was not picked up")
	}
	h.ctx().Push(newHelpCard())
	h.in.DragBy(0, 0)
	h.step(3) // the rest of the drag, the release, and one more
	h.in.Press(app.KeyBack)
	h.step(3)
	if h.app.Top() != app.Scene(g) {
		t.Fatalf("the top scene is %T", h.app.Top())
	}
	if g.m.Len() != 0 || g.drag.carry {
		t.Errorf("%d moves played, piece carried %v", g.m.Len(), g.drag.carry)
	}
}
