package foxhounds

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func TestInitialPosition(t *testing.T) {
	tests := []struct {
		options, fox string
	}{{"", "e1"}, {"fox=e1", "e1"}, {"fox=a1", "a1"}, {"fox=c1", "c1"}, {"fox=g1", "g1"}, {"fox=choose", ""}}
	for _, tc := range tests {
		s := start(t, tc.options)
		b := s.Board()
		if b.Width() != 8 || b.Height() != 8 {
			t.Errorf("%q: board %d×%d", tc.options, b.Width(), b.Height())
		}
		for site := board.Site(0); int(site) < b.Len(); site++ {
			var want []rules.Piece
			switch label := b.Label(site); {
			case label == "b8" || label == "d8" || label == "f8" || label == "h8":
				want = []rules.Piece{{Owner: hounds}}
			case label == tc.fox:
				want = []rules.Piece{{Owner: fox}}
			}
			if got := s.Pieces(site, nil); !slices.Equal(got, want) {
				t.Errorf("%q: %s holds %v, want %v", tc.options, b.Label(site), got, want)
			}
		}
		if s.ToMove() != fox {
			t.Errorf("%q: player %d to move, want the fox", tc.options, s.ToMove())
		}
		if _, over := s.Outcome(); over {
			t.Errorf("%q: over at the start", tc.options)
		}
	}
	if Game.Sides[fox].Role != "fox" || Game.Sides[hounds].Role != "hounds" ||
		Game.Sides[fox].Colour != rules.White || Game.Sides[hounds].Colour != rules.Black {
		t.Errorf("seats %+v", Game.Sides)
	}
}

// TestOnlyDarkSquares checks the premise of the whole implementation: every piece stands
// on a dark square (a1 and every square of its shade) in every position of random games.
func TestOnlyDarkSquares(t *testing.T) {
	for _, preset := range Game.Presets {
		s := start(t, preset)
		for i := 0; i < 2000; i++ {
			if s.ToMove() == rules.NoPlayer {
				s = start(t, preset)
			}
			for site := 0; site < 64; site++ {
				if (site/8+site%8)%2 != 0 && len(s.Pieces(board.Site(site), nil)) > 0 {
					t.Fatalf("a piece on a light square\n%s", rules.Text(s))
				}
			}
			moves := s.LegalMoves(nil)
			s.Apply(moves[(i*7)%len(moves)])
		}
	}
}

func TestFoxChoosesItsSquare(t *testing.T) {
	s := start(t, "fox=choose")
	if got, want := moveTexts(s), []string{"@a1", "@c1", "@e1", "@g1"}; !slices.Equal(got, want) {
		t.Fatalf("placements %v, want %v", got, want)
	}
	play(t, s, "@c1")
	if s.ToMove() != fox {
		t.Fatalf("after the placement player %d is to move, want the fox again", s.ToMove())
	}
	if got, want := moveTexts(s), []string{"c1-b2", "c1-d2"}; !slices.Equal(got, want) {
		t.Errorf("first steps %v, want %v", got, want)
	}
	play(t, s, "c1-d2")
	if s.ToMove() != hounds {
		t.Errorf("after the fox's first step player %d is to move, want the hounds", s.ToMove())
	}
	// One whole turn for perft: the placement and the step together. Seven pairs reach
	// only four positions, the fox on b2, d2, f2 or h2.
	if got := len(rules.Turns(start(t, "fox=choose"))); got != 4 {
		t.Errorf("%d first turns, want 4", got)
	}
}

