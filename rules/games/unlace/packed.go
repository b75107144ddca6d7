package unlace

import "math/bits"

// The packed layout puts a board of up to four cells per side in one 64-bit word, so that
// a playout's move generation is a few dozen word operations instead of loops over cells.
// The cell at axial (q, y) is bit (y+R)·8 + (q+R), R = size − 1: rows of eight bits from
// the bottom, left to right, so bit order is site order. Columns 0 to 6 hold the cells and
// column 7 is always empty padding, which is what makes the six hex directions plain
// shifts: E +1, NE +8, NW +7, W −1, SW −8, SE −7. A shift that leaves the board lands on
// padding, on a corner of the parallelogram outside the hexagon, or past bit 63, and is
// removed by a mask with the board or with a set of pieces (which never holds such bits).
const (
	packedMax = 4
	rowBits   = 8
)

// dilate returns x and every cell next to a cell of x; bits off the board may be set.
func dilate(x uint64) uint64 {
	// x and its east neighbours, shifted up by NW and down by SW, give the four cells
	// of the rows above and below: seven operations instead of twelve.
	y := x | x<<1
	return y | x>>1 | y<<(rowBits-1) | y>>rowBits
}

// atLeastTwo returns the bits set in two or more of the six words.
func atLeastTwo(x0, x1, x2, x3, x4, x5 uint64) uint64 {
	a, b := x0|x1, x3|x4
	return x0&x1 | a&x2 | x3&x4 | b&x5 | (a|x2)&(b|x5)
}

// towards returns the cells c+d for c in x, one result per direction d in board.HexE
// order; bits off the board may be set. Go neither unrolls loops nor keeps arrays in
// registers, so the six directions are six named results in straight-line code.
func towards(x uint64) (e, ne, nw, w, sw, se uint64) {
	return x << 1, x << rowBits, x << (rowBits - 1), x >> 1, x >> rowBits, x >> (rowBits - 1)
}

// from returns, per direction d, the cells c whose neighbour c+d is in x.
func from(x uint64) (e, ne, nw, w, sw, se uint64) {
	return x >> 1, x >> rowBits, x >> (rowBits - 1), x << 1, x << rowBits, x << (rowBits - 1)
}

// packedStep is the bit offset of each direction in board.HexE order.
var packedStep = [6]int8{1, rowBits, rowBits - 1, -1, -rowBits, -(rowBits - 1)}

// packedDir[i+rowBits] is the direction whose bit offset is i, or -1.
var packedDir = func() (t [2*rowBits + 1]int8) {
	for i := range t {
		t[i] = -1
	}
	for d, s := range packedStep {
		t[int(s)+rowBits] = int8(d)
	}
	return t
}()

// sizeBits[k][b] is all ones if bit b of k is set and zero otherwise: the masks that add k
// to bit-sliced counts.
var sizeBits = func() (t [16][4]uint64) {
	for k := range t {
		for b := range t[k] {
			t[k][b] = -uint64(k >> b & 1)
		}
	}
	return t
}()

// maxPieces bounds a side's pieces on a packed board (37 cells, a third each at the
// start), maxGroups its groups of two pieces or more.
const (
	maxPieces = 12
	maxGroups = maxPieces / 2
)

// counts is a bit-sliced counter: bit c of plane b is bit b of cell c's count. Four planes
// hold up to 15, more than a side's pieces on a packed board.
type counts struct{ b0, b1, b2, b3 uint64 }

// at returns the count of the cell with index i, below 64.
func (s *counts) at(i uint) int {
	return int(s.b0>>i&1 | s.b1>>i&1<<1 | s.b2>>i&1<<2 | s.b3>>i&1<<3)
}

