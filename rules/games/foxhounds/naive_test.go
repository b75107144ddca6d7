package foxhounds

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"koma/rules"
)

// This file holds a second, deliberately plain Fox and Hounds: a grid of bytes, moves as
// text, and the rules checked square by square. It shares no code with the package, so
// agreeing perft figures, move lists, results and solved values check the bitboards and
// the tablebase against the rules themselves.

type naiveGame struct {
	grid   [8][8]byte // grid[rank][file], rank 0 at the bottom: 'F', 'H' or '.'
	placed bool       // the fox stands on the board
	turn   byte       // 'F' or 'H'
	winner byte       // 'F', 'H', or 0 while the game goes on
	reason string
}

var naiveStarts = map[string][2]int{"e1": {4, 0}, "a1": {0, 0}, "c1": {2, 0}, "g1": {6, 0}}

func newNaive(foxStart string) *naiveGame {
	g := &naiveGame{turn: 'F'}
	for r := range g.grid {
		for f := range g.grid[r] {
			g.grid[r][f] = '.'
		}
	}
	for _, f := range []int{1, 3, 5, 7} {
		g.grid[7][f] = 'H'
	}
	if at, ok := naiveStarts[foxStart]; ok {
		g.grid[at[1]][at[0]] = 'F'
		g.placed = true
	}
	return g
}

func naiveFor(t testing.TB, options string) *naiveGame {
	t.Helper()
	return newNaive(spec(t, options).Options["fox"])
}

func naiveLabel(f, r int) string { return string(rune('a'+f)) + strconv.Itoa(r+1) }

