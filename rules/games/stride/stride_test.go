package stride

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

// position builds a position from a diagram, row 9 first, one token per cell from the left
// of each row: "." for an empty cell, W or B for a lone piece, W3 or B2 for a stack of that
// height.
func position(t testing.TB, diagram string, toMove rules.Player) *State {
	t.Helper()
	rows := strings.Split(strings.TrimSpace(diagram), "\n")
	if len(rows) != 2*side-1 {
		t.Fatalf("diagram has %d rows", len(rows))
	}
	s := &State{Status: rules.Status{Turn: toMove, Winner: rules.NoPlayer}}
	r := side - 1
	for i, line := range rows {
		y := r - i
		tokens := strings.Fields(line)
		lo, hi := max(-r, -r-y), min(r, r-y)
		if len(tokens) != hi-lo+1 {
			t.Fatalf("row %d %q is not %d cells", y+r+1, line, hi-lo+1)
		}
		for k, tok := range tokens {
			if tok == "." {
				continue
			}
			c := int(topology.At(lo+k, y))
			p := strings.IndexByte("WB", tok[0])
			h := 1
			if len(tok) > 1 {
				var err error
				if h, err = strconv.Atoi(tok[1:]); err != nil {
					t.Fatalf("bad token %q", tok)
				}
			}
			if p < 0 || h < 1 || h > piecesEach {
				t.Fatalf("bad token %q", tok)
			}
			s.own[p] |= 1 << c
			s.height[c] = uint8(h)
		}
	}
	s.Zobrist = s.ComputeHash()
	s.hist.Push(s.Zobrist)
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

// stacks lists the occupied cells as "label:W2" tokens, for comparing positions.
func stacks(s *State) []string {
	var out []string
	for c := range numCells {
		if ps := s.Pieces(board.Site(c), nil); len(ps) > 0 {
			out = append(out, topology.Label(board.Site(c))+":"+"WB"[ps[0].Owner:ps[0].Owner+1]+strconv.Itoa(len(ps)))
		}
	}
	slices.Sort(out)
	return out
}

// movesFrom lists the legal moves that leave the cell from, sorted.
func movesFrom(s *State, from string) []string {
	var out []string
	for _, text := range rulestest.MoveTexts(s) {
		if strings.HasPrefix(text, from+"x") {
			out = append(out, text)
		}
	}
	return out
}

func TestInitialPosition(t *testing.T) {
	s := start(t)
	for p, cells := range setup {
		if len(cells) != piecesEach {
			t.Errorf("player %d starts with %d pieces, want %d (rulebook)", p, len(cells), piecesEach)
		}
		for _, l := range cells {
			ps := s.Pieces(site(t, l), nil)
			if len(ps) != 1 || ps[0].Owner != rules.Player(p) {
				t.Errorf("%s holds %v, want one piece of player %d", l, ps, p)
			}
		}
	}
	if s.ToMove() != 0 || s.MidTurn() {
		t.Fatalf("White moves first:\n%s", s)
	}
	if s.own[0]&goalMask[1] != 0 || s.own[1]&goalMask[0] != 0 || s.own[0]&goalMask[0] != 0 || s.own[1]&goalMask[1] != 0 {
		t.Errorf("the goal rows must start empty")
	}
	// The independently worked count: 12 forward jumps from row 2 over row 3, and 18
	// sideways jumps along rows 2 and 3 that stack on a friendly piece.
	forwardN, sideways := 0, 0
	for _, m := range s.LegalMoves(nil) {
		from, to := topology.Info(m.Path[0]), topology.Info(m.Path[1])
		switch {
		case to.Row > from.Row:
			forwardN++
		case to.Row == from.Row && s.own[0]>>m.Path[1]&1 != 0:
			sideways++
		default:
			t.Errorf("unexpected opening move %s", rules.FormatMove(s, m))
		}
	}
	if forwardN != 12 || sideways != 18 {
		t.Errorf("%d forward and %d sideways opening moves, want 12 and 18", forwardN, sideways)
	}
	if got := s.Prompt(); got != "jump" {
		t.Errorf("prompt %q, want jump", got)
	}
}

func TestMarks(t *testing.T) {
	s := start(t)
	var got [2][]string
	for _, m := range s.Marks(nil) {
		if m.Kind != rules.Goal {
			t.Errorf("mark %+v is not a goal", m)
			continue
		}
		got[m.Owner] = append(got[m.Owner], topology.Label(m.Site))
	}
	want := [2][]string{{"a9", "b9", "c9", "d9", "e9"}, {"e1", "f1", "g1", "h1", "i1"}}
	for p := range got {
		slices.Sort(got[p])
		if !slices.Equal(got[p], want[p]) {
			t.Errorf("player %d goals %v, want %v (the far row)", p, got[p], want[p])
		}
	}
}

// TestJumpRules lists the jumps of one piece in positions built for each clause of the
// movement rules.
func TestJumpRules(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		toMove  rules.Player
		from    string
		want    []string
	}{
		{"pieces move only by jumping: a piece with no neighbour has no move", `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . . . . .
			. . . . . . . . .
			 . . . . W . . .
			  . . . . . . .
			   . . . . . .
			    . . . . .`, 0, "f4", nil},
		{"forward over either colour onto an empty cell; never sideways or backward onto one", `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . . . . .
			. . . W B . . . .
			 . . W W B . . .
			  . . B W . . .
			   . . . . . .
			    . . . . .`, 0, "e4", []string{"e4xc6", "e4xe6"}},
		{"a jump needs an adjacent piece: an empty cell between does not count", `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . . . . .
			. . . . . . W . .
			 . . . . . . . .
			  . . . . W . .
			   . . . . . .
			    . . . . .`, 0, "g3", nil},
		{"sideways and backward onto a friendly piece of the same height climb higher", `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . . . . .
			. . . . . . . . .
			 . . W W W W W .
			  . . . W W . .
			   . . W . . .
			    . . . . .`, 0, "f4", []string{"f4xd4", "f4xf2", "f4xh4"}},
		{"from a stack of two, only a friendly stack of two or more is high enough", `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . . . . .
			. . . . . . . . .
			 . . . W W W2 W W2
			  . . . . . . .
			   . . . . . .
			    . . . . .`, 0, "g4", []string{"g4xi4"}},
		{"sideways and backward captures, of a piece or a whole stack", `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . . . . .
			. . . . . . . . .
			 . . . B W W B3 .
			  . . . . W . .
			   . . . . B .
			    . . . . .`, 0, "f4", []string{"f4xh2", "f4xh4"}},
		{"forward onto a friendly stack of any height, from any height", `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . W5 . . .
			. . . . B . . . .
			 . . . W3 . . . .
			  . . . . . . .
			   . . . . . .
			    . . . . .`, 0, "e4", []string{"e4xe6"}},
		{"a stack is jumped like one piece", `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . . . . .
			. . . . . B4 . . .
			 . . . . W . . .
			  . . . . . . .
			   . . . . . .
			    . . . . .`, 0, "f4", []string{"f4xf6"}},
		{"no jump off the board", `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . . . . .
			. . . . . . . . .
			 . . . . . . . .
			  . . . . . . .
			   . . . . . .
			    W W . . .`, 0, "e1", nil},
		{"Black's forward is down the board", `
			    . . . . .
			   . . . . W .
			  . . . . B . .
			 . . . . W B . .
			. . . . . . . . .
			 . . . . . . . .
			  . . . . W . .
			   . . . . . .
			    . . . . .`, 1, "e7", []string{"e7xe5", "e7xg5"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.diagram, tc.toMove)
			if got := movesFrom(s, tc.from); !slices.Equal(got, tc.want) {
				t.Errorf("jumps from %s: %v, want %v\n%s", tc.from, got, tc.want, s)
			}
		})
	}
}

