package orochi

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func start(t testing.TB) *State { return rulestest.Start[*State](t, Game, "") }

// position builds a position of a board with n cells per side from a diagram, top row
// first, one token per cell: W, B or ".". Rows may be indented as on the board. The pieces
// on the board count as the placements made so far. It is a position between turns, so no
// piece may be over-connected.
func position(t testing.TB, n int, toMove rules.Player, diagram string) *State {
	t.Helper()
	s := startWith(t, fmt.Sprintf("size=%d", n))
	r := n - 1
	rows := strings.Split(strings.TrimSpace(diagram), "\n")
	if len(rows) != 2*n-1 {
		t.Fatalf("diagram has %d rows, want %d", len(rows), 2*n-1)
	}
	for i, row := range rows {
		y := r - i
		tokens := strings.Fields(row)
		if len(tokens) != 2*n-1-max(y, -y) {
			t.Fatalf("row %q has %d cells", row, len(tokens))
		}
		q0 := max(-r, -r-y)
		for j, tok := range tokens {
			site := int(s.v.board.At(q0+j, y))
			switch tok {
			case "W":
				s.own[0].Add(site)
			case "B":
				s.own[1].Add(site)
			case ".":
			default:
				t.Fatalf("bad token %q", tok)
			}
		}
	}
	s.Turn = toMove
	s.placed = uint8(s.own[0].Len() + s.own[1].Len())
	for site := range s.v.cells {
		s.judge(site)
	}
	if !s.hot.IsEmpty() {
		t.Fatalf("over-connected pieces %v between turns", labels(s, s.hot))
	}
	s.Zobrist = s.ComputeHash()
	return s
}

func sites(t testing.TB, s *State, labels ...string) []board.Site {
	t.Helper()
	var out []board.Site
	for _, l := range labels {
		site, err := s.v.board.Parse(l)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, site)
	}
	return out
}

func labels(s *State, m set) []string {
	var out []string
	for site := range s.v.cells {
		if m.Holds(site) {
			out = append(out, s.v.board.Label(board.Site(site)))
		}
	}
	return out
}

func TestConformance(t *testing.T) {
	specs := append(Game.Presets, "size=3")
	if !testing.Short() {
		specs = append(specs, "size=7")
	}
	for _, p := range specs {
		rulestest.Conformance(t, rulestest.Spec(t, Game, p))
	}
}

func TestInitialPosition(t *testing.T) {
	for _, tc := range []struct {
		opts  string
		cells int
	}{{"", 37}, {"size=3", 19}, {"size=5", 61}, {"size=6", 91}, {"size=7", 127}} {
		s := startWith(t, tc.opts)
		moves := s.LegalMoves(nil)
		if s.Turn != 0 || s.MidTurn() || s.placed != 0 || len(moves) != 2*tc.cells {
			t.Fatalf("%q: %d opening moves, want a white and a black piece on each of %d cells\n%s", tc.opts, len(moves), tc.cells, s)
		}
		if m := moves[:2]; rules.FormatMove(s, m[0]) != "W@"+s.v.board.Label(0) || rules.FormatMove(s, m[1]) != "B@"+s.v.board.Label(0) {
			t.Errorf("%q: first moves %v", tc.opts, rulestest.MoveTexts(s)[:2])
		}
	}
	if _, err := Game.New(rules.Options{"size": "8"}); err == nil {
		t.Error("size 8 accepted")
	}
}

