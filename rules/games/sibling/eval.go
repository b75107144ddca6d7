package sibling

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the AI may ask of a Sibling position beyond the rules: an
// evaluation and a fast uniform random move for playouts. None of it changes what is
// legal.

var (
	_ rules.Evaluator   = (*State)(nil)
	_ rules.RandomMover = (*State)(nil)
)

// Evaluate scores the position for p by the count that will decide the game: the
// difference between the players' second-largest groups, with a quarter weight on the
// largest ones, which decide a tie and which a player can later split off into a second
// group of the right size. It is squashed into (-1, 1) and antisymmetric because the
// difference is.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	var mine, theirs groupList
	s.groups(p, &mine)
	s.groups(p.Other(), &theirs)
	d := float64(mine.at(1)-theirs.at(1)) + 0.25*float64(mine.at(0)-theirs.at(0))
	return math.Tanh(d / 4)
}

// RandomMove implements rules.RandomMover: it draws an index into the moves LegalMoves
// would list and picks that cell from the set, without building the list. It takes the
// cells straight from the state rather than through choices, whose two-value return of a
// cell set cost more than the draw itself, and counts each word once for both the total
// and the pick.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	// On White's first turn open is every cell, as choices has it, because every cell
	// of an empty board has a partner (buildVariant checks), so no case is needed for it.
	nw := s.v.words
	if nw == 1 {
		// A board of at most 64 cells, the default size among them: the cells fit one
		// word, which stays in a register from the draw to the pick. This is written out
		// here rather than in a helper, because passing the 32-byte move up one more
		// call cost as much as the draw.
		var cells uint64
		swap := false
		if s.pending >= 0 {
			cells = s.v.far[s.pending][0] &^ (s.occ[0][0] | s.occ[1][0])
		} else {
			cells, swap = s.open[0], s.swapOffered()
		}
		n := bits.OnesCount64(cells)
		total := n
		if swap {
			total++
		}
		k := rng.IntN(total)
		if k == n {
			return swapMove, true
		}
		return placements[selectBit(cells, byteTotals(cells), k)], true
	}
	var cells cellSet
	swap := false
	if s.pending >= 0 {
		far := &s.v.far[s.pending]
		for w := range nw {
			cells[w] = far[w] &^ (s.occ[0][w] | s.occ[1][w])
		}
	} else {
		cells, swap = s.open, s.swapOffered()
	}
	// Indexed loops over the words the board uses, not range over the array: a range
	// copies it, and reading the copy back stalled on the stores that had just written it.
	var counts [words]int
	n := 0
	for w := range nw {
		counts[w] = bits.OnesCount64(cells[w])
		n += counts[w]
	}
	total := n
	if swap {
		total++
	}
	k := rng.IntN(total)
	if k == n {
		return swapMove, true
	}
	for w := range nw {
		if k < counts[w] {
			return placements[w*64+selectBit(cells[w], byteTotals(cells[w]), k)], true
		}
		k -= counts[w]
	}
	panic("sibling: cell set has too few cells")
}

// byteTotals returns, in byte i, the number of set bits of x in bytes 0 to i: the
// population count of every byte, from a few masks and shifts, summed by one
// multiplication. selectBit then finds a bit from it.
func byteTotals(x uint64) uint64 {
	b := x - x>>1&0x5555555555555555
	b = b&0x3333333333333333 + b>>2&0x3333333333333333
	b = (b + b>>4) & 0x0f0f0f0f0f0f0f0f
	return b * 0x0101010101010101
}

// selectBit returns the index of the k-th lowest set bit of x (k counted from 0), which
// must exist, given totals = byteTotals(x): the byte that holds the bit is the first whose
// total exceeds k, found by one subtraction across all bytes, and a table finishes within
// the byte. It is the broadword select, without a branch (k is random) and split in two
// so that both halves inline into RandomMove: a call to board.SelectBit was a sixth of a
// playout.
func selectBit(x, totals uint64, k int) int {
	const highs = 0x8080808080808080
	// The high bit of byte i is set where totals[i] > k; no byte borrows from the next,
	// since k < 64.
	above := ((totals | highs) - uint64(k+1)*0x0101010101010101) & highs
	at := uint(bits.TrailingZeros64(above)) &^ 7 & 63
	before := totals << 8 >> at & 0xff
	return int(at) + int(board.SelectInByte[x>>at&0xff][(uint64(k)-before)&7])
}
