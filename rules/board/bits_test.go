package board

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

func TestSelectBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	for range 10000 {
		x := rng.Uint64() & rng.Uint64()
		if x == 0 {
			continue
		}
		k := rng.IntN(bits.OnesCount64(x))
		y := x
		for range k {
			y &= y - 1
		}
		if got, want := SelectBit(x, k), bits.TrailingZeros64(y); got != want {
			t.Fatalf("SelectBit(%x, %d) = %d, want %d", x, k, got, want)
		}
	}
}
