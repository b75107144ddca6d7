package alquerque

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

var presets = []struct {
	name, opts string
}{
	{"simple", ""},
	{"bell", "rules=bell"},
}

func spec(t testing.TB, opts string) rules.Spec { return rulestest.Spec(t, Game, opts) }

func start(t testing.TB, opts string) *State { return rulestest.Start[*State](t, Game, opts) }

// position builds a state from a diagram drawn rank 5 first, with W and B for the pieces
// and . for empty points; spaces are ignored.
func position(t testing.TB, ruleSet, diagram string, toMove rules.Player) *State {
	t.Helper()
	var rows []string
	for _, line := range strings.Split(strings.TrimSpace(diagram), "\n") {
		rows = append(rows, strings.ReplaceAll(strings.TrimSpace(line), " ", ""))
	}
	if len(rows) != 5 {
		t.Fatalf("diagram has %d rows", len(rows))
	}
	var white, black uint32
	for i, r := range rows {
		if len(r) != 5 {
			t.Fatalf("diagram row %q is not 5 points", r)
		}
		for col, c := range r {
			site := (4-i)*5 + col
			switch c {
			case 'W':
				white |= 1 << site
			case 'B':
				black |= 1 << site
			case '.':
			default:
				t.Fatalf("bad diagram character %q", c)
			}
		}
	}
	v := variants[0]
	if ruleSet == "bell" {
		v = variants[1]
	}
	var st State
	st.setup(v, white, black, toMove)
	return &st
}

func moveTexts(s rules.State) []string { return rulestest.MoveTexts(s) }

func words(s string) []string {
	out := strings.Fields(s)
	slices.Sort(out)
	return out
}

func play(t testing.TB, s rules.State, texts ...string) {
	t.Helper()
	rulestest.Play(t, s, texts...)
}

func TestBoardMatchesReference(t *testing.T) {
	// The Alquerque board: 13 strong points, 56 lines, and diagonal moves exactly from
	// points whose file+rank is even.
	topo := variants[0].topo
	if got := len(topo.Lines()); got != 56 {
		t.Errorf("lines: got %d, want 56", got)
	}
	strong := 0
	for s := board.Site(0); s < numSites; s++ {
		info := topo.Info(s)
		diag := topo.Step(s, board.NE) != board.NoSite || topo.Step(s, board.SW) != board.NoSite ||
			topo.Step(s, board.NW) != board.NoSite || topo.Step(s, board.SE) != board.NoSite
		if diag != ((info.Col+info.Row)%2 == 0) {
			t.Errorf("%s: diagonal lines %v", topo.Label(s), diag)
		}
		if diag {
			strong++
		}
		// The move generator shifts bitmasks by dirDelta; it must agree with the topology.
		for d := board.Dir(0); d < 8; d++ {
			if n := topo.Step(s, d); n != board.NoSite && int(n)-int(s) != dirDelta[d] {
				t.Errorf("%s %s: step goes to %s", topo.Label(s), topo.DirName(d), topo.Label(n))
			}
		}
	}
	if strong != 13 {
		t.Errorf("strong points: got %d, want 13", strong)
	}
}

func TestInitialPosition(t *testing.T) {
	// The setup of the package comment: White on ranks 1-2, d3 and e3; Black on ranks 4-5,
	// a3 and b3; c3 empty.
	want := position(t, "simple", `
		B B B B B
		B B B B B
		B B . W W
		W W W W W
		W W W W W`, 0)
	for _, p := range presets {
		st := start(t, p.opts)
		if st.pieces != want.pieces || st.ToMove() != 0 {
			t.Errorf("%s: initial position\n%s", p.name, rules.Text(st))
		}
		// Four legal moves in both rule sets: every one fills c3.
		if got, w := moveTexts(st), words("b2-c3 c2-c3 d2-c3 d3-c3"); !slices.Equal(got, w) {
			t.Errorf("%s: initial moves %v, want %v", p.name, got, w)
		}
	}
}

