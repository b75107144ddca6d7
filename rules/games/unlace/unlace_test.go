package unlace

import (
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

func start(t testing.TB, opts string) *State { return rulestest.Start[*State](t, Game, opts) }

// position builds a position on a board of the given size from the labels of White's and
// Black's pieces.
func position(t testing.TB, size int, white, black string, toMove rules.Player) *State {
	t.Helper()
	s := start(t, "size="+strconv.Itoa(size))
	s.occ = [2]set{}
	for p, list := range []string{white, black} {
		for _, l := range strings.Fields(list) {
			c, err := s.Board().Parse(l)
			if err != nil {
				t.Fatal(err)
			}
			s.occ[p].Add(int(c))
		}
	}
	s.Turn = toMove
	s.Zobrist = s.ComputeHash()
	s.refresh()
	return s
}

func movesOf(s *State, from string) string {
	var out []string
	for _, m := range rulestest.MoveTexts(s) {
		if strings.HasPrefix(m, from+"-") {
			out = append(out, m)
		}
	}
	return strings.Join(out, " ")
}

func TestInitialPosition(t *testing.T) {
	for _, c := range []struct {
		opts  string
		moves int
	}{{"", 57}, {"size=5", 105}} {
		s := start(t, c.opts)
		if n := len(s.LegalMoves(nil)); n != c.moves {
			t.Errorf("%q: %d moves, want %d", c.opts, n, c.moves)
		}
		if s.occ != s.v.start || s.occ[0].Count() != s.occ[1].Count() {
			t.Errorf("%q: not Squish's setup", c.opts)
		}
	}
}

// TestMoveExample rebuilds the move example of Kato's rulebook ("Gameplay"): the White
// piece "a" on d4, in a group of two with e4, may step NW and SW (capturing, into a larger
// group) or NE and SE (keeping its partner and gaining a neighbour), but not W (its new
// group would have only two pieces) or E (its own piece).
func TestMoveExample(t *testing.T) {
	s := position(t, 4, "d4 e4 b6 c6 d2 e2 b4", "c5 d3 g1", 0)
	if got := movesOf(s, "d4"); got != "d4-c5 d4-d3 d4-d5 d4-e3" {
		t.Errorf("moves of d4: %q\n%s", got, rules.Text(s))
	}
}

// TestGroupRule checks the clauses one by one.
func TestGroupRule(t *testing.T) {
	for _, c := range []struct {
		name, white, black, piece, want string
	}{
		{"a lone piece joins a neighbour's group", "d4 f4", "", "d4", "d4-e4"},
		{"a step that stays alone is not larger", "d4", "g1", "d4", ""},
		{"a capture counts when the new group is larger", "d4 f4", "e4", "d4", "d4-e4"},
		{"sliding along the same group is not larger", "d4 e4", "", "d4", ""},
		{"the rest of the old group may split", "c4 d4 e4 c6 d6", "", "d4", "d4-c5 d4-d5"},
		{"equal is not larger", "c4 d4 a4", "", "c4", ""},
		{"a fully unified player cannot move", "c4 d4 e4", "g1", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := position(t, 4, c.white, c.black, 0)
			got := strings.Join(rulestest.MoveTexts(s), " ")
			if c.piece != "" {
				got = movesOf(s, c.piece)
			}
			if got != c.want {
				t.Errorf("moves %q, want %q\n%s", got, c.want, rules.Text(s))
			}
		})
	}
}

// TestEnd rebuilds the rulebook's end example: Black wins because White cannot move.
func TestEnd(t *testing.T) {
	s := position(t, 4, "a4 b4 c4", "e1 g1 d7 b6", 1)
	if len(position(t, 4, "a4 b4 c4", "e1 g1 d7 b6", 0).LegalMoves(nil)) != 0 {
		t.Fatal("White can move")
	}
	rulestest.Play(t, s, "e1-f1")
	o, over := s.Outcome()
	if !over || o.Winner != 1 || o.Reason != "no-moves" || s.ToMove() != rules.NoPlayer {
		t.Errorf("outcome %+v over=%v\n%s", o, over, rules.Text(s))
	}
}

