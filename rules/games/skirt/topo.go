package skirt

import (
	"math/bits"
	"math/rand/v2"
	"strconv"
	"sync"

	"koma/rules/board"
)

// Board sizes offered, in cells per side. Any size plays; 8 is the largest whose 169 cells
// fit a three-word Set.
const (
	MinSize = 3
	MaxSize = 8
	// MaxCells is the cell count of the largest board, 3n²-3n+1 for n = MaxSize.
	MaxCells = 3*MaxSize*MaxSize - 3*MaxSize + 1
)

// Set is a set of cells, bit i standing for site i. It is a value: copying it copies the
// set.
type Set [3]uint64

// Has reports whether c is in the set.
func (s Set) Has(c int) bool { return s[c>>6]>>(c&63)&1 != 0 }

// Add puts c in the set.
func (s *Set) Add(c int) { s[c>>6] |= 1 << (c & 63) }

// Remove takes c out of the set.
func (s *Set) Remove(c int) { s[c>>6] &^= 1 << (c & 63) }

// Count is the number of cells in the set.
func (s Set) Count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2])
}

// Empty reports whether the set has no cell.
func (s Set) Empty() bool { return s[0]|s[1]|s[2] == 0 }

// And returns the cells in both sets.
func (s Set) And(o Set) Set { return Set{s[0] & o[0], s[1] & o[1], s[2] & o[2]} }

// Or returns the cells in either set.
func (s Set) Or(o Set) Set { return Set{s[0] | o[0], s[1] | o[1], s[2] | o[2]} }

// AndNot returns the cells of s that are not in o.
func (s Set) AndNot(o Set) Set { return Set{s[0] &^ o[0], s[1] &^ o[1], s[2] &^ o[2]} }

// Lowest returns the lowest cell of a set that is not empty.
func (s Set) Lowest() int {
	for w := range s {
		if s[w] != 0 {
			return w*64 + bits.TrailingZeros64(s[w])
		}
	}
	return -1
}

// Select returns the k-th lowest cell (from 0) of the set, which must have more than k.
func (s Set) Select(k int) int { return s.Pick(k) }

// The playout paths use the pointer methods below and index the words of a Set directly:
// the compiler copies a Set value through two overlapping 16-byte moves, and reading it
// back soon after stalls store forwarding, which cost more than the work itself.

// Holds is Has through a pointer.
func (s *Set) Holds(c int) bool { return s[c>>6]>>(c&63)&1 != 0 }

// Len is Count through a pointer.
func (s *Set) Len() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2])
}

