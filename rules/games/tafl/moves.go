package tafl

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// This file holds the move generator of the one-word (7×7) boards and the data a position
// keeps so that random playouts run fast: the moves of the player to move. Both are
// derived from the position alone; LegalMoves and the rules never read them.

// The four directions of the one-word boards, in LegalMoves order there. An odd one
// moves toward higher sites.
const (
	stepDown = iota
	stepUp
	stepLeft
	stepRight
)

// small is the side of the one-word boards: the 7×7 games.
const small = 7

// moveSet holds the moves of the player to move.
type moveSet struct {
	total int32
	np    int32
	// In Tablut, sites[i] is the i-th piece of the player to move in site order and
	// masks[i] its targets: its column's rows in the low 16 bits, its row's columns above.
	sites [maxSide]int8
	masks [maxSide]uint32
	// before[i] is the number of moves of the pieces before the i-th.
	before [maxSide]uint16
	// On the one-word boards, dir[d] holds the squares the player to move can reach moving
	// in direction d: a piece moving in a given direction can only have come from the
	// nearest piece behind its target, so each such square is one move. upto[d] is the
	// number of moves in the directions before d.
	dir  [4]uint64
	upto [4]int32
}

// countMoves finds the moves of the player to move, keeps them in s.kept and returns
// how many there are.
func (s *State) countMoves() int {
	if s.v.one {
		return s.keepLines()
	}
	ks := &s.kept
	np, total := 0, 0
	own := s.pieces[s.Turn]
	for w, x := range [2]uint64{own.lo, own.hi} {
		for ; x != 0; x &= x - 1 {
			c := 64*w + bits.TrailingZeros64(x)
			col, row := s.targets(c)
			m := uint32(col) | uint32(row)<<16
			ks.sites[np&(maxSide-1)], ks.masks[np&(maxSide-1)] = int8(c), m
			ks.before[np&(maxSide-1)] = uint16(total)
			np++
			total += bits.OnesCount32(m)
		}
	}
	ks.np, ks.total = int32(np), int32(total)
	return total
}

// keepLines is countMoves on a one-word board.
func (s *State) keepLines() int {
	down, up, left, right := s.lineTargets()
	return s.kept.keepDirs(down, up, left, right)
}

// keepDirs keeps the targets of the player to move in each direction, found by
// lineTargets, and returns how many moves they are.
func (ks *moveSet) keepDirs(down, up, left, right uint64) int {
	ks.dir = [4]uint64{down, up, left, right}
	n0, n1, n2 := bits.OnesCount64(down), bits.OnesCount64(up), bits.OnesCount64(left)
	total := n0 + n1 + n2 + bits.OnesCount64(right)
	ks.upto = [4]int32{0, int32(n0), int32(n0 + n1), int32(n0 + n1 + n2)}
	ks.total = int32(total)
	return total
}

// movers returns, on a one-word board, the soldiers of the player to move, its king
// (none for the attackers) and the empty squares.
func (s *State) movers() (sol, kb, free uint64) {
	if s.Turn == defenders {
		kb = 1 << uint(s.king)
	}
	return s.pieces[s.Turn].lo &^ kb, kb, s.v.all &^ (s.pieces[attackers].lo | s.pieces[defenders].lo)
}

// stepTargets returns the squares that the soldiers sol and the king kb reach by one-square
// moves down, up, left and right, given the free squares, those where a soldier may stop
// and the masks of v.notFirst and v.notLast. Sideways shifts would wrap between rows: a
// move left never ends in the last column, nor one right in the first.
func stepTargets(sol, kb, free, stop, notFirst, notLast uint64) (down, up, left, right uint64) {
	stop &= free
	down = sol>>small&stop | kb>>small&free
	up = sol<<small&stop | kb<<small&free
	left = (sol>>1&stop | kb>>1&free) & notLast
	right = (sol<<1&stop | kb<<1&free) & notFirst
	return down, up, left, right
}

// lineTargets returns, on a one-word board, the squares the player to move reaches moving
// in each direction, in the order stepDown, stepUp, stepLeft, stepRight. Shifts of the
// whole board find them for every piece at once, where the line tables would take two
// lookups per piece. A soldier may stop on an empty square but the throne and the
// corners, the king on any.
func (s *State) lineTargets() (down, up, left, right uint64) {
	v := s.v
	sol, kb, free := s.movers()
	if v.step {
		return stepTargets(sol, kb, free, v.stop, v.notFirst, v.notLast)
	}
	// Sideways moves are kept off the column they would wrap to, as in stepTargets.
	occ := v.all &^ free
	down = slideDown(sol, free, small) & v.stop
	up = slideUp(sol, free, small) & v.stop
	left = slideDown(sol, free&v.notLast, 1) & v.stop
	right = slideUp(sol, free&v.notFirst, 1) & v.stop
	if kb != 0 {
		// The king, a single piece, runs along its rays to the first piece in the way.
		ray := &v.ray
		kg := int(s.king) & 63
		down |= reachDown(ray[stepDown][kg], occ)
		up |= reachUp(ray[stepUp][kg], occ)
		left |= reachDown(ray[stepLeft][kg], occ)
		right |= reachUp(ray[stepRight][kg], occ)
	}
	return down, up, left, right
}

