package alquerque

// A deliberately naive second implementation of both rule sets, written from the rules
// rather than from the fast code: a 2D character board, coordinates instead of site indices,
// board copies instead of undo, strings for positions, and the full "point last left" memory
// per piece instead of the fast code's two masks. Tests compare its perft figures and its
// legal moves with the real implementation.

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

type pt struct{ x, y int }

func (p pt) name() string { return string(rune('a'+p.x)) + strconv.Itoa(p.y+1) }

type naive struct {
	bell  bool
	cells [5][5]byte // [y][x]: 'W', 'B' or '.'
	side  byte       // 'W' or 'B': whose turn it is, or would be once the game is over
	// left[y][x] is the point the piece on (x, y) left with its last step; hasLeft says
	// whether it has one (cleared by a capture).
	left    [5][5]pt
	hasLeft [5][5]bool
	quiet   int
	seen    []string // simple rules: positions since the last capture, current included
	over    bool
	winner  byte // 'W', 'B' or '-' for a draw
	reason  string
}

type naiveMove struct {
	path []pt
	jump bool
}

func (m naiveMove) text() string {
	var parts []string
	for _, p := range m.path {
		parts = append(parts, p.name())
	}
	if m.jump {
		return strings.Join(parts, "x")
	}
	return strings.Join(parts, "-")
}

func naiveStart(bell bool) *naive {
	n := &naive{bell: bell, side: 'W'}
	rows := []string{"WWWWW", "WWWWW", "BB.WW", "BBBBB", "BBBBB"}
	for y, r := range rows {
		for x := range r {
			n.cells[y][x] = r[x]
		}
	}
	n.seen = []string{n.position()}
	return n
}

func (n *naive) clone() *naive {
	c := *n
	c.seen = slices.Clone(n.seen)
	return &c
}

func opponent(c byte) byte {
	if c == 'W' {
		return 'B'
	}
	return 'W'
}

func onBoard(x, y int) bool { return x >= 0 && x < 5 && y >= 0 && y < 5 }

