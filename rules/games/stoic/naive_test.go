package stoic

import (
	"slices"
	"strconv"
)

// naive is a second, deliberately plain implementation of Stoic used only to cross-check
// the real one. It shares no code with it: the board is a square array indexed by axial
// coordinates, labels and directions are worked out here from board.NewHex's documented
// convention, and every question is answered by scanning the board from scratch.
type naive struct {
	r     int
	grid  []byte // grid[(q+r)*(2r+1)+y+r]: '.', 'W', 'B', or ' ' outside the hexagon
	mover byte
}

// naiveDirs are the six axial steps of a hex board, listed in another order than the real
// implementation's on purpose.
var naiveDirs = [][2]int{{0, 1}, {1, -1}, {-1, 0}, {0, -1}, {-1, 1}, {1, 0}}

func newNaive(size int) *naive {
	r := size - 1
	n := &naive{r: r, mover: 'W', grid: make([]byte, (2*r+1)*(2*r+1))}
	for q := -r; q <= r; q++ {
		for y := -r; y <= r; y++ {
			if n.inside(q, y) {
				n.grid[n.index(q, y)] = '.'
			} else {
				n.grid[n.index(q, y)] = ' '
			}
		}
	}
	return n
}

func (n *naive) index(q, y int) int { return (q+n.r)*(2*n.r+1) + y + n.r }

func (n *naive) inside(q, y int) bool {
	a := func(x int) int {
		if x < 0 {
			return -x
		}
		return x
	}
	return a(q) <= n.r && a(y) <= n.r && a(q+y) <= n.r
}

func (n *naive) at(q, y int) byte {
	if !n.inside(q, y) {
		return ' '
	}
	return n.grid[n.index(q, y)]
}

func (n *naive) label(q, y int) string {
	return string(rune('a'+q+n.r)) + strconv.Itoa(y+n.r+1)
}

func (n *naive) clone() *naive {
	return &naive{r: n.r, mover: n.mover, grid: slices.Clone(n.grid)}
}

func other(c byte) byte {
	if c == 'W' {
		return 'B'
	}
	return 'W'
}

// allowed says whether colour may place on the empty cell (q, y).
func (n *naive) allowed(q, y int, colour byte) bool {
	if n.at(q, y) != '.' {
		return false
	}
	for _, d := range naiveDirs {
		if n.at(q+d[0], y+d[1]) == other(colour) && n.at(q+2*d[0], y+2*d[1]) == colour {
			return false
		}
	}
	return true
}

// cells lists the axial coordinates of the cells the mover may take.
func (n *naive) cells() [][2]int {
	var out [][2]int
	for q := -n.r; q <= n.r; q++ {
		for y := -n.r; y <= n.r; y++ {
			if n.allowed(q, y, n.mover) {
				out = append(out, [2]int{q, y})
			}
		}
	}
	return out
}

// legal lists the cells the mover may take, as move texts, sorted.
func (n *naive) legal() []string {
	var out []string
	for _, c := range n.cells() {
		out = append(out, "@"+n.label(c[0], c[1]))
	}
	slices.Sort(out)
	return out
}

func (n *naive) put(q, y int) {
	n.grid[n.index(q, y)] = n.mover
	n.mover = other(n.mover)
}

// play makes the move written text and reports whether it was legal.
func (n *naive) play(text string) bool {
	for _, c := range n.cells() {
		if "@"+n.label(c[0], c[1]) == text {
			n.put(c[0], c[1])
			return true
		}
	}
	return false
}

func (n *naive) key() string { return string(n.grid) + string(n.mover) }

// perft counts positions by depth the way rules.Perft does: children of one node that
// reach the same position count once; a player without a legal cell has lost and the line
// stops there.
func (n *naive) perft(depth int) []uint64 {
	counts := make([]uint64, depth)
	var rec func(p *naive, d int)
	rec = func(p *naive, d int) {
		seen := map[string]bool{}
		for _, c := range p.cells() {
			child := p.clone()
			child.put(c[0], c[1])
			if k := child.key(); !seen[k] {
				seen[k] = true
				counts[d]++
				if d+1 < depth {
					rec(child, d+1)
				}
			}
		}
	}
	if depth > 0 {
		rec(n, 0)
	}
	return counts
}
