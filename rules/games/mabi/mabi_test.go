package mabi

import (
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func TestInitialPosition(t *testing.T) {
	s := start(t)
	want := position(t, `
		. o . o . o . o
		O . O . O . O .
		. o . o . o . o
		O . O . O . O .
		. o . o . o . o
		O . O . O . O .
		. o . o . o . o
		O . O . O . O .`, 0)
	if s.pieces != want.pieces || s.ToMove() != 0 || s.MidTurn() {
		t.Errorf("initial position\n%s", rules.Text(s))
	}
	// The rulebook's text: seven White pieces on the edge, and at least 14 pieces a side
	// for the 14 to 12 example.
	for p := range 2 {
		if n := bits.OnesCount64(s.pieces[p] & edge); n != 7 {
			t.Errorf("player %d has %d pieces on the edge, want 7", p, n)
		}
		if n := bits.OnesCount64(s.pieces[p]); n != 16 {
			t.Errorf("player %d has %d pieces, want 16", p, n)
		}
	}
	if marks := s.Marks(nil); len(marks) != 0 {
		t.Errorf("marks at the start: %v", marks)
	}
}

func TestSetupIsData(t *testing.T) {
	for name, text := range map[string]string{
		"short":     ". . .",
		"bad token": Setup[:len(Setup)-1] + "X",
		"no edge":   "\n" + ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . W . . . .\n. . . . B . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .",
	} {
		if _, _, err := parseSetup(text); err == nil {
			t.Errorf("%s: parseSetup accepted it", name)
		}
	}
	w, b, err := parseSetup(Setup)
	if err != nil || w != initial.pieces[0] || b != initial.pieces[1] {
		t.Errorf("parseSetup(Setup) = %x, %x, %v", w, b, err)
	}
}

// TestFirstMove: on White's first turn only the seven edge pieces may move, and White may
// not pass.
func TestFirstMove(t *testing.T) {
	s := start(t)
	froms := map[string]bool{}
	for _, m := range s.LegalMoves(nil) {
		if m.Kind != rules.Step {
			t.Fatalf("White's first turn offers %s", rules.FormatMove(s, m))
		}
		froms[topo.Label(m.From())] = true
	}
	want := []string{"a1", "a3", "a5", "a7", "c1", "e1", "g1"}
	if got := sortedKeys(froms); !slices.Equal(got, want) {
		t.Errorf("pieces that may move first: %v, want %v", got, want)
	}
	if got := s.Prompt(); got != "first-move" {
		t.Errorf("prompt %q", got)
	}
	if got := s.WhyNot(nil); got != "" {
		t.Errorf("WhyNot(nil) = %q", got)
	}
	if got := s.WhyNot(path("c3")); got != "first-move" {
		t.Errorf("WhyNot(c3) = %q", got)
	}
	rulestest.Play(t, s, "a1-b1")
	// From Black's first turn on, any piece may move and passing is allowed.
	moves := rulestest.MoveTexts(s)
	if !slices.Contains(moves, "pass") || !slices.Contains(moves, "d4-d3") {
		t.Errorf("Black's first turn: %v", moves)
	}
	if s.Prompt() != "" {
		t.Errorf("prompt %q on Black's first turn", s.Prompt())
	}
}

func path(labels ...string) []board.Site {
	var out []board.Site
	for _, l := range labels {
		out = append(out, sq(l))
	}
	return out
}

// TestSteps: a piece steps one square orthogonally to an empty square; nothing is
// captured and nothing jumps.
func TestSteps(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . o . . . .
		. . . O O . . .
		. . . . o . . .
		. . . . . . . .
		O . . . . . . o`, 0)
	// d4 and e4 form the largest group alone, so they are frozen; a1 steps.
	if got, want := rulestest.MoveTexts(s), []string{"a1-a2", "a1-b1", "pass"}; !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	s = position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . o . . . .
		. . . O . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .`, 0)
	want := []string{"d4-c4", "d4-d3", "d4-e4", "pass"}
	if got := rulestest.MoveTexts(s); !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	rulestest.Play(t, s, "d4-e4")
	if s.ToMove() != 1 || bits.OnesCount64(s.pieces[0]|s.pieces[1]) != 2 {
		t.Errorf("after a step\n%s", rules.Text(s))
	}
}

