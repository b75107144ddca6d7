package apart

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the AI and the app may ask of a position beyond the rules: an
// evaluation, a fast uniform random move for playouts, the engine that plays it best, and
// the explanations for a person (captures to preview, prompts, why a move is illegal).
// None of it changes what is legal. The game is not Memoryless: the turn count decides the
// turn limit and White's first turn, and the hash leaves it out.

var (
	_ rules.Evaluator        = (*State)(nil)
	_ rules.RandomMover      = (*State)(nil)
	_ rules.CapturePreviewer = (*State)(nil)
	_ rules.Prompter         = (*State)(nil)
	_ rules.Explainer        = (*State)(nil)
	_ rules.Marker           = (*State)(nil)
)

// Weights of the evaluation.
const (
	// pairWeight is the weight of each pair of touching friendly pieces, beside the count
	// of pieces that still touch a friend: a cluster of pieces takes more moves to break
	// up than a few scattered pairs.
	pairWeight = 0.25
	// evalScale is the lead, in touching pieces, that the evaluation maps to 0.5.
	evalScale = 3.0
)

// pairs counts the pairs of touching pieces of x, each pair once: the neighbours to the
// east, north-east, north and north-west of every piece.
func pairs(x uint64) int {
	r, l := x&^fileH, x&^fileA
	return bits.OnesCount64(r<<1&x) + bits.OnesCount64(r<<(size+1)&x) +
		bits.OnesCount64(x<<size&x) + bits.OnesCount64(l<<(size-1)&x)
}

// crowding measures how far p's pieces are from being all apart: the pieces that touch a
// friend, plus a fraction of the touching pairs.
func (s *State) crowding(p rules.Player) float64 {
	x := s.pieces[p]
	return float64(bits.OnesCount64(x&neighbours(x))) + pairWeight*float64(pairs(x))
}

// Evaluate scores how much closer p is to having every piece apart than the opponent.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	x := s.crowding(p.Other()) - s.crowding(p)
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}

// RandomMove implements rules.RandomMover: between turns it counts the sets of pieces that
// LegalMoves lists the moves from, draws one index and builds only that move, here rather
// than in a call that returns it (see nth); during a chain it draws from the jumps Apply
// found. rng.IntN(n) starts with rng.Uint64() whatever n is, so that number is taken
// before n is known: the generator's work then overlaps the count rather than waiting
// for it on the path from one decision to the next. board.Below finishes the draw as IntN
// does.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	x := rng.Uint64()
	if s.chain >= 0 {
		n := uint64(s.nJumps)
		if s.canStop() {
			n++
		}
		if k := board.Below(rng, x, n); k < int(s.nJumps) {
			return s.jumpMove(int(s.jumps[k&7])), true
		}
		return rules.Move{Kind: rules.Stop}, true
	}
	var mc moveCounts
	n := uint64(s.count(&mc))
	dir, l, from := s.nth(&mc, board.Below(rng, x, n))
	return lineMove(dir, l, from), true
}

// Captures implements rules.CapturePreviewer: a move takes the enemy piece on its landing
// square, if there is one, and nothing it passes over.
func (s *State) Captures(m rules.Move, dst []board.Site) []board.Site {
	if (m.Kind != rules.Step && m.Kind != rules.Jump) || m.Len < 2 {
		return dst
	}
	to := m.Path[m.Len-1]
	if to >= 0 && to < numSites && s.Turn >= 0 && s.pieces[s.Turn.Other()]>>to&1 != 0 {
		dst = append(dst, to)
	}
	return dst
}

// Prompt implements rules.Prompter: during a chain it says whether the piece may stop
// here or must jump on, and on White's first turn that a jump will not go on.
func (s *State) Prompt() string {
	switch {
	case s.Over:
		return ""
	case s.chain >= 0 && s.canStop():
		return "jump-again"
	case s.chain >= 0:
		return "jump-on"
	case s.turns == 0:
		return "first-turn"
	}
	return ""
}

// WhyNot implements rules.Explainer. The rule players trip over is the exact distance: a
// piece moves as many squares as its line along that direction holds pieces, no more and
// no less. It also explains the limits of a chain: only the jumping piece goes on, never by
// a single step, and never onto a square it has already landed on.
func (s *State) WhyNot(path []board.Site) string {
	if s.Over || len(path) == 0 {
		return ""
	}
	from := int(path[0])
	if from < 0 || from >= numSites {
		return ""
	}
	own := s.pieces[s.Turn]
	if own>>from&1 == 0 {
		return ""
	}
	if s.chain >= 0 && from != int(s.chain) {
		return "chain-piece"
	}
	if len(path) < 2 {
		return ""
	}
	to := int(path[len(path)-1])
	if to < 0 || to >= numSites || to == from {
		return ""
	}
	for d := range 8 {
		for k := 1; k <= size; k++ {
			if int(ray[from][d][k]) != to {
				continue
			}
			l := lineLen(own, from, d)
			switch {
			case k != l:
				return exactKeys[l]
			case own>>to&1 != 0:
				return "own-piece"
			case s.chain >= 0 && l == 1:
				return "no-step-in-chain"
			case s.chain >= 0 && s.landed>>to&1 != 0:
				return "landed-twice"
			case s.chain >= 0 && to == int(s.start) && !s.captured:
				return "no-change"
			}
			return ""
		}
	}
	if own>>to&1 != 0 {
		return ""
	}
	return "straight-line"
}

// exactKeys[l] is the why-key for a move of the wrong length by a piece whose line holds l
// pieces.
var exactKeys = [...]string{"", "exact-1", "exact-2", "exact-3", "exact-4", "exact-5", "exact-6", "exact-7", "exact-8"}
