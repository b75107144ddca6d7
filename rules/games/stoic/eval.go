package stoic

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"koma/rules"
)

// This file holds what the AI may ask of a Stoic position beyond the rules: an evaluation,
// a fast uniform random move for playouts, and the engine that plays it best. None of it
// changes what is legal.

var (
	_ rules.Evaluator   = (*State)(nil)
	_ rules.RandomMover = (*State)(nil)
	_ rules.Memoryless  = (*State)(nil)
)

// Evaluate scores the position for p by the cells each player may still use. The player
// who runs out of cells on their turn loses, and a cell closed to a player never opens
// again. If the players used up the cells open to both first and then each their own, the
// player to move would win exactly when their own cells outnumber the opponent's, counting
// half a cell of tempo for them when the shared cells are odd in number and against them
// when even. That race is the estimate, squashed into (-1, 1); placements that close more
// cells make the real game richer than the race.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 || s.Over {
		return 0
	}
	mover := s.Turn
	open0, open1 := s.open(mover), s.open(mover.Other())
	var own, theirs, shared int
	for w := range open0 {
		own += bits.OnesCount64(open0[w] &^ open1[w])
		theirs += bits.OnesCount64(open1[w] &^ open0[w])
		shared += bits.OnesCount64(open0[w] & open1[w])
	}
	x := float64(own-theirs) - 0.5
	if shared%2 == 1 {
		x += 1
	}
	v := x / (math.Abs(x) + evalSoftness)
	if p != mover {
		return -v
	}
	return v
}

// evalSoftness is the lead, in cells, that Evaluate maps to 0.5.
const evalSoftness = 0.5

// Memoryless reports that Stoic has no counter or history: the hash covers every piece of
// state that matters.
func (s *State) Memoryless() bool { return true }

// RandomMove implements rules.RandomMover: it draws an index among the open cells and
// finds that cell, in site order as LegalMoves lists them, without writing the others.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	open := s.open(s.Turn)
	n := 0
	for _, w := range open {
		n += bits.OnesCount64(w)
	}
	k := rng.IntN(n)
	for w, word := range open {
		c := bits.OnesCount64(word)
		if k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			word &= word - 1
		}
		return placement(w*64 + bits.TrailingZeros64(word)), true
	}
	// Unreachable: k was drawn below the number of open cells.
	return rules.Move{}, false
}
