package sight

import (
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

// position builds a position from a diagram, rank 5 first, one token per point: "." for
// an empty point, W or B for a lone piece, and W3 or B2 for a stack of that height.
func position(t testing.TB, diagram string, toMove rules.Player, movable bool) *State {
	t.Helper()
	rows := strings.Split(strings.TrimSpace(diagram), "\n")
	if len(rows) != size {
		t.Fatalf("diagram has %d rows", len(rows))
	}
	s := &State{Status: rules.Status{Turn: toMove, Winner: rules.NoPlayer}, movable: movable}
	for i, row := range rows {
		tokens := strings.Fields(row)
		if len(tokens) != size {
			t.Fatalf("row %q is not %d points", row, size)
		}
		for c, tok := range tokens {
			if tok == "." {
				continue
			}
			site := (size-1-i)*size + c
			p := strings.IndexByte("WB", tok[0])
			h := 1
			if len(tok) > 1 {
				var err error
				if h, err = strconv.Atoi(tok[1:]); err != nil {
					t.Fatalf("bad token %q", tok)
				}
			}
			if p < 0 || h < 1 {
				t.Fatalf("bad token %q", tok)
			}
			s.own[p] |= 1 << site
			s.height[site] = uint8(h)
		}
	}
	s.Zobrist = s.ComputeHash()
	s.checkEnd()
	return s
}

func site(t testing.TB, label string) board.Site {
	t.Helper()
	s, err := topology.Parse(label)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func texts(s *State) []string {
	out := rulestest.MoveTexts(s)
	slices.Sort(out)
	return out
}

func TestInitialPosition(t *testing.T) {
	s := start(t)
	if s.own != [2]uint32{} || s.Turn != 0 || s.Over {
		t.Fatalf("start:\n%s", s)
	}
	moves := s.LegalMoves(nil)
	if len(moves) != numSites {
		t.Fatalf("%d opening moves, want a placement on each of the %d points", len(moves), numSites)
	}
	for _, m := range moves {
		if m.Kind != rules.Place {
			t.Errorf("opening move %s is not a placement", rules.FormatMove(s, m))
		}
	}
	if s.Prompt() != "place" {
		t.Errorf("prompt %q, want place", s.Prompt())
	}
}

// TestWorkedExample plays the example of the package comment: the third piece sees a1
// across the empty b2, a1 becomes a white stack of two, and White must move it next turn.
func TestWorkedExample(t *testing.T) {
	s := start(t)
	rulestest.Play(t, s, "@a1", "@e5", "@c3")
	want := position(t, `
		. . . . B
		. . . . .
		. . W . .
		. . . . .
		W2 . . . .`, 1, false)
	if s.own != want.own || s.height != want.height {
		t.Fatalf("after @a1 @e5 @c3:\n%s", s)
	}
	rulestest.Play(t, s, "@a5")
	for _, m := range s.LegalMoves(nil) {
		if m.Kind != rules.Step || m.Path[0] != site(t, "a1") {
			t.Errorf("White may only move from a1, not %s", rules.FormatMove(s, m))
		}
	}
	if got, want := texts(s), []string{"a1-a2", "a1-b1", "a1-b2"}; !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	if s.Prompt() != "move-tallest" {
		t.Errorf("prompt %q, want move-tallest", s.Prompt())
	}
}

// TestSight checks which points a piece sees, from the rulebook's definition: the first
// occupied point along each drawn line, diagonals only from strong points.
func TestSight(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		from    string
		want    []string
	}{
		{"across empty points and diagonally from a strong point", `
			. . . . .
			. . . . .
			. . W . .
			. . . . .
			W . W . .`, "c3", []string{"a1", "c1"}},
		{"a weak point has no diagonals", `
			. . . . .
			. . . . .
			. W . . .
			. . . . .
			. . . . .`, "c2", nil},
		{"any piece hides what lies beyond it", `
			. . . . .
			. . . . .
			W B . . W
			. . . . .
			. . . . .`, "e3", []string{"b3"}},
		{"height does not matter, colour neither", `
			W . . . .
			. B3 . . .
			. . . . .
			. . . . .
			. . . . W2`, "c3", []string{"b4", "e1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.diagram, 0, false)
			from := site(t, tc.from)
			var got []string
			for m := seen(int(from), s.own[0]|s.own[1]); m != 0; m &= m - 1 {
				got = append(got, topology.Label(board.Site(trailing(m))))
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s sees %v, want %v", tc.from, got, tc.want)
			}
		})
	}
}

func trailing(m uint32) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}