// TestApply checks what a jump does to the board: the jumped piece stays, landing on a
// friendly piece stacks, landing on an enemy piece or stack takes all of it, and only the
// top piece of a stack leaves.
func TestApply(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		move    string
		want    []string
	}{
		{"the jumped piece is not affected", `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . . . . .
			. . . . . . . . .
			 . . . . . . . .
			  . . . . . . .
			   . . . B . .
			    . . W . .`, "g1xg3", []string{"f8:B1", "g2:B1", "g3:W1"}},
		{"landing on a friendly piece makes a stack", `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . . . . .
			. . . . . . . . .
			 . . . . . . . .
			  . . . . . . .
			   . . W W W .
			    . . . . .`, "f2xh2", []string{"f8:B1", "g2:W1", "h2:W2"}},
		{"landing on an enemy stack captures all of it; the piece stands alone", `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . . . . .
			. . . . . . . . .
			 . . . . . . . .
			  . . . . . . .
			   . . W W B4 .
			    . . . . .`, "f2xh2", []string{"f8:B1", "g2:W1", "h2:W1"}},
		{"only the top piece of a stack moves", `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . . . . .
			. . . . . . . . .
			 . . . . . . . .
			  . . . . W . .
			   . . . W3 . .
			    . . . . .`, "g2xg4", []string{"f8:B1", "g2:W2", "g3:W1", "g4:W1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.diagram, 0)
			rulestest.Play(t, s, tc.move)
			if got := stacks(s); !slices.Equal(got, tc.want) {
				t.Errorf("after %s: %v, want %v\n%s", tc.move, got, tc.want, s)
			}
			if s.Hash() != s.ComputeHash() {
				t.Errorf("hash out of date")
			}
		})
	}
}

