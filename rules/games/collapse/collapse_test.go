package collapse

import (
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func start(t testing.TB) *State { return rulestest.Start[*State](t, Game, "") }

// position builds a position from a diagram, rank 5 first, with W, B and . for the points,
// and the player to move.
func position(t *testing.T, diagram string, toMove rules.Player) *State {
	t.Helper()
	rows := strings.Fields(diagram)
	if len(rows) != height {
		t.Fatalf("diagram has %d rows", len(rows))
	}
	s := &State{Status: rules.Status{Turn: toMove, Winner: rules.NoPlayer}}
	for i, row := range rows {
		if len(row) != width {
			t.Fatalf("row %q is not %d points", row, width)
		}
		for c, ch := range row {
			site := (height-1-i)*width + c
			switch ch {
			case 'W':
				s.pieces[0] |= 1 << site
			case 'B':
				s.pieces[1] |= 1 << site
			}
		}
	}
	s.Zobrist = s.ComputeHash()
	s.checkEnd()
	return s
}

func texts(s *State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, rules.FormatMove(s, m))
	}
	slices.Sort(out)
	return out
}

func TestInitialPosition(t *testing.T) {
	s := start(t)
	want := position(t, `
		BWBWBWBWB
		W.......W
		.........
		B.......B
		WBWBWBWBW`, 0)
	if s.pieces != want.pieces || s.Turn != 0 || s.Over {
		t.Fatalf("start:\n%s", rules.Text(s))
	}
	for p := range 2 {
		if n := len(bitsOf(s.pieces[p])); n != pieces {
			t.Errorf("player %d has %d pieces, want %d", p, n, pieces)
		}
	}
}

func bitsOf(m uint64) []int {
	var out []int
	for ; m != 0; m &= m - 1 {
		out = append(out, int(m&-m))
	}
	return out
}

// TestOpeningMoves checks the fifteen first moves listed when the rules were settled, each
// with the piece it takes.
func TestOpeningMoves(t *testing.T) {
	want := map[string]string{
		"a1-d4": "e5", "c1-c4": "c5", "c1-f4": "g5", "e1-e4": "e5", "e1-h4": "i5", "e1-b4": "a5",
		"g1-g4": "g5", "g1-d4": "c5", "i1-f4": "e5", "a4-a3": "a2", "i4-i3": "i2",
		"b5-b2": "b1", "d5-d2": "d1", "f5-f2": "f1", "h5-h2": "h1",
	}
	s := start(t)
	moves := s.LegalMoves(nil)
	if len(moves) != len(want) {
		t.Errorf("%d opening moves, want %d: %v", len(moves), len(want), texts(s))
	}
	for _, m := range moves {
		text := rules.FormatMove(s, m)
		victim, ok := want[text]
		if !ok {
			t.Errorf("unexpected opening move %s", text)
			continue
		}
		if got := s.Captures(m, nil); len(got) != 1 || topology.Label(got[0]) != victim {
			t.Errorf("%s takes %v, want %s", text, got, victim)
		}
	}
}

// TestSlides covers each clause of a move, from the rulebook's figure and Koma's readings:
// the slide stops before the enemy it takes, crosses at least one point, never passes a
// piece, and a line ending at a friend or the edge gives nothing.
func TestSlides(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		from    string
		want    []string // every legal slide of the piece on from
	}{
		{"the rulebook's figure: g1 slides up-left and takes c5 from d4", `
			..B......
			.........
			.........
			.........
			......W..`, "g1", []string{"g1-d4"}},
		{"an enemy right beside cannot be taken that way", `
			.........
			.........
			.........
			.........
			WB......B`, "a1", nil},
		{"a friendly piece ends the line", `
			B........
			.........
			W........
			.........
			W.......W`, "a1", nil},
		{"the edge ends the line", `
			.........
			.........
			.........
			.........
			....W....`, "e1", nil},
		{"weak points have no diagonals", `
			...B.....
			.........
			.B.......
			.........
			.W.......`, "b1", []string{"b1-b2"}},
		{"several directions at once", `
			B...B...B
			.........
			.........
			.........
			B...W...B`, "e1", []string{"e1-b4", "e1-b1", "e1-e4", "e1-h4", "e1-h1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.diagram, 0)
			from, err := topology.Parse(tc.from)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range s.LegalMoves(nil) {
				if m.Path[0] == from {
					got = append(got, rules.FormatMove(s, m))
				}
			}
			slices.Sort(got)
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("slides of %s: %v, want %v\n%s", tc.from, got, want, rules.Text(s))
			}
		})
	}
}

