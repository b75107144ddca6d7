package fanorona

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

// position builds a position of the variant from a diagram of rows, top rank first, with
// 'W', 'B' and '.', and the player to move.
func position(t testing.TB, options, diagram string, toMove rules.Player) *State {
	t.Helper()
	s := start(t, options)
	rows := strings.Fields(diagram)
	if len(rows) != 5 || len(rows[0]) != s.v.width {
		t.Fatalf("diagram of %d rows for width %d", len(rows), s.v.width)
	}
	var white, black uint64
	for i, row := range rows {
		r := 4 - i
		for f, c := range row {
			switch c {
			case 'W':
				white |= 1 << (r*s.v.width + f)
			case 'B':
				black |= 1 << (r*s.v.width + f)
			}
		}
	}
	s.setup(s.v, white, black, toMove)
	return s
}

func site(t testing.TB, s *State, label string) board.Site {
	t.Helper()
	x, err := s.Board().Parse(label)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// captures returns the labels of the pieces the move written text would take, sorted.
func captures(t testing.TB, s *State, text string) string {
	t.Helper()
	m, err := rules.ParseMove(s, text)
	if err != nil {
		t.Fatalf("%s: %v\n%s", text, err, rules.Text(s))
	}
	var out []string
	for _, x := range s.Captures(m, nil) {
		out = append(out, s.Board().Label(x))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

func TestInitialPositions(t *testing.T) {
	for _, tc := range []struct {
		options, text string
	}{
		{"", ` 5 o o o o o o o o o
 4 o o o o o o o o o
 3 o O o O . o O o O
 2 O O O O O O O O O
 1 O O O O O O O O O
   a b c d e f g h i
to move: white
`},
		{"board=dimy", ` 5 o o o o o
 4 o o o o o
 3 O o . O o
 2 O O O O O
 1 O O O O O
   a b c d e
to move: white
`},
	} {
		s := start(t, tc.options)
		if got := rules.Text(s); got != tc.text {
			t.Errorf("%q:\n%s\nwant\n%s", tc.options, got, tc.text)
		}
	}
}

// TestFirstTurns checks the first moves and what they take against figures worked out
// independently when the rules were settled.
func TestFirstTurns(t *testing.T) {
	for _, tc := range []struct {
		options string
		moves   map[string]string
	}{
		{"", map[string]string{"d2-e3A": "f4 g5", "d3-e3A": "f3", "d3-e3W": "c3", "e2-e3A": "e4 e5", "f2-e3A": "c5 d4"}},
		{"board=dimy", map[string]string{"b2-c3A": "d4 e5", "c2-c3A": "c4 c5", "d2-c3A": "a5 b4", "d3-c3A": "b3", "d3-c3W": "e3"}},
	} {
		s := start(t, tc.options)
		got := rulestest.MoveTexts(s)
		var want []string
		for m, taken := range tc.moves {
			want = append(want, m)
			if c := captures(t, s, m); c != taken {
				t.Errorf("%q %s takes %s, want %s", tc.options, m, c, taken)
			}
		}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%q: first moves %v, want %v", tc.options, got, want)
		}
		if s.Prompt() != "must-capture" {
			t.Errorf("%q: prompt %q", tc.options, s.Prompt())
		}
	}
}

// TestSecondTurn follows an independently worked example: after e2-e3A Black has two whole
// turns, f4-e5W and the chain f4-e5W, e5-e4A, which goes on to take e3 as well.
func TestSecondTurn(t *testing.T) {
	s := start(t, "")
	rulestest.Play(t, s, "e2-e3A")
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"f4-e5W"}) {
		t.Fatalf("Black's moves %v", got)
	}
	if c := captures(t, s, "f4-e5W"); c != "g3 h2 i1" {
		t.Errorf("f4-e5W takes %s", c)
	}
	rulestest.Play(t, s, "f4-e5W")
	if !s.MidTurn() || s.Prompt() != "chain" {
		t.Fatalf("no chain after f4-e5W\n%s", rules.Text(s))
	}
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"e5-e4A", "stop"}) {
		t.Fatalf("chain moves %v", got)
	}
	if c := captures(t, s, "e5-e4A"); c != "e3" {
		t.Errorf("e5-e4A takes %s", c)
	}
	if got := len(rules.Turns(start(t, "").playing(t, "e2-e3A"))); got != 2 {
		t.Errorf("%d whole turns for Black, want 2", got)
	}
}

