package collapse

import (
	"os"
	"testing"

	"koma/rules"
)

// TestFirstPlayerWins solves the game from the start by exhaustive search: White wins
// with every one of its 15 opening moves. It takes about a minute and a half and a few
// gigabytes, so it runs only when KOMA_SOLVE=1 is set.
func TestFirstPlayerWins(t *testing.T) {
	if os.Getenv("KOMA_SOLVE") != "1" {
		t.Skip("set KOMA_SOLVE=1 to solve Collapse (about 90 s)")
	}
	known := map[string]bool{}
	// wins reports whether the player to move in s wins with best play. Collapse has no
	// draws, and every position is decided within 21 turns.
	var wins func(s *State) bool
	wins = func(s *State) bool {
		moves := s.LegalMoves(nil)
		if len(moves) == 0 {
			return false
		}
		key := string(s.AppendKey(nil))
		if v, ok := known[key]; ok {
			return v
		}
		won := false
		for _, m := range moves {
			next := *s
			next.Apply(m)
			if !wins(&next) {
				won = true
				break
			}
		}
		known[key] = won
		return won
	}
	s := start(t)
	for _, m := range s.LegalMoves(nil) {
		next := *s
		next.Apply(m)
		if wins(&next) {
			t.Errorf("after %s Black wins", rules.FormatMove(s, m))
		}
	}
	t.Logf("%d positions solved", len(known))
}
