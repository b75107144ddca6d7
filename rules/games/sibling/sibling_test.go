package sibling

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func start(t testing.TB) *State { return rulestest.Start[*State](t, Game, "") }

func mustNew(t testing.TB, opts string) *State { return rulestest.Start[*State](t, Game, opts) }

// diagramCells reads a board drawn as a hexagon: one line per row, top row first, an
// optional row number, then one token per cell from the left. W and B are pieces; any other
// token marks an empty cell and is returned with its label so that tests can carry
// expectations in the picture.
func diagramCells(t testing.TB, size int, diagram string) (pieces map[string]rules.Player, marks map[string]string) {
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

// position builds a state from a diagram with the given player to move. A cell marked "a"
// holds the mover's first piece of a pair in progress, as in TestWorkedExample.
func position(t testing.TB, opts string, toMove rules.Player, diagram string) (*State, map[string]string) {
	t.Helper()
	s := mustNew(t, opts)
	pieces, marks := diagramCells(t, s.v.size, diagram)
	for l, p := range pieces {
		s.occ[p].Add(int(site(t, s, l)))
	}
	for l, m := range marks {
		if m == "a" {
			c := site(t, s, l)
			s.occ[toMove].Add(int(c))
			s.pending = int16(c)
		}
	}
	s.Turn = toMove
	s.countPartners()
	s.Zobrist = s.ComputeHash()
	if s.pending < 0 && !s.anyPair() {
		s.Over = true
		s.result = s.score()
	}
	return s, marks
}

func site(t testing.TB, s *State, label string) board.Site {
	t.Helper()
	c, err := s.Board().Parse(label)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// placeTexts lists the cells the next Place may use, as sorted labels.
func placeTexts(s *State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		if m.Kind == rules.Place {
			out = append(out, s.Board().Label(m.Path[0]))
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

func hasSwap(s *State) bool {
	return slices.Contains(s.LegalMoves(nil), swapMove)
}

func TestInitialPosition(t *testing.T) {
	for _, tc := range []struct {
		opts  string
		cells int
	}{{"", 61}, {"size=4", 37}, {"size=3", 19}, {"size=8", 169}, {"pie=on", 61}} {
		s := mustNew(t, tc.opts)
		moves := s.LegalMoves(nil)
		if len(moves) != tc.cells {
			t.Errorf("%q: %d opening moves, want one on each of %d cells", tc.opts, len(moves), tc.cells)
		}
		for _, m := range moves {
			if m.Kind != rules.Place {
				t.Errorf("%q: opening move %s is not a placement", tc.opts, rules.FormatMove(s, m))
			}
		}
		if s.Prompt() != promptOpening || s.MidTurn() || s.ToMove() != 0 {
			t.Errorf("%q: prompt %q, mid-turn %v, to move %d", tc.opts, s.Prompt(), s.MidTurn(), s.ToMove())
		}
	}
}

// TestOpeningIsOnePiece: White's first turn places a single piece, and Black then places
// two, the first keeping Black to move in the middle of the turn.
func TestOpeningIsOnePiece(t *testing.T) {
	s := start(t)
	rulestest.Play(t, s, "@e5")
	if s.ToMove() != 1 || s.MidTurn() || s.Prompt() != promptFirst {
		t.Fatalf("after @e5: to move %d, mid-turn %v, prompt %q", s.ToMove(), s.MidTurn(), s.Prompt())
	}
	rulestest.Play(t, s, "@a5")
	if s.ToMove() != 1 || !s.MidTurn() || s.Prompt() != promptSecond {
		t.Fatalf("after @a5: to move %d, mid-turn %v, prompt %q", s.ToMove(), s.MidTurn(), s.Prompt())
	}
	rulestest.Play(t, s, "@c5")
	if s.ToMove() != 0 || s.MidTurn() || s.Prompt() != promptFirst {
		t.Fatalf("after @c5: to move %d, mid-turn %v, prompt %q", s.ToMove(), s.MidTurn(), s.Prompt())
	}
	if got := s.GroupSizes(1); !slices.Equal(got, []int{1, 1}) {
		t.Errorf("Black's groups %v, want two single pieces", got)
	}
}

// TestWorkedExample is a test vector worked out when the rules were settled, which follows
// the rulebook's figure 1: the second piece goes on any empty cell on a line with the
// first, two or more cells away, pieces of either colour in between or not.
func TestWorkedExample(t *testing.T) {
	s, _ := position(t, "", 1, `
		9     . . x . .
		8    . . x . . .
		7   . . x . . . .
		6  x . x . W . . .
		5 . . . . . B . . .
		4  . a W x x x x x
		3   . . . . . . .
		2    . x . . . .
		1     . x . . .`)
	want := sorted("e4", "f4", "g4", "h4", "i4", "c6", "c7", "c8", "c9", "a6", "e2", "f1")
	if got := placeTexts(s); !slices.Equal(got, want) {
		t.Errorf("partners of c4: %v, want %v", got, want)
	}
	if s.Prompt() != promptSecond || !s.MidTurn() {
		t.Errorf("prompt %q, mid-turn %v", s.Prompt(), s.MidTurn())
	}
}

// TestPairRule covers each clause of a pair: the same line, not adjacent, any distance
// and anything in between.
func TestPairRule(t *testing.T) {
	s := start(t)
	rulestest.Play(t, s, "@e5", "@c5")
	tests := []struct {
		second string
		legal  bool
		why    string
	}{
		{"a5", true, ""}, // the same row, one empty cell between
		{"g5", true, ""}, // the white piece on e5 lies between
		{"i5", true, ""}, // as far as the row goes
		{"c7", true, ""}, // the slanted line c
		{"c9", true, ""},
		{"c3", true, ""},
		{"a7", true, ""}, // the other slanted line: c5, b6, a7
		{"e3", true, ""}, // and c5, d4, e3
		{"d5", false, whyAdjacent},
		{"b5", false, whyAdjacent},
		{"c6", false, whyAdjacent},
		{"b6", false, whyAdjacent},
		{"c4", false, whyAdjacent},
		{"d4", false, whyAdjacent},
		{"d6", false, whyNotInLine},
		{"e4", false, whyNotInLine},
		{"a9", false, whyNotInLine},
		{"e5", false, whyOccupied},
		{"c5", false, whyOccupied},
	}
	legal := placeTexts(s)
	for _, tc := range tests {
		if got := slices.Contains(legal, tc.second); got != tc.legal {
			t.Errorf("@c5 then @%s: legal %v, want %v", tc.second, got, tc.legal)
		}
		if got := s.WhyNot([]board.Site{site(t, s, tc.second)}); got != tc.why {
			t.Errorf("WhyNot(%s) = %q, want %q", tc.second, got, tc.why)
		}
	}
}

// TestNoPartner: a first piece that would have no partner is not a legal start, and the
// last empty cells may all be without partners, which ends the game.
func TestNoPartner(t *testing.T) {
	s, _ := position(t, "size=3", 0, `
		  W B .
		 B W B W
		W B . B W
		 W B W B
		  . W B`)
	// The empty cells c5, c3 and c1 lie on the slanted line c, two cells apart: each has
	// a partner.
	if s.Over {
		t.Fatalf("the game is over with c1, c3 and c5 empty\n%s", s)
	}
	if got, want := placeTexts(s), sorted("c1", "c3", "c5"); !slices.Equal(got, want) {
		t.Errorf("starts %v, want %v", got, want)
	}
	s, _ = position(t, "size=3", 0, `
		  W B .
		 B W B W
		W B W B W
		 W B W .
		  . W B`)
	// Empty: c5, e2 and c1. c5 and c1 share the line c, four apart; e2 is on no line
	// with either of them.
	if got, want := placeTexts(s), sorted("c1", "c5"); !slices.Equal(got, want) {
		t.Errorf("starts %v, want %v", got, want)
	}
	if got := s.WhyNot([]board.Site{site(t, s, "e2")}); got != whyNoPartner {
		t.Errorf("WhyNot(e2) = %q, want %q", got, whyNoPartner)
	}
}

// TestEnd: the game ends, for both players alike, once no pair fits; a lone empty cell,
// adjacent empty cells and cells off each other's lines do not make a pair.
func TestEnd(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		over    bool
	}{
		{"full board", `
			  W B W
			 B W B W
			W B W B W
			 W B W B
			  B W B`, true},
		{"three mutually adjacent empty cells", `
			  W B W
			 B . . W
			W B . B W
			 W B W B
			  B W B`, true},
		{"two cells off each other's lines", `
			  W B W
			 B W . W
			W B W B W
			 W B . B
			  B W B`, true},
		{"two cells two apart on a line", `
			  W B W
			 B W . W
			W B W B W
			 W . W B
			  B W B`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for p := rules.Player(0); p < 2; p++ {
				s, _ := position(t, "size=3", p, tc.diagram)
				_, over := s.Outcome()
				if over != tc.over || over != (len(s.LegalMoves(nil)) == 0) {
					t.Errorf("%d to move: over %v with %d moves, want over %v", p, over, len(s.LegalMoves(nil)), tc.over)
				}
			}
		})
	}
}

// TestCompare checks the order of the count (rulebook, "Game end"): second-largest groups,
// then the largest, then the third and on, a missing group counting as 0.
func TestCompare(t *testing.T) {
	tests := []struct {
		name   string
		w, b   []int
		winner rules.Player
		reason string
		score  [2]int16
	}{
		{"Fig. 2-1: the second groups decide, not the largest", []int{16, 11, 1, 1}, []int{17, 10, 1}, 0, reasonSecond, [2]int16{11, 10}},
		{"tied largest groups count twice", []int{12, 12}, []int{20, 11, 1}, 0, reasonSecond, [2]int16{12, 11}},
		{"a single group has a second group of 0", []int{30}, []int{1, 1}, 1, reasonSecond, [2]int16{0, 1}},
		{"tied second groups: the largest decides", []int{9, 5, 1}, []int{8, 5, 2, 1}, 0, reasonLargest, [2]int16{9, 8}},
		{"then the third", []int{9, 5, 1}, []int{9, 5, 2}, 1, reasonSmaller, [2]int16{1, 2}},
		{"a missing entry counts as 0", []int{9, 5, 3, 1}, []int{9, 5, 3}, 0, reasonSmaller, [2]int16{1, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := compare(list(tc.w), list(tc.b))
			if o.Winner != tc.winner || o.Reason != tc.reason || !o.Scored || o.Score != tc.score {
				t.Errorf("outcome %+v, want winner %d by %s, %v", o, tc.winner, tc.reason, tc.score)
			}
		})
	}
}

func list(sizes []int) *groupList {
	g := &groupList{n: len(sizes)}
	for i, v := range sizes {
		g.size[i] = int16(v)
	}
	return g
}

// figure2Game reaches the finished game of TestFigure2 (and of the rules text's last
// diagram): White's single piece, then Black's and White's pairs in turn.
const figure2Game = `@f1 @a6 @c6 @b4 @b8 @h3 @h1 @c4 @c8 @f3 @i3 @g6 @d6 @h4 @d4 @h2 @e5 @b6 @g1
	@e8 @h5 @e1 @i1 @e6 @h6 @e3 @g3 @f6 @d8 @f2 @i2 @a8 @a5 @f4 @i4 @f8 @f5 @g2 @e4
	@c5 @g5 @g4 @d7 @c9 @a9 @b7 @e7 @d9 @d5 @f7 @a7 @b5 @i5 @c7 @g7 @b9 @e9`

// TestFigure2 builds a finished 5-per-side game with the group sizes transcribed from the
// rulebook's figure 2-1 (White 16, 11, 1, 1; Black 17, 10, 1; four empty cells without a
// pair), and checks the caption: White wins by 11 to 10. The position is also reached by
// legal play, and the game ends exactly there.
func TestFigure2(t *testing.T) {
	played := start(t)
	moves := strings.Fields(figure2Game)
	rulestest.Play(t, played, moves[:len(moves)-1]...)
	if _, over := played.Outcome(); over {
		t.Fatal("the game ended before the last piece")
	}
	rulestest.Play(t, played, moves[len(moves)-1])
	s, _ := position(t, "", 1, `
		9     W W W W W
		8    W W W W W W
		7   B B B B B B B
		6  B B B W W W W W
		5 W W W W W W W W W
		4  W W B B B B B B
		3   . . B B B B B
		2    . . B B W B
		1     B W B B B`)
	if got := s.GroupSizes(0); !slices.Equal(got, []int{16, 11, 1, 1}) {
		t.Errorf("White's groups %v", got)
	}
	if got := s.GroupSizes(1); !slices.Equal(got, []int{17, 10, 1}) {
		t.Errorf("Black's groups %v", got)
	}
	o, over := s.Outcome()
	if !over || o.Winner != 0 || o.Reason != reasonSecond || o.Score != [2]int16{11, 10} || !o.Scored {
		t.Errorf("outcome %+v, over %v; want White by 11 to 10", o, over)
	}
	if played.occ != s.occ || played.Turn != 1 || played.Zobrist != s.Zobrist {
		t.Errorf("the game reached another position:\n%s", played)
	}
	if po, _ := played.Outcome(); po != o {
		t.Errorf("played outcome %+v, built %+v", po, o)
	}
	if s.ToMove() != rules.NoPlayer || s.Prompt() != "" {
		t.Errorf("to move %d, prompt %q after the end", s.ToMove(), s.Prompt())
	}
}

// TestPie: with the pie rule Black's first turn offers the swap after every first piece of
// a pair; taking it hands White and its piece to the second seat, and the first seat,
// now Black, places the next pair. The swap is offered once, and never without the option.
func TestPie(t *testing.T) {
	s := mustNew(t, "pie=on")
	if hasSwap(s) {
		t.Fatal("swap offered before the first piece")
	}
	rulestest.Play(t, s, "@e5")
	moves := s.LegalMoves(nil)
	if moves[len(moves)-1] != swapMove || s.Prompt() != promptFirstOrSwap {
		t.Fatalf("Black's first turn: last move %v, prompt %q", moves[len(moves)-1], s.Prompt())
	}
	if s.MoveLabel(swapMove) != labelSwap || rules.FormatMove(s, swapMove) != "swap" {
		t.Errorf("swap labelled %q, written %q", s.MoveLabel(swapMove), rules.FormatMove(s, swapMove))
	}
	kept := s.Clone().(*State)
	rulestest.Play(t, s, "swap")
	e5 := site(t, s, "e5")
	if got := s.Pieces(e5, nil); len(got) != 1 || got[0].Owner != 1 {
		t.Errorf("after the swap e5 holds %v, want the second seat's piece", got)
	}
	if rules.ColourOf(s, 1) != rules.White || rules.ColourOf(s, 0) != rules.Black {
		t.Errorf("colours after the swap: seat 0 %d, seat 1 %d", rules.ColourOf(s, 0), rules.ColourOf(s, 1))
	}
	if s.ToMove() != 0 || s.MidTurn() || s.Prompt() != promptFirst || hasSwap(s) {
		t.Errorf("after the swap: to move %d, mid-turn %v, prompt %q, swap %v", s.ToMove(), s.MidTurn(), s.Prompt(), hasSwap(s))
	}
	rulestest.Play(t, s, "@a5", "@c5")
	if got := s.GroupSizes(0); !slices.Equal(got, []int{1, 1}) {
		t.Errorf("the first seat, now Black, has groups %v", got)
	}
	if s.ToMove() != 1 || hasSwap(s) {
		t.Errorf("White's turn: to move %d, swap %v", s.ToMove(), hasSwap(s))
	}
	// Declining is just placing a pair: no swap later.
	rulestest.Play(t, kept, "@a5")
	if hasSwap(kept) || kept.Prompt() != promptSecond {
		t.Errorf("swap offered, or prompt %q, in the middle of the pair", kept.Prompt())
	}
	rulestest.Play(t, kept, "@c5", "@a7", "@c7")
	if hasSwap(kept) || rules.ColourOf(kept, 0) != rules.White {
		t.Error("swap offered, or colours changed, after Black declined")
	}
	plain := start(t)
	rulestest.Play(t, plain, "@e5")
	if hasSwap(plain) || plain.Prompt() != promptFirst {
		t.Errorf("without the pie rule: swap %v, prompt %q", hasSwap(plain), plain.Prompt())
	}
	if s.Hash() == plain.Hash() {
		t.Error("swapped and plain positions hash alike")
	}
}

func TestWhyNot(t *testing.T) {
	s := start(t)
	if got := s.WhyNot([]board.Site{site(t, s, "e5")}); got != "" {
		t.Errorf("opening: WhyNot(e5) = %q", got)
	}
	rulestest.Play(t, s, "@e5")
	tests := []struct {
		path []string
		want string
	}{
		{[]string{"e5"}, whyOccupied},
		{[]string{"d4"}, ""},
	}
	for _, tc := range tests {
		var path []board.Site
		for _, l := range tc.path {
			path = append(path, site(t, s, l))
		}
		if got := s.WhyNot(path); got != tc.want {
			t.Errorf("WhyNot(%v) = %q, want %q", tc.path, got, tc.want)
		}
	}
	// A click is explained exactly when no legal placement uses it, in every position of
	// random games on a small board, where cells without a partner are common.
	for seed := uint64(1); seed <= 20; seed++ {
		rulestest.WalkRandomGame(t, mustNew(t, "size=3,pie=on"), seed, func(st *State) {
			legal := placeTexts(st)
			for c := 0; c < st.v.cells; c++ {
				label := st.Board().Label(board.Site(c))
				why := st.WhyNot([]board.Site{board.Site(c)})
				if !st.Over && slices.Contains(legal, label) != (why == "") {
					t.Fatalf("%s: WhyNot %q, legal %v\n%s", label, why, slices.Contains(legal, label), st)
				}
			}
		})
	}
}

func TestPrompts(t *testing.T) {
	s := mustNew(t, "pie=on")
	want := []string{promptOpening, promptFirstOrSwap, promptSecond, promptFirst, promptSecond, promptFirst}
	for i, m := range []string{"@e5", "@a5", "@c5", "@a7", "@c7"} {
		if got := s.Prompt(); got != want[i] {
			t.Errorf("before %s: prompt %q, want %q", m, got, want[i])
		}
		rulestest.Play(t, s, m)
	}
	if got := s.Prompt(); got != want[5] {
		t.Errorf("at the end: prompt %q, want %q", got, want[5])
	}
}

func TestOptions(t *testing.T) {
	for _, bad := range []rules.Options{{"size": "2", "pie": "off"}, {"size": "9", "pie": "off"}, {"size": "05", "pie": "off"}, {"size": "5", "pie": "yes"}} {
		if _, err := Game.New(bad); err == nil {
			t.Errorf("options %v accepted", bad)
		}
	}
	s := mustNew(t, "size=6,pie=on")
	if v := s.Variant(); v.Get("size") != "6" || v.Get("pie") != "on" {
		t.Errorf("variant %v", v)
	}
}

func TestConformance(t *testing.T) {
	for _, p := range Game.Presets {
		t.Run(perftName(p), func(t *testing.T) {
			rulestest.Conformance(t, rulestest.Spec(t, Game, p))
		})
	}
	rulestest.Conformance(t, rulestest.Spec(t, Game, "size=3,pie=on"))
}

// perftDepth is the deepest each golden perft goes in a few seconds: depth 3 on 61 cells
// walks about 17 million placements.
var perftDepth = map[string]int{"": 3, "size=4": 3, "pie=on": 3}

func perftName(opts string) string {
	if opts == "" {
		return "sibling"
	}
	return "sibling-" + strings.NewReplacer("=", "", ",", "-").Replace(opts)
}

func TestPerft(t *testing.T) {
	for _, p := range Game.Presets {
		t.Run(perftName(p), func(t *testing.T) {
			if testing.Short() && perftDepth[p] >= 3 && p != "size=4" {
				t.Skip("depth 3 on 61 cells takes several seconds")
			}
			rulestest.Perft(t, rulestest.Spec(t, Game, p), perftName(p), perftDepth[p])
		})
	}
}

func TestRandomMoveAgrees(t *testing.T) {
	for _, p := range append(slices.Clone(Game.Presets), "size=8,pie=on") {
		for seed := uint64(1); seed <= 20; seed++ {
			rulestest.WalkRandomGame(t, mustNew(t, p), seed, func(s *State) { rulestest.RandomMoveAgrees(t, s, seed) })
		}
	}
}

func TestPlayoutsDoNotAllocate(t *testing.T) {
	for _, p := range Game.Presets {
		rulestest.PlayoutsDoNotAllocate(t, mustNew(t, p))
	}
}

// TestInvariants walks random games: the hash stays equal to a recomputed one, the
// pieces never overlap, every turn adds the pieces it should, and the game ends within
// MaxTurns.
func TestInvariants(t *testing.T) {
	for _, p := range append(slices.Clone(Game.Presets), "size=8,pie=on", "size=3") {
		for seed := uint64(1); seed <= 30; seed++ {
			decisions := 0
			rulestest.WalkRandomGame(t, mustNew(t, p), seed, func(s *State) {
				if s.Zobrist != s.ComputeHash() {
					t.Fatalf("%q seed %d: hash differs from a recomputed one\n%s", p, seed, s)
				}
				if s.occ[0].Meets(&s.occ[1]) {
					t.Fatalf("%q seed %d: a cell holds two pieces", p, seed)
				}
				// White's pieces are odd in number between turns, Black's even, so the
				// count can never tie.
				if !s.MidTurn() && s.pieces() > 0 {
					w := s.occ[0].Len()
					if s.swapped {
						w = s.occ[1].Len()
					}
					if w%2 != 1 || (s.pieces()-w)%2 != 0 {
						t.Fatalf("%q seed %d: White has %d of %d pieces", p, seed, w, s.pieces())
					}
				}
				for _, m := range s.LegalMoves(nil) {
					if m.Kind != rules.Place && m.Kind != rules.Swap {
						t.Fatalf("%q seed %d: a %s move; passing is not allowed", p, seed, m.Kind)
					}
				}
				decisions++
			})
			if decisions > 2*Game.MaxTurns {
				t.Errorf("%q seed %d: %d decisions", p, seed, decisions)
			}
		}
	}
}

func TestEvaluate(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rulestest.WalkRandomGame(t, mustNew(t, "pie=on"), seed, func(s *State) {
			if s.Over {
				return
			}
			a, b := s.Evaluate(0), s.Evaluate(1)
			if a <= -1 || a >= 1 || a != -b {
				t.Fatalf("Evaluate %v and %v\n%s", a, b, s)
			}
		})
	}
	s, _ := position(t, "", 0, `
		9     W W . . .
		8    W W . . . .
		7   . . . . . . .
		6  . . . . . . . .
		5 . . . . . . . . .
		4  . . . . . . . .
		3   . . . . . . .
		2    . . . . B .
		1     W W . . B`)
	if s.Evaluate(0) <= 0 {
		t.Errorf("White, with groups 4 and 2 against Black's 2, evaluates at %v", s.Evaluate(0))
	}
}

func BenchmarkPlayout(b *testing.B) { rulestest.BenchPlayout(b, start(b)) }

func BenchmarkRandomMovePlayout(b *testing.B) { rulestest.BenchRandomMovePlayout(b, start(b)) }

// TestKeptPartnerCounts walks random games on every size, with and without the pie rule,
// and compares the partner counts and open cells that fill keeps with a recomputation from
// the pieces, and with a count of empty cells in far made here.
func TestKeptPartnerCounts(t *testing.T) {
	for n := minSize; n <= maxSize; n++ {
		for _, pie := range []string{pieOff, pieOn} {
			opts := fmt.Sprintf("size=%d,pie=%s", n, pie)
			for seed := uint64(1); seed <= 10; seed++ {
				rulestest.WalkRandomGame(t, mustNew(t, opts), seed, func(s *State) {
					fresh := *s
					fresh.countPartners()
					if s.open != fresh.open {
						t.Fatalf("%s seed %d: open %x, recomputed %x\n%s", opts, seed, s.open, fresh.open, s)
					}
					empty := s.emptyCells()
					for c := range s.v.cells {
						want := 0
						for w := range empty {
							want += bits.OnesCount64(s.v.far[c][w] & empty[w])
						}
						if want == 0 {
							// The planes of a cell without partners hold anything.
							continue
						}
						got := 1
						for b := range countBits {
							if s.left[b].Holds(c) {
								got += 1 << b
							}
						}
						if got != want {
							t.Fatalf("%s seed %d: cell %d has %d partners, kept as %d\n%s", opts, seed, c, want, got, s)
						}
					}
				})
			}
		}
	}
}

// TestSelectBit compares selectBit with a walk over the bits.
func TestSelectBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 100000 {
		x := rng.Uint64()
		switch rng.IntN(3) {
		case 0:
			x &= rng.Uint64()
		case 1:
			x &= rng.Uint64() & rng.Uint64() & rng.Uint64()
		}
		if x == 0 {
			continue
		}
		k := rng.IntN(bits.OnesCount64(x))
		rest := x
		for range k {
			rest &= rest - 1
		}
		want := bits.TrailingZeros64(rest)
		if got := selectBit(x, byteTotals(x), k); got != want {
			t.Fatalf("selectBit(%#x, %d) = %d, want %d", x, k, got, want)
		}
	}
}