func (s *State) playing(t testing.TB, moves ...string) *State {
	rulestest.Play(t, s, moves...)
	return s
}

// TestApproachAndWithdrawal checks the two captures of the rulebook's figures 2 and 3: a
// whole unbroken line goes, up to an empty point, an own piece or the edge.
func TestApproachAndWithdrawal(t *testing.T) {
	for _, tc := range []struct {
		name, diagram, move, taken string
	}{
		{"approach takes the line up to a gap", `
.........
.........
..W.BB.BB
.........
.........`, "c3-d3A", "e3 f3"},
		{"approach stops at an own piece", `
.........
.........
..W.BWB..
.........
.........`, "c3-d3A", "e3"},
		{"approach runs to the edge", `
.........
.........
.....W.BB
.........
.........`, "f3-g3A", "h3 i3"},
		{"withdrawal takes the line behind", `
.........
.........
BBBW.....
.........
.........`, "d3-e3W", "a3 b3 c3"},
		{"diagonal approach", `
....B....
...B.....
.........
.W.......
.........`, "b2-c3A", "d4 e5"},
		{"diagonal withdrawal", `
.........
.........
..W......
.B.......
B........`, "c3-d4W", "a1 b2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, "", tc.diagram, 0)
			if got := captures(t, s, tc.move); got != tc.taken {
				t.Errorf("%s takes %s, want %s", tc.move, got, tc.taken)
			}
			before := bits.OnesCount64(s.pieces[1])
			rulestest.Play(t, s, tc.move)
			if n := strings.Count(tc.taken, " ") + 1; bits.OnesCount64(s.pieces[1]) != before-n {
				t.Errorf("%d pieces left of %d after taking %d", bits.OnesCount64(s.pieces[1]), before, n)
			}
		})
	}
}

// TestNoDiagonalFromWeakPoints: a diagonal step or capture needs a drawn diagonal, and the
// capture line is the straight continuation of the step.
func TestNoDiagonalFromWeakPoints(t *testing.T) {
	s := position(t, "", `
.........
.........
...B.....
..W......
.........`, 0)
	// c2 is a weak point: no diagonal towards d3, so no approach; its paikas are orthogonal.
	for _, m := range rulestest.MoveTexts(s) {
		if m == "c2-d3A" || m == "c2-d3" || m == "c2-b3" || m == "c2-d1" || m == "c2-b1" {
			t.Errorf("diagonal move %s from a weak point", m)
		}
	}
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"c2-b2", "c2-c1", "c2-c3", "c2-d2"}) {
		t.Errorf("moves %v", got)
	}
}

// TestChoice: one step that can both approach and withdraw offers both, each taking only
// its own line, labelled for the player.
func TestChoice(t *testing.T) {
	s := position(t, "", `
.........
.........
BW.BB....
.........
.........`, 0)
	got := rulestest.MoveTexts(s)
	if !slices.Equal(got, []string{"b3-c3A", "b3-c3W"}) {
		t.Fatalf("moves %v", got)
	}
	if c := captures(t, s, "b3-c3A"); c != "d3 e3" {
		t.Errorf("approach takes %s", c)
	}
	if c := captures(t, s, "b3-c3W"); c != "a3" {
		t.Errorf("withdrawal takes %s", c)
	}
	for text, label := range map[string]string{"b3-c3A": "approach", "b3-c3W": "withdrawal"} {
		m, _ := rules.ParseMove(s, text)
		if s.MoveLabel(m) != label {
			t.Errorf("%s labelled %q", text, s.MoveLabel(m))
		}
	}
	rulestest.Play(t, s, "b3-c3W")
	if s.pieces[1] != 1<<site(t, s, "d3")|1<<site(t, s, "e3") {
		t.Errorf("withdrawal left the approach line wrongly\n%s", rules.Text(s))
	}
}

