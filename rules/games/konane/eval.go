package konane

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the AI may ask of a Kōnane position beyond the rules: an
// evaluation, a fast uniform random move for playouts, and the engine that plays it best.
// None of it changes what is legal.

var (
	_ rules.Evaluator   = (*State)(nil)
	_ rules.RandomMover = (*State)(nil)
	_ rules.Memoryless  = (*State)(nil)
)

// Evaluate scores the position for p by mobility. A player with no capture on their turn
// loses, so the count of captures each side could make is the classic guide to Kōnane: the
// value is the difference of the two counts over their sum. Captures are counted as
// single jumps, since a longer straight jump exists only where its first jump does. The
// opening removals leave nothing to compare, so they score as even.
func (s *State) Evaluate(p rules.Player) float64 {
	if s.phase != phaseCaptures || p < black || p > white {
		return 0
	}
	mine, theirs := s.mobility(p), s.mobility(p.Other())
	return float64(mine-theirs) / float64(mine+theirs+1)
}

// mobility counts the single jumps p could make if it were p's turn.
func (s *State) mobility(p rules.Player) int {
	own, enemy := s.pieces[p], s.pieces[p.Other()]
	empty := s.v.full.AndNot(own.Or(enemy))
	n := 0
	for d := 0; d < numDirs; d++ {
		n += own.And(s.v.launchers(d, enemy, empty)).Count()
	}
	return n
}

// Memoryless reports that Kōnane has no counter or history: the hash covers every piece
// of state that matters.
func (s *State) Memoryless() bool { return true }

// shiftBy moves every cell of b by delta indexes, towards higher indexes when positive.
func shiftBy(b bitset, delta int) bitset {
	if delta >= 0 {
		return b.Shl(uint(delta))
	}
	return b.Shr(uint(-delta))
}

// RandomMove implements rules.RandomMover: it counts the legal moves with bit operations,
// draws one index, and builds only that move, in LegalMoves order (direction, then
// starting cell, then length).
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	if s.phase != phaseCaptures {
		// The opening has at most four choices; listing them costs nothing.
		var buf [4]rules.Move
		moves := s.LegalMoves(buf[:0])
		return moves[rng.IntN(len(moves))], true
	}
	v := s.v
	own, enemy := s.pieces[s.Turn], s.pieces[s.Turn.Other()]
	empty := v.full.AndNot(own.Or(enemy))
	var launch [numDirs]bitset
	var count [numDirs]int
	total := 0
	for d := 0; d < numDirs; d++ {
		launch[d] = v.launchers(d, enemy, empty)
		at := own.And(launch[d])
		n := at.Count()
		if !v.single {
			// Each landing cell that is itself a launcher adds one longer jump; the board
			// before the move decides, as in LegalMoves.
			for step := 2 * v.shift[d]; !at.Empty(); {
				at = shiftBy(at, step).And(launch[d])
				n += at.Count()
			}
		}
		count[d] = n
		total += n
	}
	k := rng.IntN(total)
	d := 0
	for k >= count[d] {
		k -= count[d]
		d++
	}
	step := 2 * v.shift[d]
	src := own.And(launch[d])
	for w, x := range [2]uint64{src.Lo, src.Hi} {
		for x != 0 {
			from := 64*w + bits.TrailingZeros64(x)
			x &= x - 1
			m := rules.Move{Kind: rules.Jump, Len: 2}
			m.Path[0] = board.Site(from)
			at := from + step
			m.Path[1] = board.Site(at)
			for {
				if k == 0 {
					return m, true
				}
				k--
				if v.single || !launch[d].Has(at) {
					break
				}
				at += step
				m.Path[m.Len] = board.Site(at)
				m.Len++
			}
		}
	}
	// Unreachable: k was drawn below the number of moves counted above.
	return rules.Move{}, false
}