// slideUp returns the squares of free that the pieces gen reach moving toward higher sites
// by steps of sh through free squares. Three doubling steps (a Kogge-Stone fill) cover
// the six squares of the longest run on a 7×7 board.
func slideUp(gen, free uint64, sh uint) uint64 {
	p := free
	gen |= p & (gen << sh)
	p &= p << sh
	gen |= p & (gen << (2 * sh))
	p &= p << (2 * sh)
	gen |= p & (gen << (4 * sh))
	return gen << sh & free
}

// slideDown is slideUp toward lower sites.
func slideDown(gen, free uint64, sh uint) uint64 {
	p := free
	gen |= p & (gen >> sh)
	p &= p >> sh
	gen |= p & (gen >> (2 * sh))
	p &= p >> (2 * sh)
	gen |= p & (gen >> (4 * sh))
	return gen >> sh & free
}

// reachUp returns the squares of ray, a ray toward higher sites, before its first
// occupied square: those below its lowest piece (all of it when there is none).
func reachUp(ray, occ uint64) uint64 {
	x := ray & occ
	return ray & (x&-x - 1)
}

// reachDown is reachUp for a ray toward lower sites: the squares above its highest piece.
func reachDown(ray, occ uint64) uint64 {
	return ray &^ (1<<uint(bits.Len64(ray&occ)) - 1)
}

// lineSource returns the site of the piece that moves in direction d to the empty site to
// on a one-word board: the neighbour behind it for one-square moves, otherwise the
// nearest piece behind it, which is the highest one for a move toward higher sites.
func (s *State) lineSource(d uint, to int) int {
	v := s.v
	if v.step {
		return to - v.delta[d&3]
	}
	x := (s.pieces[attackers].lo | s.pieces[defenders].lo) & v.ray[d&3^1][to&63]
	lo, hi := bits.TrailingZeros64(x), 63-bits.LeadingZeros64(x)
	// Chosen without a branch: the direction is random and would mispredict.
	return lo ^ (lo^hi)&-int(d&1)
}

// appendLineMoves is LegalMoves on a one-word board.
func (s *State) appendLineMoves(dst []rules.Move) []rules.Move {
	down, up, left, right := s.lineTargets()
	t := [4]uint64{down, up, left, right}
	for d := range uint(4) {
		for x := t[d]; x != 0; x &= x - 1 {
			to := bits.TrailingZeros64(x)
			dst = append(dst, stepMove(s.lineSource(d, to), to))
		}
	}
	return dst
}

// RandomMove implements rules.RandomMover: it draws one index into the kept moves as
// LegalMoves(nil)[rng.IntN(n)] would, and builds only that move.
//
// The move is written straight into the result: building it aside and copying it would
// read the fresh narrow stores back with wide loads, which stall.
func (s *State) RandomMove(rng *rand.Rand) (m rules.Move, ok bool) {
	ks := &s.kept
	if s.Over || ks.total == 0 {
		return m, false
	}
	k := rng.IntN(int(ks.total))
	if s.v.one {
		// The direction is the number of later directions whose moves start at or before
		// k, summed from signs rather than found by branches that would mispredict.
		d := uint((int(ks.upto[1])-1-k)>>63&1 + (int(ks.upto[2])-1-k)>>63&1 + (int(ks.upto[3])-1-k)>>63&1)
		to := board.SelectBit(ks.dir[d&3], k-int(ks.upto[d&3]))
		m.Kind, m.Len = rules.Step, 2
		m.Path[0], m.Path[1] = board.Site(s.lineSource(d, to)), board.Site(to)
		return m, true
	}
	// The mover is the last piece with at most k moves before it (one with moves: a
	// piece without any has the next one's count). The counts only grow, so that is the
	// number of later pieces with at most k before them, summed without a branch (the
	// sign of k-before) where a loop exit would mispredict.
	i := 0
	for j := 1; j < int(ks.np); j++ {
		i += 1 + (k-int(ks.before[j&(maxSide-1)]))>>63
	}
	k -= int(ks.before[i&(maxSide-1)])
	c := int(ks.sites[i&(maxSide-1)])
	mask := ks.masks[i&(maxSide-1)]
	// The k-th target is on the piece's column (square row*n+f) or, past the column's
	// targets, on its row (square r*n+col); chosen by conditional moves, not a branch.
	g := &s.v.geo[c]
	n := s.v.n
	scale, base := n, int(g.f)
	if nc := bits.OnesCount32(mask & 0xffff); k >= nc {
		mask, k, scale, base = mask>>16, k-nc, 1, int(g.r)*n
	}
	m.Kind, m.Len = rules.Step, 2
	m.Path[0], m.Path[1] = board.Site(c), board.Site(kthBit(mask, k)*scale+base)
	return m, true
}

// kthBit returns the index of the k-th lowest set bit of the 16-bit line mask x, counting
// from 0. A loop clearing k bits would mispredict its exit; two byte lookups do not.
func kthBit(x uint32, k int) int {
	lo := x & 0xff
	if n := int(bits.OnesCount8(uint8(lo))); k >= n {
		return 8 + int(board.SelectInByte[x>>8&0xff][(k-n)&7])
	}
	return int(board.SelectInByte[lo][k&7])
}

// hasMoves reports whether the player to move has a legal move, and keeps the moves.
func (s *State) hasMoves() bool { return s.countMoves() > 0 }
