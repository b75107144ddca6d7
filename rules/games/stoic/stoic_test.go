package stoic

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func mustNew(t testing.TB, optText string) *State { return rulestest.Start[*State](t, Game, optText) }

// diagramCells reads a board drawn as a hexagon: one line per row, top row first, an
// optional row number, then one token per cell from the left. W and B are pieces; any other
// token marks an empty cell and is returned with its label so that tests can carry
// expectations in the picture.
func diagramCells(t *testing.T, size int, diagram string) (pieces map[string]rules.Player, marks map[string]string) {
	t.Helper()
	r := size - 1
	var lines []string
	for _, l := range strings.Split(diagram, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) != 2*r+1 {
		t.Fatalf("diagram has %d rows, want %d", len(lines), 2*r+1)
	}
	pieces, marks = map[string]rules.Player{}, map[string]string{}
	for i, l := range lines {
		row := 2*r + 1 - i
		f := strings.Fields(l)
		if len(f) > 0 {
			if _, err := strconv.Atoi(f[0]); err == nil {
				f = f[1:]
			}
		}
		first, last := max(0, r+1-row), min(2*r, 3*r+1-row)
		if len(f) != last-first+1 {
			t.Fatalf("diagram row %d has %d cells, want %d", row, len(f), last-first+1)
		}
		for j, tok := range f {
			label := string(rune('a'+first+j)) + strconv.Itoa(row)
			switch tok {
			case "W":
				pieces[label] = 0
			case "B":
				pieces[label] = 1
			default:
				marks[label] = tok
			}
		}
	}
	return pieces, marks
}

// position builds a state from a diagram, whatever the order the pieces could have been
// played in, with the given player to move. It goes through place, the same incremental
// update Apply uses, which must give the same forbidden cells in any order.
func position(t *testing.T, size int, toMove rules.Player, diagram string) (*State, map[string]string) {
	t.Helper()
	s := mustNew(t, "size="+strconv.Itoa(size))
	pieces, marks := diagramCells(t, size, diagram)
	labels := make([]string, 0, len(pieces))
	for l := range pieces {
		labels = append(labels, l)
	}
	slices.Sort(labels)
	for _, l := range labels {
		site, err := s.Board().Parse(l)
		if err != nil {
			t.Fatal(err)
		}
		s.place(int(site), pieces[l])
	}
	s.Turn = toMove
	s.Zobrist = s.ComputeHash()
	s.settle()
	return s, marks
}

func moveTexts(s rules.State) []string { return rulestest.MoveTexts(s) }

