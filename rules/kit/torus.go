package kit

import "math/bits"

// A hexagon of N = 3r²+3r+1 cells (radius r) maps one to one onto the residues mod N by
// (q, y) ↦ q + (3r+2)·y: the hexagon tiles the plane like a torus of N cells. Stepping in a
// hex direction then adds a fixed amount mod N to every cell at once, so the pieces of one
// player fit one word and "every piece's neighbour in direction d" is one rotation of N
// bits, masked to the pieces that have such a neighbour on the board. Rays, flood fills
// and distances become a few rotations for all pieces together instead of walks over the
// pieces one by one.

// Torus holds the one-word layout of a hex board of at most 64 cells (5 a side at most).
// Bit b stands for site Site[b].
type Torus struct {
	N    uint     // the number of cells, and of bits used
	Bit  [64]uint // Bit[c] is the bit of site c
	Site [64]int
	// Back[d][j] is the rotation that brings the cell 2^j steps along direction d from a
	// cell onto that cell's bit, and Far[d][j] the cells that have a cell there on the
	// board. Far[d][0] is also "the cells with a neighbour in direction d".
	Back [6][3]uint
	Far  [6][3]uint64
	// Nbr[b] is the set of b's neighbours, Star[b] the cells on the three lines through b
	// but b.
	Nbr, Star [64]uint64
	// Ring[b][d] is the bit of b's neighbour in direction d (another bit when that
	// neighbour is off the board), the directions going round b in order.
	Ring [64][6]uint8
	// Dir[(Bit[a]-Bit[c])&127] is the direction from c to its neighbour a, or -1.
	Dir [128]int8
}

// TorusBit returns the bit of the cell at axial coordinates (q, y) in the torus layout of
// the board of n cells per side.
func TorusBit(q, y, n int) int {
	r, cells := n-1, 3*n*n-3*n+1
	return ((q+(3*r+2)*y)%cells + cells) % cells
}

// NewTorus builds the layout of t, or returns nil when the board has more than 64 cells.
func NewTorus(t *Hex128) *Torus {
	if t.Cells > 64 {
		return nil
	}
	n := t.Cells
	x := &Torus{N: uint(n)}
	for c := 0; c < n; c++ {
		b := TorusBit(int(t.Q[c]), int(t.Y[c]), t.Size)
		x.Bit[c] = uint(b)
		x.Site[b] = c
	}
	for d := 0; d < 6; d++ {
		for j := 0; j < 3; j++ {
			k := 1 << j
			for c := 0; c < n; c++ {
				a := c
				for i := 0; i < k && a >= 0; i++ {
					a = int(t.Nbr[a][d])
				}
				if a < 0 {
					continue
				}
				// Every cell gives the same rotation, the map being linear.
				rot := (x.Bit[c] + x.N - x.Bit[a]) % x.N
				if x.Far[d][j] != 0 && rot != x.Back[d][j] {
					panic("kit: the torus layout is not linear")
				}
				x.Far[d][j] |= 1 << x.Bit[c]
				x.Back[d][j] = rot
			}
		}
		for c := 0; c < n; c++ {
			if a := t.Nbr[c][d]; a >= 0 {
				x.Nbr[x.Bit[c]] |= 1 << x.Bit[a]
			}
			x.Star[x.Bit[c]] |= x.Of(t.Ray[c][d])
		}
	}
	for i := range x.Dir {
		x.Dir[i] = -1
	}
	for c := 0; c < n; c++ {
		for d := 0; d < 6; d++ {
			a, b := t.Nbr[c][d], t.Nbr[c][(d+1)%6]
			if a >= 0 && b >= 0 && !t.NbrSet[a].Has(int(b)) {
				panic("kit: the directions do not go round a cell in order")
			}
		}
	}
	for d := 0; d < 6; d++ {
		step := int(x.N - x.Back[d][0])
		x.Dir[step&127], x.Dir[(step-n)&127] = int8(d), int8(d)
		for b := 0; b < n; b++ {
			x.Ring[b][d] = uint8((b + step) % n)
		}
	}
	return x
}