// TestOpening: White places one piece of either colour, then Black two pieces of any
// colours as one turn; then White moves again, and nothing in the opening is ever flipped.
func TestOpening(t *testing.T) {
	for _, tc := range []struct {
		moves []string
		black string
	}{
		{[]string{"B@d4", "B@d5", "B@c5"}, "d4 c5 d5"},
		{[]string{"W@d4", "W@e4", "B@e5"}, "e5"},
		{[]string{"W@a7", "W@g1", "W@d4"}, ""},
	} {
		s := start(t)
		steps := []struct {
			mover  rules.Player
			mid    bool
			prompt string
		}{{0, false, "first-piece"}, {1, false, "opening-first"}, {1, true, "opening-second"}, {0, false, "place"}}
		for i, text := range append(tc.moves, "") {
			st := steps[i]
			if s.ToMove() != st.mover || s.MidTurn() != st.mid || s.Prompt() != st.prompt {
				t.Fatalf("%v before decision %d: to move %d, mid-turn %v, prompt %q; want %+v", tc.moves, i, s.ToMove(), s.MidTurn(), s.Prompt(), st)
			}
			if text != "" {
				rulestest.Play(t, s, text)
			}
		}
		if got := strings.Join(labels(s, s.own[1]), " "); got != tc.black {
			t.Errorf("%v: black pieces %q, want %q", tc.moves, got, tc.black)
		}
	}
}

// TestRulebookFigure builds the rulebook's example of a turn (Fig. 1-3) from its caption: a
// white piece placed beside a white piece makes it over-connected; that piece is flipped to
// black, which makes a black piece over-connected; that one is flipped to white, and the
// player then takes another turn.
func TestRulebookFigure(t *testing.T) {
	s := position(t, 4, 0, `
	      . . . .
	     . . . . .
	    . . W W . .
	   . . . W W . .
	    . . . B B .
	     . . B B .
	      . . . .`)
	rulestest.Play(t, s, "W@c4")
	if got := labels(s, s.hot); !slices.Equal(got, []string{"d4"}) || !s.MidTurn() || s.ToMove() != 0 {
		t.Fatalf("after W@c4 over-connected %v, mid-turn %v; want [d4], true", got, s.MidTurn())
	}
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"d4=B"}) {
		t.Fatalf("moves %v, want the flip of d4 only", got)
	}
	if s.Prompt() != "flip" {
		t.Errorf("prompt %q, want flip", s.Prompt())
	}
	rulestest.Play(t, s, "d4=B")
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"e3=W"}) || !s.MidTurn() {
		t.Fatalf("after d4=B moves %v, mid-turn %v; want the flip of e3", got, s.MidTurn())
	}
	rulestest.Play(t, s, "e3=W")
	if s.MidTurn() || s.ToMove() != 0 || s.Prompt() != "extra-turn" || !s.hot.IsEmpty() {
		t.Fatalf("after the flips: mid-turn %v, to move %d, prompt %q; want White's extra turn\n%s", s.MidTurn(), s.ToMove(), s.Prompt(), s)
	}
	want := position(t, 4, 0, `
	      . . . .
	     . . . . .
	    . . W W . .
	   . . W B W . .
	    . . . W B .
	     . . B B .
	      . . . .`)
	if s.own != want.own || s.Zobrist != want.Zobrist {
		t.Fatalf("final position\n%s\nwant\n%s", s, want)
	}
	// The extra turn is a turn like any other: a placement without flips passes the move.
	rulestest.Play(t, s, "B@a7")
	if s.ToMove() != 1 || s.MidTurn() || s.Prompt() != "place" {
		t.Fatalf("after the extra turn: to move %d, prompt %q", s.ToMove(), s.Prompt())
	}
}

