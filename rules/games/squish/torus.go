package squish

import (
	"math/bits"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/kit"
)

// This file holds the fast move generation of the boards of up to 64 cells (sizes 3 to 5,
// both defaults among them), which random playouts spend nearly all their time in. They
// use the kit's one-word torus layout (kit.Torus), where "every piece's neighbour in
// direction d" is one rotation of the word: rays, flood fills and flowline distances
// become a few rotations for all pieces together instead of walks over the pieces one by
// one. Larger boards keep the general cell sets of squish.go and flowish.go.

// torus is the one-word layout of one board size (kit.Torus), with the tables that only
// Squish and Flowish need.
type torus struct {
	kit.Torus
	// stars[h][i][v] is the union of Star[b] over the bits b of v<<(32h+8i): the cells on a
	// line through a piece of a set, in eight look-ups without a branch (starOf).
	stars [2][4][256]uint64
	// line[b] holds b's coordinate in each line family (y, q and q+y, plus the radius),
	// lines[f][m] the cells whose coordinate of family f is in the bit mask m, and width
	// the mask of every coordinate: the flowlines of Flowish's fallback rule.
	line  [64][3]uint8
	lines [3][]uint64
	width uint32
	// steps[b][d] is the move of the piece on bit b in direction d, for each step that
	// stays on the board. RandomMove copies its result from here: a move built in place is
	// a few narrow stores over a zeroed block, and the caller's wide copy of it waits for
	// them to reach the cache instead of taking them from the store buffer.
	steps [64][6]rules.Move
}

// newTorus builds the layout of t, or returns nil when the board has more than 64 cells.
func newTorus(t *kit.Hex128) *torus {
	k := kit.NewTorus(t)
	if k == nil {
		return nil
	}
	r := t.Size - 1
	n := t.Cells
	x := &torus{Torus: *k}
	if n == 61 {
		for d := range rot61 {
			if x.Back[d][0] != rot61[d] || x.Far[d][0] != far61[d] {
				panic("squish: the rotations of the 61-cell board differ from rot61 and far61")
			}
		}
	}
	for c := 0; c < n; c++ {
		for d := 0; d < 6; d++ {
			if a := t.Nbr[c][d]; a >= 0 {
				x.steps[x.Bit[c]][d] = rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(c), board.Site(a)}}
			}
		}
	}
	w := 2*r + 1
	x.width = 1<<w - 1
	for f := range x.lines {
		x.lines[f] = make([]uint64, 1<<w)
	}
	for c := 0; c < n; c++ {
		b := x.Bit[c]
		q, y := int(t.Q[c]), int(t.Y[c])
		x.line[b] = [3]uint8{uint8(y + r), uint8(q + r), uint8(q + y + r)}
		for f, v := range x.line[b] {
			for m := range x.lines[f] {
				if m>>v&1 != 0 {
					x.lines[f][m] |= 1 << b
				}
			}
		}
	}
	for i := 0; i < 8; i++ {
		t := &x.stars[i/4][i%4]
		for v := range t {
			for j := 0; j < 8; j++ {
				if b := 8*i + j; v>>j&1 != 0 && b < n {
					t[v] |= x.Star[b]
				}
			}
		}
	}
	return x
}

// squishMoves fills mv, per direction, with the pieces of own that may step that way.
// Filling backwards from own by 1, 2 and 4 steps finds every cell with a friendly piece 1
// to 8 cells ahead, which covers the longest line (9 cells, N = 61).
func (x *torus) squishMoves(own uint64, mv *[6]uint64) {
	n := x.N
	rot := func(m uint64, s uint) uint64 { return m<<(s&63) | m>>((n-s)&63) }
	var out [6]uint64
	for d := 0; d < 6; d++ {
		s, f := &x.Back[d], &x.Far[d]
		next := rot(own, s[0]) & f[0]
		ahead := next
		ahead |= rot(ahead, s[0]) & f[0]
		ahead |= rot(ahead, s[1]) & f[1]
		ahead |= rot(ahead, s[2]) & f[2]
		// A piece whose next cell is not friendly has its friend ahead two or more cells
		// away.
		out[d] = own &^ next & ahead
	}
	*mv = out
}

