package squish

import (
	"slices"
	"strconv"
	"strings"
)

// naive is a second, deliberately plain implementation of Squish and Flowish used only to
// cross-check the real one. It shares no code with it: the board is a map from axial
// coordinates, the labels, directions and setup are worked out here from board.NewHex's
// documented convention and the package comment, and every question (groups, flowlines, the
// end) is answered by scanning the board from scratch.
type naive struct {
	r     int
	flow  bool
	grid  []byte // grid[(q+r)*(2r+1)+y+r]: '.', 'W', 'B', or ' ' outside the board
	mover byte
	// seen lists the positions since the last capture; quiet counts the turns since then.
	seen   []string
	quiet  int
	over   bool
	winner byte // 'W', 'B' or 0 for a draw
	reason string
}

// naiveDirs are the six axial steps of a hex board, in another order than the real
// implementation's on purpose.
var naiveDirs = [][2]int{{0, -1}, {1, 0}, {-1, 1}, {1, -1}, {0, 1}, {-1, 0}}

func newNaive(size int, flow bool) *naive {
	r := size - 1
	n := &naive{r: r, flow: flow, grid: make([]byte, (2*r+1)*(2*r+1)), mover: 'W'}
	for q := -r; q <= r; q++ {
		for y := -r; y <= r; y++ {
			c := [2]int{q, y}
			switch {
			case !n.inside(q, y):
				n.set(c, ' ')
			case ((q-y)%3+3)%3 == 1:
				n.set(c, 'W')
			case ((q-y)%3+3)%3 == 2:
				n.set(c, 'B')
			default:
				n.set(c, '.')
			}
		}
	}
	n.seen = []string{n.board()}
	return n
}

func (n *naive) at(c [2]int) byte {
	if !n.inside(c[0], c[1]) {
		return ' '
	}
	return n.grid[(c[0]+n.r)*(2*n.r+1)+c[1]+n.r]
}

func (n *naive) set(c [2]int, v byte) { n.grid[(c[0]+n.r)*(2*n.r+1)+c[1]+n.r] = v }

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (n *naive) inside(q, y int) bool { return iabs(q) <= n.r && iabs(y) <= n.r && iabs(q+y) <= n.r }

func (n *naive) label(c [2]int) string {
	return string(rune('a'+c[0]+n.r)) + strconv.Itoa(c[1]+n.r+1)
}

func opp(c byte) byte {
	if c == 'W' {
		return 'B'
	}
	return 'W'
}

// board is the pieces and the mover, in a fixed order.
func (n *naive) board() string {
	return string(n.grid) + string(n.mover)
}

func (n *naive) key() string {
	hist := slices.Clone(n.seen)
	slices.Sort(hist)
	return n.board() + "|" + strconv.Itoa(n.quiet) + "|" + string(rune(n.winner)) + n.reason + "|" + strings.Join(hist, ",")
}

func (n *naive) clone() *naive {
	c := *n
	c.grid = slices.Clone(n.grid)
	c.seen = slices.Clone(n.seen)
	return &c
}

func (n *naive) pieces(colour byte) [][2]int {
	var out [][2]int
	for q := -n.r; q <= n.r; q++ {
		for y := -n.r; y <= n.r; y++ {
			if n.at([2]int{q, y}) == colour {
				out = append(out, [2]int{q, y})
			}
		}
	}
	return out
}

// groups splits colour's pieces into groups by a depth-first walk.
func (n *naive) groups(colour byte) [][][2]int {
	done := map[[2]int]bool{}
	var out [][][2]int
	for _, p := range n.pieces(colour) {
		if done[p] {
			continue
		}
		var g [][2]int
		stack := [][2]int{p}
		done[p] = true
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			g = append(g, c)
			for _, d := range naiveDirs {
				a := [2]int{c[0] + d[0], c[1] + d[1]}
				if n.inside(a[0], a[1]) && n.at(a) == colour && !done[a] {
					done[a] = true
					stack = append(stack, a)
				}
			}
		}
		out = append(out, g)
	}
	return out
}

