package alquerque

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the AI may ask of an Alquerque position beyond the rules: an
// evaluation, a fast uniform random move for playouts, and the engine that plays it best.
// None of it changes what is legal.

var (
	_ rules.Evaluator        = (*State)(nil)
	_ rules.RandomMover      = (*State)(nil)
	_ rules.EnginePreference = (*State)(nil)
	_ rules.Memoryless       = (*State)(nil)
)

// Weights of the evaluation, in pieces. A capture available to the player to move is
// worth about half a piece: it is often, but not always, a piece won, since the reply may
// recapture. Mobility only breaks ties between equal material, and matters most under
// Bell's rules, where a player without a move loses.
const (
	threatWeight   = 0.5
	mobilityWeight = 0.5
	// evalScale is the material lead, in pieces, that the evaluation maps to 0.5.
	evalScale = 3.0
)

// Evaluate scores the position for p by material, the capture threat of the player to
// move and mobility. Every ending of the simple rules other than a wipe-out is decided by
// the pieces left, and under Bell's rules material is what keeps a side able to move.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	o := p.Other()
	x := float64(bits.OnesCount32(s.pieces[p]) - bits.OnesCount32(s.pieces[o]))
	if !s.over {
		switch mover := s.turn; {
		case mover == p && s.jumpers(p) != 0:
			x += threatWeight
		case mover == o && s.jumpers(o) != 0:
			x -= threatWeight
		}
	}
	mp, mo := s.stepCount(p), s.stepCount(o)
	x += mobilityWeight * float64(mp-mo) / float64(mp+mo+1)
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}

// stepCount counts the steps p could make if it were p's turn.
func (s *State) stepCount(p rules.Player) int {
	n := 0
	for _, t := range s.stepTargets(p) {
		n += bits.OnesCount32(t)
	}
	return n
}

// PreferredEngine reports the engine chosen for Alquerque by self-play measurement; the
// figures are in rules/ai/STRENGTH.md.
func (s *State) PreferredEngine() rules.Engine { return rules.AlphaBetaEngine }

// Memoryless reports whether the hash covers everything that matters: under Bell's rules
// it does, the no-return memory included; the simple rules count quiet turns and
// repetitions, which the hash leaves out.
func (s *State) Memoryless() bool { return s.v.bell }

// RandomMove implements rules.RandomMover. Playouts spend most of their time listing
// steps they then do not play, so it counts the steps with population counts, counts the
// capture chains without writing them, draws one index and builds only that move, in
// LegalMoves order: captures first, then steps.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.over {
		return rules.Move{}, false
	}
	if !s.v.bell {
		return s.randomSimple(rng)
	}
	v := s.v
	p := s.turn
	jumpers := s.jumpers(p)
	var c chain
	captures := 0
	if jumpers != 0 {
		c = chain{enemy: s.pieces[p.Other()], empty: allSites &^ (s.pieces[0] | s.pieces[1]), every: !v.bell}
		c.move.Kind = rules.Jump
		c.move.Len = 1
		for j := jumpers; j != 0; j &= j - 1 {
			captures += v.countChains(c.enemy, c.empty, bits.TrailingZeros32(j), 1, c.every)
		}
	}
	var to [8]uint32
	steps := 0
	if !v.bell || captures == 0 {
		to = s.stepTargets(p)
		for _, t := range to {
			steps += bits.OnesCount32(t)
		}
	}
	k := rng.IntN(captures + steps)
	if k < captures {
		for j := jumpers; j != 0; j &= j - 1 {
			from := bits.TrailingZeros32(j)
			if n := v.countChains(c.enemy, c.empty, from, 1, c.every); k >= n {
				k -= n
				continue
			}
			c.move.Path[0] = board.Site(from)
			if v.pickChain(&c, from, &k) {
				return c.move, true
			}
		}
		// Unreachable: the second walk meets the chains the first one counted.
		return rules.Move{}, false
	}
	k -= captures
	for d, t := range to {
		n := bits.OnesCount32(t)
		if k >= n {
			k -= n
			continue
		}
		for ; k > 0; k-- {
			t &= t - 1
		}
		site := bits.TrailingZeros32(t)
		return rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(site - dirDelta[d]), board.Site(site)}}, true
	}
	// Unreachable: k was drawn below the number of steps counted above.
	return rules.Move{}, false
}