// lineDirs lists the directions with a drawn line from (x, y): all four orthogonal ones, and
// the diagonals only where x+y is even.
func lineDirs(x, y int) []pt {
	dirs := []pt{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	if (x+y)%2 == 0 {
		dirs = append(dirs, pt{1, 1}, pt{1, -1}, pt{-1, -1}, pt{-1, 1})
	}
	return dirs
}

func (n *naive) position() string {
	var sb strings.Builder
	for y := range 5 {
		sb.Write(n.cells[y][:])
	}
	sb.WriteByte(n.side)
	return sb.String()
}

func (n *naive) count(c byte) int {
	k := 0
	for y := range 5 {
		for x := range 5 {
			if n.cells[y][x] == c {
				k++
			}
		}
	}
	return k
}

// jumpChains lists the capture chains of the piece standing at path's last point, on the
// given board. Under the simple rules every prefix is a move; under Bell's only chains that
// cannot go on.
func (n *naive) jumpChains(cells [5][5]byte, path []pt, out *[]naiveMove) {
	at := path[len(path)-1]
	me := cells[at.y][at.x]
	more := false
	for _, d := range lineDirs(at.x, at.y) {
		over := pt{at.x + d.x, at.y + d.y}
		land := pt{at.x + 2*d.x, at.y + 2*d.y}
		if !onBoard(land.x, land.y) || cells[over.y][over.x] != opponent(me) || cells[land.y][land.x] != '.' {
			continue
		}
		more = true
		next := cells
		next[at.y][at.x] = '.'
		next[over.y][over.x] = '.'
		next[land.y][land.x] = me
		p := append(slices.Clone(path), land)
		if !n.bell {
			*out = append(*out, naiveMove{path: p, jump: true})
		}
		n.jumpChains(next, p, out)
	}
	if n.bell && !more && len(path) > 1 {
		*out = append(*out, naiveMove{path: slices.Clone(path), jump: true})
	}
}

func (n *naive) moves() []naiveMove {
	if n.over {
		return nil
	}
	var jumps, steps []naiveMove
	for y := range 5 {
		for x := range 5 {
			if n.cells[y][x] != n.side {
				continue
			}
			n.jumpChains(n.cells, []pt{{x, y}}, &jumps)
			for _, d := range lineDirs(x, y) {
				to := pt{x + d.x, y + d.y}
				if !onBoard(to.x, to.y) || n.cells[to.y][to.x] != '.' {
					continue
				}
				if n.bell {
					if n.side == 'W' && (d.y < 0 || y == 4) || n.side == 'B' && (d.y > 0 || y == 0) {
						continue
					}
					if n.hasLeft[y][x] && n.left[y][x] == to {
						continue
					}
				}
				steps = append(steps, naiveMove{path: []pt{{x, y}, to}})
			}
		}
	}
	if n.bell && len(jumps) > 0 {
		return jumps
	}
	return append(jumps, steps...)
}

func (n *naive) play(m naiveMove) {
	from, to := m.path[0], m.path[len(m.path)-1]
	me := n.side
	n.cells[from.y][from.x] = '.'
	n.hasLeft[from.y][from.x] = false
	for i := 1; i < len(m.path); i++ {
		a, b := m.path[i-1], m.path[i]
		mx, my := (a.x+b.x)/2, (a.y+b.y)/2
		if m.jump {
			n.cells[my][mx] = '.'
			n.hasLeft[my][mx] = false
		}
	}
	n.cells[to.y][to.x] = me
	n.hasLeft[to.y][to.x] = !m.jump
	n.left[to.y][to.x] = from
	n.side = opponent(me)
	if m.jump {
		n.quiet = 0
		n.seen = nil
	} else {
		n.quiet++
	}
	pos := n.position()
	if !n.bell {
		n.seen = append(n.seen, pos)
	}
	reps := 0
	for _, p := range n.seen {
		if p == pos {
			reps++
		}
	}
	switch {
	case n.count(n.side) == 0:
		n.end(me, "captured-all")
	case n.bell:
		if len(n.moves()) == 0 {
			n.end(me, "no-moves")
		}
	case reps >= 3:
		n.judge("repetition")
	case n.quiet >= 50:
		n.judge("no-captures")
	case len(n.moves()) == 0:
		n.judge("blocked")
	}
}

func (n *naive) end(w byte, reason string) { n.over, n.winner, n.reason = true, w, reason }

func (n *naive) judge(reason string) {
	w, b := n.count('W'), n.count('B')
	switch {
	case w > b:
		n.end('W', reason)
	case b > w:
		n.end('B', reason)
	default:
		n.end('-', reason)
	}
}

// key describes everything that can influence the rest of the game. The "point last left"
// memory matters only where stepping back to it is not already a backward step.
func (n *naive) key() string {
	var sb strings.Builder
	sb.WriteString(n.position())
	if n.bell {
		for y := range 5 {
			for x := range 5 {
				if !n.hasLeft[y][x] || n.cells[y][x] == '.' {
					continue
				}
				dy := n.left[y][x].y - y
				if n.cells[y][x] == 'W' && dy >= 0 || n.cells[y][x] == 'B' && dy <= 0 {
					sb.WriteString(" " + pt{x, y}.name() + ">" + n.left[y][x].name())
				}
			}
		}
	} else {
		seen := slices.Clone(n.seen)
		sort.Strings(seen)
		sb.WriteString(" " + strconv.Itoa(n.quiet) + " " + strings.Join(seen, ","))
	}
	if n.over {
		sb.WriteString(" over " + string(n.winner) + " " + n.reason)
	}
	return sb.String()
}

// naivePerft counts, like rules.Perft, the distinct positions after each turn of each
// position, summed over the positions of the previous depth.
func naivePerft(n *naive, depth int) []uint64 {
	counts := make([]uint64, depth)
	var walk func(n *naive, d int)
	walk = func(n *naive, d int) {
		keys := map[string]bool{}
		for _, m := range n.moves() {
			c := n.clone()
			c.play(m)
			k := c.key()
			if keys[k] {
				continue
			}
			keys[k] = true
			counts[d]++
			if d+1 < depth {
				walk(c, d+1)
			}
		}
	}
	if depth > 0 {
		walk(n, 0)
	}
	return counts
}
