package orochi

import (
	"math/bits"

	"koma/rules"
)

var (
	_ rules.Evaluator   = (*State)(nil)
	_ rules.RandomMover = (*State)(nil)
	_ rules.Memoryless  = (*State)(nil)
)

// evalScale is the lead, in pieces of the largest group, that the evaluation maps to 0.5.
const evalScale = 4.0

// largest returns the size of the largest group of colour c.
func (s *State) largest(c int) int {
	best := 0
	seen := set{}
	for w := range 2 {
		for m := s.own[c][w] &^ seen[w]; m != 0; m = s.own[c][w] &^ seen[w] {
			site := 64*w + bits.TrailingZeros64(m)
			g := s.group(c, site)
			seen[0] |= g[0]
			seen[1] |= g[1]
			best = max(best, g.count())
		}
	}
	return best
}

// Evaluate compares the largest groups of the two colours. The scored groups are those
// beside the last empty cell, which is not known in advance, and the larger a group the
// likelier it is to reach whichever cell that turns out to be.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	x := float64(s.largest(int(p)) - s.largest(int(p.Other())))
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}