func TestCaptures(t *testing.T) {
	s := start(t)
	rulestest.Play(t, s, "g2xg4", "a8xa6", "h3xf5", "d8xf6")
	tests := []struct {
		move string
		want []board.Site
	}{
		{"f5xf7", []board.Site{site(t, "f7")}},
		{"d2xd4", nil},
	}
	for _, tc := range tests {
		m, err := rules.ParseMove(s, tc.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Captures(m, nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s captures %v, want %v", tc.move, got, tc.want)
		}
	}
	rulestest.CapturesAreEnemies(t, s)
}

func TestNoChainJumps(t *testing.T) {
	s := start(t)
	rulestest.Play(t, s, "d2xd4")
	if s.ToMove() != 1 || s.MidTurn() {
		t.Fatalf("a turn is a single jump; Black should move now:\n%s", s)
	}
}

// goalDiagram has White's c7 ready to jump over c8 onto its goal c9, and Black's d6 a
// quiet reply over d5. The variants below add a black b9, from which a9 can jump onto c9,
// or a black piece on c9 itself.
const goalDiagram = `
	    B . . . .
	   . . B . . .
	  . . W . . . .
	 . . . B . . . .
	. . . W . . . . .
	 . . . . . . . .
	  . . . . . . .
	   . . . . . .
	    . . . . .`

func goalPosition(t testing.TB, row9 string, toMove rules.Player) *State {
	t.Helper()
	return position(t, strings.Replace(goalDiagram, "B . . . .", row9, 1), toMove)
}

func TestEnd(t *testing.T) {
	t.Run("a piece on the goal wins once it survives the reply", func(t *testing.T) {
		s := position(t, goalDiagram, 0)
		rulestest.Play(t, s, "c7xc9")
		if _, over := s.Outcome(); over {
			t.Fatalf("reaching the goal does not win at once:\n%s", s)
		}
		if s.Prompt() != "capture-goal" {
			t.Errorf("prompt %q, want capture-goal", s.Prompt())
		}
		rulestest.Play(t, s, "d6xd4")
		o, over := s.Outcome()
		if !over || o.Winner != 0 || o.Reason != "goal" {
			t.Fatalf("outcome %+v %v, want a White goal win\n%s", o, over, s)
		}
	})
	t.Run("capturing the piece on the goal saves the game", func(t *testing.T) {
		s := goalPosition(t, "B B . . .", 0)
		rulestest.Play(t, s, "c7xc9", "a9xc9")
		if _, over := s.Outcome(); over {
			t.Fatalf("the goal piece was captured; the game goes on:\n%s", s)
		}
	})
	t.Run("reaching the goal by a capture still has to survive a turn", func(t *testing.T) {
		s := goalPosition(t, "B . B . .", 0)
		rulestest.Play(t, s, "c7xc9")
		if _, over := s.Outcome(); over || s.own[1]>>site(t, "c9")&1 != 0 {
			t.Fatalf("c9 captured, game goes on:\n%s", s)
		}
		rulestest.Play(t, s, "d6xd4")
		if o, _ := s.Outcome(); o.Winner != 0 || o.Reason != "goal" {
			t.Fatalf("outcome %+v, want a White goal win", o)
		}
	})
	t.Run("Black's goal is row 1", func(t *testing.T) {
		s := position(t, `
			    . . . . .
			   . . . . . .
			  . . . . . . .
			 . . . . . . . .
			. . . W . . . . .
			 . . W . . . . .
			  . . . . B . .
			   . . . W . .
			    . . . . .`, 1)
		rulestest.Play(t, s, "g3xg1", "d4xd6")
		if o, _ := s.Outcome(); o.Winner != 1 || o.Reason != "goal" {
			t.Fatalf("outcome %+v, want a Black goal win\n%s", o, s)
		}
	})
	t.Run("a player without a jump loses", func(t *testing.T) {
		s := position(t, `
			    . . . . .
			   . . . . . B
			  . . . . . . .
			 . . . . . . . .
			. . . . . . . . .
			 . . . . . . . .
			  . B . . . . .
			   W . . . . .
			    . . . . .`, 0)
		rulestest.Play(t, s, "d2xd4")
		if o, _ := s.Outcome(); o.Winner != 0 || o.Reason != "no-moves" {
			t.Fatalf("outcome %+v, want Black to lose without a jump\n%s", o, s)
		}
	})
	t.Run("a player without pieces loses", func(t *testing.T) {
		s := position(t, `
			    . . . . .
			   . . . . . .
			  . . . . . . .
			 . . . . . . . .
			. . . . . . . . .
			 . . . . . . . .
			  . . . . . . .
			   . . . . . .
			    . W W B2 .`, 0)
		rulestest.Play(t, s, "f1xh1")
		if o, _ := s.Outcome(); o.Winner != 0 || o.Reason != "no-moves" {
			t.Fatalf("outcome %+v, want Black to lose with no pieces\n%s", o, s)
		}
	})
}

// TestRepetition plays the cycle that made Koma add a repetition rule: a piece jumps
// forward off a friendly piece and climbs back onto it, for both players; the start comes
// round a third time and the game is drawn.
func TestRepetition(t *testing.T) {
	s := position(t, `
		    . . . . .
		   . . . . . B2
		  . . . . . B .
		 . . . . . . . .
		. . . . . . . . .
		 . . . . . . . .
		  . . . . . . .
		   . . W . . .
		    . W2 . . .`, 0)
	cycle := []string{"f1xf3", "f8xf6", "f3xf1", "f6xf8"}
	rulestest.Play(t, s, cycle...)
	rulestest.Play(t, s, cycle[:3]...)
	if _, over := s.Outcome(); over {
		t.Fatalf("over before the third occurrence:\n%s", s)
	}
	rulestest.Play(t, s, cycle[3])
	if o, _ := s.Outcome(); o.Winner != rules.NoPlayer || o.Reason != "repetition" {
		t.Fatalf("outcome %+v, want a draw by repetition", o)
	}
}

func TestQuiet(t *testing.T) {
	s := position(t, `
		    . . . . .
		   . . . . . B2
		  . . . . . B .
		 . . . . . . . .
		. . . . . . . . .
		 . . . . . . . .
		  . . . . . . .
		   . . W . . .
		    . W2 . . .`, 0)
	s.quiet = QuietLimit - 2
	rulestest.Play(t, s, "f1xf3")
	if _, over := s.Outcome(); over {
		t.Fatalf("over after %d quiet turns", QuietLimit-1)
	}
	rulestest.Play(t, s, "f8xf6")
	if o, _ := s.Outcome(); o.Winner != rules.NoPlayer || o.Reason != "quiet" {
		t.Fatalf("outcome %+v, want a quiet draw", o)
	}
	if s.hist.Cap() <= QuietLimit {
		t.Errorf("the history holds %d positions, the quiet rule needs %d", s.hist.Cap(), QuietLimit+1)
	}
}

func TestCaptureResetsQuiet(t *testing.T) {
	s := goalPosition(t, "B . B . .", 0)
	s.quiet = 50
	rulestest.Play(t, s, "c7xc9")
	if s.quiet != 0 || s.hist.Len() != 1 {
		t.Errorf("after a capture: quiet %d, history %d, want 0 and 1", s.quiet, s.hist.Len())
	}
}

func TestWhyNot(t *testing.T) {
	s := position(t, `
		    . . . . .
		   . . . . . B
		  . . . . . . .
		 . . . . . . . .
		. . . . . . . . .
		 . . . . W . . B
		  . . . W2 W W .
		   . . . . . .
		    . W . . .`, 0)
	tests := []struct {
		path []string
		want string
	}{
		{[]string{"e5"}, "empty"},
		{[]string{"i4"}, "not-yours"},
		{[]string{"f1"}, "stuck"},
		{[]string{"f3"}, ""},
		{[]string{"f3", "f5"}, ""},
		{[]string{"f3", "f4"}, "not-a-jump"},
		{[]string{"f3", "d3"}, "nothing-to-jump"},
		{[]string{"g3", "i3"}, "needs-capture-or-climb"},
		{[]string{"g3", "e3"}, "needs-capture-or-climb"},
		{[]string{"f3", "h3"}, "not-higher"},
		{[]string{"h3", "f3"}, ""},
	}
	for _, tc := range tests {
		var path []board.Site
		for _, l := range tc.path {
			path = append(path, site(t, l))
		}
		if got := s.WhyNot(path); got != tc.want {
			t.Errorf("WhyNot(%v) = %q, want %q", tc.path, got, tc.want)
		}
	}
}

func TestPerft(t *testing.T) {
	rulestest.Perft(t, rulestest.Spec(t, Game, ""), "stride", 4)
}

func TestConformance(t *testing.T) {
	for _, p := range Game.Presets {
		rulestest.Conformance(t, rulestest.Spec(t, Game, p))
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

func TestHashConsistency(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if s.Hash() != s.ComputeHash() {
				t.Fatalf("seed %d: hash %x, recomputed %x\n%s", seed, s.Hash(), s.ComputeHash(), s)
			}
		})
	}
}

