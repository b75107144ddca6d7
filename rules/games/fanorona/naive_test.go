package fanorona

import (
	"slices"
	"strconv"
	"strings"

	"koma/rules"
	"koma/rules/board"
)

// This file holds a second, deliberately plain Fanorona: a grid of bytes, every whole
// turn found point by point (a paika, or every prefix of every capture chain, since a
// chain may stop after any capture) and the end rules checked by scanning the grid and a
// list of earlier positions. It shares no code with the package, so agreeing perft
// figures, turn lists and results check the bitboards and the step-by-step encoding.

type naive struct {
	w        int
	grid     [5][9]byte // grid[rank][file], rank 0 at the bottom: 'W', 'B' or '.'
	white    bool       // White to move
	forward  bool       // paika only forward
	loopDraw bool       // a loop is a draw
	per      int        // pieces per side at the start
	quiet    int
	hist     []string // positions (grid and side) since the last capture
	over     bool
	winner   byte // 'W', 'B', or 0 for a draw
	reason   string
}

func naiveStart(options string) *naive {
	n := &naive{w: 9, white: true, forward: strings.Contains(options, "end=forward"), loopDraw: strings.Contains(options, "end=draw")}
	rows := []string{"WWWWWWWWW", "WWWWWWWWW", "BWBW.BWBW", "BBBBBBBBB", "BBBBBBBBB"}
	if strings.Contains(options, "board=dimy") {
		n.w = 5
		rows = []string{"WWWWW", "WWWWW", "WB.WB", "BBBBB", "BBBBB"}
	}
	for r, row := range rows {
		for f := range n.w {
			n.grid[r][f] = row[f]
		}
	}
	n.per = n.count('W')
	if !n.forward {
		n.hist = []string{n.pos()}
	}
	return n
}

