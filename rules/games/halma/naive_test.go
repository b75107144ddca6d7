package halma

import (
	"slices"
	"strconv"
	"strings"

	"koma/rules"
	"koma/rules/board"
)

// This file holds a second, deliberately plain Halma: a grid of bytes, every whole turn
// found square by square (a step, or every square a hop chain may end on) and the end
// rules checked cell by cell. It shares no code with the package, so agreeing perft
// figures, turn lists and results check the bitboards and the hop-by-hop encoding.

type naive struct {
	grid   [8][8]byte // grid[rank][file], rank 0 at the bottom: 'W', 'B' or '.'
	white  bool       // White to move
	turns  int
	over   bool
	winner byte // 'W', 'B', or 0 for a draw
	reason string
}

func naiveStart() *naive {
	n := &naive{white: true}
	for r := range 8 {
		for f := range 8 {
			switch {
			case f+r <= 3:
				n.grid[r][f] = 'W'
			case 14-f-r <= 3:
				n.grid[r][f] = 'B'
			default:
				n.grid[r][f] = '.'
			}
		}
	}
	return n
}

func (n *naive) clone() *naive {
	c := *n
	return &c
}

func (n *naive) me() byte {
	if n.white {
		return 'W'
	}
	return 'B'
}

// inCamp reports whether (f, r) is in the starting camp of colour c.
func inCamp(c byte, f, r int) bool {
	if c == 'W' {
		return f+r <= 3
	}
	return 14-f-r <= 3
}

// inGoal reports whether (f, r) is in the goal of colour c: the other colour's camp.
func inGoal(c byte, f, r int) bool {
	if c == 'W' {
		return inCamp('B', f, r)
	}
	return inCamp('W', f, r)
}

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

var naiveDirs = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// ends lists the squares where a turn of the piece on (f, r) may end, once each, with the
// piece's colour c: its steps, and every square a hop chain can stop on.
func (n *naive) ends(f, r int) [][2]int {
	c := n.grid[r][f]
	locked := inGoal(c, f, r)
	ok := func(tf, tr int) bool {
		return (tf != f || tr != r) && (!locked || inGoal(c, tf, tr))
	}
	seen := map[[2]int]bool{}
	var out [][2]int
	add := func(tf, tr int) {
		if !seen[[2]int{tf, tr}] {
			seen[[2]int{tf, tr}] = true
			out = append(out, [2]int{tf, tr})
		}
	}
	for _, d := range naiveDirs {
		tf, tr := f+d[0], r+d[1]
		if onBoard(tf, tr) && n.grid[tr][tf] == '.' && ok(tf, tr) {
			add(tf, tr)
		}
	}
	g := n.grid
	g[r][f] = '.'
	var hop func(af, ar int, jumped map[[2]int]bool)
	hop = func(af, ar int, jumped map[[2]int]bool) {
		for _, d := range naiveDirs {
			of, or := af+d[0], ar+d[1]
			lf, lr := af+2*d[0], ar+2*d[1]
			if !onBoard(lf, lr) || g[or][of] == '.' || g[lr][lf] != '.' || jumped[[2]int{of, or}] {
				continue
			}
			if ok(lf, lr) {
				add(lf, lr)
			}
			jumped[[2]int{of, or}] = true
			hop(lf, lr, jumped)
			delete(jumped, [2]int{of, or})
		}
	}
	hop(f, r, map[[2]int]bool{})
	return out
}

// children returns the positions one whole turn leads to, by key, with the position.
func (n *naive) children() map[string]*naive {
	out := map[string]*naive{}
	if n.over {
		return out
	}
	c := n.me()
	for r := range 8 {
		for f := range 8 {
			if n.grid[r][f] != c {
				continue
			}
			for _, e := range n.ends(f, r) {
				k := n.clone()
				k.grid[r][f] = '.'
				k.grid[e[1]][e[0]] = c
				k.endTurn()
				out[k.key()] = k
			}
		}
	}
	if len(out) == 0 {
		k := n.clone()
		k.endTurn()
		out[k.key()] = k
	}
	return out
}

func (n *naive) full(c byte) bool {
	mine := false
	for r := range 8 {
		for f := range 8 {
			if !inGoal(c, f, r) {
				continue
			}
			if n.grid[r][f] == '.' {
				return false
			}
			if n.grid[r][f] == c {
				mine = true
			}
		}
	}
	return mine
}

func (n *naive) endTurn() {
	mover := n.me()
	other := byte('B')
	if mover == 'B' {
		other = 'W'
	}
	n.white = !n.white
	n.turns++
	own := (n.turns + 1) / 2
	if mover == 'B' {
		own = n.turns / 2
	}
	home := false
	for r := range 8 {
		for f := range 8 {
			if n.grid[r][f] == mover && inCamp(mover, f, r) {
				home = true
			}
		}
	}
	switch {
	case n.full(mover):
		n.over, n.winner, n.reason = true, mover, "goal"
	case n.full(other):
		n.over, n.winner, n.reason = true, other, "goal"
	case own == 30 && home:
		n.over, n.winner, n.reason = true, other, "stalled"
	case n.turns >= 300:
		n.over, n.winner, n.reason = true, 0, "turn-limit"
	}
}

func (n *naive) key() string {
	var sb strings.Builder
	for _, row := range n.grid {
		sb.Write(row[:])
	}
	return sb.String() + strconv.FormatBool(n.white) + strconv.Itoa(n.turns) + strconv.FormatBool(n.over) + string(rune('0'+n.winner)) + n.reason
}

// keyOf writes a fast state the way naive.key writes a naive one.
func keyOf(s rules.State) string {
	var sb strings.Builder
	var ps []rules.Piece
	for site := range board.Site(64) {
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
	o, over := s.Outcome()
	w := byte(0)
	if over && o.Winner == 0 {
		w = 'W'
	} else if over && o.Winner == 1 {
		w = 'B'
	}
	return sb.String() + strconv.FormatBool(st.Turn == 0) + strconv.Itoa(int(st.turns)) + strconv.FormatBool(over) + string(rune('0'+w)) + o.Reason
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
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
