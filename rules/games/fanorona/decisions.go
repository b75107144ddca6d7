package fanorona

import (
	"math/bits"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the game tells a person about its decisions: the notation, the
// labels of approach and withdrawal, the pieces each capture takes, the prompts of a
// chain, why a move is refused and the points a chain has visited. None of it changes
// what is legal.

var (
	_ rules.Notation         = (*State)(nil)
	_ rules.Labeller         = (*State)(nil)
	_ rules.CapturePreviewer = (*State)(nil)
	_ rules.Prompter         = (*State)(nil)
	_ rules.Explainer        = (*State)(nil)
	_ rules.Marker           = (*State)(nil)
)

// FormatMove writes a paika as "d2-e3", a capturing step with the suffix A (approach) or W
// (withdrawal), "d2-e3A", and the end of a chain as "stop" (Koma's notation, see the
// package comment).
func (s *State) FormatMove(m rules.Move) string {
	text := rules.GenericNotation(s, m)
	if m.Kind != rules.Step {
		return text
	}
	switch m.Tag {
	case tagApproach:
		return text + "A"
	case tagWithdrawal:
		return text + "W"
	}
	return text
}

// MoveLabel implements rules.Labeller: a capturing step is labelled by its kind, so that
// when one step can do both the player chooses between "approach" and "withdrawal"; Stop
// is worded as ending the chain.
func (s *State) MoveLabel(m rules.Move) string {
	switch {
	case m.Kind == rules.Stop:
		return "stop"
	case m.Kind == rules.Step && m.Tag == tagApproach:
		return "approach"
	case m.Kind == rules.Step && m.Tag == tagWithdrawal:
		return "withdrawal"
	}
	return ""
}

// Captures implements rules.CapturePreviewer: the line of enemy pieces a capturing step
// takes, nearest first.
func (s *State) Captures(m rules.Move, dst []board.Site) []board.Site {
	if m.Kind != rules.Step || m.Len != 2 || m.Tag == tagPaika || !s.validStep(m) {
		return dst
	}
	gone := s.taken(m)
	from := int(m.Path[0])
	for gone != 0 {
		// Nearest first: the lowest point when the line runs up the board, the highest
		// when it runs down.
		var site int
		if from < bits.TrailingZeros64(gone) {
			site = bits.TrailingZeros64(gone)
		} else {
			site = 63 - bits.LeadingZeros64(gone)
		}
		dst = append(dst, board.Site(site))
		gone &^= 1 << site
	}
	return dst
}

// validStep reports whether m is a step between two neighbouring points of the board, so
// that taken may read its direction.
func (s *State) validStep(m rules.Move) bool {
	v := s.v
	from, to := int(m.Path[0]), int(m.Path[1])
	return from >= 0 && from < v.sites && to >= 0 && to < v.sites && v.near[from]>>to&1 != 0
}

// Prompt implements rules.Prompter: during a chain the piece may capture again or stop;
// at the start of a turn with a capture available, capturing is compulsory.
func (s *State) Prompt() string {
	switch {
	case s.Over:
		return ""
	case s.at >= 0:
		return "chain"
	}
	var all [24]uint64
	if s.masks(&all) {
		return "must-capture"
	}
	return ""
}

// Marks implements rules.Marker: during a chain, every point the capturing piece has
// visited this turn, its starting point included, except the one it stands on.
func (s *State) Marks(dst []rules.Mark) []rules.Mark {
	if s.at < 0 {
		return dst
	}
	for m := s.visited &^ (1 << s.at); m != 0; m &= m - 1 {
		dst = append(dst, rules.Mark{Site: board.Site(bits.TrailingZeros64(m)), Kind: rules.Visited, Owner: rules.NoPlayer})
	}
	return dst
}

// WhyNot implements rules.Explainer: it names the rule that forbids what was tried. path
// holds the sites clicked, the first one the piece chosen.
func (s *State) WhyNot(path []board.Site) string {
	v := s.v
	if s.Over || len(path) == 0 {
		return ""
	}
	for _, x := range path {
		if x < 0 || int(x) >= v.sites {
			return ""
		}
	}
	p := s.Turn
	from := int(path[0])
	if s.pieces[p]>>from&1 == 0 {
		return ""
	}
	var all [24]uint64
	capture := s.masks(&all)
	if !capture {
		for i := range 16 {
			all[i] = 0
		}
	} else {
		for i := 16; i < 24; i++ {
			all[i] = 0
		}
	}
	if s.at >= 0 && from != int(s.at) {
		return "chain-piece"
	}
	if len(path) < 2 {
		if capture && !s.hasMoveFrom(&all, from) {
			return "must-capture"
		}
		return ""
	}
	to := int(path[len(path)-1])
	occupied := s.pieces[0] | s.pieces[1]
	if v.near[from]>>to&1 == 0 || occupied>>to&1 != 0 {
		// Not a step along a line onto an empty point: the generic wording fits.
		return ""
	}
	if s.hasMoveTo(&all, from, to) {
		return ""
	}
	d := int(v.dirOf[to-from+v.width+1])
	switch {
	case s.at >= 0 && s.visited>>to&1 != 0:
		return "visited"
	case s.at >= 0 && d == int(s.last):
		return "same-direction"
	case s.at >= 0:
		return "chain-capture"
	case capture:
		return "must-capture"
	case v.forward:
		return "forward-only"
	}
	return ""
}

// hasMoveFrom reports whether any move of the masks starts on from.
func (s *State) hasMoveFrom(all *[24]uint64, from int) bool {
	for _, m := range all {
		if m>>from&1 != 0 {
			return true
		}
	}
	return false
}

// hasMoveTo reports whether a move of the masks steps from from to to.
func (s *State) hasMoveTo(all *[24]uint64, from, to int) bool {
	d := int(s.v.dirOf[to-from+s.v.width+1])
	return (all[2*d]|all[2*d+1]|all[16+d])>>from&1 != 0
}