func TestOptions(t *testing.T) {
	for _, tc := range []struct {
		opts string
		ok   bool
		bell bool
	}{
		{"", true, false},
		{"rules=simple", true, false},
		{"rules=bell", true, true},
		{"rules=huff", false, false},
		{"size=5", false, false},
	} {
		o, err := Game.ParseOptions(tc.opts)
		if (err == nil) != tc.ok {
			t.Errorf("%q: error %v", tc.opts, err)
			continue
		}
		if err != nil {
			continue
		}
		st, err := Game.New(o)
		if err != nil {
			t.Fatalf("%q: %v", tc.opts, err)
		}
		if st.(*State).v.bell != tc.bell || st.Variant().Get("rules") != o.Get("rules") {
			t.Errorf("%q: wrong variant %v", tc.opts, st.Variant())
		}
	}
	if _, err := Game.New(rules.Options{"rules": "huff"}); err == nil {
		t.Error("New accepted an unknown rule set")
	}
}

// TestMoves checks the legal moves of each rule clause on small positions.
func TestMoves(t *testing.T) {
	for _, tc := range []struct {
		name, rules, diagram string
		toMove               rules.Player
		want                 string
	}{
		{"steps from a strong point follow all eight lines", "simple", `
			. . . . .
			. . . . .
			. . W . .
			. . . . .
			. . . B .`, 0,
			"c3-b2 c3-b3 c3-b4 c3-c2 c3-c4 c3-d2 c3-d3 c3-d4"},
		{"a weak point has no diagonal lines", "simple", `
			. . . . .
			. . . . .
			. W . . .
			. . . . .
			. . . . B`, 0,
			"b3-a3 b3-b2 b3-b4 b3-c3"},
		{"corner steps", "simple", `
			. . . . .
			. . . . .
			. . . . .
			. . . . .
			W . . . B`, 0,
			"a1-a2 a1-b1 a1-b2"},
		{"steps only to empty points", "simple", `
			. . . . .
			. . . . .
			. . . . .
			W W . . .
			W W . . B`, 0,
			"a2-a3 b1-c1 b2-a3 b2-b3 b2-c1 b2-c2 b2-c3"},
		{"a jump needs an enemy next to it and an empty point beyond", "simple", `
			. . . . .
			. . . . .
			. . B B .
			. . W . .
			. . . . .`, 0,
			"c2-b2 c2-c1 c2-d2 c2xc4"},
		{"no diagonal jump from a weak point", "simple", `
			. . . . .
			. . . . .
			. . . B .
			. . W . .
			. . . . .`, 0,
			"c2-b2 c2-c1 c2-c3 c2-d2"},
		{"own pieces cannot be jumped, nor two pieces at once", "simple", `
			. . . . .
			. . B . .
			. . B . .
			. . W . .
			. . W . .`, 0,
			"c1-b1 c1-b2 c1-d1 c1-d2 c2-b2 c2-d2"},
		{"simple: captures optional, chains may stop, directions may change", "simple", `
			. . . . .
			. . . . .
			. . . . .
			B . B . .
			W B . . .`, 0,
			"a1-b2 a1xa3 a1xc1 a1xc1xc3"},
		{"jumped pieces leave at once, so none is jumped twice", "simple", `
			. . . . .
			. . . . .
			. . . . .
			. . . . .
			W B . . .`, 0,
			"a1-a2 a1-b2 a1xc1"},
		{"a chain may come back to its starting point", "simple", `
			. . . . .
			. . . . .
			. B . . .
			B . B . .
			W B . . .`, 0,
			"a1xa3 a1xa3xc3 a1xa3xc3xc1 a1xa3xc3xc1xa1 a1xc1 a1xc1xc3 a1xc1xc3xa3 a1xc1xc3xa3xa1 a1-b2"},
		{"simple: captures in every direction", "simple", `
			. . . . .
			. . . . .
			. B B B .
			. . W . .
			. . B . .`, 0,
			"c2-b2 c2-d2 c2xc4"},
		{"Bell: capture is compulsory", "bell", `
			. . . . .
			. . . . .
			. . B . .
			. . W . .
			W . . . .`, 0,
			"c2xc4"},
		{"Bell: a chain must go on to its end", "bell", `
			. . . . .
			. . . . .
			. . . . .
			B . B . .
			W B . . .`, 0,
			"a1xa3 a1xc1xc3"},
		{"Bell: any branch, no rule to capture the most", "bell", `
			. . . . .
			. . . . .
			. B . . .
			B . B B .
			W B . . .`, 0,
			"a1xa3xc3xc1xa1 a1xa3xc3xc1xe3 a1xa3xc3xe1 a1xc1xc3xa3xa1 a1xc1xc3xe1 a1xc1xe3"},
		{"Bell: White steps forward or sideways only", "bell", `
			. . . . .
			. . . . .
			. . W . .
			. . . . .
			. . . . B`, 0,
			"c3-b3 c3-b4 c3-c4 c3-d3 c3-d4"},
		{"Bell: Black steps down the board or sideways only", "bell", `
			W . . . .
			. . . . .
			. . B . .
			. . . . .
			. . . . .`, 1,
			"c3-b2 c3-b3 c3-c2 c3-d2 c3-d3"},
		{"Bell: captures may go backwards", "bell", `
			. . . . .
			. . W . .
			. . B . .
			. . . . .
			. . . . .`, 0,
			"c4xc2"},
		{"Bell: a piece on the far row is frozen", "bell", `
			. . W . .
			. . . . .
			. . . . .
			. . . . .
			. . . . B`, 0,
			""},
		{"Bell: a frozen piece may still capture", "bell", `
			. . W . .
			. . B . .
			. . . . .
			. . . . .
			. . . . .`, 0,
			"c5xc3"},
		{"Bell: Black's far row is rank 1", "bell", `
			W . . . .
			. . . . .
			. . . . .
			. . . . .
			. . B . .`, 1,
			""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := position(t, tc.rules, tc.diagram, tc.toMove)
			if _, over := st.Outcome(); over && tc.want != "" {
				t.Fatalf("game over\n%s", rules.Text(st))
			}
			if got, want := moveTexts(st), words(tc.want); !slices.Equal(got, want) {
				t.Errorf("got %v, want %v\n%s", got, want, rules.Text(st))
			}
		})
	}
}