// TestOverConnected: four or more friendly neighbours, in any directions, make a piece
// over-connected; three do not, nor do enemy pieces, and the placed piece itself counts.
func TestOverConnected(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		move    string
		want    []string
	}{
		{"three friendly neighbours are not enough", `
		      . . . .
		     . . . . .
		    . . W W . .
		   . . . W W . .
		    . . . . . .
		     . . . . .
		      . . . .`, "B@c4", nil},
		{"enemy neighbours do not count", `
		      . . . .
		     . . . . .
		    . . B W . .
		   . . . W W . .
		    . . . B B .
		     . . . . .
		      . . . .`, "B@c4", nil},
		{"four friendly neighbours not in a row", `
		      . . . .
		     . . . . .
		    . . . W . .
		   . . W W W . .
		    . . . . . .
		     . . . . .
		      . . . .`, "W@d3", []string{"d4"}},
		{"the placed piece itself can be over-connected", `
		      . . . .
		     . . . . .
		    . . W W . .
		   . . W . W . .
		    . . . . . .
		     . . . . .
		      . . . .`, "W@d4", []string{"d4"}},
		{"a placement can over-connect several pieces, itself included", `
		      . . . .
		     . . . . .
		    . . . B . B
		   . . B B . B B
		    . . B . B .
		     . . . . .
		      . . . .`, "B@e4", []string{"d4", "e4", "f4"}},
		{"a cell on the edge has four neighbours, and all must be friendly", `
		      B . B .
		     . B B . .
		    . . . . . .
		   . . . . . . .
		    . . . . . .
		     . . . . .
		      . . . .`, "B@b7", []string{"b7"}},
		{"a corner has three neighbours and is never over-connected", `
		      . B . .
		     B B . . .
		    . . . . . .
		   . . . . . . .
		    . . . . . .
		     . . . . .
		      . . . .`, "B@a7", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, 4, 0, tc.diagram)
			rulestest.Play(t, s, tc.move)
			if got := labels(s, s.hot); !slices.Equal(got, tc.want) {
				t.Errorf("after %s over-connected %v, want %v\n%s", tc.move, got, tc.want, s)
			}
			if s.MidTurn() != (len(tc.want) > 0) {
				t.Errorf("mid-turn %v with %d flips owed", s.MidTurn(), len(tc.want))
			}
		})
	}
}

// TestFlipOrder: the player chooses the order of the flips, a piece that is no longer
// over-connected when its turn would come is not flipped, and different orders can leave
// different boards (the order is the player's choice).
func TestFlipOrder(t *testing.T) {
	s := position(t, 4, 0, `
	      . . . .
	     . . W W .
	    . . . W . .
	   . . W W . . .
	    . . W . . .
	     . . . . .
	      . . . .`)
	rulestest.Play(t, s, "W@e4")
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"d4=B", "d5=B"}) {
		t.Fatalf("flips %v, want d4=B and d5=B", got)
	}
	var boards []([2]set)
	for _, first := range []string{"d4=B", "d5=B"} {
		x := s.Clone().(*State)
		rulestest.Play(t, x, first)
		if !x.hot.IsEmpty() || x.MidTurn() {
			t.Fatalf("after %s the other piece has three white neighbours and is not flipped; owed %v", first, labels(x, x.hot))
		}
		if x.ToMove() != 0 || x.Prompt() != "extra-turn" {
			t.Errorf("after the flips White should take another turn\n%s", x)
		}
		boards = append(boards, x.own)
	}
	if boards[0] == boards[1] {
		t.Error("the two orders reached the same board")
	}
}

// TestEnd: the game ends when one empty cell is left after the flips; each colour scores
// its largest group beside that cell (smaller ones ignored, none scores 0); equal sizes
// lose for the player who placed last, even if that player's flips earned another turn.
func TestEnd(t *testing.T) {
	tests := []struct {
		name    string
		toMove  rules.Player
		diagram string
		moves   []string
		score   [2]int16
		winner  rules.Player
		reason  string
	}{
		{"the larger group beside the last cell wins, a smaller one is ignored", 0, `
		  W W W
		 B W B W
		B B . W B
		 W B B B
		  W W .`, []string{"W@e1"}, [2]int16{6, 7}, 1, reasonLastCell},
		{"equal groups: the player who placed the last piece loses", 1, `
		  W W W
		 B W B W
		B B . W W
		 W B B B
		  W W .`, []string{"B@e1"}, [2]int16{7, 7}, 0, reasonLastCellTie},
		{"a colour not beside the cell scores 0", 0, `
		  . W B
		 W B W B
		B W B W B
		 W W B B
		  W B .`, []string{"W@a5"}, [2]int16{0, 8}, 1, reasonLastCell},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, 3, tc.toMove, tc.diagram)
			rulestest.Play(t, s, tc.moves...)
			o, over := s.Outcome()
			if !over || o.Score != tc.score || o.Winner != tc.winner || o.Reason != tc.reason || !o.Scored {
				t.Fatalf("outcome %+v over %v; want score %v, winner %d, %s\n%s", o, over, tc.score, tc.winner, tc.reason, s)
			}
			if s.ToMove() != rules.NoPlayer || s.MidTurn() || len(s.LegalMoves(nil)) != 0 {
				t.Error("the game goes on")
			}
		})
	}
}