func inside(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

func (g *naiveGame) key() string {
	var sb strings.Builder
	for _, row := range g.grid {
		sb.Write(row[:])
	}
	sb.WriteByte(g.turn)
	if g.placed {
		sb.WriteByte('+')
	}
	return sb.String()
}

func (g *naiveGame) foxAt() (int, int) {
	for r := range g.grid {
		for f := range g.grid[r] {
			if g.grid[r][f] == 'F' {
				return f, r
			}
		}
	}
	return -1, -1
}

// moves lists the legal moves as text, in no particular order.
func (g *naiveGame) moves() []string {
	var out []string
	if g.winner != 0 {
		return nil
	}
	if !g.placed {
		return []string{"@a1", "@c1", "@e1", "@g1"}
	}
	if g.turn == 'F' {
		f, r := g.foxAt()
		for _, d := range [][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
			if inside(f+d[0], r+d[1]) && g.grid[r+d[1]][f+d[0]] == '.' {
				out = append(out, naiveLabel(f, r)+"-"+naiveLabel(f+d[0], r+d[1]))
			}
		}
		return out
	}
	for r := range g.grid {
		for f := range g.grid[r] {
			if g.grid[r][f] != 'H' {
				continue
			}
			// Forward for the hounds is down the board, towards rank 1.
			for _, df := range []int{-1, 1} {
				if inside(f+df, r-1) && g.grid[r-1][f+df] == '.' {
					out = append(out, naiveLabel(f, r)+"-"+naiveLabel(f+df, r-1))
				}
			}
		}
	}
	return out
}

func (g *naiveGame) play(text string) {
	if at, ok := strings.CutPrefix(text, "@"); ok {
		s := naiveStarts[at]
		g.grid[s[1]][s[0]] = 'F'
		g.placed = true
		return
	}
	from, to, _ := strings.Cut(text, "-")
	ff, fr := int(from[0]-'a'), int(from[1]-'1')
	tf, tr := int(to[0]-'a'), int(to[1]-'1')
	g.grid[tr][tf], g.grid[fr][ff] = g.grid[fr][ff], '.'
	if g.turn == 'F' {
		g.turn = 'H'
		switch {
		case tr == 7:
			g.winner, g.reason = 'F', "fox-home"
		case len(g.moves()) == 0:
			g.winner, g.reason = 'F', "no-moves"
		}
		return
	}
	g.turn = 'F'
	if len(g.moves()) == 0 {
		g.winner, g.reason = 'H', "fox-trapped"
	}
}

func (g *naiveGame) diagram() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if f > 0 {
				sb.WriteString(" ")
			}
			sb.WriteByte(g.grid[r][f])
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func (g *naiveGame) texts() []string {
	out := g.moves()
	slices.Sort(out)
	return out
}

// naivePerft counts distinct positions by whole turns, merging the turns of one position
// that reach the same position, as rules.Perft does. The fox's placement and its first
// step make one turn.
func naivePerft(g *naiveGame, depth int) []uint64 {
	counts := make([]uint64, depth)
	var turns func(g *naiveGame) []*naiveGame
	turns = func(g *naiveGame) []*naiveGame {
		var out []*naiveGame
		seen := map[string]bool{}
		for _, m := range g.moves() {
			c := *g
			c.play(m)
			next := []*naiveGame{&c}
			if c.turn == g.turn && c.winner == 0 {
				next = turns(&c)
			}
			for _, n := range next {
				if k := n.key(); !seen[k] {
					seen[k] = true
					out = append(out, n)
				}
			}
		}
		return out
	}
	var rec func(g *naiveGame, d int)
	rec = func(g *naiveGame, d int) {
		for _, c := range turns(g) {
			counts[d]++
			if d+1 < depth {
				rec(c, d+1)
			}
		}
	}
	if depth > 0 {
		rec(g, 0)
	}
	return counts
}

var naiveDepths = map[string]int{"": 8, "fox=choose": 7}

func TestPerftMatchesNaive(t *testing.T) {
	for _, preset := range Game.Presets {
		depth := naiveDepths[preset]
		want := naivePerft(naiveFor(t, preset), depth)
		got := rules.Perft(start(t, preset), depth)
		if !slices.Equal(got, want) {
			t.Errorf("%q: perft %v, independent count %v", preset, got, want)
		}
	}
}

// checkAgainstNaive plays a seeded random game with both implementations side by side and
// checks, after every move, that they agree and that the state keeps its invariants.
func checkAgainstNaive(t *testing.T, preset string, seed uint64) {
	t.Helper()
	s := start(t, preset)
	g := naiveFor(t, preset)
	rng := rand.New(rand.NewPCG(seed, 7))
	for turn := 0; ; turn++ {
		if got, want := draw(s), g.diagram(); got != want {
			t.Fatalf("%q seed %d turn %d: board\n%s\nnaive board\n%s", preset, seed, turn, got, want)
		}
		if s.Hash() != s.ComputeHash() {
			t.Fatalf("%q seed %d turn %d: hash %x, recomputed %x", preset, seed, turn, s.Hash(), s.ComputeHash())
		}
		got, want := moveTexts(s), g.texts()
		if !slices.Equal(got, want) {
			t.Fatalf("%q seed %d turn %d: moves %v, naive %v\n%s", preset, seed, turn, got, want, rules.Text(s))
		}
		if len(want) == 0 {
			o, over := s.Outcome()
			winner := map[byte]rules.Player{'F': fox, 'H': hounds}[g.winner]
			if !over || o.Winner != winner || o.Reason != g.reason || s.ToMove() != rules.NoPlayer {
				t.Fatalf("%q seed %d: end %+v over=%v, naive %c %s", preset, seed, o, over, g.winner, g.reason)
			}
			return
		}
		if turn > Game.MaxTurns+1 {
			t.Fatalf("%q seed %d: still going after %d decisions", preset, seed, turn)
		}
		moves := s.LegalMoves(nil)
		m := moves[rng.IntN(len(moves))]
		text := rules.FormatMove(s, m)
		s.Apply(m)
		g.play(text)
	}
}

func TestRandomGamesMatchNaive(t *testing.T) {
	for _, preset := range Game.Presets {
		for seed := uint64(1); seed <= 200; seed++ {
			checkAgainstNaive(t, preset, seed)
		}
	}
}

// naiveSolver solves positions of the naive game by plain memoised minimax over whole
// positions: the winner under perfect play and the number of decisions to the end, the
// winner hurrying and the loser delaying.
type naiveSolver map[string][2]int

func (memo naiveSolver) solve(g *naiveGame) (winner byte, plies int) {
	if g.winner != 0 {
		return g.winner, 0
	}
	k := g.key()
	if v, ok := memo[k]; ok {
		return byte(v[0]), v[1]
	}
	me := g.turn
	bestWin, bestLoss := -1, -1
	for _, m := range g.moves() {
		c := *g
		c.play(m)
		w, n := memo.solve(&c)
		if w == me && (bestWin < 0 || n+1 < bestWin) {
			bestWin = n + 1
		}
		if w != me && n+1 > bestLoss {
			bestLoss = n + 1
		}
	}
	winner, plies = me, bestWin
	if bestWin < 0 {
		winner, plies = other(me), bestLoss
	}
	memo[k] = [2]int{int(winner), plies}
	return winner, plies
}

func other(side byte) byte {
	if side == 'F' {
		return 'H'
	}
	return 'F'
}

// TestTablebaseMatchesNaiveSolver compares Solve with the naive minimax on every position
// of random games from each fox start, after the placement.
func TestTablebaseMatchesNaiveSolver(t *testing.T) {
	prepared(t)
	memo := naiveSolver{}
	compared := 0
	games := uint64(30)
	if testing.Short() {
		games = 8
	}
	for seed := uint64(1); seed <= games; seed++ {
		preset := []string{"fox=a1", "fox=c1", "fox=e1", "fox=g1"}[seed%4]
		s, g := start(t, preset), naiveFor(t, preset)
		rng := rand.New(rand.NewPCG(seed, 11))
		// Skip ahead so that the naive solver's search stays small.
		for plies := 0; ; plies++ {
			moves := s.LegalMoves(nil)
			if plies >= 24 || len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			g.play(rules.FormatMove(s, m))
			s.Apply(m)
		}
		for {
			sol, ok := s.Solve()
			w, n := memo.solve(g)
			want := rules.Solution{Winner: map[byte]rules.Player{'F': fox, 'H': hounds}[w], Turns: n}
			if !ok || sol != want {
				t.Fatalf("seed %d: Solve %+v ok=%v, naive %+v\n%s", seed, sol, ok, want, rules.Text(s))
			}
			compared++
			moves := s.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			g.play(rules.FormatMove(s, m))
			s.Apply(m)
		}
	}
	t.Logf("%d positions compared, %d solved by the naive search", compared, len(memo))
}

func FuzzPlayout(f *testing.F) {
	for i := range Game.Presets {
		f.Add(uint64(i*31+1), uint8(i))
		f.Add(uint64(i*97+5), uint8(i))
	}
	f.Fuzz(func(t *testing.T, seed uint64, preset uint8) {
		checkAgainstNaive(t, Game.Presets[int(preset)%len(Game.Presets)], seed)
	})
}
