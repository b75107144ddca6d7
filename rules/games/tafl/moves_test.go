package tafl

import "testing"

// TestKeptDataMatchesRecomputation plays many random games and checks, in every position,
// that the moves Apply kept are those of the position, found again from scratch, and that
// the history filter is the one built from the positions since the last capture and
// counts the current position as the plain history does.
func TestKeptDataMatchesRecomputation(t *testing.T) {
	for _, sp := range allSpecs(t) {
		for seed := uint64(1); seed <= 100; seed++ {
			var since []uint64 // the positions since the last capture
			pieces := -1
			walkRandomGame(t, startSpec(t, sp), seed, func(s *State) {
				if n := s.pieces[0].count() + s.pieces[1].count(); n != pieces {
					since, pieces = since[:0], n
				}
				if s.status == kingEscaped || s.status == kingCaptured {
					return // these end the game before the history is updated
				}
				since = append(since, s.hash)
				var seen [16]uint64
				for _, x := range since {
					seen[x>>60] |= 1 << (x >> 54 & 63)
				}
				if seen != s.hist.seen || len(since) != s.hist.Len() {
					t.Fatalf("%s seed %d turn %d: history filter differs from its positions", sp, seed, s.turns)
				}
				if got, want := s.hist.Count(s.hash), s.hist.History.Count(s.hash); got != want {
					t.Fatalf("%s seed %d turn %d: filtered count %d, plain %d", sp, seed, s.turns, got, want)
				}
				if s.status != inProgress {
					return
				}
				fresh := *s
				fresh.kept = moveSet{}
				fresh.countMoves()
				// Entries beyond np are left over from earlier positions and never read.
				kept := s.kept
				clear(kept.sites[kept.np:])
				clear(kept.masks[kept.np:])
				clear(kept.before[kept.np:])
				if fresh.kept != kept {
					t.Fatalf("%s seed %d turn %d: kept moves %+v, recomputed %+v", sp, seed, s.turns, s.kept, fresh.kept)
				}
				if n := len(s.LegalMoves(nil)); int(s.kept.total) != n {
					t.Fatalf("%s seed %d turn %d: %d kept moves, %d legal", sp, seed, s.turns, s.kept.total, n)
				}
			})
		}
	}
}