// TestMoves covers each clause of a turn: placing grows the friendly pieces the new piece
// sees, and only those; a player with a stack must step the top piece of a tallest stack
// to an adjacent empty point; the stack it left loses a piece and never grows.
func TestMoves(t *testing.T) {
	tests := []struct {
		name     string
		diagram  string
		movable  bool
		move     string
		want     string // the position after the move, Black to move
		forbids  []string
		onlyFrom []string
	}{
		{"a placement grows every friendly piece it sees, not enemies, not the piece itself", `
			W . . . W
			. . . . .
			. . . . B
			. . . . .
			W . W . .`, false, "@c3", `
			W2 . . . W2
			. . . . .
			. . W . B
			. . . . .
			W2 . W2 . .`, nil, nil},
		{"only the first piece along a line grows", `
			. . . . .
			. . . . .
			W W . . .
			. . . . .
			. . . . .`, false, "@e3", `
			. . . . .
			. . . . .
			W W2 . . W
			. . . . .
			. . . . .`, nil, nil},
		{"a step moves the top piece; the stack it left does not grow", `
			. . . . .
			. . . . .
			. . . . .
			. . . . .
			W3 . . . .`, false, "a1-b2", `
			. . . . .
			. . . . .
			. . . . .
			. W . . .
			W2 . . . .`, []string{"@c3"}, []string{"a1"}},
		{"the moved piece grows the friendly piles it sees", `
			. . . . .
			. . . W .
			. . . . .
			. . . . .
			W2 . . . W`, false, "a1-b2", `
			. . . . .
			. . . W2 .
			. . . . .
			. W . . .
			W . . . W`, nil, []string{"a1"}},
		{"only a tallest stack moves", `
			. . . . .
			. . . . W2
			. . . . .
			. . . . .
			W3 . . . W3`, false, "e1-d2", `
			. . . . .
			. . . . W2
			. . . . .
			. . . W .
			W3 . . . W2`, nil, []string{"a1", "e1"}},
		{"with the movable option the tallest stack that can step moves", `
			. . . . .
			. . . . .
			B B . . .
			W3 B . . W2
			B B . . .`, true, "e2-d2", `
			. . . . .
			. . . . .
			B B . . .
			W3 B . W W
			B B . . .`, nil, []string{"e2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.diagram, 0, tc.movable)
			for _, m := range s.LegalMoves(nil) {
				if m.Kind == rules.Step && len(tc.onlyFrom) > 0 && !slices.Contains(tc.onlyFrom, topology.Label(m.Path[0])) {
					t.Errorf("%s is legal, but only %v may move", rules.FormatMove(s, m), tc.onlyFrom)
				}
			}
			for _, f := range tc.forbids {
				if _, err := rules.ParseMove(s, f); err == nil {
					t.Errorf("%s is legal", f)
				}
			}
			rulestest.Play(t, s, tc.move)
			want := position(t, tc.want, 1, tc.movable)
			if s.own != want.own || s.height != want.height || s.Turn != 1 {
				t.Errorf("after %s:\n%s\nwant:\n%s", tc.move, s, want)
			}
			if s.Zobrist != s.ComputeHash() {
				t.Error("the incremental hash differs from a recomputed one")
			}
		})
	}
}

// TestEnd: a player without a legal move loses: a full board, or stacks boxed in. Under
// the strict priority a boxed-in tallest stack loses even when a smaller one could move.
func TestEnd(t *testing.T) {
	full := `
		W B W B W
		B W B W B
		W B W B W
		B W B W B
		W B W B W`
	boxed := `
		. . . . .
		. . . . .
		B B . . .
		W3 B . . W2
		B B . . .`
	tests := []struct {
		name    string
		diagram string
		toMove  rules.Player
		movable bool
		over    bool
		winner  rules.Player
	}{
		{"Black faces a full board", full, 1, false, true, 0},
		{"a boxed-in tallest stack loses under the strict priority", boxed, 0, false, true, 1},
		{"but not under the movable option", boxed, 0, true, false, rules.NoPlayer},
		{"a placement is left", `
			. B W B W
			B W B W B
			W B W B W
			B W B W B
			W B W B W`, 1, false, false, rules.NoPlayer},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.diagram, tc.toMove, tc.movable)
			o, over := s.Outcome()
			if over != tc.over || over && (o.Winner != tc.winner || o.Reason != reasonNoMoves) {
				t.Errorf("outcome %+v, over %v; want over %v, winner %d", o, over, tc.over, tc.winner)
			}
			if over != (len(s.LegalMoves(nil)) == 0) {
				t.Error("legal moves exist exactly while the game is in progress")
			}
		})
	}
}

