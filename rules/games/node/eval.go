package node

import "koma/rules"

var (
	_ rules.Evaluator   = (*State)(nil)
	_ rules.RandomMover = (*State)(nil)
)

// evalScale is the lead that the evaluation maps to 0.5.
const evalScale = 2.0

// Evaluate implements rules.Evaluator for a connection race: the most sides one of p's
// groups touches against the opponent's best, with a small weight on anchors, since every
// node needs two of them.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	x := s.strength(p) - s.strength(p.Other())
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}

func (s *State) strength(p rules.Player) float64 {
	return float64(s.v.BestSides(s.occ[p])) + 0.1*float64(s.occ[p].And(s.v.Ring).Count())
}