// TestCompulsoryCapture: with a capture on the board a paika is not a legal move, and the
// explainer says why.
func TestCompulsoryCapture(t *testing.T) {
	s := position(t, "", `
.........
.........
W.B......
.........
........W`, 0)
	for _, m := range rulestest.MoveTexts(s) {
		if !strings.HasSuffix(m, "A") && !strings.HasSuffix(m, "W") {
			t.Errorf("paika %s offered beside a capture", m)
		}
	}
	if got := s.WhyNot([]board.Site{site(t, s, "i1"), site(t, s, "h1")}); got != "must-capture" {
		t.Errorf("why not i1-h1: %q", got)
	}
	if got := s.WhyNot([]board.Site{site(t, s, "i1")}); got != "must-capture" {
		t.Errorf("why not i1: %q", got)
	}
	if got := s.WhyNot([]board.Site{site(t, s, "a3")}); got != "" {
		t.Errorf("why not a3: %q", got)
	}
}

// chainBoard holds a chain of three withdrawals, like the rulebook's figure 4: White e3
// withdraws east from d3, north from f2 and west from g4. A fourth capture, approaching
// c4 by stepping west again from e4, is forbidden: it would go on in the same direction.
const chainBoard = `
.........
..B...B..
...BW....
.....B...
.........`

func TestChain(t *testing.T) {
	s := position(t, "", chainBoard, 0)
	for i, tc := range []struct {
		move  string
		next  []string
		marks string
	}{
		{"e3-f3W", []string{"f3-f4W", "stop"}, "e3"},
		{"f3-f4W", []string{"f4-e4W", "stop"}, "e3 f3"},
	} {
		rulestest.Play(t, s, tc.move)
		if !s.MidTurn() || s.ToMove() != 0 || s.Prompt() != "chain" {
			t.Fatalf("step %d: the chain did not go on\n%s", i, rules.Text(s))
		}
		if got := rulestest.MoveTexts(s); !slices.Equal(got, tc.next) {
			t.Errorf("step %d: chain moves %v, want %v", i, got, tc.next)
		}
		var marks []string
		for _, m := range s.Marks(nil) {
			if m.Kind != rules.Visited {
				t.Errorf("mark %+v", m)
			}
			marks = append(marks, s.Board().Label(m.Site))
		}
		if strings.Join(marks, " ") != tc.marks {
			t.Errorf("step %d: visited %v, want %s", i, marks, tc.marks)
		}
	}
	if w := s.WhyNot([]board.Site{site(t, s, "f4"), site(t, s, "f5")}); w != "same-direction" {
		t.Errorf("why not f4-f5: %q", w)
	}
	if w := s.WhyNot([]board.Site{site(t, s, "f4"), site(t, s, "f3")}); w != "visited" {
		t.Errorf("why not f4-f3: %q", w)
	}
	if w := s.WhyNot([]board.Site{site(t, s, "f4"), site(t, s, "g5")}); w != "chain-capture" {
		t.Errorf("why not f4-g5: %q", w)
	}
	rulestest.Play(t, s, "f4-e4W")
	// The only capture left, e4-d4A, repeats the westward direction: the turn ends.
	if s.MidTurn() || s.ToMove() != 1 || len(s.Marks(nil)) != 0 {
		t.Fatalf("the chain did not end\n%s", rules.Text(s))
	}
	if s.pieces[1] != 1<<site(t, s, "c4") {
		t.Errorf("pieces left\n%s", rules.Text(s))
	}
}

// TestStop: a chain may stop at any time, even with captures left.
func TestStop(t *testing.T) {
	s := position(t, "", chainBoard, 0)
	rulestest.Play(t, s, "e3-f3W", "stop")
	if s.MidTurn() || s.ToMove() != 1 || s.Zobrist != s.ComputeHash() || s.quiet != 0 {
		t.Errorf("stop did not end the turn\n%s", rules.Text(s))
	}
	if bits.OnesCount64(s.pieces[1]) != 3 {
		t.Errorf("pieces left\n%s", rules.Text(s))
	}
}

