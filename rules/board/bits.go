package board

import (
	"math/bits"
	"math/rand/v2"
)

// SelectBit returns the index of the k-th lowest set bit of x (k counted from 0), which
// must exist. Random playouts call it for every move they draw, and k is random, so a
// loop or a branch on k mispredicts. It counts the bits of every byte at once, without
// the CPU's population count (which the default amd64 build checks for at every use),
// finds the byte holding the bit from the running byte counts, and looks the bit up in
// SelectInByte.
func SelectBit(x uint64, k int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	c := x - x>>1&0x5555555555555555
	c = c&0x3333333333333333 + c>>2&0x3333333333333333
	c = (c + c>>4) & 0x0f0f0f0f0f0f0f0f
	// Byte i of prefix counts the bits of bytes 0 to i. None exceeds 64, so the high bit
	// of each byte of the subtraction tells whether that count is at most k, and those
	// bytes come before the one that holds the bit.
	prefix := c * ones
	at := bits.OnesCount64(((uint64(k)*ones|highs)-prefix)&highs) * 8
	before := int(prefix << 8 >> uint(at) & 0xff)
	return at + int(SelectInByte[x>>uint(at)&0xff][(k-before)&7])
}

// SelectInByte[b][k] is the index of the k-th lowest set bit of the byte b, for selects
// that find the byte in their own way.
var SelectInByte = func() (t [256][8]uint8) {
	for b := range 256 {
		k := 0
		for i := range 8 {
			if b>>i&1 != 0 {
				t[b][k] = uint8(i)
				k++
			}
		}
	}
	return t
}()

// SelectLow is SelectBit for masks whose k is usually small, such as the moves of one
// piece or one direction: for k up to 5 it clears the lowest bits one by one, which finds
// the bit sooner than SelectBit, whose steps all wait on one another.
func SelectLow(x uint64, k int) int {
	if k >= 6 {
		return SelectBit(x, k)
	}
	x1 := x & (x - 1)
	x2 := x1 & (x1 - 1)
	x3 := x2 & (x2 - 1)
	x4 := x3 & (x3 - 1)
	x5 := x4 & (x4 - 1)
	// One if per value, which the compiler turns into conditional moves: a switch would
	// branch on k, which is random.
	if k == 1 {
		x = x1
	}
	if k == 2 {
		x = x2
	}
	if k == 3 {
		x = x3
	}
	if k == 4 {
		x = x4
	}
	if k == 5 {
		x = x5
	}
	return bits.TrailingZeros64(x)
}

// Below returns what rng.IntN(n) returns, n > 0, when x is the first number IntN would draw
// from rng. A playout's RandomMove must draw exactly as IntN does (rules.RandomMover), and
// this lets it draw x before it knows n, so that the generator's work overlaps the count of
// the moves instead of waiting for it. A power of two masks x, by a select rather than a
// branch, since random counts would mispredict one; otherwise the result is the high word
// of x·n, drawn again only in the rare case that Lemire's method rejects.
func Below(rng *rand.Rand, x, n uint64) int {
	hi, lo := bits.Mul64(x, n)
	p := n & (n - 1)
	pow := (p|-p)>>63 - 1 // all ones when n is a power of two
	if lo < n&^pow {
		hi = redraw(rng, n, hi, lo)
	}
	return int(hi&^pow | x&(n-1)&pow)
}

// redraw finishes Below's draw x·n = hi·2⁶⁴ + lo: products whose low word falls below
// 2⁶⁴ mod n are drawn again, so that every result is equally likely. It is reached with
// probability below n/2⁶⁴.
func redraw(rng *rand.Rand, n, hi, lo uint64) uint64 {
	for thresh := -n % n; lo < thresh; {
		hi, lo = bits.Mul64(rng.Uint64(), n)
	}
	return hi
}