func TestCapture(t *testing.T) {
	s := position(t, 4, "d4 f4 a7", "e4 g1 d1", 0)
	rulestest.Play(t, s, "d4-e4")
	if s.occ[1].Count() != 2 || s.occ[0].Count() != 3 {
		t.Errorf("capture: %d v %d", s.occ[0].Count(), s.occ[1].Count())
	}
}

func TestWhyNot(t *testing.T) {
	s := position(t, 4, "d4 e4 g1", "a4", 0)
	site := func(l string) board.Site {
		c, err := s.Board().Parse(l)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	for _, c := range []struct {
		path []string
		want string
	}{
		{[]string{"g1"}, "stuck"},
		{[]string{"d4", "c4"}, "not-larger"},
		{[]string{"d4", "e4"}, "friendly"},
		{[]string{"d4", "f4"}, "one-step"},
		{[]string{"a4"}, ""},
	} {
		var path []board.Site
		for _, l := range c.path {
			path = append(path, site(l))
		}
		if got := s.WhyNot(path); got != c.want {
			t.Errorf("%v: %q, want %q", c.path, got, c.want)
		}
	}
}

func TestIllegalInput(t *testing.T) {
	s := start(t, "")
	before := s.AppendKey(nil)
	for _, text := range []string{"", "e1", "e1-e3", "d4-d5", "zz-e2", "pass"} {
		if _, err := rules.ParseMove(s, text); err == nil {
			t.Errorf("%q accepted", text)
		}
	}
	for _, m := range []rules.Move{rules.NewMove(rules.Step, 0, 20), rules.NewMove(rules.Jump, 0, 1), rules.NewMove(rules.Step, -1, 0), rules.NewMove(rules.Step, 100, 101)} {
		if err := rules.Play(s, m); err == nil {
			t.Errorf("%v accepted", m)
		}
	}
	if string(s.AppendKey(nil)) != string(before) {
		t.Errorf("refused moves changed the position")
	}
}

// TestGamesEnd plays random games on every size: each ends, well within the bound, with
// the player to move unable to step.
func TestGamesEnd(t *testing.T) {
	for n := minSize; n <= maxSize; n++ {
		for seed := uint64(1); seed <= 20; seed++ {
			s := start(t, "size="+strconv.Itoa(n))
			rng := rand.New(rand.NewPCG(seed, 3))
			for turns := 0; ; turns++ {
				m, ok := s.RandomMove(rng)
				if !ok {
					break
				}
				s.Apply(m)
				if turns > Game.MaxTurns {
					t.Fatalf("size %d seed %d: no end", n, seed)
				}
			}
			if len(Moves(s.v.Hex128, s.occ[s.Turn])) == 0 {
				t.Fatal("unreachable")
			}
		}
	}
}

func TestConformance(t *testing.T) {
	for _, p := range Game.Presets {
		rulestest.Conformance(t, rulestest.Spec(t, Game, p))
	}
}

var perftCases = []struct {
	opts, name   string
	depth, naive int
}{
	{"", "unlace", 3, 3},
	{"size=5", "unlace-5", 3, 2},
}

func TestPerft(t *testing.T) {
	for _, c := range perftCases {
		if testing.Short() && c.opts != "" {
			continue
		}
		rulestest.Perft(t, rulestest.Spec(t, Game, c.opts), c.name, c.depth)
	}
}

func TestPerftIndependent(t *testing.T) {
	for _, c := range perftCases {
		depth := c.naive
		if testing.Short() {
			depth--
		}
		s := start(t, c.opts)
		if got, want := rules.Perft(s, depth), newNaive(s.v.Size).perft(depth); !slices.Equal(got, want) {
			t.Errorf("%q: rules.Perft %v, naive %v", c.opts, got, want)
		}
	}
}

func TestAgainstNaive(t *testing.T) {
	for n := minSize; n <= maxSize; n++ {
		for seed := uint64(1); seed <= 10; seed++ {
			refereeGame(t, n, seed)
		}
	}
}

func refereeGame(t testing.TB, size int, seed uint64) {
	t.Helper()
	s := start(t, "size="+strconv.Itoa(size))
	n := newNaive(size)
	rng := rand.New(rand.NewPCG(seed, 17))
	for turn := 0; ; turn++ {
		got, want := rulestest.MoveTexts(s), n.legal()
		if !slices.Equal(got, want) {
			t.Fatalf("size %d seed %d turn %d: legal %v, naive %v\n%s", size, seed, turn, got, want, rules.Text(s))
		}
		if len(want) == 0 {
			o, over := s.Outcome()
			loser := rules.Player(0)
			if n.mover == 'B' {
				loser = 1
			}
			if !over || o.Winner != loser.Other() || o.Reason != "no-moves" {
				t.Fatalf("size %d seed %d: outcome %+v", size, seed, o)
			}
			return
		}
		text := want[rng.IntN(len(want))]
		rulestest.Play(t, s, text)
		n.play(text)
	}
}

func FuzzPlayout(f *testing.F) {
	for seed := uint64(0); seed < 6; seed++ {
		f.Add(seed, uint8(seed))
	}
	f.Fuzz(func(t *testing.T, seed uint64, size uint8) {
		refereeGame(t, minSize+int(size)%(maxSize-minSize+1), seed)
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"d4-d5", "e1-f1", "", "-", "x", "z9-a1", " e1-e2 ", "pass"} {
		f.Add(s, uint64(len(s)), uint8(10), uint8(1), []byte{3, 20, 21})
	}
	f.Fuzz(func(t *testing.T, text string, seed uint64, plies, size uint8, path []byte) {
		st := start(t, "size="+strconv.Itoa(minSize+int(size)%(maxSize-minSize+1)))
		rulestest.UntrustedInput(t, st, seed, int(plies), 80, text, path)
	})
}

func TestEvaluate(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		rulestest.WalkRandomGame(t, start(t, ""), seed, func(s *State) {
			if s.Over {
				return
			}
			if a, b := s.Evaluate(0), s.Evaluate(1); a < -1 || a > 1 || a != -b {
				t.Fatalf("Evaluate %v and %v", a, b)
			}
		})
	}
}

func TestRandomMoveAgrees(t *testing.T) {
	for _, p := range Game.Presets {
		for seed := uint64(1); seed <= 10; seed++ {
			rulestest.WalkRandomGame(t, start(t, p), seed, func(s *State) {
				rulestest.RandomMoveAgrees(t, s, seed)
			})
		}
	}
}

func TestPlayoutsDoNotAllocate(t *testing.T) { rulestest.PlayoutsDoNotAllocate(t, start(t, "")) }

func BenchmarkRandomMovePlayout(b *testing.B) { rulestest.BenchRandomMovePlayout(b, start(b, "")) }
func BenchmarkPlayout(b *testing.B)           { rulestest.BenchPlayout(b, start(b, "")) }
func BenchmarkLegalMoves(b *testing.B)        { rulestest.BenchLegalMoves(b, start(b, "")) }

// plainMoves is the rule of Moves restated with a flood fill for every step: the group of
// the piece before it, and the group on the target after it.
func plainMoves(t *kit.Hex128, own set) (mv [6]set) {
	for c := 0; c < t.Cells; c++ {
		if !own.Has(c) {
			continue
		}
		before := t.Group(own, c).Count()
		for d := 0; d < 6; d++ {
			a := int(t.Nbr[c][d])
			if a < 0 || own.Has(a) {
				continue
			}
			after := own
			after.Remove(c)
			after.Add(a)
			if t.Group(after, a).Count() > before {
				mv[d].Add(c)
			}
		}
	}
	return mv
}

// TestMovesShapes checks Moves against plainMoves on random sets of pieces of every size,
// sparse and crowded, where pieces with two arcs of neighbours and every size of group
// occur.
func TestMovesShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 3))
	for n := minSize; n <= maxSize; n++ {
		topo := start(t, "size="+strconv.Itoa(n)).v.Hex128
		for range 20000 {
			var own set
			for range 1 + rng.IntN(topo.Cells*2/3) {
				own.Add(rng.IntN(topo.Cells))
			}
			if got, want := Moves(topo, own), plainMoves(topo, own); got != want {
				t.Fatalf("size %d pieces %x: Moves %x, want %x", n, own, got, want)
			}
		}
	}
}
