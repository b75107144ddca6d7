package kit

import (
	"math/bits"

	"koma/rules/board"
)

// Set128 is a set of up to 128 sites, bit i standing for site i. It is a value: copying
// it copies the set.
type Set128 [2]uint64

// Has reports whether site i is in the set.
func (c Set128) Has(i int) bool { return c[i>>6]>>(uint(i)&63)&1 != 0 }

// Add puts site i in the set.
func (c *Set128) Add(i int) { c[i>>6] |= 1 << (uint(i) & 63) }

// Remove takes site i out of the set.
func (c *Set128) Remove(i int) { c[i>>6] &^= 1 << (uint(i) & 63) }

// And returns the sites in both sets.
func (c Set128) And(o Set128) Set128 { return Set128{c[0] & o[0], c[1] & o[1]} }

// Or returns the sites in either set.
func (c Set128) Or(o Set128) Set128 { return Set128{c[0] | o[0], c[1] | o[1]} }

// AndNot returns the sites of c that are not in o.
func (c Set128) AndNot(o Set128) Set128 { return Set128{c[0] &^ o[0], c[1] &^ o[1]} }

// Empty reports whether the set has no site.
func (c Set128) Empty() bool { return c[0]|c[1] == 0 }

// Count is the number of sites in the set.
func (c Set128) Count() int { return bits.OnesCount64(c[0]) + bits.OnesCount64(c[1]) }

// With returns the set with site i added.
func (c Set128) With(i int) Set128 { c.Add(i); return c }

// Lowest returns the lowest site of a set that is not empty.
func (c Set128) Lowest() int {
	if c[0] != 0 {
		return bits.TrailingZeros64(c[0])
	}
	return 64 + bits.TrailingZeros64(c[1])
}

// Select returns the k-th lowest site of the set (k counted from 0), which must have more
// than k.
func (c Set128) Select(k int) int {
	if n := bits.OnesCount64(c[0]); k >= n {
		return 64 + board.SelectBit(c[1], k-n)
	}
	return board.SelectBit(c[0], k)
}

// Holds is Has through a pointer: a hot path that tests a set kept in a state or a table
// reads its word in place instead of copying the set (see the package comment).
func (c *Set128) Holds(i int) bool { return c[i>>6]>>(uint(i)&63)&1 != 0 }

// Len is Count through a pointer.
func (c *Set128) Len() int { return bits.OnesCount64(c[0]) + bits.OnesCount64(c[1]) }

// IsEmpty is Empty through a pointer.
func (c *Set128) IsEmpty() bool { return c[0]|c[1] == 0 }
