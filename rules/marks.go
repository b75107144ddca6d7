package rules

import "koma/rules/board"

// MarkKind says what a marked site means; the renderer draws each kind in its own way on
// every board style.
type MarkKind uint8

// The mark kinds.
const (
	// Throne is a site only some pieces may stop on (the tafl king's throne).
	Throne MarkKind = iota + 1
	// Escape is a site whose reaching wins (the tafl corners).
	Escape
	// Goal is a player's target region (Halma's camps, Stride's goal cells); Mark.Owner
	// says whose goal it is.
	Goal
	// Ring is a site of a region the rules single out, such as the outer ring of Skirt and
	// Node.
	Ring
	// Paralysed marks a piece that may not move in this position (Mabi).
	Paralysed
	// Visited marks a point the chain in progress has passed through (Fanorona).
	Visited
	// Forbidden marks an empty site the rules forbid to the player to move.
	Forbidden
	// Outline marks a corner of a figure the rules point out, such as the square that
	// gives check in Alquad. Consecutive Outline marks of the same owner are the corners of
	// one closed figure, in order round it, and the board draws its sides.
	Outline
)

// Mark is one marked site.
type Mark struct {
	Site board.Site
	Kind MarkKind
	// Owner is the player the mark belongs to (a goal), or NoPlayer.
	Owner Player
}

// Marker is implemented by games with special sites, fixed by the variant (a throne,
// escapes, goals, a ring) or by the position (paralysed pieces, the points a chain
// visited). The board draws them in play and in the rules' diagrams alike.
type Marker interface {
	// Marks appends the marks of the position to dst, in a deterministic order.
	Marks(dst []Mark) []Mark
}
