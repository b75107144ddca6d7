package turkish

import (
	"slices"
	"strconv"
	"strings"
)

// This file holds a second, deliberately plain Turkish Checkers: a grid of bytes, every
// whole turn written out as text, capture routes found square by square and the maximum
// rule applied to complete routes. It shares no code with the package, so agreeing perft
// figures, move lists and results check the bitboards, the hop-by-hop encoding and the
// maximum rule enforced on each hop against the rules themselves.

type naive struct {
	// grid[rank][file], rank 0 at the bottom: 'O' white man, 'K' white king, 'o' black
	// man, 'k' black king, '.' empty.
	grid    [8][8]byte
	white   bool // White to move
	quiet   int
	history []string
	over    bool
	winner  byte // 'W', 'B' or 0 for a draw
	reason  string
}

func naiveStart() *naive {
	n := &naive{white: true}
	for r := range 8 {
		for f := range 8 {
			switch r {
			case 1, 2:
				n.grid[r][f] = 'O'
			case 5, 6:
				n.grid[r][f] = 'o'
			default:
				n.grid[r][f] = '.'
			}
		}
	}
	n.history = []string{n.position()}
	return n
}

func (n *naive) clone() *naive {
	c := *n
	c.history = slices.Clone(n.history)
	return &c
}

func nName(f, r int) string { return string(rune('a'+f)) + strconv.Itoa(r+1) }