func TestApplyTakesOnePiece(t *testing.T) {
	s := position(t, `
		..B.....B
		.........
		.........
		.........
		B.....W..`, 0)
	rulestest.Play(t, s, "g1-d4")
	want := position(t, `
		........B
		...W.....
		.........
		.........
		B........`, 1)
	if s.pieces != want.pieces || s.Turn != 1 {
		t.Errorf("after g1-d4:\n%s", rules.Text(s))
	}
	if s.Zobrist != s.ComputeHash() {
		t.Error("the incremental hash differs from a recomputed one")
	}
}

// TestEnd: a player who cannot capture at the start of the turn loses, with or without
// pieces left.
func TestEnd(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		toMove  rules.Player
		over    bool
		winner  rules.Player
	}{
		{"Black has pieces but no capture", `
			B........
			B........
			.........
			.........
			........W`, 1, true, 0},
		{"White has no pieces", `
			B........
			.........
			.........
			.........
			.........`, 0, true, 1},
		{"a capture is left", `
			B........
			.........
			.........
			.........
			W........`, 1, false, rules.NoPlayer},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.diagram, tc.toMove)
			o, over := s.Outcome()
			if over != tc.over || over && (o.Winner != tc.winner || o.Reason != reasonNoCapture) {
				t.Errorf("outcome %+v, over %v; want over %v, winner %d", o, over, tc.over, tc.winner)
			}
			if over != (len(s.LegalMoves(nil)) == 0) {
				t.Error("legal moves exist exactly while the game is in progress")
			}
		})
	}
}

// TestGamesAreShort: every turn takes a piece, so no game outlasts 21 turns.
func TestGamesAreShort(t *testing.T) {
	for seed := uint64(1); seed <= 200; seed++ {
		turns := 0
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if !s.Over {
				turns++
			}
		})
		if turns > Game.MaxTurns {
			t.Fatalf("seed %d: %d turns", seed, turns)
		}
	}
}

func TestWhyNot(t *testing.T) {
	s := position(t, `
		..B.....B
		.........
		.........
		W...W....
		WB....W..`, 0)
	tests := []struct {
		path []string
		want string
	}{
		{[]string{"g1", "d4"}, ""},
		{[]string{"a1", "b1"}, "adjacent"},
		{[]string{"g1", "c5"}, "land-before"},
		{[]string{"g1", "e3"}, "must-stop"},
		{[]string{"g1", "g5"}, "no-target"},
		{[]string{"a2", "f2"}, "blocked"},
		{[]string{"a2", "e2"}, ""},
		{[]string{"g1", "h3"}, "not-a-line"},
		{[]string{"a2"}, "stuck"},
		{[]string{"e2", "b2"}, "own-piece"},
	}
	for _, tc := range tests {
		var path []board.Site
		for _, l := range tc.path {
			site, err := topology.Parse(l)
			if err != nil {
				t.Fatal(err)
			}
			path = append(path, site)
		}
		if got := s.WhyNot(path); got != tc.want {
			t.Errorf("WhyNot(%v) = %q, want %q", tc.path, got, tc.want)
		}
	}
}

func TestPerft(t *testing.T) {
	rulestest.Perft(t, rulestest.Spec(t, Game, ""), "collapse", 5)
}

// TestIndependentPerft checks the figures computed independently when the rules were
// settled.
func TestIndependentPerft(t *testing.T) {
	if got, want := rules.Perft(start(t), 4), []uint64{15, 196, 2360, 26738}; !slices.Equal(got, want) {
		t.Errorf("perft %v, want %v", got, want)
	}
}

func TestRandomMoveAgrees(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			rulestest.RandomMoveAgrees(t, s, seed)
		})
	}
}

func TestPlayoutsDoNotAllocate(t *testing.T) { rulestest.PlayoutsDoNotAllocate(t, start(t)) }

func TestEvaluate(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if s.Over {
				return
			}
			a, b := s.Evaluate(0), s.Evaluate(1)
			if a <= -1 || a >= 1 || a != -b {
				t.Fatalf("Evaluate %v and %v\n%s", a, b, rules.Text(s))
			}
			// The side with more captures available is ahead.
			if w, k := s.countMoves(0), s.countMoves(1); (w > k) != (a > 0) || (w == k) != (a == 0) {
				t.Fatalf("White has %d captures and Black %d, but White's evaluation is %v", w, k, a)
			}
		})
	}
	if v := start(t).Evaluate(0); v != 0 {
		t.Errorf("the symmetric start evaluates to %v", v)
	}
}

func TestCapturesAreEnemies(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			rulestest.CapturesAreEnemies(t, s)
		})
	}
}
