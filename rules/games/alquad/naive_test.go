package alquad

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
)

// naiveSquare is a square found from the geometry of the lattice: its corners and area.
type naiveSquare struct {
	corners []board.Site
	area    int
}

// naiveSquares finds the squares that count with none of the package's tables: every
// corner point and side vector (a,b) of the lattice, the other corners by turning the
// vector a right angle, kept when all four sides run along drawn lines of the board,
// segment by segment, as topology.Lines lists them.
func naiveSquares() []naiveSquare {
	drawn := map[[2]board.Site]bool{}
	for _, l := range topology.Lines() {
		drawn[l] = true
		drawn[[2]board.Site{l[1], l[0]}] = true
	}
	on := func(x, y int) bool { return x >= 0 && x < width && y >= 0 && y < height }
	// alongLines reports whether the straight side from (x,y) by (a,b) is drawn.
	alongLines := func(x, y, a, b int) bool {
		g := gcd(abs(a), abs(b))
		ux, uy := a/g, b/g
		if abs(ux) > 1 || abs(uy) > 1 {
			return false // not a board direction
		}
		for i := 0; i < g; i++ {
			from := topology.At(x+i*ux, y+i*uy)
			to := topology.At(x+(i+1)*ux, y+(i+1)*uy)
			if !drawn[[2]board.Site{from, to}] {
				return false
			}
		}
		return true
	}
	seen := map[string]bool{}
	var out []naiveSquare
	for x := 0; x < width; x++ {
		for y := 0; y < height; y++ {
			for a := -width; a <= width; a++ {
				for b := -height; b <= height; b++ {
					if a == 0 && b == 0 {
						continue
					}
					xs := []int{x, x + a, x + a - b, x - b}
					ys := []int{y, y + b, y + b + a, y + a}
					ok := true
					for i := range 4 {
						if !on(xs[i], ys[i]) {
							ok = false
						}
					}
					for i := 0; ok && i < 4; i++ {
						j := (i + 1) % 4
						ok = alongLines(xs[i], ys[i], xs[j]-xs[i], ys[j]-ys[i])
					}
					if !ok {
						continue
					}
					var corners []board.Site
					for i := range 4 {
						corners = append(corners, topology.At(xs[i], ys[i]))
					}
					sorted := slices.Clone(corners)
					slices.Sort(sorted)
					key := strings.Join(labels(sorted), " ")
					if !seen[key] {
						seen[key] = true
						out = append(out, naiveSquare{corners, a*a + b*b})
					}
				}
			}
		}
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

var naiveTable = naiveSquares()

// naive is a separately written Alquad: a map of points to colours, and the rules followed
// step by step as the package comment states them.
type naive struct {
	colour    map[board.Site]int // 0 White, 1 Black
	setup     int                // setup pieces placed
	chosen    bool
	whiteSeat rules.Player
	turn      rules.Player
	inHand    [2]int
	checkedBy int // colour that gave check, or -1
	checkArea int
	done      bool
	winner    rules.Player
	reason    string
}

func newNaive() *naive {
	return &naive{colour: map[board.Site]int{}, inHand: [2]int{11, 11}, checkedBy: -1, winner: rules.NoPlayer}
}

func (n *naive) clone() *naive {
	c := *n
	c.colour = map[board.Site]int{}
	for k, v := range n.colour {
		c.colour[k] = v
	}
	return &c
}

// largest is the area of colour c's largest square, or 0.
func (n *naive) largest(c int) int {
	best := 0
	for _, sq := range naiveTable {
		all := true
		for _, s := range sq.corners {
			if col, ok := n.colour[s]; !ok || col != c {
				all = false
			}
		}
		if all && sq.area > best {
			best = sq.area
		}
	}
	return best
}

// moves lists the texts of the legal decisions, sorted.
func (n *naive) moves() []string {
	if n.done {
		return nil
	}
	if n.setup == 2 && !n.chosen {
		return []string{"black", "white"}
	}
	var out []string
	for s := board.Site(0); int(s) < topology.Len(); s++ {
		if _, taken := n.colour[s]; !taken {
			out = append(out, "@"+topology.Label(s))
		}
	}
	slices.Sort(out)
	return out
}

func (n *naive) play(text string) {
	switch {
	case text == "white" || text == "black":
		n.chosen = true
		n.whiteSeat = 0
		if text == "white" {
			n.whiteSeat = 1
		}
		n.turn = n.whiteSeat // White places first
		return
	case n.setup < 2:
		s, _ := topology.Parse(text[1:])
		n.colour[s] = n.setup // White first, then Black
		n.setup++
		if n.setup == 2 {
			n.turn = 1
		}
		return
	}
	s, _ := topology.Parse(text[1:])
	c := 1
	if n.turn == n.whiteSeat {
		c = 0
	}
	n.colour[s] = c
	n.inHand[c]--
	area := n.largest(c)
	switch {
	case n.checkedBy >= 0:
		n.done = true
		if area > n.checkArea {
			n.winner, n.reason = n.turn, "bigger-square"
		} else {
			n.winner, n.reason = n.turn.Other(), "square"
		}
	case area > 0:
		n.checkedBy, n.checkArea = c, area
		if n.inHand[1-c] == 0 {
			n.done, n.winner, n.reason = true, n.turn, "no-reprieve"
		}
		n.turn = n.turn.Other()
	case n.inHand[0] == 0 && n.inHand[1] == 0:
		n.done, n.reason = true, "no-square"
	default:
		n.turn = n.turn.Other()
	}
}

// naiveEnds counts the finished games naive perft has met, so that tests can tell that
// their horizon reached the ends of games.
var naiveEnds int

// perft counts whole turns, the two setup placements making one.
func (n *naive) perft(depth int) uint64 {
	if n.done || depth == 0 {
		return 0
	}
	var total uint64
	for _, m := range n.moves() {
		c := n.clone()
		c.play(m)
		if c.done {
			naiveEnds++
		}
		if c.setup == 1 {
			total += c.perft(depth) // the same turn goes on
			continue
		}
		if depth == 1 {
			total++
		} else {
			total += c.perft(depth - 1)
		}
	}
	return total
}

func TestNaiveSquares(t *testing.T) {
	if len(naiveTable) != len(squares) {
		t.Fatalf("naive geometry finds %d squares, the package %d", len(naiveTable), len(squares))
	}
	for _, nsq := range naiveTable {
		var mask uint32
		for _, s := range nsq.corners {
			mask |= 1 << s
		}
		i := slices.IndexFunc(squares, func(sq square) bool { return sq.mask == mask })
		if i < 0 || int(squares[i].area) != nsq.area {
			t.Errorf("naive square %v of area %d is missing or differs", labels(nsq.corners), nsq.area)
		}
	}
}

func TestPerftIndependent(t *testing.T) {
	depth := 3
	got := rules.Perft(start(t), depth)
	for d := 1; d <= depth; d++ {
		if want := newNaive().perft(d); got[d-1] != want {
			t.Errorf("depth %d: %d, naive %d", d, got[d-1], want)
		}
	}
}

// TestPerftIndependentMidgame compares perft from positions deep in random games, where
// checks, reprieves and ends happen within the horizon.
func TestPerftIndependentMidgame(t *testing.T) {
	depth := 3
	naiveEnds = 0
	compared := 0
	for seed := uint64(1); seed <= 24; seed++ {
		s, n := start(t), newNaive()
		rng := rand.New(rand.NewPCG(seed, 9))
		// Play the setup, the choice and a few placements.
		for plies := 3 + 2 + int(seed%8); plies > 0; plies-- {
			moves := s.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			n.play(rules.FormatMove(s, m))
			s.Apply(m)
		}
		if _, over := s.Outcome(); over {
			continue
		}
		compared++
		got := rules.Perft(s, depth)
		for d := 1; d <= depth; d++ {
			if want := n.perft(d); got[d-1] != want {
				t.Errorf("seed %d depth %d: %d, naive %d\n%s", seed, d, got[d-1], want, rules.Text(s))
			}
		}
	}
	if compared < 12 || naiveEnds == 0 {
		t.Errorf("%d positions compared, %d ends met: the test no longer reaches checks", compared, naiveEnds)
	}
	t.Logf("%d positions compared, %d finished games within the horizon", compared, naiveEnds)
}

// refereeGame plays a seeded random game and checks every position against the naive
// implementation: the same moves, board, player to move, colours and end.
func refereeGame(t *testing.T, seed uint64) {
	t.Helper()
	s, n := start(t), newNaive()
	rng := rand.New(rand.NewPCG(seed, 5))
	for {
		if got, want := rulestestTexts(s), n.moves(); !slices.Equal(got, want) {
			t.Fatalf("seed %d: moves %v, naive %v\n%s", seed, got, want, rules.Text(s))
		}
		o, over := s.Outcome()
		if over != n.done || over && (o.Winner != n.winner || o.Reason != n.reason) {
			t.Fatalf("seed %d: outcome %+v (over %v), naive %d by %q (over %v)", seed, o, over, n.winner, n.reason, n.done)
		}
		if over {
			return
		}
		if s.ToMove() != n.turn || s.Colour(0) != rules.Colour(naiveColour(n, 0)) {
			t.Fatalf("seed %d: to move %d, naive %d", seed, s.ToMove(), n.turn)
		}
		moves := s.LegalMoves(nil)
		m := moves[rng.IntN(len(moves))]
		n.play(rules.FormatMove(s, m))
		s.Apply(m)
		var masks [2]uint32
		for site, c := range n.colour {
			masks[c] |= 1 << site
		}
		if s.pieces != masks {
			t.Fatalf("seed %d: boards differ after %s\n%s", seed, rules.FormatMove(s, m), rules.Text(s))
		}
	}
}

// naiveColour is the colour p holds in the naive game, as rules.Colour values.
func naiveColour(n *naive, p rules.Player) rules.Colour {
	if p == n.whiteSeat {
		return rules.White
	}
	return rules.Black
}

func rulestestTexts(s *State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, rules.FormatMove(s, m))
	}
	slices.Sort(out)
	return out
}

func TestAgainstNaive(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		refereeGame(t, seed)
	}
}
