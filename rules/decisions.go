package rules

import "koma/rules/board"

// The interfaces below are optional capabilities through which a game explains its
// decisions to a person. The app discovers them by type assertion; a game without them
// still plays correctly, with generic wording. None of them may change what is legal.

// Labeller names decisions that cannot be told apart by their sites: moves that differ
// only by Tag (Fanorona's approach and withdrawal), a Choose among options (a colour), or a
// button the game wants worded its own way.
type Labeller interface {
	// MoveLabel returns the key of m's label, which the app looks up as "choice.<key>" in
	// the game's rules text, or "" for the generic wording.
	MoveLabel(m Move) string
}

// CapturePreviewer tells which enemy pieces a move takes, so that the board can show them
// before the player commits, for example while choosing between approach and withdrawal.
type CapturePreviewer interface {
	// Captures appends the sites whose pieces m removes to dst. m is a legal move of the
	// position.
	Captures(m Move, dst []board.Site) []board.Site
}

// Prompter tells the player what the current decision is about when the shape of the legal
// moves does not say it: "place your second piece", "your opponent passed; you move
// again", "choose your colour".
type Prompter interface {
	// Prompt returns the key of the prompt, which the app looks up as "prompt.<key>" in the
	// game's rules text and then among the app's own strings, or "" for the generic hint.
	Prompt() string
}

// Explainer tells a person why what they tried is not a legal move, in the rules' own
// terms: "a capture is available, so you must capture", "only the king may stop on the
// throne", "that piece is paralysed".
type Explainer interface {
	// WhyNot returns the key of the reason why no legal move starts with path (the sites
	// clicked, the last one the click that went nowhere), looked up as "why.<key>" in the
	// game's rules text, or "" to let the app say it in general terms.
	WhyNot(path []board.Site) string
}

// JumpedSites appends the sites halfway between consecutive sites of a Jump's path: what a
// short jump over one neighbour at a time takes, on any board whose jumps land two steps
// away in a straight line. Other moves jump nothing.
func JumpedSites(b *board.Topology, m Move, dst []board.Site) []board.Site {
	if m.Kind != Jump {
		return dst
	}
	for i := 1; i < int(m.Len); i++ {
		from, to := b.Info(m.Path[i-1]), b.Info(m.Path[i])
		dst = append(dst, b.At((from.Col+to.Col)/2, (from.Row+to.Row)/2))
	}
	return dst
}
