package skirt

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/kit"
	"koma/rules/rulestest"
)

func start(t testing.TB) *State { return rulestest.Start[*State](t, Game, "") }

// diagram reads a board drawn as a hexagon, top row first, one token per cell: W or A for a
// white piece, B for a black one, anything else ("o", ".", "x") an empty cell. It returns
// the pieces and the cells marked x.
func diagram(t testing.TB, v *variant, text string) (occ [2]kit.Set192, marked kit.Set192) {
	t.Helper()
	rows := strings.Split(strings.TrimSpace(text), "\n")
	r := v.Size - 1
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
			case "W", "A":
				occ[0].Add(c)
			case "B":
				occ[1].Add(c)
			case "x":
				marked.Add(c)
			}
		}
	}
	return occ, marked
}

// position builds a position from a diagram at the start of toMove's turn.
func position(t testing.TB, size int, text string, toMove rules.Player) *State {
	t.Helper()
	v := variants[size]()
	s := &State{Status: rules.Status{Turn: toMove}, v: v, pending: -1}
	s.occ, _ = diagram(t, v, text)
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

func labels(v *variant, set kit.Set192) []string {
	var out []string
	for c := 0; c < v.Cells; c++ {
		if set.Has(c) {
			out = append(out, v.Board.Label(board.Site(c)))
		}
	}
	slices.Sort(out)
	return out
}

// TestBoard checks the outer area, the sides and the corners of the package comment on the
// size-6 board.
func TestBoard(t *testing.T) {
	s := start(t)
	v := s.v
	if v.Cells != 91 || v.Ring.Count() != 30 || v.Inner.Count() != 61 {
		t.Fatalf("%d cells, %d on the ring, %d inside", v.Cells, v.Ring.Count(), v.Inner.Count())
	}
	corners := map[string]uint8{"k6": 1<<1 | 1<<2, "a6": 1<<4 | 1<<5, "f11": 1<<0 | 1<<1, "a11": 1<<0 | 1<<5, "k1": 1<<2 | 1<<3, "f1": 1<<3 | 1<<4}
	for label, want := range corners {
		if got := v.Sides[site(t, s, label)]; got != want {
			t.Errorf("corner %s on sides %06b, want %06b", label, got, want)
		}
	}
	for k := 0; k < 6; k++ {
		n := 0
		for c := 0; c < v.Cells; c++ {
			if v.Sides[c]>>k&1 != 0 {
				n++
			}
		}
		if n != 6 {
			t.Errorf("side S%d has %d cells, want 6 with both corners", k, n)
		}
	}
	for _, tc := range []struct {
		label string
		want  uint8
	}{{"c11", 1 << 0}, {"a8", 1 << 5}, {"h1", 1 << 3}, {"k3", 1 << 2}, {"c4", 1 << 4}, {"h9", 1 << 1}, {"f6", 0}, {"b6", 0}} {
		if got := v.Sides[site(t, s, tc.label)]; got != tc.want {
			t.Errorf("%s on sides %06b, want %06b", tc.label, got, tc.want)
		}
	}
	var marks []string
	for _, m := range s.Marks(nil) {
		if m.Kind != rules.Ring {
			t.Errorf("mark %+v is not a ring mark", m)
		}
		marks = append(marks, v.Board.Label(m.Site))
	}
	if slices.Sort(marks); !slices.Equal(marks, labels(v, v.Ring)) {
		t.Errorf("marks %v, want the ring", marks)
	}
}

func TestOpening(t *testing.T) {
	s := start(t)
	if got := texts(s); len(got) != 30 {
		t.Fatalf("%d opening moves, want the 30 ring cells", len(got))
	}
	if s.Prompt() != "first-outer" {
		t.Errorf("prompt %q", s.Prompt())
	}
	// White's first piece ends the turn even though lines from it reach the inside.
	rulestest.Play(t, s, "@g1")
	if s.MidTurn() || s.Turn != 1 || s.Prompt() != "outer-or-inner" {
		t.Fatalf("after @g1: mid-turn %v, %d to move, prompt %q", s.MidTurn(), s.Turn, s.Prompt())
	}
	// Black has no outer piece yet, so only outer cells are open.
	for _, m := range s.LegalMoves(nil) {
		if !s.v.Ring.Has(int(m.Path[0])) {
			t.Errorf("Black may place %s without an outer piece", rules.FormatMove(s, m))
		}
	}
	rulestest.Play(t, s, "@c11")
	if !s.MidTurn() || s.Turn != 1 || s.Prompt() != "inner" {
		t.Fatalf("after @c11: mid-turn %v, %d to move, prompt %q", s.MidTurn(), s.Turn, s.Prompt())
	}
	if got, want := texts(s), sorted([]string{"@c10", "@c9", "@c8", "@c7", "@c6", "@c5", "@d10", "@e9", "@f8", "@g7", "@h6", "@i5", "@j4"}); !slices.Equal(got, want) {
		t.Errorf("inner moves %v, want %v", got, want)
	}
	rulestest.Play(t, s, "@c7")
	if s.MidTurn() || s.Turn != 0 {
		t.Fatal("the inner piece ends the turn")
	}
}

func texts(s *State) []string { return rulestest.MoveTexts(s) }

// TestWorkedExample is a test vector worked out independently when the rules were settled:
// the targets from g1 with a jump over g2–g3 and the open diagonal.
func TestWorkedExample(t *testing.T) {
	const text = `
      o o o o o o
     o . . . . . o
    o . . . . . . o
   o . . . . . . . o
  o . . . . . . . . o
 o x . . . . W . . . o
  o x . . . x . . . o
   o x . . x . W . o
    o x B B . . . o
     o x B . . . o
      o A o o o o`
	s := position(t, 6, text, 0)
	_, want := diagram(t, s.v, text)
	if got := Targets(s.v.Hex192, s.occupied(), site(t, s, "g1")); got != want {
		t.Errorf("targets %v, want %v", labels(s.v, got), labels(s.v, want))
	}
}

// TestTargets covers each clause of reaching inside, from the outer cell from.
func TestTargets(t *testing.T) {
	tests := []struct {
		name, diagram, from string
		want                []string
	}{
		{"a corner has one line inward, through the centre", `
      o o o o o o
     o . . . . . o
    o . . . . . . o
   o . . . . . . . o
  o . . . . . . . . o
 o . . . . . . . . . A
  o . . . . . . . . o
   o . . . . . . . o
    o . . . . . . o
     o . . . . . o
      o o o o o o`, "k6", []string{"b6", "c6", "d6", "e6", "f6", "g6", "h6", "i6", "j6"}},
		{"a piece further away blocks; ring pieces beside do not matter", `
      o o o o o o
     o . . . . . o
    o . . . . . . o
   o . . . . . . . o
  o . . . . . . . . o
 o . . . . . . . . . o
  o . . . . . . . . o
   o . . . . B . . o
    o . . . . . . o
     o . . . . . o
      o B A W o o`, "h1", []string{"h2", "h3", "g2", "f3", "e4", "d5", "c6", "b7"}},
		{"the jumped run may hold both colours; only one run is jumped", `
      o o o o o o
     o . . . . . o
    o . . . . . . o
   o . . . . . . . o
  o . . . . . . B . o
 o . . . . . . . . . o
  o . . . . . . . . o
   o . W . . . . . o
    o . . . B . . o
     o . B W . . o
      o o A o o o`, "h1", []string{"f3", "h4", "h5", "h6"}},
		{"a run reaching the far side leaves nothing", `
      o o o o o o
     o . . . . . o
    o . . . . . . o
   o . . . . . . . o
  o . . . . . . . . o
 A W B W W B W B W B o
  o . . . . . . . . o
   o . . . . . . . o
    o . . . . . . o
     o . . . . . o
      o o o o o o`, "a6", nil},
		{"the targets after a jump stop at the next piece", `
      o o o o o o
     o . . . . . o
    o . . . . . . o
   o . . . . . . . o
  o . . . . . . . . o
 A B W . . B . . . . o
  o . . . . . . . . o
   o . . . . . . . o
    o . . . . . . o
     o . . . . . o
      o o o o o o`, "a6", []string{"d6", "e6"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, 6, tc.diagram, 0)
			got := labels(s.v, Targets(s.v.Hex192, s.occupied(), site(t, s, tc.from)))
			if !slices.Equal(got, sorted(tc.want)) {
				t.Errorf("targets %v, want %v", got, sorted(tc.want))
			}
		})
	}
}