// TestIllegalMoves tries moves the rules forbid; each must be rejected and leave the
// position unchanged.
func TestIllegalMoves(t *testing.T) {
	const fork = `
		. . . . .
		. . . . .
		. . . . .
		B . B . .
		W B . . .`
	for _, tc := range []struct {
		name, rules, diagram string
		toMove               rules.Player
		move                 rules.Move
	}{
		{"a step onto an occupied point", "simple", fork, 0, step(t, "a1", "a2")},
		{"a diagonal step from a weak point", "simple", `
			. . . . .
			. . . . .
			. W . . .
			. . . . .
			. . . . B`, 0, step(t, "b3", "c4")},
		{"a step of two points", "simple", fork, 0, step(t, "a1", "a3")},
		{"moving an enemy piece", "simple", fork, 0, step(t, "c2", "c3")},
		{"a jump over an empty point", "simple", fork, 0, jumpOf(t, "a1", "c3")},
		{"Bell: a step while a capture exists", "bell", fork, 0, step(t, "a1", "b2")},
		{"Bell: stopping a chain early", "bell", fork, 0, jumpOf(t, "a1", "c1")},
		{"Bell: a backward step", "bell", `
			. . . . .
			. . . . .
			. . W . .
			. . . . .
			. . . . B`, 0, step(t, "c3", "c2")},
		{"Bell: a step from the far row", "bell", `
			. . W . .
			. . . . .
			. . . . .
			. . . . .
			. . . . B`, 0, step(t, "c5", "d5")},
		{"a pass", "simple", fork, 0, rules.NewMove(rules.Pass)},
		{"a site off the board", "simple", fork, 0, rules.NewMove(rules.Step, 0, 30)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := position(t, tc.rules, tc.diagram, tc.toMove)
			key := st.AppendKey(nil)
			if err := rules.Play(st, tc.move); !errors.Is(err, rules.ErrIllegalMove) {
				t.Errorf("Play: %v, want an illegal-move error", err)
			}
			if !bytes.Equal(st.AppendKey(nil), key) {
				t.Error("a rejected move changed the position")
			}
		})
	}
}

