package sibling

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"koma/rules"
	"koma/rules/board"
)

// naive is a separately written Sibling: a map of cells to owners, lines found by walking
// the topology's own steps, pairs listed as unordered pairs of labels, with none of the
// package's cell sets or tables.
type naive struct {
	topo    *board.Topology
	cells   map[board.Site]rules.Player
	turn    rules.Player
	pie     bool
	swapped bool
	// first is the first piece of a pair in progress, or board.NoSite.
	first board.Site
}

func newNaive(size int, pie bool) *naive {
	return &naive{topo: board.NewHex(size), cells: map[board.Site]rules.Player{}, pie: pie, first: board.NoSite}
}

func (n *naive) clone() *naive {
	c := *n
	c.cells = maps.Clone(n.cells)
	return &c
}

func (n *naive) empty(c board.Site) bool {
	_, ok := n.cells[c]
	return !ok
}

// partnersOf lists the empty cells on the six rays from c, skipping the neighbour.
func (n *naive) partnersOf(c board.Site) []board.Site {
	var out []board.Site
	for d := board.Dir(0); int(d) < n.topo.NumDirs(); d++ {
		steps := 0
		for at := n.topo.Step(c, d); at != board.NoSite; at = n.topo.Step(at, d) {
			steps++
			if steps >= 2 && n.empty(at) {
				out = append(out, at)
			}
		}
	}
	return out
}

// pairs lists every legal pair once, lower site first.
func (n *naive) pairs() [][2]board.Site {
	var out [][2]board.Site
	for a := board.Site(0); int(a) < n.topo.Len(); a++ {
		if !n.empty(a) {
			continue
		}
		for _, b := range n.partnersOf(a) {
			if a < b {
				out = append(out, [2]board.Site{a, b})
			}
		}
	}
	return out
}

func (n *naive) canSwap() bool {
	return n.pie && !n.swapped && len(n.cells) == 1 && n.first == board.NoSite
}

// moves lists the texts of the legal decisions, sorted.
func (n *naive) moves() []string {
	var out []string
	switch {
	case len(n.cells) == 0:
		for c := board.Site(0); int(c) < n.topo.Len(); c++ {
			out = append(out, "@"+n.topo.Label(c))
		}
	case n.first != board.NoSite:
		for _, c := range n.partnersOf(n.first) {
			out = append(out, "@"+n.topo.Label(c))
		}
	default:
		seen := map[board.Site]bool{}
		for _, p := range n.pairs() {
			seen[p[0]], seen[p[1]] = true, true
		}
		for c := range seen {
			out = append(out, "@"+n.topo.Label(c))
		}
		if len(out) > 0 && n.canSwap() {
			out = append(out, "swap")
		}
	}
	slices.Sort(out)
	return out
}

func (n *naive) play(text string) {
	if text == "swap" {
		for c, p := range n.cells {
			n.cells[c] = p.Other()
		}
		n.swapped = true
		n.turn = n.turn.Other()
		return
	}
	c, err := n.topo.Parse(text[1:])
	if err != nil {
		panic(err)
	}
	n.cells[c] = n.turn
	switch {
	case len(n.cells) == 1:
		n.turn = n.turn.Other()
	case n.first == board.NoSite:
		n.first = c
	default:
		n.first = board.NoSite
		n.turn = n.turn.Other()
	}
}

func (n *naive) over() bool {
	return n.first == board.NoSite && len(n.cells) > 0 && len(n.pairs()) == 0
}

// groups lists p's group sizes, largest first, by breadth-first search.
func (n *naive) groups(p rules.Player) []int {
	seen := map[board.Site]bool{}
	var sizes []int
	for c := board.Site(0); int(c) < n.topo.Len(); c++ {
		if owner, ok := n.cells[c]; !ok || owner != p || seen[c] {
			continue
		}
		queue := []board.Site{c}
		seen[c] = true
		for i := 0; i < len(queue); i++ {
			for d := board.Dir(0); int(d) < n.topo.NumDirs(); d++ {
				a := n.topo.Step(queue[i], d)
				if owner, ok := n.cells[a]; a != board.NoSite && ok && owner == p && !seen[a] {
					seen[a] = true
					queue = append(queue, a)
				}
			}
		}
		sizes = append(sizes, len(queue))
	}
	sort.Sort(sort.Reverse(sort.IntSlice(sizes)))
	return sizes
}

// winner compares the second entries, then the first, then the rest in order.
func (n *naive) winner() rules.Player {
	a, b := n.groups(0), n.groups(1)
	entry := func(l []int, i int) int {
		if i < len(l) {
			return l[i]
		}
		return 0
	}
	order := []int{1, 0}
	for i := 2; i < max(len(a), len(b)); i++ {
		order = append(order, i)
	}
	for _, i := range order {
		if x, y := entry(a, i), entry(b, i); x != y {
			if x > y {
				return 0
			}
			return 1
		}
	}
	return rules.NoPlayer
}

