package tiptoe

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func start(t testing.TB, options string) *State { return rulestest.Start[*State](t, Game, options) }

// setupMoves are the four setup placements most tests start from: White d4, Black e5 and
// a8, White h1; White then makes the first normal placement.
var setupMoves = []string{"@d4", "@e5", "@a8", "@h1"}

// position builds a square position after the setup from a diagram: one line per rank,
// the top rank first, one token per square: O (White), o (Black) or . (empty), the letters
// rules.Text uses.
func position(t testing.TB, options, diagram string, toMove rules.Player) *State {
	t.Helper()
	s := start(t, options)
	rows := strings.Split(strings.TrimSpace(diagram), "\n")
	n := s.v.side
	if len(rows) != n {
		t.Fatalf("diagram has %d ranks, want %d", len(rows), n)
	}
	for i, row := range rows {
		tokens := strings.Fields(row)
		if len(tokens) != n {
			t.Fatalf("rank %d of the diagram has %d squares", n-i, len(tokens))
		}
		for col, tok := range tokens {
			site := s.v.topo.At(col, n-1-i)
			switch tok {
			case "O":
				s.place(0, int(s.v.cellOf[site]))
			case "o":
				s.place(1, int(s.v.cellOf[site]))
			case ".":
			default:
				t.Fatalf("bad square %q", tok)
			}
		}
	}
	return settle(s, toMove)
}

// placed builds a position after the setup from lists of sites, for any board.
func placed(t testing.TB, options string, white, black []string, toMove rules.Player) *State {
	t.Helper()
	s := start(t, options)
	for p, list := range [][]string{white, black} {
		for _, l := range list {
			site, err := s.v.topo.Parse(l)
			if err != nil {
				t.Fatal(err)
			}
			s.place(rules.Player(p), int(s.v.cellOf[site]))
		}
	}
	return settle(s, toMove)
}

func settle(s *State, toMove rules.Player) *State {
	s.setup = normal
	s.Turn = toMove
	s.Zobrist = s.ComputeHash()
	s.open = s.reached(toMove)
	s.Over = s.open.Empty()
	return s
}

func labels(s *State, sites []board.Site) []string {
	var out []string
	for _, x := range sites {
		out = append(out, s.v.topo.Label(x))
	}
	slices.Sort(out)
	return out
}

func moveLabels(s *State) []string {
	var out []string
	for _, m := range rulestest.MoveTexts(s) {
		out = append(out, strings.TrimPrefix(m, "@"))
	}
	slices.Sort(out)
	return out
}

func split(text string) []string {
	out := strings.Fields(text)
	slices.Sort(out)
	return out
}

// TestSetup: the board starts empty; White places one piece anywhere, Black two (one turn,
// each placement a decision), White one more, and White then makes the first normal
// placement as a turn of its own (the rulebook's "Setup").
func TestSetup(t *testing.T) {
	s := start(t, "")
	type step struct {
		mover  rules.Player
		mid    bool
		prompt string
		moves  int
	}
	want := []step{
		{0, false, "setup-white", 64},
		{1, false, "setup-black", 63},
		{1, true, "setup-black-second", 62},
		{0, false, "setup-white-second", 61},
		{0, false, "", -1},
	}
	for i, w := range want {
		if s.ToMove() != w.mover || s.MidTurn() != w.mid || s.Prompt() != w.prompt {
			t.Fatalf("step %d: mover %d mid %v prompt %q, want %+v", i, s.ToMove(), s.MidTurn(), s.Prompt(), w)
		}
		if w.moves >= 0 && len(s.LegalMoves(nil)) != w.moves {
			t.Fatalf("step %d: %d placements, want every empty square (%d)", i, len(s.LegalMoves(nil)), w.moves)
		}
		if i < len(setupMoves) {
			rulestest.Play(t, s, setupMoves[i])
		}
	}
	// Setup placements go anywhere, even next to each other or in a corner.
	s = start(t, "")
	rulestest.Play(t, s, "@a1", "@a2", "@b1", "@b2")
	if s.ToMove() != 0 || s.setup != normal {
		t.Fatalf("after the setup: mover %d setup %d", s.ToMove(), s.setup)
	}
	if got := rules.Turns(start(t, "")); len(got) != 64 {
		t.Errorf("%d first turns", len(got))
	}
}

