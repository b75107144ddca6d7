package squish

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"koma/rules"
	"koma/rules/kit"
	"koma/rules/rulestest"
)

// TestTorusAgreesWithSets plays random games on every board with a torus layout and checks,
// position by position, that the kept torus copy of the pieces matches the cell sets and
// that the torus move generation matches the general one of the cell sets, and that
// RandomMove draws as LegalMoves lists (size 3 has no preset that would check it).
func TestTorusAgreesWithSets(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 40
	}
	fallbacks := 0
	for _, g := range []*rules.Game{Game, Flowish} {
		for n := minSize; n <= maxSize; n++ {
			s := start(t, g, "size="+strconv.Itoa(n))
			x := s.v.tor
			if x == nil {
				if kit.Hex128Of(n).Cells <= 64 {
					t.Fatalf("size %d: no torus layout", n)
				}
				continue
			}
			for seed := range uint64(games) {
				rng := rand.New(rand.NewPCG(seed, 5))
				st := s.Clone().(*State)
				for turn := 0; ; turn++ {
					for p := range st.occ {
						if st.tocc[p] != x.Of(st.occ[p]) || x.Set(st.tocc[p]) != st.occ[p] {
							t.Fatalf("%s size %d seed %d turn %d: torus pieces of %d differ", g.ID, n, seed, turn, p)
						}
					}
					if st.Over {
						break
					}
					var want [6]set
					fallback := false
					if g == Flowish {
						want, fallback = flowMoves(st.v.Hex128, st.occ[st.Turn])
					} else {
						want = squishMoves(st.v.Hex128, st.occ[st.Turn])
					}
					for d := range want {
						if got := st.movesIn(d); got != want[d] {
							t.Fatalf("%s size %d seed %d turn %d dir %d: moves %v, want %v\n%s", g.ID, n, seed, turn, d, got, want[d], rules.Text(st))
						}
					}
					if fallback {
						fallbacks++
					}
					if st.fallback != fallback {
						t.Fatalf("%s size %d seed %d turn %d: fallback %v, want %v", g.ID, n, seed, turn, st.fallback, fallback)
					}
					rulestest.RandomMoveAgrees(t, st, seed+uint64(turn))
					m, _ := st.RandomMove(rng)
					st.Apply(m)
				}
			}
		}
	}
	// The fallback rule has its own torus code; make sure the games reached it.
	if fallbacks < 10 {
		t.Errorf("only %d positions under the fallback rule", fallbacks)
	}
}
