package alquerque

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

// walkRandomGame plays a seeded random game and calls check on every position, the final
// one included.
func walkRandomGame(t testing.TB, opts string, seed uint64, check func(s *State)) {
	t.Helper()
	rulestest.WalkRandomGame(t, start(t, opts), seed, check)
}

func TestRandomMoveMatchesLegalMoves(t *testing.T) {
	for _, p := range presets {
		t.Run(p.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 30; seed++ {
				walkRandomGame(t, p.opts, seed, func(s *State) { rulestest.RandomMoveAgrees(t, s, seed) })
			}
		})
	}
}

func TestRandomMoveInCapturePositions(t *testing.T) {
	// Positions with branching and long chains, where the two walks over the chains must
	// agree move for move.
	tests := []struct {
		name, rules, diagram string
		toMove               rules.Player
	}{
		{"branching chains, simple", "simple", `
			. . . . .
			. B . B .
			. . W . .
			. B . B .
			. . . . .`, 0},
		{"branching chains, bell", "bell", `
			. . . . .
			. B . B .
			. . W . .
			. B . B .
			. . . . .`, 0},
		{"a ring of captures", "simple", `
			. . . . .
			. W W W .
			. W . W .
			. W W W B
			. . . . .`, 1},
		{"captures and steps, bell", "bell", `
			B . B . B
			. W . . .
			. . . W .
			. . B . .
			W . . . W`, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.rules, tc.diagram, tc.toMove)
			n := len(s.LegalMoves(nil))
			// Enough draws that every index is hit with near certainty.
			for seed := uint64(0); seed < uint64(40*n); seed++ {
				rulestest.RandomMoveAgrees(t, s, seed)
			}
		})
	}
}

func FuzzRandomMove(f *testing.F) {
	for i := uint64(0); i < 6; i++ {
		f.Add(i*13+2, i%2 == 0, i)
	}
	f.Fuzz(func(t *testing.T, seed uint64, bell bool, drawSeed uint64) {
		opts := ""
		if bell {
			opts = "rules=bell"
		}
		walkRandomGame(t, opts, seed, func(s *State) { rulestest.RandomMoveAgrees(t, s, drawSeed) })
	})
}

func TestEvaluate(t *testing.T) {
	// Independent oracle: material from Pieces, the threat from the kinds of the legal
	// moves, mobility from the steps listed under the simple rules with either side to move.
	for seed := uint64(1); seed <= 10; seed++ {
		walkRandomGame(t, "", seed, func(s *State) {
			count := func(p rules.Player) int {
				n := 0
				var buf []rules.Piece
				for site := range s.Board().Len() {
					for _, pc := range s.Pieces(board.Site(site), buf[:0]) {
						if pc.Owner == p {
							n++
						}
					}
				}
				return n
			}
			steps := func(p rules.Player) (n int, captures bool) {
				c := *s
				c.Turn, c.Over = p, false
				for _, m := range c.LegalMoves(nil) {
					if m.Kind == rules.Step {
						n++
					} else {
						captures = true
					}
				}
				return n, captures
			}
			for _, p := range []rules.Player{0, 1} {
				x := float64(count(p) - count(p.Other()))
				if _, over := s.Outcome(); !over {
					if _, c := steps(s.Turn); c {
						if s.Turn == p {
							x += threatWeight
						} else {
							x -= threatWeight
						}
					}
				}
				mp, _ := steps(p)
				mo, _ := steps(p.Other())
				x += mobilityWeight * float64(mp-mo) / float64(mp+mo+1)
				want := x / (x + evalScale)
				if x < 0 {
					want = x / (evalScale - x)
				}
				if got := s.Evaluate(p); got != want || got < -1 || got > 1 {
					t.Fatalf("Evaluate(%d) = %v, want %v\n%s", p, got, want, rules.Text(s))
				}
			}
			if s.Evaluate(0) != -s.Evaluate(1) {
				t.Fatalf("Evaluate is not antisymmetric: %v, %v", s.Evaluate(0), s.Evaluate(1))
			}
		})
	}
}