// TestParalysis: a piece next to an enemy group larger than its own group may not move;
// equal sizes and diagonal contact do not paralyse, and only the pieces that touch the
// larger group are paralysed, not the rest of their group.
func TestParalysis(t *testing.T) {
	cases := []struct {
		name      string
		diagram   string
		paralysed []string // both players' paralysed pieces
		movable   []string // White's pieces that may move
	}{
		{"lone piece beside a pair", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . o o . . .
			. . . O . . . .
			. . . . . . . .
			. . . . . . . .
			O . . . . . . O`, []string{"d4"}, []string{"a1", "h1"}},
		{"pair beside a pair", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . o o . . .
			. . . O O . . .
			. . . . . . . .
			. . . . . . . .
			O . . . . . . o`, nil, []string{"a1", "d4", "e4"}},
		{"diagonal contact", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . o o . .
			. . . O . . . .
			. . . . . . . .
			. . . . . . . .
			O . . . . . . O`, nil, []string{"a1", "d4", "h1"}},
		{"only the touching piece of a pair", `
			. . . . . . . .
			. . . . . . . .
			. . . o o o . .
			. . . O . . . .
			. . . O . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . O O`, []string{"d5"}, []string{"d4", "g1", "h1"}},
		{"Black paralysed by White", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . O O O . . .
			. . . o . . . .
			. . . . . . . .
			. . . . . . . .
			o . . . o o . .`, []string{"d4"}, nil},
		{"paralysed from above", `
			. . . . . . . .
			. . . . . . . .
			. . o o . . . .
			. . . O . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			O O . . . . o o`, []string{"d5"}, []string{"a1", "b1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := position(t, c.diagram, 0)
			var got []string
			for _, m := range s.Marks(nil) {
				if m.Kind != rules.Paralysed {
					t.Errorf("mark %+v", m)
				}
				got = append(got, topo.Label(m.Site))
			}
			slices.Sort(got)
			if !slices.Equal(got, c.paralysed) {
				t.Errorf("paralysed %v, want %v\n%s", got, c.paralysed, rules.Text(s))
			}
			if c.movable == nil {
				return
			}
			froms := map[string]bool{}
			for _, m := range s.LegalMoves(nil) {
				if m.Kind == rules.Step {
					froms[topo.Label(m.From())] = true
				}
			}
			if got := sortedKeys(froms); !slices.Equal(got, c.movable) {
				t.Errorf("White may move %v, want %v\n%s", got, c.movable, rules.Text(s))
			}
			for _, p := range c.paralysed {
				if s.pieces[0]>>sq(p)&1 != 0 {
					if why := s.WhyNot(path(p)); why != "paralysed" {
						t.Errorf("WhyNot(%s) = %q", p, why)
					}
				}
			}
		})
	}
}

// TestLargestGroup: the single largest group of the board, whatever its colour, may not
// move; when two groups share the largest size, of either colour, nothing is frozen.
func TestLargestGroup(t *testing.T) {
	cases := []struct {
		name    string
		diagram string
		movable []string // White's pieces that may move
	}{
		{"White's largest is frozen", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. O O O . . . .
			. . . . . . . .
			. . . . . . o o
			O . . . . . . .`, []string{"a1"}},
		{"Black's largest freezes nothing of White's", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. O O . . . . .
			. . . . . . . .
			. . . . . o o o
			O . . . . . . .`, []string{"a1", "b4", "c4"}},
		{"a tie with Black's group", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. O O O . . . .
			. . . . . . . .
			. . . . . o o o
			O . . . . . . .`, []string{"a1", "b4", "c4", "d4"}},
		{"a tie between White's own groups", `
			. . . . . . . .
			. . . . . . . .
			O O . . . . . .
			. . . . . . . .
			. . . . . . O O
			. . . . . . . .
			. . . . . . . .
			. . . . o . . .`, []string{"a6", "b6", "g4", "h4"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := position(t, c.diagram, 0)
			froms := map[string]bool{}
			for _, m := range s.LegalMoves(nil) {
				if m.Kind == rules.Step {
					froms[topo.Label(m.From())] = true
				}
			}
			if got := sortedKeys(froms); !slices.Equal(got, c.movable) {
				t.Errorf("White may move %v, want %v\n%s", got, c.movable, rules.Text(s))
			}
		})
	}
	s := position(t, cases[0].diagram, 0)
	if why := s.WhyNot(path("b4", "b5")); why != "largest" {
		t.Errorf("WhyNot(b4-b5) = %q", why)
	}
}

// TestPassLock: after a pass the other player takes every turn until they pass too, which
// ends the game.
func TestPassLock(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . o
		O O . . . . . o`, 0)
	rulestest.Play(t, s, "pass")
	if s.ToMove() != 1 || s.Prompt() != "opponent-passed" {
		t.Fatalf("after White's pass: to move %d, prompt %q", s.ToMove(), s.Prompt())
	}
	rulestest.Play(t, s, "h2-g2")
	if s.ToMove() != 1 || s.MidTurn() || s.Prompt() != "opponent-passed" {
		t.Fatalf("Black should move again, as a new turn: to move %d, prompt %q", s.ToMove(), s.Prompt())
	}
	rulestest.Play(t, s, "g2-g3", "pass")
	o, over := s.Outcome()
	if !over || s.ToMove() != rules.NoPlayer {
		t.Fatalf("two passes in a row did not end the game\n%s", rules.Text(s))
	}
	if !o.Scored || o.Score != [2]int16{2, 1} || o.Winner != 0 || o.Reason != "larger-group" {
		t.Errorf("outcome %+v", o)
	}
	// A pass, moves, then the other's pass: the passes need not be on consecutive turns.
	if s.turns != 14 {
		t.Errorf("turns %d", s.turns)
	}
}

// TestRepetition: a step may not make a board occur for the third time; the initial board
// counts, passes add nothing, and passing stays legal.
func TestRepetition(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		O . . . . . . o`, 1)
	rulestest.Play(t, s, "pass")
	// White moves alone now: a1 (1st), b1, a1 (2nd), b1 (2nd).
	rulestest.Play(t, s, "a1-b1", "b1-a1", "a1-b1")
	moves := rulestest.MoveTexts(s)
	if slices.Contains(moves, "b1-a1") || !slices.Contains(moves, "b1-c1") || !slices.Contains(moves, "pass") {
		t.Errorf("moves %v: b1-a1 would make the third a1 board", moves)
	}
	if why := s.WhyNot(path("b1", "a1")); why != "repetition" {
		t.Errorf("WhyNot(b1-a1) = %q", why)
	}
	// The count is per board, wherever the piece came from.
	s = position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		O . . . . . . o`, 1)
	rulestest.Play(t, s, "pass", "a1-b1", "b1-b2", "b2-b1", "b1-a1")
	moves = rulestest.MoveTexts(s)
	if slices.Contains(moves, "a1-b1") || !slices.Contains(moves, "a1-a2") {
		t.Errorf("moves %v: a1-b1 would make the third b1 board", moves)
	}
}