// TestMoves follows the rulebook's picture of how the pieces move: the fox one square
// diagonally, forward or backward; a hound one square diagonally forward only (towards
// rank 1); one hound per turn; nothing jumps or captures.
func TestMoves(t *testing.T) {
	tests := []struct {
		name, board string
		toMove      rules.Player
		want        []string
	}{
		{"the fox in the open goes four ways", `
			. H . H . H . H
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . F . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .`, fox, []string{"d4-c3", "d4-c5", "d4-e3", "d4-e5"}},
		{"hounds block the fox, and it cannot jump them", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . H . H . . .
			. . . F . . . .
			. . . . . . . .
			. . . . . . . .
			H . H . . . . .`, fox, []string{"d4-c3", "d4-e3"}},
		{"the edge of the board", `
			. H . H . H . H
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			F . . . . . . .`, fox, []string{"a1-b2"}},
		{"hounds step diagonally forward, one hound per turn", `
			. H . H . H . H
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . F . . .`, hounds, []string{"b8-a7", "b8-c7", "d8-c7", "d8-e7", "f8-e7", "f8-g7", "h8-g7"}},
		{"hounds never step back, nor onto the fox or each other", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . H . . .
			. . . H . . . .
			. . H . F . . .
			. . . . . . . H
			. . . . . . . .`, hounds, []string{"c3-b2", "c3-d2", "e5-f4", "h2-g1"}},
		{"a hound next to the fox cannot capture it", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . H . . .
			. . . F . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .`, hounds, []string{"e5-f4"}},
	}
	for _, tc := range tests {
		s := position(t, tc.board, tc.toMove)
		if got := moveTexts(s); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v\n%s", tc.name, got, tc.want, rules.Text(s))
		}
	}
}

func TestApply(t *testing.T) {
	s := start(t, "")
	play(t, s, "e1-d2", "b8-a7", "d2-e3", "h8-g7")
	want := `
		. . . H . H . .
		H . . . . . H .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . F . . .
		. . . . . . . .
		. . . . . . . .`
	if got := draw(s); got != clean(want) {
		t.Errorf("board\n%s\nwant\n%s", got, clean(want))
	}
	if s.ToMove() != fox || s.Hash() != s.ComputeHash() {
		t.Errorf("to move %d, hash %x, recomputed %x", s.ToMove(), s.Hash(), s.ComputeHash())
	}
}

// TestEnds covers the rulebook's two winning pictures (the fox reaches the far side; the
// hounds corner it) and our resolution for hounds that cannot move.
func TestEnds(t *testing.T) {
	tests := []struct {
		name, board string
		toMove      rules.Player
		moves       []string
		want        rules.Outcome
	}{
		{"the fox reaches rank 8 and wins", `
			. . . . . . . .
			. . H . . . . .
			. . . F . . . .
			H . . . H . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . H .`, fox, []string{"d6-e7", "c7-b6", "e7-d8"}, rules.Outcome{Winner: fox, Reason: ReasonFoxHome}},
		{"the fox wins on arrival, even with the hounds able to move", `
			. . . . . . . .
			. . . . . . F .
			. . . . . . . .
			H . H . H . H .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .`, fox, []string{"g7-h8"}, rules.Outcome{Winner: fox, Reason: ReasonFoxHome}},
		{"the hounds corner the fox", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . H .
			. . . . . H . F
			. . . . . . . .
			. . . . . . . .
			H . . . . . . .`, hounds, []string{"f4-g3"}, rules.Outcome{Winner: hounds, Reason: ReasonFoxTrapped}},
		{"the fox cornered on its own side", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . H . . .
			. . . . . . . .
			. . H . . . . .
			. . . . . . . .
			F . . . . . . .`, hounds, []string{"c3-b2"}, rules.Outcome{Winner: hounds, Reason: ReasonFoxTrapped}},
		{"hounds that cannot move lose", `
			. . . . . . . .
			. . . . . . . .
			. . . F . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			H . H . H . H .`, fox, []string{"d6-e7"}, rules.Outcome{Winner: fox, Reason: ReasonNoMoves}},
		{"hounds blocked by the fox lose", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			H . F . . . . .
			. . . . . . . .
			. . H . H . H .`, fox, []string{"c3-b2"}, rules.Outcome{Winner: fox, Reason: ReasonNoMoves}},
	}
	for _, tc := range tests {
		s := position(t, tc.board, tc.toMove)
		play(t, s, tc.moves...)
		o, over := s.Outcome()
		if !over || o != tc.want {
			t.Errorf("%s: outcome %+v (over %v), want %+v\n%s", tc.name, o, over, tc.want, rules.Text(s))
			continue
		}
		if s.ToMove() != rules.NoPlayer || len(s.LegalMoves(nil)) != 0 {
			t.Errorf("%s: over, yet ToMove=%d with moves %v", tc.name, s.ToMove(), moveTexts(s))
		}
	}
}

func TestIllegalMovesAreRejected(t *testing.T) {
	tests := []struct {
		name    string
		options string
		moves   []string
		texts   []string
	}{
		{"the fox's first move", "", nil, []string{
			"e1-e2", // straight, not diagonal
			"e1-c3", // two squares
			"e1-d1", // sideways
			"b8-a7", // the hounds' move, out of turn
			"@e1", "", "pass", "e1xc3", "e1-d2-c3", "z9-a1",
		}},
		{"the hounds", "", []string{"e1-d2"}, []string{
			"b8-c9", // off the board
			"b8-b7", // straight down
			"a7-b6", // no hound there
			"d2-c3", // the fox
			"d8-c6", // two squares
			"b8-a9",
		}},
		{"a hound cannot step back", "", []string{"e1-d2", "b8-c7", "d2-e3"}, []string{"c7-b8", "c7-d8"}},
		{"the fox cannot move onto a hound", "", []string{"e1-f2", "h8-g7", "f2-g3", "g7-h6", "g3-f4", "f8-g7", "f4-g5"}, []string{"g5-h6", "g5-h7"}},
		{"placement", "fox=choose", nil, []string{"@b1", "@e2", "@h8", "e1-d2", "xe1"}},
		{"only one placement", "fox=choose", []string{"@e1"}, []string{"@c1", "@a1"}},
	}
	for _, tc := range tests {
		s := start(t, tc.options)
		play(t, s, tc.moves...)
		for _, text := range tc.texts {
			if m, err := rules.ParseMove(s, text); !errors.Is(err, rules.ErrIllegalMove) {
				t.Errorf("%s: %q parsed as %v, err %v", tc.name, text, m, err)
			}
		}
	}
}

