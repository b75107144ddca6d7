package tafl

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
)

// This file holds the data a position keeps so that random playouts run fast: the moves
// of the player to move and a filter over the repetition history. Both are derived from
// the position alone; LegalMoves and the rules never read them.

// The one-square moves of a piece in LegalMoves order: along its column from the bottom
// up, then along its row from left to right.
const (
	stepDown = iota
	stepUp
	stepLeft
	stepRight
)

// moveSet holds the moves of the player to move.
type moveSet struct {
	total int32
	np    int32
	// With rook moves, sites[i] is the i-th piece of the player to move in site order and
	// masks[i] its targets: its column's rows in the low 16 bits, its row's columns above.
	sites [maxSide]int8
	masks [maxSide]uint32
	// before[i] is the number of moves of the pieces before the i-th.
	before [maxSide]uint16
	// With one-square moves, dir[d] holds the pieces that can step in direction d. Four
	// shifts of the board find them for the whole side at once, where the line tables
	// would take two lookups per piece.
	dir [4]uint64
}

// countMoves finds the moves of the player to move, keeps them in s.kept and returns
// how many there are.
func (s *State) countMoves() int {
	if s.v.step {
		return s.countSteps()
	}
	ks := &s.kept
	np, total := 0, 0
	own := s.pieces[s.side]
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

// countSteps is countMoves for one-square moves, on a board that fits one word.
func (s *State) countSteps() int {
	v := s.v
	n := uint(v.n)
	free := v.all &^ (s.pieces[attackers].lo | s.pieces[defenders].lo)
	stop := free & v.stop
	var kb uint64
	if s.side == defenders {
		kb = 1 << uint(s.king)
	}
	sol := s.pieces[s.side].lo &^ kb
	// A soldier may step onto an empty square that is not the throne or a corner, the
	// king onto any empty square. Shifting the target squares back by one step marks the
	// pieces that can reach them; sideways shifts would wrap between rows, hence the
	// column masks.
	d := &s.kept.dir
	d[stepDown] = sol&(stop<<n) | kb&(free<<n)
	d[stepUp] = sol&(stop>>n) | kb&(free>>n)
	d[stepLeft] = (sol&(stop<<1) | kb&(free<<1)) & v.notFirst
	d[stepRight] = (sol&(stop>>1) | kb&(free>>1)) & v.notLast
	total := bits.OnesCount64(d[0]) + bits.OnesCount64(d[1]) + bits.OnesCount64(d[2]) + bits.OnesCount64(d[3])
	s.kept.total = int32(total)
	return total
}

// RandomMove implements rules.RandomMover: it draws one index into the kept moves as
// LegalMoves(nil)[rng.IntN(n)] would, and builds only that move.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	ks := &s.kept
	if s.status != inProgress || ks.total == 0 {
		return rules.Move{}, false
	}
	k := rng.IntN(int(ks.total))
	if s.v.step {
		return s.pickStep(k), true
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
	m := ks.masks[i&(maxSide-1)]
	// The k-th target is on the piece's column (square row*n+f) or, past the column's
	// targets, on its row (square r*n+col); chosen by conditional moves, not a branch.
	g := &s.v.geo[c]
	n := s.v.n
	scale, base := n, int(g.f)
	if nc := bits.OnesCount32(m & 0xffff); k >= nc {
		m, k, scale, base = m>>16, k-nc, 1, int(g.r)*n
	}
	return stepMove(c, kthBit(m, k)*scale+base), true
}

// pickStep returns the k-th one-square move in LegalMoves order: it walks the pieces that
// can move in site order down to the one whose moves hold the k-th, then takes that
// piece's k-th direction from a table rather than by branches that would mispredict.
func (s *State) pickStep(k int) rules.Move {
	d := &s.kept.dir
	for src := d[0] | d[1] | d[2] | d[3]; ; src &= src - 1 {
		c := uint(bits.TrailingZeros64(src))
		down, up := d[stepDown]>>c&1, d[stepUp]>>c&1
		left, right := d[stepLeft]>>c&1, d[stepRight]>>c&1
		if nm := int(down + up + left + right); k >= nm {
			k -= nm
			continue
		}
		dir := nthWay[down|up<<1|left<<2|right<<3][k&3]
		return stepMove(int(c), int(c)+s.v.delta[dir])
	}
}

// nthWay[w][k] is the k-th set bit of the four-bit set w: of the directions a piece can
// step in, the one its k-th move takes.
var nthWay = func() (t [16][4]uint8) {
	for w := range 16 {
		k := 0
		for d := range 4 {
			if w>>d&1 != 0 {
				t[w][k] = uint8(d)
				k++
			}
		}
	}
	return t
}()

// kthBit returns the index of the k-th lowest set bit of the 16-bit line mask x, counting
// from 0. A loop clearing k bits would mispredict its exit; two byte lookups do not.
func kthBit(x uint32, k int) int {
	lo := x & 0xff
	if n := int(bits.OnesCount8(uint8(lo))); k >= n {
		return 8 + int(nthBit[x>>8&0xff][(k-n)&7])
	}
	return int(nthBit[lo][k&7])
}

// nthBit[b][k] is the index of the k-th lowest set bit of the byte b.
var nthBit = func() (t [256][8]uint8) {
	for b := range 256 {
		k := 0
		for i := range 8 {
			if b>>i&1 != 0 {
				t[b][k] = uint8(i)
				k++
			}
		}
	}
	return t
}()

// hasMoves reports whether the player to move has a legal move, and keeps the moves.
func (s *State) hasMoves() bool { return s.countMoves() > 0 }

// history is the repetition history with a filter: a bit per hash value's top ten bits
// for every position it holds. Most positions are new, and the filter tells so without
// scanning the history.
type history struct {
	rules.History[[512]uint64]
	seen [16]uint64
}

// Push records a position.
func (h *history) Push(x uint64) {
	h.History.Push(x)
	h.seen[x>>60] |= 1 << (x >> 54 & 63)
}

// Reset forgets every position, after a capture.
func (h *history) Reset() {
	h.History.Reset()
	h.seen = [16]uint64{}
}

// Count returns how often hash x occurs among the remembered positions.
func (h *history) Count(x uint64) int {
	if h.seen[x>>60]>>(x>>54&63)&1 == 0 {
		return 0
	}
	return h.History.Count(x)
}
