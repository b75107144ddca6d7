package tiptoe

import (
	"koma/rules"
	"koma/rules/board"
	"koma/rules/kit"
)

// This file holds what the app asks of a position to explain it to a person: which pieces
// reach a point, why a point is closed, and what the setup placements are. None of it
// changes what is legal.

var (
	_ rules.Reacher   = (*State)(nil)
	_ rules.Explainer = (*State)(nil)
	_ rules.Prompter  = (*State)(nil)
)

// ReachedFrom implements rules.Reacher: the pieces of the player to move from which site is
// exactly as many clear straight steps away as their group has pieces. It walks back from
// the site in every direction over empty cells and keeps each piece of the mover met at the
// distance of its own group size. Setup placements need no piece, so it returns nothing
// then, as it does for a site that is not a legal placement.
func (s *State) ReachedFrom(site board.Site, dst []board.Site) []board.Site {
	if s.Over || s.setup < normal || site < 0 || int(site) >= len(s.v.cellOf) {
		return dst
	}
	v := s.v
	t := int(s.v.cellOf[site])
	if !s.open.Has(t) {
		return dst
	}
	p := s.Turn
	occ := s.occ[0].Or(s.occ[1])
	n := len(dst)
	for _, d := range v.dirs {
		// Walking backwards along d: the opposite step, checked against the opposite edge.
		at := kit.PairBit(t)
		for k := 1; k <= v.reach; k++ {
			at = at.And(v.back(d)).Shift(-d.k).And(v.valid)
			if at.Empty() {
				break
			}
			if at.And(occ).Empty() {
				continue
			}
			if !at.And(s.class[p][k]).Empty() {
				dst = append(dst, v.siteOf[at.Lowest()])
			}
			break
		}
	}
	sortSites(dst[n:])
	return dst
}

// back returns the cells that may take the step opposite to d without wrapping round.
func (v *variant) back(d dirStep) cells {
	for _, e := range v.dirs {
		if e.k == -d.k {
			return e.pre
		}
	}
	return cells{}
}

func sortSites(s []board.Site) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// WhyNot implements rules.Explainer for a click on a point that is not a legal placement:
// a point already taken, or, after the setup, a point none of the mover's groups reaches.
func (s *State) WhyNot(path []board.Site) string {
	if s.Over || len(path) == 0 {
		return ""
	}
	site := path[len(path)-1]
	if site < 0 || int(site) >= len(s.v.cellOf) {
		return ""
	}
	c := int(s.v.cellOf[site])
	switch {
	case s.occ[0].Or(s.occ[1]).Has(c):
		return "occupied"
	case s.setup >= normal && !s.open.Has(c):
		return "unreached"
	}
	return ""
}

// Prompt implements rules.Prompter: the setup placements go anywhere, and say so.
func (s *State) Prompt() string {
	if s.Over {
		return ""
	}
	switch s.setup {
	case 0:
		return "setup-white"
	case 1:
		return "setup-black"
	case 2:
		return "setup-black-second"
	case 3:
		return "setup-white-second"
	}
	return ""
}
