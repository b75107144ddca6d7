package collapse

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the AI and the app may ask of a position beyond the rules: an
// evaluation, a fast uniform random move, the engine that plays the game best, and the
// reasons a slide is refused. None of it changes what is legal.

var (
	_ rules.Evaluator        = (*State)(nil)
	_ rules.RandomMover      = (*State)(nil)
	_ rules.Memoryless       = (*State)(nil)
	_ rules.CapturePreviewer = (*State)(nil)
	_ rules.Explainer        = (*State)(nil)
)

// countMoves counts p's legal slides.
func (s *State) countMoves(p rules.Player) int {
	c := s.caps
	if p != s.Turn {
		c = s.capturers(p)
	}
	n := 0
	for _, m := range c {
		n += bits.OnesCount64(m)
	}
	return n
}

// evalScale is the lead, in captures available, that the evaluation maps to 0.5.
const evalScale = 3.0

// Evaluate scores the position for p by the captures each side has available: a side
// that runs out of them loses, and each capture both removes a target and moves a piece,
// so the side with more choices is the one likely to keep one. The side to move is about
// to spend one of its captures; the other side's count is what it will face next.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	x := float64(s.countMoves(p) - s.countMoves(p.Other()))
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}

// Memoryless reports true: the pieces and the side to move decide everything.
func (s *State) Memoryless() bool { return true }

// RandomMove implements rules.RandomMover: it counts the slides from the capturer masks,
// draws one index as LegalMoves(nil)[rng.IntN(n)] would, and walks only that slide's line.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	c := &s.caps
	n := 0
	for _, m := range c {
		n += bits.OnesCount64(m)
	}
	k := rng.IntN(n)
	all := c[0] | c[1] | c[2] | c[3] | c[4] | c[5] | c[6] | c[7]
	for m := all; m != 0; m &= m - 1 {
		from := bits.TrailingZeros64(m)
		for d := range 8 {
			if c[d]&(1<<from) == 0 {
				continue
			}
			if k > 0 {
				k--
				continue
			}
			return rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(from), board.Site(s.landing(from, d))}}, true
		}
	}
	// Unreachable: k was drawn below the number of slides counted.
	return rules.Move{}, false
}

// WhyNot implements rules.Explainer: why a piece, or a piece and a point, give no slide.
func (s *State) WhyNot(path []board.Site) string {
	if s.Over || len(path) == 0 {
		return ""
	}
	from := path[0]
	if from < 0 || from >= numSites || s.pieces[s.Turn]&(1<<from) == 0 {
		return ""
	}
	own, enemy := s.pieces[s.Turn], s.pieces[s.Turn.Other()]
	occupied := own | enemy
	if len(path) == 1 || path[len(path)-1] == from {
		for _, m := range s.caps {
			if m&(1<<from) != 0 {
				return ""
			}
		}
		return "stuck"
	}
	to := path[len(path)-1]
	if to < 0 || to >= numSites {
		return ""
	}
	for d := range 8 {
		r := ray[from][d][:rayLen[from][d]]
		for i, site := range r {
			if board.Site(site) != to {
				continue
			}
			// to lies on this line: say what a slide along it would do.
			for _, before := range r[:i] {
				if occupied&(1<<before) != 0 {
					return "blocked"
				}
			}
			switch {
			case enemy&(1<<to) != 0 && i == 0:
				return "adjacent"
			case enemy&(1<<to) != 0:
				return "land-before"
			case occupied&(1<<to) != 0:
				return ""
			case i+1 == len(r):
				return "no-target"
			case enemy&(1<<r[i+1]) != 0:
				return "" // a legal slide
			case own&(1<<r[i+1]) != 0:
				return "own-piece"
			}
			return "must-stop"
		}
	}
	return "not-a-line"
}