// packedMoves is Moves for the packed layout: per direction, the pieces of own that may
// step that way, on the board board. Only the first word of each set is written.
//
// A step of c (group G of g pieces) to a makes a group of a, every other group beside a
// (S pieces in all) and the part of G − c still beside a (P pieces, at most g − 1). So it
// is legal only if S ≥ 1, that is, if a touches two groups or more, and then
//   - if S ≥ g, whatever P;
//   - if c is alone (g = 1), since S ≥ 1;
//   - if c's neighbours form one arc around it, G − c stays connected (any path through c
//     goes round along the arc), so P = g − 1 as soon as one piece of G − c touches a,
//     and the step is legal. A piece of G on one of the two cells beside both c and a
//     settles that at once. Otherwise only a piece of G beyond a can, which needs a path
//     round one of those two cells: four pieces besides c, so groups of five or more;
//   - if c's neighbours form two arcs or more, P needs a flood fill from a within G − c,
//     except in a group of three, where G − c is two single pieces and P is how many of
//     them are beside a, and in a group of four or five when a touches one of the two
//     cells beside c and a and has exactly one lone piece beside it: the step is then
//     illegal (see below).
//
// All but the fills are worked out for all pieces at once with bit sets: S + g is the sum
// over the groups beside a, kept as bit-sliced counts.
func packedMoves(board, own uint64, mv *[6]set) {
	empty := board &^ own
	// nbD holds the pieces whose neighbour in direction D is an own piece.
	nbE, nbNE, nbNW := own&(own>>1), own&(own>>rowBits), own&(own>>(rowBits-1))
	nbW, nbSW, nbSE := own&(own<<1), own&(own<<rowBits), own&(own<<(rowBits-1))
	lone := own &^ (nbE | nbNE | nbNW | nbW | nbSW | nbSE)
	// A piece whose own neighbours form two arcs or more has two arc ends or more.
	multi := atLeastTwo(nbE&^nbNE, nbNE&^nbNW, nbNW&^nbW, nbW&^nbSW, nbSW&^nbSE, nbSE&^nbE)
	// sum counts, for each cell, the pieces of the groups beside it: first the lone
	// pieces, each a group of its own, added with a carry-save tree.
	var sum counts
	{
		x0, x1, x2, x3, x4, x5 := towards(lone)
		sa, ca := x0^x1^x2, x0&x1|x2&(x0^x1)
		sb, cb := x3^x4^x5, x3&x4|x5&(x3^x4)
		c0 := sa & sb
		sum.b0 = sa ^ sb
		sum.b1 = ca ^ cb ^ c0
		sum.b2 = ca&cb | c0&(ca^cb)
	}
	// two holds the cells beside at least two groups, lone1 those beside exactly one lone
	// piece.
	two := sum.b1 | sum.b2
	lone1 := sum.b0 &^ two
	// The groups of two or more pieces, found by flood fills.
	var groups [maxGroups]uint64
	// bySize[k] holds the groups of k pieces (16 entries, so that a mask keeps the index
	// in range without a bounds check).
	var bySize [16]uint64
	var sizes uint32
	m := 0
	for rest := own &^ lone; rest != 0; m++ {
		// Two steps of the fill are taken blind, which completes most groups (those
		// within two steps of their lowest piece), so the loop that finishes the fill
		// usually stops at once, a branch that is predicted.
		g := rest & -rest
		g = dilate(g) & own
		g = dilate(g) & own
		near := dilate(g)
		for grown := near & own; grown != g; grown = near & own {
			g = grown
			near = dilate(g)
		}
		groups[m] = g
		k := bits.OnesCount64(g)
		bySize[k&15] |= g
		sizes |= 1 << (k & 31)
		near &= empty
		// A cell of near already counted is beside another group.
		two |= near & (sum.b0 | sum.b1 | sum.b2 | sum.b3)
		// Add k to the count of every cell of near, a ripple-carry addition done for all
		// cells at once. It is written out here rather than as a method of counts, which
		// the compiler would not inline and whose calls kept the counts in memory.
		kb := &sizeBits[k&15]
		a0, a1, a2, a3 := near&kb[0], near&kb[1], near&kb[2], near&kb[3]
		carry := sum.b0 & a0
		sum.b0 ^= a0
		x := sum.b1 ^ a1
		sum.b1, carry = x^carry, sum.b1&a1|carry&x
		x = sum.b2 ^ a2
		sum.b2, carry = x^carry, sum.b2&a2|carry&x
		sum.b3 ^= a3 ^ carry
		rest &^= g
	}
	two &= empty
	// Lone pieces, and pieces of one arc with a piece of their group beside the target.
	simple := own &^ lone &^ multi
	cE, cNE, cNW := nbSE|nbNE, nbE|nbNW, nbNE|nbW
	cW, cSW, cSE := nbNW|nbSW, nbW|nbSE, nbSW|nbE
	fE, fNE, fNW, fW, fSW, fSE := from(two)
	oE, oNE, oNW := fE&(lone|simple&cE), fNE&(lone|simple&cNE), fNW&(lone|simple&cNW)
	oW, oSW, oSE := fW&(lone|simple&cW), fSW&(lone|simple&cSW), fSE&(lone|simple&cSE)
	// Steps with S ≥ g, where the count at the target is at least 2g. No count exceeds
	// maxPieces, so that reads off the top planes. Groups of two and three are the common
	// ones, and are settled without a branch; larger groups (S + g ≤ maxPieces bounds g)
	// are rare enough for one that is predicted.
	{
		g2, g3 := bySize[2], bySize[3]
		b2E, b2NE, b2NW, b2W, b2SW, b2SE := from(empty & (sum.b3 | sum.b2))
		b3E, b3NE, b3NW, b3W, b3SW, b3SE := from(empty & (sum.b3 | sum.b2&sum.b1))
		oE, oNE, oNW = oE|g2&b2E|g3&b3E, oNE|g2&b2NE|g3&b3NE, oNW|g2&b2NW|g3&b3NW
		oW, oSW, oSE = oW|g2&b2W|g3&b3W, oSW|g2&b2SW|g3&b3SW, oSE|g2&b2SE|g3&b3SE
	}
	if bySize[4]|bySize[5]|bySize[6] != 0 {
		// At least 8, 10 and 12.
		t := empty & sum.b3
		g4, g5, g6 := bySize[4], bySize[5], bySize[6]
		t5, t6 := t&(sum.b2|sum.b1), t&sum.b2
		bE, bNE, bNW, bW, bSW, bSE := from(t)
		cE5, cNE5, cNW5, cW5, cSW5, cSE5 := from(t5)
		cE6, cNE6, cNW6, cW6, cSW6, cSE6 := from(t6)
		oE, oNE, oNW = oE|g4&bE|g5&cE5|g6&cE6, oNE|g4&bNE|g5&cNE5|g6&cNE6, oNW|g4&bNW|g5&cNW5|g6&cNW6
		oW, oSW, oSE = oW|g4&bW|g5&cW5|g6&cW6, oSW|g4&bSW|g5&cSW5|g6&cSW6, oSE|g4&bSE|g5&cSE5|g6&cSE6
	}
	// Pieces of two arcs in groups of three are settled by counting: such a group is c
	// and two single pieces x and y on either side, and a step keeps those of them that
	// are beside the target, P of them. It is legal if 1 + S + P > 3: if the count at the
	// target, S + 3, is at least 5 when P = 1, and if the target is beside another group
	// when P = 2 (P = 0 needs S ≥ 3, found above).
	if in3 := multi & bySize[3]; in3 != 0 {
		b5E, b5NE, b5NW, b5W, b5SW, b5SE := from(empty & (sum.b3 | sum.b2&(sum.b1|sum.b0)))
		oE |= in3 & fE & (nbNE&nbSE | cE&b5E)
		oNE |= in3 & fNE & (nbE&nbNW | cNE&b5NE)
		oNW |= in3 & fNW & (nbNE&nbW | cNW&b5NW)
		oW |= in3 & fW & (nbNW&nbSW | cW&b5W)
		oSW |= in3 & fSW & (nbW&nbSE | cSW&b5SW)
		oSE |= in3 & fSE & (nbSW&nbE | cSE&b5SE)
		multi &^= in3
	}
	// The steps are stored one word at a time: an array built here and copied would be
	// read 16 bytes at a time just after 8-byte stores, which stalls.
	mv[0][0], mv[1][0], mv[2][0], mv[3][0], mv[4][0], mv[5][0] = oE, oNE, oNW, oW, oSW, oSE
	// Groups of five or more may reach round to the far side of the target; their pieces
	// of two arcs may need a fill.
	var large uint64
	if sizes>>5 != 0 {
		large = largeGroups(groups[:m], simple, two, mv)
	}
	if multi != 0 {
		// A step that touches exactly one of the two cells beside c and the target, L
		// say, from a group of four or five is illegal if the target has exactly one lone
		// piece beside it. That piece stands on one of the cells beyond the target, and
		// keeps every other own piece off them but the one beside L, which is in G: so
		// S = 1. In a group of five or fewer, c is a cut point (joining two arcs round it
		// takes three pieces outside them), and the target touches only the part of
		// G − c that holds L, so P ≤ k − 2 and the new group has at most k pieces. In
		// random games these are the largest share of the steps that would otherwise
		// take a fill (38%).
		small := multi & (bySize[4] | bySize[5])
		iE, iNE, iNW := lone1>>1&small&(nbNE^nbSE), lone1>>rowBits&small&(nbE^nbNW), lone1>>(rowBits-1)&small&(nbNE^nbW)
		iW, iSW, iSE := lone1<<1&small&(nbNW^nbSW), lone1<<rowBits&small&(nbW^nbSE), lone1<<(rowBits-1)&small&(nbSW^nbE)
		var todo [6]uint64
		todo[0] = multi & fE & (cE | large) &^ mv[0][0] &^ iE
		todo[1] = multi & fNE & (cNE | large) &^ mv[1][0] &^ iNE
		todo[2] = multi & fNW & (cNW | large) &^ mv[2][0] &^ iNW
		todo[3] = multi & fW & (cW | large) &^ mv[3][0] &^ iW
		todo[4] = multi & fSW & (cSW | large) &^ mv[4][0] &^ iSW
		todo[5] = multi & fSE & (cSE | large) &^ mv[5][0] &^ iSE
		if pending := todo[0] | todo[1] | todo[2] | todo[3] | todo[4] | todo[5]; pending != 0 {
			splitSteps(pending, &groups, sum, &todo, mv)
		}
	}
}