func site(t *testing.T, label string) board.Site {
	t.Helper()
	s, err := topology.Parse(label)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func step(t *testing.T, from, to string) rules.Move {
	return rules.NewMove(rules.Step, site(t, from), site(t, to))
}

func jumpOf(t *testing.T, labels ...string) rules.Move {
	var sites []board.Site
	for _, l := range labels {
		sites = append(sites, site(t, l))
	}
	return rules.NewMove(rules.Jump, sites...)
}

// TestReferencePerft compares with figures computed independently, by a separate script
// written from the same rules when they were settled; they count every sequence of whole
// turns without merging transpositions.
func TestReferencePerft(t *testing.T) {
	for _, tc := range []struct {
		opts string
		want []uint64
	}{
		{"", []uint64{4, 8, 33, 219}},
		{"rules=bell", []uint64{4, 5, 6, 12}},
	} {
		got := make([]uint64, len(tc.want))
		var walk func(st rules.State, d int)
		walk = func(st rules.State, d int) {
			for _, m := range st.LegalMoves(nil) {
				got[d]++
				if d+1 < len(got) {
					c := st.Clone()
					c.Apply(m)
					walk(c, d+1)
				}
			}
		}
		walk(start(t, tc.opts), 0)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %v, want %v", tc.opts, got, tc.want)
		}
	}
}

// TestNoReturn checks Bell's per-piece rule against stepping back to the point just left.
func TestNoReturn(t *testing.T) {
	const open = `
		. . . . B
		. . . . .
		. W . . .
		. . . . .
		W . . . .`
	for _, tc := range []struct {
		name, diagram string
		moves         []string
		allowed       []string
		banned        []string
	}{
		{"a sideways step cannot be undone at once", open, []string{"b3-c3", "e5-d5"},
			[]string{"c3-d3", "c3-c4"}, []string{"c3-b3"}},
		{"the memory lasts while other pieces move", open, []string{"b3-c3", "e5-d5", "a1-a2", "d5-c5"},
			[]string{"c3-d3"}, []string{"c3-b3"}},
		{"a new step replaces the memory", open, []string{"b3-c3", "e5-d5", "c3-d3", "d5-c5"},
			[]string{"d3-e3"}, []string{"d3-c3"}},
		{"a forward step leaves no sideways memory", open, []string{"b3-b4", "e5-d5"},
			[]string{"b4-a4", "b4-c4"}, nil},
		{"another piece may enter the point left", open, []string{"b3-c3", "e5-d5", "a1-b2", "d5-c5"},
			[]string{"b2-b3"}, nil},
		{"a capture clears the memory", `
			. . . . B
			. . . . .
			. W . . B
			. . . . .
			W . . . .`, []string{"b3-c3", "e3-d3", "c3xe3", "e5-d5"},
			[]string{"e3-d3"}, nil},
		{"after a capture the piece may re-enter the point it stepped from", `
			. . . . B
			. . . . .
			B W . . .
			. . . . .
			W . . . .`, []string{"b3-c3", "a3-b3", "c3xa3", "e5-d5"},
			[]string{"a3-b3"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := position(t, "bell", tc.diagram, 0)
			play(t, st, tc.moves...)
			legal := moveTexts(st)
			for _, m := range tc.allowed {
				if !slices.Contains(legal, m) {
					t.Errorf("%s should be legal: %v\n%s", m, legal, rules.Text(st))
				}
			}
			for _, m := range tc.banned {
				if slices.Contains(legal, m) {
					t.Errorf("%s should be illegal: %v\n%s", m, legal, rules.Text(st))
				}
			}
		})
	}
}