// TestTurnKinds checks the three kinds of turn: outer then inner, inner only from any outer
// piece, and outer only when nothing is reachable from the new piece.
func TestTurnKinds(t *testing.T) {
	s := position(t, 4, `
     o o o o
    o . . . o
   o . . . . o
  W . . . . . o
   o . . . . o
    o . . . o
     o B o o`, 0)
	// Any empty outer cell, or an inner cell on row 4 reached from White's corner a4; Black's
	// e1 gives White nothing.
	want := sorted([]string{"@a7", "@b7", "@c7", "@d7", "@a6", "@e6", "@a5", "@f5", "@g4", "@b3", "@g3", "@c2", "@g2", "@d1", "@f1", "@g1",
		"@b4", "@c4", "@d4", "@e4", "@f4"})
	if got := texts(s); !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	rulestest.Play(t, s, "@d4")
	if s.MidTurn() || s.Turn != 1 {
		t.Error("an inner piece alone is a whole turn")
	}
	// Black's corner d1 looks up the d line, whose every inner cell is taken: the outer piece
	// is the whole turn.
	s = position(t, 4, `
     o o o o
    o . . W o
   o . . B . o
  o . . W . . o
   o . B . . o
    o W . . o
     o o o o`, 1)
	rulestest.Play(t, s, "@d1")
	if s.MidTurn() || s.Turn != 0 {
		t.Errorf("a new outer piece that reaches nothing ends the turn:\n%s", s)
	}
	// With the outer piece placed, the inner one must be in line with it, not with older ones.
	s = position(t, 4, `
     o o o o
    o . . . o
   o . . . . o
  W . . . . . o
   o . . . . o
    o . . . o
     o o o o`, 0)
	// From the corner g1 only the f2–b6 diagonal, not White's row 4.
	rulestest.Play(t, s, "@g1")
	if got, want := texts(s), sorted([]string{"@f2", "@e3", "@d4", "@c5", "@b6"}); !slices.Equal(got, want) {
		t.Errorf("after @g1: %v, want %v", got, want)
	}
}

