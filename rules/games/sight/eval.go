package sight

import (
	"math"
	"math/bits"
	"math/rand/v2"

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

// PlayoutMove implements rules.PlayoutPolicy: a playout takes a move that leaves the
// opponent without a legal move when there is one, since that ends the game at once, and
// otherwise draws at random. Games of Sight are decided by such blocks, which a uniformly
// random playout misses most of the time.
func (s *State) PlayoutMove(moves []rules.Move, rng *rand.Rand) int {
	var next State
	for i, m := range moves {
		next = *s
		next.Apply(m)
		if next.over {
			return i
		}
	}
	return rng.IntN(len(moves))
}
