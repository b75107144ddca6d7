package turkish

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func TestInitialPosition(t *testing.T) {
	s := start(t)
	want := `
		. . . . . . . .
		o o o o o o o o
		o o o o o o o o
		. . . . . . . .
		. . . . . . . .
		O O O O O O O O
		O O O O O O O O
		. . . . . . . .`
	if got, w := rules.Text(s), rules.Text(position(t, want, 0)); got != w {
		t.Errorf("initial position\n%s\nwant\n%s", got, w)
	}
	if s.ToMove() != 0 || Game.Sides[0].Colour != rules.White {
		t.Errorf("White must move first")
	}
	if got := rulestest.MoveTexts(s); len(got) != 8 {
		t.Errorf("first moves %v, want the 8 steps forward from rank 3", got)
	}
	if Game.Style != rules.Plain || Game.Looks[king] != rules.Crowned {
		t.Errorf("every square is used and kings are crowned: style %v, looks %v", Game.Style, Game.Looks)
	}
}

// TestMoves covers the plain moves: a man one square forward or sideways, never back or
// diagonally; a king any distance along a rank or file through empty squares.
func TestMoves(t *testing.T) {
	tests := []struct {
		name, board string
		toMove      rules.Player
		want        []string
	}{
		{"a white man goes forward or sideways", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . O . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .`, 0, []string{"d4-c4", "d4-d5", "d4-e4"}},
		{"a black man's forward is down the board", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . o . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .`, 1, []string{"d4-c4", "d4-d3", "d4-e4"}},
		{"pieces block, and the edge", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			O . . . . . . .
			O O . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .`, 0, []string{"a5-a6", "a5-b5", "b4-b5", "b4-c4"}},
		{"a king moves like a rook, stopped by any piece", `
			. . . . . . . .
			. . . O . . . .
			. . . . . . . .
			. . . . . . . .
			. O . K . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .`, 0, []string{
			"b4-a4", "b4-b5", "b4-c4", "d4-c4", "d4-d1", "d4-d2", "d4-d3", "d4-d5", "d4-d6",
			"d4-e4", "d4-f4", "d4-g4", "d4-h4", "d7-c7", "d7-d8", "d7-e7"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.board, tc.toMove)
			if got := rulestest.MoveTexts(s); !slices.Equal(got, tc.want) {
				t.Errorf("moves %v, want %v\n%s", got, tc.want, rules.Text(s))
			}
		})
	}
}

// TestCaptures lists the whole turns of positions built from the rulebook's capture rules.
func TestCaptures(t *testing.T) {
	tests := []struct {
		name, board string
		toMove      rules.Player
		want        []string
	}{
		{"a man jumps forward or sideways, never backward, and must", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . o . . . .
			. . o O o . . .
			. . . o . . . .
			. . . . . . . .
			. . . . . . . .`, 0, []string{"d4xb4", "d4xd6", "d4xf4"}},
		{"no diagonal capture, so the man steps", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . o . o . . .
			. . . O . . . .
			. . o . o . . .
			. . . . . . . .
			. . . . . . . .`, 0, []string{"d4-c4", "d4-d5", "d4-e4"}},
		{"the chain goes on, changing direction; all of it is one turn", `
			. . . . . . . .
			. . . . . . . .
			. . . o . . . .
			. . . . . . . .
			. . . o . . . .
			. . . O o . . .
			. . . . . . . .
			. . . . . . . .`, 0, []string{"d3xd5xd7"}},
		{"the maximum rule picks the longer route, whichever piece makes it", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . o .
			o . . . . . . .
			O . . . . . o .
			. . . . . . O .
			. . . . . . . .`, 0, []string{"g2xg4xg6"}},
		{"equal routes are a free choice, a man's and a king's alike", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			o . . . . . . .
			O . . . . . . .
			. . . . . . . .
			. . . . . o . K`, 0, []string{"a3xa5", "h1xa1", "h1xb1", "h1xc1", "h1xd1", "h1xe1"}},
		{"a king jumps from afar and lands anywhere beyond", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			K . . o . . . .`, 0, []string{"a1xe1", "a1xf1", "a1xg1", "a1xh1"}},
		{"two enemy pieces side by side cannot be jumped, nor can your own", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			o . . . . . . .
			o . . . . . . .
			. . . . . . . .
			K . . O o o . .`, 0, []string{"a1-a2", "a1-b1", "a1-c1", "d1-c1", "d1-d2"}},
		{"the landing square decides how many the king can go on to take", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . o . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			K . o . . . . .`, 0, []string{"a1xf1xf6", "a1xf1xf7", "a1xf1xf8"}},
		{"a king never turns back, even over the square it left", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . o . . .
			. . . . K . . .
			. . . . . . . .
			. . . . o . . .
			. . . . . . . .`, 0, []string{"e4xe1", "e4xe6", "e4xe7", "e4xe8"}},
		{"a quarter turn is allowed", `
			. . . . . . . .
			. . . o . . . .
			. . . . . . . .
			. . . . o . . .
			. . . . K . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .`, 0, []string{"e4xe7xa7", "e4xe7xb7", "e4xe7xc7"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.board, tc.toMove)
			got, _ := wholeTurns(s)
			if !slices.Equal(got, tc.want) {
				t.Errorf("turns %v, want %v\n%s", got, tc.want, rules.Text(s))
			}
			if want := naiveTexts(naiveOf(s)); !slices.Equal(got, want) {
				t.Errorf("turns %v, the naive rules %v", got, want)
			}
		})
	}
}

// TestRemovedAtOnce follows the rulebook: a jumped piece leaves the board before the next
// jump, so its square can be crossed later in the same chain. The only route that takes all
// four pieces crosses b4, the first piece taken.
func TestRemovedAtOnce(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . o . . . . .
		. . . o . . . .
		K o . . . . . .
		. . . . . . . .
		. o . . . . . .
		. . . . . . . .`, 0)
	got, after := wholeTurns(s)
	if !slices.Equal(got, []string{"a4xd4xd6xb6xb1"}) {
		t.Fatalf("turns %v, want only a4xd4xd6xb6xb1\n%s", got, rules.Text(s))
	}
	if o, over := after[got[0]].Outcome(); !over || o.Reason != "captured-all" || o.Winner != 0 {
		t.Errorf("outcome %+v, %v", o, over)
	}
}

// TestHopByHop checks the encoding: each jump is one decision, the chain keeps the same
// player to move with MidTurn true, only the capturing piece may go on, and only along a
// route that still takes the most pieces.
func TestHopByHop(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . o . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		K . o . . . . .`, 0)
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"a1xf1"}) {
		t.Fatalf("first jumps %v, want only a1xf1: d1, e1, g1 and h1 lead nowhere", got)
	}
	if s.Prompt() != "capture" {
		t.Errorf("prompt %q before a compulsory capture", s.Prompt())
	}
	rulestest.Play(t, s, "a1xf1")
	if !s.MidTurn() || s.ToMove() != 0 || s.Prompt() != "chain" {
		t.Fatalf("after the first jump: MidTurn %v, to move %d, prompt %q", s.MidTurn(), s.ToMove(), s.Prompt())
	}
	if len(s.Pieces(board.Site(2), nil)) != 0 {
		t.Errorf("the jumped piece on c1 is still there")
	}
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"f1xf6", "f1xf7", "f1xf8"}) {
		t.Errorf("second jumps %v", got)
	}
	rulestest.Play(t, s, "f1xf8")
	if s.MidTurn() {
		t.Errorf("the chain is over but MidTurn is true")
	}
}

// TestPromotion: a man that ends its move on the far rank becomes a king; a step there ends
// the turn, a capture there goes on as a man's capture if it can, and the crown comes at
// the end of the move.
func TestPromotion(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		O . . . . . . .
		. . . . . . . .
		. . . . . . . o
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . k`, 0)
	rulestest.Play(t, s, "a7-a8")
	if ps := s.Pieces(board.Site(56), nil); len(ps) != 1 || ps[0].Kind != king || s.ToMove() != 1 {
		t.Errorf("a step to the far rank: %v, to move %d", ps, s.ToMove())
	}

	// On the far rank the man can go on only as a man: sideways over an adjacent piece.
	// As a king it could also take b8 from afar, but it is not one yet.
	s = position(t, `
		. o . . . . . .
		. . . o . . . .
		. . . O . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . k`, 0)
	got, after := wholeTurns(s)
	if !slices.Equal(got, []string{"d6xd8"}) {
		t.Fatalf("turns %v, want d6xd8 alone\n%s", got, rules.Text(s))
	}
	if ps := after["d6xd8"].Pieces(board.Site(59), nil); len(ps) != 1 || ps[0].Kind != king {
		t.Errorf("not crowned at the end of the move: %v", ps)
	}
	s = position(t, `
		. . . . o . . .
		. . . o . . . .
		. . . O . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . k`, 0)
	rulestest.Play(t, s, "d6xd8")
	if !s.MidTurn() {
		t.Fatalf("the capture ended on the far rank with e8 still to take")
	}
	if ps := s.Pieces(board.Site(59), nil); len(ps) != 1 || ps[0].Kind != man {
		t.Errorf("crowned in the middle of the move: %v", ps)
	}
	rulestest.Play(t, s, "d8xf8")
	if ps := s.Pieces(board.Site(61), nil); len(ps) != 1 || ps[0].Kind != king {
		t.Errorf("not crowned after the chain: %v", ps)
	}
}

