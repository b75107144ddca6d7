package orochi

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// Orochi has no evaluation: one that compared the largest groups of the two colours made
// Expert lose 6 – 14 to plain search (20 games), whose playouts run to the real count at
// the last empty cell, and 10 – 10 without it. It has a playout policy instead (below;
// measurements in rules/ai/STRENGTH.md), which only the weakened levels use. Expert,
// without it and building on its last search, beat plain search in 825 of 1,000 games
// (82.5%, seeds 441 to 450, 2026-11-27 late).
var (
	_ rules.RandomMover    = (*State)(nil)
	_ rules.PlayoutPolicy  = (*State)(nil)
	_ rules.UniformPlayout = (*State)(nil)
	_ rules.Memoryless     = (*State)(nil)
)

// PlayoutMove implements rules.PlayoutPolicy. The count at the last empty cell decides the
// game, and the player of the last turn picks that cell and the colour of the last piece.
// A uniformly random playout throws that choice away, so its result says little about the
// position it started from. Near the end the policy therefore plays a move that wins
// against any reply, if there is one; every other decision is random. Flips are resolved
// by the first piece owed, which keeps the look-ahead to a few dozen positions.
func (s *State) PlayoutMove(moves []rules.Move, rng *rand.Rand) int {
	if !s.UniformHere() {
		var next State
		for i, m := range moves {
			next = *s
			if next.playWins(m) {
				return i
			}
		}
	}
	return rng.IntN(len(moves))
}

// UniformHere implements rules.UniformPlayout: the policy draws at random until the end is
// near, and listing the moves for it there took most of a playout's time.
func (s *State) UniformHere() bool { return s.v.cells-int(s.placed) > lookAhead+1 }

// lookAhead is how many placements before the end the policy starts to look. One (the
// last turn) measured better than two, whose look-ahead cost more playouts than it
// gained: Expert against plain search won 27 – 13 with one and 20 – 20 with two (40 games,
// same seed; 24 – 16 without the policy).
const lookAhead = 1

// playWins plays m in s, followed by the flips it causes, and reports whether the mover
// then wins whatever the remaining placements do. There are no draws, so a player who
// cannot force a win loses.
func (s *State) playWins(m rules.Move) bool {
	mover := s.Turn
	s.Apply(m)
	for !s.Over && !s.hot.IsEmpty() {
		s.Apply(s.flip(s.hot.Select(0)))
	}
	if s.Over {
		return s.result.Winner == mover
	}
	return s.canWin() == (s.Turn == mover)
}

// canWin reports whether the player to move, between turns, has a placement that wins
// whatever the opponent does.
func (s *State) canWin() bool {
	var next State
	e := s.emptyCells()
	for w := range 2 {
		for m := e[w]; m != 0; m &= m - 1 {
			site := board.Site(64*w + bits.TrailingZeros64(m))
			for _, tag := range [2]uint8{tagWhite, tagBlack} {
				next = *s
				if next.playWins(place(site, tag)) {
					return true
				}
			}
		}
	}
	return false
}
