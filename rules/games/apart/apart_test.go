package apart

import (
	"math/bits"
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

// sq returns the site of a square's label.
func sq(label string) board.Site {
	s, err := topo.Parse(label)
	if err != nil {
		panic(err)
	}
	return s
}

// position builds a position from a diagram: one line per rank, rank 8 first, one token
// per square: O (White), o (Black) or . (empty), the letters rules.Text uses. The position
// is past White's first turn.
func position(t testing.TB, diagram string, toMove rules.Player) *State {
	t.Helper()
	rows := strings.Split(strings.TrimSpace(diagram), "\n")
	if len(rows) != size {
		t.Fatalf("diagram has %d ranks", len(rows))
	}
	s := &State{Status: rules.Status{Turn: toMove, Winner: rules.NoPlayer}, chain: -1, start: -1}
	for i, row := range rows {
		tokens := strings.Fields(row)
		if len(tokens) != size {
			t.Fatalf("rank %d of the diagram has %d squares", size-i, len(tokens))
		}
		for col, tok := range tokens {
			b := uint64(1) << ((size-1-i)*size + col)
			switch tok {
			case "O":
				s.pieces[0] |= b
			case "o":
				s.pieces[1] |= b
			case ".":
			default:
				t.Fatalf("bad square %q", tok)
			}
		}
	}
	s.turns = 10 + uint16(toMove)
	s.Zobrist = s.ComputeHash()
	return s
}

// from returns the sorted notation of the legal moves starting on label.
func from(s *State, label string) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		if m.Len > 0 && m.Path[0] == sq(label) {
			out = append(out, rules.FormatMove(s, m))
		}
	}
	slices.Sort(out)
	return out
}

func TestInitialPosition(t *testing.T) {
	s := start(t)
	want := position(t, `
		. o o o o o o .
		. o o o o o o .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. O O O O O O .
		. O O O O O O .`, 0)
	if s.pieces != want.pieces || s.ToMove() != 0 || s.MidTurn() {
		t.Errorf("initial position\n%s", rules.Text(s))
	}
	// b1: its column holds 2 (b1 b2), its row 6, its rising diagonal 2 (b1 c2), its
	// falling diagonal 1 (a2 is empty). Every other way leaves the board.
	if got, want := from(s, "b1"), []string{"b1-a2", "b1xb3", "b1xd3", "b1xh1"}; !slices.Equal(got, want) {
		t.Errorf("b1: %v, want %v", got, want)
	}
	// d2: column 2, row 6 (lands on j2 or x2: off the board), both diagonals 2.
	if got, want := from(s, "d2"), []string{"d2xb4", "d2xd4", "d2xf4"}; !slices.Equal(got, want) {
		t.Errorf("d2: %v, want %v", got, want)
	}
	if n := len(s.LegalMoves(nil)); n != 40 {
		t.Errorf("%d opening moves, want 40", n)
	}
	if s.Prompt() != "first-turn" {
		t.Errorf("prompt %q", s.Prompt())
	}
}

// TestFigure2: the piece "a" of the rulebook's Fig. 2 belongs to four lines at once, of
// lengths 3 (upper left to lower right), 1 (upper right to lower left), 2 (vertical) and 1
// (horizontal), and moves that many squares along each (Fig. 3: single steps along the
// lines of one, jumps along the others).
func TestFigure2(t *testing.T) {
	s := position(t, `
		. . . . . . . o
		. . . . . . . o
		. . . . . . . .
		. . O O . . . .
		. . . O . . . .
		. . . . O . . .
		. . . . . . . .
		. . . . . . . .`, 0)
	want := []string{"d4-c3", "d4-c4", "d4-e4", "d4-e5", "d4xa7", "d4xd2", "d4xd6", "d4xg1"}
	if got := from(s, "d4"); !slices.Equal(got, want) {
		t.Errorf("moves of a %v, want %v", got, want)
	}
	for d, l := range map[int]int{0: 2, 1: 1, 2: 1, 3: 3} {
		if got := lineLen(s.pieces[0], int(sq("d4")), d); got != l {
			t.Errorf("line along axis %d: %d, want %d", d, got, l)
		}
	}
}