// TestScore: two passes in a row end the game, and the larger largest group wins, by the
// rulebook's example of 14 to 12.
func TestScore(t *testing.T) {
	s := position(t, `
		o o o o o o . .
		o o o o o o . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		O O O O O O O .
		O O O O O O O .`, 1)
	rulestest.Play(t, s, "pass", "pass")
	o, over := s.Outcome()
	if !over || o.Winner != 0 || !o.Scored || o.Score != [2]int16{14, 12} || o.Reason != "larger-group" {
		t.Errorf("outcome %+v, %v", o, over)
	}
	if s.Marks(nil) != nil {
		t.Errorf("marks after the end")
	}
}

// TestTieBreak: with equal largest groups, the player who formed theirs first wins, and
// breaking a group up and making it again starts its time afresh.
func TestTieBreak(t *testing.T) {
	const diagram = `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		O . O . . o . o`
	const triples = `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . O . . . o .
		. O O . . o o .`
	cases := []struct {
		name    string
		diagram string
		moves   []string
		winner  rules.Player
		reason  string
	}{
		{"White first", diagram, []string{"a1-b1", "h1-g1", "pass", "pass"}, 0, "tie-break"},
		{"Black first", diagram, []string{"c1-d1", "h1-g1", "a1-b1", "pass", "b1-c1", "pass"}, 1, "tie-break"},
		{"broken up and made again", diagram, []string{"a1-b1", "h1-g1", "b1-a1", "pass", "a1-b1", "pass"}, 1, "tie-break"},
		{"nobody made a group", diagram, []string{"pass", "pass"}, rules.NoPlayer, "tie"},
		{"a lone piece stays the same group", diagram, []string{"a1-a2", "pass", "pass"}, rules.NoPlayer, "tie"},
		{"a move within a group keeps its time", triples, []string{"b1-b2", "pass", "pass"}, rules.NoPlayer, "tie"},
		{"a move that reshapes a group by breaking it", triples, []string{"b1-a1", "pass", "a1-b1", "pass"}, 1, "tie-break"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := position(t, c.diagram, 0)
			rulestest.Play(t, s, c.moves...)
			o, over := s.Outcome()
			if !over || o.Winner != c.winner || o.Reason != c.reason || !o.Scored || o.Score[0] != o.Score[1] {
				t.Errorf("outcome %+v, over %v\n%s", o, over, rules.Text(s))
			}
		})
	}
	s := position(t, diagram, 0)
	rulestest.Play(t, s, "a1-b1")
	if s.formed[sq("b1")] != 11 || s.formed[sq("c1")] != 11 {
		t.Errorf("formed %d %d, want the turn of a1-b1", s.formed[sq("b1")], s.formed[sq("c1")])
	}
}

