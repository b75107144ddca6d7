package kit

import (
	"math/bits"
	"sync"

	"koma/rules/board"
)

// The hex board sizes the tables are built for, in cells per side.
const (
	// MinHexSize is the smallest, that of the smallest board any game offers.
	MinHexSize = 3
	// MaxHex192Size is the largest board whose cells (169) fit a Set192.
	MaxHex192Size = 8
	// MaxHex192Cells is the cell count of that board, 3n²−3n+1 for n = MaxHex192Size: the
	// length of Hex192's tables by cell.
	MaxHex192Cells = 3*MaxHex192Size*MaxHex192Size - 3*MaxHex192Size + 1
)

// The side bits of a side mask (Hex192.Sides), bit k for side Sk: S0 the top edge, S1
// upper right, S2 lower right, S3 the bottom edge, S4 lower left, S5 upper left, clockwise
// round the hexagon. Sk and Sk+3 are opposite.
const (
	// tripleEven and tripleOdd are the two sets of three pairwise non-adjacent sides.
	tripleEven = 1<<0 | 1<<2 | 1<<4
	tripleOdd  = 1<<1 | 1<<3 | 1<<5
)

// Connects reports whether the sides in mask join the board: they hold an opposite pair, or
// three pairwise non-adjacent sides.
func Connects(mask uint8) bool { return connects[mask&63] }

// connects tabulates Connects for the 64 side masks: one load and one branch per placement
// instead of three tests.
var connects = func() (t [64]bool) {
	for m := range t {
		mask := uint8(m)
		t[m] = mask&(mask>>3)&7 != 0 || mask&tripleEven == tripleEven || mask&tripleOdd == tripleOdd
	}
	return t
}()

// Opposite reports whether mask holds a pair of opposite sides.
func Opposite(mask uint8) bool { return mask&(mask>>3)&7 != 0 }

// Hex192 holds the tables of the hex board of one size in three-word sets, seen from its
// rim: the ring of outer cells, the inner area they enclose, the sides, the lines and the
// rays that cross the inner area from the ring. It is immutable once built; Hex192Of
// shares one per size.
type Hex192 struct {
	// Board is the topology.
	Board *board.Topology
	// Size is N, the cells per side; Cells the number of cells.
	Size, Cells int
	// Wide is set when the board has cells in a Set192's third word (size 8 only). The
	// playout paths skip that word on smaller boards, where it stays empty: a third less
	// work in every set operation of a placement, behind a branch that never changes in a
	// game.
	Wide bool
	// Ring is the outer area, Inner everything else.
	Ring, Inner Set192
	// Sides[c] has bit k set when ring cell c lies on side Sk; corners have two bits.
	Sides [MaxHex192Cells]uint8
	// Nbr[c][d] is the neighbour of c in direction d (board.HexE order), or -1.
	Nbr [MaxHex192Cells][6]int16
	// NbrSet[c] is the set of c's neighbours.
	NbrSet [MaxHex192Cells]Set192
	// NbrWin[c] holds c's neighbours as bits from NbrBase[c]: they lie within a row and a
	// half of c, so one word read across two Set192 words finds them all (Groups.Add), where
	// NbrSet takes a loop over three words.
	NbrBase [MaxHex192Cells]uint8
	NbrWin  [MaxHex192Cells]uint64
	// NbrRot[c] packs, a byte each, three rotations of the window of NbrWin that bring
	// c's neighbours to the bits of a 7-bit key (nbrKey): SW and SE to bits 0 and 1 (they
	// are next to each other in the row below), W and E to bits 2 and 4 (c between
	// them), NW and NE to bits 5 and 6. A missing neighbour's bit reads a cell outside
	// the window, which is 0. Three rotations do what a shift per direction did.
	// NbrOr[c][d] is the neighbour in direction d, or c itself when there is none (eight
	// entries, so that a direction masked to 7 needs no bounds check). Groups.Add looks up
	// runs with the key and reads labels through NbrOr.
	NbrRot [MaxHex192Cells]uint32
	NbrOr  [MaxHex192Cells][8]uint8
	// Line[c][f] numbers the line of family f through c: 0 rows (E–W), 1 letters (SW–NE),
	// 2 letter plus row (NW–SE); two cells share a line of family f when the numbers agree.
	Line [MaxHex192Cells][3]int8
	// InnerLine[f][i] is the set of inner cells on line i of family f.
	InnerLine [3][2*MaxHex192Size - 1]Set192
	// Sight[c] is the set of inner cells on any line through c, pieces ignored.
	Sight [MaxHex192Cells]Set192
	// Rays[:NumRays] are the rays, two per line that enters the inner area (one from each
	// ring end). Playouts keep per-ray state so that a placement updates only the six rays
	// through it instead of walking every line from every outer piece again.
	Rays    [MaxRays]Ray
	NumRays int
	// RingRays[c] lists the rays starting at ring cell c, padded with -1: a corner starts
	// one, any other ring cell two (its third line runs along the side).
	RingRays [MaxHex192Cells][2]int8
	// CellRays[c] lists, for an inner cell c, the six rays through it (both ends of its
	// three lines) and c's bit on each.
	CellRays [MaxHex192Cells][6]RayBit
	// Span[r][k] is the set of the first k inner cells of ray r. A reach is one unbroken
	// stretch of a ray, so Span turns its bits into a cell set with two loads (RaySet).
	Span [MaxRays][maxRayLen + 1]Set192
}