// TestMovement: a piece passes over pieces of both colours, captures an enemy on its
// landing square, may not land on a friend, and may not leave the board; a line is broken
// by an enemy piece or a gap.
func TestMovement(t *testing.T) {
	s := position(t, `
		. . . . . . . o
		. . . . . . . o
		. . . . . . . .
		. . . . . . . .
		. . . o . . . .
		. . . O . . . .
		. . . O O o O .
		. . . . . . . .`, 0)
	// d3: its column is d2 d3 (d4 is Black, which ends the line): 2 both ways, over d4 to
	// d5 and over d2 to d1. Its falling diagonal is d3 e2: 2, to b5 (f1 the other way). Its
	// row and rising diagonal are 1: single steps.
	if got, want := from(s, "d3"), []string{"d3-c2", "d3-c3", "d3-e3", "d3-e4", "d3xb5", "d3xd1", "d3xd5", "d3xf1"}; !slices.Equal(got, want) {
		t.Errorf("d3: %v, want %v", got, want)
	}
	// d2: column 2, north over d3 onto d4, which holds Black: a capture (south leaves the
	// board). Row d2 e2 = 2 (f2 is Black): onto f2, a capture, or b2. Both diagonals 1.
	if got, want := from(s, "d2"), []string{"d2-c1", "d2-c3", "d2-e1", "d2-e3", "d2xb2", "d2xd4", "d2xf2"}; !slices.Equal(got, want) {
		t.Errorf("d2: %v, want %v", got, want)
	}
	// e2 lands on c2 (west) but not on g2 (east, its own piece): the row e2 d2 is 2 long.
	if got := from(s, "e2"); !slices.Contains(got, "e2xc2") || slices.Contains(got, "e2xg2") {
		t.Errorf("e2: %v", got)
	}
	if why := s.WhyNot([]board.Site{sq("e2"), sq("g2")}); why != "own-piece" {
		t.Errorf("why not e2xg2: %q", why)
	}
	var c CaptureList
	c.check(t, s, "d2xf2", "f2")
	c.check(t, s, "d2xd4", "d4")
	c.check(t, s, "d3xd5")
	rulestest.CapturesAreEnemies(t, s)
	rulestest.Play(t, s, "d2xf2")
	if s.pieces[1]>>sq("f2")&1 != 0 || s.pieces[0]>>sq("f2")&1 == 0 || s.pieces[1]>>sq("d4")&1 == 0 {
		t.Errorf("the capture on f2 went wrong\n%s", rules.Text(s))
	}
}

// CaptureList checks capture previews.
type CaptureList struct{}

func (CaptureList) check(t *testing.T, s *State, move string, want ...string) {
	t.Helper()
	m, err := rules.ParseMove(s, move)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, site := range s.Captures(m, nil) {
		got = append(got, topo.Label(site))
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s captures %v, want %v", move, got, want)
	}
}