// TestChainRestrictions checks the other restrictions of a chain: only the capturing
// piece moves, and every step captures.
func TestChainRestrictions(t *testing.T) {
	// White c3 approaches east, taking e3 and f3; from d3 it may approach d5 going north.
	// Going east again is the same direction, back west is its start, and south captures
	// nothing.
	s := position(t, "", `
...B.....
.........
..W.BB...
.........
W........`, 0)
	rulestest.Play(t, s, "c3-d3A")
	if !s.MidTurn() {
		t.Fatalf("no chain\n%s", rules.Text(s))
	}
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"d3-d4A", "stop"}) {
		t.Errorf("chain moves %v", got)
	}
	for _, tc := range []struct {
		path []string
		why  string
	}{
		{[]string{"d3", "e3"}, "same-direction"},
		{[]string{"d3", "c3"}, "visited"},
		{[]string{"d3", "d2"}, "chain-capture"},
		{[]string{"d3", "d4"}, ""},
		{[]string{"a1"}, "chain-piece"},
		{[]string{"a1", "a2"}, "chain-piece"},
	} {
		var path []board.Site
		for _, l := range tc.path {
			path = append(path, site(t, s, l))
		}
		if got := s.WhyNot(path); got != tc.why {
			t.Errorf("why not %v: %q, want %q", tc.path, got, tc.why)
		}
	}
	if c := captures(t, s, "d3-d4A"); c != "d5" {
		t.Errorf("d3-d4A takes %s", c)
	}
}

// TestStartVisitedForbidsReturn: the starting point counts as visited (Koma's reading, see
// the package comment), so a chain may not come back to it even to capture.
func TestStartVisitedForbidsReturn(t *testing.T) {
	// e3-d3A takes c3. From d3, stepping back east to e3 would approach f3, but e3 is
	// where the chain began; north to d4 approaches d5.
	s := position(t, "", `
...B.....
.........
..B.WB...
.........
.........`, 0)
	rulestest.Play(t, s, "e3-d3A")
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"d3-d4A", "stop"}) {
		t.Errorf("moves %v", got)
	}
	if w := s.WhyNot([]board.Site{site(t, s, "d3"), site(t, s, "e3")}); w != "visited" {
		t.Errorf("why not d3-e3: %q", w)
	}
}

// TestSameDirectionAfterWithdrawal: the rulebook's own example, a withdrawal up-right may
// not be followed by an approach up-right.
func TestSameDirectionAfterWithdrawal(t *testing.T) {
	s := position(t, "", `
......B..
.........
.........
...W.....
..B......`, 0)
	rulestest.Play(t, s, "d2-e3W")
	if s.MidTurn() {
		t.Errorf("e3-f4A continues in the same direction, yet the chain goes on: %v", rulestest.MoveTexts(s))
	}
	if s.pieces[1] != 1<<site(t, s, "g5") {
		t.Errorf("pieces left\n%s", rules.Text(s))
	}
}

func TestPaika(t *testing.T) {
	s := position(t, "", `
B........
.........
.........
.........
....W....`, 0)
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2"}) {
		t.Errorf("paikas %v", got)
	}
	if s.Prompt() != "" {
		t.Errorf("prompt %q", s.Prompt())
	}
	f := position(t, "end=forward", `
B........
.........
.........
.........
....W....`, 0)
	if got := rulestest.MoveTexts(f); !slices.Equal(got, []string{"e1-d2", "e1-e2", "e1-f2"}) {
		t.Errorf("forward paikas %v", got)
	}
	if w := f.WhyNot([]board.Site{site(t, f, "e1"), site(t, f, "d1")}); w != "forward-only" {
		t.Errorf("why not e1-d1: %q", w)
	}
	b := position(t, "end=forward", `
B........
.........
.........
.........
....W....`, 1)
	if got := rulestest.MoveTexts(b); !slices.Equal(got, []string{"a5-a4", "a5-b4"}) {
		t.Errorf("Black's forward paikas %v", got)
	}
}

// TestForwardCapturesAnyDirection: under forward paika, captures still go every way.
func TestForwardCapturesAnyDirection(t *testing.T) {
	s := position(t, "end=forward", `
.........
.........
.........
....W....
....B....`, 0)
	// e2 withdraws north from e1: a forward step; backwards approach is impossible (edge).
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"e2-e3W"}) {
		t.Errorf("moves %v", got)
	}
	// Black e3 withdraws from e2 by stepping north, backwards for Black.
	b := position(t, "end=forward", `
.........
.........
....B....
....W....
.........`, 1)
	if got := rulestest.MoveTexts(b); !slices.Equal(got, []string{"e3-e4W"}) {
		t.Errorf("moves %v", got)
	}
}

