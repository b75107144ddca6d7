package kit

import (
	"math/bits"

	"koma/rules/board"
)

// PairSet is a set of up to 128 sites held as two named words, bit i of Lo standing for
// site i and bit i of Hi for site 64+i. A struct of two words is one the compiler keeps in
// registers, so a game on a square grid moves every piece a step at once with a shift of
// the whole set (Shl, Shr, Shift) at the cost of a few instructions.
type PairSet struct{ Lo, Hi uint64 }

// PairBit returns the set of site i alone.
func PairBit(i int) PairSet {
	// Go defines shifts by 64 or more as zero, so the word that does not hold site i
	// simply gets no bit and no branch is needed.
	return PairSet{Lo: 1 << uint(i), Hi: 1 << uint(i-64)}
}

// And returns the sites in both sets.
func (a PairSet) And(b PairSet) PairSet { return PairSet{a.Lo & b.Lo, a.Hi & b.Hi} }

// Or returns the sites in either set.
func (a PairSet) Or(b PairSet) PairSet { return PairSet{a.Lo | b.Lo, a.Hi | b.Hi} }

// AndNot returns the sites of a that are not in b.
func (a PairSet) AndNot(b PairSet) PairSet { return PairSet{a.Lo &^ b.Lo, a.Hi &^ b.Hi} }

// Empty reports whether the set has no site.
func (a PairSet) Empty() bool { return a.Lo|a.Hi == 0 }

// Count is the number of sites in the set.
func (a PairSet) Count() int { return bits.OnesCount64(a.Lo) + bits.OnesCount64(a.Hi) }

// Has reports whether site i is in the set.
func (a PairSet) Has(i int) bool { return (a.Lo>>uint(i)|a.Hi>>uint(i-64))&1 != 0 }

// Shr moves every site k places towards index 0; k is below 64.
func (a PairSet) Shr(k uint) PairSet {
	return PairSet{Lo: a.Lo>>k | a.Hi<<(64-k), Hi: a.Hi >> k}
}

// Shl moves every site k places towards higher indexes; k is below 64.
func (a PairSet) Shl(k uint) PairSet {
	return PairSet{Lo: a.Lo << k, Hi: a.Hi<<k | a.Lo>>(64-k)}
}

// Shift moves every site k places towards higher indexes when k > 0 and towards lower
// ones when k < 0; |k| is below 64.
func (a PairSet) Shift(k int) PairSet {
	if k >= 0 {
		u := uint(k)
		return PairSet{Lo: a.Lo << u, Hi: a.Hi<<u | a.Lo>>(64-u)}
	}
	u := uint(-k)
	return PairSet{Lo: a.Lo>>u | a.Hi<<(64-u), Hi: a.Hi >> u}
}

// Lowest returns the lowest site of a set that is not empty.
func (a PairSet) Lowest() int {
	if a.Lo != 0 {
		return bits.TrailingZeros64(a.Lo)
	}
	return 64 + bits.TrailingZeros64(a.Hi)
}

// Select returns the k-th lowest site (k counted from 0), which must exist.
func (a PairSet) Select(k int) int {
	if c := bits.OnesCount64(a.Lo); k >= c {
		return 64 + board.SelectBit(a.Hi, k-c)
	}
	return board.SelectBit(a.Lo, k)
}