// Pick is Select through a pointer. In a playout the pick sits on the one chain of
// dependent steps from one decision's choices to the next decision's cell, so it keeps the
// steps that wait for k few: the per-word counts and the running counts of every word's
// bytes (one multiplication each) depend on the set alone and are ready early; k then
// chooses the word and its running counts with masks, not branches (k is random), finds
// its byte by comparing all eight running counts at once, and looks the bit up in a table.
func (s *Set) Pick(k int) int {
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

// Draw returns a uniformly random cell of the set, which must not be empty, with the
// numbers rng.IntN would give. The generator runs before the cells are counted
// (board.Below), so the two overlap; on a board that is not wide (Topo.Wide), with at
// most 127 cells, the third word is neither counted nor read.
func (s *Set) Draw(rng *rand.Rand, wide bool) int {
	x := rng.Uint64()
	if wide {
		return s.Pick(board.Below(rng, x, uint64(s.Len())))
	}
	return s.PickNarrow(board.Below(rng, x, uint64(bits.OnesCount64(s[0])+bits.OnesCount64(s[1]))))
}

// PickNarrow is Pick for a set whose third word is empty, which it does not read: the
// boards up to size 7 have at most 128 cells.
func (s *Set) PickNarrow(k int) int {
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
	// The count before the cell's byte: the byte below's running count, or for the
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

// The side bits, as the package comment numbers the sides: S0 top edge, S1 upper right, S2
// lower right, S3 bottom edge, S4 lower left, S5 upper left. Sk and Sk+3 are opposite.
const (
	// tripleEven and tripleOdd are the two sets of three pairwise non-adjacent sides.
	tripleEven = 1<<0 | 1<<2 | 1<<4
	tripleOdd  = 1<<1 | 1<<3 | 1<<5
)

// Connects reports whether a group touching the sides in mask wins: an opposite pair, or
// three pairwise non-adjacent sides ("End of the game" in the rulebook).
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

// Topo is the immutable board data of one size, shared by Skirt and Node.
type Topo struct {
	Board *board.Topology
	// Size is N, the cells per side; Cells the number of cells.
	Size, Cells int
	// Wide is set when the board has cells in a Set's third word (size 8 only). The
	// playout paths skip that word on smaller boards, where it stays empty: a third less
	// work in every set operation of a placement, behind a branch that never changes in a
	// game.
	Wide bool
	// Ring is the outer area, Inner everything else.
	Ring, Inner Set
	// Sides[c] has bit k set when ring cell c lies on side Sk; corners have two bits.
	Sides [MaxCells]uint8
	// Nbr[c][d] is the neighbour of c in direction d (board.HexE order), or -1.
	Nbr [MaxCells][6]int16
	// NbrSet[c] is the set of c's neighbours.
	NbrSet [MaxCells]Set
	// NbrWin[c] holds c's neighbours as bits from NbrBase[c]: they lie within a row and a
	// half of c, so one word read across two Set words finds them all (Groups.Add), where
	// NbrSet takes a loop over three words.
	NbrBase [MaxCells]uint8
	NbrWin  [MaxCells]uint64
	// NbrRot[c] packs, a byte each, three rotations of the window of NbrWin that bring
	// c's neighbours to the bits of a 7-bit key (nbrKey): SW and SE to bits 0 and 1 (they
	// are next to each other in the row below), W and E to bits 2 and 4 (c between
	// them), NW and NE to bits 5 and 6. A missing neighbour's bit reads a cell outside
	// the window, which is 0. Three rotations do what a shift per direction did.
	// NbrOr[c][d] is the neighbour in direction d, or c itself when there is none (eight
	// entries, so that a direction masked to 7 needs no bounds check). Groups.Add looks up
	// runs with the key and reads labels through NbrOr.
	NbrRot [MaxCells]uint32
	NbrOr  [MaxCells][8]uint8
	// Line[c][f] numbers the line of family f through c: 0 rows (E–W), 1 letters (SW–NE),
	// 2 letter plus row (NW–SE); two cells share a line of family f when the numbers agree.
	Line [MaxCells][3]int8
	// InnerLine[f][i] is the set of inner cells on line i of family f.
	InnerLine [3][2*MaxSize - 1]Set
	// Sight[c] is the set of inner cells on any line through c, pieces ignored.
	Sight [MaxCells]Set
	// Rays[:NumRays] are the rays, two per line that enters the inner area (one from each
	// ring end). Playouts keep per-ray state so that a placement updates only the six rays
	// through it instead of walking every line from every outer piece again.
	Rays    [MaxRays]Ray
	NumRays int
	// RingRays[c] lists the rays starting at ring cell c, padded with -1: a corner starts
	// one, any other ring cell two (its third line runs along the side).
	RingRays [MaxCells][2]int8
	// CellRays[c] lists, for an inner cell c, the six rays through it (both ends of its
	// three lines) and c's bit on each.
	CellRays [MaxCells][6]RayBit
	// Span[r][k] is the set of the first k inner cells of ray r. A reach is one unbroken
	// stretch of a ray, so Span turns its bits into a cell set with two loads (RaySet).
	Span [MaxRays][maxRayLen + 1]Set
}

// RaySet returns the cells of ray r under x, one unbroken stretch of its bits.
func (t *Topo) RaySet(r int, x uint16) Set {
	lo, hi := t.spans(r, x)
	return Set{hi[0] &^ lo[0], hi[1] &^ lo[1], hi[2] &^ lo[2]}
}

// spans returns the two Span entries whose difference is RaySet(r, x); the playout paths
// combine them in place rather than copy a Set value (see Set.Holds).
func (t *Topo) spans(r int, x uint16) (lo, hi *Set) {
	sp := &t.Span[r]
	return &sp[min(bits.TrailingZeros16(x), maxRayLen)], &sp[bits.Len16(x)]
}

// MaxRays bounds the rays: two for each of the 2N−3 inner lines of each of the three
// families.
const MaxRays = 2 * 3 * (2*MaxSize - 3)

// maxRayLen is the number of inner cells on the longest line.
const maxRayLen = 2*MaxSize - 3

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
	Inner Set
}

// RayBit names a ray and the bit of one cell on it.
type RayBit struct{ Ray, Bit uint8 }

// Reach returns the bits of a ray's cells that a piece launched from its ring end may take,
// with occ the ray's occupied cells, as Targets defines it: the empty cells up to the first
// piece or, when the first cell holds a piece, the empty cells after that unbroken run up to
// the next piece. Bit arithmetic replaces the walk: the run is the trailing ones of occ,
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

var topos [MaxSize + 1]func() *Topo

func init() {
	for n := MinSize; n <= MaxSize; n++ {
		topos[n] = sync.OnceValue(func() *Topo { return newTopo(n) })
	}
}

// TopoOf returns the shared tables of the board with n cells per side, MinSize ≤ n ≤
// MaxSize.
func TopoOf(n int) *Topo { return topos[n]() }

// ParseSize reads the size option.
func ParseSize(text string) (int, bool) {
	n, err := strconv.Atoi(text)
	return n, err == nil && n >= MinSize && n <= MaxSize && strconv.Itoa(n) == text
}

func newTopo(n int) *Topo {
	b := board.NewHex(n)
	r := n - 1
	t := &Topo{Board: b, Size: n, Cells: b.Len(), Wide: b.Len() > 128}
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
		base := min(max(c-32, 0), 64*(len(Set{})-1))
		t.NbrBase[c] = uint8(base)
		for _, nb := range t.Nbr[c] {
			if nb >= 0 {
				if int(nb) < base || int(nb) >= base+64 {
					panic("skirt: a neighbour outside its window")
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
					panic("skirt: a neighbour off its key bit")
				}
			}
			t.NbrRot[c] |= uint32((64-p)&63) << (8 * f)
		}
	}
	t.buildRays()
	return t
}

