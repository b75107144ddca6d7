package sight

import (
	"math"
	"math/bits"

	"koma/rules"
)

// Evaluate implements rules.Evaluator by mobility, since a player loses by running out of
// moves: the steps p's movable stacks would have, or the empty points when p would place,
// against the same for the opponent.
func (s *State) Evaluate(p rules.Player) float64 {
	d := s.mobility(p) - s.mobility(p.Other())
	return math.Tanh(float64(d) / 6)
}

// mobility counts the moves p would have if it were p's turn now.
func (s *State) mobility(p rules.Player) int {
	empty := allSites &^ (s.own[0] | s.own[1])
	if !s.hasStack(p) {
		return bits.OnesCount32(empty)
	}
	n := 0
	for m := s.computeMovers(p); m != 0; m &= m - 1 {
		n += bits.OnesCount32(neighbours[bits.TrailingZeros32(m)] & empty)
	}
	return n
}