// TestChain: after a jump the same piece may jump again, with lines recounted on the board
// as it now stands, capturing where it lands (Fig. 4); it may stop after any jump; it never
// steps in a chain and never lands twice on one square.
func TestChain(t *testing.T) {
	s := position(t, `
		. . . . . . . o
		. . . . . . . o
		. . o . . . . .
		. . o O . . . .
		. . O . . . . .
		. . O . . . . .
		. . . . . . . .
		. . . . . . . .`, 0)
	// c3 jumps over c4 (column of 2) and lands on c5, taking the black piece.
	rulestest.Play(t, s, "c3xc5")
	if !s.MidTurn() || s.ToMove() != 0 || s.pieces[1]>>sq("c5")&1 != 0 {
		t.Fatalf("after c3xc5: MidTurn %v, to move %d\n%s", s.MidTurn(), s.ToMove(), rules.Text(s))
	}
	if s.Prompt() != "jump-again" {
		t.Errorf("prompt %q", s.Prompt())
	}
	// At c5: column c4 c5 = 2 (c6 is Black): c7 and c3 (the start, allowed: not landed on);
	// row c5 d5 = 2: a5 and e5; diagonals: b6/d4 (1) would be steps, which a chain forbids;
	// b4/d6 (1) likewise.
	want := []string{"c5xa5", "c5xc3", "c5xc7", "c5xe5", "stop"}
	if got := rulestest.MoveTexts(s); !slices.Equal(got, want) {
		t.Fatalf("chain moves %v, want %v", got, want)
	}
	if why := s.WhyNot([]board.Site{sq("c5"), sq("b6")}); why != "no-step-in-chain" {
		t.Errorf("why not c5-b6: %q", why)
	}
	if why := s.WhyNot([]board.Site{sq("d5")}); why != "chain-piece" {
		t.Errorf("why not d5: %q", why)
	}
	rulestest.Play(t, s, "c5xe5")
	// At e5: row d5 e5 = 2 west to c5, where it already landed: not offered.
	if got := from(s, "e5"); slices.Contains(got, "e5xc5") {
		t.Errorf("landed twice: %v", got)
	}
	if why := s.WhyNot([]board.Site{sq("e5"), sq("c5")}); why != "landed-twice" {
		t.Errorf("why not e5xc5: %q", why)
	}
	marks := s.Marks(nil)
	if len(marks) != 1 || marks[0].Site != sq("c5") || marks[0].Kind != rules.Visited {
		t.Errorf("marks %+v", marks)
	}
	rulestest.Play(t, s, "stop")
	if s.MidTurn() || s.ToMove() != 1 || s.pieces[0]>>sq("e5")&1 == 0 || len(s.Marks(nil)) != 0 {
		t.Errorf("stop did not end the turn on e5\n%s", rules.Text(s))
	}
}

// TestChainEndsByItself: with no jump left, the turn ends without a Stop.
func TestChainEndsByItself(t *testing.T) {
	s := position(t, `
		. . . . . . o o
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . O . . . .
		. . . O . . O O`, 0)
	// d2 jumps north (column d1 d2) to d4, where it stands alone: every line is 1, and a
	// chain takes no single steps.
	rulestest.Play(t, s, "d2xd4")
	if s.MidTurn() || s.ToMove() != 1 {
		t.Errorf("the chain did not end by itself")
	}
}

// TestFirstTurn: White's first turn may not be a continuous jump; Black's may, and so may
// White's later turns.
func TestFirstTurn(t *testing.T) {
	s := start(t)
	// d1 jumps over d2 to d3, where the column d2 d3 would carry it on to d5.
	rulestest.Play(t, s, "d1xd3")
	if s.MidTurn() || s.ToMove() != 1 {
		t.Fatalf("White's first jump did not end the turn")
	}
	rulestest.Play(t, s, "d8xd6")
	if !s.MidTurn() || s.ToMove() != 1 {
		t.Fatalf("Black's first jump ended the turn")
	}
	if got := rulestest.MoveTexts(s); !slices.Contains(got, "d6xd4") {
		t.Errorf("Black's chain moves %v lack d6xd4 (the capture on d4)", got)
	}
	s = start(t)
	rulestest.Play(t, s, "b1-a2", "b8-a7", "d1xd3")
	if !s.MidTurn() {
		t.Errorf("White's second jump could not go on")
	}
}

// TestReturnHome walks every chain of crowded positions and checks that a chain never
// lacks a decision, that no turn leaves the board as it was, and that the turns agree with
// the naive rules.
func TestReturnHome(t *testing.T) {
	for _, diagram := range []string{`
		. . . . . . . o
		. . . . . . . o
		. . . . . . . .
		. . O O O . . .
		. . O O O . . .
		. . O O O . . .
		. . . . . . . .
		. . . . . . . .`, `
		. . . . . . . o
		. . . . . . o o
		. . . O . . . .
		. . O O . . . .
		. O . O O . . .
		. . O . . . . .
		. . . . . . . .
		. . . . . . . .`, `
		. o o o o o o .
		. o . o o o o .
		. . . . . . . .
		. . O o O . . .
		. . . O O . . .
		. . . . . . . .
		. O O . O O O .
		. O O O O O O .`} {
		s := position(t, diagram, 0)
		noDeadEnds(t, s)
		sameTurns(t, s)
	}
}

