package kit

import (
	"math/rand/v2"
	"testing"

	"koma/rules/board"
)

// flood is the reference group: a walk over board.Topology's steps from c through own.
func flood(b *board.Topology, own func(int) bool, c int) map[int]bool {
	g := map[int]bool{c: true}
	for todo := []int{c}; len(todo) > 0; {
		x := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for d := range 6 {
			if a := int(b.Step(board.Site(x), board.Dir(d))); a >= 0 && own(a) && !g[a] {
				g[a] = true
				todo = append(todo, a)
			}
		}
	}
	return g
}

// randomSet128 returns a random set of the cells of t of a random density.
func randomSet128(rng *rand.Rand, cells int) Set128 {
	var s Set128
	p := 1 + rng.IntN(6)
	for c := 0; c < cells; c++ {
		if rng.IntN(p) == 0 {
			s.Add(c)
		}
	}
	return s
}

// TestHex128Tables checks the neighbour tables, rays, coordinates and colour classes of
// every size against board.NewHex.
func TestHex128Tables(t *testing.T) {
	for n := MinHexSize; n <= MaxHex128Size; n++ {
		tp := Hex128Of(n)
		b := board.NewHex(n)
		if tp.Cells != 3*n*n-3*n+1 || tp.Cells != b.Len() || tp.Size != n {
			t.Fatalf("size %d: %d cells", n, tp.Cells)
		}
		var classes Set128
		for k, cl := range tp.Class {
			if !classes.And(cl).Empty() {
				t.Fatalf("size %d: class %d overlaps another", n, k)
			}
			classes = classes.Or(cl)
		}
		if classes.Count() != tp.Cells {
			t.Fatalf("size %d: the classes hold %d cells", n, classes.Count())
		}
		for c := 0; c < tp.Cells; c++ {
			info := b.Info(board.Site(c))
			if int(tp.Q[c]) != info.Col || int(tp.Y[c]) != info.Row || !tp.Class[HexClass(info.Col, info.Row)].Has(c) {
				t.Fatalf("size %d cell %d: coordinates or class wrong", n, c)
			}
			for d := range 6 {
				a := int(b.Step(board.Site(c), board.Dir(d)))
				if int(tp.Nbr[c][d]) != a || a >= 0 && !tp.NbrSet[c].Has(a) {
					t.Fatalf("size %d cell %d direction %d: neighbour %d, want %d", n, c, d, tp.Nbr[c][d], a)
				}
				if a >= 0 && tp.Class[HexClass(info.Col, info.Row)].Has(a) {
					t.Fatalf("size %d: neighbours %d and %d share a class", n, c, a)
				}
				var ray, ray2 Set128
				for k := 1; a >= 0; k++ {
					ray.Add(a)
					if k >= 2 {
						ray2.Add(a)
					}
					a = int(b.Step(board.Site(a), board.Dir(d)))
				}
				if tp.Ray[c][d] != ray || tp.Ray2[c][d] != ray2 {
					t.Fatalf("size %d cell %d direction %d: rays differ", n, c, d)
				}
			}
			if tp.NbrSet[c].Count() != countSteps(b, c) {
				t.Fatalf("size %d cell %d: %d neighbours", n, c, tp.NbrSet[c].Count())
			}
			for a := 0; a < tp.Cells; a++ {
				if tp.Dist(c, a) != b.Distance(board.Site(c), board.Site(a)) {
					t.Fatalf("size %d: distance from %d to %d is %d", n, c, a, tp.Dist(c, a))
				}
			}
		}
	}
}

func countSteps(b *board.Topology, c int) int {
	n := 0
	for d := range 6 {
		if b.Step(board.Site(c), board.Dir(d)) != board.NoSite {
			n++
		}
	}
	return n
}