// RaySet returns the cells of ray r under x, one unbroken stretch of its bits.
func (t *Hex192) RaySet(r int, x uint16) Set192 {
	lo, hi := t.spans(r, x)
	return Set192{hi[0] &^ lo[0], hi[1] &^ lo[1], hi[2] &^ lo[2]}
}

// spans returns the two Span entries whose difference is RaySet(r, x); the playout paths
// combine them in place rather than copy a Set192 value (see Set192.Holds).
func (t *Hex192) spans(r int, x uint16) (lo, hi *Set192) {
	sp := &t.Span[r]
	return &sp[min(bits.TrailingZeros16(x), maxRayLen)], &sp[bits.Len16(x)]
}

// MaxRays bounds the rays: two for each of the 2N−3 inner lines of each of the three
// families.
const MaxRays = 2 * 3 * (2*MaxHex192Size - 3)

// maxRayLen is the number of inner cells on the longest line.
const maxRayLen = 2*MaxHex192Size - 3

// Ray is a line that crosses the inner area, seen from one of its two ring ends. Bit i of
// a ray word stands for Cells[i], the i-th inner cell from From.
type Ray struct {
	// From is the ring cell the ray starts at, To the ring cell at the other end.
	From, To int16
	// Len is the number of inner cells.
	Len uint8
	// Dir is the direction (board.HexE order) from From along the ray. The rays of one
	// direction cross every inner cell once.
	Dir uint8
	// Cells are the inner cells in order from From.
	Cells [maxRayLen]int16
	// Inner is the set of the inner cells.
	Inner Set192
}

// RayBit names a ray and the bit of one cell on it.
type RayBit struct{ Ray, Bit uint8 }

// Reach returns the bits of a ray's cells that a piece launched from its ring end may take,
// with occ the ray's occupied cells, as Skirt's rule has it: the empty cells up to the
// first piece or, when the first cell holds a piece, the empty cells after that unbroken
// run up to the next piece. Bit arithmetic replaces the walk: the run is the trailing ones of occ,
// and the next piece after it is the lowest set bit of what remains.
func (r *Ray) Reach(occ uint16) uint16 {
	full := uint32(1)<<r.Len - 1
	o := uint32(occ)
	run := bits.TrailingZeros32(^o)
	rest := o >> run
	// The cells below the next piece; all of them when there is none (0 − 1 wraps).
	free := rest&-rest - 1
	return uint16(free << run & full)
}

var hex192s [MaxHex192Size + 1]func() *Hex192

func init() {
	for n := MinHexSize; n <= MaxHex192Size; n++ {
		hex192s[n] = sync.OnceValue(func() *Hex192 { return newHex192(n) })
	}
}

// Hex192Of returns the shared tables of the board with n cells per side, MinHexSize ≤ n ≤
// MaxHex192Size.
func Hex192Of(n int) *Hex192 { return hex192s[n]() }

