package skirt

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
)

// naive is a separately written Skirt: a map of cells to owners, lines found by stepping
// through the topology, reachability judged cell by cell from what lies between, and groups
// flooded through a queue. It shares nothing with the package but the board.
type naive struct {
	b       *board.Topology
	r       int
	pieces  map[board.Site]rules.Player
	turn    rules.Player
	pending board.Site
	over    bool
	winner  rules.Player
}

func naiveOf(s *State) *naive {
	n := &naive{b: s.v.Board, r: s.v.Size - 1, pieces: map[board.Site]rules.Player{}, turn: s.Turn, pending: board.NoSite}
	if s.pending >= 0 {
		n.pending = board.Site(s.pending)
	}
	for c := board.Site(0); int(c) < n.b.Len(); c++ {
		if ps := s.Pieces(c, nil); len(ps) > 0 {
			n.pieces[c] = ps[0].Owner
		}
	}
	return n
}

func (n *naive) clone() *naive {
	c := *n
	c.pieces = maps.Clone(n.pieces)
	return &c
}

func (n *naive) onRing(c board.Site) bool {
	i := n.b.Info(c)
	return max(iabs(i.Col), iabs(i.Row), iabs(i.Col+i.Row)) == n.r
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// sides lists the sides of a ring cell, numbered as in the package comment.
func (n *naive) sides(c board.Site) []int {
	q, y, r := n.b.Info(c).Col, n.b.Info(c).Row, n.r
	var out []int
	for k, on := range []bool{y == r, q+y == r, q == r, y == -r, q+y == -r, q == -r} {
		if on {
			out = append(out, k)
		}
	}
	return out
}

// reaches reports whether a piece placed on the empty inner cell x is legal from the outer
// piece a: x lies on a straight line from a, and the cells between are all empty, or are
// pieces from the cell next to a onwards followed only by empty cells.
func (n *naive) reaches(a, x board.Site) bool {
	for d := board.Dir(0); d < 6; d++ {
		var between []board.Site
		c := n.b.Step(a, d)
		for c != board.NoSite && c != x {
			between = append(between, c)
			c = n.b.Step(c, d)
		}
		if c != x {
			continue
		}
		seenEmpty := false
		ok := true
		for _, b := range between {
			_, full := n.pieces[b]
			if full && seenEmpty {
				ok = false
			}
			if !full {
				seenEmpty = true
			}
		}
		return ok
	}
	return false
}

func (n *naive) moves() []string {
	if n.over {
		return nil
	}
	var out []string
	for c := board.Site(0); int(c) < n.b.Len(); c++ {
		if _, full := n.pieces[c]; full {
			continue
		}
		ok := false
		if n.onRing(c) {
			ok = n.pending == board.NoSite
		} else if n.pending != board.NoSite {
			ok = n.reaches(n.pending, c)
		} else {
			for a, p := range n.pieces {
				if p == n.turn && n.onRing(a) && n.reaches(a, c) {
					ok = true
				}
			}
		}
		if ok {
			out = append(out, "@"+n.b.Label(c))
		}
	}
	slices.Sort(out)
	return out
}

// wins reports whether the group of c touches opposite sides or three non-adjacent ones.
func (n *naive) wins(c board.Site) bool {
	p := n.pieces[c]
	seen := map[board.Site]bool{c: true}
	queue := []board.Site{c}
	touched := map[int]bool{}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, k := range n.sides(x) {
			touched[k] = true
		}
		for d := board.Dir(0); d < 6; d++ {
			y := n.b.Step(x, d)
			if o, full := n.pieces[y]; y != board.NoSite && full && o == p && !seen[y] {
				seen[y] = true
				queue = append(queue, y)
			}
		}
	}
	for k := 0; k < 3; k++ {
		if touched[k] && touched[k+3] {
			return true
		}
	}
	return touched[0] && touched[2] && touched[4] || touched[1] && touched[3] && touched[5]
}

func (n *naive) play(text string) {
	c, err := n.b.Parse(strings.TrimPrefix(text, "@"))
	if err != nil {
		panic(err)
	}
	first := len(n.pieces) == 0
	n.pieces[c] = n.turn
	n.pending = board.NoSite
	if n.wins(c) {
		n.over, n.winner = true, n.turn
		return
	}
	if !first && n.onRing(c) {
		n.pending = c
		if len(n.moves()) > 0 {
			return
		}
		n.pending = board.NoSite
	}
	n.turn = 1 - n.turn
	if len(n.moves()) == 0 {
		n.over, n.winner = true, 1-n.turn
	}
}

func (n *naive) key() string {
	var sb strings.Builder
	for c := board.Site(0); int(c) < n.b.Len(); c++ {
		if p, full := n.pieces[c]; full {
			sb.WriteString(strconv.Itoa(int(p)))
		} else {
			sb.WriteByte('.')
		}
	}
	sb.WriteString(strconv.Itoa(int(n.turn)) + strconv.FormatBool(n.over))
	return sb.String()
}

// turns lists the distinct positions one whole turn leads to.
func (n *naive) turns() []*naive {
	var out []*naive
	seen := map[string]bool{}
	var walk func(m *naive)
	walk = func(m *naive) {
		for _, text := range m.moves() {
			c := m.clone()
			c.play(text)
			if c.pending != board.NoSite {
				walk(c)
				continue
			}
			if k := c.key(); !seen[k] {
				seen[k] = true
				out = append(out, c)
			}
		}
	}
	walk(n)
	return out
}

func (n *naive) perft(depth int) uint64 {
	ts := n.turns()
	if depth == 1 {
		return uint64(len(ts))
	}
	var total uint64
	for _, t := range ts {
		total += t.perft(depth - 1)
	}
	return total
}

func TestPerftIndependent(t *testing.T) {
	for _, tc := range []struct {
		opts  string
		depth int
	}{{"", 2}, {"size=4", 3}, {"size=3", 3}} {
		if testing.Short() {
			tc.depth = min(tc.depth, 2)
		}
		s := startWith(t, tc.opts)
		got := rules.Perft(s, tc.depth)
		n := naiveOf(s)
		for d := 1; d <= tc.depth; d++ {
			if want := n.perft(d); got[d-1] != want {
				t.Errorf("%q depth %d: %d, naive %d", tc.opts, d, got[d-1], want)
			}
		}
	}
}

// refereeGame plays a seeded random game and checks every decision against the naive
// implementation: the same legal moves, the same pieces and the same end.
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
			if o, _ := s.Outcome(); !n.over || o.Winner != n.winner {
				t.Fatalf("seed %d: winner %d, naive says %d (over %v)", seed, o.Winner, n.winner, n.over)
			}
			return
		}
		if s.MidTurn() != (n.pending != board.NoSite) {
			t.Fatalf("seed %d: mid-turn %v, naive disagrees", seed, s.MidTurn())
		}
		m := moves[rng.IntN(len(moves))]
		text := rules.FormatMove(s, m)
		s.Apply(m)
		n.play(text)
		if got := naiveOf(s); !maps.Equal(got.pieces, n.pieces) || s.ToMove() != rules.NoPlayer && s.Turn != n.turn {
			t.Fatalf("seed %d: positions differ after %s\n%s", seed, text, s)
		}
	}
}

func TestAgainstNaive(t *testing.T) {
	for _, opts := range append(slices.Clone(Game.Presets), "size=3", "size=8") {
		seeds := uint64(60)
		if opts == "size=8" || testing.Short() {
			// The naive referee is slow on the largest board.
			seeds = 10
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			refereeGame(t, opts, seed)
		}
	}
}
