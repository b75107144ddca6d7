package konane

import "math/bits"

// bitset is a set of cells, one bit per site index (row*n+col). Two words cover the
// 100 cells of the largest board, so every size shares one fast code path.
type bitset struct{ lo, hi uint64 }

func cellBit(i int) bitset {
	// Go defines shifts by 64 or more as zero, so the word that does not hold cell i
	// simply gets no bit and no branch is needed.
	return bitset{lo: 1 << uint(i), hi: 1 << uint(i-64)}
}

func (a bitset) and(b bitset) bitset    { return bitset{a.lo & b.lo, a.hi & b.hi} }
func (a bitset) or(b bitset) bitset     { return bitset{a.lo | b.lo, a.hi | b.hi} }
func (a bitset) andNot(b bitset) bitset { return bitset{a.lo &^ b.lo, a.hi &^ b.hi} }
func (a bitset) empty() bool            { return a.lo|a.hi == 0 }
func (a bitset) count() int             { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }

func (a bitset) has(i int) bool {
	return (a.lo>>uint(i)|a.hi>>uint(i-64))&1 != 0
}

// shr moves every cell k places towards index 0; k is below 64.
func (a bitset) shr(k uint) bitset {
	return bitset{lo: a.lo>>k | a.hi<<(64-k), hi: a.hi >> k}
}

// shl moves every cell k places towards higher indexes; k is below 64.
func (a bitset) shl(k uint) bitset {
	return bitset{lo: a.lo << k, hi: a.hi<<k | a.lo>>(64-k)}
}
