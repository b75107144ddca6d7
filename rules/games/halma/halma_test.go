package halma

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func start(t testing.TB) *State { return rulestest.Start[*State](t, Game, "") }

// sq returns the site of a square's label.
func sq(label string) board.Site {
	s, err := topo.Parse(label)
	if err != nil {
		panic(err)
	}
	return s
}

// position builds a position from a diagram: one line per rank, rank 8 first, one token
// per square: O (White), o (Black) or . (empty), the letters rules.Text uses.
func position(t testing.TB, diagram string, toMove rules.Player) *State {
	t.Helper()
	rows := strings.Split(strings.TrimSpace(diagram), "\n")
	if len(rows) != size {
		t.Fatalf("diagram has %d ranks", len(rows))
	}
	s := &State{Status: rules.Status{Turn: toMove, Winner: rules.NoPlayer}, chain: -1, start: -1}
	for i, row := range rows {
		tokens := strings.Fields(row)
		if len(tokens) != size {
			t.Fatalf("rank %d of the diagram has %d squares", size-i, len(tokens))
		}
		for col, tok := range tokens {
			b := uint64(1) << ((size-1-i)*size + col)
			switch tok {
			case "O":
				s.pieces[0] |= b
			case "o":
				s.pieces[1] |= b
			case ".":
			default:
				t.Fatalf("bad square %q", tok)
			}
		}
	}
	// Past the anti-stalling check, unless a test sets turns itself.
	s.turns = 100 + uint16(toMove)
	s.Zobrist = s.ComputeHash()
	return s
}

// ends lists the squares where a whole turn of the piece on from can end, sorted.
func ends(s *State, from string) []string {
	var out []string
	seen := map[string]bool{}
	var walk func(st *State)
	walk = func(st *State) {
		for _, m := range st.LegalMoves(nil) {
			if m.Kind == rules.Stop {
				continue
			}
			if st.chain < 0 && topo.Label(m.Path[0]) != from {
				continue
			}
			c := st.Clone().(*State)
			c.Apply(m)
			if c.MidTurn() {
				if slices.Contains(c.LegalMoves(nil), rules.Move{Kind: rules.Stop}) {
					seen[topo.Label(m.Path[1])] = true
				}
				walk(c)
				continue
			}
			seen[topo.Label(m.Path[1])] = true
		}
	}
	walk(s)
	for k := range seen {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestInitialPosition(t *testing.T) {
	s := start(t)
	want := position(t, `
		. . . . o o o o
		. . . . . o o o
		. . . . . . o o
		. . . . . . . o
		O . . . . . . .
		O O . . . . . .
		O O O . . . . .
		O O O O . . . .`, 0)
	if s.pieces != want.pieces || s.ToMove() != 0 {
		t.Errorf("initial position\n%s", rules.Text(s))
	}
	if camp[0] != s.pieces[0] || camp[1] != s.pieces[1] || goal[0] != camp[1] || goal[1] != camp[0] {
		t.Errorf("camps and goals do not match the setup")
	}
	marks := s.Marks(nil)
	if len(marks) != 20 {
		t.Errorf("%d marks, want the 20 goal squares", len(marks))
	}
	for _, m := range marks {
		if m.Kind != rules.Goal || goal[m.Owner]>>m.Site&1 == 0 {
			t.Errorf("mark %+v", m)
		}
	}
}

// TestSteps: one square in any of the eight directions onto an empty square; a step ends
// the turn.
func TestSteps(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . O . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .`, 0)
	want := []string{"d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e4", "d4-e5"}
	if got := rulestest.MoveTexts(s); !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	rulestest.Play(t, s, "d4-e5")
	if s.MidTurn() || s.ToMove() != 1 {
		t.Errorf("a step did not end the turn")
	}
}

// TestJumps: a jump goes over an adjacent piece of either colour to the empty square
// beyond; the chain may go on in any direction, stop after any jump, and nothing is
// captured. Steps and jumps do not mix.
func TestJumps(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . o . . . .
		. . . O . . . .
		. . O . . . . .
		. . . . . . . .
		. . . . . . . .`, 0)
	rulestest.Play(t, s, "d4xd6")
	// Nothing is captured, and with nothing more to jump the turn ends by itself.
	if s.MidTurn() || s.ToMove() != 1 || len(s.Pieces(sq("d5"), nil)) != 1 {
		t.Fatalf("after d4xd6: MidTurn %v, to move %d\n%s", s.MidTurn(), s.ToMove(), rules.Text(s))
	}
	s = position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . o . . .
		. . . o . . . .
		. . . O . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .`, 0)
	rulestest.Play(t, s, "d4xd6")
	if got, want := rulestest.MoveTexts(s), []string{"d6xf6", "stop"}; !slices.Equal(got, want) {
		t.Fatalf("after d4xd6: %v, want %v (no step, no jump back over d5)", got, want)
	}
	if s.Prompt() != "jump-again" {
		t.Errorf("prompt %q", s.Prompt())
	}
	rulestest.Play(t, s, "stop")
	if s.MidTurn() || s.ToMove() != 1 || s.pieces[0] != 1<<sq("d6") {
		t.Errorf("stop did not end the turn on d6\n%s", rules.Text(s))
	}
}

// TestNotTwice: the same piece may not be jumped twice in one turn, though the chain may
// cross a square it visited before.
func TestNotTwice(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . o o . . .
		. . . . . . . .
		. . . o o . . .
		. . . O . . . .
		. . . . . . . .`, 0)
	got := ends(s, "d2")
	want := naiveEnds(s, "d2")
	if !slices.Equal(got, want) {
		t.Errorf("ends %v, naive %v", got, want)
	}
	// d2xd4xf2 jumps d3, then e3; d2xd4xd6 jumps d3, then d5.
	if !slices.Contains(got, "f2") || !slices.Contains(got, "d6") {
		t.Errorf("ends %v lack f2 or d6", got)
	}
}

