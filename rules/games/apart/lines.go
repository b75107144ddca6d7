package apart

// The lengths of lines and the moves they allow, counted and numbered without listing the
// moves: random playouts draw a move by its number, and LegalMoves lists them in the same
// order.

import (
	"math/bits"

	"koma/rules"
	"koma/rules/board"
)

// lineLens returns the lengths of the lines through the piece on s along the four axes
// (N–S, NE–SW, E–W, SE–NW): the piece itself and its unbroken neighbours of its colour
// both ways. Each axis's squares through s are gathered into one byte, one bit a square,
// and runLen reads the length off it. A rank is a byte already. A file shifted to the
// a-file and multiplied by fileGather, and a diagonal multiplied by fileA, come out in
// the top byte without carries, as no two of the summed bits meet; the row or the column
// numbers the bits.
func lineLens(own uint64, s int) [4]int {
	file, diag, rank, anti := axisLens(own, s)
	return [4]int{int(file), int(diag), int(rank), int(anti)}
}

// axisLens is lineLens with the four lengths as results of their own, which come back in
// registers: an array comes back through memory, and copying it 16 bytes at a time just
// after its 8-byte stores stalled the chain's every jump.
func axisLens(own uint64, s int) (file, diag, rank, anti uint) {
	q := uint(s) & 63
	col, row := q&7, q>>3
	f := (own >> col & fileA) * fileGather >> 56
	d := (own & diagLine[q]) * fileA >> 56
	r := own >> (8 * row) & 0xff
	a := (own & antiLine[q]) * fileA >> 56
	return uint(runLen[f][row]), uint(runLen[d][col]), uint(runLen[r][col]), uint(runLen[a][col])
}

// lineLen returns the length of the line through the piece on s along direction d's axis.
func lineLen(own uint64, s, d int) int { return lineLens(own, s)[d&3] }

// shiftBy moves every square of x k squares in direction d, dropping those that would leave
// the board. One of the two shift amounts is zero, so no branch asks which way d goes.
func shiftBy(x uint64, d, k int) uint64 {
	return x & stepMask[d][k] << (shiftL[d][k] & 63) >> (shiftR[d][k] & 63)
}

// Between turns the moves are found by whole lines rather than piece by piece: along each
// axis (N–S, NE–SW, E–W, SE–NW), the pieces of the runs of exactly l pieces move l squares
// either way, so a few shifts of the whole board give the landing squares of all of them
// at once. Each landing square of such a set is the end of exactly one move, whose piece
// stands l squares back. LegalMoves lists the moves by axis, then l, then the direction
// N, NE, E or SE before the opposite one, then by landing square; RandomMove counts the
// same sets and builds only the move its draw falls on.
//
// The scan works with each axis's two directions as the one that climbs in site number
// (axisUp) and the one that falls (axisDown), so every shift has a known sign and the
// compiler sees plain shifts and masks.
var (
	axisUp   = [4]int{0, 1, 2, 7}
	axisDown = [4]int{4, 5, 6, 3}
	// axisUnit is the change of site number one square up an axis.
	axisUnit = [4]uint{size, size + 1, 1, size - 1}
	// upMask[a][k] and downMask[a][k] hold the squares from which k squares up or down
	// axis a stay on the board.
	upMask, downMask [4][size + 1]uint64
)

// lineMove builds the move of the piece on from along a line of l pieces in direction dir:
// a Step for a line of one, a Jump otherwise. The kind comes from the sign of l-2, since
// whether a drawn move steps is as good as random.
func lineMove(dir, l, from int) rules.Move {
	kind := rules.Jump - rules.MoveKind(uint(l-2)>>63)
	return rules.Move{Kind: kind, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(from), board.Site(from + l*dirDelta[dir])}}
}

