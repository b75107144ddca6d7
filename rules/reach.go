package rules

import "koma/rules/board"

// Reacher is implemented by placement games in which where a new piece may go depends on
// which of the mover's pieces reaches that point (Tiptoe: a piece reaches the point as many
// straight steps away as its group has pieces). The rulebook's figures show it both ways,
// the points a piece reaches and the pieces that reach a point, and so does the app while
// the player chooses: hovering a legal placement marks the pieces that reach it, and
// selecting one of the mover's pieces shows the placements it reaches (scenes/game_reach.go).
//
// Like the other capabilities that explain decisions, it never changes what is legal: the
// placements stay the Place moves of LegalMoves, which name only the point, since which
// piece reaches it makes no difference to the position that follows.
type Reacher interface {
	// ReachedFrom appends to dst the sites of the pieces of the player to move that reach
	// site, in site order: nothing when placing there is illegal, and nothing when it is
	// legal without any piece reaching it (Tiptoe's setup placements go anywhere).
	ReachedFrom(site board.Site, dst []board.Site) []board.Site
}

// Reaches appends to dst the sites of the legal placements that the piece on from reaches in
// s, in the order of s's legal moves; nothing when s has no Reacher.
func Reaches(s State, from board.Site, dst []board.Site) []board.Site {
	r, ok := s.(Reacher)
	if !ok {
		return dst
	}
	var src []board.Site
	for _, m := range s.LegalMoves(nil) {
		if m.Kind != Place || m.Len != 1 {
			continue
		}
		src = r.ReachedFrom(m.Path[0], src[:0])
		for _, x := range src {
			if x == from {
				dst = append(dst, m.Path[0])
				break
			}
		}
	}
	return dst
}
