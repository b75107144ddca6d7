package kit

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules/board"
)

// Set192 is a set of up to 192 sites, bit i standing for site i. It is a value: copying
// it copies the set.
type Set192 [3]uint64

// Has reports whether c is in the set.
func (s Set192) Has(c int) bool { return s[c>>6]>>(c&63)&1 != 0 }

// Add puts c in the set.
func (s *Set192) Add(c int) { s[c>>6] |= 1 << (c & 63) }

// Remove takes c out of the set.
func (s *Set192) Remove(c int) { s[c>>6] &^= 1 << (c & 63) }

// Count is the number of sites in the set.
func (s Set192) Count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2])
}

// Empty reports whether the set has no site.
func (s Set192) Empty() bool { return s[0]|s[1]|s[2] == 0 }

// And returns the sites in both sets.
func (s Set192) And(o Set192) Set192 { return Set192{s[0] & o[0], s[1] & o[1], s[2] & o[2]} }

// Or returns the sites in either set.
func (s Set192) Or(o Set192) Set192 { return Set192{s[0] | o[0], s[1] | o[1], s[2] | o[2]} }

// AndNot returns the sites of s that are not in o.
func (s Set192) AndNot(o Set192) Set192 { return Set192{s[0] &^ o[0], s[1] &^ o[1], s[2] &^ o[2]} }

// Lowest returns the lowest site of a set that is not empty.
func (s Set192) Lowest() int {
	for w := range s {
		if s[w] != 0 {
			return w*64 + bits.TrailingZeros64(s[w])
		}
	}
	return -1
}

// Select returns the k-th lowest site (from 0) of the set, which must have more than k.
func (s Set192) Select(k int) int { return s.Pick(k) }

// The playout paths use the pointer methods below and index the words of a Set192 directly:
// the compiler copies a Set192 value through two overlapping 16-byte moves, and reading it
// back soon after stalls store forwarding, which cost more than the work itself.

// Holds is Has through a pointer.
func (s *Set192) Holds(c int) bool { return s[c>>6]>>(c&63)&1 != 0 }

// Len is Count through a pointer.
func (s *Set192) Len() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2])
}

// IsEmpty is Empty through a pointer.
func (s *Set192) IsEmpty() bool { return s[0]|s[1]|s[2] == 0 }

// Meets reports whether s and o share a site, through pointers to both.
func (s *Set192) Meets(o *Set192) bool { return s[0]&o[0]|s[1]&o[1]|s[2]&o[2] != 0 }

// Pick is Select through a pointer. In a playout the pick sits on the one chain of
// dependent steps from one decision's choices to the next decision's site, so it keeps the
// steps that wait for k few: the per-word counts and the running counts of every word's
// bytes (one multiplication each) depend on the set alone and are ready early; k then
// chooses the word and its running counts with masks, not branches (k is random), finds
// its byte by comparing all eight running counts at once, and looks the bit up in a table.
func (s *Set192) Pick(k int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	c0, c1 := bits.OnesCount64(s[0]), bits.OnesCount64(s[1])
	r0, r1, r2 := byteRuns(s[0]), byteRuns(s[1]), byteRuns(s[2])
	// The word: masks of -1 when k lies beyond the first, and the first two, words.
	m0, m1 := (c0-k-1)>>63, (c0+c1-k-1)>>63
	w0, w1, w2 := uint64(^m0), uint64(m0^m1), uint64(m1)
	x := s[0]&w0 | s[1]&w1 | s[2]&w2
	run := r0&w0 | r1&w1 | r2&w2
	k -= c0&m0 + c1&m1
	// The bytes whose running count is at most k come before the one that holds the bit.
	pos := bits.OnesCount64(((uint64(k)*ones|highs)-run)&highs) * 8
	k -= int(run << 8 >> uint(pos) & 0xff)
	return 64&m0 + 64&m1 + pos + int(board.SelectInByte[uint8(x>>uint(pos))][k&7])
}

// Draw returns a uniformly random site of the set, which must not be empty, with the
// numbers rng.IntN would give. The generator runs before the sites are counted
// (board.Below), so the two overlap; on a board that is not wide (Hex192.Wide), with at
// most 128 sites, the third word is neither counted nor read.
func (s *Set192) Draw(rng *rand.Rand, wide bool) int {
	x := rng.Uint64()
	if wide {
		return s.Pick(board.Below(rng, x, uint64(s.Len())))
	}
	return s.PickNarrow(board.Below(rng, x, uint64(bits.OnesCount64(s[0])+bits.OnesCount64(s[1]))))
}

// PickNarrow is Pick for a set whose third word is empty, which it does not read: the
// boards up to size 7 have at most 128 sites.
func (s *Set192) PickNarrow(k int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	s0, s1 := s[0], s[1]
	c0 := bits.OnesCount64(s0)
	// The second word's running counts go on from the first's (at most 128, which a
	// byte holds): k then finds its byte in either word without first being reduced to
	// the word's, and only the choice of word waits for the comparison with c0.
	r0, r1 := byteRuns(s0), byteRuns(s1)+uint64(c0)*ones
	// The word: a mask of -1 when k lies beyond the first.
	m0 := (c0 - k - 1) >> 63
	w0, w1 := uint64(^m0), uint64(m0)
	w := s0&w0 | s1&w1
	run := r0&w0 | r1&w1
	pos := bits.OnesCount64(((uint64(k)*ones|highs)-run)&highs) * 8
	// The count before the site's byte: the byte below's running count, or for the
	// second word's first byte, c0.
	k -= int((run<<8|uint64(c0&m0))>>uint(pos)) & 0xff
	return 64&m0 + pos + int(board.SelectInByte[uint8(w>>uint(pos))][k&7])
}

// byteRuns returns x's running byte counts: byte i is the number of bits in bytes 0 to i.
func byteRuns(x uint64) uint64 {
	const ones = 0x0101010101010101
	run := x - x>>1&0x5555555555555555
	run = run&0x3333333333333333 + run>>2&0x3333333333333333
	return (run + run>>4) & 0x0f0f0f0f0f0f0f0f * ones
}