// moveCounts holds the moves between turns as sets of pieces, in LegalMoves order. Slot j
// of axis a, j = (l-1)*2 + side, holds the pieces of the lines of exactly l along the axis
// that can move l squares in direction a (side 0: N, NE, E or SE) or a+4 (side 1): the
// landing square is on the board and not their own. Each piece of a slot is one move, and
// the moves of a slot come in the order of their pieces, as their landing squares all lie
// the same way from them. sets keeps the slots of lines of one to three pieces, which are
// nearly all; longSlots finds the others again when they are needed.
type moveCounts struct {
	sets [4][6]uint64
	// ends[a+1] is the number of moves along axes 0 to a; ends[0] is 0.
	ends [5]int
}

// count fills mc for the player to move between turns and returns the number of moves.
// Each axis has its own function, written out so that its shifts are constants: a shift
// by a variable needs the CX register in the default amd64 build, and the moves in and
// out of it took more instructions than the work. With all four axes in one function the
// compiler kept too much alive at once and spilled a third of its instructions to the
// stack; one axis at a time fits in the registers, and only its count and long lines
// outlive the call.
func (s *State) count(mc *moveCounts) int {
	own := s.pieces[s.Turn&1]
	n0, l0 := mc.fileSlots(own)
	n1, l1 := mc.diagSlots(own)
	n2, l2 := mc.rankSlots(own)
	n3, l3 := mc.antiSlots(own)
	if l0|l1|l2|l3 != 0 {
		c0, c1, c2, c3 := longCounts(own, l0, l1, l2, l3)
		n0, n1, n2, n3 = n0+c0, n1+c1, n2+c2, n3+c3
	}
	mc.ends[1], mc.ends[2], mc.ends[3], mc.ends[4] = n0, n0+n1, n0+n1+n2, n0+n1+n2+n3
	return n0 + n1 + n2 + n3
}

// The axis functions below fill the slots of lines of one to three pieces along their
// axis and return the number of those moves and the pieces of longer lines. A piece alone
// along the axis steps onto a square that is not own, as it has no friend on either side,
// so only the edge of the board can stop it. A piece belongs to one line per axis, so
// the slots of one direction are disjoint and are counted together: two population
// counts an axis, made last, when little else is alive, as the default amd64 build tests
// the CPU before each and the compiler spills around the fallback call. The slots are
// stored one word at a time: an array literal is built on the stack and copied 16 bytes
// at a time, and a load of 16 bytes just stored in two halves stalls until the stores
// reach the cache.

// fileSlots does the N–S axis. A shift by whole rows cannot wrap round the board, so it
// needs no mask.
func (mc *moveCounts) fileSlots(own uint64) (n int, long uint64) {
	free := ^own
	e1, e2, e3, long := exactLines(own, own&(own<<8), own&(own>>8), ^uint64(0), 8)
	u1, d1 := e1&upMask[0][1], e1&downMask[0][1]
	u2, d2 := movers(e2, free, 16, ^uint64(0), ^uint64(0))
	u3, d3 := movers(e3, free, 24, ^uint64(0), ^uint64(0))
	sets := &mc.sets[0]
	sets[0], sets[1], sets[2], sets[3], sets[4], sets[5] = u1, d1, u2, d2, u3, d3
	return bits.OnesCount64(u1|u2|u3) + bits.OnesCount64(d1|d2|d3), long
}

// diagSlots does the NE–SW axis.
func (mc *moveCounts) diagSlots(own uint64) (n int, long uint64) {
	free := ^own
	e1, e2, e3, long := exactLines(own, own&(own&upMask[1][1]<<9), own&(own&downMask[1][1]>>9), upMask[1][2], 9)
	u1, d1 := e1&upMask[1][1], e1&downMask[1][1]
	u2, d2 := movers(e2, free, 18, upMask[1][2], downMask[1][2])
	u3, d3 := movers(e3, free, 27, upMask[1][3], downMask[1][3])
	sets := &mc.sets[1]
	sets[0], sets[1], sets[2], sets[3], sets[4], sets[5] = u1, d1, u2, d2, u3, d3
	return bits.OnesCount64(u1|u2|u3) + bits.OnesCount64(d1|d2|d3), long
}