// closed lists the empty cells the player to move may not take, sorted.
func closed(t *testing.T, s *State) []string {
	t.Helper()
	legal := moveTexts(s)
	var out []string
	var buf []rules.Piece
	for c := 0; c < s.Board().Len(); c++ {
		if len(s.Pieces(board.Site(c), buf[:0])) > 0 {
			continue
		}
		if l := s.Board().Label(board.Site(c)); !slices.Contains(legal, "@"+l) {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}

func sorted(v ...string) []string {
	v = slices.Clone(v)
	slices.Sort(v)
	return v
}

// TestBoardMatchesReference checks that board.NewHex follows its documented convention:
// cell count, centre label, the corner labels of each row and the six direction vectors.
func TestBoardMatchesReference(t *testing.T) {
	for n := minSize; n <= maxSize; n++ {
		s := mustNew(t, "size="+strconv.Itoa(n))
		b := s.Board()
		r := n - 1
		if b.Len() != 3*n*n-3*n+1 {
			t.Errorf("size %d: %d cells, want %d", n, b.Len(), 3*n*n-3*n+1)
		}
		if got, want := b.Label(b.At(0, 0)), string(rune('a'+r))+strconv.Itoa(n); got != want {
			t.Errorf("size %d: centre %s, want %s", n, got, want)
		}
		for row := 1; row <= 2*r+1; row++ {
			for i := 0; i <= 2*r; i++ {
				label := string(rune('a'+i)) + strconv.Itoa(row)
				_, err := b.Parse(label)
				if exists := i+row >= r+1 && i+row <= 3*r+1; exists != (err == nil) {
					t.Errorf("size %d: cell %s exists=%v, parse error %v", n, label, exists, err)
				}
			}
		}
	}
	s := mustNew(t, "")
	b := s.Board()
	centre, _ := b.Parse("d4")
	steps := []struct {
		dir  board.Dir
		want string
	}{
		{board.HexE, "e4"}, {board.HexNE, "d5"}, {board.HexNW, "c5"},
		{board.HexW, "c4"}, {board.HexSW, "d3"}, {board.HexSE, "e3"},
	}
	for _, st := range steps {
		if got := b.Label(b.Step(centre, st.dir)); got != st.want {
			t.Errorf("d4 + %s = %s, want %s", b.DirName(st.dir), got, st.want)
		}
	}
}

// TestEmptyBoard checks that every cell is open on the empty board (37 on the default
// board) and that White starts.
func TestEmptyBoard(t *testing.T) {
	for n := minSize; n <= maxSize; n++ {
		s := mustNew(t, "size="+strconv.Itoa(n))
		var all []string
		for c := 0; c < s.Board().Len(); c++ {
			all = append(all, "@"+s.Board().Label(board.Site(c)))
		}
		slices.Sort(all)
		if got := moveTexts(s); !slices.Equal(got, all) {
			t.Errorf("size %d: legal moves %v, want every cell", n, got)
		}
		if s.ToMove() != 0 || Game.Sides[0].Colour != rules.White {
			t.Errorf("size %d: White must move first", n)
		}
	}
	if got := len(mustNew(t, "").LegalMoves(nil)); got != 37 {
		t.Errorf("default board: %d first moves, want 37", got)
	}
}

// TestReferenceVector is a test vector worked out by hand when the rules were settled: w
// marks the cells forbidden for White only, b those forbidden for Black only.
func TestReferenceVector(t *testing.T) {
	const diagram = `
 7    . . . .
 6   . . b w .
 5  . b W B w .
 4 . w B W B w .
 3  . w b . . .
 2   . . . . .
 1    . . . .`
	cases := []struct {
		mover rules.Player
		mark  string
		want  []string
	}{
		{0, "w", sorted("b4", "f4", "e5", "d6", "c3")},
		{1, "b", sorted("d3", "b5", "c6")},
	}
	for _, c := range cases {
		s, marks := position(t, 4, c.mover, diagram)
		var marked []string
		for l, m := range marks {
			if m == c.mark {
				marked = append(marked, l)
			}
		}
		slices.Sort(marked)
		if !slices.Equal(marked, c.want) {
			t.Fatalf("diagram marks %v disagree with the listed cells %v", marked, c.want)
		}
		if got := closed(t, s); !slices.Equal(got, c.want) {
			t.Errorf("%s to move: forbidden %v, want %v\n%s", rules.SideName(s, c.mover), got, c.want, rules.Text(s))
		}
	}
}

// TestPlacementRule covers each clause of the placement rule on the small board, where
// the centre is c3 and the middle row runs a3..e3.
func TestPlacementRule(t *testing.T) {
	cases := []struct {
		name    string
		diagram string
		// forbidden cells for White and for Black, whatever the turn
		white, black []string
	}{
		{"one enemy between is forbidden", `
			. . .
			. . . .
			W B . . .
			. . . .
			. . .`, []string{"c3"}, nil},
		{"two enemies in a row may be enclosed", `
			. . .
			. . . .
			W B B . .
			. . . .
			. . .`, nil, nil},
		{"between two enemies is allowed", `
			. . .
			. . . .
			B . B . .
			. . . .
			. . .`, nil, nil},
		{"a gap is not a sandwich", `
			. . .
			. . . .
			. B . W .
			. . . .
			. . .`, nil, nil},
		{"own piece between forbids nothing", `
			. . .
			. . . .
			W W . . .
			. . . .
			. . .`, nil, nil},
		// White's pattern made by Black playing between forbids nothing for White (only
		// lines through the new piece count), while the same pieces close d3 to Black (the
		// forbidden cells depend on the mover).
		{"existing pattern is harmless, colours differ", `
			. . .
			. . . .
			W B W . .
			. . . .
			. . .`, nil, []string{"d3"}},
		{"direction E", `
			. . .
			. . . .
			. . . B W
			. . . .
			. . .`, []string{"c3"}, nil},
		{"direction NE", `
			. . W
			. . B .
			. . . . .
			. . . .
			. . .`, []string{"c3"}, nil},
		{"direction NW", `
			W . .
			. B . .
			. . . . .
			. . . .
			. . .`, []string{"c3"}, nil},
		{"direction W", `
			. . .
			. . . .
			W B . . .
			. . . .
			. . .`, []string{"c3"}, nil},
		{"direction SW", `
			. . .
			. . . .
			. . . . .
			. B . .
			W . .`, []string{"c3"}, nil},
		{"direction SE", `
			. . .
			. . . .
			. . . . .
			. . B .
			. . W`, []string{"c3"}, nil},
		{"both sides at once", `
			. . .
			. . . .
			W B . B W
			. . . .
			. . .`, []string{"c3"}, nil},
		{"black's view of the same shape", `
			. . .
			. . . .
			. . . W B
			. . . .
			. . .`, nil, []string{"c3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for mover, want := range [][]string{sorted(c.white...), sorted(c.black...)} {
				s, _ := position(t, 3, rules.Player(mover), c.diagram)
				got := closed(t, s)
				if len(want) == 0 {
					want = nil
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s to move: forbidden %v, want %v\n%s", rules.SideName(s, rules.Player(mover)), got, want, rules.Text(s))
				}
			}
		})
	}
}

// TestEnd checks the end of the game: the player to move without an open cell loses, on a
// full board or with forbidden empty cells left, and a player who still has a cell goes on.
func TestEnd(t *testing.T) {
	// Black's only empty cells, a5 and c3, are both closed to Black (b5-c5 and d3-e3); White
	// could still take a5 but not c3 (b3-a3).
	const blocked = `
		. W B
		W B W B
		W B . W B
		W B W B
		W B W`
	const full = `
		W B W
		B W B W
		W B W B W
		B W B W
		W B W`
	// A finished game on the rulebook's board size: all eight empty cells are closed to
	// Black (b7 by c7-d7, d5 by d6-d7, f5 by e6-d7, c4 by d4-e4, f4 by f3-f2, d3 by e2-f1,
	// e3 by d4-c5, g2 by f3-e4), so White wins with cells to spare.
	const four = `
		 7    B . W B
		 6   B B W W W
		 5  W B B . W .
		 4 W B . W B . W
		 3  W B . . W B
		 2   B W W B .
		 1    W W B B`
	cases := []struct {
		name    string
		size    int
		diagram string
		mover   rules.Player
		moves   []string
		winner  rules.Player
	}{
		{"rulebook shape: black cannot place", 3, blocked, 1, nil, 0},
		{"four per side: black cannot place", 4, four, 1, nil, 0},
		{"same board, white still has a cell", 3, blocked, 0, []string{"@a5"}, rules.NoPlayer},
		{"full board, black to move", 3, full, 1, nil, 0},
		{"full board, white to move", 3, full, 0, nil, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _ := position(t, c.size, c.mover, c.diagram)
			if got := moveTexts(s); !slices.Equal(got, c.moves) {
				t.Errorf("legal moves %v, want %v\n%s", got, c.moves, rules.Text(s))
			}
			o, over := s.Outcome()
			if c.winner == rules.NoPlayer {
				if over || s.ToMove() != c.mover {
					t.Errorf("game should go on with %d to move, got over=%v %+v", c.mover, over, o)
				}
				return
			}
			want := rules.Outcome{Winner: c.winner, Reason: "no-moves"}
			if !over || o != want || s.ToMove() != rules.NoPlayer {
				t.Errorf("outcome %+v over=%v to move %d, want %+v", o, over, s.ToMove(), want)
			}
		})
	}
}

