package orochi

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// hex is a cell of the naive implementation in axial coordinates (q, y), y growing upwards.
type hex struct{ q, y int }

// naiveDirs are the six steps between neighbouring cells.
var naiveDirs = []hex{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}

// naive is a separately written Orochi: a map from cells to colours ('W' or 'B'), with the
// rules applied by scanning the whole board after every decision, and none of the
// package's sets, tables or incremental bookkeeping.
type naive struct {
	r      int
	cells  map[hex]byte
	turn   rules.Player
	placed int
	over   bool
	winner rules.Player
	score  [2]int
}

func newNaive(n int) *naive {
	return &naive{r: n - 1, cells: map[hex]byte{}}
}

func (n *naive) clone() *naive {
	c := *n
	c.cells = maps.Clone(n.cells)
	return &c
}

func (n *naive) onBoard(h hex) bool {
	abs := func(x int) int { return max(x, -x) }
	return abs(h.q) <= n.r && abs(h.y) <= n.r && abs(h.q+h.y) <= n.r
}

// all lists the cells bottom row first, left to right.
func (n *naive) all() []hex {
	var out []hex
	for y := -n.r; y <= n.r; y++ {
		for q := -n.r; q <= n.r; q++ {
			if h := (hex{q, y}); n.onBoard(h) {
				out = append(out, h)
			}
		}
	}
	return out
}

// label names a cell: letter q+R, number y+R+1.
func (n *naive) label(h hex) string {
	return string(rune('a'+h.q+n.r)) + strconv.Itoa(h.y+n.r+1)
}

func (n *naive) parse(label string) hex {
	for _, h := range n.all() {
		if n.label(h) == label {
			return h
		}
	}
	panic("naive: no cell " + label)
}

// overConnected lists the pieces with friendly pieces on four or more sides.
func (n *naive) overConnected() []hex {
	var out []hex
	for _, h := range n.all() {
		c, ok := n.cells[h]
		if !ok {
			continue
		}
		same := 0
		for _, d := range naiveDirs {
			if n.cells[hex{h.q + d.q, h.y + d.y}] == c {
				same++
			}
		}
		if same >= 4 {
			out = append(out, h)
		}
	}
	return out
}

func (n *naive) empties() []hex {
	var out []hex
	for _, h := range n.all() {
		if _, ok := n.cells[h]; !ok {
			out = append(out, h)
		}
	}
	return out
}

// midTurn: flips are owed, or Black still has to place the second opening piece.
func (n *naive) midTurn() bool { return !n.over && (len(n.overConnected()) > 0 || n.placed == 2) }

// moves lists the legal decisions as sorted texts.
func (n *naive) moves() []string {
	if n.over {
		return nil
	}
	var out []string
	if hot := n.overConnected(); len(hot) > 0 {
		for _, h := range hot {
			to := "B"
			if n.cells[h] == 'B' {
				to = "W"
			}
			out = append(out, n.label(h)+"="+to)
		}
	} else {
		for _, h := range n.empties() {
			out = append(out, "W@"+n.label(h), "B@"+n.label(h))
		}
	}
	slices.Sort(out)
	return out
}

// play applies a decision text, then ends the turn if nothing more is owed: the game ends
// when one empty cell is left; a flip earns another turn; otherwise the opponent moves.
func (n *naive) play(text string) {
	flip := false
	if label, colour, ok := strings.Cut(text, "="); ok {
		n.cells[n.parse(label)] = colour[0]
		flip = true
	} else {
		colour, label, _ := strings.Cut(text, "@")
		n.cells[n.parse(label)] = colour[0]
		n.placed++
	}
	if n.midTurn() {
		return
	}
	if e := n.empties(); len(e) == 1 {
		n.finish(e[0])
		return
	}
	if !flip {
		n.turn = n.turn.Other()
	}
}

func (n *naive) finish(last hex) {
	n.over = true
	for i, c := range []byte{'W', 'B'} {
		for _, d := range naiveDirs {
			start := hex{last.q + d.q, last.y + d.y}
			if n.cells[start] != c {
				continue
			}
			// Breadth-first search of start's group.
			seen := map[hex]bool{start: true}
			queue := []hex{start}
			for len(queue) > 0 {
				h := queue[0]
				queue = queue[1:]
				for _, d := range naiveDirs {
					x := hex{h.q + d.q, h.y + d.y}
					if n.cells[x] == c && !seen[x] {
						seen[x] = true
						queue = append(queue, x)
					}
				}
			}
			n.score[i] = max(n.score[i], len(seen))
		}
	}
	switch {
	case n.score[0] > n.score[1]:
		n.winner = 0
	case n.score[1] > n.score[0]:
		n.winner = 1
	default:
		n.winner = n.turn.Other()
	}
}

