package mabi

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"koma/rules"
	"koma/rules/board"
)

// This file holds a second, deliberately plain Mabi: a grid of piece numbers, groups found
// by a breadth-first search over the grid, every rule checked square by square from
// scratch, the history as a list of board strings, and the formation turns kept per set
// of piece numbers. It shares no code with the package (only the Setup text), so agreeing
// perft figures, turn lists and results check the bitboards, the incremental group lists,
// the filter in front of the history and the incremental formation turns.

type naive struct {
	// grid[rank][file], rank 0 at the bottom: 0 for empty, 1..99 a White piece, 101.. a
	// Black one. The numbers follow the pieces as they move.
	grid    [8][8]int
	white   bool // White to move
	lock    byte // 'W' or 'B': the player locked out by a pass; 0 for none
	turns   int
	history []string
	// formed maps a group, written as its sorted piece numbers, to the turn it was formed.
	formed map[string]int
	over   bool
	winner byte // 'W', 'B', or 0 for a draw
	reason string
}

func naiveStart() *naive {
	n := &naive{white: true, formed: map[string]int{}}
	rows := strings.Split(strings.TrimSpace(Setup), "\n")
	w, b := 1, 101
	for i, row := range rows {
		for f, tok := range strings.Fields(row) {
			r := 7 - i
			switch tok {
			case "W":
				n.grid[r][f] = w
				w++
			case "B":
				n.grid[r][f] = b
				b++
			}
		}
	}
	for _, g := range n.groups() {
		n.formed[g.key] = 0
	}
	n.history = []string{n.boardString()}
	return n
}

func (n *naive) clone() *naive {
	c := *n
	c.history = slices.Clone(n.history)
	c.formed = map[string]int{}
	for k, v := range n.formed {
		c.formed[k] = v
	}
	return &c
}

func colourOf(id int) byte {
	switch {
	case id == 0:
		return '.'
	case id < 100:
		return 'W'
	}
	return 'B'
}

func (n *naive) me() byte {
	if n.white {
		return 'W'
	}
	return 'B'
}

func other(c byte) byte {
	if c == 'W' {
		return 'B'
	}
	return 'W'
}

func (n *naive) boardString() string {
	var sb strings.Builder
	for r := range 8 {
		for f := range 8 {
			sb.WriteByte(colourOf(n.grid[r][f]))
		}
	}
	return sb.String()
}

type naiveGroup struct {
	colour byte
	cells  [][2]int // (file, rank)
	key    string
}

var naiveDirs = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// groups finds every group by breadth-first search, in square order of its first cell.
func (n *naive) groups() []naiveGroup {
	var seen [8][8]bool
	var out []naiveGroup
	for r := range 8 {
		for f := range 8 {
			if n.grid[r][f] == 0 || seen[r][f] {
				continue
			}
			c := colourOf(n.grid[r][f])
			g := naiveGroup{colour: c}
			queue := [][2]int{{f, r}}
			seen[r][f] = true
			var ids []int
			for len(queue) > 0 {
				cell := queue[0]
				queue = queue[1:]
				g.cells = append(g.cells, cell)
				ids = append(ids, n.grid[cell[1]][cell[0]])
				for _, d := range naiveDirs {
					nf, nr := cell[0]+d[0], cell[1]+d[1]
					if onBoard(nf, nr) && !seen[nr][nf] && colourOf(n.grid[nr][nf]) == c {
						seen[nr][nf] = true
						queue = append(queue, [2]int{nf, nr})
					}
				}
			}
			slices.Sort(ids)
			g.key = fmt.Sprint(ids)
			out = append(out, g)
		}
	}
	return out
}

// sizeAt returns, for every square, the size of the group standing on it.
func (n *naive) sizeAt(gs []naiveGroup) [8][8]int {
	var size [8][8]int
	for _, g := range gs {
		for _, c := range g.cells {
			size[c[1]][c[0]] = len(g.cells)
		}
	}
	return size
}

// canMove reports whether the piece on (f, r) may move, by the rules read one by one.
func (n *naive) canMove(f, r int) bool {
	c := colourOf(n.grid[r][f])
	if c != n.me() {
		return false
	}
	if n.turns == 0 && f != 0 && f != 7 && r != 0 && r != 7 {
		return false
	}
	gs := n.groups()
	size := n.sizeAt(gs)
	// Paralysis: an enemy neighbour in a larger group.
	for _, d := range naiveDirs {
		nf, nr := f+d[0], r+d[1]
		if onBoard(nf, nr) && colourOf(n.grid[nr][nf]) == other(c) && size[nr][nf] > size[r][f] {
			return false
		}
	}
	// The single largest group of the board may not move.
	largest, count := 0, 0
	for _, g := range gs {
		switch {
		case len(g.cells) > largest:
			largest, count = len(g.cells), 1
		case len(g.cells) == largest:
			count++
		}
	}
	return !(count == 1 && size[r][f] == largest)
}

// steps lists the legal steps as (from, to) cells.
func (n *naive) steps() [][4]int {
	var out [][4]int
	for r := range 8 {
		for f := range 8 {
			if !n.canMove(f, r) {
				continue
			}
			for _, d := range naiveDirs {
				tf, tr := f+d[0], r+d[1]
				if !onBoard(tf, tr) || n.grid[tr][tf] != 0 {
					continue
				}
				k := n.clone()
				k.grid[tr][tf], k.grid[r][f] = k.grid[r][f], 0
				b := k.boardString()
				seen := 0
				for _, h := range n.history {
					if h == b {
						seen++
					}
				}
				if seen < 2 {
					out = append(out, [4]int{f, r, tf, tr})
				}
			}
		}
	}
	return out
}

