package kit

import (
	"math/rand/v2"
	"testing"
)

func TestConnects(t *testing.T) {
	tests := []struct {
		mask uint8
		want bool
	}{
		{0, false}, {1<<0 | 1<<3, true}, {1<<1 | 1<<4, true}, {1<<2 | 1<<5, true},
		{1<<0 | 1<<1 | 1<<2, false}, {1<<0 | 1<<2 | 1<<4, true}, {1<<1 | 1<<3 | 1<<5, true},
		{1<<0 | 1<<1 | 1<<5, false}, {1<<0 | 1<<2, false}, {1<<0 | 1<<1 | 1<<2 | 1<<5 | 1<<4, true},
	}
	for _, tc := range tests {
		if got := Connects(tc.mask); got != tc.want {
			t.Errorf("Connects(%06b) = %v", tc.mask, got)
		}
	}
}

// TestGroupLabels places the cells of every size in random orders, each for a random
// player, and checks after every placement that the kept labels match the groups flooded
// from scratch: two pieces share a label exactly when they are in one group, each group's
// ring and size hold its pieces, and Add returns the sides of the group (GroupSides).
func TestGroupLabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for n := MinHexSize; n <= MaxHex192Size; n++ {
		tp := Hex192Of(n)
		for range 20 {
			var g Groups
			var occ [2]Set192
			for _, c := range rng.Perm(tp.Cells) {
				p := rng.IntN(2)
				occ[p].Add(c)
				if got, want := g.Add(tp, &occ[p], c), tp.GroupSides(occ[p], c); got != want || g.Sides(c) != want {
					t.Fatalf("size %d: placing %d gives sides %06b, then %06b; want %06b", n, c, got, g.Sides(c), want)
				}
				for q := range occ {
					for c := 0; c < tp.Cells; c++ {
						if !occ[q].Has(c) {
							continue
						}
						var ring Set192
						for x := c; !ring.Has(x); x = int(g.next[x]) {
							ring.Add(x)
						}
						want := tp.Group(occ[q], c)
						if ring != want || int(g.size[g.id[c]]) != want.Count() {
							t.Fatalf("size %d: the ring of %d is %v, its group %v", n, c, ring, want)
						}
						for d := 0; d < tp.Cells; d++ {
							if occ[q].Has(d) && (g.id[d] == g.id[c]) != want.Has(d) {
								t.Fatalf("size %d: labels of %d and %d disagree with the groups", n, c, d)
							}
						}
					}
				}
			}
		}
	}
}

// TestNeighbourRuns checks the tables behind Groups.Add on every size: NbrRot turns a
// cell's window of a random set into a key whose keyRuns are the runs of the directions
// of its neighbours in the set, NbrOr names the neighbours, and runs lists the first
// direction of each run of neighbours round the cell, as a walk round the six directions
// finds them.
func TestNeighbourRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for n := MinHexSize; n <= MaxHex192Size; n++ {
		tp := Hex192Of(n)
		for c := 0; c < tp.Cells; c++ {
			for range 50 {
				var own Set192
				for d := 0; d < tp.Cells; d++ {
					if rng.IntN(2) == 0 {
						own.Add(d)
					}
				}
				base := int(tp.NbrBase[c])
				w, b := base>>6, uint(base&63)
				x := (own[w]>>b | own[min(w+1, len(own)-1)]<<1<<(63-b)) & tp.NbrWin[c]
				key := nbrKey(x, tp.NbrRot[c])
				var want int
				for d := 0; d < 6; d++ {
					if nb := int(tp.Nbr[c][d]); nb >= 0 && own.Has(nb) {
						want |= 1 << d
						if int(tp.NbrOr[c][d]) != nb {
							t.Fatalf("size %d cell %d direction %d: NbrOr %d, want %d", n, c, d, tp.NbrOr[c][d], nb)
						}
					}
				}
				if key >= 128 || keyDirs(int(key)) != want || keyRuns[key] != runs[want] {
					t.Fatalf("size %d cell %d: key %07b for directions %06b", n, c, key, want)
				}
			}
		}
	}
	for m := range 64 {
		var firsts []int
		for d := 0; d < 6; d++ {
			if m>>d&1 != 0 && m>>((d+5)%6)&1 == 0 {
				firsts = append(firsts, d)
			}
		}
		if m == 63 {
			firsts = []int{0}
		}
		rn := runs[m]
		if int(rn>>9) != len(firsts) {
			t.Fatalf("runs of %06b: %d, want %d", m, rn>>9, len(firsts))
		}
		for k, d := range firsts {
			if int(rn>>(3*k)&7) != d {
				t.Fatalf("runs of %06b: run %d starts at %d, want %d", m, k, rn>>(3*k)&7, d)
			}
		}
	}
}
