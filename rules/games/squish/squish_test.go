package squish

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/kit"
	"koma/rules/rulestest"
)

func start(t testing.TB, g *rules.Game, opts string) *State {
	return rulestest.Start[*State](t, g, opts)
}

// position builds a position of g on a board of the given size from the labels of White's
// and Black's pieces, with toMove to move.
func position(t testing.TB, g *rules.Game, size int, white, black string, toMove rules.Player) *State {
	t.Helper()
	s := start(t, g, "size="+strconv.Itoa(size))
	s.occ = [2]set{}
	for p, list := range []string{white, black} {
		for _, l := range strings.Fields(list) {
			c, err := s.Board().Parse(l)
			if err != nil {
				t.Fatal(err)
			}
			if s.occ[0].Has(int(c)) || s.occ[1].Has(int(c)) {
				t.Fatalf("%s listed twice", l)
			}
			s.occ[p].Add(int(c))
		}
	}
	s.Turn = toMove
	s.Zobrist = s.ComputeHash()
	s.hist.Reset()
	s.hist.Push(s.Zobrist)
	s.derive()
	return s
}

// movesOf lists the legal moves of the piece on from, sorted.
func movesOf(s *State, from string) []string {
	var out []string
	for _, m := range rulestest.MoveTexts(s) {
		if strings.HasPrefix(m, from+"-") {
			out = append(out, m)
		}
	}
	return out
}

