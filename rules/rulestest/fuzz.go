package rulestest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
)

// UntrustedInput is the body of a game's FuzzParseMove: it plays plies seeded random
// decisions from st (at most maxPlies), then feeds text to ParseMove and a move built from
// path (its first byte the kind, the rest sites, possibly off the board) to rules.Play.
// Neither may panic, each may accept only legal moves, and a refused move leaves the
// position as it was.
func UntrustedInput(t *testing.T, st rules.State, seed uint64, plies, maxPlies int, text string, path []byte) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 5))
	for range plies % maxPlies {
		moves := st.LegalMoves(nil)
		if len(moves) == 0 {
			break
		}
		st.Apply(moves[rng.IntN(len(moves))])
	}
	if m, err := rules.ParseMove(st, text); err == nil {
		if !rules.IsLegal(st, m) || rules.FormatMove(st, m) != strings.TrimSpace(text) {
			t.Fatalf("ParseMove(%q) gave %v", text, m)
		}
	}
	var m rules.Move
	if len(path) > 0 {
		m.Kind = rules.MoveKind(path[0] % uint8(rules.Choose+1))
		for _, b := range path[1:min(len(path), rules.MaxPath+1)] {
			m.Path[m.Len] = board.Site(int(b) - 3)
			m.Len++
		}
	}
	legal := rules.IsLegal(st, m)
	before := st.Hash()
	err := rules.Play(st, m)
	if (err == nil) != legal {
		t.Fatalf("Play(%v): error %v, legal %v", m, err, legal)
	}
	if err != nil && st.Hash() != before {
		t.Fatalf("a rejected move changed the position")
	}
}