// TestHex128Groups checks Group, Unified, UnifiedAfter and Largest against the reference
// flood on random sets of every size.
func TestHex128Groups(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := MinHexSize; n <= MaxHex128Size; n++ {
		tp := Hex128Of(n)
		for range 300 {
			own := randomSet128(rng, tp.Cells)
			if own.Empty() {
				if tp.Unified(own) {
					t.Fatal("the empty set is unified")
				}
				continue
			}
			var want Set128
			size := 0
			groups := 0
			for rest := own; !rest.Empty(); {
				c := rest.Lowest()
				g := tp.Group(own, c)
				ref := flood(tp.Board, own.Has, c)
				if g.Count() != len(ref) {
					t.Fatalf("size %d: the group of %d in %v has %d cells, want %d", n, c, own, g.Count(), len(ref))
				}
				for x := range ref {
					if !g.Has(x) {
						t.Fatalf("size %d: the group of %d in %v lacks %d", n, c, own, x)
					}
				}
				switch {
				case len(ref) > size:
					want, size = g, len(ref)
				case len(ref) == size:
					want = want.Or(g)
				}
				rest = rest.AndNot(g)
				groups++
			}
			if got, gs := tp.Largest(own); got != want || gs != size {
				t.Fatalf("size %d: largest of %v is %v (%d), want %v (%d)", n, own, got, gs, want, size)
			}
			if tp.Unified(own) != (groups == 1) {
				t.Fatalf("size %d: %v in %d groups, Unified %v", n, own, groups, tp.Unified(own))
			}
			to := own.Select(rng.IntN(own.Count()))
			if tp.UnifiedAfter(own, to) != (groups == 1) {
				t.Fatalf("size %d: %v in %d groups, UnifiedAfter(%d) %v", n, own, groups, to, tp.UnifiedAfter(own, to))
			}
		}
	}
}

// TestHex192Tables checks the rim of every size: the ring and the inner area, the sides
// (each side has n cells, the corners two sides), the neighbours against board.NewHex,
// the lines and the rays, which cross each inner cell once per direction.
func TestHex192Tables(t *testing.T) {
	for n := MinHexSize; n <= MaxHex192Size; n++ {
		tp := Hex192Of(n)
		b := board.NewHex(n)
		if tp.Cells != b.Len() || tp.Ring.Count() != 6*(n-1) || tp.Inner.Count() != tp.Cells-6*(n-1) ||
			!tp.Ring.And(tp.Inner).Empty() || tp.Wide != (tp.Cells > 128) {
			t.Fatalf("size %d: %d cells, %d on the ring, %d inside", n, tp.Cells, tp.Ring.Count(), tp.Inner.Count())
		}
		var perSide [6]int
		for c := 0; c < tp.Cells; c++ {
			for k := range 6 {
				perSide[k] += int(tp.Sides[c] >> k & 1)
			}
			if (tp.Sides[c] != 0) != tp.Ring.Has(c) {
				t.Fatalf("size %d cell %d: sides %06b", n, c, tp.Sides[c])
			}
			for d := range 6 {
				a := int(b.Step(board.Site(c), board.Dir(d)))
				if int(tp.Nbr[c][d]) != a || a >= 0 && !tp.NbrSet[c].Has(a) {
					t.Fatalf("size %d cell %d direction %d: neighbour %d, want %d", n, c, d, tp.Nbr[c][d], a)
				}
				// A neighbour shares one line with c, the one through both.
				if a >= 0 {
					shared := 0
					for f := range 3 {
						shared += btoi(tp.Line[c][f] == tp.Line[a][f])
					}
					if shared != 1 {
						t.Fatalf("size %d: neighbours %d and %d share %d lines", n, c, a, shared)
					}
				}
			}
		}
		if perSide != [6]int{n, n, n, n, n, n} {
			t.Fatalf("size %d: cells per side %v", n, perSide)
		}
		var byDir [6]Set192
		for r := 0; r < tp.NumRays; r++ {
			ray := &tp.Rays[r]
			if !tp.Ring.Has(int(ray.From)) || !tp.Ring.Has(int(ray.To)) || ray.Inner != tp.RaySet(r, 1<<ray.Len-1) {
				t.Fatalf("size %d ray %d: ends or cells wrong", n, r)
			}
			if !byDir[ray.Dir].And(ray.Inner).Empty() {
				t.Fatalf("size %d ray %d: crosses a cell of another ray of its direction", n, r)
			}
			byDir[ray.Dir] = byDir[ray.Dir].Or(ray.Inner)
			// Reach against a walk, for every occupancy.
			for occ := uint16(0); occ < 1<<ray.Len; occ++ {
				var want uint16
				i := 0
				for ; i < int(ray.Len) && occ>>i&1 != 0; i++ {
				}
				for ; i < int(ray.Len) && occ>>i&1 == 0; i++ {
					want |= 1 << i
				}
				if got := ray.Reach(occ); got != want {
					t.Fatalf("size %d ray %d occupancy %b: reach %b, want %b", n, r, occ, got, want)
				}
			}
		}
		for d, cells := range byDir {
			if cells != tp.Inner {
				t.Fatalf("size %d direction %d: the rays cross %v, not the inner area", n, d, cells)
			}
		}
	}
}

