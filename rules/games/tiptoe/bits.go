package tiptoe

import (
	"koma/rules/board"
	"math/bits"
)

// cells is a set of cells of the internal grid, bit i standing for cell i. Two words cover
// the 121 cells of the largest boards (11×11, and the hexagon of 6 a side embedded in an
// 11×11 grid), so every variant shares one code path the compiler keeps in registers.
type cells struct{ lo, hi uint64 }

func cellBit(i int) cells {
	// Go defines shifts by 64 or more as zero, so the word that does not hold cell i gets
	// no bit and no branch is needed.
	return cells{lo: 1 << uint(i), hi: 1 << uint(i-64)}
}

func (a cells) and(b cells) cells    { return cells{a.lo & b.lo, a.hi & b.hi} }
func (a cells) or(b cells) cells     { return cells{a.lo | b.lo, a.hi | b.hi} }
func (a cells) andNot(b cells) cells { return cells{a.lo &^ b.lo, a.hi &^ b.hi} }
func (a cells) none() bool           { return a.lo|a.hi == 0 }
func (a cells) count() int           { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }

func (a cells) has(i int) bool { return (a.lo>>uint(i)|a.hi>>uint(i-64))&1 != 0 }

// shift moves every cell k places towards higher indexes when k > 0 and towards lower ones
// when k < 0; |k| is below 64.
func (a cells) shift(k int) cells {
	if k >= 0 {
		u := uint(k)
		return cells{lo: a.lo << u, hi: a.hi<<u | a.lo>>(64-u)}
	}
	u := uint(-k)
	return cells{lo: a.lo>>u | a.hi<<(64-u), hi: a.hi >> u}
}

// lowest returns the index of the lowest cell of a non-empty set.
func (a cells) lowest() int {
	if a.lo != 0 {
		return bits.TrailingZeros64(a.lo)
	}
	return 64 + bits.TrailingZeros64(a.hi)
}

// nth returns the index of the k-th lowest cell (k counted from 0), which must exist.
func (a cells) nth(k int) int {
	if c := bits.OnesCount64(a.lo); k >= c {
		return 64 + board.SelectBit(a.hi, k-c)
	}
	return board.SelectBit(a.lo, k)
}
