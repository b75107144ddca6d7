package konane

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"koma/rules"
)

// This file holds a second, deliberately plain Kōnane: a grid of bytes, string moves, and
// jumps played out one at a time on a scratch copy. It shares no code with the package, so
// agreeing perft figures and move lists check the bitboards against the rules themselves.

type naiveGame struct {
	n      int
	single bool
	grid   [][]byte // grid[rank][file], rank 0 at the bottom; 'B', 'W' or '.'
	turn   byte     // 'B' or 'W'
	holes  int      // removals made so far
}

type naiveMove struct {
	text string
	path [][2]int // file, rank
}

func newNaive(n int, single bool) *naiveGame {
	g := &naiveGame{n: n, single: single, turn: 'B'}
	for r := 0; r < n; r++ {
		row := make([]byte, n)
		for f := range row {
			// a1 is Black, and so is every cell with an even 1-based file + rank.
			if (f+1+r+1)%2 == 0 {
				row[f] = 'B'
			} else {
				row[f] = 'W'
			}
		}
		g.grid = append(g.grid, row)
	}
	return g
}

func naiveFor(t testing.TB, options string) *naiveGame {
	t.Helper()
	o := spec(t, options).Options
	n, err := strconv.Atoi(o["size"])
	if err != nil {
		t.Fatal(err)
	}
	return newNaive(n, o["jumps"] == "single")
}

func (g *naiveGame) copy() *naiveGame {
	c := *g
	c.grid = nil
	for _, row := range g.grid {
		c.grid = append(c.grid, slices.Clone(row))
	}
	return &c
}

func (g *naiveGame) key() string {
	var sb strings.Builder
	for _, row := range g.grid {
		sb.Write(row)
	}
	sb.WriteByte(g.turn)
	return sb.String()
}

func (g *naiveGame) inside(f, r int) bool { return f >= 0 && r >= 0 && f < g.n && r < g.n }

func naiveLabel(p [2]int) string { return string(rune('a'+p[0])) + strconv.Itoa(p[1]+1) }

func (g *naiveGame) moves() []naiveMove {
	var out []naiveMove
	switch g.holes {
	case 0:
		for r := 0; r < g.n; r++ {
			for f := 0; f < g.n; f++ {
				corner := (f == 0 || f == g.n-1) && (r == 0 || r == g.n-1)
				centre := (f == g.n/2-1 || f == g.n/2) && (r == g.n/2-1 || r == g.n/2)
				if g.grid[r][f] == 'B' && (corner || centre) {
					out = append(out, naiveMove{text: "x" + naiveLabel([2]int{f, r}), path: [][2]int{{f, r}}})
				}
			}
		}
		return out
	case 1:
		for r := 0; r < g.n; r++ {
			for f := 0; f < g.n; f++ {
				if g.grid[r][f] != 'W' {
					continue
				}
				for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
					if g.inside(f+d[0], r+d[1]) && g.grid[r+d[1]][f+d[0]] == '.' {
						out = append(out, naiveMove{text: "x" + naiveLabel([2]int{f, r}), path: [][2]int{{f, r}}})
					}
				}
			}
		}
		return out
	}
	enemy := byte('W')
	if g.turn == 'W' {
		enemy = 'B'
	}
	for r := 0; r < g.n; r++ {
		for f := 0; f < g.n; f++ {
			if g.grid[r][f] != g.turn {
				continue
			}
			for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				// Each jump is played on a scratch grid before the next one is tested; the
				// copy is made only once a first jump exists, to keep perft affordable.
				grid, copied := g.grid, false
				path := [][2]int{{f, r}}
				x, y := f, r
				for {
					mx, my, lx, ly := x+d[0], y+d[1], x+2*d[0], y+2*d[1]
					if !g.inside(lx, ly) || grid[my][mx] != enemy || grid[ly][lx] != '.' {
						break
					}
					if !copied {
						grid, copied = g.copy().grid, true
					}
					grid[y][x], grid[my][mx], grid[ly][lx] = '.', '.', g.turn
					x, y = lx, ly
					path = append(path, [2]int{x, y})
					var labels []string
					for _, p := range path {
						labels = append(labels, naiveLabel(p))
					}
					out = append(out, naiveMove{text: strings.Join(labels, "x"), path: slices.Clone(path)})
					if g.single {
						break
					}
				}
			}
		}
	}
	return out
}

