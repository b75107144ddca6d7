package alquad

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func start(t testing.TB) *State { return rulestest.Start[*State](t, Game, "") }

// position builds a position of the placement phase from a diagram, rank 5 first, with W,
// B and . for the points, the player holding White and the player to move. Each colour
// holds in hand the twelve pieces less those on the board.
func position(t *testing.T, diagram string, whiteSeat, toMove rules.Player) *State {
	t.Helper()
	rows := strings.Fields(diagram)
	if len(rows) != height {
		t.Fatalf("diagram has %d rows", len(rows))
	}
	s := &State{Status: rules.Status{Turn: toMove, Winner: rules.NoPlayer}, phase: playing, whiteSeat: whiteSeat, checker: -1}
	for i, row := range rows {
		if len(row) != width {
			t.Fatalf("row %q is not %d points", row, width)
		}
		for c, ch := range row {
			site := (height-1-i)*width + c
			switch ch {
			case 'W':
				s.pieces[white] |= 1 << site
			case 'B':
				s.pieces[black] |= 1 << site
			}
		}
	}
	for c := range 2 {
		n := bits.OnesCount32(s.pieces[c])
		if n < 1 || n > hand+1 {
			t.Fatalf("colour %d has %d pieces on the board", c, n)
		}
		s.hand[c] = uint8(hand + 1 - n)
	}
	s.Zobrist = s.ComputeHash()
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

func labels(sites []board.Site) []string {
	var out []string
	for _, s := range sites {
		out = append(out, topology.Label(s))
	}
	slices.Sort(out)
	return out
}

// TestSquares checks the 35 squares of the package comment by area, and that the turned
// square on the weak points, whose sides are not drawn, is not among them.
func TestSquares(t *testing.T) {
	if len(squares) != 35 {
		t.Errorf("%d squares, want 35", len(squares))
	}
	byArea := map[int]int{}
	for _, sq := range squares {
		byArea[int(sq.area)]++
		if bits.OnesCount32(sq.mask) != 4 {
			t.Errorf("square %v has %d corners", sq.corners, bits.OnesCount32(sq.mask))
		}
	}
	want := map[int]int{1: 16, 2: 4, 4: 9, 8: 1, 9: 4, 16: 1}
	for area, n := range want {
		if byArea[area] != n {
			t.Errorf("%d squares of area %d, want %d", byArea[area], area, n)
		}
	}
	if len(byArea) != len(want) {
		t.Errorf("areas %v, want %v", byArea, want)
	}
	find := func(corners ...string) *square {
		var mask uint32
		for _, l := range corners {
			mask |= 1 << site(t, l)
		}
		for i := range squares {
			if squares[i].mask == mask {
				return &squares[i]
			}
		}
		return nil
	}
	tests := []struct {
		corners []string
		area    int // 0: does not count
	}{
		{[]string{"a3", "b2", "c3", "b4"}, 2},
		{[]string{"b2", "c1", "d2", "c3"}, 2},
		{[]string{"c3", "d2", "e3", "d4"}, 2},
		{[]string{"b4", "c3", "d4", "c5"}, 2},
		{[]string{"a3", "c1", "e3", "c5"}, 8},
		{[]string{"a1", "e1", "e5", "a5"}, 16},
		{[]string{"b2", "e2", "e5", "b5"}, 9},
		{[]string{"c3", "d3", "d4", "c4"}, 1},
		{[]string{"b3", "c2", "d3", "c4"}, 0}, // weak points: diagonals not drawn
		{[]string{"a2", "c1", "d3", "b4"}, 0}, // side vector (2,1): not along a line
		{[]string{"a1", "c1", "c2", "a2"}, 0}, // a rectangle
	}
	for _, tc := range tests {
		sq := find(tc.corners...)
		switch {
		case tc.area == 0 && sq != nil:
			t.Errorf("%v counts as a square of area %d", tc.corners, sq.area)
		case tc.area != 0 && sq == nil:
			t.Errorf("%v is not a square", tc.corners)
		case sq != nil && int(sq.area) != tc.area:
			t.Errorf("%v has area %d, want %d", tc.corners, sq.area, tc.area)
		}
	}
	// The corners go round the square: consecutive corners are joined by a side, whose
	// squared length is the area.
	for _, sq := range squares {
		var d [4]int
		for i := range 4 {
			a, b := topology.Info(sq.corners[i]), topology.Info(sq.corners[(i+1)%4])
			dx, dy := a.Col-b.Col, a.Row-b.Row
			d[i] = dx*dx + dy*dy
		}
		if d[0] != int(sq.area) || d[1] != d[0] || d[2] != d[0] || d[3] != d[0] {
			t.Errorf("corners %v do not go round a square of area %d", labels(sq.corners[:]), sq.area)
		}
	}
}

// TestSetup walks the setup turn: two prompted placements by Player 0 on distinct points,
// then the choice offered to Player 1.
func TestSetup(t *testing.T) {
	s := start(t)
	if s.ToMove() != 0 || s.MidTurn() || s.Prompt() != "place-white" {
		t.Fatalf("start: to move %d, mid-turn %v, prompt %q", s.ToMove(), s.MidTurn(), s.Prompt())
	}
	if n := len(s.LegalMoves(nil)); n != numSites {
		t.Errorf("%d first placements, want %d", n, numSites)
	}
	rulestest.Play(t, s, "@b2")
	if s.ToMove() != 0 || !s.MidTurn() || s.Prompt() != "place-black" {
		t.Fatalf("after the white piece: to move %d, mid-turn %v, prompt %q", s.ToMove(), s.MidTurn(), s.Prompt())
	}
	moves := rulestest.MoveTexts(s)
	if len(moves) != numSites-1 || slices.Contains(moves, "@b2") {
		t.Errorf("second placements %v: want every point but b2", moves)
	}
	rulestest.Play(t, s, "@d4")
	if s.ToMove() != 1 || s.MidTurn() || s.Prompt() != "choose-colour" {
		t.Fatalf("after the setup: to move %d, mid-turn %v, prompt %q", s.ToMove(), s.MidTurn(), s.Prompt())
	}
	if s.pieces[white] != 1<<site(t, "b2") || s.pieces[black] != 1<<site(t, "d4") || s.hand != [2]uint8{hand, hand} {
		t.Errorf("after the setup:\n%s\nhands %v", rules.Text(s), s.hand)
	}
	var got []string
	for _, m := range s.LegalMoves(nil) {
		got = append(got, rules.FormatMove(s, m)+"="+s.MoveLabel(m))
	}
	if want := []string{"white=white", "black=black"}; !slices.Equal(got, want) {
		t.Errorf("choice %v, want %v", got, want)
	}
	if l := s.MoveLabel(rules.NewMove(rules.Place, 3)); l != "" {
		t.Errorf("a placement is labelled %q", l)
	}
}

// TestChoice makes the choice both ways: the chooser's colour, who places next (always
// White), and who owns the pieces on the board.
func TestChoice(t *testing.T) {
	tests := []struct {
		choice    string
		whiteSeat rules.Player
	}{
		{"white", 1},
		{"black", 0},
	}
	for _, tc := range tests {
		t.Run(tc.choice, func(t *testing.T) {
			s := start(t)
			rulestest.Play(t, s, "@b2", "@d4", tc.choice)
			blackSeat := tc.whiteSeat.Other()
			if rules.ColourOf(s, tc.whiteSeat) != rules.White || rules.ColourOf(s, blackSeat) != rules.Black {
				t.Errorf("colours %v and %v", s.Colour(0), s.Colour(1))
			}
			if s.ToMove() != tc.whiteSeat || s.MidTurn() || s.Prompt() != "place" {
				t.Errorf("to move %d, mid-turn %v, prompt %q; want White, Player %d", s.ToMove(), s.MidTurn(), s.Prompt(), tc.whiteSeat)
			}
			if p := s.Pieces(site(t, "b2"), nil); len(p) != 1 || p[0].Owner != tc.whiteSeat {
				t.Errorf("the white piece belongs to %v", p)
			}
			if p := s.Pieces(site(t, "d4"), nil); len(p) != 1 || p[0].Owner != blackSeat {
				t.Errorf("the black piece belongs to %v", p)
			}
			// White places, then Black, alternating.
			rulestest.Play(t, s, "@c3")
			if s.pieces[white]&(1<<site(t, "c3")) == 0 || s.hand != [2]uint8{hand - 1, hand} || s.ToMove() != blackSeat {
				t.Errorf("after White's placement: hands %v, to move %d\n%s", s.hand, s.ToMove(), rules.Text(s))
			}
			rulestest.Play(t, s, "@a1")
			if s.pieces[black]&(1<<site(t, "a1")) == 0 || s.hand != [2]uint8{hand - 1, hand - 1} || s.ToMove() != tc.whiteSeat {
				t.Errorf("after Black's placement: hands %v, to move %d\n%s", s.hand, s.ToMove(), rules.Text(s))
			}
		})
	}
}

// TestBeforeTheChoice: until the choice Player 0 is shown as White, as Game.Sides says.
func TestBeforeTheChoice(t *testing.T) {
	s := start(t)
	rulestest.Play(t, s, "@a1", "@e5")
	if s.Colour(0) != rules.White || s.Colour(1) != rules.Black {
		t.Errorf("colours %v, %v before the choice", s.Colour(0), s.Colour(1))
	}
	if p := s.Pieces(site(t, "a1"), nil); len(p) != 1 || p[0].Owner != 0 {
		t.Errorf("the white piece belongs to %v", p)
	}
	if p := s.Pieces(site(t, "c3"), nil); len(p) != 0 {
		t.Errorf("an empty point holds %v", p)
	}
}

// TestCheckAndResult plays each way a check can end, as the package comment lists them.
func TestCheckAndResult(t *testing.T) {
	tests := []struct {
		name      string
		diagram   string
		whiteSeat rules.Player
		toMove    rules.Player
		check     string // the placement that gives check
		area      int    // the checker's area
		reprieve  string // the checked player's answer, or "" when none is owed
		winner    rules.Player
		reason    string
	}{
		{"a bigger square wins the reprieve", `
			.....
			...B.
			....B
			WW.B.
			W....`, 0, 0, "@b1", 1, "@c3", 1, "bigger-square"},
		{"an equal square is not enough", `
			.....
			....B
			...BB
			WW...
			W....`, 0, 0, "@b1", 1, "@d4", 0, "square"},
		{"a smaller square loses", `
			.....
			....B
			W..BB
			.....
			W.W..`, 0, 0, "@c3", 4, "@d4", 0, "square"},
		{"no square in the reprieve", `
			.....
			....B
			W..BB
			.....
			W.W..`, 0, 0, "@c3", 4, "@a5", 0, "square"},
		{"area 9 beats area 8", `
			.....
			...B.
			W...W
			.....
			B.WB.`, 0, 0, "@c5", 8, "@a4", 1, "bigger-square"},
		{"the chooser holds White and checks", `
			.....
			...B.
			....B
			WW.B.
			W....`, 1, 1, "@b1", 1, "@e5", 1, "square"},
		{"Black checks with its last piece: no reprieve", `
			WWBWW
			WBBWB
			BBW..
			WWWBB
			BWBBW`, 0, 1, "@e3", 8, "", 1, "no-reprieve"},
		{"White checks with its last piece: Black still answers", `
			BWBWW
			WWBBB
			B.WWW
			WBBB.
			WB.BW`, 0, 0, "@c1", 4, "@e2", 0, "square"},
		{"the largest of two squares made at once", `
			....B
			...BB
			W.W.B
			WW.B.
			.WW.B`, 0, 0, "@a1", 4, "@e2", 0, "square"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.diagram, tc.whiteSeat, tc.toMove)
			if _, _, ok := s.Square(tc.toMove); ok {
				t.Fatalf("the checker owns a square before the check\n%s", rules.Text(s))
			}
			checker := tc.toMove
			rulestest.Play(t, s, tc.check)
			if s.checker < 0 || int(s.checkArea) != tc.area {
				t.Fatalf("after %s: checker %d, area %d; want area %d", tc.check, s.checker, s.checkArea, tc.area)
			}
			if _, area, ok := s.Square(checker); !ok || area != tc.area {
				t.Errorf("Square(checker) = %d, %v; want area %d", area, ok, tc.area)
			}
			if marks := s.Marks(nil); len(marks) != 4 || marks[0].Owner != checker || marks[0].Kind != rules.Outline {
				t.Errorf("marks after the check: %+v", marks)
			}
			if tc.reprieve != "" {
				if s.ToMove() != checker.Other() || s.Prompt() != "reprieve" || s.MidTurn() {
					t.Fatalf("after the check: to move %d, prompt %q", s.ToMove(), s.Prompt())
				}
				rulestest.Play(t, s, tc.reprieve)
			}
			o, over := s.Outcome()
			if !over || o.Winner != tc.winner || o.Reason != tc.reason {
				t.Fatalf("outcome %+v, over %v; want %d by %q\n%s", o, over, tc.winner, tc.reason, rules.Text(s))
			}
			if s.ToMove() != rules.NoPlayer || len(s.LegalMoves(nil)) != 0 || s.Prompt() != "" {
				t.Errorf("the game goes on after the end")
			}
			marks := s.Marks(nil)
			wantMarks := 4
			if tc.reason == "bigger-square" {
				wantMarks = 8
			}
			if len(marks) != wantMarks {
				t.Errorf("%d marks at the end, want %d: %+v", len(marks), wantMarks, marks)
			}
			if tc.reason == "bigger-square" {
				corners, area, _ := s.Square(tc.winner)
				var marked []board.Site
				for _, m := range marks[4:] {
					marked = append(marked, m.Site)
					if m.Owner != tc.winner {
						t.Errorf("mark %+v does not belong to the winner", m)
					}
				}
				if area <= tc.area || !slices.Equal(marked, corners[:]) {
					t.Errorf("winner's square %v of area %d, marks %v", labels(corners[:]), area, labels(marked))
				}
			}
			if s.Zobrist != s.ComputeHash() {
				t.Error("the incremental hash differs from a recomputed one")
			}
		})
	}
}