func labels(s *State, set kit.Set128) string {
	var out []string
	for c := 0; c < s.v.Cells; c++ {
		if set.Has(c) {
			out = append(out, s.Board().Label(board.Site(c)))
		}
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

func sorted(list string) string {
	f := strings.Fields(list)
	slices.Sort(f)
	return strings.Join(f, " ")
}

// TestInitialPosition checks the setup against lists of cells written out by hand and the
// move counts of the package comment.
func TestInitialPosition(t *testing.T) {
	for _, c := range []struct {
		g            *rules.Game
		opts         string
		white, black string
		moves        int
	}{
		{Game, "", "e1 c2 f2 d3 g3 b4 e4 c5 f5 a6 d6 b7", "f1 d2 g2 b3 e3 c4 f4 a5 d5 b6 e6 c7", 30},
		{Game, "size=5",
			"e1 h1 f2 i2 d3 g3 b4 e4 h4 c5 f5 i5 a6 d6 g6 b7 e7 c8 f8 a9 d9",
			"f1 i1 d2 g2 e3 h3 c4 f4 i4 a5 d5 g5 b6 e6 h6 c7 f7 a8 d8 b9 e9", 72},
		{Flowish, "", // size 5 by default
			"e1 h1 f2 i2 d3 g3 b4 e4 h4 c5 f5 i5 a6 d6 g6 b7 e7 c8 f8 a9 d9",
			"f1 i1 d2 g2 e3 h3 c4 f4 i4 a5 d5 g5 b6 e6 h6 c7 f7 a8 d8 b9 e9", 72},
	} {
		s := start(t, c.g, c.opts)
		if got := labels(s, s.occ[0]); got != sorted(c.white) {
			t.Errorf("%s %s White %s, want %s", c.g.ID, c.opts, got, sorted(c.white))
		}
		if got := labels(s, s.occ[1]); got != sorted(c.black) {
			t.Errorf("%s %s Black %s, want %s", c.g.ID, c.opts, got, sorted(c.black))
		}
		if n := len(s.LegalMoves(nil)); n != c.moves || s.ToMove() != 0 {
			t.Errorf("%s %s: %d moves for %d, want %d for White", c.g.ID, c.opts, n, s.ToMove(), c.moves)
		}
	}
	// Larger boards extend the pattern: 30 v 30 on size 6, and no two friendly pieces touch.
	for n := minSize; n <= maxSize; n++ {
		s := start(t, Game, "size="+strconv.Itoa(n))
		if n == 6 && (s.occ[0].Count() != 30 || s.occ[1].Count() != 30) {
			t.Errorf("size 6: %d v %d", s.occ[0].Count(), s.occ[1].Count())
		}
		for p := 0; p < 2; p++ {
			if g, size := s.v.Largest(s.occ[p]); size != 1 || g != s.occ[p] {
				t.Errorf("size %d: player %d starts with a group of %d", n, p, size)
			}
		}
	}
}

// TestSquishSteps checks the movement rule clause by clause on small positions of the
// default board (4 per side; the centre is d4, row 4 runs a4..g4).
func TestSquishSteps(t *testing.T) {
	for _, c := range []struct {
		name, white, black, piece, want string
	}{
		{"a friendly piece two cells on permits the step", "a4 c4", "", "a4", "a4-b4"},
		{"both pieces may approach each other", "a4 c4", "", "c4", "c4-b4"},
		{"a friendly piece far along the line permits it", "a4 g4", "", "a4", "a4-b4"},
		{"pieces in between do not block", "a4 g4", "c4 d4", "a4", "a4-b4"},
		{"an enemy on the target cell is captured", "a4 d4", "b4", "a4", "a4-b4"},
		{"an adjacent friendly piece alone permits nothing", "a4 b4", "", "a4", ""},
		{"never onto a friendly piece", "a4 b4 c4", "", "a4", ""},
		{"the piece between may step either way", "a4 c4 e4", "", "c4", "c4-b4 c4-d4"},
		{"a line in every family", "d4 d6 f4 b6", "", "d4", "d4-c5 d4-d5 d4-e4"},
		{"no friendly piece on any line", "d4 e6", "a5", "d4", ""},
		{"enemy pieces do not count", "d4", "a4 g4 d1 d7", "d4", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := position(t, Game, 4, c.white, c.black, 0)
			if got := strings.Join(movesOf(s, c.piece), " "); got != c.want {
				t.Errorf("moves of %s: %q, want %q\n%s", c.piece, got, c.want, rules.Text(s))
			}
		})
	}
}

// TestCapture checks that a step onto an enemy piece removes it.
func TestCapture(t *testing.T) {
	s := position(t, Game, 4, "a4 d4 a7", "b4 c7 g1", 0)
	rulestest.Play(t, s, "a4-b4")
	b4, _ := s.Board().Parse("b4")
	if p := s.Pieces(b4, nil); len(p) != 1 || p[0].Owner != 0 || s.occ[1].Count() != 2 {
		t.Errorf("after a4-b4: %v on b4, %d Black pieces", p, s.occ[1].Count())
	}
	if s.quiet != 0 || s.hist.Len() != 1 {
		t.Errorf("a capture keeps quiet=%d and %d positions", s.quiet, s.hist.Len())
	}
}

// TestFlowish checks Flowish's movement rule clause by clause (size 5, centre e5).
func TestFlowish(t *testing.T) {
	for _, c := range []struct {
		name, white, black string
		piece, want        string
	}{
		{"a piece on a flowline steps towards the largest group", "e5 f5 b5 a8", "", "b5", "b5-c5"},
		{"the largest group itself is frozen", "e5 f5 b5 a8", "", "e5", ""},
		{"only the nearest piece of the largest groups counts", "e5 f5 b7 b8 b5", "", "b5", "b5-b6"},
		{"the tied groups' own pieces are frozen too", "e5 f5 b7 b8 b5", "", "b7", ""},
		{"nearest pieces at equal distance: either way", "e5 f5 b8 b9 b5", "", "b5", "b5-b6 b5-c5"},
		{"blocked by a friendly piece: the piece cannot move", "e5 f5 g5 b5 c5", "", "b5", ""},
		{"the piece in front still moves", "e5 f5 g5 b5 c5", "", "c5", "c5-d5"},
		{"an enemy piece on the way is captured", "e5 f5 c5", "d5", "c5", "c5-d5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := position(t, Flowish, 5, c.white, c.black, 0)
			if got := strings.Join(movesOf(s, c.piece), " "); got != c.want {
				t.Errorf("moves of %s: %q, want %q\n%s", c.piece, got, c.want, rules.Text(s))
			}
		})
	}
}

