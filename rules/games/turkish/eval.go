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
	_ rules.Evaluator   = (*State)(nil)
	_ rules.RandomMover = (*State)(nil)
)

// Weights of the evaluation, in men.
const (
	// kingWeight is a king's worth: it moves and captures along whole lines, backwards too.
	kingWeight = 2.5
	// advanceWeight is the bonus per rank a man has advanced, so that a man about to be
	// crowned counts for about one more man.
	advanceWeight = 0.05
	// captureWeight is the worth of each piece the player to move is bound to take: the
	// maximum rule says how many, and a recapture may follow, so a little under a man.
	captureWeight = 0.8
	// mobilityWeight is the worth of having all the steps on the board to oneself: it
	// decides endings of kings, where hemming in the enemy king is how one wins.
	mobilityWeight = 0.5
	// evalScale is the material lead, in men, that the evaluation maps to 0.5.
	evalScale = 0.5
)

// Evaluate scores the position for p by material (kings worth more than men), the men's
// progress towards the crown, the pieces the player to move is bound to capture (so that
// a search stopping in the middle of an exchange, or of a chain, still counts them) and
// mobility; the whole fades as the quiet-turn draw approaches.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	x := s.material(0) - s.material(1)
	if !s.Over {
		if n := s.pendingCaptures(); s.Turn == 0 {
			x += captureWeight * float64(n)
		} else {
			x -= captureWeight * float64(n)
		}
	}
	m0, m1 := float64(s.mobility(0)), float64(s.mobility(1))
	x += mobilityWeight * (m0 - m1) / (m0 + m1 + 1)
	// A lead fades as the turns without progress run out, so that the side ahead makes
	// progress (a capture, a man's step forward) before the quiet-turn draw.
	x *= 1 - float64(s.quiet)/(2*quietLimit)
	if p == 1 {
		x = -x
	}
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}

// pendingCaptures returns how many pieces the player to move must capture now: the length
// of the longest route, which the maximum rule makes compulsory, or 0.
func (s *State) pendingCaptures() int {
	p := s.Turn
	enemy := s.men[p.Other()] | s.kings[p.Other()]
	empty := ^s.occupied()
	if s.chain >= 0 {
		at := int(s.chain)
		if s.kings[p]>>at&1 != 0 {
			return kingBest(at, int(s.dir), enemy, empty)
		}
		return manBest(p, at, enemy, empty)
	}
	best := 0
	for m := s.manJumpers(p, s.men[p], enemy, empty); m != 0; m &= m - 1 {
		best = max(best, manBest(p, bits.TrailingZeros64(m), enemy, empty))
	}
	for k := s.kings[p]; k != 0; k &= k - 1 {
		best = max(best, kingBest(bits.TrailingZeros64(k), noDir, enemy, empty))
	}
	return best
}

// mobility counts the steps p could make if it were p's turn.
func (s *State) mobility(p rules.Player) int {
	empty := ^s.occupied()
	m := s.men[p]
	fwd := m << size
	if p == 1 {
		fwd = m >> size
	}
	n := bits.OnesCount64(fwd&empty) + bits.OnesCount64((m&^fileH)<<1&empty) + bits.OnesCount64((m&^fileA)>>1&empty)
	occ := ^empty
	for k := s.kings[p]; k != 0; k &= k - 1 {
		at := bits.TrailingZeros64(k)
		for d := range 4 {
			n += bits.OnesCount64(rayRun(d, at, occ))
		}
	}
	return n
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

// RandomMove implements rules.RandomMover. On a turn without a capture, which is most
// turns, it counts the steps with population counts, draws one index and builds only that
// move, in LegalMoves order; captures go through LegalMoves into a buffer on the stack.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	if s.chain >= 0 || s.canCapture(s.Turn) {
		var buf [32]rules.Move
		moves := s.LegalMoves(buf[:0])
		return moves[rng.IntN(len(moves))], true
	}
	p := s.Turn
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
