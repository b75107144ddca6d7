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
	_ rules.Evaluator   = (*State)(nil)
	_ rules.RandomMover = (*State)(nil)
	_ rules.Memoryless  = (*State)(nil)
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
	if !s.Over {
		switch mover := s.Turn; {
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

// Memoryless reports whether the hash covers everything that matters: under Bell's rules
// it does, the no-return memory included; the simple rules count quiet turns and
// repetitions, which the hash leaves out.
func (s *State) Memoryless() bool { return s.v.bell }

// RandomMove implements rules.RandomMover. Playouts spend most of their time listing
// steps they then do not play, so it counts the steps with population counts, counts the
// capture chains without writing them, draws one index and builds only that move, in
// LegalMoves order: captures first, then steps. Each rule set has its own
// branch, written inline: a call for either costs a few percent of its playout rate.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	v := s.v
	if !v.bell {
		p := s.Turn
		own, enemy := s.pieces[p], s.pieces[p^1]
		empty := allSites &^ (own | enemy)
		captures, _ := v.countCaptures(own, enemy, empty)
		// The step targets per direction as in stepTargets, written out again because the
		// call and its array return cost more than the work.
		sf := &v.stepFrom
		to := [8]uint32{
			(own & sf[board.N]) << 5 & empty,
			(own & sf[board.NE]) << 6 & empty,
			(own & sf[board.E]) << 1 & empty,
			(own & sf[board.SE]) >> 4 & empty,
			(own & sf[board.S]) >> 5 & empty,
			(own & sf[board.SW]) >> 6 & empty,
			(own & sf[board.W]) >> 1 & empty,
			(own & sf[board.NW]) << 4 & empty,
		}
		// Byte d of prefix is the number of steps in directions 0 to d. There are fewer
		// than 128 steps, so the bytes never carry into each other, here or below.
		counts := uint64(bits.OnesCount32(to[0])) | uint64(bits.OnesCount32(to[1]))<<8 |
			uint64(bits.OnesCount32(to[2]))<<16 | uint64(bits.OnesCount32(to[3]))<<24 |
			uint64(bits.OnesCount32(to[4]))<<32 | uint64(bits.OnesCount32(to[5]))<<40 |
			uint64(bits.OnesCount32(to[6]))<<48 | uint64(bits.OnesCount32(to[7]))<<56
		prefix := counts * bytesOf1
		k := rng.IntN(captures + int(prefix>>56))
		if k < captures {
			return v.pickCapture(own, enemy, empty, k)
		}
		k -= captures
		// The step's direction d is the number of directions whose steps all come before
		// it, those with prefix at most k: found for all eight bytes at once, as a loop
		// over the directions would mispredict its exit on nearly every call.
		d := bits.OnesCount64((uint64(k)*bytesOf1|bytesOf128-prefix)&bytesOf128) & 7
		k -= int(prefix << 8 >> (8 * d) & 0xff)
		t := to[d]
		// Few bits are set: clearing the lowest k is cheaper than a general bit select.
		for ; k > 0; k-- {
			t &= t - 1
		}
		site := bits.TrailingZeros32(t)
		return rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(site - dirDelta[d]), board.Site(site)}}, true
	}
	// Bell's rules: a capture is compulsory and only complete chains are moves.
	p := s.Turn
	jumpers := s.jumpers(p)
	var c chain
	captures := 0
	if jumpers != 0 {
		c = chain{enemy: s.pieces[p.Other()], empty: allSites &^ (s.pieces[0] | s.pieces[1])}
		c.move.Kind = rules.Jump
		c.move.Len = 1
		for j := jumpers; j != 0; j &= j - 1 {
			captures += v.countChains(c.enemy, c.empty, bits.TrailingZeros32(j), 1, false)
		}
	}
	var to [8]uint32
	steps := 0
	if captures == 0 {
		to = s.stepTargets(p)
		for _, t := range to {
			steps += bits.OnesCount32(t)
		}
	}
	k := rng.IntN(captures + steps)
	if k < captures {
		for j := jumpers; j != 0; j &= j - 1 {
			from := bits.TrailingZeros32(j)
			if n := v.countChains(c.enemy, c.empty, from, 1, false); k >= n {
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

// Byte masks for counting in the eight bytes of a word at once.
const (
	bytesOf1   = 0x0101010101010101
	bytesOf128 = 0x8080808080808080
)

// pairCount counts the points of two masks at once. The masks hold 25 bits, so both fit
// in one 64-bit word, and a population count costs a feature check on the default amd64
// target: halving their number is worth the shift.
func pairCount(a, b uint32) int { return bits.OnesCount64(uint64(a) | uint64(b)<<32) }

// countCaptures counts the capture moves of the side with pieces own against enemy under
// the simple rules, where every stopping point of a chain is a move: the same number as
// the jumps LegalMoves lists. It also returns the points from which a capture starts.
//
// The first two jumps of every chain are counted with whole-board masks (see openJumps).
// Each first jump is one move. After a first jump from a over o to l, a second jump from l
// is open exactly when it was open on the board before the first: a jump straight back
// was closed before (its landing a held the jumper) and is closed after (o is empty now);
// any other jump neither passes over o nor lands on a or o (a is two points back the same
// way, and o, one point from l, is no landing). So only when a first jump lands where the
// masks show another jump open does countOnward have to look further.
func (v *variant) countCaptures(own, enemy, empty uint32) (n int, jumpers uint32) {
	jf := &v.jumpFrom
	oN := jf[board.N] & (enemy >> 5) & (empty >> 10)
	oNE := jf[board.NE] & (enemy >> 6) & (empty >> 12)
	oE := jf[board.E] & (enemy >> 1) & (empty >> 2)
	oSE := jf[board.SE] & (enemy << 4) & (empty << 8)
	oS := jf[board.S] & (enemy << 5) & (empty << 10)
	oSW := jf[board.SW] & (enemy << 6) & (empty << 12)
	oW := jf[board.W] & (enemy << 1) & (empty << 2)
	oNW := jf[board.NW] & (enemy >> 4) & (empty >> 8)
	open := oN | oNE | oE | oSE | oS | oSW | oW | oNW
	jumpers = own & open
	if jumpers == 0 {
		return 0, 0
	}
	fN, fNE, fE, fSE, fS, fSW, fW, fNW := own&oN, own&oNE, own&oE, own&oSE, own&oS, own&oSW, own&oW, own&oNW
	n = pairCount(fN, fNE) + pairCount(fE, fSE) + pairCount(fS, fSW) + pairCount(fW, fNW)
	// Whether any first jump lands where a second one is open: only then is there a walk.
	if (fN<<10|fNE<<12|fE<<2|fSE>>8|fS>>10|fSW>>12|fW>>2|fNW<<8)&open != 0 {
		n += v.countOnward(own, enemy, empty, open)
	}
	return n, jumpers
}

// countOnward counts the moves of chains that go on from the landings of first jumps
// where a second jump is open (anyOpen marks the points with any jump open). The second
// jumps are the ones open on the board before the first, as countCaptures explains, so
// they are read from the same masks; only a third jump needs the walk of countAll.
func (v *variant) countOnward(own, enemy, empty, anyOpen uint32) int {
	open := v.openJumps(enemy, empty)
	n := 0
	for d, o := range open {
		k := dirDelta[d]
		var l uint32
		if k > 0 {
			l = (own & o) << (2 * k) & anyOpen
		} else {
			l = (own & o) >> (-2 * k) & anyOpen
		}
		for ; l != 0; l &= l - 1 {
			land := bits.TrailingZeros32(l)
			from, over := land-2*k, land-k
			enemy1, empty1 := enemy&^(1<<over), (empty|1<<from|1<<over)&^(1<<land)
			// The directions of the second jumps, gathered without branching.
			var dirs uint32
			for e, o2 := range open {
				dirs |= (o2 >> land & 1) << e
			}
			n += bits.OnesCount32(dirs)
			for ; dirs != 0; dirs &= dirs - 1 {
				k2 := dirDelta[bits.TrailingZeros32(dirs)]
				over2, land2 := land+k2, land+2*k2
				if enemy2 := enemy1 &^ (1 << over2); enemy2&v.besideJumps[land2] != 0 {
					n += v.countAll(enemy2, (empty1|1<<land|1<<over2)&^(1<<land2), land2)
				}
			}
		}
	}
	return n
}

// pickCapture builds capture move number k of the simple rules, in LegalMoves order, for
// the side with pieces own. Captures are played in few turns, so the moves of each
// starting point are counted here rather than on every call of RandomMove, with the same
// masks as countCaptures: each open first jump is one move, and only its landing, if a
// jump goes on from there, needs a walk.
func (v *variant) pickCapture(own, enemy, empty uint32, k int) (rules.Move, bool) {
	open := v.openJumps(enemy, empty)
	anyOpen := open[0] | open[1] | open[2] | open[3] | open[4] | open[5] | open[6] | open[7]
	for jumpers := own & anyOpen; jumpers != 0; jumpers &= jumpers - 1 {
		from := bits.TrailingZeros32(jumpers)
		// The jumps of a point are listed in direction order, as extend walks them.
		for d, o := range open {
			if o>>from&1 == 0 {
				continue
			}
			over, land := from+dirDelta[d], from+2*dirDelta[d]
			if k == 0 {
				return rules.Move{Kind: rules.Jump, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(from), board.Site(land)}}, true
			}
			k--
			if anyOpen>>land&1 == 0 {
				continue
			}
			c := chain{enemy: enemy &^ (1 << over), empty: (empty | 1<<from | 1<<over) &^ (1 << land), every: true}
			if sub := v.countAll(c.enemy, c.empty, land); k >= sub {
				k -= sub
				continue
			}
			c.move.Kind = rules.Jump
			c.move.Len = 2
			c.move.Path[0], c.move.Path[1] = board.Site(from), board.Site(land)
			if v.pickChain(&c, land, &k) {
				return c.move, true
			}
			return rules.Move{}, false
		}
	}
	// Unreachable: k was drawn below the number of captures counted.
	return rules.Move{}, false
}

// openJumps returns, for each direction d, the points from which a jump in direction d
// is open: the next point along a straight line holds an enemy piece and the one beyond is
// empty. Whoever stands on the point itself does not matter. countCaptures computes the
// same masks in locals, which keeps its common case, no capture at all, in registers.
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

// countAll counts the capture moves of the simple rules that continue a chain from at,
// where the jumping piece stands: every open jump is a move, and so is every move that
// continues from its landing. It is countChains for the simple rules, trimmed for the walk
// that dominates capture counting: the open jumps are gathered from all eight slots of the
// jump list without a loop (an unused slot is over and onto site 0, which cannot be both
// an enemy and empty, so it is never open), and a landing with no enemy beside it on a
// jump line is not visited.
func (v *variant) countAll(enemy, empty uint32, at int) int {
	js := &v.jumps[at]
	open := (enemy>>js[0].over)&(empty>>js[0].land)&1 |
		(enemy>>js[1].over)&(empty>>js[1].land)&1<<1 |
		(enemy>>js[2].over)&(empty>>js[2].land)&1<<2 |
		(enemy>>js[3].over)&(empty>>js[3].land)&1<<3 |
		(enemy>>js[4].over)&(empty>>js[4].land)&1<<4 |
		(enemy>>js[5].over)&(empty>>js[5].land)&1<<5 |
		(enemy>>js[6].over)&(empty>>js[6].land)&1<<6 |
		(enemy>>js[7].over)&(empty>>js[7].land)&1<<7
	n := bits.OnesCount32(open)
	for ; open != 0; open &= open - 1 {
		j := js[bits.TrailingZeros32(open)]
		over := uint32(1) << j.over
		if rest := enemy &^ over; rest&v.besideJumps[j.land] != 0 {
			n += v.countAll(rest, (empty|1<<at|over)&^(1<<j.land), int(j.land))
		}
	}
	return n
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