// openJumps returns, for each direction d, the points from which a jump in direction d
// is open: the next point along a straight line holds an enemy piece and the one beyond is
// empty. Whoever stands on the point itself does not matter. jumpers folds the same masks
// into one expression without the array, which keeps Bell's rules 9% faster.
func (v *variant) openJumps(enemy, empty uint32) (open [8]uint32) {
	jf := &v.jumpFrom
	open[board.N] = jf[board.N] & (enemy >> 5) & (empty >> 10)
	open[board.NE] = jf[board.NE] & (enemy >> 6) & (empty >> 12)
	open[board.E] = jf[board.E] & (enemy >> 1) & (empty >> 2)
	open[board.SE] = jf[board.SE] & (enemy << 4) & (empty << 8)
	open[board.S] = jf[board.S] & (enemy << 5) & (empty << 10)
	open[board.SW] = jf[board.SW] & (enemy << 6) & (empty << 12)
	open[board.W] = jf[board.W] & (enemy << 1) & (empty << 2)
	open[board.NW] = jf[board.NW] & (enemy >> 4) & (empty >> 8)
	return open
}

// countCaptures counts p's capture moves under the simple rules, where every stopping
// point of a chain is a move: the same number as the jumps LegalMoves lists, found with
// whole-board masks for the first two jumps of every chain.
//
// After a first jump from a over o to l in direction d, a second jump from l in any
// other direction than straight back is open exactly when it was open on the board
// before the first: its jumped point is not o (only the way back passes o), and its
// landing is neither a nor o (a is two points back the same way, and o, one point from
// l, is no landing). The way back is closed, since o is now empty. So a first jump counts
// one move, and only landings with a second jump open need the walk of countChains.
//
// It adds each chain to perSite at the point the chain starts from, and returns the total
// and the points from which p can capture.
func (s *State) countCaptures(p rules.Player, perSite *[numSites]uint16) (n int, jumpers uint32) {
	v := s.v
	own, enemy := s.pieces[p], s.pieces[p.Other()]
	empty := allSites &^ (own | enemy)
	open := v.openJumps(enemy, empty)
	if own&(open[0]|open[1]|open[2]|open[3]|open[4]|open[5]|open[6]|open[7]) == 0 {
		return 0, 0
	}
	for d := range 8 {
		first := own & open[d]
		if first == 0 {
			continue
		}
		jumpers |= first
		n += bits.OnesCount32(first)
		for f := first; f != 0; f &= f - 1 {
			perSite[bits.TrailingZeros32(f)]++
		}
		var onward uint32
		for e := range 8 {
			if e != (d+4)%8 {
				onward |= open[e]
			}
		}
		k := dirDelta[d]
		var landed uint32
		if k > 0 {
			landed = first << (2 * k)
		} else {
			landed = first >> (-2 * k)
		}
		for l := landed & onward; l != 0; l &= l - 1 {
			land := bits.TrailingZeros32(l)
			from, over := land-2*k, land-k
			more := v.countChains(enemy&^(1<<over), (empty|1<<from|1<<over)&^(1<<land), land, 2, true)
			n += more
			perSite[from] += uint16(more)
		}
	}
	return n, jumpers
}

