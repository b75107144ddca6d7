package tafl

import (
	"math/bits"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the AI and the app may ask of a position beyond the rules: an
// evaluation, a fast uniform random move for playouts, the engine that plays the game best,
// and a preview of what a move captures. None of it changes what is legal.

var (
	_ rules.Evaluator        = (*State)(nil)
	_ rules.RandomMover      = (*State)(nil)
	_ rules.CapturePreviewer = (*State)(nil)
	_ rules.Marker           = (*State)(nil)
)

// maxSide is the most pieces one side has: Tablut's and Ard Rí's 16 attackers.
const maxSide = 16

// Captures implements rules.CapturePreviewer: the soldiers m encloses, and the king when
// m captures it.
func (s *State) Captures(m rules.Move, dst []board.Site) []board.Site {
	v := s.v
	from, to := int(m.Path[0]), int(m.Path[1])
	cell := s.cell
	cell[to], cell[from] = cell[from], empty
	if s.Turn == attackers && v.kingTaken(&cell, int(s.king), to) {
		dst = append(dst, board.Site(s.king))
	}
	var caught [numDirs]int8
	nc := v.encloses(&cell, to, s.Turn, &caught)
	for _, a := range caught[:nc] {
		dst = append(dst, board.Site(a))
	}
	return dst
}

// Evaluation weights, in soldiers of the defenders (an attacker is worth half of one).
const (
	weightSoldier  = 1.0
	weightAttacker = 0.5
	// weightOpen is what one open line from the king to a winning square is worth when the
	// attackers are to move and can close it.
	weightOpen = 1.5
	// weightNear and weightFar reward a king two and three moves from a winning square.
	weightNear = 0.8
	weightFar  = 0.3
	// weightGuard is what each attacker beside the king costs the defenders.
	weightGuard = 0.5
	// weightFreedom is what each square the king can move to is worth.
	weightFreedom = 0.05
	// weightSealed is what the attackers gain when no winning square is left in the king's
	// region (the squares it could reach, over any number of moves, if the defenders'
	// pieces stepped aside); each winning square walled off is worth its share of it.
	weightSealed = 2.0
	// scale turns a sum of soldiers into the (-1, 1) range.
	scale = 0.25
	// ardriScale is Ard Rí's flatter scale. The levels' evaluation noise is fixed in the
	// (-1, 1) range, so a flatter evaluation blurs Easy, Normal and Hard more, while Expert,
	// unblurred, orders its moves the same way (only its small contempt for draws weighs
	// more). With 0.25, Ard Rí's Hard attacked nearly as well as Expert: one-square Ard
	// Rí's Expert – Hard was 256 of 400 (64%) and rook Ard Rí's Hard – Normal 61 – 39. With
	// 0.12 (100 games each, seed 301, 2026-11-27): one-square Easy – Beginner 97 – 3,
	// Normal – Easy 87 – 13, Hard – Normal 84 – 16, Expert – Hard 73 – 23 with 4 draws; rook
	// moves Normal – Easy 79 – 21, Hard – Normal 72 – 28, Expert – Hard 54 – 44 with 2
	// draws (the attackers' game: rules/ai/STRENGTH.md). Brandub and Tablut keep 0.25:
	// Brandub's Normal – Easy fell from 263 to 257 of 400 with 0.15.
	ardriScale = 0.12
)

// Evaluate scores the position for p from the defenders' chances: material (a defending
// soldier against two attackers), the king's distance in moves to a winning square over
// the current board, its open lines to one, the attackers beside it, its freedom to
// move, and the winning squares the attackers have walled off from its region. A king with an open line and the move, or two open lines, is as good as out.
func (s *State) Evaluate(p rules.Player) float64 {
	v := s.v
	start := v.count
	own := float64(s.pieces[defenders].count()-1-start[defenders]) * weightSoldier
	their := float64(s.pieces[attackers].count()-start[attackers]) * weightAttacker
	x := own - their
	kg := int(s.king)
	col, row := s.anyTargets(kg)
	reach := s.lineSquares(kg, col, row)
	open := reach.and(v.win).count()
	switch {
	case open > 0 && s.Turn == defenders, open > 1:
		x += 8
	case open == 1:
		x += weightOpen
	default:
		switch s.kingDistance(reach) {
		case 2:
			x += weightNear
		case 3:
			x += weightFar
		}
	}
	guards := 0
	for d := 0; d < numDirs; d++ {
		if a := v.nb[kg][d]; a >= 0 && (s.cell[a] == attacker || v.isCorner(int(a))) {
			guards++
		}
	}
	x -= weightGuard * float64(guards)
	x += weightFreedom * float64(bits.OnesCount16(col)+bits.OnesCount16(row))
	if wins := v.win.count(); wins > 0 {
		open := s.kingRegion().and(v.win).count()
		x -= weightSealed * float64(wins-open) / float64(wins)
	}
	e := x * v.scale
	e = e / (1 + abs(e))
	if p == attackers {
		return -e
	}
	return e
}

// regionMasks holds, per board side n, the sites of the board and the sites off its first
// and its last column, so that a flood can shift a whole bitset one square sideways
// without wrapping to the next row.
var regionMasks [maxN + 1]struct{ all, notFirst, notLast bitset }

func init() {
	for n := 1; n <= maxN; n++ {
		m := &regionMasks[n]
		for c := 0; c < n*n; c++ {
			m.all.flip(c)
			if c%n != 0 {
				m.notFirst.flip(c)
			}
			if c%n != n-1 {
				m.notLast.flip(c)
			}
		}
	}
}

// kingRegion returns the squares joined to the king's by squares free of attackers. The
// attackers' plan in every tafl game is a wall around the king: what lies outside the
// region stays out of its reach however the defenders move, until the wall is broken.
func (s *State) kingRegion() bitset {
	n := s.v.n
	m := &regionMasks[n]
	pass := bitset{m.all.lo &^ s.pieces[attackers].lo, m.all.hi &^ s.pieces[attackers].hi}
	var region bitset
	region.flip(int(s.king))
	for {
		grown := region.or(region.shl(1).and(m.notFirst)).or(region.shr(1).and(m.notLast)).
			or(region.shl(uint(n))).or(region.shr(uint(n))).and(pass)
		if grown == region {
			return region
		}
		region = grown
	}
}

// shl moves every site k places up the site order.
func (a bitset) shl(k uint) bitset { return bitset{a.lo << k, a.hi<<k | a.lo>>(64-k)} }

// shr moves every site k places down the site order.
func (a bitset) shr(k uint) bitset { return bitset{a.lo>>k | a.hi<<(64-k), a.hi >> k} }

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func (a bitset) and(b bitset) bitset { return bitset{a.lo & b.lo, a.hi & b.hi} }
func (a bitset) or(b bitset) bitset  { return bitset{a.lo | b.lo, a.hi | b.hi} }

// lineSquares turns a piece's targets along its column and its row into a set of sites.
func (s *State) lineSquares(c int, col, row uint16) bitset {
	n := s.v.n
	var b bitset
	for y := uint32(col); y != 0; y &= y - 1 {
		b.flip(bits.TrailingZeros32(y)*n + c%n)
	}
	for y := uint32(row); y != 0; y &= y - 1 {
		b.flip(c/n*n + bits.TrailingZeros32(y))
	}
	return b
}

// kingDistance returns 2 or 3 when the king, moving alone over the current board, needs
// that many moves to reach a winning square, and 0 when it needs more; first holds the
// squares it reaches in one move, none of them winning.
func (s *State) kingDistance(first bitset) int {
	v := s.v
	n := v.n
	seen := first
	frontier := first
	for dist := 2; dist <= 3; dist++ {
		var next bitset
		for w, x := range [2]uint64{frontier.lo, frontier.hi} {
			for ; x != 0; x &= x - 1 {
				c := 64*w + bits.TrailingZeros64(x)
				r, f := c/n, c%n
				// The king's own square is empty once it has left.
				colOcc, rowOcc := s.lines(r, f)
				colOcc &^= kingBit(s.king, n, f, true)
				rowOcc &^= kingBit(s.king, n, r, false)
				next = next.or(s.lineSquares(c, v.reach[r][colOcc&(1<<maxN-1)], v.reach[f][rowOcc&(1<<maxN-1)]))
			}
		}
		if next.and(v.win) != (bitset{}) {
			return dist
		}
		frontier = bitset{next.lo &^ seen.lo, next.hi &^ seen.hi}
		seen = seen.or(next)
	}
	return 0
}

// kingBit returns the king's bit in column (byCol) or row line of a line occupancy, or 0
// when the king is not on that line.
func kingBit(kg int8, n, line int, byCol bool) uint16 {
	k := int(kg)
	if byCol {
		if k%n == line {
			return 1 << (k / n)
		}
		return 0
	}
	if k/n == line {
		return 1 << (k % n)
	}
	return 0
}
