package sight

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
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
		if next.Over {
			return i
		}
	}
	return rng.IntN(len(moves))
}

// RandomMove implements rules.RandomMover without listing the moves: the k-th empty point
// for a placement, or the k-th step in LegalMoves' order (by stack, then by direction).
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	empty := allSites &^ (s.own[0] | s.own[1])
	if s.movers == 0 {
		k := rng.IntN(bits.OnesCount32(empty))
		return rules.Move{Kind: rules.Place, Len: 1, Path: [rules.MaxPath]board.Site{board.Site(board.SelectBit(uint64(empty), k))}}, true
	}
	n := 0
	for m := s.movers; m != 0; m &= m - 1 {
		n += bits.OnesCount32(neighbours[bits.TrailingZeros32(m)] & empty)
	}
	k := rng.IntN(n)
	for m := s.movers; m != 0; m &= m - 1 {
		from := bits.TrailingZeros32(m)
		if c := bits.OnesCount32(neighbours[from] & empty); k >= c {
			k -= c
			continue
		}
		for d := range 8 {
			to := stepTo[from][d]
			if to < 0 || empty&(1<<to) == 0 {
				continue
			}
			if k == 0 {
				return rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(from), board.Site(to)}}, true
			}
			k--
		}
	}
	panic("sight: RandomMove counted more steps than there are")
}