// TestHex192Groups checks Group and GroupSides against the reference flood, and Group
// against Hex128's on the sizes both hold.
func TestHex192Groups(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := MinHexSize; n <= MaxHex192Size; n++ {
		tp := Hex192Of(n)
		for range 200 {
			var own Set192
			for c := 0; c < tp.Cells; c++ {
				if rng.IntN(3) == 0 {
					own.Add(c)
				}
			}
			if own.Empty() {
				continue
			}
			c := own.Select(rng.IntN(own.Count()))
			ref := flood(tp.Board, own.Has, c)
			g := tp.Group(own, c)
			var sides uint8
			for x := range ref {
				sides |= tp.Sides[x]
			}
			if g.Count() != len(ref) || tp.GroupSides(own, c) != sides {
				t.Fatalf("size %d: the group of %d in %v differs from the flood", n, c, own)
			}
			if n <= MaxHex128Size {
				if h := Hex128Of(n).Group(Set128{own[0], own[1]}, c); h != (Set128{g[0], g[1]}) {
					t.Fatalf("size %d: Hex128 and Hex192 disagree on the group of %d in %v", n, c, own)
				}
			}
		}
	}
}

// TestTorus checks the one-word layout of every board that has one: the bits are a
// one-to-one map, Behind steps as the neighbour tables do, and the groups and arcs agree
// with Hex128's flood fills.
func TestTorus(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for n := MinHexSize; n <= MaxHex128Size; n++ {
		tp := Hex128Of(n)
		x := NewTorus(tp)
		if (x == nil) != (tp.Cells > 64) {
			t.Fatalf("size %d: torus %v with %d cells", n, x != nil, tp.Cells)
		}
		if x == nil {
			continue
		}
		for c := 0; c < tp.Cells; c++ {
			if x.Site[x.Bit[c]] != c || int(x.Bit[c]) != TorusBit(int(tp.Q[c]), int(tp.Y[c]), n) {
				t.Fatalf("size %d cell %d: bit %d maps back to %d", n, c, x.Bit[c], x.Site[x.Bit[c]])
			}
			for d := range 6 {
				a := int(tp.Nbr[c][d])
				cb := uint64(1) << x.Bit[c]
				if a >= 0 {
					ab := uint64(1) << x.Bit[a]
					if x.Behind(ab, d, 0) != cb || x.Nbr[x.Bit[c]]&ab == 0 || int(x.Ring[x.Bit[c]][d]) != int(x.Bit[a]) ||
						int(x.Dir[(x.Bit[a]-x.Bit[c])&127]) != d {
						t.Fatalf("size %d cell %d direction %d: the torus steps elsewhere", n, c, d)
					}
				} else if x.Far[d][0]&cb != 0 {
					t.Fatalf("size %d cell %d direction %d: off the board, yet in Far", n, c, d)
				}
			}
			var star Set128
			for d := range 6 {
				star = star.Or(tp.Ray[c][d])
			}
			if x.Star[x.Bit[c]] != x.Of(star) {
				t.Fatalf("size %d cell %d: star differs from the rays", n, c)
			}
		}
		for range 500 {
			own := randomSet128(rng, tp.Cells)
			m := x.Of(own)
			if x.Set(m) != own {
				t.Fatalf("size %d: %v does not come back from the torus", n, own)
			}
			var around Set128
			for c := 0; c < tp.Cells; c++ {
				if own.Has(c) {
					around = around.Or(tp.NbrSet[c])
				}
			}
			if x.Around(m) != x.Of(around) {
				t.Fatalf("size %d: Around(%v) differs", n, own)
			}
			if own.Empty() {
				continue
			}
			g, _ := tp.Largest(own)
			if x.Largest(m) != x.Of(g) || x.Unified(m) != tp.Unified(own) {
				t.Fatalf("size %d: Largest or Unified of %v differs", n, own)
			}
			c := own.Select(rng.IntN(own.Count()))
			b := x.Bit[c]
			if x.Group(m, int(b)) != x.Of(tp.Group(own, c)) || x.UnifiedAfter(m, b) != tp.Unified(own) {
				t.Fatalf("size %d: the group of %d in %v differs", n, c, own)
			}
			// Whole: the group of c, less c, stays one group when Whole says so.
			grp := tp.Group(own, c)
			rest := grp
			rest.Remove(c)
			if x.Whole(x.Of(rest.And(tp.NbrSet[c])), b) && !rest.Empty() && !tp.Unified(rest) {
				t.Fatalf("size %d: %v less %d falls apart, yet Whole", n, grp, c)
			}
		}
	}
}