// TestDraw: Black places its last piece, nobody made a square, and the game is drawn.
func TestDraw(t *testing.T) {
	s := position(t, `
		.WBWB
		WB.WB
		WBBWW
		WBWWB
		BBWBW`, 0, 1)
	if s.hand != [2]uint8{0, 1} {
		t.Fatalf("hands %v", s.hand)
	}
	rulestest.Play(t, s, "@a5")
	o, over := s.Outcome()
	if !over || o.Winner != rules.NoPlayer || o.Reason != "no-square" {
		t.Fatalf("outcome %+v, over %v; want a draw by no-square", o, over)
	}
	if s.hand != [2]uint8{0, 0} || len(s.Marks(nil)) != 0 {
		t.Errorf("hands %v, marks %v", s.hand, s.Marks(nil))
	}
}

// TestHandsRunOut: in every position of random games each colour has twelve pieces
// between board and hand, the game never outlasts the hands, and it ends in time.
func TestHandsRunOut(t *testing.T) {
	reasons := map[string]int{}
	for seed := uint64(1); seed <= 300; seed++ {
		turns := 0
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if !s.MidTurn() && s.phase != setupWhite {
				turns++
			}
			if s.phase < playing {
				return
			}
			for c := range 2 {
				if n := bits.OnesCount32(s.pieces[c]) + int(s.hand[c]); n != hand+1 {
					t.Fatalf("seed %d: colour %d has %d pieces in all\n%s", seed, c, n, rules.Text(s))
				}
			}
			if s.phase == playing && s.hand[s.colourOf(s.Turn)] == 0 {
				t.Fatalf("seed %d: the player to move has no piece\n%s", seed, rules.Text(s))
			}
			if o, over := s.Outcome(); over {
				reasons[o.Reason]++
			}
		})
		if turns > Game.MaxTurns {
			t.Fatalf("seed %d: %d turns", seed, turns)
		}
	}
	// Random play ends every way but the draw, which needs care.
	for _, r := range []string{"square", "bigger-square", "no-reprieve"} {
		if reasons[r] == 0 {
			t.Errorf("no random game ended by %q: %v", r, reasons)
		}
	}
}