func (g *naiveGame) play(m naiveMove) {
	if len(m.path) == 1 {
		g.grid[m.path[0][1]][m.path[0][0]] = '.'
		g.holes++
	} else {
		for i := 1; i < len(m.path); i++ {
			a, b := m.path[i-1], m.path[i]
			g.grid[a[1]][a[0]] = '.'
			g.grid[(a[1]+b[1])/2][(a[0]+b[0])/2] = '.'
			g.grid[b[1]][b[0]] = g.turn
		}
	}
	if g.turn == 'B' {
		g.turn = 'W'
	} else {
		g.turn = 'B'
	}
}

func (g *naiveGame) diagram() string {
	var sb strings.Builder
	for r := g.n - 1; r >= 0; r-- {
		for f := 0; f < g.n; f++ {
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
	var out []string
	for _, m := range g.moves() {
		out = append(out, m.text)
	}
	slices.Sort(out)
	return out
}

// naivePerft counts distinct positions by depth, merging children that are the same
// position, as rules.Perft does.
func naivePerft(g *naiveGame, depth int) []uint64 {
	counts := make([]uint64, depth)
	var rec func(g *naiveGame, d int)
	rec = func(g *naiveGame, d int) {
		seen := map[string]bool{}
		for _, m := range g.moves() {
			c := g.copy()
			c.play(m)
			if seen[c.key()] {
				continue
			}
			seen[c.key()] = true
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

func TestPerftMatchesNaive(t *testing.T) {
	for _, preset := range Game.Presets {
		depth := perftDepths[preset]
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
			loser := black
			if g.turn == 'W' {
				loser = white
			}
			if !over || o.Winner != loser.Other() || o.Reason != ReasonNoMoves || s.ToMove() != rules.NoPlayer {
				t.Fatalf("%q seed %d: end %+v over=%v, want %d to win", preset, seed, o, over, loser.Other())
			}
			return
		}
		if turn >= Game.MaxTurns {
			t.Fatalf("%q seed %d: still going after %d turns", preset, seed, turn)
		}
		moves := s.LegalMoves(nil)
		m := moves[rng.IntN(len(moves))]
		text := rules.FormatMove(s, m)
		mover := s.ToMove()
		before := s.pieces[mover.Other()].Count()
		s.Apply(m)
		if m.Kind == rules.Jump {
			if lost := before - s.pieces[mover.Other()].Count(); lost != int(m.Len)-1 {
				t.Fatalf("%q seed %d: %s took %d pieces", preset, seed, text, lost)
			}
		}
		i := slices.IndexFunc(g.moves(), func(nm naiveMove) bool { return nm.text == text })
		if i < 0 {
			t.Fatalf("%q seed %d: the naive game has no move %s", preset, seed, text)
		}
		g.play(g.moves()[i])
	}
}

func TestRandomGamesMatchNaive(t *testing.T) {
	for _, preset := range Game.Presets {
		for seed := uint64(1); seed <= 20; seed++ {
			checkAgainstNaive(t, preset, seed)
		}
	}
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

func FuzzParseMove(f *testing.F) {
	seeds := []struct {
		text   string
		preset uint8
		plies  uint8
	}{
		{"xa1", 0, 0}, {"xj10", 2, 0}, {"xb1", 0, 1}, {"a3xa1", 0, 2}, {"a1xc1xe1", 1, 9},
		{"", 3, 4}, {"pass", 4, 6}, {"x", 0, 0}, {"a3xa1x", 0, 2}, {" xa1 ", 0, 0}, {"é9xé", 2, 30},
	}
	for _, s := range seeds {
		f.Add(s.text, s.preset, s.plies)
	}
	f.Fuzz(func(t *testing.T, text string, preset, plies uint8) {
		st := start(t, Game.Presets[int(preset)%len(Game.Presets)])
		// Reach a position by a fixed rule, so that the input alone decides the test.
		for i := 0; i < int(plies); i++ {
			moves := st.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			st.Apply(moves[(i*7+int(plies))%len(moves)])
		}
		m, err := rules.ParseMove(st, text)
		if err != nil {
			return
		}
		if !rules.IsLegal(st, m) {
			t.Fatalf("%q parsed to an illegal move %v", text, m)
		}
		if back := rules.FormatMove(st, m); back != strings.TrimSpace(text) {
			t.Fatalf("%q parsed to a move written %q", text, back)
		}
	})
}