// rankSlots does the E–W axis.
func (mc *moveCounts) rankSlots(own uint64) (n int, long uint64) {
	free := ^own
	e1, e2, e3, long := exactLines(own, own&(own&upMask[2][1]<<1), own&(own&downMask[2][1]>>1), upMask[2][2], 1)
	u1, d1 := e1&upMask[2][1], e1&downMask[2][1]
	u2, d2 := movers(e2, free, 2, upMask[2][2], downMask[2][2])
	u3, d3 := movers(e3, free, 3, upMask[2][3], downMask[2][3])
	sets := &mc.sets[2]
	sets[0], sets[1], sets[2], sets[3], sets[4], sets[5] = u1, d1, u2, d2, u3, d3
	return bits.OnesCount64(u1|u2|u3) + bits.OnesCount64(d1|d2|d3), long
}

// antiSlots does the SE–NW axis, where SE, which falls, comes before NW.
func (mc *moveCounts) antiSlots(own uint64) (n int, long uint64) {
	free := ^own
	e1, e2, e3, long := exactLines(own, own&(own&upMask[3][1]<<7), own&(own&downMask[3][1]>>7), upMask[3][2], 7)
	u1, d1 := e1&upMask[3][1], e1&downMask[3][1]
	u2, d2 := movers(e2, free, 14, upMask[3][2], downMask[3][2])
	u3, d3 := movers(e3, free, 21, upMask[3][3], downMask[3][3])
	sets := &mc.sets[3]
	sets[0], sets[1], sets[2], sets[3], sets[4], sets[5] = d1, u1, d2, u2, d3, u3
	return bits.OnesCount64(u1|u2|u3) + bits.OnesCount64(d1|d2|d3), long
}

// longCounts returns the number of moves of the pieces of lines of four or more along each
// axis, l0 to l3 holding those pieces along axes 0 to 3. The pieces of a line move the
// same distance, so along an axis they are apart from the slots of the shorter lines.
// Nearly all long lines lie along a rank, mostly the starting rows, and a rank is a byte,
// so rankLong counts them row by row; the rare others go through longSlots. The counts go
// in and out one word each: arrays went through memory, and copying one 16 bytes at a
// time just after its 8-byte stores stalled.
func longCounts(own, l0, l1, l2, l3 uint64) (c0, c1, c2, c3 int) {
	for m := l2; m != 0; {
		sh := uint(bits.TrailingZeros64(m)) &^ 7
		c2 += int(rankLong[own>>sh&0xff])
		m &^= 0xff << sh
	}
	if l0|l1|l3 != 0 {
		c0, c1, c3 = longCount(own, 0, l0), longCount(own, 1, l1), longCount(own, 3, l3)
	}
	return c0, c1, c2, c3
}

// longCount returns the number of moves of the pieces of long, the lines of four or more
// along axis a.
func longCount(own uint64, a int, long uint64) int {
	if long == 0 {
		return 0
	}
	var slots [10]uint64
	u, d := longSlots(own, a, &slots)
	return bits.OnesCount64(u) + bits.OnesCount64(d)
}

// rankLong[b] is the number of moves along a rank whose pieces are the bits of b made by
// the pieces of its lines of four or more: l squares east or west for a line of l, onto a
// square of the rank that is not one of b.
var rankLong = func() (t [256]uint8) {
	for b := range 256 {
		for i := range 8 {
			// The piece's line runs from lo to hi.
			lo, hi := i, i
			for lo > 0 && b>>(lo-1)&1 != 0 {
				lo--
			}
			for hi < 7 && b>>(hi+1)&1 != 0 {
				hi++
			}
			l := hi - lo + 1
			if b>>i&1 == 0 || l < 4 {
				continue
			}
			for _, to := range [2]int{i + l, i - l} {
				if to >= 0 && to < 8 && b>>to&1 == 0 {
					t[b]++
				}
			}
		}
	}
	return t
}()