// TestEndAfterFlips: the last placement's flips are all made before the count, in the order
// the player chooses, which can decide the game; they earn no extra turn.
func TestEndAfterFlips(t *testing.T) {
	s := position(t, 3, 0, `
	  W W W
	 B W B W
	B B . W B
	 W B B B
	  W W .`)
	rulestest.Play(t, s, "B@c3")
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"b3=W", "c3=W"}) || s.Over {
		t.Fatalf("flips %v, want b3=W and c3=W before the end", got)
	}
	for _, tc := range []struct {
		flip   string
		score  [2]int16
		winner rules.Player
	}{{"c3=W", [2]int16{3, 7}, 1}, {"b3=W", [2]int16{10, 6}, 0}} {
		x := s.Clone().(*State)
		rulestest.Play(t, x, tc.flip)
		o, over := x.Outcome()
		if !over || x.MidTurn() || o.Score != tc.score || o.Winner != tc.winner {
			t.Errorf("after %s outcome %+v, over %v; want %v won by %d\n%s", tc.flip, o, over, tc.score, tc.winner, x)
		}
		if x.LastCell() != sites(t, x, "e1")[0] {
			t.Errorf("last cell %d", x.LastCell())
		}
		if marks := x.Marks(nil); len(marks) != 1 || marks[0].Site != x.LastCell() || marks[0].Kind != rules.Ring {
			t.Errorf("marks %+v, want the last cell ringed", marks)
		}
	}
	if marks := s.Marks(nil); len(marks) != 0 {
		t.Errorf("marks %+v during play", marks)
	}
}

// TestRulebookFinal builds an end like the rulebook's Fig. 4 ("Black wins by 18 to 12") on
// the 5-per-side board: groups of 18 black and 12 white pieces beside the last cell, with
// a smaller black group there too.
func TestRulebookFinal(t *testing.T) {
	s := position(t, 5, 0, `
	        . W B B B
	       B B W W B B
	      W W B B W W B
	     B B B W W B W B
	    B W W B . B W B W
	     W B B W B W B B
	      W W W B W B W
	       B B W B B W
	        W B W W B`)
	rulestest.Play(t, s, "W@a9")
	o, over := s.Outcome()
	if !over || o.Score != [2]int16{12, 18} || o.Winner != 1 || o.Reason != reasonLastCell {
		t.Fatalf("outcome %+v, over %v; want Black to win 18 to 12\n%s", o, over, s)
	}
}

func TestWhyNot(t *testing.T) {
	placing := position(t, 4, 0, `
	      . . . .
	     . . . . .
	    . . W W . .
	   . . . W W . .
	    . . . B B .
	     . . B B .
	      . . . .`)
	flipping := placing.Clone().(*State)
	rulestest.Play(t, flipping, "W@c4")
	tests := []struct {
		s    *State
		path []string
		want string
	}{
		{placing, []string{"d4"}, "occupied"},
		{placing, []string{"e3"}, "occupied"},
		{placing, []string{"c4"}, ""},
		{flipping, []string{"a7"}, "must-flip"},
		{flipping, []string{"e4"}, "not-over-connected"},
		{flipping, []string{"e3"}, "not-over-connected"},
		{flipping, []string{"d4"}, ""},
		{flipping, []string{"d4", "e4"}, ""},
	}
	for _, tc := range tests {
		path := sites(t, tc.s, tc.path...)
		if got := tc.s.WhyNot(path); got != tc.want {
			t.Errorf("WhyNot(%v) = %q, want %q", tc.path, got, tc.want)
		}
		if len(path) == 1 {
			legal := slices.ContainsFunc(tc.s.LegalMoves(nil), func(m rules.Move) bool { return m.Path[0] == path[0] })
			if legal != (tc.want == "") {
				t.Errorf("WhyNot(%v) = %q, but a legal move there: %v", tc.path, tc.want, legal)
			}
		}
	}
	over := position(t, 3, 0, `
	  W W W
	 B W B W
	B B . W B
	 W B B B
	  W W .`)
	rulestest.Play(t, over, "W@e1")
	if got := over.WhyNot(sites(t, over, "c3")); got != "" {
		t.Errorf("WhyNot after the end = %q", got)
	}
}