// TestEndings checks every way a game ends, under both rule sets.
func TestEndings(t *testing.T) {
	for _, tc := range []struct {
		name, rules, diagram string
		toMove               rules.Player
		moves                []string
		winner               rules.Player
		reason               string
	}{
		{"capturing the last piece wins", "simple", `
			. . . . .
			. . . . .
			. . . . .
			B . . . .
			W . . . W`, 0, []string{"a1xa3"}, 0, "captured-all"},
		{"Bell: capturing the last piece wins", "bell", `
			. . . . .
			. . . . .
			. . B . .
			. . W . .
			. . . . .`, 0, []string{"c2xc4"}, 0, "captured-all"},
		{"simple: a blocked player with as many pieces draws", "simple", `
			. . B . .
			B B . B B
			B B B B B
			W W W W W
			W W W W W`, 1, []string{"c5-c4"}, rules.NoPlayer, "blocked"},
		{"simple: a blocked player with fewer pieces loses", "simple", `
			. . B . B
			B B . B B
			B B B B B
			W W W W W
			W W W W W`, 1, []string{"c5-c4"}, 1, "blocked"},
		{"simple: a blocked player with more pieces wins", "simple", `
			. . B . B
			B B W B B
			B B B W B
			W W W W W
			W W W W W`, 1, []string{"e5-d5"}, 0, "blocked"},
		{"Bell: a player without a move loses", "bell", `
			. W . . .
			. . . . .
			. . . . B
			. . . . .
			. . . . .`, 1, []string{"e3-e2"}, 1, "no-moves"},
		{"Bell: a player whose pieces are all frozen loses, even with more pieces", "bell", `
			W W W . .
			. . . . .
			. . . . B
			. . . . .
			. . . . .`, 1, []string{"e3-e2"}, 1, "no-moves"},
		{"simple: third occurrence of a position, equal pieces, is a draw", "simple", `
			. . . . B
			. . . . .
			. . . . .
			. . . . .
			W . . . .`, 0, []string{"a1-a2", "e5-e4", "a2-a1", "e4-e5", "a1-a2", "e5-e4", "a2-a1", "e4-e5"},
			rules.NoPlayer, "repetition"},
		{"simple: third occurrence of a position, judged by captures", "simple", `
			. . . . B
			. . . . .
			. . . . .
			. . . . .
			W . . . W`, 0, []string{"a1-a2", "e5-e4", "a2-a1", "e4-e5", "a1-a2", "e5-e4", "a2-a1", "e4-e5"},
			0, "repetition"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := position(t, tc.rules, tc.diagram, tc.toMove)
			for i, text := range tc.moves {
				if _, over := st.Outcome(); over {
					t.Fatalf("over before move %d\n%s", i, rules.Text(st))
				}
				play(t, st, text)
			}
			o, over := st.Outcome()
			if !over || o.Winner != tc.winner || o.Reason != tc.reason {
				t.Errorf("got %+v (over %v), want winner %d by %s\n%s", o, over, tc.winner, tc.reason, rules.Text(st))
			}
			if st.ToMove() != rules.NoPlayer || len(st.LegalMoves(nil)) != 0 {
				t.Errorf("finished game still offers moves")
			}
			// A game decided by the count shows each side's captures, twelve less the
			// pieces the opponent has left.
			counted := tc.reason == "blocked" || tc.reason == "repetition"
			left := func(p rules.Player) int16 {
				n := int16(0)
				for site := range st.Board().Len() {
					for _, pc := range st.Pieces(board.Site(site), nil) {
						if pc.Owner == p {
							n++
						}
					}
				}
				return n
			}
			if o.Scored != counted || counted && o.Score != [2]int16{12 - left(1), 12 - left(0)} {
				t.Errorf("score %v (scored %v), want scored %v", o.Score, o.Scored, counted)
			}
		})
	}
}

// TestQuietTurns walks one White piece round rows 1-2 (a cycle of 10 steps) and one Black
// piece round rows 4-5 (a cycle of 9), so no position recurs within 90 rounds, and checks
// that the fiftieth turn without a capture ends the game under the simple rules, counted
// afresh after a capture.
func TestQuietTurns(t *testing.T) {
	whiteTour := strings.Fields("a1 b1 c1 d1 e1 e2 d2 c2 b2 a2")
	blackTour := strings.Fields("a5 b5 c5 d5 e5 e4 d4 c4 b4")
	for _, tc := range []struct {
		name    string
		capture bool
		want    rules.Outcome
	}{
		// Two pieces each: a draw.
		{"fifty quiet turns end the game", false, rules.Scores("no-captures", 10, 10)},
		// White's opening capture leaves two against one.
		{"a capture restarts the count", true, rules.Scores("no-captures", 11, 10)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := position(t, "simple", `
				B . . . .
				. . . . .
				. . B W .
				. . . . .
				W . . . .`, 0)
			if tc.capture {
				play(t, st, "d3xb3")
			}
			var steps [2]int
			for turn := 1; turn <= quietLimit; turn++ {
				if _, over := st.Outcome(); over {
					t.Fatalf("over after %d quiet turns\n%s", turn-1, rules.Text(st))
				}
				tour := whiteTour
				if st.ToMove() == 1 {
					tour = blackTour
				}
				i := &steps[st.ToMove()]
				play(t, st, tour[*i%len(tour)]+"-"+tour[(*i+1)%len(tour)])
				*i++
			}
			if o, over := st.Outcome(); !over || o != tc.want {
				t.Errorf("after %d quiet turns: %+v, over %v, want %+v\n%s", quietLimit, o, over, tc.want, rules.Text(st))
			}
		})
	}
}

