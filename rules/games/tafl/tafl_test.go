package tafl

import (
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

func start(t testing.TB, g *rules.Game, options string) *State {
	return rulestest.Start[*State](t, g, options)
}

// position builds a position from a diagram, one line per rank, top rank first, one token
// per square: A attacker, D defending soldier, K king, . empty.
func position(t testing.TB, g *rules.Game, options, diagram string, toMove rules.Player) *State {
	t.Helper()
	s := start(t, g, options)
	v := s.v
	fresh := State{Status: rules.Status{Turn: toMove}, v: v, king: -1}
	pad := uint16(1<<maxN-1) &^ uint16(1<<v.n-1)
	for i := 0; i < v.n; i++ {
		fresh.rowOcc[i], fresh.colOcc[i] = pad, pad
	}
	rows := strings.Split(strings.TrimSpace(diagram), "\n")
	if len(rows) != v.n {
		t.Fatalf("diagram has %d ranks, the board %d", len(rows), v.n)
	}
	for i, row := range rows {
		tokens := strings.Fields(row)
		if len(tokens) != v.n {
			t.Fatalf("rank %d of the diagram has %d squares", v.n-i, len(tokens))
		}
		for col, tok := range tokens {
			c := (v.n-1-i)*v.n + col
			switch tok {
			case "A":
				fresh.put(c, attacker)
			case "D":
				fresh.put(c, defender)
			case "K":
				fresh.put(c, king)
			case ".":
			default:
				t.Fatalf("bad square %q in the diagram", tok)
			}
		}
	}
	if fresh.king < 0 {
		t.Fatal("the diagram has no king")
	}
	fresh.Zobrist = fresh.ComputeHash()
	fresh.hist.Push(fresh.Zobrist)
	if !fresh.hasMoves() {
		fresh.Finish(fresh.Turn.Other(), stuck)
	}
	return &fresh
}

// draw writes a position back as a diagram, through the public Pieces method only.
func draw(s rules.State) string {
	b := s.Board()
	var sb strings.Builder
	for row := b.Height() - 1; row >= 0; row-- {
		for col := 0; col < b.Width(); col++ {
			tok := "."
			if p := s.Pieces(b.At(col, row), nil); len(p) == 1 {
				switch {
				case p[0].Owner == attackers:
					tok = "A"
				case p[0].Kind == 1:
					tok = "K"
				default:
					tok = "D"
				}
			}
			if col > 0 {
				sb.WriteString(" ")
			}
			sb.WriteString(tok)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func clean(diagram string) string {
	var sb strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(diagram), "\n") {
		sb.WriteString(strings.Join(strings.Fields(line), " ") + "\n")
	}
	return sb.String()
}

func play(t testing.TB, s rules.State, texts ...string) {
	t.Helper()
	rulestest.Play(t, s, texts...)
}

func legal(s rules.State, text string) bool {
	_, err := rules.ParseMove(s, text)
	return err == nil
}

func TestInitialPositions(t *testing.T) {
	tests := []struct {
		g      *rules.Game
		layout string
		a, d   int
	}{
		{Tablut, tablutLayout, 16, 8},
		{Brandub, brandubLayout, 8, 4},
		{ArdRi, ardriLayout, 16, 8},
	}
	for _, tc := range tests {
		s := start(t, tc.g, "")
		if got := draw(s); got != clean(tc.layout) {
			t.Errorf("%s:\n%s\nwant\n%s", tc.g.ID, got, clean(tc.layout))
		}
		if s.pieces[attackers].count() != tc.a || s.pieces[defenders].count() != tc.d+1 {
			t.Errorf("%s: %d attackers, %d defenders", tc.g.ID, s.pieces[attackers].count(), s.pieces[defenders].count())
		}
		if s.ToMove() != attackers || s.king != int8(s.v.throne) {
			t.Errorf("%s: %d to move, king on %d", tc.g.ID, s.ToMove(), s.king)
		}
		if tc.g.Sides[0].Role != "attacker" || tc.g.Sides[1].Role != "defender" || tc.g.Sides[0].Colour != rules.Black {
			t.Errorf("%s: sides %+v", tc.g.ID, tc.g.Sides)
		}
	}
	// The attackers' first moves in Tablut: 80, by the layout's symmetry 20 per quarter.
	if n := len(start(t, Tablut, "").LegalMoves(nil)); n != 80 {
		t.Errorf("tablut: %d first moves, want 80", n)
	}
}

func TestMarks(t *testing.T) {
	label := func(s *State, marks []rules.Mark, kind rules.MarkKind) []string {
		var out []string
		for _, m := range marks {
			if m.Kind == kind {
				out = append(out, s.Board().Label(m.Site))
			}
		}
		return out
	}
	b := start(t, Brandub, "")
	if got := label(b, b.Marks(nil), rules.Throne); !slices.Equal(got, []string{"d4"}) {
		t.Errorf("brandub throne %v", got)
	}
	if got := label(b, b.Marks(nil), rules.Escape); !slices.Equal(got, []string{"a1", "g1", "a7", "g7"}) {
		t.Errorf("brandub escapes %v", got)
	}
	tb := start(t, Tablut, "")
	if got := label(tb, tb.Marks(nil), rules.Throne); !slices.Equal(got, []string{"e5"}) {
		t.Errorf("tablut throne %v", got)
	}
	if got := label(tb, tb.Marks(nil), rules.Escape); len(got) != 32 || !slices.Contains(got, "e1") || !slices.Contains(got, "i9") || slices.Contains(got, "b2") {
		t.Errorf("tablut winning squares %v", got)
	}
	if Tablut.Looks[1] != rules.Crowned {
		t.Error("the king is not drawn crowned")
	}
}

func TestRookMoves(t *testing.T) {
	s := position(t, Brandub, "", `
		. . . . . . .
		. . . . . . .
		. . . A . . .
		. . . K . . .
		. . . . . . .
		. A . D . . .
		. . . . . . .`, attackers)
	var got []string
	for _, m := range s.LegalMoves(nil) {
		if m.From() == s.v.topo.At(1, 1) {
			got = append(got, rules.FormatMove(s, m))
		}
	}
	slices.Sort(got)
	// b2 slides along rank 2 until d2's defender, and along file b; a1 and b... corners
	// are closed to it.
	want := []string{"b2-a2", "b2-b1", "b2-b3", "b2-b4", "b2-b5", "b2-b6", "b2-b7", "b2-c2"}
	if !slices.Equal(got, want) {
		t.Errorf("b2 moves %v, want %v", got, want)
	}
	if legal(s, "b2-e2") {
		t.Error("b2 jumped over d2")
	}
}

func TestThroneAndEscapes(t *testing.T) {
	// The throne d4 is empty: a soldier crosses it but cannot stop there; the king can.
	s := position(t, Brandub, "", `
		. . . . . . .
		. . . . . . .
		. . . . . . .
		A . . . . . .
		. . . K . . .
		. . . . . . .
		. . . . . . D`, attackers)
	if !legal(s, "a4-g4") || !legal(s, "a4-e4") || legal(s, "a4-d4") {
		t.Error("an attacker must pass over the empty throne but not stop on it")
	}
	play(t, s, "a4-b4")
	if legal(s, "g1-g4") == false || legal(s, "g1-a1") {
		t.Error("a defending soldier may not enter the corner a1")
	}
	if !legal(s, "d3-d4") {
		t.Error("the king may return to the throne")
	}
	if !legal(s, "d3-a3") || !legal(s, "d3-d1") {
		t.Error("the king moves like a rook")
	}
	// The king reaches a corner: the defenders win.
	play(t, s, "d3-a3", "b4-b5", "a3-a1")
	if o, over := s.Outcome(); !over || o.Winner != defenders || o.Reason != ReasonKingEscaped {
		t.Errorf("king on a1: %+v %v", o, over)
	}
}

func TestCornersOnlyInSevenBySeven(t *testing.T) {
	// In Tablut a soldier may use a corner, and the king wins on any edge square.
	s := position(t, Tablut, "", `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . K . . .
		A . . . . . . . D`, defenders)
	if !legal(s, "i1-i9") {
		t.Error("a Tablut soldier may stop in a corner")
	}
	play(t, s, "f2-f1")
	if o, over := s.Outcome(); !over || o.Winner != defenders || o.Reason != ReasonKingEscaped {
		t.Errorf("king on f1: %+v %v", o, over)
	}
	// In Brandub the edge is no escape.
	b := position(t, Brandub, "", `
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . K . . . A
		. . . . . . .`, defenders)
	play(t, b, "c2-c1")
	if _, over := b.Outcome(); over {
		t.Error("the king on a Brandub edge won")
	}
}

// captureCase plays move in the diagram's position and compares the board after it.
type captureCase struct {
	name, options, before, move, after string
	g                                  *rules.Game
	toMove                             rules.Player
}

func runCaptures(t *testing.T, tests []captureCase) {
	t.Helper()
	for _, tc := range tests {
		g := tc.g
		if g == nil {
			g = Brandub
		}
		s := position(t, g, tc.options, tc.before, tc.toMove)
		m, err := rules.ParseMove(s, tc.move)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		preview := s.Captures(m, nil)
		before := s.pieces[0].count() + s.pieces[1].count()
		s.Apply(m)
		if got := draw(s); got != clean(tc.after) {
			t.Errorf("%s: after %s\n%s\nwant\n%s", tc.name, tc.move, got, clean(tc.after))
		}
		lost := before - s.pieces[0].count() - s.pieces[1].count()
		if _, over := s.Outcome(); !over && len(preview) != lost {
			t.Errorf("%s: preview %v, %d taken", tc.name, preview, lost)
		}
		if s.Hash() != s.ComputeHash() {
			t.Errorf("%s: hash", tc.name)
		}
	}
}

func TestSoldierCaptures(t *testing.T) {
	runCaptures(t, []captureCase{
		{name: "custodian capture", toMove: attackers, move: "c1-c3", before: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . K
			. . . D A . .
			. . . . . . .
			. . A . . . .`, after: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . K
			. . A . A . .
			. . . . . . .
			. . . . . . .`},
		{name: "two directions at once", toMove: attackers, move: "d1-d3", before: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . K
			. A D . D A .
			. . . . . . .
			. . . A . . .`, after: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . K
			. A . A . A .
			. . . . . . .
			. . . . . . .`},
		{name: "two in a row are safe", toMove: attackers, move: "b1-b3", before: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . K
			. . D D A . .
			. . . . . . .
			. A . . . . .`, after: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . K
			. A D D A . .
			. . . . . . .
			. . . . . . .`},
		{name: "moving between two enemies is safe", toMove: defenders, move: "c1-c3", before: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . K
			. A . A . . .
			. . . . . . .
			. . D . . . .`, after: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . K
			. A D A . . .
			. . . . . . .
			. . . . . . .`},
		{name: "the king captures", toMove: defenders, move: "g4-e4", before: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . K
			. . . . A . .
			. . . . D . .
			. . . . . . .`, after: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . K . .
			. . . . . . .
			. . . . D . .
			. . . . . . .`},
		{name: "the king is an anvil", toMove: defenders, move: "g2-e2", before: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . K . .
			. . . . A . .
			. . . . . . D
			. . . . . . .`, after: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . K . .
			. . . . . . .
			. . . . D . .
			. . . . . . .`},
		{name: "the empty throne is hostile to defenders", toMove: attackers, move: "g6-d6", before: `
			. . . . . . .
			. . . . . . A
			. . . D . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			K . . . . . .`, after: `
			. . . . . . .
			. . . A . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			K . . . . . .`},
		{name: "the empty throne is hostile to attackers", toMove: defenders, move: "a2-c2", before: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . A . . .
			D . . . . . .
			. . . . . . K`, after: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . A . . .
			. . D . . . .
			. . . . . . K`},
		{name: "a defender beside the empty throne is taken", toMove: attackers, move: "b1-b4", before: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . D . . . .
			. . . . . . .
			. . . . . . .
			K A . . . . .`, after: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. A . . . . .
			. . . . . . .
			. . . . . . .
			K . . . . . .`},
		{name: "the throne under the king is not hostile to attackers", toMove: attackers, move: "b7-c7", before: `
			. A . . . . .
			. . . . . . .
			. . . D . . .
			. . . K . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`, after: `
			. . A . . . .
			. . . . . . .
			. . . D . . .
			. . . K . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`},
		{name: "a corner is hostile", toMove: attackers, move: "c4-c1", before: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . A . . . K
			. . . . . . .
			. . . . . . .
			. D . . . . .`, after: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . K
			. . . . . . .
			. . . . . . .
			. . A . . . .`},
		{name: "the edge is not hostile", toMove: attackers, move: "c4-c2", before: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . A . . . K
			. . . . . . .
			. . . . . . .
			. . D . . . .`, after: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . K
			. . . . . . .
			. . A . . . .
			. . D . . . .`},
	})
}

// kingCase plays move and checks whether it captured the king.
type kingCase struct {
	name, board, move string
	g                 *rules.Game
	taken             bool
}

func TestKingCaptures(t *testing.T) {
	tests := []kingCase{
		{name: "on the throne, four sides", move: "d7-d5", taken: true, board: `
			. . . A . . .
			. . . . . . .
			. . . . . . .
			. . A K A . .
			. . . A . . .
			. . . . . . .
			. . . . . . .`},
		{name: "on the throne, three sides are not enough", move: "a7-b7", board: `
			A . . . . . .
			. . . . . . .
			. . . . . . .
			. . A K A . .
			. . . A . . .
			. . . . . . .
			. . . . . . .`},
		{name: "on the throne with one soldier enclosed too", move: "d7-d6", taken: true, board: `
			. . . A . . .
			. . . . . . .
			. . A D A . .
			. . A K A . .
			. . . A . . .
			. . . . . . .
			. . . . . . .`},
		{name: "the soldier's sides must all be attackers", move: "a7-b7", board: `
			A . . . . . .
			. . . A . . .
			. . . D A . .
			. . A K A . .
			. . . A . . .
			. . . . . . .
			. . . . . . .`},
		{name: "beside the throne, three sides", move: "d7-d6", taken: true, board: `
			. . . A . . .
			. . . . . . .
			. . A K A . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`},
		{name: "beside the throne, two sides are not enough", move: "c6-b6", board: `
			. . . . . . .
			. . A . . . .
			. . A K A . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`},
		{name: "elsewhere, two sides", move: "a3-c3", taken: true, board: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			A . . . . . .
			. . K . . . .
			. . A . . . .`},
		{name: "against a corner", move: "c3-c1", taken: true, board: `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . A . . . .
			. . . . . . .
			. K . . . . .`},
		{name: "not against the edge", move: "d2-c2", g: Tablut, board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . A . . . . .
			. . . . . . . . .`},
		{name: "only by the piece that moves", move: "g7-f7", board: `
			. . . . . . A
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. A K A . . .
			. . . . . . .`},
	}
	for _, tc := range tests {
		g := tc.g
		if g == nil {
			g = Brandub
		}
		board := tc.board
		if tc.name == "not against the edge" {
			// Edge squares win in Tablut, so the example uses Brandub's edge: the king
			// on d1 with an attacker arriving on c1 and another above it on d2.
			g = Brandub
			board = `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . A . . .
			. A . K . . .`
			tc.move = "b1-c1"
		}
		s := position(t, g, "", board, attackers)
		play(t, s, tc.move)
		o, over := s.Outcome()
		if taken := over && o.Reason == ReasonKingCaptured; taken != tc.taken {
			t.Errorf("%s: king taken %v, want %v (%+v)\n%s", tc.name, taken, tc.taken, o, rules.Text(s))
		}
		if tc.taken && o.Winner != attackers {
			t.Errorf("%s: winner %d", tc.name, o.Winner)
		}
	}
}

func TestKingOnEdgeTakenBetweenTwo(t *testing.T) {
	// On a Brandub edge the king is captured between two attackers along the edge.
	s := position(t, Brandub, "", `
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . A .
		. . A K . . .`, attackers)
	play(t, s, "f2-f1", "d1-e1")
	if _, over := s.Outcome(); over {
		t.Fatal("over too early")
	}
	s = position(t, Brandub, "", `
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . A . .
		. . A K . . .`, attackers)
	play(t, s, "e2-e1")
	if o, _ := s.Outcome(); o.Reason != ReasonKingCaptured {
		t.Errorf("king between c1 and e1: %+v", o)
	}
}

func TestNoMovesLoses(t *testing.T) {
	// The defenders' king is walled in by its own soldier and attackers; the soldier too.
	s := position(t, Brandub, "", `
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		A . . . . . .
		D A . . . . .
		K D A . . . A`, attackers)
	play(t, s, "g1-f1")
	if o, over := s.Outcome(); !over || o.Winner != attackers || o.Reason != ReasonNoMoves || s.ToMove() != rules.NoPlayer {
		t.Errorf("walled-in defenders: %+v %v\n%s", o, over, rules.Text(s))
	}
}

func TestThirdRepetitionLoses(t *testing.T) {
	s := position(t, Brandub, "", `
		. . . . . . .
		. . . . . . A
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. K . . . . .`, attackers)
	// The start is the first occurrence; after four moves it comes back a second time,
	// and the defenders' eighth move makes the third.
	play(t, s, "g6-f6", "b1-b2", "f6-g6", "b2-b1", "g6-f6", "b1-b2", "f6-g6")
	if _, over := s.Outcome(); over {
		t.Fatal("a second occurrence ended the game")
	}
	play(t, s, "b2-b1")
	if o, over := s.Outcome(); !over || o.Winner != attackers || o.Reason != ReasonRepetition {
		t.Errorf("the defenders' third repetition: %+v %v", o, over)
	}
	// A capture forgets the past.
	s3 := position(t, Brandub, "", `
		. . . . . . .
		. . . . . . A
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. K . . . . .`, attackers)
	if s3.hist.Len() != 1 {
		t.Errorf("the initial position is not the first occurrence: %d", s3.hist.Len())
	}
}

func TestRepetitionResetByCapture(t *testing.T) {
	s := position(t, Brandub, "", `
		. . . . . . .
		. . . . . . A
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . A D .
		. K . . . . A`, attackers)
	play(t, s, "g6-f6", "b1-b2", "f6-g6", "b2-b1", "g1-g2")
	if s.hist.Len() != 1 {
		t.Errorf("after a capture %d positions are remembered, want 1", s.hist.Len())
	}
}

func TestTurnLimitDraws(t *testing.T) {
	s := start(t, Tablut, "")
	s.turns = maxTurns - 1
	play(t, s, "d1-d2")
	if o, over := s.Outcome(); !over || o.Winner != rules.NoPlayer || o.Reason != ReasonTurnLimit {
		t.Errorf("turn %d: %+v %v", s.turns, o, over)
	}
}

func TestStepMoves(t *testing.T) {
	s := start(t, ArdRi, "move=step")
	got := rulestest.MoveTexts(s)
	for _, m := range got {
		from, to, _ := strings.Cut(m, "-")
		if d := abs(float64(from[0])-float64(to[0])) + abs(float64(from[1])-float64(to[1])); d != 1 {
			t.Errorf("step move %s goes %v squares", m, d)
		}
	}
	if len(got) != 24 {
		t.Errorf("%d first moves in stepping Ard Rí, want 24: %v", len(got), got)
	}
	if n := len(start(t, ArdRi, "").LegalMoves(nil)); n != 40 {
		t.Errorf("%d first moves in Ard Rí, want 40", n)
	}
}

func TestConformance(t *testing.T) {
	for _, sp := range allSpecs(t) {
		t.Run(specName(sp), func(t *testing.T) {
			rulestest.Conformance(t, sp)
		})
	}
}

// perftDepths keeps the perft suite, golden and independent, to a few seconds.
var perftDepths = map[string]int{"tablut": 3, "brandub": 4, "ardri": 4, "ardri:move=step": 5}

func TestPerft(t *testing.T) {
	for _, sp := range allSpecs(t) {
		rulestest.Perft(t, sp, specName(sp), perftDepths[sp.String()])
	}
}

func TestRandomMoveMatchesLegalMoves(t *testing.T) {
	for _, sp := range allSpecs(t) {
		for seed := uint64(1); seed <= 20; seed++ {
			walkRandomGame(t, startSpec(t, sp), seed, func(s *State) { rulestest.RandomMoveAgrees(t, s, seed) })
		}
	}
}

func TestMovesDoNotAllocate(t *testing.T) {
	for _, sp := range allSpecs(t) {
		s := startSpec(t, sp)
		buf := make([]rules.Move, 0, 256)
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
			t.Errorf("%s: %v allocations per game", sp, allocs)
		}
	}
}

func TestNewRejectsBadOptions(t *testing.T) {
	if _, err := ArdRi.New(rules.Options{"move": "fly"}); err == nil {
		t.Error("move=fly accepted")
	}
}