// TestFlowishTies covers the first move, where every piece is a largest group of one:
// every piece flows towards its nearest friends, three cells away along each open line.
func TestFlowishTies(t *testing.T) {
	s := start(t, Flowish, "")
	if got := strings.Join(movesOf(s, "e4"), " "); got != "e4-d4 e4-d5 e4-e3 e4-e5 e4-f3 e4-f4" {
		t.Errorf("e4 at the start: %s", got)
	}
	if got := strings.Join(movesOf(s, "e1"), " "); got != "e1-d2 e1-e2 e1-f1" {
		t.Errorf("e1 at the start: %s", got)
	}
	// Two tied groups of two are both largest and frozen; the lone piece between them
	// flows towards either, both three cells away.
	s = position(t, Flowish, 5, "a5 b5 h5 i5 e5", "", 0)
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"e5-d5", "e5-f5"}) {
		t.Errorf("two tied groups: %v", got)
	}
}

// TestFlowishFallback checks the fallback: with no piece outside the largest group on a
// flowline, those pieces step one cell closer to their nearest flowline.
func TestFlowishFallback(t *testing.T) {
	s := position(t, Flowish, 5, "e5 f5 a8", "", 0)
	if s.Prompt() != "fallback" {
		t.Errorf("no fallback prompt")
	}
	// a8 is (-4,3): row distance 3, letter distances 4 (e) and 5 (f), q+y = -1 against
	// 0 and 1: distance 1. Closer means q+y = 0: a9 (-4,4) or b8 (-3,3).
	if !s.fallback {
		t.Fatalf("fallback not in force\n%s", rules.Text(s))
	}
	if got := strings.Join(movesOf(s, "a8"), " "); got != "a8-a9 a8-b8" {
		t.Errorf("a8: %q\n%s", got, rules.Text(s))
	}
	if got := movesOf(s, "e5"); len(got) != 0 {
		t.Errorf("the largest group moved: %v", got)
	}
	// A piece outside G on a flowline but blocked: no fallback, so no move.
	s = position(t, Flowish, 5, "e5 f5 d5 c5 b9", "", 0)
	if s.fallback {
		t.Errorf("fallback although c5 and d5 lie on a flowline")
	}
}

// TestEnd checks the end conditions.
func TestEnd(t *testing.T) {
	for _, c := range []struct {
		name, white, black string
		move               string
		winner             rules.Player
		reason             string
	}{
		{"joining two of three pieces plays on", "a4 c4 a7", "g1 f1 d7", "a4-b4", -2, ""},
		{"the mover's last move joins the group", "b4 c4 e4", "g1 e1 d7", "e4-d4", 0, "unified"},
		{"a lone piece left counts as one group", "d4 f4", "e4 a7 g1", "d4-e4", 0, "unified"},
		{"a capture that leaves the opponent split plays on", "a4 c4 g4 d7", "b4 d1 f1", "a4-b4", -2, ""},
		{"the capture leaves the opponent united", "a4 c4 a7 c7", "b4 f1 g1", "a4-b4", 1, "unified-by-capture"},
		{"both unified at once: the mover wins", "d4 f4", "e4 f1 g1", "d4-e4", 0, "unified"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := position(t, Game, 4, c.white, c.black, 0)
			rulestest.Play(t, s, c.move)
			o, over := s.Outcome()
			if c.winner == -2 {
				if over && (o.Reason == "unified" || o.Reason == "unified-by-capture") {
					t.Errorf("ended %+v", o)
				}
				return
			}
			if !over || o.Winner != c.winner || o.Reason != c.reason || s.ToMove() != rules.NoPlayer {
				t.Errorf("outcome %+v over=%v, want %d %s\n%s", o, over, c.winner, c.reason, rules.Text(s))
			}
		})
	}
}

// TestNoMoves checks that a player left without a move loses.
func TestNoMoves(t *testing.T) {
	// Black's two pieces share no line, so neither may move.
	s := position(t, Game, 4, "a4 c4 e1", "b7 f1", 0)
	rulestest.Play(t, s, "a4-b4")
	o, over := s.Outcome()
	if !over || o.Winner != 0 || o.Reason != "no-moves" {
		t.Errorf("outcome %+v over=%v\n%s", o, over, rules.Text(s))
	}
}