func (n *naive) clone() *naive {
	c := *n
	c.hist = slices.Clone(n.hist)
	return &c
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

func (n *naive) count(c byte) int {
	k := 0
	for r := range 5 {
		for f := range n.w {
			if n.grid[r][f] == c {
				k++
			}
		}
	}
	return k
}

func (n *naive) on(f, r int) bool { return f >= 0 && f < n.w && r >= 0 && r < 5 }

// line reports whether a drawn line leaves (f, r) in direction (df, dr) to a point on the
// board: diagonals only from points whose file and rank add up to an even number.
func (n *naive) line(f, r, df, dr int) bool {
	if !n.on(f+df, r+dr) {
		return false
	}
	return df == 0 || dr == 0 || (f+r)%2 == 0
}

var naiveDirs = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// step is one decision of a naive turn: a piece moves from (f, r) by dir, capturing by
// approach ('A'), withdrawal ('W') or not at all (0).
type step struct {
	f, r, dir int
	kind      byte
}

// captures lists the capturing steps of the piece on (f, r); in a chain, visited points
// may not be entered and lastDir may not be repeated.
func (n *naive) captures(f, r int, visited map[[2]int]bool, lastDir int) []step {
	c := n.grid[r][f]
	e := other(c)
	var out []step
	for d, v := range naiveDirs {
		if d == lastDir || !n.line(f, r, v[0], v[1]) {
			continue
		}
		tf, tr := f+v[0], r+v[1]
		if n.grid[tr][tf] != '.' || visited[[2]int{tf, tr}] {
			continue
		}
		if n.line(tf, tr, v[0], v[1]) && n.grid[tr+v[1]][tf+v[0]] == e {
			out = append(out, step{f, r, d, 'A'})
		}
		if n.line(f, r, -v[0], -v[1]) && n.grid[r-v[1]][f-v[0]] == e {
			out = append(out, step{f, r, d, 'W'})
		}
	}
	return out
}

// firstSteps lists the decisions that may start a turn: every capture if there is one,
// otherwise every paika (forward only under that option).
func (n *naive) firstSteps() []step {
	c := n.me()
	var caps, paikas []step
	for r := range 5 {
		for f := range n.w {
			if n.grid[r][f] != c {
				continue
			}
			caps = append(caps, n.captures(f, r, nil, -1)...)
			for d, v := range naiveDirs {
				if !n.line(f, r, v[0], v[1]) || n.grid[r+v[1]][f+v[0]] != '.' {
					continue
				}
				if n.forward && (c == 'W' && v[1] != 1 || c == 'B' && v[1] != -1) {
					continue
				}
				paikas = append(paikas, step{f, r, d, 0})
			}
		}
	}
	if len(caps) > 0 {
		return caps
	}
	return paikas
}

// play moves the piece and removes what the step captures; it returns the new point.
func (n *naive) play(s step) (int, int) {
	v := naiveDirs[s.dir]
	c := n.grid[s.r][s.f]
	e := other(c)
	tf, tr := s.f+v[0], s.r+v[1]
	n.grid[s.r][s.f] = '.'
	n.grid[tr][tf] = c
	var cf, cr, df, dr int
	switch s.kind {
	case 'A':
		cf, cr, df, dr = tf+v[0], tr+v[1], v[0], v[1]
	case 'W':
		cf, cr, df, dr = s.f-v[0], s.r-v[1], -v[0], -v[1]
	default:
		return tf, tr
	}
	for n.on(cf, cr) && n.grid[cr][cf] == e {
		n.grid[cr][cf] = '.'
		cf, cr = cf+df, cr+dr
	}
	return tf, tr
}

// children returns the positions one whole turn leads to, by key.
func (n *naive) children() map[string]*naive {
	out := map[string]*naive{}
	if n.over {
		return out
	}
	add := func(k *naive, captured bool) {
		k.endTurn(captured)
		out[k.key()] = k
	}
	var chain func(g *naive, f, r int, visited map[[2]int]bool, lastDir int)
	chain = func(g *naive, f, r int, visited map[[2]int]bool, lastDir int) {
		for _, s := range g.captures(f, r, visited, lastDir) {
			k := g.clone()
			tf, tr := k.play(s)
			// Every capture may end the turn; the chain may also go on.
			add(k.clone(), true)
			visited[[2]int{tf, tr}] = true
			chain(k, tf, tr, visited, s.dir)
			delete(visited, [2]int{tf, tr})
		}
	}
	for _, s := range n.firstSteps() {
		k := n.clone()
		tf, tr := k.play(s)
		if s.kind == 0 {
			add(k, false)
			continue
		}
		add(k.clone(), true)
		chain(k, tf, tr, map[[2]int]bool{{s.f, s.r}: true, {tf, tr}: true}, s.dir)
	}
	return out
}

func (n *naive) pos() string {
	var sb strings.Builder
	for r := range 5 {
		sb.Write(n.grid[r][:n.w])
	}
	sb.WriteString(strconv.FormatBool(n.white))
	return sb.String()
}

func (n *naive) endTurn(captured bool) {
	mover := n.me()
	n.white = !n.white
	next := n.me()
	if n.count(next) == 0 {
		n.over, n.winner, n.reason = true, mover, "captured-all"
		return
	}
	if !n.forward {
		if captured {
			n.quiet = 0
			n.hist = nil
		} else {
			n.quiet++
		}
		p := n.pos()
		n.hist = append(n.hist, p)
		seen := 0
		for _, h := range n.hist {
			if h == p {
				seen++
			}
		}
		switch {
		case !captured && seen >= 3:
			n.loop("repetition")
			return
		case n.quiet >= 100:
			n.loop("no-captures")
			return
		}
	}
	if len(n.firstSteps()) == 0 {
		n.over, n.winner, n.reason = true, mover, "no-moves"
	}
}

func (n *naive) loop(reason string) {
	n.over = true
	if n.loopDraw {
		n.winner, n.reason = 0, reason+"-draw"
		return
	}
	n.reason = reason
	w, b := n.per-n.count('B'), n.per-n.count('W')
	switch {
	case w > b:
		n.winner = 'W'
	case b > w:
		n.winner = 'B'
	default:
		n.winner = 0
	}
}

func (n *naive) key() string {
	return n.pos() + strconv.Itoa(n.quiet) + strconv.FormatBool(n.over) + string(rune('0'+n.winner)) + n.reason
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
	o, over := s.Outcome()
	w := byte(0)
	if over && o.Winner == 0 {
		w = 'W'
	} else if over && o.Winner == 1 {
		w = 'B'
	}
	sb.WriteString(strconv.FormatBool(st.Turn == 0))
	return sb.String() + strconv.Itoa(int(st.quiet)) + strconv.FormatBool(over) + string(rune('0'+w)) + o.Reason
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// naivePerft counts distinct positions by whole turns. Two turns from one position that
// reach the same board have the same history too, so the key need not hold it.
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