func TestCapturedAll(t *testing.T) {
	s := position(t, "", `
.........
.........
..W.B....
.........
.........`, 0)
	rulestest.Play(t, s, "c3-d3A")
	o, over := s.Outcome()
	if !over || o.Winner != 0 || o.Reason != "captured-all" || s.MidTurn() {
		t.Errorf("outcome %+v over=%v", o, over)
	}
}

// TestNoMoves: a player who cannot move at the start of a turn loses (Koma's resolution,
// see the package comment).
func TestNoMoves(t *testing.T) {
	// Black a5 is boxed in, and no white piece can capture it: every point beside it is
	// taken, and so is every point a white neighbour would withdraw to.
	s := position(t, "board=dimy", `
BWW..
WW...
W.W..
.....
....W`, 0)
	if got := rulestest.MoveTexts(s); slices.ContainsFunc(got, func(m string) bool { return strings.HasSuffix(m, "A") || strings.HasSuffix(m, "W") }) {
		t.Fatalf("White can capture: %v", got)
	}
	rulestest.Play(t, s, "e1-e2")
	o, over := s.Outcome()
	if !over || o.Winner != 0 || o.Reason != "no-moves" || o.Scored {
		t.Errorf("outcome %+v over=%v", o, over)
	}
}

// TestRepetition: the third occurrence of a position ends the game, won by the side that
// captured more, or drawn when loops are drawn.
func TestRepetition(t *testing.T) {
	for _, tc := range []struct {
		options, reason string
		winner          rules.Player
	}{
		{"", "repetition", 0},
		{"end=draw", "repetition-draw", rules.NoPlayer},
	} {
		s := position(t, tc.options, `
B........
.........
.........
.........
........W`, 0)
		// White has two pieces left and Black one, so White has captured more.
		s.pieces[0] |= 1 << site(t, s, "i2")
		s.setup(s.v, s.pieces[0], s.pieces[1], 0)
		moves := []string{"i1-h1", "a5-b5", "h1-i1", "b5-a5", "i1-h1", "a5-b5", "h1-i1", "b5-a5"}
		for i, m := range moves {
			if _, over := s.Outcome(); over {
				t.Fatalf("%q: over after %d moves", tc.options, i)
			}
			rulestest.Play(t, s, m)
		}
		o, over := s.Outcome()
		if !over || o.Reason != tc.reason || o.Winner != tc.winner || !o.Scored || o.Score != [2]int16{21, 20} {
			t.Errorf("%q: outcome %+v over=%v", tc.options, o, over)
		}
	}
}

// TestQuietLimit: 100 turns in a row without a capture end the game.
func TestQuietLimit(t *testing.T) {
	s := position(t, "", `
B........
.........
.........
.........
........W`, 0)
	s.quiet = quietLimit - 2
	rulestest.Play(t, s, "i1-h1")
	if _, over := s.Outcome(); over {
		t.Fatal("over too soon")
	}
	rulestest.Play(t, s, "a5-b5")
	o, over := s.Outcome()
	if !over || o.Reason != "no-captures" || o.Winner != rules.NoPlayer {
		t.Errorf("outcome %+v over=%v", o, over)
	}
}

func TestCaptureResetsCounts(t *testing.T) {
	s := position(t, "", `
B.......B
.........
.........
........W
W........`, 0)
	s.quiet = 50
	rulestest.Play(t, s, "a1-b1")
	if s.quiet != 51 || s.hist.Len() != 2 {
		t.Fatalf("quiet %d, history %d", s.quiet, s.hist.Len())
	}
	rulestest.Play(t, s, "i5-i4")
	rulestest.Play(t, s, "i2-i3A")
	if s.quiet != 0 || s.hist.Len() != 1 {
		t.Errorf("after a capture: quiet %d, history %d", s.quiet, s.hist.Len())
	}
}

