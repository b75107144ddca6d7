package mabi

import (
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func start(t testing.TB) *State { return rulestest.Start[*State](t, Game, "") }

// sq returns the site of a square's label.
func sq(label string) board.Site {
	s, err := topo.Parse(label)
	if err != nil {
		panic(err)
	}
	return s
}

// position builds a position from a diagram: one line per rank, rank 8 first, one token
// per square: O (White), o (Black) or . (empty), the letters rules.Text uses. The
// position is past White's first turn, its board is the only one in the history and every
// group counts as formed at the start.
func position(t testing.TB, diagram string, toMove rules.Player) *State {
	t.Helper()
	rows := strings.Split(strings.TrimSpace(diagram), "\n")
	if len(rows) != size {
		t.Fatalf("diagram has %d ranks", len(rows))
	}
	s := &State{Status: rules.Status{Turn: toMove, Winner: rules.NoPlayer}, lock: rules.NoPlayer, turns: 10}
	for i, row := range rows {
		tokens := strings.Fields(row)
		if len(tokens) != size {
			t.Fatalf("rank %d of the diagram has %d squares", size-i, len(tokens))
		}
		for col, tok := range tokens {
			b := uint64(1) << ((size-1-i)*size + col)
			switch tok {
			case "O":
				s.pieces[0] |= b
			case "o":
				s.pieces[1] |= b
			case ".":
			default:
				t.Fatalf("bad square %q", tok)
			}
		}
	}
	s.board = s.boardHash()
	s.Zobrist = s.ComputeHash()
	s.regroup(0)
	s.regroup(1)
	s.record()
	return s
}
