package orochi

import (
	"koma/rules"
	"koma/rules/board"
)

var (
	_ rules.Prompter  = (*State)(nil)
	_ rules.Explainer = (*State)(nil)
	_ rules.Labeller  = (*State)(nil)
	_ rules.Notation  = (*State)(nil)
	_ rules.Marker    = (*State)(nil)
)

// colourLetter writes a Tag as the colour it names.
func colourLetter(tag uint8) string {
	if tag == tagBlack {
		return "B"
	}
	return "W"
}

// FormatMove implements rules.Notation: a placement names the colour placed, "W@d4" or
// "B@d4"; a flip names the colour the piece becomes, "d4=B". Placements and flips are never
// legal in the same position, and the colour tells the two placements of a cell apart.
func (s *State) FormatMove(m rules.Move) string {
	if m.Kind != rules.Place || m.Len != 1 || int(m.Path[0]) < 0 || int(m.Path[0]) >= s.v.cells {
		return rules.GenericNotation(s, m)
	}
	site := int(m.Path[0])
	if s.colourAt(site) != 255 {
		return s.v.board.Label(m.Path[0]) + "=" + colourLetter(m.Tag)
	}
	return colourLetter(m.Tag) + "@" + s.v.board.Label(m.Path[0])
}

// MoveLabel implements rules.Labeller: a click on an empty cell offers both colours, and
// the buttons name them. A flip has one colour only and needs no button.
func (s *State) MoveLabel(m rules.Move) string {
	if m.Kind != rules.Place || m.Len != 1 || int(m.Path[0]) < 0 || int(m.Path[0]) >= s.v.cells ||
		s.colourAt(int(m.Path[0])) != 255 {
		return ""
	}
	if m.Tag == tagBlack {
		return "black"
	}
	return "white"
}

// Prompt implements rules.Prompter: the opening placements, a flip owed, an extra turn, or
// an ordinary placement.
func (s *State) Prompt() string {
	switch {
	case s.Over:
		return ""
	case !s.hot.IsEmpty():
		return "flip"
	case s.placed == 0:
		return "first-piece"
	case s.placed == 1:
		return "opening-first"
	case s.placed == 2:
		return "opening-second"
	case s.extra:
		return "extra-turn"
	}
	return "place"
}

// WhyNot implements rules.Explainer. Every decision is one click on a cell: an empty cell
// while placing, an over-connected piece while flipping.
func (s *State) WhyNot(path []board.Site) string {
	if s.Over || len(path) != 1 || path[0] < 0 || int(path[0]) >= s.v.cells {
		return ""
	}
	site := int(path[0])
	occupied := s.colourAt(site) != 255
	switch {
	case s.hot.IsEmpty() && occupied:
		return "occupied"
	case s.hot.IsEmpty():
		return ""
	case !occupied:
		return "must-flip"
	case !s.hot.Holds(site):
		return "not-over-connected"
	}
	return ""
}

// Marks implements rules.Marker: once the game is over, the last empty cell, whose
// neighbouring groups were scored, is ringed.
func (s *State) Marks(dst []rules.Mark) []rules.Mark {
	if last := s.LastCell(); last != board.NoSite {
		dst = append(dst, rules.Mark{Site: last, Kind: rules.Ring, Owner: rules.NoPlayer})
	}
	return dst
}