// TestLongestGame: the draw lasts the setup, the choice and 22 placements, which is
// Game.MaxTurns.
func TestLongestGame(t *testing.T) {
	s := start(t)
	// The draw position of TestDraw, reached by play: Player 0 sets up a1 (White) and a5
	// (Black), Player 1 takes Black, and the rest is placed White, Black in turn.
	rulestest.Play(t, s, "@e1", "@a1", "black")
	ws := []string{"c1", "a2", "c2", "d2", "a3", "d3", "e3", "a4", "d4", "b5", "d5"}
	bs := []string{"b1", "d1", "b2", "e2", "b3", "c3", "b4", "e4", "c5", "e5", "a5"}
	turns := 2
	for i := range ws {
		rulestest.Play(t, s, "@"+ws[i], "@"+bs[i])
		turns += 2
	}
	if o, over := s.Outcome(); !over || o.Reason != "no-square" || turns != Game.MaxTurns {
		t.Errorf("outcome %+v after %d turns, MaxTurns %d\n%s", o, turns, Game.MaxTurns, rules.Text(s))
	}
}

func TestPrompts(t *testing.T) {
	s := position(t, `
		.....
		.....
		.....
		WW...
		W..BB`, 0, 0)
	if p := s.Prompt(); p != "place" {
		t.Errorf("prompt %q for a plain placement", p)
	}
	rulestest.Play(t, s, "@b1")
	if p := s.Prompt(); p != "reprieve" {
		t.Errorf("prompt %q in check", p)
	}
}