// perft counts the positions after each number of whole turns: a single piece, a swap,
// or an unordered pair, each giving a different position.
func (n *naive) perft(depth int) []uint64 {
	counts := make([]uint64, depth)
	var rec func(m *naive, d int)
	rec = func(m *naive, d int) {
		if d == depth || m.over() {
			return
		}
		var children []*naive
		if len(m.cells) == 0 {
			for c := board.Site(0); int(c) < m.topo.Len(); c++ {
				k := m.clone()
				k.play("@" + m.topo.Label(c))
				children = append(children, k)
			}
		} else {
			for _, p := range m.pairs() {
				k := m.clone()
				k.play("@" + m.topo.Label(p[0]))
				k.play("@" + m.topo.Label(p[1]))
				children = append(children, k)
			}
			if m.canSwap() {
				k := m.clone()
				k.play("swap")
				children = append(children, k)
			}
		}
		counts[d] += uint64(len(children))
		for _, k := range children {
			rec(k, d+1)
		}
	}
	rec(n, 0)
	return counts
}

// TestPerftIndependent compares rules.Perft with the naive count for every preset and
// the smallest boards, as deep as both finish in a few seconds.
func TestPerftIndependent(t *testing.T) {
	cases := []struct {
		opts  string
		size  int
		pie   bool
		depth int
	}{
		{"", 5, false, 2},
		{"size=4", 4, false, 3},
		{"pie=on", 5, true, 2},
		{"size=3", 3, false, 4},
		{"size=3,pie=on", 3, true, 4},
	}
	if testing.Short() {
		cases = cases[:3]
	}
	for _, tc := range cases {
		got := rules.Perft(mustNew(t, tc.opts), tc.depth)
		want := newNaive(tc.size, tc.pie).perft(tc.depth)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: perft %v, naive %v", tc.opts, got, want)
		}
	}
}

// refereeGame plays a seeded random game and checks every decision against the naive
// implementation: the same legal decisions, the same pieces, the same end and winner.
func refereeGame(t *testing.T, opts string, size int, pie bool, seed uint64) {
	t.Helper()
	s := mustNew(t, opts)
	n := newNaive(size, pie)
	rng := rand.New(rand.NewPCG(seed, 11))
	for {
		if got, want := rulestextsOf(s), n.moves(); !slices.Equal(got, want) {
			t.Fatalf("%q seed %d: moves %v, naive %v\n%s", opts, seed, got, want, s)
		}
		moves := s.LegalMoves(nil)
		if len(moves) == 0 {
			o, over := s.Outcome()
			if !over || !n.over() || o.Winner != n.winner() {
				t.Fatalf("%q seed %d: outcome %+v (over %v), naive over %v winner %d", opts, seed, o, over, n.over(), n.winner())
			}
			if o.Winner == rules.NoPlayer {
				t.Fatalf("%q seed %d: a draw", opts, seed)
			}
			for p := rules.Player(0); p < 2; p++ {
				if got, want := s.GroupSizes(p), n.groups(p); !slices.Equal(got, want) {
					t.Fatalf("%q seed %d: groups of %d %v, naive %v", opts, seed, p, got, want)
				}
			}
			return
		}
		m := moves[rng.IntN(len(moves))]
		text := rules.FormatMove(s, m)
		s.Apply(m)
		n.play(text)
		if s.ToMove() != rules.NoPlayer && s.ToMove() != n.turn {
			t.Fatalf("%q seed %d: %d to move, naive %d", opts, seed, s.ToMove(), n.turn)
		}
		for c := board.Site(0); int(c) < n.topo.Len(); c++ {
			got := s.Pieces(c, nil)
			owner, ok := n.cells[c]
			if ok != (len(got) == 1) || ok && got[0].Owner != owner {
				t.Fatalf("%q seed %d: %s holds %v, naive %v %v", opts, seed, n.topo.Label(c), got, ok, owner)
			}
		}
	}
}

func rulestextsOf(s *State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, rules.FormatMove(s, m))
	}
	slices.Sort(out)
	return out
}

func TestAgainstNaive(t *testing.T) {
	for _, tc := range []struct {
		opts string
		size int
		pie  bool
	}{{"", 5, false}, {"size=4", 4, false}, {"pie=on", 5, true}, {"size=3,pie=on", 3, true}, {"size=8", 8, false}} {
		games := uint64(100)
		if tc.size == 8 {
			games = 10
		}
		for seed := uint64(1); seed <= games; seed++ {
			refereeGame(t, tc.opts, tc.size, tc.pie, seed)
		}
	}
}
