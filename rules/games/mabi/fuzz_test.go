package mabi

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// FuzzPlayout plays a seeded random game with the naive implementation as referee for
// every turn, then a random game checking the state's invariants after every turn.
func FuzzPlayout(f *testing.F) {
	for seed := uint64(0); seed < 4; seed++ {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		refereeGame(t, seed, seed%2 == 1)
		s := start(t)
		rng := rand.New(rand.NewPCG(seed, 11))
		for {
			checkInvariants(t, s)
			moves := s.LegalMoves(nil)
			if len(moves) == 0 {
				return
			}
			s.Apply(moves[rng.IntN(len(moves))])
		}
	})
}

func checkInvariants(t *testing.T, s *State) {
	t.Helper()
	fresh := *s
	fresh.regroup(0)
	fresh.regroup(1)
	switch {
	case s.pieces[0]&s.pieces[1] != 0:
		t.Fatalf("two pieces on one square\n%s", rules.Text(s))
	case bits.OnesCount64(s.pieces[0]) != 16 || bits.OnesCount64(s.pieces[1]) != 16:
		t.Fatalf("pieces came or went\n%s", rules.Text(s))
	case s.Hash() != s.ComputeHash() || s.board != s.boardHash():
		t.Fatalf("incremental hash %x, recomputed %x", s.Hash(), s.ComputeHash())
	case fresh.frozen() != s.frozen() || fresh.paralysed(0) != s.paralysed(0) || fresh.paralysed(1) != s.paralysed(1):
		t.Fatalf("the kept group lists disagree with fresh ones\n%s", rules.Text(s))
	case int(s.turns) > Game.MaxTurns || s.hist.Len() > int(s.turns)+1:
		t.Fatalf("past the turn limit")
	}
}

// FuzzParseMove feeds arbitrary text to ParseMove, and an arbitrary move to rules.Play, in
// positions of seeded random games: neither may panic, and each may accept only legal moves.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a1-b1", "c3-c4", "pass", "", "a1-", "-", "x", "z9-a1", " a1-b1 ", "a1xb1"} {
		f.Add(s, uint64(len(s)), uint8(30), []byte{3, 20, 36})
	}
	f.Fuzz(func(t *testing.T, text string, seed uint64, plies uint8, path []byte) {
		rulestest.UntrustedInput(t, start(t), seed, int(plies), 250, text, path)
	})
}
