package tiptoe

import (
	"math/rand/v2"

	"koma/rules"
)

// This file holds what the AI may ask of a position beyond the rules: an evaluation, a
// fast uniform random move for playouts, and the engine that plays it best. None of it
// changes what is legal.

var (
	_ rules.Evaluator   = (*State)(nil)
	_ rules.RandomMover = (*State)(nil)
	_ rules.Memoryless  = (*State)(nil)
)

// evalScale is the lead in reachable points that the evaluation maps to 0.5.
const evalScale = 4.0

// Evaluate scores mobility: how many more points p's groups reach than the opponent's.
// The game is lost by the first player left without a point, so the number of points each
// side can still use is the measure of who runs out first.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 || s.setup < normal {
		return 0
	}
	x := float64(s.reached(p).Count() - s.reached(p.Other()).Count())
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}

// Memoryless reports that the pieces and the player to move, which Hash covers, decide
// everything that can follow: the setup step follows from the number of pieces.
func (s *State) Memoryless() bool { return true }

// RandomMove implements rules.RandomMover: the open cells are already a set, so it draws
// an index among them and builds only that placement.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	n := s.open.Count()
	if n == 0 {
		return rules.Move{}, false
	}
	c := s.open.Select(rng.IntN(n))
	return placement(s.v.siteOf[c]), true
}
