package tafl

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"koma/rules"
)

// This file holds a second, deliberately plain tafl: a grid of bytes, string moves and
// a list of past boards. It shares no code with the package, so agreeing perft figures and
// move lists check the tables and bitsets against the rules themselves.

type naiveTafl struct {
	n       int
	corners bool // the 7×7 games: corner escapes
	step    bool
	grid    [][]byte // grid[row][col]: 'A', 'D', 'K' or '.'
	turn    byte     // 'A' or 'D'
	past    []string // boards with the side to move since the last capture, this one included
	turns   int
	result  string // "" while playing, else the reason
	winner  byte   // 'A', 'D' or 0 for a draw
}

func naiveFor(t testing.TB, sp rules.Spec) *naiveTafl {
	t.Helper()
	layout := map[string]string{"tablut": tablutLayout, "brandub": brandubLayout, "ardri": ardriLayout}[sp.Game.ID]
	var grid [][]byte
	for _, line := range strings.Split(strings.TrimSpace(layout), "\n") {
		grid = append([][]byte{[]byte(strings.ReplaceAll(strings.TrimSpace(line), " ", ""))}, grid...)
	}
	g := &naiveTafl{n: len(grid), corners: sp.Game.ID != "tablut", step: sp.Options["move"] == "step", grid: grid, turn: 'A'}
	g.past = []string{g.key()}
	return g
}

func (g *naiveTafl) key() string {
	var sb strings.Builder
	for _, row := range g.grid {
		sb.Write(row)
	}
	sb.WriteByte(g.turn)
	return sb.String()
}

func (g *naiveTafl) copy() *naiveTafl {
	c := *g
	c.grid = nil
	for _, row := range g.grid {
		c.grid = append(c.grid, slices.Clone(row))
	}
	c.past = slices.Clone(g.past)
	return &c
}

func (g *naiveTafl) in(c, r int) bool     { return c >= 0 && r >= 0 && c < g.n && r < g.n }
func (g *naiveTafl) throne(c, r int) bool { return c == g.n/2 && r == g.n/2 }
func (g *naiveTafl) corner(c, r int) bool {
	return g.corners && (c == 0 || c == g.n-1) && (r == 0 || r == g.n-1)
}

func naiveLabel(c, r int) string { return string(rune('a'+c)) + strconv.Itoa(r+1) }

var naiveDirs = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

func (g *naiveTafl) mine(b byte) bool {
	if g.turn == 'A' {
		return b == 'A'
	}
	return b == 'D' || b == 'K'
}

