package node

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func start(t testing.TB) *State { return rulestest.Start[*State](t, Game, "") }

func startWith(t testing.TB, opts string) *State { return rulestest.Start[*State](t, Game, opts) }

// position builds a main-phase position from a board drawn as a hexagon, top row first, one
// token per cell: W for a white piece, B or A for a black one, anything else an empty cell.
func position(t testing.TB, size int, text string, toMove rules.Player) *State {
	t.Helper()
	v := variants[size]()
	s := &State{Status: rules.Status{Turn: toMove}, v: v, pending: -1}
	rows := strings.Split(strings.TrimSpace(text), "\n")
	r := size - 1
	if len(rows) != 2*r+1 {
		t.Fatalf("diagram has %d rows, want %d", len(rows), 2*r+1)
	}
	for i, row := range rows {
		y := r - i
		tokens := strings.Fields(row)
		lo := max(-r, -r-y)
		if len(tokens) != min(r, r-y)-lo+1 {
			t.Fatalf("row %q has %d cells", row, len(tokens))
		}
		for j, tok := range tokens {
			c := int(v.Board.At(lo+j, y))
			switch tok {
			case "W":
				s.occ[0].Add(c)
			case "B", "A":
				s.occ[1].Add(c)
			}
		}
	}
	if s.placed() < openingPieces {
		t.Fatal("a main-phase position needs at least three pieces")
	}
	s.choices = s.turnChoices(toMove)
	s.Zobrist = s.ComputeHash()
	return s
}

func site(t testing.TB, s *State, label string) int {
	t.Helper()
	c, err := s.v.Board.Parse(label)
	if err != nil {
		t.Fatal(err)
	}
	return int(c)
}

func texts(s *State) []string { return rulestest.MoveTexts(s) }

func sorted(x []string) []string { y := slices.Clone(x); slices.Sort(y); return y }

// inner lists the inner cells among the legal placements.
func inner(s *State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		if s.v.Inner.Has(int(m.Path[0])) {
			out = append(out, rules.FormatMove(s, m))
		}
	}
	slices.Sort(out)
	return out
}

// TestOpening: White places one anchor, Black two in one turn, and only then may nodes be
// placed; Black's two opening anchors work together on Black's first main turn.
func TestOpening(t *testing.T) {
	s := start(t)
	if len(texts(s)) != 30 || s.Prompt() != "opening-anchor" || s.MidTurn() {
		t.Fatalf("start: %d moves, prompt %q", len(texts(s)), s.Prompt())
	}
	rulestest.Play(t, s, "@a7")
	if s.Turn != 1 || s.MidTurn() || s.Prompt() != "opening-anchors" || len(texts(s)) != 29 {
		t.Fatalf("after @a7: %d to move, prompt %q, %d moves", s.Turn, s.Prompt(), len(texts(s)))
	}
	rulestest.Play(t, s, "@c11")
	if s.Turn != 1 || !s.MidTurn() || s.Prompt() != "opening-second" || len(inner(s)) != 0 || len(texts(s)) != 28 {
		t.Fatalf("after @c11: %d to move, mid-turn %v, prompt %q, inner %v", s.Turn, s.MidTurn(), s.Prompt(), inner(s))
	}
	rulestest.Play(t, s, "@h1")
	if s.Turn != 0 || s.MidTurn() || s.Prompt() != "anchor-or-node" {
		t.Fatalf("after @h1: %d to move, prompt %q", s.Turn, s.Prompt())
	}
	// White has a single anchor, so no node yet.
	if got := inner(s); len(got) != 0 {
		t.Errorf("White may place nodes %v with one anchor", got)
	}
	rulestest.Play(t, s, "@k6")
	if !s.MidTurn() || s.Prompt() != "node" {
		t.Fatalf("after @k6: mid-turn %v, prompt %q", s.MidTurn(), s.Prompt())
	}
	// The corner k6 sees only row 6, which crosses a7's lines at b6 alone.
	if got, want := inner(s), []string{"@b6"}; !slices.Equal(got, want) {
		t.Errorf("White's nodes %v, want %v", got, want)
	}
	rulestest.Play(t, s, "@b6")
	// Black's c11 and h1: the letter c meets h1's NW–SE diagonal at c6, and c11's diagonal
	// meets the letter h at h6.
	if got, want := inner(s), []string{"@c6", "@h6"}; !slices.Equal(got, want) {
		t.Errorf("Black's nodes from the two opening anchors %v, want %v", got, want)
	}
}

