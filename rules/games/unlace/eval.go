package unlace

import "koma/rules"

var (
	_ rules.Evaluator   = (*State)(nil)
	_ rules.RandomMover = (*State)(nil)
)

// evalScale is the lead in legal moves that the evaluation maps to 0.5.
const evalScale = 4.0

// mobility counts p's legal steps in the position. The player to move's are at hand in
// the state; only the other player's are generated, which halves the cost of an
// evaluation (search evaluates often, and its slices must stay short).
func (s *State) mobility(p rules.Player) int {
	moves := &s.moves
	if p != s.Turn {
		m := s.movesOf(p)
		moves = &m
	}
	n := 0
	for _, m := range moves {
		n += m.Count()
	}
	return n
}

// Evaluate scores the stalemate race: how many more steps p has than the opponent.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	x := float64(s.mobility(p) - s.mobility(p.Other()))
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}