func TestEnds(t *testing.T) {
	tests := []struct {
		name, board string
		turn        string
		winner      rules.Player
		reason      string
	}{
		{"capturing the last piece wins", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . o . . . .
			. . . O . . . .
			. . . . . . . .
			. . . . . . . .
			O . . . . . . .`, "d4xd6", 0, "captured-all"},
		{"a player who cannot move loses", `
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .
			O . . . . . . O
			o O O . . . . .
			O . . . . . . .`, "h3-h4", 0, "no-moves"},
		{"one piece each is a draw", `
			. . . . . . . k
			. . . . . . . .
			. . . . . . . .
			. . . o . . . .
			. . . O . . . .
			. . . . . . . .
			. . . . . . . .
			. . . . . . . .`, "d4xd6", rules.NoPlayer, "one-each"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.board, 0)
			playTurn(t, s, tc.turn)
			o, over := s.Outcome()
			if !over || o.Winner != tc.winner || o.Reason != tc.reason {
				t.Errorf("outcome %+v (over %v), want %d %s\n%s", o, over, tc.winner, tc.reason, rules.Text(s))
			}
			if s.ToMove() != rules.NoPlayer || len(s.LegalMoves(nil)) != 0 {
				t.Errorf("moves after the end")
			}
		})
	}
}

// TestRepetition: the third occurrence of a position (the same pieces and the same player
// to move) draws; the position a game starts from is the first.
func TestRepetition(t *testing.T) {
	s := position(t, `
		. . . . . k . k
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		K . K . . . . .`, 0)
	shuffle := []string{"a1-b1", "h8-g8", "b1-a1", "g8-h8"}
	for i := range 8 {
		if _, over := s.Outcome(); over {
			t.Fatalf("over after %d turns", i)
		}
		rulestest.Play(t, s, shuffle[i%4])
	}
	if o, over := s.Outcome(); !over || o.Winner != rules.NoPlayer || o.Reason != "repetition" {
		t.Errorf("outcome %+v, %v after the third occurrence", o, over)
	}
}

// TestNoProgress: 100 turns in a row without a capture and without a man stepping forward
// draw (our rule). A man's sideways step does not count as progress; a forward step does.
func TestNoProgress(t *testing.T) {
	board := `
		. . . . . k . k
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. O . . . . . .
		K . K . . . . .`
	s := position(t, board, 0)
	s.quiet = quietLimit - 1
	rulestest.Play(t, s, "b2-c2")
	if o, over := s.Outcome(); !over || o.Winner != rules.NoPlayer || o.Reason != "no-progress" {
		t.Errorf("after a sideways step: outcome %+v, %v", o, over)
	}
	s = position(t, board, 0)
	s.quiet = quietLimit - 1
	rulestest.Play(t, s, "b2-b3")
	if _, over := s.Outcome(); over || s.quiet != 0 || s.hist.Len() != 1 {
		t.Errorf("a forward step: over %v, quiet %d, history %d", over, s.quiet, s.hist.Len())
	}
}

func TestPerft(t *testing.T) {
	rulestest.Perft(t, rulestest.Spec(t, Game, ""), "turkish", perftDepth)
}

// perftDepth keeps the golden file and the naive count under a few seconds.
const perftDepth = 6

// TestPerftIndependent compares rules.Perft with the naive implementation's count.
func TestPerftIndependent(t *testing.T) {
	depth := perftDepth
	if testing.Short() {
		depth = 4
	}
	got := rules.Perft(start(t), depth)
	want := naivePerft(naiveStart(), depth)
	if !slices.Equal(got, want) {
		t.Errorf("rules.Perft %v, naive %v", got, want)
	}
}

// TestAgainstNaive plays seeded random games with both implementations side by side and
// compares the whole turns and the outcome before every turn.
func TestAgainstNaive(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		refereeGame(t, seed)
	}
}

func refereeGame(t testing.TB, seed uint64) {
	t.Helper()
	s := start(t)
	n := naiveStart()
	rng := rand.New(rand.NewPCG(seed, 7))
	for turn := 0; ; turn++ {
		if turn > Game.MaxTurns {
			t.Fatalf("seed %d: no end after %d turns", seed, turn)
		}
		got, after := wholeTurns(s)
		want := naiveTexts(n)
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d turn %d: turns %v, naive %v\n%s", seed, turn, got, want, rules.Text(s))
		}
		if len(got) == 0 {
			o, _ := s.Outcome()
			w := rules.NoPlayer
			if n.winner == 'W' {
				w = 0
			} else if n.winner == 'B' {
				w = 1
			}
			if o.Reason != n.reason || o.Winner != w {
				t.Fatalf("seed %d: outcome %+v, naive %q %q", seed, o, n.winner, n.reason)
			}
			return
		}
		text := got[rng.IntN(len(got))]
		s.CopyFrom(after[text])
		for _, nt := range n.turns() {
			if nt.text() == text {
				n.play(nt)
				break
			}
		}
		if strings.Contains(text, "x") != (s.quiet == 0) && s.quiet != 0 {
			t.Fatalf("seed %d: a capture left quiet at %d", seed, s.quiet)
		}
	}
}