// TestWorkedExamples are two test vectors worked out independently when the rules were
// settled, with pieces on the lines, which do not matter.
func TestWorkedExamples(t *testing.T) {
	s := position(t, 6, `
      o W o o o o
     o . . . . . o
    o . . . . . . o
   o . . . . . . . o
  B . . W . . . . . o
 o . . . . . . . . . o
  o . . . . . . . . o
   o . . . . W . . o
    o . . . . . . o
     o . . . . . o
      o o o o o W`, 1)
	rulestest.Play(t, s, "@h1")
	if got, want := texts(s), []string{"@b7", "@h7"}; !slices.Equal(got, want) {
		t.Errorf("nodes %v, want %v", got, want)
	}
	s = position(t, 6, `
      o o B o o o
     o . . . . . o
    o . . . . . . o
   o . . . . . . . o
  o . . . . . . . . o
 W . . . . . . . . . W
  o . . . . . . . . o
   o . . . . . . . o
    o . . . . . . o
     o . . . . . o
      o o o o o o`, 1)
	rulestest.Play(t, s, "@k3")
	if s.MidTurn() || s.Turn != 0 {
		t.Errorf("c11 and k3 share one line, so no node exists and the anchor is the turn\n%s", s)
	}
}

// TestNodes checks the node rule on its own: two lines, one through each anchor.
func TestNodes(t *testing.T) {
	v := variants[6]()
	tests := []struct {
		a, b string
		want []string
	}{
		{"a7", "h1", []string{"b7", "h7"}},
		{"c11", "k3", nil},
		// Opposite corners share the long diagonal through the centre: nothing.
		{"a6", "k6", nil},
		// Neighbouring corners: their lines through the centre cross there.
		{"a6", "a11", []string{"f6"}},
		// Two cells of one side share only the side's line, which holds no inner cell, so
		// their other lines cross as usual.
		{"g1", "i1", []string{"g3"}},
	}
	for _, tc := range tests {
		a, _ := v.Board.Parse(tc.a)
		b, _ := v.Board.Parse(tc.b)
		var got []string
		for c := 0; c < v.Cells; c++ {
			if Nodes(v.Hex192, int(a), int(b)).Has(c) {
				got = append(got, v.Board.Label(board.Site(c)))
			}
		}
		if slices.Sort(got); !slices.Equal(got, sorted(tc.want)) {
			t.Errorf("nodes of %s and %s: %v, want %v", tc.a, tc.b, got, sorted(tc.want))
		}
		if Nodes(v.Hex192, int(b), int(a)) != Nodes(v.Hex192, int(a), int(b)) {
			t.Errorf("nodes of %s and %s depend on the order", tc.a, tc.b)
		}
	}
}

// TestWins: an anchor or a node completing a chain wins at once; corners count for both
// their sides; adjacent sides do not win.
func TestWins(t *testing.T) {
	row := `
     o o o o
    o . . . o
   o . . . . o
  W W W W W W o
   o . . . . o
    o . . . o
     o B B B`
	tests := []struct {
		name, diagram, move string
		reason              string
	}{
		{"a node for a4 and g3 joins the corner a4 to the corner g4", `
     o o o o
    o . . . o
   o . . . . o
  W W W W W . W
   o . . . . W
    o . . . o
     o B B B`, "@f4", reasonOpposite},
		{"an anchor wins at once: a4's side S4 and f5's S1", row, "@f5", reasonOpposite},
		{"the corner a4 counts for its side S5 too, opposite g3's S2", row, "@g3", reasonOpposite},
		{"a Y joining three sides that do not touch", `
     o o o o
    o . W . o
   o . . W . o
  o . . W W W o
   W . W . . W
    W W . . o
     o B B B`, "@c7", reasonThree},
		{"three sides with two of them adjacent do not win", `
     o o o o
    o . . . o
   o . . . . o
  o . . W W W W
   o . . W . o
    o . W . o
     B o o B`, "@e1", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, 4, tc.diagram, 0)
			rulestest.Play(t, s, tc.move)
			o, over := s.Outcome()
			if over != (tc.reason != "") || over && (o.Winner != 0 || o.Reason != tc.reason) {
				t.Fatalf("outcome %+v over %v, want reason %q\n%s", o, over, tc.reason, s)
			}
			if over && (s.MidTurn() || len(s.LegalMoves(nil)) != 0 || s.Prompt() != "") {
				t.Error("the game goes on after the win")
			}
		})
	}
}

// TestNoMoves: a player with a full ring and no node anywhere loses (Koma's resolution).
// After White's node on c3, Black's only empty cell is b3, which Black's anchors a4 and d1
// both see along one line: not a node.
func TestNoMoves(t *testing.T) {
	s := position(t, 3, `
    B W W
   B B W B
  W . . W W
   W B B B
    W B B`, 0)
	rulestest.Play(t, s, "@c3")
	o, over := s.Outcome()
	if !over || o.Winner != 0 || o.Reason != reasonNoMoves {
		t.Fatalf("outcome %+v over %v, want White to win by no-moves\n%s", o, over, s)
	}
}

