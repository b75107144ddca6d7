package fanorona

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the AI may ask of a position beyond the rules: an evaluation, a
// fast uniform random move for playouts, and the engine that plays it best. None of it
// changes what is legal. The game is not Memoryless: the repetition history and the
// quiet-turn count decide loops, and the hash leaves them out.

var (
	_ rules.Evaluator   = (*State)(nil)
	_ rules.RandomMover = (*State)(nil)
)

// Weights of the evaluation.
const (
	// threatWeight is the worth, in pieces, of being the player to move with a capture
	// available: Fanorona captures often take two or three pieces at once.
	threatWeight = 1.5
	// evalScale is the lead in pieces that the evaluation maps to 0.5.
	evalScale = 4.0
)

// Evaluate scores the position for p by material, and by who holds the next capture.
// Every ending is decided by pieces: capturing them all, or the count at a loop.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	o := p.Other()
	x := float64(bits.OnesCount64(s.pieces[p]) - bits.OnesCount64(s.pieces[o]))
	if !s.Over {
		if s.threat() {
			if s.Turn == p {
				x += threatWeight
			} else {
				x -= threatWeight
			}
		}
	}
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}

// threat reports whether the player to move has a capture: at the start of a turn, or
// to continue the chain in progress.
func (s *State) threat() bool {
	var all [24]uint64
	if !s.masks(&all) {
		return false
	}
	if s.at < 0 {
		return true
	}
	var found uint64
	for _, m := range all[:16] {
		found |= m
	}
	return found != 0
}

// RandomMove implements rules.RandomMover: it counts the moves in the masks LegalMoves
// lists them from, draws one index and builds only that move.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	var all [24]uint64
	lo, hi := 16, 24
	if s.masks(&all) {
		lo, hi = 0, 16
	}
	n := 0
	for i := lo; i < hi; i++ {
		n += bits.OnesCount64(all[i])
	}
	extra := 0
	if s.at >= 0 {
		extra = 1
	}
	k := rng.IntN(n + extra)
	if k == n {
		return rules.Move{Kind: rules.Stop}, true
	}
	for i := lo; i < hi; i++ {
		c := bits.OnesCount64(all[i])
		if k < c {
			return s.moveAt(i, board.SelectBit(all[i], k)), true
		}
		k -= c
	}
	panic("fanorona: RandomMove lost its move")
}