// TestReturnWithoutCapture builds a chain that comes back to its start with nothing taken:
// it may not stop there, and it is offered only because it can jump on.
func TestReturnWithoutCapture(t *testing.T) {
	// d4 with d5 above (column 2) jumps to d6; at d6 the column d5 d6 = 2 brings it back
	// south to d4: its start, with nothing captured.
	s := position(t, `
		. . . . . . . o
		. . . . . . . o
		. . . . . . . .
		. . . O . . . .
		. . . O O . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .`, 0)
	rulestest.Play(t, s, "d4xd6")
	got := rulestest.MoveTexts(s)
	// At d6 the column is d5 d6 = 2: back south to d4. From d4 the row d4 e4 = 2 leads on
	// to f4 or b4, so the return is offered.
	if !slices.Contains(got, "d6xd4") {
		t.Fatalf("moves %v lack the return d6xd4", got)
	}
	rulestest.Play(t, s, "d6xd4")
	got = rulestest.MoveTexts(s)
	if slices.Contains(got, "stop") || !s.MidTurn() || s.Prompt() != "jump-on" {
		t.Fatalf("back on the start with nothing taken: moves %v, prompt %q", got, s.Prompt())
	}
	if !slices.Contains(got, "d4xb4") || !slices.Contains(got, "d4xf4") {
		t.Errorf("moves %v", got)
	}
	// Without the e4 piece, and with d2 a friend, the return would leave no way on (north
	// lands on d6 again, south on d2's friend): it is not offered.
	s = position(t, `
		. . . . . . . o
		. . . . . . . o
		. . . . . . . .
		. . . O . . . .
		. . . O . . . .
		. . . . . . . .
		. . . O . . O O
		. . . . . . . .`, 0)
	rulestest.Play(t, s, "d4xd6")
	if got := rulestest.MoveTexts(s); slices.Contains(got, "d6xd4") {
		t.Errorf("a dead-end return is offered: %v", got)
	}
	if why := s.WhyNot([]board.Site{sq("d6"), sq("d4")}); why != "no-change" {
		t.Errorf("why not d6xd4: %q", why)
	}
}

// noDeadEnds walks every sequence of decisions of one turn and fails if a chain in
// progress ever has no legal decision, or a turn ends on its start with nothing changed.
func noDeadEnds(t *testing.T, s *State) {
	t.Helper()
	for _, m := range s.LegalMoves(nil) {
		c := *s
		c.Apply(m)
		if c.MidTurn() {
			if len(c.LegalMoves(nil)) == 0 {
				t.Fatalf("a chain with no way to end\n%s", rules.Text(&c))
			}
			noDeadEnds(t, &c)
		}
	}
}

// sameTurns compares the whole turns of s with the naive rules' children.
func sameTurns(t *testing.T, s *State) {
	t.Helper()
	got := map[string]bool{}
	for _, k := range rules.Turns(s) {
		got[keyOf(k)] = true
		if k.(*State).pieces == s.pieces && k.(*State).Turn != s.Turn {
			t.Errorf("a turn changed nothing\n%s", rules.Text(k))
		}
	}
	want := naiveOf(s).children()
	if gk, wk := sortedKeys(got), sortedKeys(want); !slices.Equal(gk, wk) {
		t.Errorf("%d turns, naive %d\n%s", len(gk), len(wk), rules.Text(s))
	}
}

