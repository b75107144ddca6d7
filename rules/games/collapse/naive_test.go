package collapse

import (
	"math/rand/v2"
	"slices"
	"testing"

	"koma/rules"
	"koma/rules/board"
)

// naive is a separately written Collapse: a map of points to owners, walked with the
// topology's own steps, with none of the package's tables or bit tricks.
type naive struct {
	owner map[board.Site]rules.Player
	turn  rules.Player
}

func naiveOf(s *State) *naive {
	n := &naive{owner: map[board.Site]rules.Player{}, turn: s.Turn}
	for site := board.Site(0); int(site) < topology.Len(); site++ {
		for _, p := range s.Pieces(site, nil) {
			n.owner[site] = p.Owner
		}
	}
	return n
}

// moves lists "from-to" texts of the slides: along each line until the first piece, which
// must be an enemy, with at least one empty point before it.
func (n *naive) moves() []string {
	var out []string
	for from, p := range n.owner {
		if p != n.turn {
			continue
		}
		for d := board.Dir(0); int(d) < topology.NumDirs(); d++ {
			last := board.NoSite
			for at := topology.Step(from, d); at != board.NoSite; at = topology.Step(at, d) {
				q, taken := n.owner[at]
				if !taken {
					last = at
					continue
				}
				if q != n.turn && last != board.NoSite {
					out = append(out, topology.Label(from)+"-"+topology.Label(last))
				}
				break
			}
		}
	}
	slices.Sort(out)
	return out
}

// play applies a slide given as from and to: the piece moves, and the next piece along the
// line, which the slide ran into, is removed.
func (n *naive) play(from, to board.Site) {
	for d := board.Dir(0); int(d) < topology.NumDirs(); d++ {
		for at := topology.Step(from, d); at != board.NoSite; at = topology.Step(at, d) {
			if at != to {
				continue
			}
			victim := topology.Step(to, d)
			delete(n.owner, victim)
			n.owner[to] = n.turn
			delete(n.owner, from)
			n.turn = n.turn.Other()
			return
		}
	}
	panic("naive: not a slide along a line")
}

func (n *naive) perft(depth int) uint64 {
	ms := n.moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var total uint64
	for _, m := range ms {
		c := &naive{owner: map[board.Site]rules.Player{}, turn: n.turn}
		for k, v := range n.owner {
			c.owner[k] = v
		}
		from, to := parsePair(m)
		c.play(from, to)
		total += c.perft(depth - 1)
	}
	return total
}

func parsePair(text string) (board.Site, board.Site) {
	for i := range text {
		if text[i] == '-' {
			a, _ := topology.Parse(text[:i])
			b, _ := topology.Parse(text[i+1:])
			return a, b
		}
	}
	panic("naive: bad move " + text)
}

func TestPerftIndependent(t *testing.T) {
	depth := 4
	if testing.Short() {
		depth = 3
	}
	n := naiveOf(start(t))
	got := rules.Perft(start(t), depth)
	for d := 1; d <= depth; d++ {
		if want := n.perft(d); got[d-1] != want {
			t.Errorf("depth %d: %d, naive %d", d, got[d-1], want)
		}
	}
}

// refereeGame plays a seeded random game and checks every position against the naive
// implementation: the same moves, and the same end.
func refereeGame(t *testing.T, seed uint64) {
	t.Helper()
	s := start(t)
	n := naiveOf(s)
	rng := rand.New(rand.NewPCG(seed, 5))
	for {
		if got, want := texts(s), n.moves(); !slices.Equal(got, want) {
			t.Fatalf("seed %d: moves %v, naive %v\n%s", seed, got, want, rules.Text(s))
		}
		moves := s.LegalMoves(nil)
		if len(moves) == 0 {
			if o, _ := s.Outcome(); o.Winner != n.turn.Other() {
				t.Fatalf("seed %d: winner %d, naive says %d", seed, o.Winner, n.turn.Other())
			}
			return
		}
		m := moves[rng.IntN(len(moves))]
		s.Apply(m)
		n.play(m.Path[0], m.Path[1])
		if s.pieces != n.masks() {
			t.Fatalf("seed %d: boards differ after %s", seed, rules.FormatMove(s, m))
		}
	}
}

// masks turns the naive board into the package's masks.
func (n *naive) masks() [2]uint64 {
	var m [2]uint64
	for site, p := range n.owner {
		m[p] |= 1 << site
	}
	return m
}

func TestAgainstNaive(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		refereeGame(t, seed)
	}
}