func TestLabelsAndNotation(t *testing.T) {
	s := position(t, 4, 0, `
	      . . . .
	     . . . . .
	    . . W W . .
	   . . . W W . .
	    . . . . . .
	     . . . . .
	      . . . .`)
	c4 := sites(t, s, "c4")[0]
	for _, tc := range []struct {
		m     rules.Move
		text  string
		label string
	}{
		{place(c4, tagWhite), "W@c4", "white"},
		{place(c4, tagBlack), "B@c4", "black"},
	} {
		if got := s.FormatMove(tc.m); got != tc.text {
			t.Errorf("FormatMove = %q, want %q", got, tc.text)
		}
		if got := s.MoveLabel(tc.m); got != tc.label {
			t.Errorf("MoveLabel(%s) = %q, want %q", tc.text, got, tc.label)
		}
	}
	rulestest.Play(t, s, "W@c4")
	m := s.LegalMoves(nil)[0]
	if s.FormatMove(m) != "d4=B" || s.MoveLabel(m) != "" {
		t.Errorf("flip written %q, labelled %q", s.FormatMove(m), s.MoveLabel(m))
	}
}

// midgames are positions from seeded random games, with the number of pieces placed, from
// which perft meets flips and extra turns.
var midgames = []struct {
	opts   string
	seed   uint64
	pieces int
	depth  int
}{
	{"", 1, 24, 3},
	{"", 2, 28, 3},
	{"size=3", 3, 10, 4},
	{"size=5", 4, 48, 2},
}

func midgame(t testing.TB, tc struct {
	opts   string
	seed   uint64
	pieces int
	depth  int
}) *State {
	t.Helper()
	s := startWith(t, tc.opts)
	rng := rand.New(rand.NewPCG(tc.seed, 11))
	for int(s.placed) < tc.pieces || s.MidTurn() {
		moves := s.LegalMoves(nil)
		s.Apply(moves[rng.IntN(len(moves))])
	}
	return s
}

func TestPerft(t *testing.T) {
	rulestest.Perft(t, rulestest.Spec(t, Game, ""), "orochi", 3)
	rulestest.Perft(t, rulestest.Spec(t, Game, "size=3"), "orochi-3", 3)
	if os.Getenv("KOMA_DEEP") == "1" {
		rulestest.Perft(t, rulestest.Spec(t, Game, "size=5"), "orochi-5-deep", 3)
	} else {
		rulestest.Perft(t, rulestest.Spec(t, Game, "size=5"), "orochi-5", 2)
	}
}

// TestPerftOpening checks the golden opening figures by counting: no piece can be
// over-connected before five are placed, so the first three turns are free placements of
// either colour, Black's two pieces counted once whatever their order.
func TestPerftOpening(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells uint64
	}{{"orochi-3", 19}, {"orochi", 37}, {"orochi-5", 61}, {"orochi-5-deep", 61}} {
		text, err := os.ReadFile("testdata/perft/" + tc.name + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		got, err := rulestest.ParseCounts(string(text))
		if err != nil {
			t.Fatal(err)
		}
		n := tc.cells
		d1 := 2 * n
		d2 := d1 * 4 * (n - 1) * (n - 2) / 2
		d3 := d2 * 2 * (n - 3)
		if want := []uint64{d1, d2, d3}[:len(got)]; !slices.Equal(got, want) {
			t.Errorf("%s: perft %v, counted %v", tc.name, got, want)
		}
	}
}