func TestWhyNot(t *testing.T) {
	s := position(t, `
		.....
		.....
		.....
		WW...
		W..BB`, 0, 0)
	for _, tc := range []struct {
		at   string
		want string
	}{{"a1", "occupied"}, {"d1", "occupied"}, {"c3", ""}} {
		if got := s.WhyNot([]board.Site{site(t, tc.at)}); got != tc.want {
			t.Errorf("WhyNot(%s) = %q, want %q", tc.at, got, tc.want)
		}
	}
	if got := s.WhyNot(nil); got != "" {
		t.Errorf("WhyNot(nil) = %q", got)
	}
}

// TestPerft keeps depth 4 (0.2 s). Depth 5 takes about 6 s and adds nothing a square could
// change, since no colour holds four pieces before depth 7: it is 607,200 × 21 = 12,751,200.
func TestPerft(t *testing.T) {
	rulestest.Perft(t, rulestest.Spec(t, Game, ""), "alquad", 4)
}

// TestPerftByHand checks the first figures against counting: 25·24 setups, two choices
// each, then 23 and 22 empty points; no square can form before White's fourth piece.
func TestPerftByHand(t *testing.T) {
	if got, want := rules.Perft(start(t), 3), []uint64{600, 1200, 27600}; !slices.Equal(got, want) {
		t.Errorf("perft %v, want %v", got, want)
	}
}