// buildRays walks every line from its ring ends across the inner area.
func (t *Topo) buildRays() {
	var perCell [MaxCells]int
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
			panic("skirt: an inner cell off six rays")
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Groups labels the pieces of both players by group, kept by a state so that the win test
// after a placement costs a few table reads instead of a flood fill. Pieces never leave, so
// groups only merge. Every piece carries its group's label directly (a cell of the group),
// and each group links its pieces in a ring: a merge relabels the smaller group, which is
// rare and short in play, while the common placement reads one label per neighbour
// instead of walking a union-find's parent chains, whose varying lengths random games
// mispredict. The zero value has no pieces; it is a value, copied with the state.
type Groups struct {
	// id[c] is the label of the group of the piece on c.
	id [MaxCells]uint8
	// next[c] is the next piece in the ring of c's group.
	next [MaxCells]uint8
	// sides[g] and size[g] are, at a label g, the sides the group touches and its pieces.
	sides, size [MaxCells]uint8
}

// Add joins c, just placed, to the groups of own (which holds c and the pieces added
// before it) around it, and returns the sides that c's group touches. c takes the label
// of its first own neighbour; another group among the neighbours merges with that one.
// Neighbours next to each other round c are in one group already, so only the first of
// each run of own neighbours (runs) needs its label read. In random games four placements
// in five have no run or one, so the test for more is seldom mispredicted, where a loop
// over every own neighbour ended after a varying count (0 to 6) that often was.
func (g *Groups) Add(t *Topo, own *Set, c int) uint8 {
	base := int(t.NbrBase[c])
	w, b := base>>6, uint(base&63)
	// The window's second word, shifted left by 64−b in two steps so that each amount is
	// below 64 (a Go shift by a variable amount is otherwise guarded); it gives 0 when the
	// window is one word.
	x := (own[w]>>b | own[min(w+1, len(own)-1)]<<1<<(63-b)) & t.NbrWin[c]
	key := nbrKey(x, t.NbrRot[c])
	rn := keyRuns[key&127]
	nb := &t.NbrOr[c]
	// c's own label when no neighbour is own: the mask is -1 when there is one.
	some := -int((key + 127) >> 7)
	r := c ^ (c^int(g.id[nb[rn&7]]))&some
	if rn >= 2<<9 {
		for k := 1; k < int(rn>>9); k++ {
			if o := int(g.id[nb[rn>>(3*k)&7]]); o != r {
				r = g.merge(r, o)
			}
		}
	}
	g.id[c] = uint8(r)
	// Link c into r's ring; when r is c, c links to itself.
	g.next[c] = uint8(c)
	g.next[c], g.next[r] = g.next[r], uint8(c)
	g.size[r]++
	g.sides[r] |= t.Sides[c]
	return g.sides[r]
}

// keyFields are the three fields of the key of NbrRot, from key bit at: the directions
// (board.HexE order) whose neighbours are read at the field's low bit and gap bits above.
var keyFields = [3]struct{ at, lo, hi, gap int }{{0, 4, 5, 1}, {2, 3, 0, 2}, {5, 2, 1, 1}}

// nbrKey gathers the own neighbours in the window x into the key of NbrRot, with rot
// NbrRot[c].
func nbrKey(x uint64, rot uint32) uint64 {
	return bits.RotateLeft64(x, int(rot&63))&3 | bits.RotateLeft64(x, int(rot>>8&63))&5<<2 |
		bits.RotateLeft64(x, int(rot>>16&63))&3<<5
}

// keyDirs returns the directions of the neighbours in the key k of NbrRot, bit d for
// direction d.
func keyDirs(k int) int {
	var m int
	for _, fd := range keyFields {
		m |= k>>fd.at&1<<fd.lo | k>>(fd.at+fd.gap)&1<<fd.hi
	}
	return m
}

// keyRuns[k] is runs of keyDirs(k).
var keyRuns = func() (out [128]uint16) {
	for k := range out {
		out[k] = runs[keyDirs(k)]
	}
	return out
}()

// runs[m], for m a set of directions round a cell (bit d for direction d), packs the
// first direction of each of its cyclic runs, three bits each from bit 0, and the number
// of runs (at most three) from bit 9.
var runs = func() (out [64]uint16) {
	for m := 1; m < 64; m++ {
		var n uint16
		for d := 0; d < 6; d++ {
			prev := (d + 5) % 6
			if m>>d&1 != 0 && (m>>prev&1 == 0 || m == 63 && d == 0) {
				out[m] |= uint16(d) << (3 * n)
				n++
			}
		}
		out[m] |= n << 9
	}
	return out
}()

// merge joins the groups labelled a and b, relabelling the smaller, and returns the label
// of the result.
func (g *Groups) merge(a, b int) int {
	if g.size[a] < g.size[b] {
		a, b = b, a
	}
	for x := b; ; {
		g.id[x] = uint8(a)
		if x = int(g.next[x]); x == b {
			break
		}
	}
	g.next[a], g.next[b] = g.next[b], g.next[a]
	g.size[a] += g.size[b]
	g.sides[a] |= g.sides[b]
	return a
}

// Sides returns the sides touched by the group of the piece on c.
func (g *Groups) Sides(c int) uint8 { return g.sides[g.id[c]] }

// GroupSides returns the sides touched by the group of own that contains c.
func (t *Topo) GroupSides(own Set, c int) uint8 {
	g := t.Group(own, c)
	var mask uint8
	for w := range g {
		for x := g[w] & t.Ring[w]; x != 0; x &= x - 1 {
			mask |= t.Sides[w*64+bits.TrailingZeros64(x)]
		}
	}
	return mask
}

// Group returns the group of own that contains c, grown one ring of neighbours at a time.
func (t *Topo) Group(own Set, c int) Set {
	var g, frontier Set
	g.Add(c)
	frontier.Add(c)
	for !frontier.Empty() {
		var next Set
		for w := range frontier {
			for x := frontier[w]; x != 0; x &= x - 1 {
				next = next.Or(t.NbrSet[w*64+bits.TrailingZeros64(x)])
			}
		}
		frontier = next.And(own).AndNot(g)
		g = g.Or(frontier)
	}
	return g
}
