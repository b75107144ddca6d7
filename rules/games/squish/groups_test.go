package squish

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestGroupsAgreeWithRecount plays random Flowish games on every board with a torus layout
// and checks, position by position, each player's kept groups against a labelling from
// scratch: the same groups with every piece labelled by its group's slot, the same unions
// by size, the largest groups that the torus recount finds, the lines of sight, and a
// group count of one exactly when the pieces are unified.
func TestGroupsAgreeWithRecount(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	for n := minSize; n <= maxSize; n++ {
		s := start(t, Flowish, "size="+strconv.Itoa(n))
		x := s.v.tor
		if x == nil {
			continue
		}
		for seed := range uint64(games) {
			rng := rand.New(rand.NewPCG(seed, 9))
			st := s.Clone().(*State)
			for turn := 0; ; turn++ {
				for p := range st.grp {
					checkGroups(t, x, &st.grp[p], st.tocc[p], "size "+strconv.Itoa(n)+" seed "+strconv.FormatUint(seed, 10)+" turn "+strconv.Itoa(turn)+" player "+strconv.Itoa(p))
				}
				m, ok := st.RandomMove(rng)
				if !ok {
					break
				}
				st.Apply(m)
			}
		}
	}
}

func checkGroups(t *testing.T, x *torus, k *groups, own uint64, where string) {
	t.Helper()
	var want groups
	want.reset(x, own)
	var got, exp []uint64
	for i := range torusPieces {
		if k.used>>i&1 != 0 {
			got = append(got, k.slot[i])
			for m := k.slot[i]; m != 0; m &= m - 1 {
				if b := bits.TrailingZeros64(m); k.lab[b] != uint8(i) {
					t.Fatalf("%s: bit %d labelled %d, in slot %d", where, b, k.lab[b], i)
				}
			}
		}
		if want.used>>i&1 != 0 {
			exp = append(exp, want.slot[i])
		}
	}
	slices.Sort(got)
	slices.Sort(exp)
	if !slices.Equal(got, exp) {
		t.Fatalf("%s: groups %x, want %x", where, got, exp)
	}
	if k.bySize != want.bySize || k.sizes != want.sizes {
		t.Fatalf("%s: groups by size %x (%b), want %x (%b)", where, k.bySize, k.sizes, want.bySize, want.sizes)
	}
	if g := k.largest(); g != x.Largest(own) {
		t.Fatalf("%s: largest %x, want %x", where, g, x.Largest(own))
	}
	if g := k.largest(); x.starOf(g) != x.onLines(^uint64(0), g) {
		t.Fatalf("%s: lines of sight %x of %x, want %x", where, x.starOf(g), g, x.onLines(^uint64(0), g))
	}
	if u := k.count() == 1; u != x.Unified(own) {
		t.Fatalf("%s: %d groups, unified %v", where, k.count(), x.Unified(own))
	}
}