// largeGroups adds to mv the steps of simple pieces of groups of five or more whose
// target touches another piece of their group only beyond it, and returns those groups.
func largeGroups(groups []uint64, simple, two uint64, mv *[6]set) (large uint64) {
	for _, g := range groups {
		if bits.OnesCount64(g) < 5 {
			continue
		}
		large |= g
		x0, x1, x2, x3, x4, x5 := towards(g)
		// The cells beside two pieces of g or more.
		twice := atLeastTwo(x0, x1, x2, x3, x4, x5)
		f0, f1, f2, f3, f4, f5 := from(twice & two)
		gs := g & simple
		mv[0][0] |= gs & f0
		mv[1][0] |= gs & f1
		mv[2][0] |= gs & f2
		mv[3][0] |= gs & f3
		mv[4][0] |= gs & f4
		mv[5][0] |= gs & f5
	}
	return large
}

// splitSteps settles the steps in todo of the pending pieces, whose neighbours form two
// arcs or more, by flood fills, and adds the legal ones to mv.
func splitSteps(pending uint64, groups *[maxGroups]uint64, sum counts, todo *[6]uint64, mv *[6]set) {
	for ; pending != 0; pending &= pending - 1 {
		c := pending & -pending
		// The mask tells the compiler that shifts by i need no guard.
		i := uint(bits.TrailingZeros64(c)) & 63
		// All maxGroups entries are read, unused ones being empty, so that the loop has
		// a fixed length and its end is never mispredicted.
		var g uint64
		for _, h := range groups {
			g |= h & -(h >> i & 1)
		}
		k := bits.OnesCount64(g)
		rest := g &^ c
		// dirs holds the directions still to settle for c.
		var dirs uint
		for d := range todo {
			dirs |= uint(todo[d]>>i&1) << d
		}
		for ; dirs != 0; dirs &= dirs - 1 {
			d := bits.TrailingZeros(dirs)
			j := (i + uint(packedStep[d])) & 63
			a := uint64(1) << j
			// The part of G − c that the new group keeps: what a flood fill from the
			// pieces beside the target reaches in G − c. In a group of five or fewer, c
			// is a cut point (joining two arcs round c takes three pieces outside them),
			// so G − c falls in two parts or more of at most three pieces each, and two
			// steps of the fill reach all of a part; larger groups fill until nothing is
			// added. A fixed number of steps spares a mispredicted loop exit.
			part := dilate(a) & rest
			part = dilate(part) & rest
			part = dilate(part) & rest
			if k > 5 {
				for {
					grown := dilate(part) & rest
					if grown == part {
						break
					}
					part = grown
				}
			}
			if 1+sum.at(j)-k+bits.OnesCount64(part) > k {
				mv[d][0] |= c
			}
		}
	}
}