// randomSimple is RandomMove under the simple rules: the captures are counted per starting
// point by countCaptures, so that picking one walks only the chains of its own piece.
func (s *State) randomSimple(rng *rand.Rand) (rules.Move, bool) {
	p := s.turn
	var perSite [numSites]uint16
	captures, jumpers := s.countCaptures(p, &perSite)
	to := s.stepTargets(p)
	steps := bits.OnesCount32(to[0]) + bits.OnesCount32(to[1]) + bits.OnesCount32(to[2]) + bits.OnesCount32(to[3]) +
		bits.OnesCount32(to[4]) + bits.OnesCount32(to[5]) + bits.OnesCount32(to[6]) + bits.OnesCount32(to[7])
	k := rng.IntN(captures + steps)
	if k < captures {
		for j := jumpers; j != 0; j &= j - 1 {
			from := bits.TrailingZeros32(j)
			if n := int(perSite[from]); k >= n {
				k -= n
				continue
			}
			c := chain{enemy: s.pieces[p.Other()], empty: allSites &^ (s.pieces[0] | s.pieces[1]), every: true}
			c.move.Kind = rules.Jump
			c.move.Len = 1
			c.move.Path[0] = board.Site(from)
			if s.v.pickChain(&c, from, &k) {
				return c.move, true
			}
			break
		}
		// Unreachable: the walk meets the chains countCaptures counted.
		return rules.Move{}, false
	}
	k -= captures
	for d, t := range to {
		if n := bits.OnesCount32(t); k >= n {
			k -= n
			continue
		}
		// Few bits are set: clearing the lowest k is cheaper than a general bit select.
		// The same walk as at the end of RandomMove, written out again: a shared function
		// costs 3.5% of the playout rate (a call and a copy of the Move it returns).
		for ; k > 0; k-- {
			t &= t - 1
		}
		site := bits.TrailingZeros32(t)
		return rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(site - dirDelta[d]), board.Site(site)}}, true
	}
	// Unreachable: k was drawn below the number of steps counted above.
	return rules.Move{}, false
}

// countChains counts the moves extend would append for the chains continuing from at,
// where the jumping piece stands, with length points in the path so far. It walks the
// chains in the same order as extend, but keeps the board in arguments rather than in the
// shared scratch, which spares the stores and restores that dominate the walk.
func (v *variant) countChains(enemy, empty uint32, at, length int, every bool) int {
	// Which jumps are open is unpredictable, so they are gathered into a mask without
	// branching first, and only the open ones are walked.
	js := &v.jumps[at]
	var open uint32
	for i := range v.numJumps[at] {
		j := js[i]
		open |= (enemy >> j.over) & (empty >> j.land) & 1 << i
	}
	if open == 0 {
		if !every && length > 1 {
			return 1
		}
		return 0
	}
	n := 0
	if every {
		n = bits.OnesCount32(open)
	}
	for ; open != 0; open &= open - 1 {
		j := js[bits.TrailingZeros32(open)]
		over, land := uint32(1)<<j.over, uint32(1)<<j.land
		n += v.countChains(enemy&^over, (empty|1<<at|over)&^land, int(j.land), length+1, every)
	}
	return n
}

// pickChain walks the chains continuing c from at like extend, counting *k down at each
// move extend would append. When it reaches the move with index zero it stops and reports
// true with that move in c.move, leaving the scratch as it is.
func (v *variant) pickChain(c *chain, at int, k *int) bool {
	jumped := false
	js := &v.jumps[at]
	for i := range v.numJumps[at] {
		j := js[i]
		over, land := uint32(1)<<j.over, uint32(1)<<j.land
		if c.enemy&over == 0 || c.empty&land == 0 {
			continue
		}
		jumped = true
		if c.every {
			if *k == 0 {
				c.move.Path[c.move.Len] = board.Site(j.land)
				c.move.Len++
				return true
			}
			*k--
		}
		// A subtree whose moves all come before the one wanted is skipped by counting.
		if sub := v.countChains(c.enemy&^over, (c.empty|1<<at|over)&^land, int(j.land), int(c.move.Len)+1, c.every); *k >= sub {
			*k -= sub
			continue
		}
		c.enemy &^= over
		c.empty = (c.empty | 1<<at | over) &^ land
		c.move.Path[c.move.Len] = board.Site(j.land)
		c.move.Len++
		return v.pickChain(c, int(j.land), k)
	}
	if !jumped && !c.every && c.move.Len > 1 {
		if *k == 0 {
			return true
		}
		*k--
	}
	return false
}