// TestApart: a player whose pieces all stand apart wins at once; both apart at once loses
// for the mover; a capture that leaves only the opponent apart makes the opponent win
// (Fig. 5 shows a win).
func TestApart(t *testing.T) {
	// d3 steps north-west (its rising diagonal is 1) to c4, away from d2: every White piece
	// stands apart.
	s := position(t, `
		. . . . . . o o
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . O . . . .
		. . . O . . . .
		O . . . . . . .`, 0)
	rulestest.Play(t, s, "d3-c4")
	if o, over := s.Outcome(); !over || o.Winner != 0 || o.Reason != "apart" {
		t.Errorf("outcome %+v, %v\n%s", o, over, rules.Text(s))
	}
	if s.ToMove() != rules.NoPlayer || s.MidTurn() || len(s.LegalMoves(nil)) != 0 {
		t.Errorf("the game goes on")
	}
	// f7 steps north-east (that diagonal is 1) onto g8, taking it: White's e7 and g8 are
	// apart, and so is Black's lone h8. Both apart: the mover loses.
	s = position(t, `
		. . . . . . o o
		. . . . O O . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .`, 0)
	rulestest.Play(t, s, "f7-g8")
	if o, over := s.Outcome(); !over || o.Winner != 1 || o.Reason != "both-apart" {
		t.Errorf("both apart: outcome %+v, %v\n%s", o, over, rules.Text(s))
	}
	// The same capture while White keeps a pair (a1 a2) leaves only Black apart: Black wins.
	s = position(t, `
		. . . . . . o o
		. . . . . O . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		O . . . . . . .
		O . . . . . . .`, 0)
	rulestest.Play(t, s, "f7-g8")
	if o, over := s.Outcome(); !over || o.Winner != 1 || o.Reason != "apart" {
		t.Errorf("opponent apart: outcome %+v, %v\n%s", o, over, rules.Text(s))
	}
}

// TestMidChainWin: a landing in the middle of a chain that leaves the mover apart ends the
// game there, without a Stop.
func TestMidChainWin(t *testing.T) {
	s := position(t, `
		. . . . . . o o
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. O . . . . . .
		. O . O . . . .`, 0)
	// b1 jumps north over b2 to b3 (no win: b3 touches b2). At b3 the column b2 b3 takes it
	// on to b5, or back to b1; b5 leaves b2, b5 and d1 apart: White wins in the middle of
	// the chain.
	rulestest.Play(t, s, "b1xb3")
	if !s.MidTurn() {
		t.Fatalf("the chain ended after b1xb3")
	}
	rulestest.Play(t, s, "b3xb5")
	if o, over := s.Outcome(); !over || o.Winner != 0 || o.Reason != "apart" || s.MidTurn() {
		t.Errorf("outcome %+v, %v, MidTurn %v\n%s", o, over, s.MidTurn(), rules.Text(s))
	}
}

// TestNoMoves: a player without a legal move at the start of their turn loses. Every
// piece has eight directions to try, so real positions without a move are hardly
// conceivable; the test hands the turn to a player with no pieces.
func TestNoMoves(t *testing.T) {
	s := position(t, `
		o o . . . . . .
		o o . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		O O . . . . . .`, 1)
	if !s.hasMove() {
		t.Errorf("Black has moves, such as a8xc8")
	}
	s.pieces[1] = 0
	s.Turn = 0
	s.Zobrist = s.ComputeHash()
	s.endTurn()
	if o, over := s.Outcome(); !over || o.Winner != 0 || o.Reason != "no-moves" {
		t.Errorf("outcome %+v, %v", o, over)
	}
}

// TestTurnLimit: after 200 turns the game is drawn.
func TestTurnLimit(t *testing.T) {
	s := position(t, `
		. . . . . . o o
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		O . . . . . O O`, 0)
	s.pieces[0] |= 1 << sq("a2")
	s.Zobrist = s.ComputeHash()
	s.turns = turnLimit - 1
	rulestest.Play(t, s, "g1-g2")
	if o, over := s.Outcome(); !over || o.Winner != rules.NoPlayer || o.Reason != "turn-limit" {
		t.Errorf("outcome %+v, %v", o, over)
	}
}

// TestWhyNot: the exact distance, a friend on the landing square, and a move off the
// lines.
func TestWhyNot(t *testing.T) {
	s := start(t)
	for _, c := range []struct{ path, want string }{
		{"d2 d3", "exact-2"},
		{"d2 d5", "exact-2"},
		{"b1 c1", "exact-6"},
		{"b1 b2", "exact-2"},
		{"b1 a2", ""},
		{"d2 e4", "straight-line"},
		{"b2 b4", ""},
		{"e4", ""},
		{"d7 d5", ""},
	} {
		var path []board.Site
		for _, l := range strings.Fields(c.path) {
			path = append(path, sq(l))
		}
		if got := s.WhyNot(path); got != c.want {
			t.Errorf("WhyNot(%s) = %q, want %q", c.path, got, c.want)
		}
	}
}