// TestRepetition plays a cycle: the third occurrence of a position is a draw.
func TestRepetition(t *testing.T) {
	s := position(t, Game, 4, "a4 c4 e4 d7", "d1 f1 g1 a7", 0)
	cycle := []string{"c4-d4", "f1-e1", "d4-c4", "e1-f1"}
	for round := 0; round < 2; round++ {
		for i, m := range cycle {
			if _, over := s.Outcome(); over {
				t.Fatalf("ended early, round %d move %d", round, i)
			}
			rulestest.Play(t, s, m)
		}
	}
	o, over := s.Outcome()
	if !over || o.Winner != rules.NoPlayer || o.Reason != "repetition" {
		t.Errorf("outcome %+v over=%v after two cycles\n%s", o, over, rules.Text(s))
	}
}

// TestQuietLimit checks the draw after 100 turns without a capture, and that the turn
// before it still plays on.
func TestQuietLimit(t *testing.T) {
	s := position(t, Game, 4, "a4 c4 e4 d7", "d1 f1 g1 a7", 0)
	s.quiet = QuietLimit - 2
	rulestest.Play(t, s, "c4-d4")
	if _, over := s.Outcome(); over {
		t.Fatalf("ended at quiet %d", s.quiet)
	}
	rulestest.Play(t, s, "f1-e1")
	o, over := s.Outcome()
	if !over || o.Winner != rules.NoPlayer || o.Reason != "quiet" {
		t.Errorf("outcome %+v over=%v at quiet %d", o, over, s.quiet)
	}
}

// TestGamesEnd plays random games of every size of both games and checks that each ends
// within the game's bound.
func TestGamesEnd(t *testing.T) {
	for _, g := range []*rules.Game{Game, Flowish} {
		for n := minSize; n <= maxSize; n++ {
			for seed := uint64(1); seed <= 20; seed++ {
				s := start(t, g, "size="+strconv.Itoa(n))
				rng := rand.New(rand.NewPCG(seed, 3))
				turns := 0
				for ; ; turns++ {
					m, ok := s.RandomMove(rng)
					if !ok {
						break
					}
					s.Apply(m)
					if turns > g.MaxTurns {
						t.Fatalf("%s size %d seed %d: no end", g.ID, n, seed)
					}
				}
				if _, over := s.Outcome(); !over {
					t.Fatalf("no moves but not over")
				}
			}
		}
	}
}

// TestIllegalInput checks that bad moves are refused with a wrapped error and change
// nothing.
func TestIllegalInput(t *testing.T) {
	s := start(t, Game, "")
	before := s.AppendKey(nil)
	for _, text := range []string{"", "e1", "e1-e3", "e1-d1?", "d4-d5", "f1-f2", "e1-f1x", "zz-e2", "pass"} {
		if _, err := rules.ParseMove(s, text); err == nil {
			t.Errorf("%q accepted", text)
		}
	}
	for _, m := range []rules.Move{
		rules.NewMove(rules.Step, 0, 20),
		rules.NewMove(rules.Jump, 0, 1),
		rules.NewMove(rules.Step, -1, 0),
		rules.NewMove(rules.Step, 100, 101),
		{Kind: rules.Step, Len: 2, Tag: 1, Path: [rules.MaxPath]board.Site{1, 2}},
	} {
		if err := rules.Play(s, m); err == nil {
			t.Errorf("%v accepted", m)
		}
	}
	if string(s.AppendKey(nil)) != string(before) {
		t.Errorf("refused moves changed the position")
	}
}