// moves lists the legal moves as texts, sorted.
func (g *naiveTafl) moves() []string {
	if g.result != "" {
		return nil
	}
	var out []string
	for r := 0; r < g.n; r++ {
		for c := 0; c < g.n; c++ {
			p := g.grid[r][c]
			if !g.mine(p) {
				continue
			}
			for _, d := range naiveDirs {
				for k := 1; ; k++ {
					x, y := c+d[0]*k, r+d[1]*k
					if !g.in(x, y) || g.grid[y][x] != '.' {
						break
					}
					if p == 'K' || (!g.throne(x, y) && !g.corner(x, y)) {
						out = append(out, naiveLabel(c, r)+"-"+naiveLabel(x, y))
					}
					if g.step {
						break
					}
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

func (g *naiveTafl) at(c, r int) byte {
	if !g.in(c, r) {
		return 0
	}
	return g.grid[r][c]
}

func (g *naiveTafl) play(text string) {
	a, b, _ := strings.Cut(text, "-")
	c0, _ := strconv.Atoi(a[1:])
	c1, _ := strconv.Atoi(b[1:])
	fc, fr, tc, tr := int(a[0]-'a'), c0-1, int(b[0]-'a'), c1-1
	p := g.grid[fr][fc]
	g.grid[fr][fc], g.grid[tr][tc] = '.', p
	mover := g.turn
	// The king first, on the board as the move leaves it.
	kingTaken := false
	if mover == 'A' {
		kc, kr := -1, -1
		for r := 0; r < g.n; r++ {
			if i := slices.Index(g.grid[r], 'K'); i >= 0 {
				kc, kr = i, r
			}
		}
		near := func(c, r int) bool { return abs(float64(c-tc))+abs(float64(r-tr)) == 1 }
		switch {
		case g.throne(kc, kr):
			attackersAround, soldier := 0, [2]int{-1, -1}
			for _, d := range naiveDirs {
				switch g.at(kc+d[0], kr+d[1]) {
				case 'A':
					attackersAround++
				case 'D':
					soldier = [2]int{kc + d[0], kr + d[1]}
				}
			}
			if attackersAround == 4 && near(kc, kr) {
				kingTaken = true
			}
			if attackersAround == 3 && soldier[0] >= 0 {
				ok, mine := true, near(kc, kr)
				for _, d := range naiveDirs {
					x, y := soldier[0]+d[0], soldier[1]+d[1]
					if x == kc && y == kr {
						continue
					}
					if g.at(x, y) != 'A' {
						ok = false
					}
					if x == tc && y == tr {
						mine = true
					}
				}
				kingTaken = ok && mine
			}
		case abs(float64(kc-g.n/2))+abs(float64(kr-g.n/2)) == 1:
			count := 0
			for _, d := range naiveDirs {
				if g.at(kc+d[0], kr+d[1]) == 'A' {
					count++
				}
			}
			kingTaken = count == 3 && near(kc, kr)
		case near(kc, kr):
			x, y := 2*kc-tc, 2*kr-tr
			kingTaken = g.at(x, y) == 'A' || (g.in(x, y) && g.corner(x, y))
		}
	}
	captured := false
	for _, d := range naiveDirs {
		x, y := tc+d[0], tr+d[1]
		e := g.at(x, y)
		if e == 0 || e == 'K' || e == '.' || g.mine(e) {
			continue
		}
		bx, by := x+d[0], y+d[1]
		if !g.in(bx, by) {
			continue
		}
		if g.mine(g.grid[by][bx]) || (g.throne(bx, by) && g.grid[by][bx] == '.') || g.corner(bx, by) {
			g.grid[y][x] = '.'
			captured = true
		}
	}
	g.turns++
	if mover == 'A' {
		g.turn = 'D'
	} else {
		g.turn = 'A'
	}
	win := p == 'K' && (g.corner(tc, tr) || (!g.corners && (tc == 0 || tr == 0 || tc == g.n-1 || tr == g.n-1)))
	switch {
	case win:
		g.result, g.winner = ReasonKingEscaped, 'D'
		return
	case kingTaken:
		g.result, g.winner = ReasonKingCaptured, 'A'
		return
	}
	if captured {
		g.past = nil
	}
	k := g.key()
	seen := 0
	for _, q := range g.past {
		if q == k {
			seen++
		}
	}
	g.past = append(g.past, k)
	switch {
	case seen >= 2:
		g.result, g.winner = ReasonRepetition, g.turn
	case g.turns >= 400:
		g.result, g.winner = ReasonTurnLimit, 0
	case len(g.moves()) == 0:
		g.result, g.winner = ReasonNoMoves, mover
	}
}

func naivePerft(g *naiveTafl, depth int) []uint64 {
	counts := make([]uint64, depth)
	var rec func(g *naiveTafl, d int)
	rec = func(g *naiveTafl, d int) {
		seen := map[string]bool{}
		for _, m := range g.moves() {
			c := g.copy()
			c.play(m)
			k := c.key() + c.result
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
	rec(g, 0)
	return counts
}

func TestPerftMatchesNaive(t *testing.T) {
	for _, sp := range allSpecs(t) {
		depth := min(perftDepths[sp.String()], 3)
		want := naivePerft(naiveFor(t, sp), depth)
		got := rules.Perft(startSpec(t, sp), depth)
		if !slices.Equal(got, want) {
			t.Errorf("%s: perft %v, independent count %v", sp, got, want)
		}
	}
}

// checkAgainstNaive plays a seeded random game with both implementations side by side.
func checkAgainstNaive(t *testing.T, sp rules.Spec, seed uint64) {
	t.Helper()
	s := startSpec(t, sp)
	g := naiveFor(t, sp)
	rng := rand.New(rand.NewPCG(seed, 7))
	for turn := 0; ; turn++ {
		got, want := rulestestMoveTexts(s), g.moves()
		if !slices.Equal(got, want) {
			t.Fatalf("%s seed %d turn %d: moves %v, naive %v\n%s", sp, seed, turn, got, want, rules.Text(s))
		}
		if len(want) == 0 {
			o, over := s.Outcome()
			w := rules.NoPlayer
			switch g.winner {
			case 'A':
				w = attackers
			case 'D':
				w = defenders
			}
			if !over || o.Reason != g.result || o.Winner != w {
				t.Fatalf("%s seed %d: end %+v, naive %s won by %c", sp, seed, o, g.result, g.winner)
			}
			return
		}
		moves := s.LegalMoves(nil)
		m := moves[rng.IntN(len(moves))]
		text := rules.FormatMove(s, m)
		s.Apply(m)
		g.play(text)
		var sb strings.Builder
		for r := g.n - 1; r >= 0; r-- {
			sb.WriteString(strings.Join(strings.Split(string(g.grid[r]), ""), " ") + "\n")
		}
		if d := draw(s); d != sb.String() {
			t.Fatalf("%s seed %d after %s: board\n%s\nnaive\n%s", sp, seed, text, d, sb.String())
		}
	}
}

func rulestestMoveTexts(s rules.State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, rules.FormatMove(s, m))
	}
	slices.Sort(out)
	return out
}

func TestRandomGamesMatchNaive(t *testing.T) {
	for _, sp := range allSpecs(t) {
		for seed := uint64(1); seed <= 15; seed++ {
			checkAgainstNaive(t, sp, seed)
		}
	}
}

func FuzzPlayout(f *testing.F) {
	for i := range 4 {
		f.Add(uint64(i*31+1), uint8(i))
	}
	f.Fuzz(func(t *testing.T, seed uint64, which uint8) {
		specs := allSpecs(t)
		checkAgainstNaive(t, specs[int(which)%len(specs)], seed)
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"d1-d3", "e5-e4", "a4-d4", "", "pass", "d1-", "z9-a1", " d1-d3 "} {
		f.Add(s, uint8(len(s)), uint8(3))
	}
	f.Fuzz(func(t *testing.T, text string, which, plies uint8) {
		specs := allSpecs(t)
		st := startSpec(t, specs[int(which)%len(specs)])
		for i := 0; i < int(plies)%60; i++ {
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
		if !rules.IsLegal(st, m) || rules.FormatMove(st, m) != strings.TrimSpace(text) {
			t.Fatalf("%q parsed to %v", text, m)
		}
	})
}
