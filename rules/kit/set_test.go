package kit

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// setAPI gives the reference tests one view of the three set types.
type setAPI[S comparable] struct {
	// width is the number of sites the type holds.
	width           int
	add, remove     func(*S, int)
	has             func(S, int) bool
	holds           func(*S, int) bool
	count           func(S) int
	len             func(*S) int
	empty           func(S) bool
	isEmpty         func(*S) bool
	and, or, andNot func(S, S) S
	lowest          func(S) int
	choose          func(S, int) int
	// extra checks what only this type offers, given the set's sites in order.
	extra func(t *testing.T, s S, sites []int)
	name  string
}

var api128 = setAPI[Set128]{
	name: "Set128", width: 128,
	add: (*Set128).Add, remove: (*Set128).Remove, has: Set128.Has, holds: (*Set128).Holds,
	count: Set128.Count, len: (*Set128).Len, empty: Set128.Empty, isEmpty: (*Set128).IsEmpty,
	and: Set128.And, or: Set128.Or, andNot: Set128.AndNot, lowest: Set128.Lowest, choose: Set128.Select,
	extra: func(t *testing.T, s Set128, sites []int) {
		for _, c := range []int{0, 63, 64, 127} {
			if w := s.With(c); !w.Has(c) || w.Count() != s.Count()+btoi(!s.Has(c)) {
				t.Fatalf("%v With(%d) = %v", s, c, w)
			}
		}
	},
}

var api192 = setAPI[Set192]{
	name: "Set192", width: 192,
	add: (*Set192).Add, remove: (*Set192).Remove, has: Set192.Has, holds: (*Set192).Holds,
	count: Set192.Count, len: (*Set192).Len, empty: Set192.Empty, isEmpty: (*Set192).IsEmpty,
	and: Set192.And, or: Set192.Or, andNot: Set192.AndNot, lowest: Set192.Lowest, choose: Set192.Select,
	extra: func(t *testing.T, s Set192, sites []int) {
		for k, c := range sites {
			if got := s.Pick(k); got != c {
				t.Fatalf("%v Pick(%d) = %d, want %d", s, k, got, c)
			}
		}
	},
}

