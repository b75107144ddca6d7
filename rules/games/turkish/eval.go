package turkish

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the AI may ask of a position beyond the rules: an evaluation, a
// fast uniform random move for playouts, and the engine that plays it best. None of it
// changes what is legal. The game is not Memoryless: the repetition history and the
// quiet-turn count decide draws that the hash does not see.

var (
	_ rules.Evaluator        = (*State)(nil)
	_ rules.RandomMover      = (*State)(nil)
	_ rules.EnginePreference = (*State)(nil)
)

// Weights of the evaluation, in men.
const (
	// kingWeight is a king's worth: it moves and captures along whole lines, backwards too.
	kingWeight = 2.5
	// advanceWeight is the bonus per rank a man has advanced, so that a man about to be
	// crowned counts for about one more man.
	advanceWeight = 0.05
	// threatWeight is the worth of a capture the player to move has: often a piece won.
	threatWeight = 0.5
	// evalScale is the material lead, in men, that the evaluation maps to 0.5.
	evalScale = 3.0
)

// Evaluate scores the position for p by material (kings worth more than men), the men's
// progress towards the crown and the capture threat of the player to move.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	x := s.material(0) - s.material(1)
	if !s.over && (s.chain >= 0 || s.canCapture(s.turn)) {
		if s.turn == 0 {
			x += threatWeight
		} else {
			x -= threatWeight
		}
	}
	if p == 1 {
		x = -x
	}
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}

// material counts p's pieces in men, with the advance of each man.
func (s *State) material(p rules.Player) float64 {
	x := float64(bits.OnesCount64(s.men[p])) + kingWeight*float64(bits.OnesCount64(s.kings[p]))
	adv := 0
	for m := s.men[p]; m != 0; m &= m - 1 {
		row := bits.TrailingZeros64(m) / size
		if p == 0 {
			adv += row - 1
		} else {
			adv += size - 2 - row
		}
	}
	return x + advanceWeight*float64(adv)
}

// PreferredEngine reports the engine chosen for Turkish Checkers by self-play measurement;
// the figures are in rules/ai/STRENGTH.md.
func (s *State) PreferredEngine() rules.Engine { return rules.AlphaBetaEngine }

// RandomMove implements rules.RandomMover. On a turn without a capture, which is most
// turns, it counts the steps with population counts, draws one index and builds only that
// move, in LegalMoves order; captures go through LegalMoves into a buffer on the stack.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.over {
		return rules.Move{}, false
	}
	if s.chain >= 0 || s.canCapture(s.turn) {
		var buf [32]rules.Move
		moves := s.LegalMoves(buf[:0])
		return moves[rng.IntN(len(moves))], true
	}
	p := s.turn
	fwd, east, west := s.manStepTargets(p)
	nf, ne, nw := bits.OnesCount64(fwd), bits.OnesCount64(east), bits.OnesCount64(west)
	occ := s.occupied()
	var runs [16][4]uint64
	total := nf + ne + nw
	i := 0
	for k := s.kings[p]; k != 0; k &= k - 1 {
		at := bits.TrailingZeros64(k)
		for d := range 4 {
			runs[i][d] = rayRun(d, at, occ)
			total += bits.OnesCount64(runs[i][d])
		}
		i++
	}
	n := rng.IntN(total)
	back := -size
	if p == 1 {
		back = size
	}
	for j, t := range [3]uint64{fwd, east, west} {
		c := bits.OnesCount64(t)
		if n >= c {
			n -= c
			continue
		}
		for ; n > 0; n-- {
			t &= t - 1
		}
		to := bits.TrailingZeros64(t)
		from := to + [3]int{back, -1, 1}[j]
		return rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(from), board.Site(to)}}, true
	}
	i = 0
	for k := s.kings[p]; k != 0; k &= k - 1 {
		at := bits.TrailingZeros64(k)
		for d := range 4 {
			c := bits.OnesCount64(runs[i][d])
			if n >= c {
				n -= c
				continue
			}
			return rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(at), board.Site(rays[d][at][n])}}, true
		}
		i++
	}
	// Unreachable: n was drawn below the number of steps counted above.
	return rules.Move{}, false
}
