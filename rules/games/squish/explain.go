package squish

import (
	"koma/rules"
	"koma/rules/board"
)

var (
	_ rules.Explainer = (*State)(nil)
	_ rules.Prompter  = (*State)(nil)
)

// Prompt implements rules.Prompter: in Flowish it says when the fallback rule is in force,
// since the arrows then point away from every largest group's lines of sight.
func (s *State) Prompt() string {
	if !s.Over && s.fallback {
		return "fallback"
	}
	return ""
}

// WhyNot implements rules.Explainer for the two questions players ask: why this piece
// cannot move at all, and why it cannot step there.
func (s *State) WhyNot(path []board.Site) string {
	if s.Over || len(path) == 0 || len(path) > 2 {
		return ""
	}
	c := int(path[0])
	own := s.occ[s.Turn]
	if c < 0 || c >= s.v.Cells || !own.Has(c) {
		return ""
	}
	d := -1
	if len(path) == 2 {
		for i := 0; i < 6; i++ {
			if s.v.Nbr[c][i] >= 0 && board.Site(s.v.Nbr[c][i]) == path[1] {
				d = i
			}
		}
		if d < 0 {
			return "one-step"
		}
		if own.Has(int(path[1])) {
			return "friendly"
		}
	}
	if !s.v.flow {
		if d >= 0 {
			return "no-friend-beyond"
		}
		return "no-friend-on-line"
	}
	g, _ := s.v.Largest(own)
	dirs, ok := flowDirs(s.v.Hex128, g, c)
	switch {
	case s.fallback && !g.Has(c):
		return "fallback-closer"
	case !ok && !g.Has(c):
		return "off-flowline"
	case !ok:
		return "no-flowline"
	case d < 0:
		return "frozen"
	case dirs>>d&1 == 0 && !g.And(s.v.Ray[c][d]).Empty():
		return "not-nearest"
	}
	return "not-toward-largest"
}