func TestPerft(t *testing.T) {
	depth := perftDepth
	if os.Getenv("KOMA_DEEP") == "1" {
		depth = deepPerftDepth
	}
	rulestest.Perft(t, rulestest.Spec(t, Game, ""), perftName(depth), depth)
}

func perftName(depth int) string {
	if depth == deepPerftDepth {
		return "apart-deep"
	}
	return "apart"
}

// perftDepth runs in a few seconds; depth 4 (33,858,088 positions) takes minutes and runs
// with KOMA_DEEP=1.
const (
	perftDepth     = 3
	deepPerftDepth = 4
)

func TestPerftIndependent(t *testing.T) {
	depth := perftDepth
	if os.Getenv("KOMA_DEEP") == "1" {
		depth = deepPerftDepth
	}
	if testing.Short() {
		depth = 2
	}
	got := rules.Perft(start(t), depth)
	want := naivePerft(naiveStart(), depth)
	if !slices.Equal(got, want) {
		t.Errorf("rules.Perft %v, naive %v", got, want)
	}
}

// TestPerftMidgame cross-checks perft from positions of random games, where captures,
// long chains and wins happen within a few turns.
func TestPerftMidgame(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		s := start(t)
		rng := rand.New(rand.NewPCG(seed, 5))
		for i := 0; i < 30+int(seed)*10 && !s.Over; i++ {
			kids := rules.Turns(s)
			s = kids[rng.IntN(len(kids))].(*State)
		}
		if s.Over {
			continue
		}
		got := rules.Perft(s, 2)
		want := naivePerft(naiveOf(s), 2)
		if !slices.Equal(got, want) {
			t.Errorf("seed %d: rules.Perft %v, naive %v\n%s", seed, got, want, rules.Text(s))
		}
	}
}

// TestAgainstNaive plays seeded random games whole turn by whole turn with both
// implementations and compares the positions every turn reaches.
func TestAgainstNaive(t *testing.T) {
	seeds := uint64(12)
	if testing.Short() {
		seeds = 3
	}
	reasons := map[string]int{}
	for seed := uint64(1); seeds >= seed; seed++ {
		reasons[refereeGame(t, seed, seed%2 == 0)]++
	}
	t.Logf("results %v", reasons)
}

// refereeGame plays a game with random whole turns, or with greedy set mostly turns that
// leave the mover's pieces least crowded, so that wins come into play; it returns the end
// reason.
func refereeGame(t testing.TB, seed uint64, greedy bool) string {
	t.Helper()
	var s rules.State = start(t)
	n := naiveStart()
	rng := rand.New(rand.NewPCG(seed, 7))
	for turn := 0; ; turn++ {
		kids := rules.Turns(s)
		got := map[string]rules.State{}
		for _, k := range kids {
			got[keyOf(k)] = k
		}
		want := n.children()
		gk, wk := sortedKeys(got), sortedKeys(want)
		if !slices.Equal(gk, wk) {
			t.Fatalf("seed %d turn %d: %d positions, naive %d\n%s", seed, turn, len(gk), len(wk), rules.Text(s))
		}
		if len(gk) == 0 {
			o, _ := s.Outcome()
			if o.Reason != n.reason {
				t.Fatalf("seed %d: reason %q, naive %q", seed, o.Reason, n.reason)
			}
			return o.Reason
		}
		k := gk[rng.IntN(len(gk))]
		if greedy && rng.IntN(3) != 0 {
			mover := s.ToMove()
			best := 1e9
			for _, key := range gk {
				c := got[key].(*State)
				v := c.crowding(mover) - c.crowding(mover.Other())
				if o, over := c.Outcome(); over && o.Winner == mover {
					v = -1e6
				}
				if v < best {
					best, k = v, key
				}
			}
		}
		s, n = got[k], want[k]
	}
}

func TestConformance(t *testing.T) {
	rulestest.Conformance(t, rulestest.Spec(t, Game, ""))
}

