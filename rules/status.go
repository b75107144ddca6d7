package rules

// Status is the part of a position that every game keeps alike: whose decision it is,
// whether and how the game has ended, and the position's incremental hash. A game's State
// embeds it, so that ToMove and Hash are written once and Outcome is one call to Ended;
// the game keeps fields of its own only for what its rules add (a chain in progress, a
// phase, a count). The fields are exported for the embedding game to set; other packages
// see positions only through State.
type Status struct {
	// Zobrist is the incremental hash that Hash returns. The game keeps it up to date as
	// it applies moves, and checks it against a recomputation in its tests.
	Zobrist uint64
	// Turn is the player who makes the next decision while the game goes on.
	Turn Player
	// Over is set once the game has ended; Winner and Reason then say how.
	Over bool
	// Winner is the winner of a finished game, or NoPlayer for a draw.
	Winner Player
	// Reason indexes the game's table of outcome keys, the one it passes to Ended. A
	// small index rather than the key itself keeps positions free of pointers, so that
	// copying one during search costs no write barrier.
	Reason uint8
}

// ToMove returns the player to decide, or NoPlayer once the game is over.
func (s *Status) ToMove() Player {
	if s.Over {
		return NoPlayer
	}
	return s.Turn
}

// Hash returns the position's incremental hash.
func (s *Status) Hash() uint64 { return s.Zobrist }

// Finish ends the game: winner wins (NoPlayer draws) for the reason keys[reason] of the
// table the game passes to Ended.
func (s *Status) Finish(winner Player, reason uint8) {
	s.Over, s.Winner, s.Reason = true, winner, reason
}

// Ended returns the outcome of a finished game, with its reason looked up in keys, and
// whether the game is over at all. Games decided by a count add the score to it.
func (s *Status) Ended(keys []string) (Outcome, bool) {
	if !s.Over {
		return Outcome{Winner: NoPlayer}, false
	}
	return Outcome{Winner: s.Winner, Reason: keys[s.Reason]}, true
}