// naiveEnds lists, from the naive rules, where the piece on from may end its turn.
func naiveEnds(s *State, from string) []string {
	n := naiveOf(s)
	site := sq(from)
	var out []string
	for _, e := range n.ends(int(site)%8, int(site)/8) {
		out = append(out, topo.Label(board.Site(e[1]*8+e[0])))
	}
	slices.Sort(out)
	return out
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

// TestNoNullMove: a chain may pass through its starting square but not end there.
func TestNoNullMove(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . o o . . .
		. . . O o . . .
		. . . . . . . .
		. . . . . . . .`, 0)
	// d3xd5xf3xd3 would jump d4, e4 and e3 and end where it began; it is never offered.
	got := ends(s, "d3")
	if slices.Contains(got, "d3") {
		t.Errorf("the chain may end on its start: %v", got)
	}
	if want := naiveEnds(s, "d3"); !slices.Equal(got, want) {
		t.Errorf("ends %v, naive %v", got, want)
	}
	noDeadEnds(t, s)
}

// noDeadEnds walks every sequence of decisions of one turn and fails if a chain in
// progress ever has no legal decision.
func noDeadEnds(t *testing.T, s *State) {
	t.Helper()
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone().(*State)
		c.Apply(m)
		if c.MidTurn() {
			if len(c.LegalMoves(nil)) == 0 {
				t.Fatalf("a chain with no way to end\n%s", rules.Text(c))
			}
			noDeadEnds(t, c)
		}
	}
}

// TestGoalLock: a piece that begins its turn in its goal must end it there, though a chain
// may leave the goal and come back.
func TestGoalLock(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . o . .
		. . . . . o O .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .`, 0)
	// g6 is in White's goal: it may step only to g7, h7, h6 or h5, inside it. It may jump
	// f7 to e8, inside, and f6 to e6, outside, only because e6xg8 (over f7) brings it back.
	got := ends(s, "g6")
	if want := naiveEnds(s, "g6"); !slices.Equal(got, want) {
		t.Errorf("ends %v, naive %v", got, want)
	}
	for _, e := range got {
		if goal[0]>>sq(e)&1 == 0 {
			t.Errorf("the piece may end outside its goal on %s", e)
		}
	}
	if !slices.Contains(got, "g8") || slices.Contains(got, "g5") || slices.Contains(got, "e6") {
		t.Errorf("ends %v", got)
	}
	rulestest.Play(t, s, "g6xe6")
	if got := rulestest.MoveTexts(s); !slices.Equal(got, []string{"e6xg8"}) || s.Prompt() != "jump-on" {
		t.Errorf("outside the goal: moves %v, prompt %q; want e6xg8 alone, no stop", got, s.Prompt())
	}
	rulestest.Play(t, s, "e6xg8")
	if s.MidTurn() || s.ToMove() != 1 {
		t.Errorf("the chain did not end on g8")
	}
	noDeadEnds(t, position(t, `
		. . . . . . . .
		. . . . . o . .
		. . . . . o O .
		. . . . . . o .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .`, 0))
}

// TestEnds covers the end of the game: a full goal with at least one own piece wins, for
// the mover first and then for the opponent; the anti-stalling rule; the turn limit.
func TestEnds(t *testing.T) {
	// White fills its goal, even with a black piece left in it.
	s := position(t, `
		. . . . o O O O
		. . . . . O O O
		. . . . . . O O
		. . . . . . O .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		o . . . . . . .`, 0)
	rulestest.Play(t, s, "g5-h5")
	if o, over := s.Outcome(); !over || o.Winner != 0 || o.Reason != "goal" {
		t.Errorf("outcome %+v, %v", o, over)
	}
	// Black's move fills White's goal (Black's own camp), with White pieces in it: White
	// wins on Black's turn.
	s = position(t, `
		. . . . O O O O
		. . . . . O O O
		. . . . . . O .
		. . . . . . o o
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		o . . . . . . .`, 1)
	rulestest.Play(t, s, "g5-h6")
	if o, over := s.Outcome(); !over || o.Winner != 0 || o.Reason != "goal" {
		t.Errorf("filled by the opponent: outcome %+v, %v", o, over)
	}
	// A goal full of enemy pieces alone is no win for anyone.
	if s := start(t); s.filled(0) || s.filled(1) {
		t.Errorf("the start is a win")
	}
}

