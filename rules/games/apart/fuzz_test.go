package apart

import (
	"math/rand/v2"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// FuzzPlayout plays a seeded random game with the naive implementation as referee for
// every whole turn, then a random game decision by decision, checking the state's
// invariants and that no chain in progress is ever left without a legal decision.
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
				if s.MidTurn() {
					t.Fatalf("a chain with no way to end\n%s", rules.Text(s))
				}
				return
			}
			s.Apply(moves[rng.IntN(len(moves))])
		}
	})
}

// FuzzParseMove feeds arbitrary text to ParseMove, and an arbitrary move to rules.Play, in
// positions of seeded random games: neither may panic, and each may accept only legal moves.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"d2xd4", "b1-a2", "c5xe5", "stop", "pass", "", "a1-", "-", "x", "z9-a1", " d2xd4 "} {
		f.Add(s, uint64(len(s)), uint8(30), []byte{3, 20, 36})
	}
	f.Fuzz(func(t *testing.T, text string, seed uint64, plies uint8, path []byte) {
		rulestest.UntrustedInput(t, start(t), seed, int(plies), 120, text, path)
	})
}
