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

// RandomMove implements rules.RandomMover: it counts the legal moves with bit operations,
// draws one index as LegalMoves(nil)[rng.IntN(n)] would, and builds only that move.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.status != inProgress {
		return rules.Move{}, false
	}
	if s.fox == noFox {
		m := rules.Move{Kind: rules.Place, Len: 1}
		m.Path[0] = foxStarts[rng.IntN(len(foxStarts))]
		return m, true
	}
	if s.side == fox {
		x := s.foxTargets()
		for k := rng.IntN(bits.OnesCount64(x)); k > 0; k-- {
			x &= x - 1
		}
		return step(int(s.fox), bits.TrailingZeros64(x)), true
	}
	// Hounds stand on dark squares only, and dark square d is site d*2 or d*2+1, so bit
	// 2d of moves can stand for the down-left step of the hound on dark square d and bit
	// 2d+1 for its down-right step: the bits then come in LegalMoves order.
	left, right := houndTargets(s.hounds, s.fox)
	fromLeft, fromRight := left<<9, right<<7
	moves := fromLeft&evenRows | fromLeft&oddRows>>1 | (fromRight&evenRows)<<1 | fromRight&oddRows
	for k := rng.IntN(bits.OnesCount64(moves)); k > 0; k-- {
		moves &= moves - 1
	}
	b := bits.TrailingZeros64(moves)
	from := b&^1 | b>>3&1 // the hound's site: odd on odd rows
	if b&1 == 0 {
		return step(from, from-9), true
	}
	return step(from, from-7), true
}