// TestReach is the rulebook's figures 2 and 3: a lone piece reaches the four squares next
// to it; each piece of a group of two reaches the squares two straight steps away.
func TestReach(t *testing.T) {
	tests := []struct {
		name, diagram string
		want          string
	}{
		{"lone piece", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . o . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .`, "c5 d4 d6 e5"},
		{"group of two", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . o . . . .
			. . . o . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .`, "b4 b5 d2 d7 f4 f5"},
		// The group of two cannot step over its own piece: d5 looking down passes d4.
		{"group of three in an L", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . o o . . .
			. . . o . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .`, "a4 a5 d1 d8 e2 e8 g4 h5"},
		// A diagonal neighbour is no neighbour: two groups of one.
		{"diagonal pieces are separate groups", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . o . . . .
			. . . . o . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .`, "c5 d4 d6 e3 e5 f4"},
		{"lone piece in the corner", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			o . . . . . . .`, "a2 b1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, "", tc.diagram, 1)
			if got, want := moveLabels(s), split(tc.want); !slices.Equal(got, want) {
				t.Errorf("placements %v, want %v\n%s", got, want, rules.Text(s))
			}
		})
	}
}

// TestBlocked: the steps are exactly as many as the group has pieces, in one straight
// line, over empty squares only: a piece of either colour on the way, or on the target,
// closes it, and so does the edge of the board.
func TestBlocked(t *testing.T) {
	tests := []struct {
		name, diagram string
		want          string
	}{
		// Black's group of two on d4 d5: d3 is White, so d2 is closed; f5 is taken by its
		// own piece, so nothing lands there; b4 and b5 stay open.
		{"blocked by either colour", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . o . o . .
			. . . o . . . .
			. . . O . . . .
			. . . . . . . .
			. . . . . . . .`, "b4 b5 d7 e5 f4 f6 g5"},
		// A group of three on a1 a2 a3 reaches only a6 and d1 d2 d3: not a4 or a5 (fewer
		// steps), not a7 (more).
		{"exactly, not up to", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			o . . . . . . .
			o . . . . . . .
			o . . . . . . .`, "a6 d1 d2 d3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, "", tc.diagram, 1)
			if got, want := moveLabels(s), split(tc.want); !slices.Equal(got, want) {
				t.Errorf("placements %v, want %v\n%s", got, want, rules.Text(s))
			}
		})
	}
	// Illegal placements are refused with a reason and leave the position alone.
	s := position(t, "", `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		o . . . . . . .
		o . . . . . . .
		o O . . . . . .`, 1)
	for _, tc := range []struct{ text, why string }{{"@a4", "unreached"}, {"@a7", "unreached"}, {"@b1", "occupied"}, {"@a1", "occupied"}, {"@e5", "unreached"}} {
		site, _ := s.v.topo.Parse(strings.TrimPrefix(tc.text, "@"))
		before := s.Hash()
		if err := rules.Play(s, placement(site)); err == nil || s.Hash() != before {
			t.Errorf("%s was accepted", tc.text)
		}
		if got := s.WhyNot([]board.Site{site}); got != tc.why {
			t.Errorf("WhyNot(%s) = %q, want %q", tc.text, got, tc.why)
		}
	}
}

// TestDiagonal: under the diagonal variant groups join through corners and the steps may
// run diagonally (the rulebook's "Variants").
func TestDiagonal(t *testing.T) {
	s := position(t, "topology=diagonal", `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . o . . . .
		. . . . o . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .`, 1)
	// One group of two: every piece reaches two steps away in eight directions.
	got := moveLabels(s)
	n := naiveStart(s.v.topo, "diagonal")
	for site := range board.Site(s.v.topo.Len()) {
		var ps []rules.Piece
		if ps = s.Pieces(site, ps); len(ps) > 0 {
			n.cells[site] = "WB"[ps[0].Owner]
		}
	}
	n.placed, n.white = 4, false
	var nl []string
	for _, x := range n.legal() {
		nl = append(nl, s.v.topo.Label(x))
	}
	slices.Sort(nl)
	if !slices.Equal(got, nl) {
		t.Fatalf("placements %v, naive %v", got, nl)
	}
	// Spelled out: from d5, two steps N, NE, E, S, W, NW, SW (SE passes e4); from e4,
	// two steps N, E, SE, S, SW, W, NE (NW passes d5).
	if w := split("d7 f7 f5 d3 b5 b7 b3 e6 g6 g4 g2 e2 c2 c4"); !slices.Equal(got, w) {
		t.Errorf("placements %v, want %v", got, w)
	}
}

// TestHex: on the hex board groups join through the six sides and the steps run along the
// six directions (the rulebook's "Variants").
func TestHex(t *testing.T) {
	// d4 is the centre of the hexagon of 4 a side. A lone piece reaches its six
	// neighbours: e4 east, d5 north-east, c5 north-west, c4 west, d3 south-west, e3
	// south-east (hex letters run along the south-west to north-east lines).
	s := placed(t, "topology=hex", nil, []string{"d4"}, 1)
	if got, want := moveLabels(s), split("c4 c5 d3 d5 e3 e4"); !slices.Equal(got, want) {
		t.Errorf("lone piece: %v, want %v", got, want)
	}
	// Two pieces side by side (d4 and e4, east of it) reach two steps away: d4 in five
	// directions (b4 b6 d2 d6 f2; east passes e4), e4 in five (c6 e2 e6 g2 g4).
	s = placed(t, "topology=hex", nil, []string{"d4", "e4"}, 1)
	if got, want := moveLabels(s), split("b4 b6 d2 d6 f2 c6 e2 e6 g2 g4"); !slices.Equal(got, want) {
		t.Errorf("group of two: %v, want %v", got, want)
	}
}

// TestNoPlacementLoses: a player who cannot place on their turn loses; there is no pass.
func TestNoPlacementLoses(t *testing.T) {
	// Black's only group has 8 pieces and no line of 9 squares; White still has moves.
	s := position(t, "", `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . O
		. . . . . . . .
		o o o o o o o o`, 0)
	if s.Over {
		t.Fatalf("White has placements")
	}
	rulestest.Play(t, s, "@h4")
	o, over := s.Outcome()
	if !over || o.Winner != 0 || o.Reason != "no-moves" || s.ToMove() != rules.NoPlayer || len(s.LegalMoves(nil)) != 0 {
		t.Fatalf("outcome %+v over %v\n%s", o, over, rules.Text(s))
	}
	if _, ok := s.RandomMove(rand.New(rand.NewPCG(1, 2))); ok {
		t.Errorf("RandomMove after the end")
	}
}

// TestAlwaysEnds: every turn fills a square, so a game lasts at most as many turns as the
// board has squares; random games on every variant end well within Game.MaxTurns.
func TestAlwaysEnds(t *testing.T) {
	for _, topology := range topologies {
		for _, size := range sizes {
			opts := "topology=" + topology + ",size=" + size
			for seed := uint64(1); seed <= 5; seed++ {
				s := start(t, opts)
				turns := 0
				rulestest.WalkRandomGame(t, s, seed, func(st *State) {
					if !st.MidTurn() {
						turns++
					}
				})
				if turns > s.v.topo.Len() || turns > Game.MaxTurns {
					t.Errorf("%s seed %d: %d turns on %d cells", opts, seed, turns, s.v.topo.Len())
				}
				if _, over := s.Outcome(); !over {
					t.Errorf("%s seed %d: not over", opts, seed)
				}
			}
		}
	}
}

func TestConformance(t *testing.T) {
	for _, preset := range Game.Presets {
		t.Run(preset, func(t *testing.T) { rulestest.Conformance(t, rulestest.Spec(t, Game, preset)) })
	}
	t.Run("every size", func(t *testing.T) {
		for _, topology := range topologies {
			for _, size := range sizes {
				rulestest.Conformance(t, rulestest.Spec(t, Game, "topology="+topology+",size="+size))
			}
		}
	})
}

// presetName names a preset's golden files.
func presetName(preset string) string {
	if preset == "" {
		return "orthogonal"
	}
	return strings.TrimPrefix(preset, "topology=")
}

// midgame is the position the deeper perft figures start from: the setup of setupMoves
// (d4 e5 a8 h1 on the square boards, d4 e5 d1 a7 on the hexagon) and two normal turns.
func midgame(t testing.TB, preset string) *State {
	s := start(t, preset)
	if s.v.topo.Kind() == board.Hex {
		rulestest.Play(t, s, "@d4", "@e5", "@d1", "@a7")
	} else {
		rulestest.Play(t, s, setupMoves...)
	}
	return s
}

const (
	startDepth = 2
	midDepth   = 5
)

// TestPerft checks the figures from the start (the setup placements, which grow fast: 64 ×
// 1,953 × 61 positions by the third turn on 8×8) and, to the deeper depth, from the
// position after the setup, where the placement rules decide.
func TestPerft(t *testing.T) {
	for _, preset := range Game.Presets {
		rulestest.Perft(t, rulestest.Spec(t, Game, preset), presetName(preset), startDepth)
		counts := rules.Perft(midgame(t, preset), midDepth)
		var got strings.Builder
		for d, c := range counts {
			fmt.Fprintf(&got, "%d %d\n", d+1, c)
		}
		rulestest.Golden(t, "testdata/perft/"+presetName(preset)+"-after-setup.txt", got.String())
	}
}

// TestPerftIndependent compares both perft figures with the naive implementation.
func TestPerftIndependent(t *testing.T) {
	depth := midDepth
	if testing.Short() {
		depth = 3
	}
	for _, preset := range Game.Presets {
		s := start(t, preset)
		if got, want := rules.Perft(s, startDepth), naivePerft(naiveStart(s.v.topo, s.v.opts["topology"]), startDepth); !slices.Equal(got, want) {
			t.Errorf("%s from the start: rules.Perft %v, naive %v", preset, got, want)
		}
		m := midgame(t, preset)
		n := naiveStart(m.v.topo, m.v.opts["topology"])
		var ps []rules.Piece
		for site := range board.Site(m.v.topo.Len()) {
			if ps = m.Pieces(site, ps[:0]); len(ps) > 0 {
				n.cells[site] = "WB"[ps[0].Owner]
			}
		}
		n.placed, n.white = 4, true
		if got, want := rules.Perft(m, depth), naivePerft(n, depth); !slices.Equal(got, want) {
			t.Errorf("%s after the setup: rules.Perft %v, naive %v", preset, got, want)
		}
	}
}

// TestAgainstNaive plays seeded random games of every variant whole turn by whole turn with
// both implementations, and compares the positions every turn reaches, the placements and
// the pieces that reach each of them.
func TestAgainstNaive(t *testing.T) {
	seeds := uint64(4)
	if testing.Short() {
		seeds = 1
	}
	for _, topology := range topologies {
		for _, size := range sizes {
			for seed := uint64(1); seed <= seeds; seed++ {
				refereeGame(t, "topology="+topology+",size="+size, seed)
			}
		}
	}
}

func refereeGame(t testing.TB, options string, seed uint64) {
	t.Helper()
	s := start(t, options)
	n := naiveStart(s.v.topo, s.v.opts["topology"])
	rng := rand.New(rand.NewPCG(seed, 7))
	for turn := 0; ; turn++ {
		// Placements, and who reaches them, decision by decision.
		var got []board.Site
		for _, m := range s.LegalMoves(nil) {
			got = append(got, m.Path[0])
		}
		if want := n.legal(); !slices.Equal(got, want) {
			t.Fatalf("%s seed %d turn %d: placements %v, naive %v\n%s", options, seed, turn, labels(s, got), labels(s, want), rules.Text(s))
		}
		for _, site := range got {
			if a, b := s.ReachedFrom(site, nil), n.sourcesOf(site); !slices.Equal(a, b) {
				t.Fatalf("%s seed %d: %s reached from %v, naive %v\n%s", options, seed, s.v.topo.Label(site), labels(s, a), labels(s, b), rules.Text(s))
			}
		}
		if len(got) == 0 {
			o, over := s.Outcome()
			loser := byte('W')
			if o.Winner == 0 {
				loser = 'B'
			}
			if !over || !n.over || loser != n.me() {
				t.Fatalf("%s seed %d: outcome %+v, naive over %v with %c to move", options, seed, o, n.over, n.me())
			}
			return
		}
		if s.MidTurn() != n.midTurn() || keyOf(s) != n.key() {
			t.Fatalf("%s seed %d turn %d: positions differ", options, seed, turn)
		}
		site := got[rng.IntN(len(got))]
		s.Apply(placement(site))
		n.play(site)
	}
}