func nInside(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

func isWhite(c byte) bool { return c == 'O' || c == 'K' }
func isBlack(c byte) bool { return c == 'o' || c == 'k' }
func isKing(c byte) bool  { return c == 'K' || c == 'k' }

func (n *naive) mine(c byte) bool {
	if n.white {
		return isWhite(c)
	}
	return isBlack(c)
}

func (n *naive) theirs(c byte) bool {
	if n.white {
		return isBlack(c)
	}
	return isWhite(c)
}

// position is the board and the player to move: what the repetition rule compares.
func (n *naive) position() string {
	var sb strings.Builder
	for _, row := range n.grid {
		sb.Write(row[:])
	}
	if n.white {
		sb.WriteByte('W')
	} else {
		sb.WriteByte('B')
	}
	return sb.String()
}

func (n *naive) key() string {
	h := slices.Clone(n.history)
	slices.Sort(h)
	return n.position() + strconv.Itoa(n.quiet) + strings.Join(h, "|") + strconv.FormatBool(n.over) + string(n.winner) + n.reason
}

var nDirs = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// turn is one whole turn: the squares the piece stands on, in order, and whether it
// captures.
type naiveTurn struct {
	path    [][2]int
	capture bool
}

func (t naiveTurn) text() string {
	parts := make([]string, len(t.path))
	for i, p := range t.path {
		parts[i] = nName(p[0], p[1])
	}
	if t.capture {
		return strings.Join(parts, "x")
	}
	return strings.Join(parts, "-")
}

// forward is the rank direction of the men of the player to move.
func (n *naive) forward() int {
	if n.white {
		return 1
	}
	return -1
}

// routes appends every complete capture route of the piece standing on path's last
// square, on grid g, its last jump having gone (ldf, ldr).
func (n *naive) routes(g [8][8]byte, path [][2]int, ldf, ldr int, out *[]naiveTurn) {
	f, r := path[len(path)-1][0], path[len(path)-1][1]
	piece := g[r][f]
	found := false
	for _, d := range nDirs {
		df, dr := d[0], d[1]
		if !isKing(piece) {
			if dr == -n.forward() {
				continue
			}
			of, or := f+df, r+dr
			lf, lr := f+2*df, r+2*dr
			if !nInside(lf, lr) || !n.theirs(g[or][of]) || g[lr][lf] != '.' {
				continue
			}
			next := g
			next[r][f], next[or][of], next[lr][lf] = '.', '.', piece
			found = true
			n.routes(next, append(slices.Clone(path), [2]int{lf, lr}), df, dr, out)
			continue
		}
		if len(path) > 1 && df == -ldf && dr == -ldr {
			continue // no turning back
		}
		of, or := f+df, r+dr
		for nInside(of, or) && g[or][of] == '.' {
			of, or = of+df, or+dr
		}
		if !nInside(of, or) || !n.theirs(g[or][of]) {
			continue
		}
		for lf, lr := of+df, or+dr; nInside(lf, lr) && g[lr][lf] == '.'; lf, lr = lf+df, lr+dr {
			next := g
			next[r][f], next[or][of], next[lr][lf] = '.', '.', piece
			found = true
			n.routes(next, append(slices.Clone(path), [2]int{lf, lr}), df, dr, out)
		}
	}
	if !found && len(path) > 1 {
		*out = append(*out, naiveTurn{path: path, capture: true})
	}
}

// turns lists every legal whole turn.
func (n *naive) turns() []naiveTurn {
	if n.over {
		return nil
	}
	var caps []naiveTurn
	for r := range 8 {
		for f := range 8 {
			if n.mine(n.grid[r][f]) {
				n.routes(n.grid, [][2]int{{f, r}}, 0, 0, &caps)
			}
		}
	}
	if len(caps) > 0 {
		most := 0
		for _, c := range caps {
			most = max(most, len(c.path))
		}
		var out []naiveTurn
		for _, c := range caps {
			if len(c.path) == most {
				out = append(out, c)
			}
		}
		return out
	}
	var out []naiveTurn
	for r := range 8 {
		for f := range 8 {
			c := n.grid[r][f]
			if !n.mine(c) {
				continue
			}
			for _, d := range nDirs {
				if !isKing(c) && d[1] == -n.forward() {
					continue
				}
				for tf, tr := f+d[0], r+d[1]; nInside(tf, tr) && n.grid[tr][tf] == '.'; tf, tr = tf+d[0], tr+d[1] {
					out = append(out, naiveTurn{path: [][2]int{{f, r}, {tf, tr}}})
					if !isKing(c) {
						break
					}
				}
			}
		}
	}
	return out
}

func (n *naive) play(t naiveTurn) {
	from, to := t.path[0], t.path[len(t.path)-1]
	piece := n.grid[from[1]][from[0]]
	n.grid[from[1]][from[0]] = '.'
	for i := 1; i < len(t.path); i++ {
		a, b := t.path[i-1], t.path[i]
		df, dr := sign(b[0]-a[0]), sign(b[1]-a[1])
		for f, r := a[0]+df, a[1]+dr; f != b[0] || r != b[1]; f, r = f+df, r+dr {
			n.grid[r][f] = '.'
		}
	}
	forwardStep := !t.capture && !isKing(piece) && from[0] == to[0]
	if piece == 'O' && to[1] == 7 {
		piece = 'K'
	}
	if piece == 'o' && to[1] == 0 {
		piece = 'k'
	}
	n.grid[to[1]][to[0]] = piece
	n.white = !n.white
	if t.capture || forwardStep {
		n.quiet = 0
		n.history = nil
	} else {
		n.quiet++
	}
	pos := n.position()
	n.history = append(n.history, pos)
	// The mover's pieces and the opponent's, now that the opponent is to move.
	var mover, other int
	for r := range 8 {
		for f := range 8 {
			switch {
			case n.mine(n.grid[r][f]):
				other++
			case n.theirs(n.grid[r][f]):
				mover++
			}
		}
	}
	moverColour := byte('B')
	if !n.white {
		moverColour = 'W'
	}
	reps := 0
	for _, h := range n.history {
		if h == pos {
			reps++
		}
	}
	switch {
	case other == 0:
		n.end(moverColour, "captured-all")
	case mover == 1 && other == 1:
		n.end(0, "one-each")
	case len(n.turns()) == 0:
		n.end(moverColour, "no-moves")
	case reps >= 3:
		n.end(0, "repetition")
	case n.quiet >= 100:
		n.end(0, "no-progress")
	}
}

func (n *naive) end(w byte, reason string) { n.over, n.winner, n.reason = true, w, reason }

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// naivePerft counts distinct positions by whole turns, merging equal keys per depth as
// rules.Perft merges equal states among the children of one position.
func naivePerft(n *naive, depth int) []uint64 {
	counts := make([]uint64, depth)
	var rec func(g *naive, d int)
	rec = func(g *naive, d int) {
		seen := map[string]bool{}
		for _, t := range g.turns() {
			c := g.clone()
			c.play(t)
			k := c.key()
			if seen[k] {
				continue
			}
			seen[k] = true
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
