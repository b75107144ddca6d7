package board

import "math/bits"

// SelectBit returns the index of the k-th lowest set bit of x (k counted from 0), which
// must exist. It narrows the word to 32, 16 and then 8 bits by population counts, with
// masks rather than branches, since k is random and a branch on it mispredicts; then it
// looks the bit up in selectByte.
func SelectBit(x uint64, k int) int {
	pos := 0
	c := bits.OnesCount32(uint32(x))
	m := (c - k - 1) >> 63 // -1 when k >= c, else 0
	k -= c & m
	sh := 32 & m
	x >>= uint(sh)
	pos += sh
	c = bits.OnesCount16(uint16(x))
	m = (c - k - 1) >> 63
	k -= c & m
	sh = 16 & m
	x >>= uint(sh)
	pos += sh
	c = bits.OnesCount8(uint8(x))
	m = (c - k - 1) >> 63
	k -= c & m
	sh = 8 & m
	x >>= uint(sh)
	pos += sh
	return pos + int(selectByte[uint8(x)][k&7])
}

// selectByte[b][k] is the index of the k-th lowest set bit of the byte b.
var selectByte = func() (t [256][8]uint8) {
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