// TestEveryTurnFillsAPoint: each turn fills one empty point, so no game outlasts 25 turns,
// and stacks never mix colours.
func TestEveryTurnFillsAPoint(t *testing.T) {
	for _, opts := range Game.Presets {
		for seed := uint64(1); seed <= 100; seed++ {
			s := rulestest.Start[*State](t, Game, opts)
			empty := numSites
			rulestest.WalkRandomGame(t, s, seed, func(s *State) {
				if n := numSites - popcount(s.own[0]|s.own[1]); n != empty {
					t.Fatalf("seed %d: %d empty points, want %d", seed, n, empty)
				}
				empty--
				if s.own[0]&s.own[1] != 0 {
					t.Fatal("a point is owned by both players")
				}
			})
		}
	}
}

func popcount(m uint32) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

func TestWhyNot(t *testing.T) {
	s := position(t, `
		. . . . B
		. . . . .
		W W3 . . .
		B B W2 . .
		W3 B . . .`, 0, false)
	placing := position(t, `
		. . . . B
		. . . . .
		. . . . .
		. . . . .
		W . . . .`, 0, false)
	tests := []struct {
		s    *State
		path []string
		want string
	}{
		{placing, []string{"a1"}, "occupied"},
		{placing, []string{"e5"}, "occupied"},
		{placing, []string{"c3"}, ""},
		{s, []string{"c3"}, "must-move"},
		{s, []string{"e5"}, "not-yours"},
		{s, []string{"a3"}, "single"},
		{s, []string{"c2"}, "not-tallest"},
		{s, []string{"a1"}, "boxed-in"},
		{s, []string{"b3"}, ""},
		{s, []string{"b3", "d3"}, "not-a-line"},
		{s, []string{"b3", "a3"}, "occupied"},
		{s, []string{"b3", "c3"}, ""},
	}
	for _, tc := range tests {
		var path []board.Site
		for _, l := range tc.path {
			path = append(path, site(t, l))
		}
		if got := tc.s.WhyNot(path); got != tc.want {
			t.Errorf("WhyNot(%v) = %q, want %q", tc.path, got, tc.want)
		}
		legal := slices.ContainsFunc(tc.s.LegalMoves(nil), func(m rules.Move) bool { return slices.Equal(m.Sites()[:min(len(path), int(m.Len))], path) })
		if legal != (tc.want == "") {
			t.Errorf("WhyNot(%v) = %q, but a legal move starting there exists: %v", tc.path, tc.want, legal)
		}
	}
}

func TestPerft(t *testing.T) {
	rulestest.Perft(t, rulestest.Spec(t, Game, ""), "sight", 5)
	rulestest.Perft(t, rulestest.Spec(t, Game, "priority=movable"), "sight-movable", 5)
}

// TestIndependentPerft checks the figures computed independently when the rules were
// settled.
func TestIndependentPerft(t *testing.T) {
	if got, want := rules.Perft(start(t), 5), []uint64{25, 600, 13800, 303600, 4205376}; !slices.Equal(got, want) {
		t.Errorf("perft %v, want %v", got, want)
	}
}

func TestPlayoutsDoNotAllocate(t *testing.T) { rulestest.PlayoutsDoNotAllocate(t, start(t)) }

func TestRandomMoveAgrees(t *testing.T) {
	for _, opts := range Game.Presets {
		for seed := uint64(1); seed <= 40; seed++ {
			rulestest.WalkRandomGame(t, startWith(t, opts), seed, func(s *State) {
				rulestest.RandomMoveAgrees(t, s, seed)
			})
		}
	}
}

func TestEvaluate(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if s.Over {
				return
			}
			a, b := s.Evaluate(0), s.Evaluate(1)
			if a <= -1 || a >= 1 || a != -b {
				t.Fatalf("Evaluate %v and %v\n%s", a, b, s)
			}
			if w, k := s.mobility(0), s.mobility(1); (w > k) != (a > 0) {
				t.Fatalf("White has %d moves and Black %d, but White's evaluation is %v", w, k, a)
			}
		})
	}
}

func BenchmarkPlayout(b *testing.B) { rulestest.BenchPlayout(b, start(b)) }

// TestPlayoutTakesTheBlock: a playout takes the placement that boxes in the opponent's
// only stack, whatever the random draw.
func TestPlayoutTakesTheBlock(t *testing.T) {
	s := position(t, `
		. . . . .
		. . . . .
		. . . . .
		W3 B . . .
		B . . . .`, 1, false)
	moves := s.LegalMoves(nil)
	for seed := uint64(1); seed <= 20; seed++ {
		i := s.PlayoutMove(moves, rand.New(rand.NewPCG(seed, 1)))
		if got := rules.FormatMove(s, moves[i]); got != "@a3" {
			t.Fatalf("seed %d: the playout plays %s, not the block @a3", seed, got)
		}
	}
}