func TestParseAndNotation(t *testing.T) {
	s := start(t, "")
	for _, bad := range []string{"", "e2-e3", "e2-e3X", "stop", "pass", "z9-a1A", "d2-e3a"} {
		if _, err := rules.ParseMove(s, bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	if _, err := rules.ParseMove(s, " e2-e3A "); err != nil {
		t.Error(err)
	}
}

func TestConformance(t *testing.T) {
	for _, p := range append(slices.Clone(Game.Presets), "end=draw", "board=dimy,end=forward", "board=dimy,end=draw") {
		t.Run(p, func(t *testing.T) {
			rulestest.Conformance(t, rulestest.Spec(t, Game, p))
		})
	}
}

func TestPerft(t *testing.T) {
	rulestest.Perft(t, rulestest.Spec(t, Game, ""), "tsivy", 5)
	rulestest.Perft(t, rulestest.Spec(t, Game, "board=dimy"), "dimy", 6)
}

// TestPerftIndependent compares the golden figures with the naive implementation, for
// every preset.
func TestPerftIndependent(t *testing.T) {
	for _, tc := range []struct {
		options string
		depth   int
	}{{"", 5}, {"board=dimy", 6}, {"end=forward", 4}, {"board=dimy,end=forward", 5}} {
		want := rules.Perft(start(t, tc.options), tc.depth)
		got := naivePerft(naiveStart(tc.options), tc.depth)
		if !slices.Equal(got, want) {
			t.Errorf("%q: naive perft %v, fast %v", tc.options, got, want)
		}
	}
}

func TestAgainstNaive(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 6
	}
	for _, opts := range []string{"", "board=dimy", "end=forward", "board=dimy,end=draw"} {
		for seed := range uint64(games) {
			refereeGame(t, opts, seed)
		}
	}
}

// refereeGame plays a random game whole turn by whole turn, checking at every turn that
// the fast rules and the naive ones offer the same positions and end the same way.
func refereeGame(t testing.TB, options string, seed uint64) {
	t.Helper()
	var s rules.State = start(t, options)
	n := naiveStart(options)
	rng := rand.New(rand.NewPCG(seed, 7))
	for turn := 0; ; turn++ {
		got := map[string]rules.State{}
		for _, k := range rules.Turns(s) {
			got[keyOf(k)] = k
		}
		want := n.children()
		gk, wk := sortedKeys(got), sortedKeys(want)
		if !slices.Equal(gk, wk) {
			t.Fatalf("%q seed %d turn %d: %d positions, naive %d\n%s", options, seed, turn, len(gk), len(wk), rules.Text(s))
		}
		if len(gk) == 0 {
			o, _ := s.Outcome()
			if o.Reason != n.reason {
				t.Fatalf("%q seed %d: reason %q, naive %q", options, seed, o.Reason, n.reason)
			}
			return
		}
		k := gk[rng.IntN(len(gk))]
		s, n = got[k], want[k]
	}
}

func TestRandomMoveMatchesLegalMoves(t *testing.T) {
	for _, p := range []string{"", "board=dimy", "end=forward"} {
		for seed := range uint64(20) {
			rulestest.WalkRandomGame(t, start(t, p), seed, func(s *State) {
				rulestest.RandomMoveAgrees(t, s, seed)
			})
		}
	}
}

func TestPlayoutsDoNotAllocate(t *testing.T) {
	for _, p := range []string{"", "board=dimy"} {
		rulestest.PlayoutsDoNotAllocate(t, start(t, p))
	}
}

// TestEveryGameEnds plays random games to the end within MaxTurns, for every preset and
// the end=draw variants; a long quiet run must be cut off by the loop rules.
func TestEveryGameEnds(t *testing.T) {
	for _, p := range []string{"", "board=dimy", "end=forward", "end=draw", "board=dimy,end=forward"} {
		for seed := range uint64(50) {
			s := start(t, p)
			rng := rand.New(rand.NewPCG(seed, 3))
			turns := 0
			for {
				m, ok := s.RandomMove(rng)
				if !ok {
					break
				}
				s.Apply(m)
				if !s.MidTurn() {
					turns++
				}
				if turns > Game.MaxTurns {
					t.Fatalf("%q seed %d: no end", p, seed)
				}
			}
		}
	}
}