// TestInvariants checks the state's invariants and capture previews along random games,
// decision by decision.
func TestInvariants(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			checkInvariants(t, s)
			rulestest.RandomMoveAgrees(t, s, seed)
			rulestest.CapturesAreEnemies(t, s)
		})
	}
}

func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	switch {
	case s.pieces[0]&s.pieces[1] != 0:
		t.Fatalf("two pieces on one square\n%s", rules.Text(s))
	case s.Hash() != s.ComputeHash():
		t.Fatalf("incremental hash %x, recomputed %x", s.Hash(), s.ComputeHash())
	case s.chain < 0 && (s.start >= 0 || s.landed != 0 || s.captured):
		t.Fatalf("chain data between turns")
	case s.chain >= 0 && s.landed>>s.chain&1 == 0:
		t.Fatalf("the chain's square is not among its landings")
	case int(s.turns) > Game.MaxTurns:
		t.Fatalf("past the turn limit")
	case !s.Over && s.chain >= 0 && len(s.LegalMoves(nil)) == 0:
		t.Fatalf("a chain with no way to end\n%s", rules.Text(s))
	}
}

// TestPlayoutsDoNotAllocate: random games, through LegalMoves and through RandomMove,
// allocate nothing.
func TestPlayoutsDoNotAllocate(t *testing.T) { rulestest.PlayoutsDoNotAllocate(t, start(t)) }

// TestKeptJumps compares the jumps that Apply keeps for a chain in progress with a
// recomputation from scratch, square by square along each direction, at every decision of
// many random games; between turns none are kept.
func TestKeptJumps(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 30
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if s.chain < 0 || s.Over {
				if s.nJumps != 0 {
					t.Fatalf("jumps kept outside a chain\n%s", rules.Text(s))
				}
				return
			}
			own := s.pieces[s.Turn]
			q := int(s.chain)
			var want []int8
			for _, to := range naiveJumps(own, q, s.landed) {
				if to == int(s.start) && !s.captured {
					// Back home with nothing captured: legal only if the piece could jump on
					// from there.
					back := own&^(1<<q) | 1<<to
					if len(naiveJumps(back, to, s.landed|1<<to)) == 0 {
						continue
					}
				}
				want = append(want, int8(to))
			}
			if got := s.jumps[:s.nJumps]; !slices.Equal(got, want) {
				t.Fatalf("kept jumps %v, recomputed %v\n%s", got, want, rules.Text(s))
			}
		})
	}
}

// naiveJumps lists by direction the squares where the piece of own on q may jump, counting
// its lines square by square: as many squares as its line holds, two or more, onto a
// square on the board that is neither own nor in landed.
func naiveJumps(own uint64, q int, landed uint64) []int {
	var out []int
	for d := range 8 {
		l := 1
		for _, e := range [2]int{d, d ^ 4} {
			for k := 1; ray[q][e][k] >= 0 && own>>ray[q][e][k]&1 != 0; k++ {
				l++
			}
		}
		if l < 2 || ray[q][d][l] < 0 {
			continue
		}
		if to := int(ray[q][d][l]); (own|landed)>>to&1 == 0 {
			out = append(out, to)
		}
	}
	return out
}

// TestKeptChainHash compares the chain's share of the hash, which Apply keeps, with the
// keys of the chain in progress recomputed from scratch, at every decision of many random
// games; between turns it is 0.
func TestKeptChainHash(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 30
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			var want uint64
			if s.chain >= 0 {
				want = zobrist[zChain+int(s.chain)] ^ zobrist[zStart+int(s.start)]
				for m := s.landed; m != 0; m &= m - 1 {
					want ^= zobrist[zLanded+bits.TrailingZeros64(m)]
				}
				if s.captured {
					want ^= zobrist[zCaptured]
				}
			}
			if s.chainHash != want {
				t.Fatalf("kept chain hash %x, recomputed %x\n%s", s.chainHash, want, rules.Text(s))
			}
		})
	}
}

