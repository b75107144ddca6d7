package tiptoe

import (
	"slices"
	"strings"

	"koma/rules"
	"koma/rules/board"
)

// This file holds a second, deliberately plain Tiptoe: a slice of bytes indexed by board
// site, groups found by a breadth-first search through board.Topology's neighbours, and
// every placement found by walking from each piece. It shares no code with the package but
// the board geometry, so agreeing perft figures, placement lists and results check the
// bitsets, the size classes and the setup sequence.

type naive struct {
	topo   *board.Topology
	dirs   []board.Dir
	cells  []byte // 'W', 'B' or '.'
	placed int    // pieces on the board
	white  bool   // White to decide
	over   bool
}

func naiveStart(topo *board.Topology, topology string) *naive {
	n := &naive{topo: topo, white: true, cells: []byte(strings.Repeat(".", topo.Len()))}
	switch topology {
	case "orthogonal":
		n.dirs = []board.Dir{board.N, board.E, board.S, board.W}
	case "diagonal":
		n.dirs = []board.Dir{board.N, board.NE, board.E, board.SE, board.S, board.SW, board.W, board.NW}
	default:
		n.dirs = []board.Dir{board.HexE, board.HexNE, board.HexNW, board.HexW, board.HexSW, board.HexSE}
	}
	return n
}

func (n *naive) clone() *naive {
	c := *n
	c.cells = slices.Clone(n.cells)
	return &c
}

func (n *naive) me() byte {
	if n.white {
		return 'W'
	}
	return 'B'
}

// groupSize counts the pieces connected to site through neighbours of its colour.
func (n *naive) groupSize(site board.Site) int {
	c := n.cells[site]
	seen := map[board.Site]bool{site: true}
	queue := []board.Site{site}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for _, d := range n.dirs {
			nb := n.topo.Step(at, d)
			if nb != board.NoSite && n.cells[nb] == c && !seen[nb] {
				seen[nb] = true
				queue = append(queue, nb)
			}
		}
	}
	return len(seen)
}

// legal lists the sites the player to decide may place on, sorted.
func (n *naive) legal() []board.Site {
	if n.over {
		return nil
	}
	var out []board.Site
	if n.placed < 4 {
		for s, c := range n.cells {
			if c == '.' {
				out = append(out, board.Site(s))
			}
		}
		return out
	}
	me := n.me()
	for s, c := range n.cells {
		if c != me {
			continue
		}
		size := n.groupSize(board.Site(s))
		for _, d := range n.dirs {
			at := board.Site(s)
			for range size {
				at = n.topo.Step(at, d)
				if at == board.NoSite || n.cells[at] != '.' {
					break
				}
			}
			if at != board.NoSite && n.cells[at] == '.' && !slices.Contains(out, at) {
				out = append(out, at)
			}
		}
	}
	slices.Sort(out)
	return out
}

// sourcesOf lists the pieces of the player to decide that reach site, sorted.
func (n *naive) sourcesOf(site board.Site) []board.Site {
	if n.over || n.placed < 4 || n.cells[site] != '.' {
		return nil
	}
	me := n.me()
	var out []board.Site
	for s, c := range n.cells {
		if c != me {
			continue
		}
		size := n.groupSize(board.Site(s))
		for _, d := range n.dirs {
			at := board.Site(s)
			clear := true
			for range size {
				at = n.topo.Step(at, d)
				if at == board.NoSite || n.cells[at] != '.' {
					clear = false
					break
				}
			}
			if clear && at == site {
				out = append(out, board.Site(s))
			}
		}
	}
	return out
}

// play places on site and passes the decision on: White, Black twice, White twice, then
// turn about.
func (n *naive) play(site board.Site) {
	n.cells[site] = n.me()
	n.placed++
	switch n.placed {
	case 1, 3:
		n.white = !n.white
	case 2, 4:
	default:
		n.white = !n.white
	}
	if n.placed >= 4 && len(n.legal()) == 0 {
		n.over = true
	}
}

// midTurn reports whether Black's second setup piece is owed.
func (n *naive) midTurn() bool { return n.placed == 2 }

func (n *naive) key() string {
	return string(n.cells) + map[bool]string{true: "W", false: "B"}[n.white] + map[bool]string{true: "!", false: ""}[n.over]
}

// children returns the positions one whole turn leads to, by key.
func (n *naive) children() map[string]*naive {
	out := map[string]*naive{}
	var walk func(g *naive)
	walk = func(g *naive) {
		for _, s := range g.legal() {
			k := g.clone()
			k.play(s)
			if k.midTurn() {
				walk(k)
				continue
			}
			out[k.key()] = k
		}
	}
	walk(n)
	return out
}

// keyOf writes a fast state the way naive.key writes a naive one.
func keyOf(s rules.State) string {
	var sb strings.Builder
	var ps []rules.Piece
	for site := range board.Site(s.Board().Len()) {
		ps = s.Pieces(site, ps[:0])
		switch {
		case len(ps) == 0:
			sb.WriteByte('.')
		case ps[0].Owner == 0:
			sb.WriteByte('W')
		default:
			sb.WriteByte('B')
		}
	}
	st := s.(*State)
	if st.Turn == 0 {
		sb.WriteByte('W')
	} else {
		sb.WriteByte('B')
	}
	if st.Over {
		sb.WriteByte('!')
	}
	return sb.String()
}

// naivePerft counts distinct positions by whole turns.
func naivePerft(n *naive, depth int) []uint64 {
	counts := make([]uint64, depth)
	var rec func(g *naive, d int)
	rec = func(g *naive, d int) {
		for _, c := range g.children() {
			counts[d]++
			if d+1 < depth {
				rec(c, d+1)
			}
		}
	}
	if depth > 0 {
		rec(n, 0)
	}
	return counts
}