// TestPerftMidgame keeps golden figures from the midgame positions, whose turns include
// flips and extra turns.
func TestPerftMidgame(t *testing.T) {
	var sb strings.Builder
	for _, tc := range midgames {
		counts := rules.Perft(midgame(t, tc), tc.depth)
		fmt.Fprintf(&sb, "%q %d %d %v\n", tc.opts, tc.seed, tc.pieces, counts)
	}
	rulestest.Golden(t, "testdata/perft/midgames.txt", sb.String())
	for _, tc := range midgames {
		if n := flipsWithin(midgame(t, tc), 2); n == 0 {
			t.Errorf("%q seed %d: no flip within two turns, so the midgame tests nothing", tc.opts, tc.seed)
		}
	}
}

// flipsWithin counts the flip decisions on every path of the next turns turns.
func flipsWithin(s *State, turns int) int {
	if turns == 0 {
		return 0
	}
	n := 0
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone().(*State)
		c.Apply(m)
		if !s.hot.IsEmpty() {
			n++
		}
		if c.MidTurn() {
			n += flipsWithin(c, turns)
		} else {
			n += flipsWithin(c, turns-1)
		}
	}
	return n
}

func TestRandomMoveAgrees(t *testing.T) {
	for _, opts := range append(Game.Presets, "size=3") {
		for seed := uint64(1); seed <= 20; seed++ {
			rulestest.WalkRandomGame(t, startWith(t, opts), seed, func(s *State) {
				rulestest.RandomMoveAgrees(t, s, seed)
			})
		}
	}
}

func TestPlayoutsDoNotAllocate(t *testing.T) {
	for _, opts := range Game.Presets {
		rulestest.PlayoutsDoNotAllocate(t, startWith(t, opts))
	}
}

// TestHash: the incremental hash equals a recomputed one everywhere, and the same pieces
// with the same player to move hash alike however they were reached.
func TestHash(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if s.Zobrist != s.ComputeHash() {
				t.Fatalf("seed %d: incremental hash differs\n%s", seed, s)
			}
		})
	}
	a, b := start(t), start(t)
	rulestest.Play(t, a, "W@d4", "B@e4", "W@c4")
	rulestest.Play(t, b, "W@d4", "W@c4", "B@e4")
	if a.Hash() != b.Hash() || string(a.AppendKey(nil)) != string(b.AppendKey(nil)) {
		t.Error("Black's two opening pieces in either order give different positions")
	}
}

// TestTurnCount: every game places cells-1 pieces in cells-2 turns, within MaxTurns.
func TestTurnCount(t *testing.T) {
	for _, opts := range append(Game.Presets, "size=7") {
		for seed := uint64(1); seed <= 20; seed++ {
			s := startWith(t, opts)
			turns := 0
			rulestest.WalkRandomGame(t, s, seed, func(x *State) {
				if !x.MidTurn() {
					turns++
				}
			})
			turns-- // the initial position
			if int(s.placed) != s.v.cells-1 || turns != s.v.cells-2 || turns > Game.MaxTurns {
				t.Fatalf("%q seed %d: %d pieces in %d turns on %d cells", opts, seed, s.placed, turns, s.v.cells)
			}
		}
	}
}

func BenchmarkPlayout(b *testing.B) { rulestest.BenchPlayout(b, start(b)) }

// BenchmarkRandomMovePlayout plays through RandomMove, as the AI's playouts do.
func BenchmarkRandomMovePlayout(b *testing.B) { rulestest.BenchRandomMovePlayout(b, start(b)) }

// naiveWins reports, through the common interface only, whether the player to move in st
// wins by playing m when the flips are taken in cell order and both players then play
// perfectly to the end.
func naiveWins(st rules.State, m rules.Move) bool {
	mover := st.ToMove()
	c := st.Clone()
	c.Apply(m)
	for c.MidTurn() {
		c.Apply(c.LegalMoves(nil)[0])
	}
	if o, over := c.Outcome(); over {
		return o.Winner == mover
	}
	can := false
	for _, r := range c.LegalMoves(nil) {
		if naiveWins(c, r) {
			can = true
			break
		}
	}
	return can == (c.ToMove() == mover)
}

