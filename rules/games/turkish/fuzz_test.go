package turkish

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// FuzzPlayout plays a seeded random game, with the naive implementation as referee for
// every whole turn and the result, and checks the state's invariants after every decision.
func FuzzPlayout(f *testing.F) {
	for seed := uint64(0); seed < 8; seed++ {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		refereeGame(t, seed)
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
	all := [4]uint64{s.men[0], s.men[1], s.kings[0], s.kings[1]}
	total := 0
	var union uint64
	for _, m := range all {
		total += bits.OnesCount64(m)
		union |= m
	}
	switch {
	case bits.OnesCount64(union) != total:
		t.Fatalf("two pieces on one square\n%s", rules.Text(s))
	case bits.OnesCount64(s.men[0]|s.kings[0]) > 16 || bits.OnesCount64(s.men[1]|s.kings[1]) > 16:
		t.Fatalf("too many pieces\n%s", rules.Text(s))
	case s.men[0]&rank1 != 0 || s.men[1]&rank8 != 0:
		t.Fatalf("a man behind its start\n%s", rules.Text(s))
	case s.chain < 0 && (s.men[0]&rank8 != 0 || s.men[1]&rank1 != 0):
		t.Fatalf("a man on the far rank between turns\n%s", rules.Text(s))
	case s.Hash() != s.ComputeHash():
		t.Fatalf("incremental hash %x, recomputed %x", s.Hash(), s.ComputeHash())
	case s.chain < 0 && int(s.quiet)+1 != s.hist.Len():
		t.Fatalf("quiet %d but %d positions remembered", s.quiet, s.hist.Len())
	case s.MidTurn() && s.Over:
		t.Fatalf("over in the middle of a chain")
	}
}

// FuzzParseMove feeds arbitrary text to ParseMove, and an arbitrary move to rules.Play, in
// positions of seeded random games: neither may panic, and each may accept only legal moves.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a3-a4", "d3xd5", "a1xh1", "a3", "@c3", "stop", "", "a1-", "-", "x", "z9-a1", " e3-e4 "} {
		f.Add(s, uint64(len(s)), uint8(30), []byte{3, 20, 36})
	}
	f.Fuzz(func(t *testing.T, text string, seed uint64, plies uint8, path []byte) {
		rulestest.UntrustedInput(t, start(t), seed, int(plies), 120, text, path)
	})
}
