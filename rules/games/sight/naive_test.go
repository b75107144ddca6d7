package sight

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
)

// pile is what stands on a point in the naive implementation.
type pile struct {
	owner  rules.Player
	height int
}

// naive is a separately written Sight: a map of points to piles, walked with the
// topology's own steps, with none of the package's masks or tables.
type naive struct {
	piles   map[board.Site]pile
	turn    rules.Player
	movable bool
}

func naiveOf(s *State) *naive {
	n := &naive{piles: map[board.Site]pile{}, turn: s.Turn, movable: s.movable}
	for site := board.Site(0); int(site) < topology.Len(); site++ {
		if ps := s.Pieces(site, nil); len(ps) > 0 {
			n.piles[site] = pile{ps[0].Owner, len(ps)}
		}
	}
	return n
}

func (n *naive) clone() *naive {
	c := *n
	c.piles = maps.Clone(n.piles)
	return &c
}

// moves lists the legal moves as texts: placements on every empty point for a player
// without a stack; otherwise steps to adjacent empty points from the tallest stacks (from
// the tallest that can step, with the movable option).
func (n *naive) moves() []string {
	var stacks []board.Site
	for site, p := range n.piles {
		if p.owner == n.turn && p.height >= 2 {
			stacks = append(stacks, site)
		}
	}
	var out []string
	if len(stacks) == 0 {
		for site := board.Site(0); int(site) < topology.Len(); site++ {
			if _, ok := n.piles[site]; !ok {
				out = append(out, "@"+topology.Label(site))
			}
		}
		slices.Sort(out)
		return out
	}
	steps := func(from board.Site) []string {
		var s []string
		for d := board.Dir(0); int(d) < topology.NumDirs(); d++ {
			to := topology.Step(from, d)
			if _, ok := n.piles[to]; to != board.NoSite && !ok {
				s = append(s, topology.Label(from)+"-"+topology.Label(to))
			}
		}
		return s
	}
	if n.movable {
		stacks = slices.DeleteFunc(stacks, func(s board.Site) bool { return len(steps(s)) == 0 })
	}
	best := 0
	for _, s := range stacks {
		best = max(best, n.piles[s].height)
	}
	for _, s := range stacks {
		if n.piles[s].height == best {
			out = append(out, steps(s)...)
		}
	}
	slices.Sort(out)
	return out
}

// play applies a move text, then grows the mover's piles first seen from where the piece
// arrived, the stack it left excepted.
func (n *naive) play(text string) {
	var from, to board.Site = board.NoSite, board.NoSite
	if a, b, ok := strings.Cut(text, "-"); ok {
		from, _ = topology.Parse(a)
		to, _ = topology.Parse(b)
		p := n.piles[from]
		p.height--
		n.piles[from] = p
	} else {
		to, _ = topology.Parse(strings.TrimPrefix(text, "@"))
	}
	n.piles[to] = pile{n.turn, 1}
	for d := board.Dir(0); int(d) < topology.NumDirs(); d++ {
		for at := topology.Step(to, d); at != board.NoSite; at = topology.Step(at, d) {
			p, ok := n.piles[at]
			if !ok {
				continue
			}
			if p.owner == n.turn && at != from {
				p.height++
				n.piles[at] = p
			}
			break
		}
	}
	n.turn = n.turn.Other()
}

func (n *naive) perft(depth int) uint64 {
	ms := n.moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var total uint64
	for _, m := range ms {
		c := n.clone()
		c.play(m)
		total += c.perft(depth - 1)
	}
	return total
}

func TestPerftIndependent(t *testing.T) {
	depth := 4
	if testing.Short() {
		depth = 3
	}
	for _, opts := range Game.Presets {
		s := startWith(t, opts)
		got := rules.Perft(s, depth)
		n := naiveOf(s)
		for d := 1; d <= depth; d++ {
			if want := n.perft(d); got[d-1] != want {
				t.Errorf("%q depth %d: %d, naive %d", opts, d, got[d-1], want)
			}
		}
	}
}

func startWith(t testing.TB, opts string) *State {
	t.Helper()
	st, err := Game.New(mustOptions(t, opts))
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

func mustOptions(t testing.TB, text string) rules.Options {
	t.Helper()
	o, err := Game.ParseOptions(text)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// refereeGame plays a seeded random game and checks every position against the naive
// implementation: the same moves, the same piles and the same end.
func refereeGame(t *testing.T, opts string, seed uint64) {
	t.Helper()
	s := startWith(t, opts)
	n := naiveOf(s)
	rng := rand.New(rand.NewPCG(seed, 7))
	for {
		if got, want := texts(s), n.moves(); !slices.Equal(got, want) {
			t.Fatalf("seed %d: moves %v, naive %v\n%s", seed, got, want, s)
		}
		moves := s.LegalMoves(nil)
		if len(moves) == 0 {
			if o, _ := s.Outcome(); o.Winner != n.turn.Other() {
				t.Fatalf("seed %d: winner %d, naive says %d", seed, o.Winner, n.turn.Other())
			}
			return
		}
		m := moves[rng.IntN(len(moves))]
		text := rules.FormatMove(s, m)
		s.Apply(m)
		n.play(text)
		if got := naiveOf(s); !maps.Equal(got.piles, n.piles) {
			t.Fatalf("seed %d: piles differ after %s\n%s", seed, text, s)
		}
	}
}

func TestAgainstNaive(t *testing.T) {
	for _, opts := range Game.Presets {
		for seed := uint64(1); seed <= 300; seed++ {
			refereeGame(t, opts, seed)
		}
	}
}