// Of returns the bits of the cell set s.
func (x *Torus) Of(s Set128) uint64 {
	var m uint64
	for w := 0; w < 2; w++ {
		for v := s[w]; v != 0; v &= v - 1 {
			m |= 1 << x.Bit[w*64+bits.TrailingZeros64(v)]
		}
	}
	return m
}

// Set returns the cell set of the bits m.
func (x *Torus) Set(m uint64) Set128 {
	var s uint64
	for ; m != 0; m &= m - 1 {
		s |= 1 << (x.Site[bits.TrailingZeros64(m)&63] & 63)
	}
	return Set128{s}
}

// Behind returns the cells that have a cell of m 2^j steps along direction d. N is prime
// (19, 37 or 61), so no rotation is zero; the "& 63" only spares the compiler's checks
// for shifts of 64 or more.
func (x *Torus) Behind(m uint64, d, j int) uint64 {
	s := x.Back[d][j]
	return (m<<(s&63) | m>>((x.N-s)&63)) & x.Far[d][j]
}

// Around returns the cells next to a cell of m.
func (x *Torus) Around(m uint64) uint64 {
	return x.Behind(m, 0, 0) | x.Behind(m, 1, 0) | x.Behind(m, 2, 0) |
		x.Behind(m, 3, 0) | x.Behind(m, 4, 0) | x.Behind(m, 5, 0)
}

// Group returns the group of own that holds bit b. Groups are small, so visiting their
// pieces one by one through the neighbour table beats a flood fill of whole rings.
func (x *Torus) Group(own uint64, b int) uint64 {
	g := uint64(1) << b
	for todo := g; todo != 0; {
		nb := x.Nbr[bits.TrailingZeros64(todo)&63] & own &^ g
		g |= nb
		todo = todo&(todo-1) | nb
	}
	return g
}

// Whole reports whether a group stays connected when it loses its piece on bit b, at
// being the group's pieces next to b. They do when they form one unbroken arc of b's
// ring of neighbours, each next to the following; otherwise the caller fills.
func (x *Torus) Whole(at uint64, b uint) bool {
	if at&(at-1) == 0 {
		return true
	}
	r := &x.Ring[b&63]
	var p uint
	for d := 0; d < 6; d++ {
		p |= uint(at>>(r[d]&63)&1) << d
	}
	// An arc starts at each piece whose predecessor round the ring is not one.
	starts := p &^ (p<<1 | p>>5)
	return starts&(starts-1)&63 == 0
}

// UnifiedAfter reports whether own, where a piece has just arrived on bit b, is one group;
// most arrivals without a friendly neighbour settle it at once.
func (x *Torus) UnifiedAfter(own uint64, b uint) bool {
	if own&x.Nbr[b&63] == 0 {
		return own == 1<<b
	}
	return x.Unified(own)
}

// Unified reports whether the non-empty own is one group. A group of several pieces
// leaves none of them alone, a test much cheaper than the flood fill, which it usually
// settles.
func (x *Torus) Unified(own uint64) bool {
	if own&(own-1) == 0 {
		return own != 0
	}
	if own&^x.Around(own) != 0 {
		return false
	}
	return x.Group(own, bits.TrailingZeros64(own)) == own
}

// Largest returns the pieces of own in a group of the largest size. Pieces without a
// friendly neighbour are groups of one, so only the others need flood fills.
func (x *Torus) Largest(own uint64) uint64 {
	rest := own & x.Around(own)
	if rest == 0 {
		return own
	}
	var g uint64
	size := 0
	// Once fewer pieces remain than the largest group found, none of them can tie it.
	for bits.OnesCount64(rest) >= size {
		grp := x.Group(own, bits.TrailingZeros64(rest))
		rest &^= grp
		switch n := bits.OnesCount64(grp); {
		case n > size:
			g, size = grp, n
		case n == size:
			g |= grp
		}
	}
	return g
}
