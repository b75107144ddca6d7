package scenes

import (
	"slices"
	"testing"

	"koma/app/match"
	"koma/render"
	"koma/rules"
	"koma/rules/board"
	"koma/rules/catalog"
)

// reachMatch is a Tiptoe game between two people after the setup: White d4 and d5 (a group
// of 2), Black f6 and b7, White to move.
func reachMatch(t *testing.T) *match.Match {
	t.Helper()
	spec, err := catalog.All.ParseSpec("tiptoe")
	if err != nil {
		t.Fatal(err)
	}
	st, err := spec.New()
	if err != nil {
		t.Fatal(err)
	}
	var moves []rules.Move
	for _, text := range []string{"@d4", "@f6", "@b7", "@d5"} {
		mv, err := rules.ParseMove(st, text)
		if err != nil {
			t.Fatal(err)
		}
		st.Apply(mv)
		moves = append(moves, mv)
	}
	m, err := match.NewAt(spec, []match.Seat{match.Human(), match.Human()}, 1, moves)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func siteLabels(b *board.Topology, sites []board.Site) []string {
	var out []string
	for _, s := range sites {
		out = append(out, b.Label(s))
	}
	slices.Sort(out)
	return out
}

// TestReachHoverShowsSources: with the pointer on a point White may place on, the board
// marks the White pieces that reach it, and only those; on a point nobody reaches, none.
func TestReachHoverShowsSources(t *testing.T) {
	m := reachMatch(t)
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	b := m.State().Board()
	decor := func() render.Decorations {
		d := render.Decorations{Selected: board.NoSite}
		g.reachDecorate(h.ctx(), &d)
		return d
	}
	for _, tc := range []struct {
		hover string
		want  []string
	}{
		{"b4", []string{"d4"}},
		{"f5", []string{"d5"}},
		{"d7", []string{"d5"}},
		{"d3", nil}, // one step from a group of 2
		{"d6", nil}, // the way up from d4 passes d5
		{"f6", nil}, // Black's piece
	} {
		s, err := b.Parse(tc.hover)
		if err != nil {
			t.Fatal(err)
		}
		x, y := g.view.SiteCenter(s)
		h.in.Move(x, y)
		h.step(1)
		if got := siteLabels(b, decor().Movable); !slices.Equal(got, tc.want) {
			t.Errorf("hovering %s marks %v, want %v", tc.hover, got, tc.want)
		}
		if tc.hover == "f5" {
			shoot(t, h, "tiptoe-reach-hover.png")
		}
	}

	// A click on d4 selects it and shows the points it reaches; the move is not played.
	d4, _ := b.Parse("d4")
	h.clickSite(g, d4)
	if m.Len() != 4 {
		t.Fatalf("a click on one's own piece played a move")
	}
	d := decor()
	if d.Selected != d4 || !slices.Equal(siteLabels(b, d.Targets), []string{"b4", "d2", "f4"}) {
		t.Errorf("d4 selected: selected %v targets %v", d.Selected, siteLabels(b, d.Targets))
	}
	shoot(t, h, "tiptoe-reach-selected.png")
	// A second click puts it down; a click on a reached point plays there.
	h.clickSite(g, d4)
	if d := decor(); d.Selected != board.NoSite {
		t.Errorf("a second click left d4 selected")
	}
	f4, _ := b.Parse("f4")
	h.clickSite(g, f4)
	h.settle(g)
	if m.Len() != 5 {
		t.Fatalf("a click on a reached point did not place there")
	}
}