func sorted(x []string) []string { y := slices.Clone(x); slices.Sort(y); return y }

func startWith(t testing.TB, opts string) *State { return rulestest.Start[*State](t, Game, opts) }

// TestWins covers the connection clauses: opposite sides, three non-adjacent sides, a
// corner counting for both its sides, wins on an inner and on an outer piece (which ends
// the turn with no inner piece), and groups that do not yet win.
func TestWins(t *testing.T) {
	row := `
     o o o o
    o . . . o
   o . . . . o
  W W W W W W o
   o . . . . o
    o . . . o
     o o o o`
	tests := []struct {
		name, diagram, move string
		reason              string // "" when the game goes on
	}{
		{"an inner piece joins the corner a4 to the corner g4", `
     o o o o
    o . . . o
   o . . . . o
  W W W W W . W
   o . . . . o
    o . . . o
     o o o o`, "@f4", reasonOpposite},
		{"an outer piece wins at once: a4's side S4 and f5's S1", row, "@f5", reasonOpposite},
		{"the corner a4 counts for its other side S5 too, opposite g3's S2", row, "@g3", reasonOpposite},
		{"a Y joining the top, lower-right and lower-left sides", `
     o o o o
    o . W . o
   o . . W . o
  o . . W W W o
   o . W . . W
    W W . . o
     o o o o`, "@c7", reasonThree},
		{"two adjacent sides do not win", `
     o o o o
    o . . . o
   o . . . . o
  o . . . . . o
   o . . . . o
    o . . . o
     o o o W`, "@g2", ""},
		{"three sides with two of them adjacent do not win", `
     o o o o
    o . . . o
   o . . . . o
  o . . W W W W
   o . . W . o
    o . W . o
     o o o o`, "@e1", ""},
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

// TestNoMoves: a player with a full ring and no reachable inner cell loses (Koma's
// resolution). On the size-3 board the centre lies on no line from the middle of a side, so
// Black, who holds the six middles, cannot reach it once every other cell is full; no group
// has won.
func TestNoMoves(t *testing.T) {
	s := position(t, 3, `
    W B W
   B W B B
  W B . . W
   B W B B
    W B W`, 0)
	rulestest.Play(t, s, "@d3")
	o, over := s.Outcome()
	if !over || o.Winner != 0 || o.Reason != reasonNoMoves {
		t.Fatalf("outcome %+v over %v, want White to win by no-moves\n%s", o, over, s)
	}
	if ps := s.Pieces(board.Site(site(t, s, "c3")), nil); len(ps) != 0 {
		t.Error("the centre should still be empty")
	}
	// White, with the corners, would still reach it.
	if !s.turnChoices(0).Has(site(t, s, "c3")) {
		t.Error("White's corners reach the centre")
	}
}

func TestWhyNot(t *testing.T) {
	s := start(t)
	vector := position(t, 6, `
      o o o o o o
     o . . . . . o
    o . . . . . . o
   o . . . . . . . o
  o . . . . . . . . o
 o . . . . . W . . . o
  o . . . . . . . . o
   o . . . . . W . o
    o . B B . . . o
     o . B . . . o
      o A o o o o`, 0)
	opened := start(t)
	rulestest.Play(t, opened, "@g1")
	pending := start(t)
	rulestest.Play(t, pending, "@g1", "@c11")
	tests := []struct {
		s    *State
		cell string
		want string
	}{
		{s, "f6", "first-outer"},
		{s, "a6", ""},
		{opened, "g1", "occupied"},
		{opened, "g2", "not-in-line"},
		{opened, "k6", ""},
		{pending, "a6", "inner-now"},
		{pending, "f6", "not-in-line-new"},
		{pending, "c8", ""},
		{vector, "g7", "blocked"},
		{vector, "g2", "occupied"},
		{vector, "h5", "not-in-line"},
		{vector, "g5", ""},
		{vector, "a8", ""},
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

func TestPerft(t *testing.T) {
	rulestest.Perft(t, rulestest.Spec(t, Game, ""), "skirt", 3)
	rulestest.Perft(t, rulestest.Spec(t, Game, "size=4"), "skirt-4", 3)
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
	// The inner piece still owed is part of the position: the same pieces with Black's g1
	// as a finished turn hash and key differently.
	a := start(t)
	rulestest.Play(t, a, "@a6", "@g1")
	b := *a
	b.Zobrist ^= b.v.pendingKey(int(b.pending))
	b.pending = -1
	if !a.MidTurn() || b.MidTurn() || a.Hash() == b.Hash() || b.Hash() != b.ComputeHash() || string(a.AppendKey(nil)) == string(b.AppendKey(nil)) {
		t.Error("the owed inner piece is not part of the hash and key")
	}
}

func BenchmarkPlayout(b *testing.B) { rulestest.BenchPlayout(b, start(b)) }

func BenchmarkRandomMovePlayout(b *testing.B) { rulestest.BenchRandomMovePlayout(b, start(b)) }

// TestKeptSetsMatch plays random games and checks before every decision that what Apply
// keeps (ray reaches, reached sets, groups, choices) agrees with a recomputation from the
// pieces.
func TestKeptSetsMatch(t *testing.T) {
	for _, opts := range []string{"", "size=3", "size=4", "size=8"} {
		root := rulestest.Start[*State](t, Game, opts)
		rng := rand.New(rand.NewPCG(7, 8))
		for range 40 {
			s := *root
			for !s.Over {
				fresh := s
				fresh.rebuild()
				if fresh.rayOcc != s.rayOcc || fresh.owner != s.owner || fresh.reached != s.reached {
					t.Fatalf("%s: kept ray sets differ from a rebuild\n%s", opts, &s)
				}
				for p := range s.occ {
					for c := 0; c < s.v.Cells; c++ {
						if s.occ[p].Has(c) && s.groups.Sides(c) != s.v.GroupSides(s.occ[p], c) {
							t.Fatalf("%s: group sides of %s differ\n%s", opts, s.v.Board.Label(board.Site(c)), &s)
						}
					}
				}
				var want kit.Set192
				switch {
				case s.pending >= 0:
					want = Targets(s.v.Hex192, s.occupied(), int(s.pending))
				case s.occupied().Empty():
					want = s.v.Ring
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

// TestReachOf compares the playout path's ray tables and reachOf with Ray.Reach and
// Hex192.RaySet for every ray of every size and every occupancy of its cells.
func TestReachOf(t *testing.T) {
	for n := MinSize; n <= MaxSize; n++ {
		v := variants[n]()
		for r := 0; r < v.NumRays; r++ {
			ray := &v.Rays[r]
			for occ := uint16(0); occ < 1<<ray.Len; occ++ {
				want := ray.Reach(occ)
				got := reachOf(occ, v.rays[r].full)
				var set kit.Set192
				sp := &v.span[r]
				rewrite(&set, &sp[v.rays[r].n], &sp[bits.TrailingZeros16(got)&15], &sp[bits.Len16(got)&15])
				v.rewrite3(&set, r, uint64(v.rays[r].n), got)
				if got != want || set != v.RaySet(r, want) {
					t.Fatalf("size %d ray %d occupancy %b: reach %b, want %b", n, r, occ, got, want)
				}
			}
		}
		// fill's packed entries: the bit, the ray and the ray's data.
		for c := 0; c < v.Cells; c++ {
			if !v.Inner.Has(c) {
				continue
			}
			for _, rb := range v.CellRays[c] {
				ray := &v.Rays[rb.Ray]
				e := v.cellRays[c][ray.Dir]
				if uint16(e) != 1<<rb.Bit || e>>16&(rayCap-1) != uint64(rb.Ray) || uint16(e>>32) != v.rays[rb.Ray].full ||
					e>>48&15 != uint64(ray.Len) || e>>56&7 != uint64(ray.Dir) {
					t.Fatalf("size %d cell %d: entry %d is %x for ray %d bit %d", n, c, ray.Dir, e, rb.Ray, rb.Bit)
				}
			}
		}
	}
}

// TestDrawnMove checks the note RandomMove leaves (rulestest.DrawnNote) on every size.
func TestDrawnMove(t *testing.T) {
	for n := MinSize; n <= MaxSize; n++ {
		root := rulestest.Start[*State](t, Game, "size="+strconv.Itoa(n))
		rulestest.DrawnNote(t, root, 30, uint64(n),
			func(s *State, m rules.Move) bool { return s.drawn == uint32(m.Path[0])+1 },
			func(s *State) { s.drawn = 0 }, nil)
	}
}