func TestStalling(t *testing.T) {
	s := start(t)
	s.turns = 2*stallTurn - 2 // White's 30th turn comes next
	rulestest.Play(t, s, "d1-e2")
	if o, over := s.Outcome(); !over || o.Winner != 1 || o.Reason != "stalled" {
		t.Errorf("outcome %+v, %v after White's 30th turn with pieces at home", o, over)
	}
	s = position(t, `
		. . . . o o o o
		. . . . . o o o
		. . . . . . o o
		. . . . . . . o
		. . . . O . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .`, 0)
	s.turns = 2*stallTurn - 2
	rulestest.Play(t, s, "e4-e5")
	if _, over := s.Outcome(); over {
		t.Errorf("White left its camp in time but lost")
	}
	rulestest.Play(t, s, "h5-h4")
	if o, over := s.Outcome(); !over || o.Winner != 0 || o.Reason != "stalled" {
		t.Errorf("outcome %+v, %v after Black's 30th turn at home", o, over)
	}
}

func TestTurnLimit(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . O . . .
		. . . . . . . .
		. . . . . . o .
		. . . . . . . .`, 0)
	s.turns = turnLimit - 1
	rulestest.Play(t, s, "e4-e5")
	if o, over := s.Outcome(); !over || o.Winner != rules.NoPlayer || o.Reason != "turn-limit" {
		t.Errorf("outcome %+v, %v", o, over)
	}
}

// TestPass: a player without any move passes.
func TestPass(t *testing.T) {
	s := position(t, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		o . o . . . . .
		o o . . . . . .
		O o o . . . . .`, 0)
	got := rulestest.MoveTexts(s)
	if !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("moves %v, want pass\n%s", got, rules.Text(s))
	}
	if s.Prompt() != "must-pass" {
		t.Errorf("prompt %q", s.Prompt())
	}
	rulestest.Play(t, s, "pass")
	if s.ToMove() != 1 || s.MidTurn() {
		t.Errorf("pass did not hand the turn over")
	}
}

func TestPerft(t *testing.T) {
	rulestest.Perft(t, rulestest.Spec(t, Game, ""), "halma", perftDepth)
}

const perftDepth = 4

func TestPerftIndependent(t *testing.T) {
	depth := perftDepth
	if testing.Short() {
		depth = 3
	}
	got := rules.Perft(start(t), depth)
	want := naivePerft(naiveStart(), depth)
	if !slices.Equal(got, want) {
		t.Errorf("rules.Perft %v, naive %v", got, want)
	}
}

// TestAgainstNaive plays seeded random games whole turn by whole turn with both
// implementations and compares the positions every turn reaches.
func TestAgainstNaive(t *testing.T) {
	seeds := uint64(6)
	if testing.Short() {
		seeds = 2
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		refereeGame(t, seed, false)
		refereeGame(t, seed, true)
	}
}

// refereeGame plays a game with random whole turns, or with greedy set mostly turns that
// bring the mover's pieces furthest, so that pieces reach the goals and the goal lock and
// the goal win come into play.
func refereeGame(t testing.TB, seed uint64, greedy bool) {
	t.Helper()
	var s rules.State = start(t)
	n := naiveStart()
	rng := rand.New(rand.NewPCG(seed, 7))
	for turn := 0; ; turn++ {
		kids := rules.Turns(s)
		got := map[string]rules.State{}
		for _, k := range kids {
			got[keyOf(k)] = k
		}
		want := n.children()
		gk, wk := sortedKeys(got), sortedKeys(want)
		if !slices.Equal(gk, wk) {
			t.Fatalf("seed %d turn %d: %d positions, naive %d\n%s", seed, turn, len(gk), len(wk), rules.Text(s))
		}
		if len(gk) == 0 {
			o, _ := s.Outcome()
			if o.Reason != n.reason {
				t.Fatalf("seed %d: reason %q, naive %q", seed, o.Reason, n.reason)
			}
			return
		}
		k := gk[rng.IntN(len(gk))]
		if greedy && rng.IntN(4) != 0 {
			mover := s.ToMove()
			best := -1e9
			for _, key := range gk {
				if v := got[key].(*State).progress(mover); v > best {
					best, k = v, key
				}
			}
		}
		s, n = got[k], want[k]
	}
}
