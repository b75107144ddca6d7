package mabi

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the AI may ask of a position beyond the rules: an evaluation, a
// fast uniform random move for playouts, and the engine that plays it best. None of it
// changes what is legal. The game is not Memoryless: the repetition history, the turn
// count and the formation turns of the groups all shape what follows, and the hash leaves
// them out.

var (
	_ rules.Evaluator        = (*State)(nil)
	_ rules.RandomMover      = (*State)(nil)
	_ rules.EnginePreference = (*State)(nil)
	_ rules.Marker           = (*State)(nil)
	_ rules.Prompter         = (*State)(nil)
	_ rules.Explainer        = (*State)(nil)
)

// evalScale is the lead, in pieces of the largest group, that the evaluation maps to 0.5.
const evalScale = 2.0

// strength measures p's prospects: the largest group counts fully, the second largest at
// a quarter (it may yet join the first), and each enemy piece p paralyses at a tenth. A
// player who moves alone, because the other passed, may bring many more pieces to the
// group before passing in turn: each of their free pieces outside it counts half. Without
// that, a search that sees the lead last to its horizon passes too early and hands the
// opponent every remaining turn.
func (s *State) strength(p rules.Player) float64 {
	first, second := 0, 0
	if s.pieces[p]&^dilate(s.pieces[p]) != 0 {
		first = 1
	}
	g := &s.groups[p]
	for i := range g.n {
		n := int(g.sizes[i])
		switch {
		case n > first:
			first, second = n, first
		case n > second:
			second = n
		}
	}
	v := float64(first) + 0.25*float64(second) + 0.1*float64(bits.OnesCount64(s.paralysed(p.Other())))
	if s.lock == p.Other() {
		free := s.pieces[p] &^ s.paralysed(p) &^ g.bestMask
		v += 0.5 * float64(bits.OnesCount64(free))
	}
	return v
}

// Evaluate scores the race for the largest group.
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

// PreferredEngine reports the engine chosen for Mabi by self-play measurement; the
// figures are in rules/ai/STRENGTH.md.
func (s *State) PreferredEngine() rules.Engine { return rules.AlphaBetaEngine }

// RandomMove implements rules.RandomMover: it counts the steps in the target masks that
// LegalMoves lists them from, draws one index and builds only that move.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.over {
		return rules.Move{}, false
	}
	var t [4]uint64
	s.targets(&t)
	c0 := bits.OnesCount64(t[0])
	c1 := c0 + bits.OnesCount64(t[1])
	c2 := c1 + bits.OnesCount64(t[2])
	n := c2 + bits.OnesCount64(t[3])
	extra := 0
	if s.canPass(n) {
		extra = 1
	}
	k := rng.IntN(n + extra)
	if k == n {
		return rules.Move{Kind: rules.Pass}, true
	}
	d := 0
	switch {
	case k >= c2:
		d, k = 3, k-c2
	case k >= c1:
		d, k = 2, k-c1
	case k >= c0:
		d, k = 1, k-c0
	}
	m := t[d]
	for ; k > 0; k-- {
		m &= m - 1
	}
	to := bits.TrailingZeros64(m)
	return rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(to - dirDelta[d]), board.Site(to)}}, true
}