func TestEvaluateSign(t *testing.T) {
	tests := []struct {
		name, rules, diagram string
		toMove, want         rules.Player
	}{
		{"a piece ahead", "simple", `
			B B . . .
			. . . . .
			. . . . .
			. . . . .
			W W W . .`, 1, 0},
		{"white to capture", "simple", `
			. . . . .
			. . . . .
			. . B . .
			. . W . .
			. . . . .`, 0, 0},
		{"black to capture", "bell", `
			. . . . .
			. . . . .
			. . B . .
			. . W . .
			. . . . .`, 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.rules, tc.diagram, tc.toMove)
			if v := s.Evaluate(tc.want); !(v > 0 && v < 1) {
				t.Errorf("Evaluate(favoured) = %v, want in (0, 1)", v)
			}
			if v := s.Evaluate(tc.want.Other()); !(v < 0 && v > -1) {
				t.Errorf("Evaluate(other) = %v, want in (-1, 0)", v)
			}
		})
	}
}

func TestMemoryless(t *testing.T) {
	for _, p := range presets {
		if got, want := start(t, p.opts).Memoryless(), p.name == "bell"; got != want {
			t.Errorf("%s: Memoryless %v, want %v", p.name, got, want)
		}
	}
}

func TestRandomMoveDoesNotAllocate(t *testing.T) {
	for _, p := range presets {
		root := start(t, p.opts)
		work := *root
		rng := rand.New(rand.NewPCG(1, 2))
		allocs := testing.AllocsPerRun(20, func() {
			work = *root
			for {
				m, ok := work.RandomMove(rng)
				if !ok {
					break
				}
				work.Apply(m)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per playout", p.name, allocs)
		}
	}
}

// BenchmarkRandomMovePlayout plays the same uniformly random games as BenchmarkPlayout,
// drawing each move with RandomMove as the AI's playouts do.
func BenchmarkRandomMovePlayout(b *testing.B) {
	for _, p := range presets {
		b.Run(p.name, func(b *testing.B) {
			root := start(b, p.opts)
			work := *root
			rng := rand.New(rand.NewPCG(1, 2))
			turns := 0
			b.ReportAllocs()
			for b.Loop() {
				work = *root
				for {
					m, ok := work.RandomMove(rng)
					if !ok {
						break
					}
					work.Apply(m)
					turns++
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
			b.ReportMetric(float64(turns)/float64(b.N), "turns/playout")
		})
	}
}

func BenchmarkEvaluate(b *testing.B) {
	var positions []*State
	for seed := uint64(1); len(positions) < 1000; seed++ {
		walkRandomGame(b, "", seed, func(s *State) { c := *s; positions = append(positions, &c) })
	}
	b.ReportAllocs()
	sum := 0.0
	for i := 0; b.Loop(); i++ {
		sum += positions[i%len(positions)].Evaluate(0)
	}
	if sum != sum {
		b.Fatal("NaN evaluation")
	}
}

// TestCountCaptures checks the whole-board count of the simple rules' capture moves against
// the jumps LegalMoves lists, on the positions of random games.
func TestCountCaptures(t *testing.T) {
	positions, long := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		rulestest.WalkRandomGame(t, start(t, ""), seed, func(s *State) {
			if s.Over {
				return
			}
			want := 0
			for _, m := range s.LegalMoves(nil) {
				if m.Kind == rules.Jump {
					want++
					if m.Len >= 4 {
						long++
					}
				}
			}
			if want > 0 {
				positions++
			}
			own, enemy := s.pieces[s.Turn], s.pieces[s.Turn.Other()]
			empty := allSites &^ (own | enemy)
			got, jumpers := s.v.countCaptures(own, enemy, empty)
			if got != want || (jumpers == 0) != (want == 0) {
				t.Fatalf("countCaptures = %d from %025b, LegalMoves lists %d jumps\n%s", got, jumpers, want, rules.Text(s))
			}
			// The chains of each starting point, counted by the walk that counts them beyond
			// the masks and by the general walk of both rule sets.
			sum := 0
			for j := jumpers; j != 0; j &= j - 1 {
				from := bits.TrailingZeros32(j)
				n := s.v.countAll(enemy, empty, from)
				if general := s.v.countChains(enemy, empty, from, 1, true); n != general {
					t.Fatalf("countAll = %d from %d, countChains = %d\n%s", n, from, general, rules.Text(s))
				}
				sum += n
			}
			if sum != want {
				t.Fatalf("the counts per starting point add up to %d, want %d", sum, want)
			}
		})
	}
	// Chains of three jumps or more are where the walk beyond the masks counts.
	if positions < 100 || long < 10 {
		t.Errorf("only %d positions with a capture and %d chains of three jumps were checked", positions, long)
	}
}
