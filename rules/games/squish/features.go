package squish

import (
	"math/bits"

	"koma/rules"
)

// numFeatures is the number of features of one side in the learned evaluation (eval.go).
const numFeatures = 10

// sideFeatures describes the pieces of player p, on a board with a torus layout, as if p
// were to move:
//
//	0 legal steps            5 pieces with no friendly piece on any of their three lines
//	1 pieces that can step   6 steps that capture
//	2 pieces                 7 pieces with no friendly neighbour
//	3 groups                 8 1 if some step unifies p's pieces, else 0
//	4 the largest group      9 pieces that the other player could capture
func (s *State) sideFeatures(p rules.Player) (f [numFeatures]float64) {
	x := s.v.tor
	own, opp := s.tocc[p], s.tocc[p.Other()]
	var mv, omv [6]uint64
	s.sideMoves(own, &mv)
	s.sideMoves(opp, &omv)
	var movers, hit uint64
	steps, caps := 0, 0
	for d := 0; d < 6; d++ {
		back := (d + 3) % 6 // a step in direction d lands on the cell behind which it starts
		steps += bits.OnesCount64(mv[d])
		movers |= mv[d]
		caps += bits.OnesCount64(x.Behind(mv[d], back, 0) & opp)
		hit |= x.Behind(omv[d], back, 0) & own
	}
	f[0] = float64(steps)
	f[1] = float64(bits.OnesCount64(movers))
	f[2] = float64(bits.OnesCount64(own))
	groups, largest := 0, 0
	for rest := own; rest != 0; {
		g := x.Group(own, bits.TrailingZeros64(rest))
		rest &^= g
		groups++
		largest = max(largest, bits.OnesCount64(g))
	}
	f[3] = float64(groups)
	f[4] = float64(largest)
	lonely := 0
	for r := own; r != 0; r &= r - 1 {
		if x.Star[bits.TrailingZeros64(r)&63]&own == 0 {
			lonely++
		}
	}
	f[5] = float64(lonely)
	f[6] = float64(caps)
	f[7] = float64(bits.OnesCount64(own &^ x.Around(own)))
unify:
	for d := 0; d < 6; d++ {
		for m := mv[d]; m != 0; m &= m - 1 {
			b := uint(bits.TrailingZeros64(m))
			t := uint(x.Ring[b][d])
			if x.UnifiedAfter(own&^(1<<b)|1<<t, t) {
				f[8] = 1
				break unify
			}
		}
	}
	f[9] = float64(bits.OnesCount64(hit))
	return f
}

// sideMoves fills mv, per direction, with the pieces of own that could step that way if
// their player were to move, on a board with a torus layout: generate's rules for a
// player who need not be the one to move.
func (s *State) sideMoves(own uint64, mv *[6]uint64) {
	x := s.v.tor
	if !s.v.flow {
		x.squishMoves(own, mv)
		return
	}
	g := x.Largest(own)
	seeing := own & x.starOf(g)
	x.flowMoves(own, g, seeing, mv)
	if seeing&^g == 0 && own&^g != 0 {
		x.fallbackMoves(own, g, own&^g, mv)
	}
}

// numFlowFeatures is the number of features of one side in Flowish's learned evaluation:
// sideFeatures' ten, then 10 the mean distance between two of the side's pieces, 11 the
// largest such distance, and 12 its pieces next to an enemy piece.
const numFlowFeatures = numFeatures + 3

// features describes the pieces of player p, on a board with a torus layout, by the first n
// of Flowish's features: sideFeatures' ten, and the three of distance and contact only when
// n asks for them, since they cost a look at every pair of pieces.
func (s *State) features(p rules.Player, n int) (f [numFlowFeatures]float64) {
	ten := s.sideFeatures(p)
	copy(f[:], ten[:])
	if n <= numFeatures {
		return f
	}
	x := s.v.tor
	own, opp := s.tocc[p], s.tocc[p.Other()]
	var sites [64]int
	k := 0
	for r := own; r != 0; r &= r - 1 {
		sites[k] = x.Site[bits.TrailingZeros64(r)&63]
		k++
	}
	sum, far := 0, 0
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			d := s.v.Dist(sites[i], sites[j])
			sum += d
			far = max(far, d)
		}
	}
	if k > 1 {
		f[10] = float64(sum) / float64(k*(k-1)/2)
	}
	f[11] = float64(far)
	f[12] = float64(bits.OnesCount64(own & x.Around(opp)))
	return f
}