func TestWhyNot(t *testing.T) {
	opening := start(t)
	rulestest.Play(t, opening, "@f1")
	main := position(t, 6, `
      o W o o o o
     o . . . . . o
    o . . . . . . o
   o . . . . . . . o
  B . . . . . . . . o
 o . . . . . . . . . o
  o . . . . . . . . o
   o . . . . . . . o
    o . . . . . . o
     o . . . . . o
      o o o o o W`, 1)
	pending := main.Clone().(*State)
	rulestest.Play(t, pending, "@h1")
	shared := position(t, 6, `
      o o B o o o
     o . . . . . o
    o . . . . . . o
   o . . . . . . . o
  o . . . . . . . . o
 W . . . . . . . . . W
  o . . . . . . . . o
   o . . . . . . . o
    o . . . . . . B
     o . . . . . o
      o o o o o o`, 1)
	tests := []struct {
		s    *State
		cell string
		want string
	}{
		{start(t), "f6", "opening-outer"},
		{opening, "f6", "opening-outer"},
		{opening, "f1", "occupied"},
		{opening, "a6", ""},
		{main, "f6", "not-in-line"},
		{main, "c7", "no-second-line"},
		{main, "a6", ""},
		{pending, "a6", "node-now"},
		{pending, "c7", "not-in-line-new"},
		{pending, "h5", "no-second-line"},
		{pending, "b7", ""},
		{pending, "h1", "occupied"},
		{shared, "e9", "same-line"},
	}
	for _, tc := range tests {
		c := board.Site(site(t, tc.s, tc.cell))
		if got := tc.s.WhyNot([]board.Site{c}); got != tc.want {
			t.Errorf("WhyNot(%s) = %q, want %q\n%s", tc.cell, got, tc.want, tc.s)
		}
		if legal := tc.s.choices.Has(int(c)); legal != (tc.want == "") {
			t.Errorf("%s: legal %v, but WhyNot says %q", tc.cell, legal, tc.want)
		}
	}
}

func TestMarks(t *testing.T) {
	s := start(t)
	n := 0
	for _, m := range s.Marks(nil) {
		if m.Kind != rules.Ring || !s.v.Ring.Has(int(m.Site)) {
			t.Errorf("mark %+v", m)
		}
		n++
	}
	if n != 30 {
		t.Errorf("%d ring marks, want 30", n)
	}
}

func TestPerft(t *testing.T) {
	rulestest.Perft(t, rulestest.Spec(t, Game, ""), "node", 3)
	rulestest.Perft(t, rulestest.Spec(t, Game, "size=4"), "node-4", 4)
}

func TestConformance(t *testing.T) {
	for _, opts := range append(slices.Clone(Game.Presets), "size=3", "size=8") {
		rulestest.Conformance(t, rulestest.Spec(t, Game, opts))
	}
}

func TestRandomMoveAgrees(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) { rulestest.RandomMoveAgrees(t, s, seed) })
	}
}

func TestPlayoutsDoNotAllocate(t *testing.T) { rulestest.PlayoutsDoNotAllocate(t, start(t)) }

func TestHash(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if s.Hash() != s.ComputeHash() {
				t.Fatalf("seed %d: incremental hash differs\n%s", seed, s)
			}
		})
	}
	// The node still owed is part of the position.
	a := start(t)
	rulestest.Play(t, a, "@a7", "@c11", "@h1", "@k6")
	b := *a
	b.Zobrist ^= b.v.pendingKey(int(b.pending))
	b.pending = -1
	if !a.MidTurn() || b.MidTurn() || a.Hash() == b.Hash() || b.Hash() != b.ComputeHash() || string(a.AppendKey(nil)) == string(b.AppendKey(nil)) {
		t.Error("the owed node is not part of the hash and key")
	}
}

func BenchmarkPlayout(b *testing.B) { rulestest.BenchPlayout(b, start(b)) }

func BenchmarkRandomMovePlayout(b *testing.B) { rulestest.BenchRandomMovePlayout(b, start(b)) }

// TestKeptSetsMatch plays random games and checks before every decision that what Apply
// keeps (anchor sight counts, node sets, groups, choices) agrees with a recomputation from
// the pieces.
func TestKeptSetsMatch(t *testing.T) {
	for _, opts := range []string{"", "size=3", "size=4", "size=8"} {
		root := startWith(t, opts)
		rng := rand.New(rand.NewPCG(7, 8))
		for range 40 {
			s := *root
			for !s.Over {
				fresh := s
				fresh.rebuild()
				if fresh.seen1 != s.seen1 || fresh.seen2 != s.seen2 || fresh.nodes != s.nodes || fresh.pieces != s.pieces {
					t.Fatalf("%s: kept sets differ from a rebuild\n%s", opts, &s)
				}
				for p := range s.occ {
					for c := 0; c < s.v.Cells; c++ {
						if s.occ[p].Has(c) && s.groups.Sides(c) != s.v.GroupSides(s.occ[p], c) {
							t.Fatalf("%s: group sides of %s differ\n%s", opts, s.v.Board.Label(board.Site(c)), &s)
						}
					}
				}
				var want set
				switch n := s.occ[0].Count() + s.occ[1].Count(); {
				case s.pending >= 0:
					want = s.nodesFor(s.Turn, int(s.pending))
				case n < openingPieces:
					want = s.v.Ring.AndNot(s.occupied())
				default:
					want = s.turnChoices(s.Turn)
				}
				if s.choices != want {
					t.Fatalf("%s: choices differ from a recomputation\n%s", opts, &s)
				}
				m, _ := s.RandomMove(rng)
				s.Apply(m)
			}
		}
	}
}
