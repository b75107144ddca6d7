package unlace

import (
	"fmt"
	"math/bits"

	"koma/rules/kit"
)

// The torus layout (kit.Torus) puts the 61 cells of the board of five cells a side (the
// larger preset) in one 64-bit word: a hexagon of radius r tiles the plane like a torus
// of N = 3r²+3r+1 cells, so the cell at axial (q, y) can take bit (q + (3r+2)·y) mod N,
// and then a cell's neighbour in direction d is always a fixed number of bits further on,
// mod N. "Every piece's neighbour in direction d" is one rotation of the word, masked to
// the cells that have a neighbour that way. torusMoves works out the steps for all pieces
// at once with it, by the same rules as packedMoves; the row layout of packed.go needs a
// padding column that a board of nine cells across cannot spare.
const (
	torusSize  = 5
	torusCells = 61
)

// torusLayout is the torus of the board of torusSize.
type torusLayout struct {
	// bit[c] is the bit of site c.
	bit [torusCells]uint8
	// from(x, d) is (x<<lsh[d] | x>>rsh[d]) & has[d]: has[d] holds the cells with a
	// neighbour in direction d.
	lsh, rsh [6]uint
	has      [6]uint64
	// next[b][d] is the bit of b's neighbour in direction d, where b has one.
	next [64][6]uint8
	// dir[(j−i) mod N] is the direction from bit i to its neighbour j, or -1.
	dir [64]int8
}

// tor is the layout, built once from the board.
var tor = newTorusLayout(kit.Hex128Of(torusSize))

// newTorusLayout takes the kit's torus layout of t (kit.NewTorus) in the form the move
// generation reads: bytes for the bits, and a shift pair per direction.
func newTorusLayout(t *kit.Hex128) *torusLayout {
	const n = torusCells
	k := kit.NewTorus(t)
	if k == nil || k.N != n {
		panic(fmt.Sprintf("unlace: the torus board has %d cells, not %d", t.Cells, n))
	}
	// A side never has more pieces than at the start; the counts must hold them all.
	if c := max(t.Class[1].Count(), t.Class[2].Count()); c >= 1<<len(wideCounts{}) {
		panic(fmt.Sprintf("unlace: %d pieces a side overflow the torus counts", c))
	}
	x := &torusLayout{}
	for c := 0; c < n; c++ {
		x.bit[c] = uint8(k.Bit[c])
	}
	for i := range x.dir {
		x.dir[i] = -1
	}
	for d := 0; d < 6; d++ {
		// The bits a step in direction d adds, mod n.
		step := int(n - k.Back[d][0])
		x.has[d] = k.Far[d][0]
		for b := 0; b < n; b++ {
			if x.has[d]>>b&1 != 0 {
				x.next[b][d] = k.Ring[b][d]
			}
		}
		if x.dir[step] >= 0 {
			panic("unlace: two directions of the torus share a step")
		}
		x.dir[step] = int8(d)
		x.lsh[d], x.rsh[d] = uint(n-step), uint(step)
	}
	return x
}

// from returns, per direction d, the cells whose neighbour in direction d is in x. Over
// all six directions these are the neighbours of x; towards(x)[d], the cells a step in
// direction d from x, is from(x)[opposite(d)].
func (x *torusLayout) from(y uint64) (f [6]uint64) {
	for d := range f {
		f[d] = (y<<(x.lsh[d]&63) | y>>(x.rsh[d]&63)) & x.has[d]
	}
	return f
}

// dilate returns y and every cell next to a cell of y.
func (x *torusLayout) dilate(y uint64) uint64 {
	f := x.from(y)
	return y | f[0] | f[1] | f[2] | f[3] | f[4] | f[5]
}

// wideCounts is a bit-sliced counter of five planes, up to 31: the board of torusSize
// starts with 21 pieces a side.
type wideCounts [5]uint64

// add adds k to the count of every cell of y, a ripple-carry addition for all cells at
// once.
func (s *wideCounts) add(y uint64, k int) {
	var carry uint64
	for b := range s {
		a := y & -uint64(k>>b&1)
		x := s[b] ^ a
		s[b], carry = x^carry, s[b]&a|carry&x
	}
}

// atLeast returns the cells whose count is at least v, comparing the planes from the top.
func (s *wideCounts) atLeast(v int) uint64 {
	if v > 1<<len(s)-1 {
		return 0
	}
	// above holds the cells already known to be larger, equal those equal so far.
	var above uint64
	equal := ^uint64(0)
	for b := len(s) - 1; b >= 0; b-- {
		if v>>b&1 == 1 {
			equal &= s[b]
		} else {
			above |= equal & s[b]
			equal &^= s[b]
		}
	}
	return above | equal
}