func TestConformance(t *testing.T) { rulestest.Conformance(t, rulestest.Spec(t, Game, "")) }

func TestRandomMoveAgrees(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			rulestest.RandomMoveAgrees(t, s, seed)
		})
	}
}

func TestPlayoutsDoNotAllocate(t *testing.T) { rulestest.PlayoutsDoNotAllocate(t, start(t)) }

// TestHash: the incremental hash follows every decision, and distinct positions met in
// random games hash apart.
func TestHash(t *testing.T) {
	seen := map[uint64]string{}
	for seed := uint64(1); seed <= 50; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if s.Zobrist != s.ComputeHash() {
				t.Fatalf("seed %d: incremental hash differs\n%s", seed, rules.Text(s))
			}
			key := string(s.AppendKey(nil))
			if other, ok := seen[s.Zobrist]; ok && other != key {
				t.Fatalf("seed %d: two positions share hash %x", seed, s.Zobrist)
			}
			seen[s.Zobrist] = key
		})
	}
	// The choice changes only colours, and both ways must hash apart.
	a, b := start(t), start(t)
	rulestest.Play(t, a, "@a1", "@b1", "white")
	rulestest.Play(t, b, "@a1", "@b1", "black")
	if a.Zobrist == b.Zobrist {
		t.Error("the two choices hash alike")
	}
}