func newHex192(n int) *Hex192 {
	b := board.NewHex(n)
	r := n - 1
	t := &Hex192{Board: b, Size: n, Cells: b.Len(), Wide: b.Len() > 128}
	for c := 0; c < t.Cells; c++ {
		info := b.Info(board.Site(c))
		q, y := info.Col, info.Row
		for d := 0; d < 6; d++ {
			nb := b.Step(board.Site(c), board.Dir(d))
			t.Nbr[c][d] = int16(nb)
			if nb != board.NoSite {
				t.NbrSet[c].Add(int(nb))
			}
		}
		t.Line[c] = [3]int8{int8(y + r), int8(q + r), int8(q + y + r)}
		if max(abs(q), abs(y), abs(q+y)) < r {
			t.Inner.Add(c)
			continue
		}
		t.Ring.Add(c)
		for k, on := range [6]bool{y == r, q+y == r, q == r, y == -r, q+y == -r, q == -r} {
			if on {
				t.Sides[c] |= 1 << k
			}
		}
	}
	for c := 0; c < t.Cells; c++ {
		if t.Inner.Has(c) {
			for f := 0; f < 3; f++ {
				t.InnerLine[f][t.Line[c][f]].Add(c)
			}
		}
	}
	for c := 0; c < t.Cells; c++ {
		for f := 0; f < 3; f++ {
			t.Sight[c] = t.Sight[c].Or(t.InnerLine[f][t.Line[c][f]])
		}
		t.Sight[c].Remove(c)
	}
	for c := 0; c < t.Cells; c++ {
		base := min(max(c-32, 0), 64*(len(Set192{})-1))
		t.NbrBase[c] = uint8(base)
		for _, nb := range t.Nbr[c] {
			if nb >= 0 {
				if int(nb) < base || int(nb) >= base+64 {
					panic("kit: a neighbour outside its window")
				}
				t.NbrWin[c] |= 1 << (int(nb) - base)
			}
		}
		for d, nb := range t.Nbr[c] {
			t.NbrOr[c][d] = uint8(c)
			if nb >= 0 {
				t.NbrOr[c][d] = uint8(nb)
			}
		}
		for f, fd := range keyFields {
			// p is the window bit that the field's low key bit reads: the first direction's
			// neighbour, or the second's less the gap; 62 when both are missing.
			p := 62
			if nb := t.Nbr[c][fd.lo]; nb >= 0 {
				p = int(nb) - base
			} else if nb := t.Nbr[c][fd.hi]; nb >= 0 {
				p = int(nb) - base - fd.gap
			}
			for k, d := range [2]int{fd.lo, fd.hi} {
				at := (p + k*fd.gap) & 63
				if nb := t.Nbr[c][d]; nb >= 0 && at != int(nb)-base || nb < 0 && t.NbrWin[c]>>at&1 != 0 {
					panic("kit: a neighbour off its key bit")
				}
			}
			t.NbrRot[c] |= uint32((64-p)&63) << (8 * f)
		}
	}
	t.buildRays()
	return t
}

// buildRays walks every line from its ring ends across the inner area.
func (t *Hex192) buildRays() {
	var perCell [MaxHex192Cells]int
	for a := 0; a < t.Cells; a++ {
		t.RingRays[a] = [2]int8{-1, -1}
		if !t.Ring.Has(a) {
			continue
		}
		k := 0
		for d := 0; d < 6; d++ {
			c := int(t.Nbr[a][d])
			if c < 0 || !t.Inner.Has(c) {
				continue
			}
			id := t.NumRays
			t.NumRays++
			r := &t.Rays[id]
			r.From = int16(a)
			r.Dir = uint8(d)
			for ; t.Inner.Has(c); c = int(t.Nbr[c][d]) {
				t.CellRays[c][perCell[c]] = RayBit{Ray: uint8(id), Bit: r.Len}
				perCell[c]++
				r.Cells[r.Len] = int16(c)
				r.Inner.Add(c)
				r.Len++
				t.Span[id][r.Len] = r.Inner
			}
			// A straight line leaves the convex inner area through the ring.
			r.To = int16(c)
			t.RingRays[a][k] = int8(id)
			k++
		}
	}
	for c := 0; c < t.Cells; c++ {
		if t.Inner.Has(c) && perCell[c] != 6 {
			panic("kit: an inner cell off six rays")
		}
	}
}