// at returns the count of the cell with bit i.
func (s *wideCounts) at(i uint) int {
	n := 0
	for b := range s {
		n |= int(s[b]>>(i&63)&1) << b
	}
	return n
}

// torusMoves is packedMoves for the torus layout: per direction, the pieces of own (by
// bit) that may step that way. The rules and their reasons are packedMoves'; this one
// keeps the direction sets in arrays, and settles by a fill every step of a piece with
// two arcs of neighbours that the counts leave open.
func torusMoves(own uint64, mv *[6]set) {
	x := tor
	empty := (1<<torusCells - 1) &^ own
	// nb[d] holds the pieces whose neighbour in direction d is an own piece.
	nb := x.from(own)
	for d := range nb {
		nb[d] &= own
	}
	lone := own &^ (nb[0] | nb[1] | nb[2] | nb[3] | nb[4] | nb[5])
	// A piece whose own neighbours form two arcs or more has two arc ends or more.
	var ends [6]uint64
	for d := range ends {
		ends[d] = nb[d] &^ nb[(d+1)%6]
	}
	multi := atLeastTwo(ends[0], ends[1], ends[2], ends[3], ends[4], ends[5])
	// sum counts, for each cell, the pieces of the groups beside it; two holds the cells
	// beside two groups or more.
	var sum wideCounts
	var two uint64
	for _, y := range x.from(lone) {
		two |= y & (sum[0] | sum[1] | sum[2])
		sum.add(y, 1)
	}
	var groups [torusCells / 2]uint64
	var bySize [32]uint64
	var sizes uint32
	m := 0
	for rest := own &^ lone; rest != 0; m++ {
		g := rest & -rest
		for {
			grown := x.dilate(g) & own
			if grown == g {
				break
			}
			g = grown
		}
		groups[m] = g
		k := bits.OnesCount64(g)
		bySize[k&31] |= g
		sizes |= 1 << (k & 31)
		near := x.dilate(g) & empty
		two |= near & (sum[0] | sum[1] | sum[2] | sum[3] | sum[4])
		sum.add(near, k)
		rest &^= g
	}
	two &= empty
	simple := own &^ lone &^ multi
	// beside[d] holds the pieces with an own piece on one of the two cells next to both
	// them and their neighbour in direction d.
	var beside, o [6]uint64
	f := x.from(two)
	for d := range o {
		beside[d] = nb[(d+1)%6] | nb[(d+5)%6]
		o[d] = f[d] & (lone | simple&beside[d])
	}
	// Steps with S ≥ g: the count at the target is at least 2g.
	for k := 2; k < 16; k++ {
		if sizes>>k&1 == 0 {
			continue
		}
		t := x.from(empty & sum.atLeast(2*k))
		for d := range o {
			o[d] |= bySize[k] & t[d]
		}
	}
	// Pieces of two arcs in groups of three, by counting (see packedMoves).
	if in3 := multi & bySize[3]; in3 != 0 {
		b5 := x.from(empty & sum.atLeast(5))
		for d := range o {
			o[d] |= in3 & f[d] & (nb[(d+1)%6]&nb[(d+5)%6] | beside[d]&b5[d])
		}
		multi &^= in3
	}
	// Groups of five or more may reach round to the far side of the target.
	var large uint64
	for _, g := range groups[:m] {
		if bits.OnesCount64(g) < 5 {
			continue
		}
		large |= g
		near := x.from(g)
		t := x.from(atLeastTwo(near[0], near[1], near[2], near[3], near[4], near[5]) & two)
		for d := range o {
			o[d] |= g & simple & t[d]
		}
	}
	for d := range o {
		mv[d] = set{o[d]}
	}
	for d := range o {
		for todo := multi & f[d] & (beside[d] | large) &^ o[d]; todo != 0; todo &= todo - 1 {
			i := uint(bits.TrailingZeros64(todo)) & 63
			c := uint64(1) << i
			var g uint64
			for _, h := range groups[:m] {
				if h&c != 0 {
					g = h
				}
			}
			k := bits.OnesCount64(g)
			rest := g &^ c
			j := uint(x.next[i][d])
			// The part of G − c that the new group keeps: what a flood fill from the
			// pieces beside the target reaches in G − c.
			part := x.dilate(1<<j) & rest
			for {
				grown := x.dilate(part) & rest
				if grown == part {
					break
				}
				part = grown
			}
			if 1+sum.at(j)-k+bits.OnesCount64(part) > k {
				mv[d][0] |= c
			}
		}
	}
}