// TestTurnLimit: the game ends after 250 turns and is scored as after two passes.
func TestTurnLimit(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		O . O . . o . o`, 0)
	s.turns = turnLimit - 2
	rulestest.Play(t, s, "a1-b1")
	if _, over := s.Outcome(); over {
		t.Fatalf("over after turn %d", s.turns)
	}
	rulestest.Play(t, s, "h1-g1")
	o, over := s.Outcome()
	if !over || o.Reason != "turn-limit" || o.Winner != 0 || o.Score != [2]int16{2, 2} {
		t.Errorf("outcome %+v, over %v", o, over)
	}
	if Game.MaxTurns != turnLimit || s.hist.Cap() < turnLimit+1 {
		t.Errorf("MaxTurns %d, history %d", Game.MaxTurns, s.hist.Cap())
	}
}

// TestWhyNot: the reasons given for a refused step.
func TestWhyNot(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . o o . . .
		. . . O . . . .
		. . . . . . . .
		. . . . . . . .
		O O O . . . . .`, 0)
	cases := map[string]string{
		"d4": "paralysed", "a1": "largest", "b1": "largest", "e5": "", "h8": "", "e4": "",
	}
	for from, want := range cases {
		if got := s.WhyNot(path(from)); got != want {
			t.Errorf("WhyNot(%s) = %q, want %q", from, got, want)
		}
	}
	if got := s.WhyNot([]board.Site{-5}); got != "" {
		t.Errorf("WhyNot off the board = %q", got)
	}
}

func TestConformance(t *testing.T) {
	rulestest.Conformance(t, rulestest.Spec(t, Game, ""))
}

const perftDepth = 4

func TestPerft(t *testing.T) {
	if testing.Short() {
		t.Skip("perft to depth 4 takes several seconds")
	}
	rulestest.Perft(t, rulestest.Spec(t, Game, ""), "mabi", perftDepth)
}

// TestPerftIndependent compares the naive perft with the golden figures to depth 3, and
// to the golden depth with KOMA_DEEP=1 (about a minute; it agreed on 2,211,450 when the
// file was written).
func TestPerftIndependent(t *testing.T) {
	depth := 3
	if os.Getenv("KOMA_DEEP") == "1" {
		depth = perftDepth
	}
	want, err := rulestest.ParseCounts(golden)
	if err != nil {
		t.Fatal(err)
	}
	got := naivePerft(naiveStart(), depth)
	if !slices.Equal(got, want[:depth]) {
		t.Errorf("naive perft %v, golden %v", got, want[:depth])
	}
	if fast := rules.Perft(start(t), 3); !slices.Equal(fast, want[:3]) {
		t.Errorf("rules.Perft %v, golden %v", fast, want[:3])
	}
}

// golden is testdata/perft/mabi.txt, which TestPerft checks against rules.Perft.
const golden = `1 20
2 1044
3 50086
4 2211450`

// TestAgainstNaive plays seeded random games whole turn by whole turn with both
// implementations and compares the positions every turn reaches.
func TestAgainstNaive(t *testing.T) {
	seeds := uint64(8)
	if testing.Short() {
		seeds = 2
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		refereeGame(t, seed, false)
		refereeGame(t, seed, true)
	}
}

// refereeGame plays a game with random whole turns, or with patient set one in which
// passes are rare, so that games run long, groups grow and the repetition rule and the
// turn limit come into play.
func refereeGame(t testing.TB, seed uint64, patient bool) {
	t.Helper()
	var s rules.State = start(t)
	n := naiveStart()
	rng := rand.New(rand.NewPCG(seed, 7))
	for turn := 0; ; turn++ {
		got := map[string]rules.State{}
		for _, k := range rules.Turns(s) {
			got[keyOf(k)] = k
		}
		want := map[string]*naive{}
		for _, k := range n.children() {
			want[k.shortKey()] = k
		}
		gk, wk := sortedKeys(got), sortedKeys(want)
		if !slices.Equal(gk, wk) {
			t.Fatalf("seed %d turn %d: %d positions, naive %d\n%s\ngot  %v\nwant %v", seed, turn, len(gk), len(wk), rules.Text(s), gk, wk)
		}
		if len(gk) == 0 {
			o, _ := s.Outcome()
			if o.Reason != n.reason {
				t.Fatalf("seed %d: reason %q, naive %q", seed, o.Reason, n.reason)
			}
			return
		}
		k := gk[rng.IntN(len(gk))]
		if patient && rng.IntN(40) != 0 {
			// Prefer a step: any turn that keeps the lock as it was.
			for range 20 {
				if got[k].(*State).lock == s.(*State).lock {
					break
				}
				k = gk[rng.IntN(len(gk))]
			}
		}
		s, n = got[k], want[k]
	}
}