// moves lists the legal steps as [from, to] pairs.
func (n *naive) moves() [][2][2]int {
	if n.over {
		return nil
	}
	if n.flow {
		return n.flowMoves()
	}
	var out [][2][2]int
	for _, p := range n.pieces(n.mover) {
		for _, d := range naiveDirs {
			t := [2]int{p[0] + d[0], p[1] + d[1]}
			if !n.inside(t[0], t[1]) || n.at(t) == n.mover {
				continue
			}
			for k := 2; ; k++ {
				c := [2]int{p[0] + k*d[0], p[1] + k*d[1]}
				if !n.inside(c[0], c[1]) {
					break
				}
				if n.at(c) == n.mover {
					out = append(out, [2][2]int{p, t})
					break
				}
			}
		}
	}
	return out
}

func (n *naive) flowMoves() [][2][2]int {
	largest := 0
	for _, g := range n.groups(n.mover) {
		largest = max(largest, len(g))
	}
	inG := map[[2]int]bool{}
	for _, g := range n.groups(n.mover) {
		if len(g) == largest {
			for _, c := range g {
				inG[c] = true
			}
		}
	}
	var out [][2][2]int
	outsideOnLine := false
	for _, p := range n.pieces(n.mover) {
		// distance along each direction to the first G piece
		best := 1000
		dist := map[int]int{}
		for i, d := range naiveDirs {
			for k := 1; ; k++ {
				c := [2]int{p[0] + k*d[0], p[1] + k*d[1]}
				if !n.inside(c[0], c[1]) {
					break
				}
				if inG[c] {
					dist[i] = k
					best = min(best, k)
					break
				}
			}
		}
		if len(dist) > 0 && !inG[p] {
			outsideOnLine = true
		}
		for i, d := range naiveDirs {
			if k, ok := dist[i]; ok && k == best {
				t := [2]int{p[0] + d[0], p[1] + d[1]}
				if n.at(t) != n.mover {
					out = append(out, [2][2]int{p, t})
				}
			}
		}
	}
	if outsideOnLine {
		return out
	}
	// distance from a cell to the nearest line through a G piece
	lineDist := func(c [2]int) int {
		best := 1000
		for g := range inG {
			best = min(best, iabs(c[1]-g[1]), iabs(c[0]-g[0]), iabs(c[0]+c[1]-g[0]-g[1]))
		}
		return best
	}
	for _, p := range n.pieces(n.mover) {
		if inG[p] {
			continue
		}
		for _, d := range naiveDirs {
			t := [2]int{p[0] + d[0], p[1] + d[1]}
			if n.inside(t[0], t[1]) && n.at(t) != n.mover && lineDist(t) == lineDist(p)-1 {
				out = append(out, [2][2]int{p, t})
			}
		}
	}
	return out
}

// legal lists the legal moves as texts, sorted.
func (n *naive) legal() []string {
	var out []string
	for _, m := range n.moves() {
		out = append(out, n.label(m[0])+"-"+n.label(m[1]))
	}
	slices.Sort(out)
	return out
}

func (n *naive) apply(m [2][2]int) {
	me, them := n.mover, opp(n.mover)
	captured := n.at(m[1]) == them
	n.set(m[0], '.')
	n.set(m[1], me)
	n.mover = them
	if len(n.groups(me)) == 1 {
		n.end(me, "unified")
		return
	}
	if captured && len(n.groups(them)) == 1 {
		n.end(them, "unified-by-capture")
		return
	}
	if captured {
		n.quiet = 0
		n.seen = nil
	} else {
		n.quiet++
	}
	b := n.board()
	n.seen = append(n.seen, b)
	switch {
	case len(n.moves()) == 0:
		n.end(me, "no-moves")
	case slices.Index(n.seen, b) >= 0 && count(n.seen, b) >= 3:
		n.end(0, "repetition")
	case n.quiet >= 100:
		n.end(0, "quiet")
	}
}

func (n *naive) end(winner byte, reason string) {
	n.over, n.winner, n.reason = true, winner, reason
}

// play makes the move written text and reports whether it was legal.
func (n *naive) play(text string) bool {
	for _, m := range n.moves() {
		if n.label(m[0])+"-"+n.label(m[1]) == text {
			n.apply(m)
			return true
		}
	}
	return false
}

// perft counts positions by depth the way rules.Perft does: children of one node that
// reach the same full state count once; a finished game has no children.
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

func count(list []string, x string) int {
	n := 0
	for _, y := range list {
		if y == x {
			n++
		}
	}
	return n
}
