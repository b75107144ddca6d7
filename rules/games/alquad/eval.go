package alquad

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the AI and the app may ask of a position beyond the rules: an
// evaluation, a fast uniform random move and the reasons a click is refused. None of it
// changes what is legal.

var (
	_ rules.Evaluator   = (*State)(nil)
	_ rules.RandomMover = (*State)(nil)
	_ rules.Memoryless  = (*State)(nil)
	_ rules.SeatColours = (*State)(nil)
	_ rules.Labeller    = (*State)(nil)
	_ rules.Prompter    = (*State)(nil)
	_ rules.Explainer   = (*State)(nil)
	_ rules.Marker      = (*State)(nil)
)

// threats sums the areas of colour c's squares that lack one corner, the missing corner
// being empty: each is a check c can give with one placement. Only squares bigger than
// above count.
func (s *State) threats(c int, above uint8) int {
	own, empty := s.pieces[c], s.empty()
	n := 0
	for i := range squares {
		sq := &squares[i]
		if sq.area <= above {
			continue
		}
		if missing := sq.mask &^ own; bits.OnesCount32(missing) == 1 && missing&empty != 0 {
			n += int(sq.area)
		}
	}
	return n
}

// evalScale is the lead, in threatened area, that the evaluation maps to 0.5.
const evalScale = 8.0

// Evaluate scores the position for p. During a check the answer is known: the checked
// player, to move, wins exactly when one placement makes a square bigger than the
// checker's. Otherwise it weighs each side's threats, squares one placement from complete,
// by area, since the bigger the check the harder it is to answer. Before the colours are
// settled it says nothing.
func (s *State) Evaluate(p rules.Player) float64 {
	if s.phase != playing || (p != 0 && p != 1) {
		return 0
	}
	var v float64 // for White
	if s.checker >= 0 {
		v = -0.9
		if s.threats(1-int(s.checker), s.checkArea) > 0 {
			v = 0.9
		}
		if s.checker == white {
			// v was worked out for the checked side, Black.
			v = -v
		}
	} else {
		x := float64(s.threats(white, 0) - s.threats(black, 0))
		if x >= 0 {
			v = x / (x + evalScale)
		} else {
			v = x / (evalScale - x)
		}
	}
	if s.colourOf(p) == black {
		return -v
	}
	return v
}

// Memoryless reports true: the hash covers the pieces, the hands, the phase, the colours,
// the check and the player to move, and nothing else bears on what comes next.
func (s *State) Memoryless() bool { return true }

// RandomMove implements rules.RandomMover: it draws one index as LegalMoves(nil)[rng.IntN(n)]
// would and picks that empty point from the mask directly.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	switch s.phase {
	case over:
		return rules.Move{}, false
	case choosing:
		return rules.Move{Kind: rules.Choose, Tag: tagWhite + uint8(rng.IntN(2))}, true
	}
	empty := s.empty()
	k := rng.IntN(bits.OnesCount32(empty))
	return place(board.SelectBit(uint64(empty), k)), true
}

// WhyNot implements rules.Explainer: a placement needs an empty point. A player to move
// always has a piece in hand, since a game whose checked player has none ends at the
// check, so there is no reason to give for an empty hand.
func (s *State) WhyNot(path []board.Site) string {
	if s.phase == over || s.phase == choosing || len(path) == 0 {
		return ""
	}
	site := path[len(path)-1]
	if site < 0 || site >= numSites {
		return ""
	}
	if (s.pieces[white]|s.pieces[black])&(1<<site) != 0 {
		return "occupied"
	}
	return ""
}
