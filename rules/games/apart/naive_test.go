package apart

import (
	"slices"
	"strconv"
	"strings"

	"koma/rules"
	"koma/rules/board"
)

// This file holds a second, deliberately plain Apart: a grid of bytes, lines counted square
// by square, every whole turn found by walking each chain to every square where it may
// stop, and the end rules checked cell by cell. It shares no code with the package, so
// agreeing perft figures, turn lists and results check the bitboards and the jump-by-jump
// encoding.

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
			n.grid[r][f] = '.'
			if f >= 1 && f <= 6 {
				switch r {
				case 0, 1:
					n.grid[r][f] = 'W'
				case 6, 7:
					n.grid[r][f] = 'B'
				}
			}
		}
	}
	return n
}

func (n *naive) clone() *naive {
	c := *n
	return &c
}

func colourOf(white bool) byte {
	if white {
		return 'W'
	}
	return 'B'
}

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

var naiveDirs = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// line counts the pieces of colour c in the unbroken run through (f, r) along d's axis.
func (n *naive) line(f, r int, d [2]int) int {
	c := n.grid[r][f]
	count := 1
	for _, sign := range []int{1, -1} {
		x, y := f+sign*d[0], r+sign*d[1]
		for onBoard(x, y) && n.grid[y][x] == c {
			count++
			x, y = x+sign*d[0], y+sign*d[1]
		}
	}
	return count
}

// apart reports whether no piece of colour c touches another of colour c.
func (n *naive) apart(c byte) bool {
	for r := range 8 {
		for f := range 8 {
			if n.grid[r][f] != c {
				continue
			}
			for _, d := range naiveDirs {
				x, y := f+d[0], r+d[1]
				if onBoard(x, y) && n.grid[y][x] == c {
					return false
				}
			}
		}
	}
	return true
}

// land moves the piece from (f, r) to (tf, tr), capturing what stands there, and reports
// whether that ended the game.
func (n *naive) land(f, r, tf, tr int) (captured, ended bool) {
	c := n.grid[r][f]
	captured = n.grid[tr][tf] != '.'
	n.grid[r][f] = '.'
	n.grid[tr][tf] = c
	other := byte('B')
	if c == 'B' {
		other = 'W'
	}
	mine, theirs := n.apart(c), n.apart(other)
	switch {
	case mine && theirs:
		n.over, n.winner, n.reason = true, other, "both-apart"
	case mine:
		n.over, n.winner, n.reason = true, c, "apart"
	case theirs:
		n.over, n.winner, n.reason = true, other, "apart"
	}
	if n.over {
		n.white = !n.white
		n.turns++
	}
	return captured, n.over
}

// hasMove reports whether the player to move has any move at all.
func (n *naive) hasMove() bool {
	c := colourOf(n.white)
	for r := range 8 {
		for f := range 8 {
			if n.grid[r][f] != c {
				continue
			}
			for _, d := range naiveDirs {
				l := n.line(f, r, d)
				tf, tr := f+l*d[0], r+l*d[1]
				if onBoard(tf, tr) && n.grid[tr][tf] != c {
					return true
				}
			}
		}
	}
	return false
}

func (n *naive) endTurn() {
	n.white = !n.white
	n.turns++
	switch {
	case !n.hasMove():
		n.over, n.winner, n.reason = true, colourOf(!n.white), "no-moves"
	case n.turns >= 200:
		n.over, n.reason = true, "turn-limit"
	}
}

// children returns the positions one whole turn leads to, by key.
func (n *naive) children() map[string]*naive {
	out := map[string]*naive{}
	if n.over {
		return out
	}
	add := func(k *naive) { out[k.key()] = k }
	c := colourOf(n.white)
	for r := range 8 {
		for f := range 8 {
			if n.grid[r][f] != c {
				continue
			}
			for _, d := range naiveDirs {
				l := n.line(f, r, d)
				tf, tr := f+l*d[0], r+l*d[1]
				if !onBoard(tf, tr) || n.grid[tr][tf] == c {
					continue
				}
				k := n.clone()
				captured, ended := k.land(f, r, tf, tr)
				if ended {
					add(k)
					continue
				}
				if l == 1 || n.turns == 0 {
					k.endTurn()
					add(k)
					continue
				}
				landed := map[[2]int]bool{{tf, tr}: true}
				k.chain(tf, tr, f, r, captured, landed, add)
			}
		}
	}
	return out
}

// chain adds every turn a jumping piece standing on (f, r), having started on (sf, sr),
// can end with from here: stopping here, unless that changes nothing, and every further
// jump.
func (n *naive) chain(f, r, sf, sr int, captured bool, landed map[[2]int]bool, add func(*naive)) {
	if f != sf || r != sr || captured {
		k := n.clone()
		k.endTurn()
		add(k)
	}
	c := n.grid[r][f]
	for _, d := range naiveDirs {
		l := n.line(f, r, d)
		tf, tr := f+l*d[0], r+l*d[1]
		if l < 2 || !onBoard(tf, tr) || n.grid[tr][tf] == c || landed[[2]int{tf, tr}] {
			continue
		}
		k := n.clone()
		took, ended := k.land(f, r, tf, tr)
		if ended {
			add(k)
			continue
		}
		landed[[2]int{tf, tr}] = true
		k.chain(tf, tr, sf, sr, captured || took, landed, add)
		delete(landed, [2]int{tf, tr})
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

func naiveOf(s *State) *naive {
	n := &naive{white: s.Turn == 0, turns: int(s.turns)}
	for r := range 8 {
		for f := range 8 {
			switch {
			case s.pieces[0]>>(r*8+f)&1 != 0:
				n.grid[r][f] = 'W'
			case s.pieces[1]>>(r*8+f)&1 != 0:
				n.grid[r][f] = 'B'
			default:
				n.grid[r][f] = '.'
			}
		}
	}
	return n
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