// TestWhyNot checks the reasons given for refused clicks.
func TestWhyNot(t *testing.T) {
	site := func(s *State, l string) board.Site {
		c, err := s.Board().Parse(l)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	s := position(t, Game, 4, "a4 b4 d4 e6", "a5", 0)
	for _, c := range []struct {
		path []string
		want string
	}{
		{[]string{"e6"}, "no-friend-on-line"},
		{[]string{"d4", "d5"}, "no-friend-beyond"},
		{[]string{"a4", "b4"}, "friendly"},
		{[]string{"d4", "f4"}, "one-step"},
		{[]string{"a5"}, ""},
	} {
		var path []board.Site
		for _, l := range c.path {
			path = append(path, site(s, l))
		}
		if got := s.WhyNot(path); got != c.want {
			t.Errorf("squish %v: %q, want %q", c.path, got, c.want)
		}
	}
	f := position(t, Flowish, 5, "e5 f5 b7 b8 b5 g1", "", 0)
	for _, c := range []struct {
		path []string
		want string
	}{
		{[]string{"e5"}, "frozen"},
		{[]string{"b5", "b4"}, "not-toward-largest"},
		{[]string{"b5", "c5"}, "not-nearest"},
		{[]string{"g1"}, "off-flowline"},
	} {
		var path []board.Site
		for _, l := range c.path {
			path = append(path, site(f, l))
		}
		if got := f.WhyNot(path); got != c.want {
			t.Errorf("flowish %v: %q, want %q\n%s", c.path, got, c.want, rules.Text(f))
		}
	}
}

func TestConformance(t *testing.T) {
	for _, g := range []*rules.Game{Game, Flowish} {
		for _, p := range g.Presets {
			rulestest.Conformance(t, rulestest.Spec(t, g, p))
		}
	}
}

// perftCases lists every preset with the depth of its golden file, and the depth to which
// the naive implementation checks it in an ordinary run. The naive one is slow (it
// rescans the board for every question); KOMA_LONG=1 makes it check every golden depth,
// which took 3 minutes on 2026-11-23 and agreed.
var perftCases = []struct {
	g            *rules.Game
	opts         string
	name         string
	depth, naive int
}{
	{Game, "", "squish", 4, 3},
	{Game, "size=5", "squish-5", 3, 2},
	{Game, "size=6", "squish-6", 3, 2},
	{Flowish, "", "flowish", 3, 3},
	{Flowish, "size=4", "flowish-4", 4, 4},
	{Flowish, "size=6", "flowish-6", 3, 2},
}

var long = os.Getenv("KOMA_LONG") == "1"

func TestPerft(t *testing.T) {
	for _, c := range perftCases {
		if testing.Short() && c.opts == "size=6" {
			continue
		}
		rulestest.Perft(t, rulestest.Spec(t, c.g, c.opts), c.name, c.depth)
	}
}

// TestPerftIndependent compares rules.Perft with the naive implementation's count on
// every preset (see perftCases for the depths; one less in -short mode).
func TestPerftIndependent(t *testing.T) {
	for _, c := range perftCases {
		depth := c.naive
		if long {
			depth = c.depth
		}
		if testing.Short() {
			depth--
		}
		s := start(t, c.g, c.opts)
		got := rules.Perft(s, depth)
		want := newNaive(s.v.Size, s.v.flow).perft(depth)
		if !slices.Equal(got, want) {
			t.Errorf("%s %s: rules.Perft %v, naive %v", c.g.ID, c.opts, got, want)
		}
	}
}

// TestAgainstNaive referees seeded random games of every preset with the naive
// implementation, move by move: the same legal moves, then the same outcome.
func TestAgainstNaive(t *testing.T) {
	seeds := uint64(15)
	if testing.Short() {
		seeds = 4
	}
	for _, g := range []*rules.Game{Game, Flowish} {
		for n := minSize; n <= maxSize; n++ {
			for seed := uint64(1); seed <= seeds; seed++ {
				refereeGame(t, g, n, seed)
			}
		}
	}
}

func refereeGame(t testing.TB, g *rules.Game, size int, seed uint64) {
	t.Helper()
	s := start(t, g, "size="+strconv.Itoa(size))
	n := newNaive(size, g == Flowish)
	rng := rand.New(rand.NewPCG(seed, 17))
	for turn := 0; ; turn++ {
		got, want := rulestest.MoveTexts(s), n.legal()
		if !slices.Equal(got, want) {
			t.Fatalf("%s size %d seed %d turn %d: legal %v, naive %v\n%s", g.ID, size, seed, turn, got, want, rules.Text(s))
		}
		if len(want) == 0 {
			o, over := s.Outcome()
			w := rules.NoPlayer
			switch n.winner {
			case 'W':
				w = 0
			case 'B':
				w = 1
			}
			if !over || o.Reason != n.reason || o.Winner != w {
				t.Fatalf("%s size %d seed %d: outcome %+v, naive %q %q", g.ID, size, seed, o, n.winner, n.reason)
			}
			return
		}
		text := want[rng.IntN(len(want))]
		rulestest.Play(t, s, text)
		if !n.play(text) {
			t.Fatalf("naive refused %s", text)
		}
	}
}
