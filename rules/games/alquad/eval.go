package alquad

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the AI and the app may ask of a position beyond the rules: a
// playout policy, a fast uniform random move, the fair setup and the reasons a click is
// refused. None of it changes what is legal.

var (
	_ rules.PlayoutPolicy = (*State)(nil)
	_ rules.RandomMover   = (*State)(nil)
	_ rules.Memoryless    = (*State)(nil)
	_ rules.SeatColours   = (*State)(nil)
	_ rules.Labeller      = (*State)(nil)
	_ rules.Prompter      = (*State)(nil)
	_ rules.Explainer     = (*State)(nil)
	_ rules.Marker        = (*State)(nil)
	_ rules.NamedMove     = (*State)(nil)
)

// The fair setup, found by self-play between two Experts (2026-11-27, 40 games for each
// setup and colour, timescale 0.01; rules/ai/STRENGTH.md, "Alquad: the fair setup"). The
// setups the search chose lost almost every game for the setup player, and playouts cannot
// tell why: with Black on the centre c3 and White on a1, b1, c1 or c2, the chooser took
// Black and won 30, 19, 32 and 36 of 40 games, drawing the rest. With White on b2, a strong
// point diagonally next to the centre, the game comes near even: the chooser who takes
// White won 7, lost 1 and drew 32, and one who takes Black won none and lost 14. So the AI
// sets up White on b2 and Black on c3, and as the chooser takes White after that setup or
// its mirror images (White on d2, b4 or d4). Any other setup is searched as usual.
var (
	fairWhite = topology.MustParse("b2")
	centre    = topology.MustParse("c3")
	// fairWhites has a bit for fairWhite and each of its mirror images.
	fairWhites = uint32(1)<<fairWhite | 1<<topology.MustParse("d2") | 1<<topology.MustParse("b4") | 1<<topology.MustParse("d4")
)

// NamedMove implements rules.NamedMove with the fair setup: White on b2, then Black on the
// centre, and White for the chooser facing that setup or a mirror image of it.
func (s *State) NamedMove() (rules.Move, bool) {
	fair := s.pieces[white]&fairWhites != 0
	switch {
	case s.phase == setupWhite:
		return place(int(fairWhite)), true
	case s.phase == setupBlack && fair && s.empty()&(1<<centre) != 0:
		return place(int(centre)), true
	case s.phase == choosing && fair && s.pieces[black] == 1<<centre:
		return rules.Move{Kind: rules.Choose, Tag: tagWhite}, true
	}
	return rules.Move{}, false
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

// completions returns, for each point, the area of the largest square of colour c that a
// piece of c placed there would complete (0 for none).
func (s *State) completions(c int) (best [numSites]uint8) {
	own, empty := s.pieces[c], s.empty()
	for i := range squares {
		sq := &squares[i]
		if missing := sq.mask &^ own; bits.OnesCount32(missing) == 1 && missing&empty != 0 {
			at := bits.TrailingZeros32(missing)
			best[at] = max(best[at], sq.area)
		}
	}
	return best
}

// PlayoutMove implements rules.PlayoutPolicy with the game's tactics, which a uniformly
// random playout misses: a checked player answers with a bigger square when it can; a
// player gives a check the opponent cannot answer when it can, and otherwise takes the
// point that completes the opponent's biggest square; a check the opponent would answer
// with a bigger square is avoided. Everything else is drawn at random.
func (s *State) PlayoutMove(moves []rules.Move, rng *rand.Rand) int {
	if s.phase != playing || moves[0].Kind != rules.Place {
		return rng.IntN(len(moves))
	}
	me := s.colourOf(s.Turn)
	mine, theirs := s.completions(me), s.completions(1-me)
	if s.checker >= 0 {
		for i, m := range moves {
			if mine[m.Path[0]] > s.checkArea {
				return i
			}
		}
		return rng.IntN(len(moves))
	}
	// reply is the biggest square the opponent could answer with after a placement on
	// site: the opponent's biggest completion elsewhere.
	first, second, firstAt := uint8(0), uint8(0), -1
	for at, a := range theirs {
		switch {
		case a > first:
			first, second, firstAt = a, first, at
		case a > second:
			second = a
		}
	}
	reply := func(site int) uint8 {
		if site == firstAt {
			return second
		}
		return first
	}
	block := -1
	for i, m := range moves {
		site := int(m.Path[0])
		if a := mine[site]; a > 0 && (a >= reply(site) || s.hand[1-me] == 0) {
			return i
		}
		if site == firstAt {
			block = i
		}
	}
	if block >= 0 {
		return block
	}
	for range 4 {
		i := rng.IntN(len(moves))
		if site := int(moves[i].Path[0]); mine[site] == 0 || mine[site] >= reply(site) {
			return i
		}
	}
	return rng.IntN(len(moves))
}
