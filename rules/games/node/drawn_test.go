package node

import (
	"strconv"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// TestDrawnMove checks the note RandomMove leaves (rulestest.DrawnNote) on every size,
// and that with the note in place the hash still matches a recount and a move that is not
// legal (an occupied cell) leaves the state as it was.
func TestDrawnMove(t *testing.T) {
	for n := minSize; n <= maxSize; n++ {
		root := rulestest.Start[*State](t, Game, "size="+strconv.Itoa(n))
		rulestest.DrawnNote(t, root, 30, uint64(n),
			func(s *State, m rules.Move) bool { return s.drawn == uint32(m.Path[0])+1 },
			func(s *State) { s.drawn = 0 },
			func(s *State) {
				if s.Hash() != s.ComputeHash() {
					t.Fatalf("size %d: hash differs from a recount", n)
				}
				if occ := s.occupied(); !occ.Empty() {
					bad, want := *s, *s
					want.drawn = 0
					bad.Apply(place(occ.Select(0)))
					if bad != want {
						t.Fatalf("size %d: an occupied cell changed the state", n)
					}
				}
			})
	}
}
