package kit

import "math/bits"

// Groups labels the pieces placed on a Hex192 board by group, both players' at once (a
// group holds one player's pieces), kept by a game's state so that the sides a group
// touches after a placement cost a few table reads instead of a flood fill. Pieces never leave, so
// groups only merge. Every piece carries its group's label directly (a cell of the group),
// and each group links its pieces in a ring: a merge relabels the smaller group, which is
// rare and short in play, while the common placement reads one label per neighbour
// instead of walking a union-find's parent chains, whose varying lengths random games
// mispredict. The zero value has no pieces; it is a value, copied with the state.
type Groups struct {
	// id[c] is the label of the group of the piece on c.
	id [MaxHex192Cells]uint8
	// next[c] is the next piece in the ring of c's group.
	next [MaxHex192Cells]uint8
	// sides[g] and size[g] are, at a label g, the sides the group touches and its pieces.
	sides, size [MaxHex192Cells]uint8
}

// Add joins c, just placed, to the groups of own (which holds c and the pieces added
// before it) around it, and returns the sides that c's group touches. c takes the label
// of its first own neighbour; another group among the neighbours merges with that one.
// Neighbours next to each other round c are in one group already, so only the first of
// each run of own neighbours (runs) needs its label read. In random games four placements
// in five have no run or one, so the test for more is seldom mispredicted, where a loop
// over every own neighbour ended after a varying count (0 to 6) that often was.
func (g *Groups) Add(t *Hex192, own *Set192, c int) uint8 {
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
func (t *Hex192) GroupSides(own Set192, c int) uint8 {
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
func (t *Hex192) Group(own Set192, c int) Set192 {
	var g, frontier Set192
	g.Add(c)
	frontier.Add(c)
	for !frontier.Empty() {
		var next Set192
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