func TestEvaluate(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if _, over := s.Outcome(); over {
				return
			}
			a, b := s.Evaluate(0), s.Evaluate(1)
			if a != -b || a <= -1 || a >= 1 {
				t.Fatalf("Evaluate %v and %v: not antisymmetric in (-1,1)\n%s", a, b, s)
			}
		})
	}
	s := position(t, goalDiagram, 0)
	before := s.Evaluate(0)
	rulestest.Play(t, s, "c7xc9")
	if after := s.Evaluate(0); after <= before {
		t.Errorf("reaching the goal should look better for White: %v then %v", before, after)
	}
}

func TestPlayoutMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	s := goalPosition(t, "B B . . .", 0)
	moves := s.LegalMoves(nil)
	if got := rules.FormatMove(s, moves[s.PlayoutMove(moves, rng)]); got != "c7xc9" {
		t.Errorf("playout plays %s, want the jump onto the goal c7xc9", got)
	}
	rulestest.Play(t, s, "c7xc9")
	moves = s.LegalMoves(nil)
	if got := rules.FormatMove(s, moves[s.PlayoutMove(moves, rng)]); got != "a9xc9" {
		t.Errorf("playout plays %s, want the capture on the goal a9xc9", got)
	}
	for seed := uint64(1); seed <= 10; seed++ {
		rulestest.WalkRandomGame(t, start(t), seed, func(s *State) {
			if moves := s.LegalMoves(nil); len(moves) > 0 {
				if i := s.PlayoutMove(moves, rng); i < 0 || i >= len(moves) {
					t.Fatalf("PlayoutMove returned %d of %d", i, len(moves))
				}
			}
		})
	}
}

