package stride

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
)

// nstack is what stands on a cell in the naive implementation.
type nstack struct {
	owner  rules.Player
	height int
}

// naive is a separately written Stride: a map of cells to stacks, directions judged by
// how the row number changes, goals found as the far row, and the repetition rule kept as
// a list of position texts. It uses none of the package's masks, tables or setup data.
type naive struct {
	cells  map[board.Site]nstack
	turn   rules.Player
	quiet  int
	since  []string
	over   bool
	winner rules.Player
	reason string
}

// newNaive sets up the reconstruction of the package comment from its description: White
// fills rows 2 and 3, Black rows 7 and 8.
func newNaive() *naive {
	n := &naive{cells: map[board.Site]nstack{}, winner: rules.NoPlayer}
	for s := board.Site(0); int(s) < topology.Len(); s++ {
		row := topology.Info(s).Row + side
		switch row {
		case 2, 3:
			n.cells[s] = nstack{0, 1}
		case 7, 8:
			n.cells[s] = nstack{1, 1}
		}
	}
	n.since = []string{n.text()}
	return n
}

func naiveOf(s *State) *naive {
	n := &naive{cells: map[board.Site]nstack{}, turn: s.Turn, quiet: int(s.quiet), winner: rules.NoPlayer}
	for c := board.Site(0); int(c) < topology.Len(); c++ {
		if ps := s.Pieces(c, nil); len(ps) > 0 {
			n.cells[c] = nstack{ps[0].Owner, len(ps)}
		}
	}
	n.since = []string{n.text()}
	return n
}

// text writes the position and the player to move, for the repetition rule.
func (n *naive) text() string {
	var b strings.Builder
	for s := board.Site(0); int(s) < topology.Len(); s++ {
		if st, ok := n.cells[s]; ok {
			b.WriteString(topology.Label(s) + "WB"[st.owner:st.owner+1] + strconv.Itoa(st.height) + " ")
		}
	}
	return b.String() + strconv.Itoa(int(n.turn))
}

func (n *naive) clone() *naive {
	c := *n
	c.cells = maps.Clone(n.cells)
	c.since = slices.Clone(n.since)
	return &c
}

// moves lists the legal jumps as sorted texts.
func (n *naive) moves() []string {
	if n.over {
		return nil
	}
	var out []string
	for from, st := range n.cells {
		if st.owner != n.turn {
			continue
		}
		for d := board.Dir(0); int(d) < topology.NumDirs(); d++ {
			mid := topology.Step(from, d)
			if mid == board.NoSite {
				continue
			}
			if _, ok := n.cells[mid]; !ok {
				continue
			}
			to := topology.Step(mid, d)
			if to == board.NoSite {
				continue
			}
			rise := topology.Info(to).Row - topology.Info(from).Row
			ahead := n.turn == 0 && rise > 0 || n.turn == 1 && rise < 0
			dest, occupied := n.cells[to]
			capture := occupied && dest.owner != n.turn
			climb := occupied && dest.owner == n.turn && dest.height+1 > st.height
			if ahead || capture || climb {
				out = append(out, topology.Label(from)+"x"+topology.Label(to))
			}
		}
	}
	slices.Sort(out)
	return out
}

func (n *naive) play(text string) {
	a, b, _ := strings.Cut(text, "x")
	from, _ := topology.Parse(a)
	to, _ := topology.Parse(b)
	st := n.cells[from]
	if st.height == 1 {
		delete(n.cells, from)
	} else {
		n.cells[from] = nstack{st.owner, st.height - 1}
	}
	dest, ok := n.cells[to]
	captured := ok && dest.owner != n.turn
	switch {
	case ok && !captured:
		n.cells[to] = nstack{n.turn, dest.height + 1}
	default:
		n.cells[to] = nstack{n.turn, 1}
	}
	mover := n.turn
	n.turn = mover.Other()
	if captured {
		n.quiet = 0
		n.since = nil
	} else {
		n.quiet++
	}
	n.since = append(n.since, n.text())
	far := side - 1
	if n.turn == 1 {
		far = -far
	}
	onGoal := false
	for s, st := range n.cells {
		if st.owner == n.turn && topology.Info(s).Row == far {
			onGoal = true
		}
	}
	switch {
	case onGoal:
		n.over, n.winner, n.reason = true, n.turn, "goal"
	case len(n.moves()) == 0:
		n.over, n.winner, n.reason = true, mover, "no-moves"
	case count(n.since, n.text()) >= 3:
		n.over, n.reason = true, "repetition"
	case n.quiet >= 100:
		n.over, n.reason = true, "quiet"
	}
}