func TestConformance(t *testing.T) {
	for _, p := range presets {
		t.Run(p.name, func(t *testing.T) {
			rulestest.Conformance(t, spec(t, p.opts))
		})
	}
}

// perftDepth keeps the golden and the independent perft well under the time budget.
var perftDepth = map[string]int{"simple": 6, "bell": 10}

func TestPerft(t *testing.T) {
	for _, p := range presets {
		t.Run(p.name, func(t *testing.T) {
			rulestest.Perft(t, spec(t, p.opts), p.name, perftDepth[p.name])
		})
	}
}

// TestPerftIndependent compares rules.Perft with the naive implementation's count.
func TestPerftIndependent(t *testing.T) {
	for _, p := range presets {
		t.Run(p.name, func(t *testing.T) {
			depth := perftDepth[p.name]
			got := rules.Perft(start(t, p.opts), depth)
			want := naivePerft(naiveStart(p.name == "bell"), depth)
			if !slices.Equal(got, want) {
				t.Errorf("rules.Perft %v, naive %v", got, want)
			}
		})
	}
}

// TestAgainstNaive plays seeded random games with both implementations side by side and
// compares the legal moves and the outcome after every turn.
func TestAgainstNaive(t *testing.T) {
	for _, p := range presets {
		for seed := uint64(1); seed <= 50; seed++ {
			compareWithNaive(t, p.opts, seed)
		}
	}
}

func compareWithNaive(t *testing.T, opts string, seed uint64) {
	t.Helper()
	st := start(t, opts)
	n := naiveStart(st.v.bell)
	rng := rand.New(rand.NewPCG(seed, 7))
	for turn := 0; ; turn++ {
		got := moveTexts(st)
		var want []string
		for _, m := range n.moves() {
			want = append(want, m.text())
		}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s seed %d turn %d: moves %v, naive %v\n%s", opts, seed, turn, got, want, rules.Text(st))
		}
		o, over := st.Outcome()
		if over != n.over {
			t.Fatalf("%s seed %d turn %d: over %v, naive %v", opts, seed, turn, over, n.over)
		}
		if over {
			w := "-"
			if o.Winner != rules.NoPlayer {
				w = string("WB"[o.Winner])
			}
			if o.Reason != n.reason || w != string(n.winner) {
				t.Fatalf("%s seed %d: outcome %+v, naive %c %s", opts, seed, o, n.winner, n.reason)
			}
			return
		}
		i := rng.IntN(len(got))
		play(t, st, got[i])
		for _, m := range n.moves() {
			if m.text() == got[i] {
				n.play(m)
				break
			}
		}
	}
}

func TestKeyAndHash(t *testing.T) {
	const two = `
		. . . . B
		. . . . .
		. . . . .
		. . . . .
		W . . . .`
	const loop = `
		. . . . B
		. . . . .
		. B . . .
		B . B . .
		W B . . .`
	for _, tc := range []struct {
		name, rules, diagram string
		a, b                 []string
		sameHash, sameKey    bool
	}{
		{"same position by another route: same hash, other history", "simple", two,
			[]string{"a1-a2", "e5-e4", "a2-b2", "e4-d4"}, []string{"a1-b2", "e5-d4"}, true, false},
		{"two capture loops that end alike are the same state", "simple", loop,
			[]string{"a1xc1xc3xa3xa1"}, []string{"a1xa3xc3xc1xa1"}, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := position(t, tc.rules, tc.diagram, 0)
			b := position(t, tc.rules, tc.diagram, 0)
			play(t, a, tc.a...)
			play(t, b, tc.b...)
			if a.pieces != b.pieces || a.Turn != b.Turn {
				t.Fatalf("routes reach different boards\n%s\n%s", rules.Text(a), rules.Text(b))
			}
			if (a.Hash() == b.Hash()) != tc.sameHash {
				t.Errorf("hashes equal: %v, want %v", a.Hash() == b.Hash(), tc.sameHash)
			}
			if bytes.Equal(a.AppendKey(nil), b.AppendKey(nil)) != tc.sameKey {
				t.Errorf("keys equal: %v, want %v", !tc.sameKey, tc.sameKey)
			}
		})
	}
}