// starOf returns the cells on a line through a piece of g, that piece excepted: the
// cells that see g. Flowish needs it every turn for the largest groups, which change too
// often and by too many pieces for a walk over them, or a kept copy, to pay.
func (x *torus) starOf(g uint64) uint64 {
	return starsOf(&x.stars[0], uint32(g)) | starsOf(&x.stars[1], uint32(g>>32))
}

// starsOf is starOf for one half h of a set, from that half's tables t, small enough to
// inline.
func starsOf(t *[4][256]uint64, h uint32) uint64 {
	return t[0][uint8(h)] | t[1][uint8(h>>8)] | t[2][uint8(h>>16)] | t[3][uint8(h>>24)]
}

// onLines returns the pieces of own that see a piece of g along a line: the ones that have
// a flow direction.
func (x *torus) onLines(own, g uint64) uint64 {
	var seen uint64
	for m := g; m != 0; m &= m - 1 {
		seen |= x.Star[bits.TrailingZeros64(m)&63]
	}
	return own & seen
}

// flowMoves fills mv with Flowish's flow moves of the pieces rest (those of own that see
// a piece of g, the largest groups). Moving g backwards one step at a time along every
// direction finds, at step k, the pieces whose nearest piece of g in that direction is k
// cells away; a piece flows in the directions of the first step that reaches it, and
// every piece of rest is reached.
func (x *torus) flowMoves(own, g, rest uint64, mv *[6]uint64) {
	if x.N == 61 {
		flowMoves61(own, g, rest, mv)
		return
	}
	// The six directions are written out with every rotation and mask in a local: as a
	// loop over arrays the compiler kept them all in memory, and the loop's branch cost
	// as much as the work. Whether a target is free is applied once at the end.
	n := x.N
	s0, s1, s2, s3, s4, s5 := x.Back[0][0]&63, x.Back[1][0]&63, x.Back[2][0]&63, x.Back[3][0]&63, x.Back[4][0]&63, x.Back[5][0]&63
	t0, t1, t2, t3, t4, t5 := (n-s0)&63, (n-s1)&63, (n-s2)&63, (n-s3)&63, (n-s4)&63, (n-s5)&63
	f0, f1, f2, f3, f4, f5 := x.Far[0][0], x.Far[1][0], x.Far[2][0], x.Far[3][0], x.Far[4][0], x.Far[5][0]
	r0, r1, r2, r3, r4, r5 := g, g, g, g, g, g
	var o0, o1, o2, o3, o4, o5 uint64
	for rest != 0 {
		r0 = (r0<<s0 | r0>>t0) & f0
		r1 = (r1<<s1 | r1>>t1) & f1
		r2 = (r2<<s2 | r2>>t2) & f2
		r3 = (r3<<s3 | r3>>t3) & f3
		r4 = (r4<<s4 | r4>>t4) & f4
		r5 = (r5<<s5 | r5>>t5) & f5
		o0 |= rest & r0
		o1 |= rest & r1
		o2 |= rest & r2
		o3 |= rest & r3
		o4 |= rest & r4
		o5 |= rest & r5
		rest &^= r0 | r1 | r2 | r3 | r4 | r5
	}
	// The target must not be friendly; it is on the board, g lying beyond.
	mv[0] = o0 &^ ((own<<s0 | own>>t0) & f0)
	mv[1] = o1 &^ ((own<<s1 | own>>t1) & f1)
	mv[2] = o2 &^ ((own<<s2 | own>>t2) & f2)
	mv[3] = o3 &^ ((own<<s3 | own>>t3) & f3)
	mv[4] = o4 &^ ((own<<s4 | own>>t4) & f4)
	mv[5] = o5 &^ ((own<<s5 | own>>t5) & f5)
}

// The rotations of the 61-cell board (size 5, Flowish's default) and its far[d][0] masks,
// as constants: flowMoves61 is flowMoves with them. A constant shift is one instruction
// and needs no register. The masks are read from far61 as memory operands and the moves
// are gathered in mv, which leaves the six reach sets and rest in registers: with the
// masks as immediates and the moves in locals, the compiler spilled the reach sets on
// every step. newTorus checks the constants against the layout.
const (
	rot61E, rot61NE, rot61NW = 60, 47, 48
	rot61W, rot61SW, rot61SE = 61 - rot61E, 61 - rot61NE, 61 - rot61NW

	far61E, far61NE, far61NW = 0x1ef7f7dfbf7dfdef, 0x1e0ff7ffbffdffef, 0x1c0fffbffefffbff
	far61W, far61SW, far61SE = 0x1defefbf7efbfbdf, 0x1dffefff7ffbfc1f, 0x1ff7ffdfff7ffc0f
)