// TestLineLens compares the line lengths read from gathered bytes with a count square by
// square along each direction, for every piece of both sides at every decision of many
// random games.
func TestLineLens(t *testing.T) {
	for seed := uint64(1); seed <= 100; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			for _, own := range s.pieces {
				for m := own; m != 0; m &= m - 1 {
					q := bits.TrailingZeros64(m)
					got := lineLens(own, q)
					for a := range 4 {
						want := 1
						for _, d := range [2]int{a, a + 4} {
							for k := 1; ray[q][d][k] >= 0 && own>>ray[q][d][k]&1 != 0; k++ {
								want++
							}
						}
						if got[a] != want {
							t.Fatalf("line through %d along axis %d: %d, counted %d\n%s", q, a, got[a], want, rules.Text(s))
						}
					}
				}
			}
		})
	}
}

// TestMoveSlots compares the slots that count keeps, and those longSlots finds, with the
// moves of each piece found square by square: its line along the axis and whether the
// landing square is on the board and not its own.
func TestMoveSlots(t *testing.T) {
	for seed := uint64(1); seed <= 100; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if s.Over || s.chain >= 0 {
				return
			}
			checkMoveSlots(t, s)
		})
	}
}

// TestMoveSlotsAnyBoard makes the comparison of TestMoveSlots on random boards, sparse to
// full, which games seldom reach: long lines along every axis, lines along the edges and
// lines broken only by the edge of the board.
func TestMoveSlotsAnyBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for i := range 20000 {
		var own uint64
		// Each square holds a piece with probability density/8.
		density := 1 + i%7
		for q := range numSites {
			if rng.IntN(8) < density {
				own |= 1 << q
			}
		}
		s := &State{pieces: [2]uint64{own, ^own & rng.Uint64()}, chain: -1, start: -1}
		checkMoveSlots(t, s)
	}
}

// checkMoveSlots makes TestMoveSlots's comparison in s, between turns. The lines are
// measured by walking the rays, apart from lineLens.
func checkMoveSlots(t *testing.T, s *State) {
	t.Helper()
	own := s.pieces[s.Turn]
	var mc moveCounts
	n := s.count(&mc)
	total := 0
	for a := range 4 {
		var slots [16]uint64
		copy(slots[:], mc.sets[a][:])
		longSlots(own, a, (*[10]uint64)(slots[6:]))
		var want [16]uint64
		for m := own; m != 0; m &= m - 1 {
			q := bits.TrailingZeros64(m)
			l := 1
			for _, d := range [2]int{a, a + 4} {
				for k := 1; ray[q][d][k] >= 0 && own>>ray[q][d][k]&1 != 0; k++ {
					l++
				}
			}
			for side, d := range [2]int{a, a + 4} {
				if to := ray[q][d][l]; to >= 0 && own>>to&1 == 0 {
					want[(l-1)*2+side] |= 1 << q
					total++
				}
			}
		}
		if slots != want {
			t.Fatalf("axis %d: slots %x, found %x\n%s", a, slots, want, rules.Text(s))
		}
		if mc.ends[a+1] != total {
			t.Fatalf("axis %d: %d moves up to it, found %d\n%s", a, mc.ends[a+1], total, rules.Text(s))
		}
	}
	if n != total {
		t.Fatalf("%d moves, found %d", n, total)
	}
}

// TestRankLong compares rankLong with the moves longSlots finds along a rank holding only
// the byte's pieces, in every row.
func TestRankLong(t *testing.T) {
	for b := range 256 {
		for row := range size {
			own := uint64(b) << (8 * row)
			var slots [10]uint64
			u, d := longSlots(own, 2, &slots)
			if got, want := int(rankLong[b]), bits.OnesCount64(u)+bits.OnesCount64(d); got != want {
				t.Fatalf("rank %08b in row %d: rankLong %d, longSlots %d", b, row, got, want)
			}
		}
	}
}

// TestIsolated compares isolated, which looks four ways, with neighbours, which looks all
// eight, on random boards sparse to full.
func TestIsolated(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for i := range 100000 {
		// Sparse boards are the ones that can be apart: and-ing draws thins them out.
		x := rng.Uint64()
		for range i % 6 {
			x &= rng.Uint64()
		}
		if got, want := isolated(x), x&neighbours(x) == 0; got != want {
			t.Fatalf("isolated(%016x) = %v, want %v", x, got, want)
		}
	}
}