// TestMemoryInKey compares positions reached by play with the same pieces set up afresh,
// which carry no no-return memory: they must be equal exactly when no memory is left.
func TestMemoryInKey(t *testing.T) {
	const from = `
		. . . . B
		. . . . .
		W . . . .
		. . . . .
		. . . . .`
	for _, tc := range []struct {
		name  string
		moves []string
		fresh string
		same  bool
	}{
		{"a sideways step leaves a memory", []string{"a3-b3", "e5-d4"}, `
			. . . . .
			. . . B .
			. W . . .
			. . . . .
			. . . . .`, false},
		{"a diagonal step leaves none", []string{"a3-b4", "e5-d4"}, `
			. . . . .
			. W . B .
			. . . . .
			. . . . .
			. . . . .`, true},
		{"a forward step wipes an earlier sideways memory", []string{"a3-b3", "e5-d4", "b3-b4", "d4-d3"}, `
			. . . . .
			. W . . .
			. . . B .
			. . . . .
			. . . . .`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			played := position(t, "bell", from, 0)
			play(t, played, tc.moves...)
			fresh := position(t, "bell", tc.fresh, 0)
			if played.pieces != fresh.pieces {
				t.Fatalf("different boards\n%s\n%s", rules.Text(played), rules.Text(fresh))
			}
			if same := played.Hash() == fresh.Hash(); same != tc.same {
				t.Errorf("hashes equal: %v, want %v", same, tc.same)
			}
			if same := bytes.Equal(played.AppendKey(nil), fresh.AppendKey(nil)); same != tc.same {
				t.Errorf("keys equal: %v, want %v", same, tc.same)
			}
		})
	}
}

// TestPlayoutDoesNotAllocate plays whole random games into a buffer large enough for any
// position met (simple-rule positions with many branching chains can exceed 500 moves).
func TestPlayoutDoesNotAllocate(t *testing.T) {
	for _, p := range presets {
		first := start(t, p.opts)
		st := first.Clone().(*State)
		rng := rand.New(rand.NewPCG(1, 2))
		buf := make([]rules.Move, 0, 4096)
		allocs := testing.AllocsPerRun(50, func() {
			st.CopyFrom(first)
			for {
				buf = st.LegalMoves(buf[:0])
				if len(buf) == 0 {
					return
				}
				st.Apply(buf[rng.IntN(len(buf))])
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per playout", p.name, allocs)
		}
	}
}

// TestRepetitionCounts reads the history back from its key on every position of random
// games and checks that Count, which its filter lets skip the scan, gives every remembered
// position its number of occurrences, the current one included; enough positions occur
// twice for a missed third occurrence to show.
func TestRepetitionCounts(t *testing.T) {
	positions, twice := 0, 0
	for seed := uint64(1); seed <= 60; seed++ {
		rulestest.WalkRandomGame(t, start(t, ""), seed, func(s *State) {
			// The history's key is its length in two bytes, then each hash in eight.
			key := s.hist.AppendKey(nil)
			count := map[uint64]int{}
			for i := 2; i+8 <= len(key); i += 8 {
				count[binary.LittleEndian.Uint64(key[i:])]++
			}
			if len(count) == 0 || len(key) != 2+8*s.hist.Len() || count[s.Zobrist] == 0 {
				t.Fatalf("history key of %d bytes for %d positions, current position %d times", len(key), s.hist.Len(), count[s.Zobrist])
			}
			for h, n := range count {
				if got := s.hist.Count(h); got != n {
					t.Fatalf("position %016x remembered %d times, counted %d\n%s", h, n, got, rules.Text(s))
				}
				if n >= 2 {
					twice++
				}
			}
			positions++
		})
	}
	if twice < 100 {
		t.Errorf("only %d positions remembered twice among %d checked", twice, positions)
	}
}