var apiPair = setAPI[PairSet]{
	name: "PairSet", width: 128,
	add:    func(s *PairSet, i int) { *s = s.Or(PairBit(i)) },
	remove: func(s *PairSet, i int) { *s = s.AndNot(PairBit(i)) },
	has:    PairSet.Has, holds: func(s *PairSet, i int) bool { return s.Has(i) },
	count: PairSet.Count, len: func(s *PairSet) int { return s.Count() },
	empty: PairSet.Empty, isEmpty: func(s *PairSet) bool { return s.Empty() },
	and: PairSet.And, or: PairSet.Or, andNot: PairSet.AndNot, lowest: PairSet.Lowest, choose: PairSet.Select,
	extra: func(t *testing.T, s PairSet, sites []int) {
		for _, k := range []int{1, 2, 11, 63} {
			var up, down []int
			for _, c := range sites {
				if c+k < 128 {
					up = append(up, c+k)
				}
				if c-k >= 0 {
					down = append(down, c-k)
				}
			}
			for _, tc := range []struct {
				what string
				got  PairSet
				want []int
			}{
				{"Shl", s.Shl(uint(k)), up}, {"Shift+", s.Shift(k), up},
				{"Shr", s.Shr(uint(k)), down}, {"Shift-", s.Shift(-k), down},
			} {
				var got []int
				for c := range 128 {
					if tc.got.Has(c) {
						got = append(got, c)
					}
				}
				if !slices.Equal(got, tc.want) {
					t.Fatalf("%v %s %d = %v, want %v", s, tc.what, k, got, tc.want)
				}
			}
		}
	},
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sitesOf lists the sites of s in order, by Has.
func sitesOf[S comparable](api setAPI[S], s S) []int {
	var out []int
	for c := 0; c < api.width; c++ {
		if api.has(s, c) {
			out = append(out, c)
		}
	}
	return out
}

// build returns the set of the sites given.
func build[S comparable](api setAPI[S], sites []int) S {
	var s S
	for _, c := range sites {
		api.add(&s, c)
	}
	return s
}

// check compares every query of s with the sorted site list want.
func check[S comparable](t *testing.T, api setAPI[S], s S, want []int) {
	t.Helper()
	if got := sitesOf(api, s); !slices.Equal(got, want) {
		t.Fatalf("%s %v holds %v, want %v", api.name, s, got, want)
	}
	for c := 0; c < api.width; c++ {
		if api.holds(&s, c) != api.has(s, c) {
			t.Fatalf("%s %v: Holds(%d) differs from Has", api.name, s, c)
		}
	}
	if api.count(s) != len(want) || api.len(&s) != len(want) {
		t.Fatalf("%s %v: Count %d, Len %d, want %d", api.name, s, api.count(s), api.len(&s), len(want))
	}
	if api.empty(s) != (len(want) == 0) || api.isEmpty(&s) != (len(want) == 0) {
		t.Fatalf("%s %v: Empty %v, IsEmpty %v", api.name, s, api.empty(s), api.isEmpty(&s))
	}
	if len(want) > 0 && api.lowest(s) != want[0] {
		t.Fatalf("%s %v: Lowest %d, want %d", api.name, s, api.lowest(s), want[0])
	}
	for k, c := range want {
		if got := api.choose(s, k); got != c {
			t.Fatalf("%s %v: Select(%d) = %d, want %d", api.name, s, k, got, c)
		}
	}
	api.extra(t, s, want)
}

// setCases are the table of TestSets: two site lists, their intersection, union and
// difference.
var setCases = []struct {
	name            string
	a, b            []int
	and, or, andNot []int
}{
	{"both empty", nil, nil, nil, nil, nil},
	{"one empty", []int{0, 5}, nil, nil, []int{0, 5}, []int{0, 5}},
	{"disjoint", []int{1, 2}, []int{3}, nil, []int{1, 2, 3}, []int{1, 2}},
	{"across words", []int{63, 64, 100}, []int{64, 127}, []int{64}, []int{63, 64, 100, 127}, []int{63, 100}},
	{"equal", []int{7, 70}, []int{7, 70}, []int{7, 70}, []int{7, 70}, nil},
	{"edges", []int{0, 127}, []int{0, 64}, []int{0}, []int{0, 64, 127}, []int{127}},
}

func runCases[S comparable](t *testing.T, api setAPI[S]) {
	for _, tc := range setCases {
		a, b := build(api, tc.a), build(api, tc.b)
		check(t, api, a, tc.a)
		check(t, api, api.and(a, b), tc.and)
		check(t, api, api.or(a, b), tc.or)
		check(t, api, api.andNot(a, b), tc.andNot)
		for _, c := range tc.a {
			api.remove(&a, c)
		}
		check(t, api, a, nil)
		if a != *new(S) {
			t.Fatalf("%s %s: removing every site leaves %v", api.name, tc.name, a)
		}
	}
}

// TestSets checks each set type on the table of setCases.
func TestSets(t *testing.T) {
	runCases(t, api128)
	runCases(t, api192)
	runCases(t, apiPair)
	// Set192's third word.
	a := build(api192, []int{1, 130, 191})
	check(t, api192, a, []int{1, 130, 191})
	check(t, api192, a.AndNot(build(api192, []int{130})), []int{1, 191})
	b := build(api192, []int{191})
	if !a.Meets(&b) || b.Meets(&Set192{1}) {
		t.Fatal("Meets misses or invents a shared site")
	}
}

// replay applies the operations in data to two sets and to two maps, the reference, and
// checks that they agree after every step. Each operation is two bytes: what to do, and a
// site.
func replay[S comparable](t *testing.T, api setAPI[S], data []byte) {
	var sets [2]S
	var ref [2]map[int]bool
	ref[0], ref[1] = map[int]bool{}, map[int]bool{}
	for i := 0; i+1 < len(data); i += 2 {
		op, c := data[i], int(data[i+1])%api.width
		x := op >> 4 & 1
		switch op & 7 {
		case 0, 1:
			api.add(&sets[x], c)
			ref[x][c] = true
		case 2:
			api.remove(&sets[x], c)
			delete(ref[x], c)
		case 3:
			sets[x] = api.and(sets[0], sets[1])
			ref[x] = combine(ref[0], ref[1], func(a, b bool) bool { return a && b })
		case 4:
			sets[x] = api.or(sets[0], sets[1])
			ref[x] = combine(ref[0], ref[1], func(a, b bool) bool { return a || b })
		case 5:
			sets[x] = api.andNot(sets[x], sets[1-x])
			ref[x] = combine(ref[x], ref[1-x], func(a, b bool) bool { return a && !b })
		case 6:
			sets[x] = *new(S)
			ref[x] = map[int]bool{}
		case 7:
			sets[0], sets[1] = sets[1], sets[0]
			ref[0], ref[1] = ref[1], ref[0]
		}
		for k := range sets {
			var want []int
			for c := range ref[k] {
				want = append(want, c)
			}
			slices.Sort(want)
			check(t, api, sets[k], want)
		}
	}
}

func combine(a, b map[int]bool, f func(a, b bool) bool) map[int]bool {
	out := map[int]bool{}
	for c := range 192 {
		if f(a[c], b[c]) {
			out[c] = true
		}
	}
	return out
}

// seedOps adds a few operation strings to a fuzz corpus: random ones and the edges.
func seedOps(f *testing.F) {
	f.Add([]byte{0, 0, 0, 63, 0, 64, 0, 127, 0x10, 64, 3, 0, 4, 0, 0x15, 0, 2, 63})
	f.Add([]byte{0, 191, 0x10, 190, 4, 0, 7, 0, 5, 0, 6, 0})
	rng := rand.New(rand.NewPCG(1, 2))
	for range 8 {
		b := make([]byte, 64)
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		f.Add(b)
	}
}

// FuzzSet128 checks Set128 against a map of sites under random operations.
func FuzzSet128(f *testing.F) {
	seedOps(f)
	f.Fuzz(func(t *testing.T, data []byte) { replay(t, api128, data) })
}

// FuzzSet192 checks Set192 against a map of sites under random operations.
func FuzzSet192(f *testing.F) {
	seedOps(f)
	f.Fuzz(func(t *testing.T, data []byte) { replay(t, api192, data) })
}

// FuzzPairSet checks PairSet against a map of sites under random operations.
func FuzzPairSet(f *testing.F) {
	seedOps(f)
	f.Fuzz(func(t *testing.T, data []byte) { replay(t, apiPair, data) })
}

// TestDraw checks that Draw picks the site that rng.IntN's number selects, on wide and
// narrow sets.
func TestDraw(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 2000 {
		wide := i%2 == 0
		n := 128
		if wide {
			n = MaxHex192Cells
		}
		var s Set192
		for s.Empty() {
			for c := 0; c < n; c++ {
				if rng.IntN(1+rng.IntN(8)) == 0 {
					s.Add(c)
				}
			}
		}
		seed := rng.Uint64()
		a, b := rand.New(rand.NewPCG(seed, 0)), rand.New(rand.NewPCG(seed, 0))
		if got, want := s.Draw(a, wide), s.Select(b.IntN(s.Count())); got != want {
			t.Fatalf("%v: Draw %d, want %d", s, got, want)
		}
	}
}

// TestPick compares Pick, and PickNarrow on sets within two words, with a walk over the sites
// of random sets of every density.
func TestPick(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 10000 {
		// Every other set stays within two words, for PickNarrow.
		n := MaxHex192Cells
		if i%2 == 1 {
			n = 128
		}
		var s Set192
		for c := 0; c < n; c++ {
			if rng.IntN(1+rng.IntN(8)) == 0 {
				s.Add(c)
			}
		}
		k := 0
		for c := 0; c < MaxHex192Cells; c++ {
			if s.Has(c) {
				if got := s.Pick(k); got != c {
					t.Fatalf("Pick(%d) = %d, want %d in %v", k, got, c, s)
				}
				if got := s.PickNarrow(k); n <= 128 && got != c {
					t.Fatalf("PickNarrow(%d) = %d, want %d in %v", k, got, c, s)
				}
				k++
			}
		}
	}
}
