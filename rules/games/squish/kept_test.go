package squish

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"testing"

	"koma/rules"
)

// TestKeptHistory plays random games of both games on every size and checks, after each
// move, the kept history and quiet count against a recount from the moves: the hashes of
// the positions since the last capture, and the turns since it.
func TestKeptHistory(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 20
	}
	for _, g := range []*rules.Game{Game, Flowish} {
		for n := minSize; n <= maxSize; n++ {
			s := start(t, g, "size="+strconv.Itoa(n))
			for seed := range uint64(games) {
				rng := rand.New(rand.NewPCG(seed, 11))
				st := s.Clone().(*State)
				want := []uint64{st.ComputeHash()}
				quiet := 0
				for turn := 0; !st.Over; turn++ {
					m, ok := st.RandomMove(rng)
					if !ok {
						t.Fatalf("%s size %d seed %d turn %d: no move drawn in a game not over", g.ID, n, seed, turn)
					}
					pieces := st.occ[0].Count() + st.occ[1].Count()
					st.Apply(m)
					if st.occ[0].Count()+st.occ[1].Count() < pieces {
						want, quiet = want[:0], 0
					} else {
						quiet++
					}
					if st.Over {
						break
					}
					want = append(want, st.ComputeHash())
					var h rules.History[[128]uint64]
					for _, x := range want {
						h.Push(x)
					}
					if !bytes.Equal(st.hist.AppendKey(nil), h.AppendKey(nil)) || int(st.quiet) != quiet {
						t.Fatalf("%s size %d seed %d turn %d: history of %d, quiet %d; want %x, %d", g.ID, n, seed, turn, st.hist.Len(), st.quiet, want, quiet)
					}
				}
			}
		}
	}
}

// TestDrawnMove plays random games of both games on every size and checks that the move
// RandomMove describes in drawn is the one it returns, and that playing it through drawn
// leaves the same state as playing it, in a copy, by the sites of the move alone.
func TestDrawnMove(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 20
	}
	for _, g := range []*rules.Game{Game, Flowish} {
		for n := minSize; n <= maxSize; n++ {
			s := start(t, g, "size="+strconv.Itoa(n))
			x := s.v.tor
			for seed := range uint64(games) {
				rng := rand.New(rand.NewPCG(seed, 13))
				st := s.Clone().(*State)
				for turn := 0; ; turn++ {
					m, ok := st.RandomMove(rng)
					if !ok {
						break
					}
					where := g.ID + " size " + strconv.Itoa(n) + " seed " + strconv.FormatUint(seed, 10) + " turn " + strconv.Itoa(turn)
					if x == nil {
						if st.drawn != 0 {
							t.Fatalf("%s: drawn %x on a board without a torus layout", where, st.drawn)
						}
					} else {
						h := st.drawn
						c, to := int(m.Path[0]), int(m.Path[1])
						if h>>63 == 0 || h>>48&0x7fff != 0 || int(h>>16&0xffff) != c || int(h>>32&0xffff) != to ||
							uint(h&0xff) != x.Bit[c] || uint(h>>8&0xff) != x.Bit[to] {
							t.Fatalf("%s: drawn %x for the move %d-%d", where, h, c, to)
						}
					}
					plain := *st
					plain.drawn = 0
					st.Apply(m)
					plain.Apply(m)
					if st.drawn != 0 {
						t.Fatalf("%s: Apply left drawn set", where)
					}
					if !bytes.Equal(st.AppendKey(nil), plain.AppendKey(nil)) || st.Zobrist != plain.Zobrist ||
						st.tocc != plain.tocc || st.tmoves != plain.tmoves || st.moves != plain.moves ||
						st.grp != plain.grp || st.fallback != plain.fallback {
						t.Fatalf("%s: playing the drawn move differs from playing it by its sites", where)
					}
				}
			}
		}
	}
}
