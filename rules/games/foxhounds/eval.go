package foxhounds

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
)

// This file holds what the AI may ask of a position beyond the rules: a fast uniform random
// move for playouts, the promise that the position has no memory, and the exact result
// from the tablebase (tablebase.go). None of it changes what is legal.

var (
	_ rules.RandomMover = (*State)(nil)
	_ rules.Memoryless  = (*State)(nil)
	_ rules.Oracle      = (*State)(nil)
)

// Memoryless reports that Fox and Hounds has no counter or history: the hash covers every
// piece of state that matters.
func (s *State) Memoryless() bool { return true }

// RandomMove implements rules.RandomMover: it draws an index into the moves Apply has
// already found, as LegalMoves(nil)[rng.IntN(n)] would, picks that bit without a branch
// on the random number, and copies that one move from the table of moves, in a single
// copy (one return statement keeps the compiler from building it twice).
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	i := noMove
	switch {
	case s.Over:
	case s.fox == noFox:
		i = placeIndex + rng.IntN(len(foxStarts))
	default:
		x := s.moves
		k := rng.IntN(bits.OnesCount64(x))
		// The k-th lowest bit, k < 8: the fox has at most 4 moves, the hounds 8.
		x1 := x & (x - 1)
		x2 := x1 & (x1 - 1)
		x3 := x2 & (x2 - 1)
		x4 := x3 & (x3 - 1)
		x5 := x4 & (x4 - 1)
		x6 := x5 & (x5 - 1)
		x7 := x6 & (x6 - 1)
		drop := [8]uint64{x, x1, x2, x3, x4, x5, x6, x7}
		b := bits.TrailingZeros64(drop[k&7])
		if s.Turn == fox {
			i = stepIndex(int(s.fox), b)
		} else {
			i = houndStep(b)
		}
	}
	return allMoves[i], i != noMove
}
