package halma

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the AI may ask of a position beyond the rules: an evaluation, a
// fast uniform random move for playouts, and the engine that plays it best. None of it
// changes what is legal. The game is not Memoryless: the turn count decides the
// anti-stalling rule and the turn limit, and the hash leaves it out.

var (
	_ rules.Evaluator        = (*State)(nil)
	_ rules.RandomMover      = (*State)(nil)
	_ rules.EnginePreference = (*State)(nil)
)

// Weights of the evaluation.
const (
	// homeWeight is the penalty, in squares of progress, for each piece still in its
	// starting camp: leaving it late loses the game by the anti-stalling rule, and a piece
	// left behind is the slowest to bring home.
	homeWeight = 2.0
	// evalScale is the lead in squares of progress that the evaluation maps to 0.5.
	evalScale = 12.0
)

// progress sums, over p's pieces, how many diagonal steps each has come from p's corner
// (file plus rank away from it): 20 at the start, 120 with the goal filled.
func (s *State) progress(p rules.Player) float64 {
	n := 0
	for m := s.pieces[p]; m != 0; m &= m - 1 {
		site := bits.TrailingZeros64(m)
		d := site%size + site/size
		if p == 1 {
			d = 2*(size-1) - d
		}
		n += d
	}
	return float64(n) - homeWeight*float64(bits.OnesCount64(s.pieces[p]&camp[p]))
}

// Evaluate scores the race: how much further p's pieces have come than the opponent's.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	x := s.progress(p) - s.progress(p.Other())
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}

// PreferredEngine reports the engine chosen for Halma by self-play measurement; the
// figures are in rules/ai/STRENGTH.md.
func (s *State) PreferredEngine() rules.Engine { return rules.AlphaBetaEngine }

// RandomMove implements rules.RandomMover: it counts the moves in the target masks that
// LegalMoves lists them from, draws one index and builds only that move.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.over {
		return rules.Move{}, false
	}
	jumps, steps := s.targets()
	nj, ns := 0, 0
	for d := range 8 {
		nj += bits.OnesCount64(jumps[d])
		ns += bits.OnesCount64(steps[d])
	}
	extra := 0
	if s.chain >= 0 && s.canStop() || s.chain < 0 && nj+ns == 0 {
		extra = 1
	}
	k := rng.IntN(nj + ns + extra)
	for d, t := range jumps {
		c := bits.OnesCount64(t)
		if k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			t &= t - 1
		}
		to := bits.TrailingZeros64(t)
		return rules.Move{Kind: rules.Jump, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(to - 2*dirDelta[d]), board.Site(to)}}, true
	}
	for d, t := range steps {
		c := bits.OnesCount64(t)
		if k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			t &= t - 1
		}
		to := bits.TrailingZeros64(t)
		return rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(to - dirDelta[d]), board.Site(to)}}, true
	}
	if s.chain >= 0 {
		return rules.Move{Kind: rules.Stop}, true
	}
	return rules.Move{Kind: rules.Pass}, true
}
