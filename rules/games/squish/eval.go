package squish

import (
	"math/bits"

	"koma/rules"
)

// This file holds what the AI may ask of a position beyond the rules: an evaluation, a
// fast uniform random move for playouts, and the engine that plays it best. None of it
// changes what is legal. The games are not Memoryless: the repetition history and the
// quiet count decide draws, and the hash leaves them out.

var (
	_ rules.Evaluator               = (*State)(nil)
	_ rules.RandomMover             = (*State)(nil)
	_ rules.EnginePreference        = (*State)(nil)
	_ rules.BlurredEnginePreference = (*State)(nil)
)

// Weights of the evaluation, in groups: one group fewer is worth groupWeight, one cell of
// total gap gapWeight.
const (
	groupWeight = 1.0
	gapWeight   = 0.25
	evalScale   = 2.0
)

// spread measures how far own is from one group: the number of groups, and the sum over
// pieces of how many cells separate each from its nearest friendly piece.
func (t *Topo) spread(own Set) (groups, gaps int) {
	rest := own
	for !rest.empty() {
		rest = rest.andNot(t.Group(own, rest.lowest()))
		groups++
	}
	for w := 0; w < 2; w++ {
		for x := own[w]; x != 0; x &= x - 1 {
			c := w*64 + bits.TrailingZeros64(x)
			if !own.and(t.NbrSet[c]).empty() {
				continue
			}
			best := 1 << 30
			for w2 := 0; w2 < 2; w2++ {
				for y := own[w2]; y != 0; y &= y - 1 {
					if o := w2*64 + bits.TrailingZeros64(y); o != c {
						best = min(best, t.Dist(c, o))
					}
				}
			}
			if best < 1<<30 {
				gaps += best - 1
			}
		}
	}
	return groups, gaps
}

func (s *State) score(p rules.Player) float64 {
	g, gaps := s.v.spread(s.occ[p])
	return -groupWeight*float64(g) - gapWeight*float64(gaps)
}

// Evaluate scores the race to unify: fewer groups, and lone pieces closer to a friend,
// than the opponent.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	x := s.score(p) - s.score(p.Other())
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}

// PreferredEngine reports the engine chosen by self-play measurement (Expert against
// Expert, engine forced; rules/ai/STRENGTH.md): tree search for Squish, which beat
// alpha-beta 27 – 13, and alpha-beta for Flowish, which beat tree search 13 – 7.
func (s *State) PreferredEngine() rules.Engine {
	if s.v.flow {
		return rules.AlphaBetaEngine
	}
	return rules.TreeEngine
}

// PreferredBlurredEngine reports the engine of the levels that blur the evaluation (Easy,
// Normal, Hard): tree search in both games. In Flowish, blurred alpha-beta beat the
// Beginner only 23 – 17 where tree search won 35 – 5 (rules/ai/STRENGTH.md).
func (s *State) PreferredBlurredEngine() rules.Engine { return rules.TreeEngine }