func count(list []string, x string) int {
	k := 0
	for _, y := range list {
		if y == x {
			k++
		}
	}
	return k
}

func (n *naive) perft(depth int) uint64 {
	ms := n.moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var total uint64
	for _, m := range ms {
		c := n.clone()
		c.play(m)
		total += c.perft(depth - 1)
	}
	return total
}

func TestPerftIndependent(t *testing.T) {
	depth := 4
	if testing.Short() {
		depth = 3
	}
	for _, opts := range Game.Presets {
		s := startWith(t, opts)
		got := rules.Perft(s, depth)
		n := newNaive()
		for d := 1; d <= depth; d++ {
			if want := n.perft(d); got[d-1] != want {
				t.Errorf("%q depth %d: %d, naive %d", opts, d, got[d-1], want)
			}
		}
	}
}

func startWith(t testing.TB, opts string) *State {
	t.Helper()
	o, err := Game.ParseOptions(opts)
	if err != nil {
		t.Fatal(err)
	}
	st, err := Game.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// refereeGame plays a seeded random game and checks every position against the naive
// implementation: the same moves, the same stacks and the same end.
func refereeGame(t *testing.T, opts string, seed uint64) (reason string) {
	t.Helper()
	s := startWith(t, opts)
	n := newNaive()
	if got := naiveOf(s); !maps.Equal(got.cells, n.cells) {
		t.Fatalf("the setup differs from the package comment's description\n%s", s)
	}
	return referee(t, s, n, seed)
}

// referee plays a seeded random game from s, which n describes, comparing the two.
func referee(t *testing.T, s *State, n *naive, seed uint64) (reason string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var played []string
	for {
		var got []string
		for _, m := range s.LegalMoves(nil) {
			got = append(got, rules.FormatMove(s, m))
		}
		slices.Sort(got)
		if want := n.moves(); !slices.Equal(got, want) {
			t.Fatalf("seed %d after %v: moves %v, naive %v\n%s", seed, played, got, want, s)
		}
		if len(got) == 0 {
			o, _ := s.Outcome()
			if o.Winner != n.winner || o.Reason != n.reason {
				t.Fatalf("seed %d: outcome %+v, naive %v %q\n%s", seed, o, n.winner, n.reason, s)
			}
			return o.Reason
		}
		text := got[rng.IntN(len(got))]
		rules.Play(s, mustParse(t, s, text))
		n.play(text)
		played = append(played, text)
		if c := naiveOf(s); !maps.Equal(c.cells, n.cells) {
			t.Fatalf("seed %d: stacks differ after %v\n%s", seed, played, s)
		}
	}
}

func mustParse(t *testing.T, s *State, text string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(s, text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestAgainstNaive(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 50
	}
	reasons := map[string]int{}
	for _, opts := range Game.Presets {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			reasons[refereeGame(t, opts, seed)]++
		}
	}
	t.Logf("endings: %v", reasons)
	if reasons["goal"] == 0 || reasons["no-moves"] == 0 {
		t.Errorf("the random games should reach both rulebook endings: %v", reasons)
	}
}

// TestAgainstNaiveSparse referees random games from a sparse position, where the pieces
// shuttle back and forth, so that the draws by repetition and by the quiet rule happen.
func TestAgainstNaiveSparse(t *testing.T) {
	reasons := map[string]int{}
	for seed := uint64(1); seed <= 200; seed++ {
		s := position(t, `
			    . . . . .
			   . . . . . B2
			  . . . . . B .
			 . . . . . . . .
			. . . . . . . . .
			 . . . . . . . .
			  . . . . . . .
			   . . W . . .
			    . W2 . . .`, 0)
		if seed%2 == 0 {
			s.quiet = QuietLimit - 10
		}
		reasons[referee(t, s, naiveOf(s), seed)]++
	}
	t.Logf("endings: %v", reasons)
	if reasons["repetition"] == 0 || reasons["quiet"] == 0 {
		t.Errorf("the sparse games should reach both draws: %v", reasons)
	}
}
