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
	_ rules.Evaluator     = (*State)(nil)
	_ rules.RandomMover   = (*State)(nil)
	_ rules.PlayoutPolicy = (*State)(nil)
)

// Weights of the evaluation.
const (
	// homeWeight is the penalty, in squares of progress, for each piece still in its
	// starting camp: leaving it late loses the game by the anti-stalling rule, and a piece
	// left behind is the slowest to bring home. It is large so that even the blurred
	// levels clear their camp in time: with 6, Easy beat the Beginner only 61 – 39 over
	// 100 games, with 10, 72 – 28 (STRENGTH.md).
	homeWeight = 10.0
	// evalScale is the lead in squares of progress that the evaluation maps to 0.5.
	evalScale = 4.0
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

// distance is how many diagonal steps square site is from p's corner.
func distance(p rules.Player, site board.Site) int {
	d := int(site)%size + int(site)/size
	if p == 1 {
		d = 2*(size-1) - d
	}
	return d
}

// advance is how far move m brings p's piece toward the goal, in diagonal steps, counting
// a piece that leaves p's camp homeWeight steps further. A stop or a pass advances 0.
func advance(p rules.Player, m rules.Move) int {
	if m.Len < 2 {
		return 0
	}
	from, to := m.Path[0], m.Path[m.Len-1]
	g := distance(p, to) - distance(p, from)
	if camp[p]&(1<<from) != 0 && camp[p]&(1<<to) == 0 {
		g += homeWeight
	}
	return g
}

// randomShare is the share of playout moves drawn uniformly rather than by advance.
const randomShare = 4 // one in four

// PlayoutMove implements rules.PlayoutPolicy. Uniform playouts wander, leave pieces at
// home and end by the 30-turn rule, which then decides nearly every simulated game; so
// three moves in four bring a piece as far forward as any move can (ties drawn at
// random), and the fourth is uniform so that playouts still vary.
func (s *State) PlayoutMove(moves []rules.Move, rng *rand.Rand) int {
	if rng.IntN(randomShare) == 0 {
		return rng.IntN(len(moves))
	}
	best, bestGain, ties := 0, 0, 0
	for i, m := range moves {
		g := advance(s.Turn, m)
		switch {
		case ties == 0 || g > bestGain:
			best, bestGain, ties = i, g, 1
		case g == bestGain:
			ties++
			if rng.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return best
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

// RandomMove implements rules.RandomMover: it counts the moves in the target masks that
// LegalMoves lists them from, draws one index and builds only that move.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	// The jumps' masks, then the steps', in LegalMoves order.
	var all [16]uint64
	s.targets((*[8]uint64)(all[:8]), (*[8]uint64)(all[8:]))
	// cum[i] counts the moves of all[0..i]; the mask holding move k is the number of
	// counts not above k, found without a branch on the random k.
	var cum [16]int
	n := 0
	for i := range 16 {
		n += bits.OnesCount64(all[i])
		cum[i] = n
	}
	extra := 0
	if s.chain >= 0 && s.canStop() || s.chain < 0 && n == 0 {
		extra = 1
	}
	k := rng.IntN(n + extra)
	if k == n {
		if s.chain >= 0 {
			return rules.Move{Kind: rules.Stop}, true
		}
		return rules.Move{Kind: rules.Pass}, true
	}
	i := 0
	for j := range 16 {
		if k >= cum[j] {
			i++
		}
	}
	if i > 0 {
		k -= cum[i-1]
	}
	to := board.SelectBit(all[i], k)
	if i < 8 {
		return rules.Move{Kind: rules.Jump, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(to - 2*dirDelta[i]), board.Site(to)}}, true
	}
	return rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(to - dirDelta[i-8]), board.Site(to)}}, true
}
