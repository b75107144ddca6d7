package node

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"koma/rules"
	"koma/rules/games/skirt"
	"koma/rules/rulestest"
)

// TestDrawnMove plays random games on every size and checks, at every decision, that the
// drawn move and another legal move leave the same state (hash and every kept field) when
// Apply takes the cell from RandomMove's note as when it reads the move alone.
func TestDrawnMove(t *testing.T) {
	for n := skirt.MinSize; n <= skirt.MaxSize; n++ {
		opts := "size=" + strconv.Itoa(n)
		root := rulestest.Start[*State](t, Game, opts)
		rng := rand.New(rand.NewPCG(17, uint64(n)))
		var moves []rules.Move
		for game := range 30 {
			s := *root
			for turn := 0; !s.over; turn++ {
				where := fmt.Sprintf("%s game %d decision %d", opts, game, turn)
				m, ok := s.RandomMove(rng)
				if !ok {
					t.Fatalf("%s: no move drawn in a game not over", where)
				}
				if s.drawn != uint32(m.Path[0])+1 {
					t.Fatalf("%s: note %d for the move %v", where, s.drawn, m.Path[0])
				}
				moves = s.LegalMoves(moves[:0])
				other := moves[rng.IntN(len(moves))]
				for _, played := range []rules.Move{m, other} {
					noted, plain := s, s
					plain.drawn = 0
					noted.Apply(played)
					plain.Apply(played)
					if noted != plain {
						t.Fatalf("%s: playing %v with the note differs from playing it without", where, played.Path[0])
					}
					if noted.drawn != 0 {
						t.Fatalf("%s: Apply left the note %d", where, noted.drawn)
					}
					if noted.Hash() != noted.ComputeHash() {
						t.Fatalf("%s: hash differs from a recount after %v", where, played.Path[0])
					}
				}
				// A move that is not legal here leaves the state as it was, note or not.
				if occ := s.occupied(); !occ.Empty() {
					bad, want := s, s
					want.drawn = 0
					bad.Apply(place(occ.Select(0)))
					if bad != want {
						t.Fatalf("%s: an occupied cell changed the state", where)
					}
				}
				s.Apply(m)
			}
		}
	}
}