func (n *naive) key() string {
	var sb strings.Builder
	for _, h := range n.all() {
		c := n.cells[h]
		if c == 0 {
			c = '.'
		}
		sb.WriteByte(c)
	}
	fmt.Fprintf(&sb, " %d %v", n.turn, n.over)
	return sb.String()
}

// turns returns the distinct positions one whole turn can reach.
func (n *naive) turns() []*naive {
	var out []*naive
	seen := map[string]bool{}
	var walk func(x *naive)
	walk = func(x *naive) {
		for _, m := range x.moves() {
			c := x.clone()
			c.play(m)
			if c.midTurn() {
				walk(c)
				continue
			}
			if k := c.key(); !seen[k] {
				seen[k] = true
				out = append(out, c)
			}
		}
	}
	walk(n)
	return out
}

func (n *naive) perft(depth int) []uint64 {
	counts := make([]uint64, depth)
	var rec func(x *naive, d int)
	rec = func(x *naive, d int) {
		for _, c := range x.turns() {
			counts[d]++
			if d+1 < depth {
				rec(c, d+1)
			}
		}
	}
	rec(n, 0)
	return counts
}

// naiveOf copies a position into the naive implementation.
func naiveOf(s *State) *naive {
	n := newNaive(s.v.board.HexSide())
	for _, h := range n.all() {
		site := s.v.board.At(h.q, h.y)
		if ps := s.Pieces(site, nil); len(ps) > 0 {
			n.cells[h] = "WB"[ps[0].Owner]
		}
	}
	n.turn, n.placed = s.Turn, len(n.cells)
	return n
}

func startWith(t testing.TB, opts string) *State {
	t.Helper()
	return rulestest.Start[*State](t, Game, opts)
}

// TestPerftIndependent checks the package's perft against the naive one, from the start of
// every preset and from positions deep in random games, where flips and extra turns occur.
func TestPerftIndependent(t *testing.T) {
	for _, opts := range append(Game.Presets, "size=3") {
		s := startWith(t, opts)
		// The opening is counted in TestPerftOpening; here the naive count confirms the
		// first turns, which are cheap, and the midgames below test the flips.
		depth := 1
		if opts == "size=3" {
			depth = 2
		}
		if got, want := rules.Perft(s, depth), newNaive(s.v.board.HexSide()).perft(depth); !slices.Equal(got, want) {
			t.Errorf("%q: perft %v, naive %v", opts, got, want)
		}
	}
	for _, tc := range midgames {
		s := midgame(t, tc)
		if got, want := rules.Perft(s, tc.depth), naiveOf(s).perft(tc.depth); !slices.Equal(got, want) {
			t.Errorf("%q seed %d after %d pieces: perft %v, naive %v", tc.opts, tc.seed, tc.pieces, got, want)
		}
	}
}

// refereeGame plays a seeded random game and checks every decision against the naive
// implementation: the same moves, pieces, player, turn structure and end.
func refereeGame(t *testing.T, opts string, seed uint64) {
	t.Helper()
	s := startWith(t, opts)
	n := naiveOf(s)
	rng := rand.New(rand.NewPCG(seed, 7))
	for {
		if got, want := rulestest.MoveTexts(s), n.moves(); !slices.Equal(got, want) {
			t.Fatalf("seed %d: moves %v, naive %v\n%s", seed, got, want, s)
		}
		if s.MidTurn() != n.midTurn() || s.ToMove() != n.turnOrNobody() {
			t.Fatalf("seed %d: mid-turn %v to move %d, naive %v %d\n%s", seed, s.MidTurn(), s.ToMove(), n.midTurn(), n.turnOrNobody(), s)
		}
		moves := s.LegalMoves(nil)
		if len(moves) == 0 {
			o, over := s.Outcome()
			if !over || !n.over || o.Winner != n.winner || o.Score != [2]int16{int16(n.score[0]), int16(n.score[1])} || !o.Scored {
				t.Fatalf("seed %d: outcome %+v, naive winner %d score %v\n%s", seed, o, n.winner, n.score, s)
			}
			return
		}
		m := moves[rng.IntN(len(moves))]
		text := rules.FormatMove(s, m)
		s.Apply(m)
		n.play(text)
		if got := naiveOf(s); !maps.Equal(got.cells, n.cells) {
			t.Fatalf("seed %d: pieces differ after %s\n%s", seed, text, s)
		}
	}
}

func (n *naive) turnOrNobody() rules.Player {
	if n.over {
		return rules.NoPlayer
	}
	return n.turn
}

func TestAgainstNaive(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 10
	}
	for _, opts := range append(Game.Presets, "size=3") {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			refereeGame(t, opts, seed)
		}
	}
}
