package mabi

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"slices"
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
	case fresh.planes != s.planes:
		t.Fatalf("the kept size planes disagree with fresh ones\n%s", rules.Text(s))
	case fresh.frozen() != s.frozen() || fresh.paralysed(0) != s.paralysed(0) || fresh.paralysed(1) != s.paralysed(1):
		t.Fatalf("the kept size planes give other paralysis or freezing than fresh ones\n%s", rules.Text(s))
	case int(s.turns) > Game.MaxTurns || s.hist.Len() > int(s.turns)+1:
		t.Fatalf("past the turn limit")
	}
	// Every piece of a group holds the group's formation turn.
	for p := range 2 {
		for rest := s.pieces[p]; rest != 0; {
			grp := fill(rest&-rest, rest)
			rest &^= grp
			f := s.formed[bits.TrailingZeros64(grp)]
			for m := grp; m != 0; m &= m - 1 {
				if s.formed[bits.TrailingZeros64(m)] != f {
					t.Fatalf("a group with two formation turns\n%s", rules.Text(s))
				}
			}
		}
	}
	// The list of boards that occurred twice holds distinct boards of the history that
	// occurred twice, all of them while they fit. The history gives its boards as a
	// sorted multiset.
	key := s.hist.AppendKey(nil)
	var twice []uint64
	for i := 2; i+8 <= len(key); i += 8 {
		h := binary.LittleEndian.Uint64(key[i:])
		if s.hist.Count(h) >= 2 && !slices.Contains(twice, h) {
			twice = append(twice, h)
		}
	}
	if want := min(len(twice), maxRepeated+1); int(s.nrep) != want {
		t.Fatalf("%d boards listed as repeated, want %d", s.nrep, want)
	}
	var listed []uint64
	for _, pieces := range s.repeated[:min(int(s.nrep), maxRepeated)] {
		r := State{pieces: pieces}
		h := r.boardHash()
		if !slices.Contains(twice, h) || slices.Contains(listed, h) {
			t.Fatalf("a board listed as repeated is not, or twice\n%s", rules.Text(s))
		}
		listed = append(listed, h)
	}
}

// TestKeptDataMatchesFresh plays random games, most of them patient ones that pass only
// rarely, so that groups grow and boards repeat, and checks after every turn the data
// the state keeps up to date against a recomputation from the pieces and the history.
func TestKeptDataMatchesFresh(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 30
	}
	overflowed := 0
	for seed := range uint64(games) {
		s := start(t)
		rng := rand.New(rand.NewPCG(seed, 13))
		patient := seed%4 != 0
		for {
			checkInvariants(t, s)
			moves := s.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			if patient && m.Kind == rules.Pass && len(moves) > 1 && rng.IntN(30) != 0 {
				m = moves[rng.IntN(len(moves)-1)]
			}
			s.Apply(m)
		}
		if s.nrep > maxRepeated {
			overflowed++
		}
	}
	if overflowed == 0 {
		t.Errorf("no game repeated more than %d boards: the fallback went untested", maxRepeated)
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