func TestPrompt(t *testing.T) {
	tests := []struct {
		name  string
		moves []string
		want  string
	}{
		{"an ordinary turn", nil, "jump"},
		{"the opponent stands on its goal", []string{"c7xc9"}, "capture-goal"},
		{"the game is over", []string{"c7xc9", "d6xd4"}, ""},
	}
	for _, tc := range tests {
		s := position(t, goalDiagram, 0)
		rulestest.Play(t, s, tc.moves...)
		if got := s.Prompt(); got != tc.want {
			t.Errorf("%s: prompt %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestGamesEnd plays random games through RandomMove and checks that each ends within
// Game.MaxTurns, the bound the quiet rule proves.
func TestGamesEnd(t *testing.T) {
	for seed := uint64(1); seed <= 50; seed++ {
		s := start(t)
		rng := rand.New(rand.NewPCG(seed, 9))
		for turns := 0; ; turns++ {
			m, ok := s.RandomMove(rng)
			if !ok {
				break
			}
			if turns >= Game.MaxTurns {
				t.Fatalf("seed %d: no end after %d turns", seed, turns)
			}
			s.Apply(m)
		}
	}
}

func BenchmarkPlayout(b *testing.B) { rulestest.BenchPlayout(b, start(b)) }

// BenchmarkRandomMovePlayout plays random games through RandomMove, as the AI's playouts
// and komacli bench do.
func BenchmarkRandomMovePlayout(b *testing.B) { rulestest.BenchRandomMovePlayout(b, start(b)) }

// TestJumpSetsMatchJumps checks the masks of jumpSets, which RandomMove, LegalMoves and
// Apply use, against jumps, which tries each cell and direction in turn, on random
// positions with stacks of either colour, with the heights of short stacks known or not.
func TestJumpSetsMatchJumps(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 20000 {
		s := &State{Status: rules.Status{Winner: rules.NoPlayer}}
		for c := range numCells {
			if rng.IntN(3) == 0 {
				continue
			}
			s.own[rng.IntN(2)] |= 1 << c
			s.height[c] = uint8(1 + rng.IntN(1+rng.IntN(4)))
			if s.height[c] == 1 && i%2 == 0 {
				s.short |= 1 << c
			}
		}
		for p := range rules.Player(2) {
			var set [6]uint64
			s.jumpSets(p, &set)
			for c := range numCells {
				want := uint8(0)
				if s.own[p]>>c&1 != 0 {
					want = s.jumps(p, c)
				}
				if got := jumpsOf(&set, c); got != want {
					t.Fatalf("%s to move, %s: jumpSets %06b, jumps %06b\n%s", rules.SideName(s, p),
						topology.Label(board.Site(c)), got, want, s)
				}
			}
			if got, want := s.hasMove(p), slices.ContainsFunc(set[:], func(m uint64) bool { return m != 0 }); got != want {
				t.Fatalf("hasMove %v, jumpSets %v\n%s", got, want, s)
			}
		}
	}
}