func (n *naive) canPass(steps int) bool { return n.turns > 0 || steps == 0 }

// children returns the positions one turn leads to, by key.
func (n *naive) children() map[string]*naive {
	out := map[string]*naive{}
	if n.over {
		return out
	}
	steps := n.steps()
	for _, st := range steps {
		k := n.clone()
		k.step(st)
		out[k.key()] = k
	}
	if n.canPass(len(steps)) {
		k := n.clone()
		k.pass()
		out[k.key()] = k
	}
	return out
}

// moveCount is the number of legal turns, for the last level of perft.
func (n *naive) moveCount() int {
	if n.over {
		return 0
	}
	s := len(n.steps())
	if n.canPass(s) {
		s++
	}
	return s
}

func (n *naive) step(st [4]int) {
	me := n.me()
	n.grid[st[3]][st[2]], n.grid[st[1]][st[0]] = n.grid[st[1]][st[0]], 0
	n.turns++
	formed := map[string]int{}
	for _, g := range n.groups() {
		if t, ok := n.formed[g.key]; ok {
			formed[g.key] = t
		} else {
			formed[g.key] = n.turns
		}
	}
	n.formed = formed
	n.history = append(n.history, n.boardString())
	if n.lock != other(me) {
		n.white = !n.white
	}
	n.checkLimit()
}

func (n *naive) pass() {
	me := n.me()
	n.turns++
	if n.lock == other(me) {
		n.finish()
		return
	}
	n.lock = me
	n.white = !n.white
	n.checkLimit()
}

func (n *naive) checkLimit() {
	if n.turns >= 250 {
		n.finish()
		n.reason = "turn-limit"
	}
}

// largest returns c's largest group size and the earliest formation turn among c's groups
// of that size.
func (n *naive) largest(c byte) (int, int) {
	size, when := 0, 1<<30
	for _, g := range n.groups() {
		if g.colour != c {
			continue
		}
		t := n.formed[g.key]
		if len(g.cells) > size || len(g.cells) == size && t < when {
			size, when = len(g.cells), t
		}
	}
	return size, when
}

func (n *naive) finish() {
	n.over = true
	a, ta := n.largest('W')
	b, tb := n.largest('B')
	switch {
	case a != b:
		n.reason = "larger-group"
		n.winner = 'W'
		if b > a {
			n.winner = 'B'
		}
	case ta != tb:
		n.reason = "tie-break"
		n.winner = 'W'
		if tb < ta {
			n.winner = 'B'
		}
	default:
		n.reason = "tie"
	}
}

// shortKey writes the position without its history, the way keyOf writes a fast one.
func (n *naive) shortKey() string {
	var sb strings.Builder
	sb.WriteString(n.boardString())
	fmt.Fprintf(&sb, " %v %c %d %v %c %s |", n.white, max(n.lock, '-'), n.turns, n.over, max(n.winner, '-'), n.reason)
	// The formation turn of every piece, square by square.
	gs := n.groups()
	var when [8][8]int
	for _, g := range gs {
		for _, c := range g.cells {
			when[c[1]][c[0]] = n.formed[g.key]
		}
	}
	for r := range 8 {
		for f := range 8 {
			if n.grid[r][f] != 0 {
				sb.WriteString(" " + strconv.Itoa(when[r][f]))
			}
		}
	}
	return sb.String()
}

// key is shortKey and the history as a sorted multiset, the whole state.
func (n *naive) key() string {
	h := slices.Clone(n.history)
	slices.Sort(h)
	return n.shortKey() + "|" + strings.Join(h, ",")
}

// keyOf writes a fast state the way naive.shortKey writes a naive one.
func keyOf(s rules.State) string {
	st := s.(*State)
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
	lock := byte('-')
	if st.lock >= 0 {
		lock = "WB"[st.lock]
	}
	o, over := s.Outcome()
	w := byte('-')
	if over && o.Winner >= 0 {
		w = "WB"[o.Winner]
	}
	fmt.Fprintf(&sb, " %v %c %d %v %c %s |", st.Turn == 0, lock, st.turns, over, w, o.Reason)
	for site := range 64 {
		if (st.pieces[0]|st.pieces[1])>>site&1 != 0 {
			sb.WriteString(" " + strconv.Itoa(int(st.formed[site])))
		}
	}
	return sb.String()
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// naivePerft counts positions by whole turns, merging the children of each position that
// are the same state, as rules.Perft does. Every turn of a position leads to a different
// board or lock, so the last level needs only the number of legal turns.
func naivePerft(n *naive, depth int) []uint64 {
	counts := make([]uint64, depth)
	var rec func(g *naive, d int)
	rec = func(g *naive, d int) {
		if d == depth-1 {
			counts[d] += uint64(g.moveCount())
			return
		}
		for _, c := range g.children() {
			counts[d]++
			rec(c, d+1)
		}
	}
	if depth > 0 {
		rec(n, 0)
	}
	return counts
}
