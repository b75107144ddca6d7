package unlace

import (
	"slices"
	"strconv"
)

// naive is a second, plain implementation of Unlace used only to cross-check the real one:
// a grid indexed by axial coordinates, its own directions, labels and setup from
// board.NewHex's documented convention and Squish's package comment, and every group found
// by a fresh walk of the board.
type naive struct {
	r     int
	grid  []byte // '.', 'W', 'B', or ' ' outside the board
	mover byte
}

var naiveDirs = [][2]int{{-1, 1}, {0, -1}, {1, 0}, {0, 1}, {1, -1}, {-1, 0}}

func newNaive(size int) *naive {
	r := size - 1
	n := &naive{r: r, grid: make([]byte, (2*r+1)*(2*r+1)), mover: 'W'}
	for q := -r; q <= r; q++ {
		for y := -r; y <= r; y++ {
			c := [2]int{q, y}
			switch k := ((q-y)%3 + 3) % 3; {
			case !n.inside(c):
				n.set(c, ' ')
			case k == 1:
				n.set(c, 'W')
			case k == 2:
				n.set(c, 'B')
			default:
				n.set(c, '.')
			}
		}
	}
	return n
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (n *naive) inside(c [2]int) bool {
	return iabs(c[0]) <= n.r && iabs(c[1]) <= n.r && iabs(c[0]+c[1]) <= n.r
}

func (n *naive) at(c [2]int) byte {
	if !n.inside(c) {
		return ' '
	}
	return n.grid[(c[0]+n.r)*(2*n.r+1)+c[1]+n.r]
}

func (n *naive) set(c [2]int, v byte) { n.grid[(c[0]+n.r)*(2*n.r+1)+c[1]+n.r] = v }

func (n *naive) label(c [2]int) string {
	return string(rune('a'+c[0]+n.r)) + strconv.Itoa(c[1]+n.r+1)
}

// groupSize walks the group of the piece on c.
func (n *naive) groupSize(c [2]int) int {
	colour := n.at(c)
	seen := map[[2]int]bool{c: true}
	stack := [][2]int{c}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range naiveDirs {
			a := [2]int{x[0] + d[0], x[1] + d[1]}
			if n.at(a) == colour && !seen[a] {
				seen[a] = true
				stack = append(stack, a)
			}
		}
	}
	return len(seen)
}

func (n *naive) moves() [][2][2]int {
	var out [][2][2]int
	for q := -n.r; q <= n.r; q++ {
		for y := -n.r; y <= n.r; y++ {
			p := [2]int{q, y}
			if n.at(p) != n.mover {
				continue
			}
			before := n.groupSize(p)
			for _, d := range naiveDirs {
				t := [2]int{q + d[0], y + d[1]}
				if !n.inside(t) || n.at(t) == n.mover {
					continue
				}
				c := n.clone()
				c.set(p, '.')
				c.set(t, n.mover)
				if c.groupSize(t) > before {
					out = append(out, [2][2]int{p, t})
				}
			}
		}
	}
	return out
}

func (n *naive) clone() *naive {
	c := *n
	c.grid = slices.Clone(n.grid)
	return &c
}

func (n *naive) legal() []string {
	var out []string
	for _, m := range n.moves() {
		out = append(out, n.label(m[0])+"-"+n.label(m[1]))
	}
	slices.Sort(out)
	return out
}

func (n *naive) apply(m [2][2]int) {
	n.set(m[0], '.')
	n.set(m[1], n.mover)
	if n.mover == 'W' {
		n.mover = 'B'
	} else {
		n.mover = 'W'
	}
}

func (n *naive) play(text string) bool {
	for _, m := range n.moves() {
		if n.label(m[0])+"-"+n.label(m[1]) == text {
			n.apply(m)
			return true
		}
	}
	return false
}

func (n *naive) key() string { return string(n.grid) + string(n.mover) }

// perft counts positions by depth as rules.Perft does.
func (n *naive) perft(depth int) []uint64 {
	counts := make([]uint64, depth)
	var rec func(p *naive, d int)
	rec = func(p *naive, d int) {
		seen := map[string]bool{}
		for _, m := range p.moves() {
			c := p.clone()
			c.apply(m)
			if k := c.key(); !seen[k] {
				seen[k] = true
				counts[d]++
				if d+1 < depth {
					rec(c, d+1)
				}
			}
		}
	}
	if depth > 0 {
		rec(n, 0)
	}
	return counts
}
