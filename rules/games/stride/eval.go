package stride

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"koma/rules"
)

// Evaluate implements rules.Evaluator. Pieces count most, since a capture takes a whole
// stack and a player without pieces loses; then how far the pieces have come towards the
// goal row; and a piece already standing on its goal, which the other side must capture at
// once. Each term is p's minus the opponent's, so the value is antisymmetric.
func (s *State) Evaluate(p rules.Player) float64 {
	v := s.worth(p) - s.worth(p.Other())
	return math.Tanh(v / 8)
}

// worth scores p's pieces: one per piece, a quarter for each row a stack stands beyond
// p's back row, and three for a piece on p's goal cells.
func (s *State) worth(p rules.Player) float64 {
	v := 0.0
	for m := s.own[p]; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		v += float64(s.height[c]) + 0.25*float64(progress(p, c))
	}
	if s.own[p]&goalMask[p] != 0 {
		v += 3
	}
	return v
}

// progress is how many rows c lies beyond p's back row, 0 to 8.
func progress(p rules.Player, c int) int {
	if p == 1 {
		return 2*(side-1) - int(row[c])
	}
	return int(row[c])
}

// PlayoutMove implements rules.PlayoutPolicy. A uniformly random playout rarely notices the
// one rule that decides most games: a piece on its goal row wins unless it is captured at
// once. So a playout captures such a piece when it can, otherwise lands on its own goal row
// when it can, and otherwise draws at random.
func (s *State) PlayoutMove(moves []rules.Move, rng *rand.Rand) int {
	p, q := s.Turn, s.Turn.Other()
	if threat := s.own[q] & goalMask[q]; threat != 0 {
		for i, m := range moves {
			if threat>>m.Path[1]&1 != 0 {
				return i
			}
		}
	}
	for i, m := range moves {
		if goalMask[p]>>m.Path[1]&1 != 0 {
			return i
		}
	}
	return rng.IntN(len(moves))
}