// TestIllegalMoves checks that rules.Play refuses occupied, forbidden and malformed moves
// and leaves the state as it was.
func TestIllegalMoves(t *testing.T) {
	s, _ := position(t, 4, 0, `
 7    . . . .
 6   . . . . .
 5  . . W B . .
 4 . . B W B . .
 3  . . . . . .
 2   . . . . .
 1    . . . .`)
	site := func(l string) board.Site {
		x, err := s.Board().Parse(l)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	cases := []struct {
		name string
		move rules.Move
	}{
		{"occupied by own piece", rules.NewMove(rules.Place, site("d4"))},
		{"occupied by enemy piece", rules.NewMove(rules.Place, site("e4"))},
		{"forbidden cell", rules.NewMove(rules.Place, site("f4"))},
		{"pass", rules.NewMove(rules.Pass)},
		{"swap", rules.NewMove(rules.Swap)},
		{"step", rules.NewMove(rules.Step, site("d4"), site("d3"))},
		{"tagged placement", rules.Move{Kind: rules.Place, Tag: 1, Len: 1, Path: [rules.MaxPath]board.Site{site("a4")}}},
		{"off the board", rules.NewMove(rules.Place, board.Site(37))},
		{"negative site", rules.NewMove(rules.Place, board.NoSite)},
	}
	before := s.AppendKey(nil)
	for _, c := range cases {
		err := rules.Play(s, c.move)
		if !errors.Is(err, rules.ErrIllegalMove) {
			t.Errorf("%s: Play error %v, want ErrIllegalMove", c.name, err)
		}
		s.Apply(c.move)
		if !bytes.Equal(s.AppendKey(nil), before) || s.Hash() != s.ComputeHash() {
			t.Errorf("%s: Apply changed the state", c.name)
		}
	}
	for _, text := range []string{"@d4", "@f4", "d4", "@h1", "pass", ""} {
		if _, err := rules.ParseMove(s, text); !errors.Is(err, rules.ErrIllegalMove) {
			t.Errorf("ParseMove(%q) error %v, want ErrIllegalMove", text, err)
		}
	}
	if err := rules.Play(s, rules.NewMove(rules.Place, site("a4"))); err != nil {
		t.Errorf("@a4 should be legal: %v", err)
	}
}

// TestPlayAlternates plays a few moves by text and checks colours, turn and key changes.
func TestPlayAlternates(t *testing.T) {
	s := mustNew(t, "")
	seq := []struct {
		move  string
		owner rules.Player
	}{{"@d4", 0}, {"@e4", 1}, {"@c4", 0}, {"@d3", 1}}
	for i, st := range seq {
		m, err := rules.ParseMove(s, st.move)
		if err != nil {
			t.Fatalf("move %d %s: %v", i, st.move, err)
		}
		before := s.AppendKey(nil)
		s.Apply(m)
		if bytes.Equal(before, s.AppendKey(nil)) {
			t.Fatalf("%s did not change the key", st.move)
		}
		got := s.Pieces(m.To(), nil)
		if len(got) != 1 || got[0] != (rules.Piece{Owner: st.owner}) {
			t.Errorf("%s: pieces %v, want one of player %d", st.move, got, st.owner)
		}
		if want := st.owner.Other(); s.ToMove() != want {
			t.Errorf("after %s: %d to move, want %d", st.move, s.ToMove(), want)
		}
	}
}

// TestOptions checks option handling and the presets.
func TestOptions(t *testing.T) {
	for _, bad := range []string{"", "2", "9", "x", "04"} {
		if _, err := Game.New(rules.Options{"size": bad}); err == nil {
			t.Errorf("size %q accepted", bad)
		}
	}
	cases := []struct {
		preset string
		spec   string
		cells  int
	}{{"", "stoic", 37}, {"size=5", "stoic:size=5", 61}}
	for _, c := range cases {
		opts, err := Game.ParseOptions(c.preset)
		if err != nil {
			t.Fatal(err)
		}
		spec := rules.Spec{Game: Game, Options: opts}
		if spec.String() != c.spec {
			t.Errorf("preset %q is spec %s, want %s", c.preset, spec, c.spec)
		}
		st, err := spec.New()
		if err != nil {
			t.Fatal(err)
		}
		if st.Board().Len() != c.cells || st.Variant().Get("size") != opts.Get("size") {
			t.Errorf("%s: %d cells, variant %v", spec, st.Board().Len(), st.Variant())
		}
		st.Variant()["size"] = "7"
		if st.Variant().Get("size") != opts.Get("size") {
			t.Errorf("%s: changing Variant's result changed the state", spec)
		}
	}
}

func presetSpecs(t *testing.T) []rules.Spec {
	t.Helper()
	var out []rules.Spec
	for _, p := range Game.Presets {
		opts, err := Game.ParseOptions(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rules.Spec{Game: Game, Options: opts})
	}
	return out
}

func TestConformance(t *testing.T) {
	for _, spec := range presetSpecs(t) {
		t.Run(spec.String(), func(t *testing.T) {
			t.Parallel()
			rulestest.Conformance(t, spec)
		})
	}
}

// perftDepth keeps the perft tests, golden and independent, well under a second each.
var perftDepth = map[string]int{"stoic": 3, "stoic:size=5": 3}

func perftName(spec rules.Spec) string {
	return strings.NewReplacer(":", "-", "=", "", ",", "-").Replace(spec.String())
}

func TestPerft(t *testing.T) {
	for _, spec := range presetSpecs(t) {
		t.Run(spec.String(), func(t *testing.T) {
			rulestest.Perft(t, spec, perftName(spec), perftDepth[spec.String()])
		})
	}
}

// TestPerftIndependent compares rules.Perft with the naive implementation's count.
func TestPerftIndependent(t *testing.T) {
	for _, spec := range presetSpecs(t) {
		t.Run(spec.String(), func(t *testing.T) {
			st, err := spec.New()
			if err != nil {
				t.Fatal(err)
			}
			depth := perftDepth[spec.String()]
			size, _ := strconv.Atoi(spec.Options.Get("size"))
			got := rules.Perft(st, depth)
			want := newNaive(size).perft(depth)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("rules.Perft %v, naive %v", got, want)
			}
		})
	}
}

// TestPerftByCounting checks the first three perft figures against a count made by hand.
// Two pieces never close a cell to the second player, so depth 2 is c(c-1) on c cells.
// At depth 3 White loses exactly the cells p that continue a straight run "White, Black, p"
// of three consecutive cells; there are two such runs for every three consecutive cells on
// a line, and a line of length L holds L-2 of them. Each of the three line families has
// one line of each length N..2N-1..N.
func TestPerftByCounting(t *testing.T) {
	for n := minSize; n <= 5; n++ {
		c := uint64(3*n*n - 3*n + 1)
		var runs uint64
		for l := n; l <= 2*n-1; l++ {
			runs += uint64(l - 2)
			if l < 2*n-1 {
				runs += uint64(l - 2)
			}
		}
		want := []uint64{c, c * (c - 1), c*(c-1)*(c-2) - 2*3*runs}
		got := rules.Perft(mustNew(t, "size="+strconv.Itoa(n)), 3)
		if !slices.Equal(got, want) {
			t.Errorf("size %d: perft %v, counted %v", n, got, want)
		}
	}
}