// exactLines returns the pieces of the lines of exactly one, two and three pieces along an
// axis, and the pieces of longer lines, from the pieces with a friend below and above, u
// being the change of site number one square up the axis and up2 the squares from which
// two squares up stay on the board. The first and last pieces of the lines are those
// without a friend below or above, and a line of two or three is a first piece with a
// friend above whose next or next-but-one square, on the board, holds a last piece: the
// squares between are own, as that friend is. Shifts of last past the edge of the board
// drop off it or wrap round to a square that up2 or the friend above rules out.
func exactLines(own, below, above, up2 uint64, u uint) (e1, e2, e3, long uint64) {
	first, last := own&^below, own&^above
	goes := first & above
	g2 := goes & (last >> u)
	g3 := goes & up2 & (last >> (2 * u))
	e1, e2, e3 = first&last, g2|g2<<u, g3|g3<<u|g3<<(2*u)
	return e1, e2, e3, own &^ (e1 | e2 | e3)
}

// movers returns the pieces of e that can move sh site numbers up and down: their landing
// square is on the board (upm, downm) and free.
func movers(e, free uint64, sh uint, upm, downm uint64) (ups, downs uint64) {
	return e & upm & (free >> sh), e & downm & (free << sh)
}

// longSlots fills slots with the slots of axis a for the lines of four to eight pieces,
// slots[j-6] for slot j, and returns the pieces among them that can move up the axis and
// those that can move down.
func longSlots(own uint64, a int, slots *[10]uint64) (ups, downs uint64) {
	up, down, u := &upMask[a], &downMask[a], axisUnit[a]&63
	// g keeps the first pieces of the lines at least l+1 long: their (l+1)th piece is own.
	g := own &^ (own & up[1] << u)
	for l := 1; l < 4; l++ {
		g &= own & down[l] >> (u * uint(l) & 63)
	}
	for l := 4; g != 0; l++ {
		sh := u * uint(l) & 63
		next := g & (own & down[l] >> sh)
		m := (g &^ next) * spread[a][l]
		up, down := m&up[l]&^(own>>sh), m&down[l]&^(own<<sh)
		ups, downs = ups|up, downs|down
		if a == 3 {
			up, down = down, up
		}
		slots[2*l-8], slots[2*l-7] = up, down
		g = next
	}
	return ups, downs
}

// slotMove returns the direction and line length of the moves of slot j of axis a.
func slotMove(a, j int) (dir, l int) { return a + j&1*4, j>>1 + 1 }

// before returns 1 if x is at most k, and 0 otherwise, for x and k far from overflow.
func before(x, k int) int { return int(uint(k-x)>>63 ^ 1) }

// nth finds move k (from 0) of LegalMoves between turns, given the counts of its sets, and
// returns its direction, line length and piece. It finds the axis and then the slot k
// falls in, each from comparisons whose results are added rather than branched on. The
// caller builds the move: a move returned through a further call is copied 16 bytes at a
// time from stores just made, which stalls.
func (s *State) nth(mc *moveCounts, k int) (dir, l, from int) {
	a := before(mc.ends[1], k) + before(mc.ends[2], k) + before(mc.ends[3], k)
	k -= mc.ends[a]
	sets := &mc.sets[a]
	var ends [6]int
	ends[1] = bits.OnesCount64(sets[0])
	ends[2] = ends[1] + bits.OnesCount64(sets[1])
	ends[3] = ends[2] + bits.OnesCount64(sets[2])
	ends[4] = ends[3] + bits.OnesCount64(sets[3])
	ends[5] = ends[4] + bits.OnesCount64(sets[4])
	all := ends[5] + bits.OnesCount64(sets[5])
	if k >= all {
		return s.nthLong(a, k-all)
	}
	j := before(ends[1], k) + before(ends[2], k) + before(ends[3], k) + before(ends[4], k) + before(ends[5], k)
	dir, l = slotMove(a, j)
	return dir, l, board.SelectBit(sets[j], k-ends[j])
}

// nthLong finds move k of the moves of axis a's lines of four or more.
func (s *State) nthLong(a, k int) (dir, l, from int) {
	var slots [10]uint64
	longSlots(s.pieces[s.Turn], a, &slots)
	for i, set := range slots {
		if c := bits.OnesCount64(set); k >= c {
			k -= c
			continue
		}
		dir, l = slotMove(a, i+6)
		return dir, l, board.SelectBit(set, k)
	}
	panic("apart: move index out of range")
}