func BenchmarkPlayout(b *testing.B) { rulestest.BenchPlayout(b, start(b)) }

// TestPlayoutTactics: whatever the random draw, a playout answers a check with a bigger
// square, gives a check that cannot be answered, and blocks the opponent's bigger square
// rather than give a check that it would answer.
func TestPlayoutTactics(t *testing.T) {
	tests := []struct {
		name  string
		moves []string
		want  string
	}{
		{"a check nobody can answer", []string{"@b2", "@e4", "black", "@a3", "@c2", "@c3", "@e1"}, "@b4"},
		{"block rather than give a check that loses", []string{"@b2", "@e4", "black", "@a3", "@c2", "@c3", "@e2"}, "@c4"},
		{"answer a check with a bigger square", []string{"@b2", "@e4", "black", "@a3", "@c2", "@c3", "@e2", "@b4"}, "@c4"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t)
			rulestest.Play(t, s, tc.moves...)
			moves := s.LegalMoves(nil)
			for seed := uint64(1); seed <= 20; seed++ {
				i := s.PlayoutMove(moves, rand.New(rand.NewPCG(seed, 2)))
				if got := rules.FormatMove(s, moves[i]); got != tc.want {
					t.Fatalf("seed %d: the playout plays %s, want %s", seed, got, tc.want)
				}
			}
		})
	}
}

// TestFairSetup checks the moves the AI plays without searching: the fair setup, White
// on b2 and Black on the centre, and White for the chooser facing it or a mirror image of
// it; anything else is left to the search.
func TestFairSetup(t *testing.T) {
	tests := []struct {
		name  string
		moves []string
		want  string // "" when no move is named
	}{
		{"the setup's white piece", nil, "@b2"},
		{"the setup's black piece", []string{"@b2"}, "@c3"},
		{"black on the centre after a mirror image", []string{"@d4"}, "@c3"},
		{"another white point is searched", []string{"@a1"}, ""},
		{"the chooser takes white", []string{"@b2", "@c3"}, "white"},
		{"also after a mirror image", []string{"@b4", "@c3"}, "white"},
		{"black off the centre is searched", []string{"@b2", "@e5"}, ""},
		{"white off the fair points is searched", []string{"@a1", "@c3"}, ""},
		{"the placements are searched", []string{"@b2", "@c3", "white"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t)
			rulestest.Play(t, s, tc.moves...)
			m, ok := s.NamedMove()
			if tc.want == "" {
				if ok {
					t.Errorf("names %s, want a search", rules.FormatMove(s, m))
				}
				return
			}
			if !ok || !rules.IsLegal(s, m) || rules.FormatMove(s, m) != tc.want {
				t.Errorf("names %v (%v), want %s", m, ok, tc.want)
			}
		})
	}
}