// TestPlayoutPolicyPlaysTheEndWell: near the end the playout policy finds a
// winning move whenever there is one (flips taken in cell order), checked against a
// search written through the common interface; earlier it draws at random.
func TestPlayoutPolicyPlaysTheEndWell(t *testing.T) {
	tried, winnable := 0, 0
	for _, opts := range append(Game.Presets, "size=3") {
		for seed := uint64(1); seed <= 60; seed++ {
			rulestest.WalkRandomGame(t, startWith(t, opts), seed, func(s *State) {
				if s.Over || s.v.cells-int(s.placed) > lookAhead+1 {
					return
				}
				moves := s.LegalMoves(nil)
				pick := s.PlayoutMove(moves, rand.New(rand.NewPCG(seed, 9)))
				win := slices.ContainsFunc(moves, func(m rules.Move) bool { return naiveWins(s, m) })
				tried++
				if !win {
					return
				}
				winnable++
				if !naiveWins(s, moves[pick]) {
					t.Fatalf("policy played %s, which does not win, though a move does\n%s", rules.FormatMove(s, moves[pick]), s)
				}
			})
		}
	}
	if winnable == 0 || winnable == tried {
		t.Fatalf("%d of %d end positions had a winning move: the test needs both kinds", winnable, tried)
	}
	// Before the end the policy is a uniform draw: every move comes up.
	s := start(t)
	seen := map[int]bool{}
	rng := rand.New(rand.NewPCG(1, 1))
	moves := s.LegalMoves(nil)
	for range 2000 {
		seen[s.PlayoutMove(moves, rng)] = true
	}
	if len(seen) != len(moves) {
		t.Errorf("policy drew %d of the %d opening moves", len(seen), len(moves))
	}
}

// TestUniformHere: wherever UniformHere says so, the policy picks what RandomMove picks
// from the same draws and draws nothing more; it says so until the last turns.
func TestUniformHere(t *testing.T) {
	uniform, steered := 0, 0
	for _, opts := range append(Game.Presets, "size=3") {
		for seed := uint64(1); seed <= 20; seed++ {
			rulestest.WalkRandomGame(t, startWith(t, opts), seed, func(s *State) {
				if s.Over {
					return
				}
				if !s.UniformHere() {
					steered++
					return
				}
				uniform++
				a, b := rand.New(rand.NewPCG(seed, 5)), rand.New(rand.NewPCG(seed, 5))
				moves := s.LegalMoves(nil)
				pick := moves[s.PlayoutMove(moves, a)]
				drawn, ok := s.RandomMove(b)
				if !ok || pick != drawn || a.Uint64() != b.Uint64() {
					t.Fatalf("policy played %s, RandomMove %s\n%s", rules.FormatMove(s, pick), rules.FormatMove(s, drawn), s)
				}
			})
		}
	}
	if uniform == 0 || steered == 0 || steered > uniform/4 {
		t.Errorf("%d uniform and %d steered positions: want the policy to act only near the end", uniform, steered)
	}
}

// TestPolicyPlayoutsDoNotAllocate: a playout driven by the policy, look-ahead included,
// allocates nothing beyond the move list it is given.
func TestPolicyPlayoutsDoNotAllocate(t *testing.T) {
	s0 := start(t)
	buf := make([]rules.Move, 0, 256)
	rng := rand.New(rand.NewPCG(3, 3))
	var s State
	allocs := testing.AllocsPerRun(20, func() {
		s = *s0
		for !s.Over {
			buf = s.LegalMoves(buf[:0])
			s.Apply(buf[s.PlayoutMove(buf, rng)])
		}
	})
	if allocs != 0 {
		t.Errorf("a policy playout allocates %.1f times", allocs)
	}
}