func TestTranspositionsShareHashAndKey(t *testing.T) {
	a, b := start(t, ""), start(t, "")
	play(t, a, "e1-d2", "b8-a7", "d2-c3", "h8-g7")
	play(t, b, "e1-d2", "h8-g7", "d2-c3", "b8-a7")
	if !bytes.Equal(a.AppendKey(nil), b.AppendKey(nil)) || a.Hash() != b.Hash() {
		t.Fatalf("the same position by two move orders differs:\n%s\n%s", rules.Text(a), rules.Text(b))
	}
	// The fox can go back where it was: the same squares with the same side to move.
	c := a.Clone()
	play(t, c, "c3-d4", "a7-b6", "d4-c3")
	play(t, a, "c3-b4", "a7-b6", "b4-c3")
	if !bytes.Equal(a.AppendKey(nil), c.AppendKey(nil)) || a.Hash() != c.Hash() {
		t.Errorf("fox detours to the same square differ")
	}
	play(t, c, "b6-a5")
	if bytes.Equal(a.AppendKey(nil), c.AppendKey(nil)) || a.Hash() == c.Hash() {
		t.Errorf("different positions share a key or hash")
	}
}

func TestKeyCoversVariantAndSide(t *testing.T) {
	base := start(t, "")
	chose := start(t, "fox=choose")
	play(t, chose, "@e1")
	other := position(t, draw(base), hounds)
	if bytes.Equal(base.AppendKey(nil), chose.AppendKey(nil)) {
		t.Error("the option is not in the key")
	}
	if base.Hash() != chose.Hash() {
		t.Error("the same board and side hash differently across options")
	}
	if bytes.Equal(base.AppendKey(nil), other.AppendKey(nil)) || base.Hash() == other.Hash() {
		t.Error("the player to move is not in the key or the hash")
	}
}

func TestNewRejectsBadOptions(t *testing.T) {
	for _, opts := range []rules.Options{{"fox": "b1"}, {"fox": "e8"}, {}} {
		if _, err := Game.New(opts); !errors.Is(err, errOption) {
			t.Errorf("New(%v): err %v, want errOption", opts, err)
		}
	}
}

func TestVariantAndPieces(t *testing.T) {
	for _, v := range startValues {
		sp := spec(t, "fox="+v)
		s := start(t, "fox="+v)
		got := s.Variant()
		if got["fox"] != sp.Options["fox"] || len(got) != 1 {
			t.Errorf("%s: Variant()=%v", v, got)
		}
		got["fox"] = "x"
		if s.Variant()["fox"] == "x" {
			t.Errorf("%s: Variant shares its map", v)
		}
		for _, site := range []board.Site{board.NoSite, 64, 1000} {
			if p := s.Pieces(site, nil); len(p) != 0 {
				t.Errorf("%s: Pieces(%d)=%v", v, site, p)
			}
		}
	}
}

func TestConformance(t *testing.T) {
	for _, preset := range Game.Presets {
		t.Run(presetName(preset), func(t *testing.T) {
			t.Parallel()
			rulestest.Conformance(t, spec(t, preset))
		})
	}
}

// perftDepths keeps the perft goldens to about a second; the independent count in
// naive_test.go goes to naiveDepths.
var perftDepths = map[string]int{"": 9, "fox=choose": 8}

func TestPerft(t *testing.T) {
	for _, preset := range Game.Presets {
		rulestest.Perft(t, spec(t, preset), presetName(preset), perftDepths[preset])
	}
}

func TestMovesDoNotAllocate(t *testing.T) {
	for _, preset := range Game.Presets {
		s := start(t, preset)
		buf := make([]rules.Move, 0, 16)
		work := *s
		allocs := testing.AllocsPerRun(20, func() {
			work = *s
			for {
				moves := work.LegalMoves(buf[:0])
				if len(moves) == 0 {
					break
				}
				work.Apply(moves[len(moves)/2])
			}
		})
		if allocs != 0 {
			t.Errorf("%q: %v allocations per game", preset, allocs)
		}
	}
}