// rot61 and far61 hold the constants by direction, for the check.
var (
	rot61 = [6]uint{rot61E, rot61NE, rot61NW, rot61W, rot61SW, rot61SE}
	far61 = [6]uint64{far61E, far61NE, far61NW, far61W, far61SW, far61SE}
)

// flowMoves61 is flowMoves on the 61-cell board.
func flowMoves61(own, g, rest uint64, mv *[6]uint64) {
	f := &far61
	// A piece next to g flows only onto g, a friendly cell, so the first step reaches
	// pieces that cannot move: it only takes them out of rest.
	r0 := (g<<rot61E | g>>rot61W) & f[0]
	r1 := (g<<rot61NE | g>>rot61SW) & f[1]
	r2 := (g<<rot61NW | g>>rot61SE) & f[2]
	r3 := (g<<rot61W | g>>rot61E) & f[3]
	r4 := (g<<rot61SW | g>>rot61NE) & f[4]
	r5 := (g<<rot61SE | g>>rot61NW) & f[5]
	rest &^= r0 | r1 | r2 | r3 | r4 | r5
	*mv = [6]uint64{}
	for rest != 0 {
		r0 = (r0<<rot61E | r0>>rot61W) & f[0]
		r1 = (r1<<rot61NE | r1>>rot61SW) & f[1]
		r2 = (r2<<rot61NW | r2>>rot61SE) & f[2]
		r3 = (r3<<rot61W | r3>>rot61E) & f[3]
		r4 = (r4<<rot61SW | r4>>rot61NE) & f[4]
		r5 = (r5<<rot61SE | r5>>rot61NW) & f[5]
		mv[0] |= rest & r0
		mv[1] |= rest & r1
		mv[2] |= rest & r2
		mv[3] |= rest & r3
		mv[4] |= rest & r4
		mv[5] |= rest & r5
		rest &^= r0 | r1 | r2 | r3 | r4 | r5
	}
	mv[0] &^= (own<<rot61E | own>>rot61W) & f[0]
	mv[1] &^= (own<<rot61NE | own>>rot61SW) & f[1]
	mv[2] &^= (own<<rot61NW | own>>rot61SE) & f[2]
	mv[3] &^= (own<<rot61W | own>>rot61E) & f[3]
	mv[4] &^= (own<<rot61SW | own>>rot61NE) & f[4]
	mv[5] &^= (own<<rot61SE | own>>rot61NW) & f[5]
}

// fallbackMoves adds to mv the moves of Flowish's fallback rule for the pieces others
// (own outside the largest groups g, none of which sees g): steps onto a cell, not
// friendly, one closer to the nearest flowline. Rings of cells at line distance k from
// the flowlines grow by widening each family's coordinate mask by one per step; a piece
// on ring k steps into ring k−1, a neighbour never being two rings apart.
func (x *torus) fallbackMoves(own, g, others uint64, mv *[6]uint64) {
	var f [3]uint32
	for m := g; m != 0; m &= m - 1 {
		l := &x.line[bits.TrailingZeros64(m)&63]
		f[0] |= 1 << l[0]
		f[1] |= 1 << l[1]
		f[2] |= 1 << l[2]
	}
	near := x.lines[0][f[0]] | x.lines[1][f[1]] | x.lines[2][f[2]]
	for others&^near != 0 {
		for i := range f {
			f[i] = (f[i] | f[i]<<1 | f[i]>>1) & x.width
		}
		wider := x.lines[0][f[0]] | x.lines[1][f[1]] | x.lines[2][f[2]]
		if on := others & wider &^ near; on != 0 {
			for d := 0; d < 6; d++ {
				mv[d] |= on & x.Behind(near&^own, d, 0)
			}
		}
		near = wider
	}
}
