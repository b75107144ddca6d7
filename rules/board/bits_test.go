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

// TestSelectLow compares SelectLow with SelectBit on random masks of every density, for
// every k of each.
func TestSelectLow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 7))
	for i := range 100000 {
		x := rng.Uint64()
		for j := i % 4; j > 0; j-- {
			x &= rng.Uint64()
		}
		for k := range bits.OnesCount64(x) {
			if got, want := SelectLow(x, k), SelectBit(x, k); got != want {
				t.Fatalf("SelectLow(%x, %d) = %d, want %d", x, k, got, want)
			}
		}
	}
}

// TestBelow checks that Below returns what IntN returns from the same generator and leaves
// the generator in the same state, for small counts, powers of two and counts large enough
// that Lemire's method often draws again.
func TestBelow(t *testing.T) {
	for i := range 20000 {
		var n uint64
		switch i % 4 {
		case 0:
			n = 1 + uint64(i%97)
		case 1:
			n = 1 << (i % 63)
		default:
			n = 1<<62 + uint64(i)*0x9e3779b97f4a7c15>>2
		}
		a := rand.New(rand.NewPCG(uint64(i), 25))
		b := rand.New(rand.NewPCG(uint64(i), 25))
		if got, want := Below(a, a.Uint64(), n), b.IntN(int(n)); got != want {
			t.Fatalf("Below(%d) = %d, IntN %d", n, got, want)
		}
		if a.Uint64() != b.Uint64() {
			t.Fatalf("Below(%d) drew differently from IntN", n)
		}
	}
}
