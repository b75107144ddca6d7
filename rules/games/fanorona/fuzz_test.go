package fanorona

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// FuzzPlayout plays a seeded random game with the naive implementation as referee for
// every whole turn, then a random game decision by decision, checking the state's
// invariants after every decision.
func FuzzPlayout(f *testing.F) {
	for seed := uint64(0); seed < 4; seed++ {
		f.Add(seed, uint8(seed))
	}
	f.Fuzz(func(t *testing.T, seed uint64, preset uint8) {
		options := []string{"", "board=dimy", "end=forward", "board=dimy,end=draw"}[preset%4]
		refereeGame(t, options, seed)
		s := start(t, options)
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
	switch {
	case s.pieces[0]&s.pieces[1] != 0:
		t.Fatalf("two pieces on one point\n%s", rules.Text(s))
	case (s.pieces[0]|s.pieces[1])&^s.v.all != 0:
		t.Fatalf("a piece off the board")
	case bits.OnesCount64(s.pieces[0]) > s.v.per || bits.OnesCount64(s.pieces[1]) > s.v.per:
		t.Fatalf("pieces came from nowhere\n%s", rules.Text(s))
	case s.Hash() != s.ComputeHash():
		t.Fatalf("incremental hash %x, recomputed %x", s.Hash(), s.ComputeHash())
	case s.at < 0 && (s.last >= 0 || s.visited != 0):
		t.Fatalf("chain data between turns")
	case s.at >= 0 && (s.visited>>s.at&1 == 0 || s.pieces[s.Turn]>>s.at&1 == 0 || s.Over):
		t.Fatalf("a chain without its piece")
	case int(s.quiet) > quietLimit:
		t.Fatalf("past the quiet limit")
	}
}

// FuzzParseMove feeds arbitrary text to ParseMove, and an arbitrary move to rules.Play, in
// positions of seeded random games: neither may panic, and each may accept only legal moves.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2-e3A", "d3-e3W", "d2-e3", "stop", "pass", "", "a1-", "-", "A", "z9-a1W", " d3-e3W "} {
		f.Add(s, uint64(len(s)), uint8(30), []byte{3, 20, 36}, false)
	}
	f.Fuzz(func(t *testing.T, text string, seed uint64, plies uint8, path []byte, dimy bool) {
		options := ""
		if dimy {
			options = "board=dimy"
		}
		rulestest.UntrustedInput(t, start(t, options), seed, int(plies), 120, text, path)
	})
}
