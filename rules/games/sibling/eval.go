package sibling

import (
	"math"
	"math/rand/v2"

	"koma/rules"
)

// This file holds what the AI may ask of a Sibling position beyond the rules: an
// evaluation and a fast uniform random move for playouts. None of it changes what is
// legal.

var (
	_ rules.Evaluator   = (*State)(nil)
	_ rules.RandomMover = (*State)(nil)
)

// Evaluate scores the position for p by the count that will decide the game: the
// difference between the players' second-largest groups, with a quarter weight on the
// largest ones, which decide a tie and which a player can later split off into a second
// group of the right size. It is squashed into (-1, 1) and antisymmetric because the
// difference is.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	var mine, theirs groupList
	s.groups(p, &mine)
	s.groups(p.Other(), &theirs)
	d := float64(mine.at(1)-theirs.at(1)) + 0.25*float64(mine.at(0)-theirs.at(0))
	return math.Tanh(d / 4)
}

// RandomMove implements rules.RandomMover: it draws an index into the moves LegalMoves
// would list and picks that cell from the set, without building the list.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.over {
		return rules.Move{}, false
	}
	cells, swap := s.choices()
	n := cells.count()
	total := n
	if swap {
		total++
	}
	k := rng.IntN(total)
	if k == n {
		return swapMove, true
	}
	return placement(cells.nth(k)), true
}
