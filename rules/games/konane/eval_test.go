package konane

import (
	"math/rand/v2"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// walkRandomGame plays a seeded random game of preset and calls check on every position,
// the final one included.
func walkRandomGame(t *testing.T, preset string, seed uint64, check func(s *State)) {
	t.Helper()
	rulestest.WalkRandomGame(t, start(t, preset), seed, check)
}

func TestRandomMoveMatchesLegalMoves(t *testing.T) {
	for _, preset := range Game.Presets {
		t.Run(presetName(preset), func(t *testing.T) {
			for seed := uint64(1); seed <= 30; seed++ {
				walkRandomGame(t, preset, seed, func(s *State) { rulestest.RandomMoveAgrees(t, s, seed) })
			}
		})
	}
}

func FuzzRandomMove(f *testing.F) {
	for i := range Game.Presets {
		f.Add(uint64(i*7+3), uint8(i), uint64(i))
	}
	f.Fuzz(func(t *testing.T, seed uint64, preset uint8, drawSeed uint64) {
		walkRandomGame(t, Game.Presets[int(preset)%len(Game.Presets)], seed, func(s *State) {
			rulestest.RandomMoveAgrees(t, s, drawSeed)
		})
	})
}

// movesAsMover counts the legal moves p would have if it were p's turn, through
// LegalMoves, as an oracle for mobility.
func movesAsMover(s *State, p rules.Player) int {
	c := *s
	c.Turn = p
	c.Over = !c.hasMoves()
	return len(c.LegalMoves(nil))
}

func TestEvaluateIsSingleJumpMobility(t *testing.T) {
	// With single jumps only, a player's mobility is exactly their number of legal moves.
	for _, preset := range []string{"size=6,jumps=single", "size=8,jumps=single"} {
		for seed := uint64(1); seed <= 10; seed++ {
			walkRandomGame(t, preset, seed, func(s *State) {
				if s.phase != phaseCaptures {
					if s.Evaluate(black) != 0 || s.Evaluate(white) != 0 {
						t.Fatalf("opening position scored %v", s.Evaluate(black))
					}
					return
				}
				mb, mw := movesAsMover(s, black), movesAsMover(s, white)
				want := float64(mb-mw) / float64(mb+mw+1)
				if got := s.Evaluate(black); got != want {
					t.Fatalf("Evaluate(black) = %v, mobility %d against %d gives %v\n%s", got, mb, mw, want, rules.Text(s))
				}
				if s.Evaluate(white) != -s.Evaluate(black) {
					t.Fatalf("Evaluate is not antisymmetric: %v, %v", s.Evaluate(black), s.Evaluate(white))
				}
			})
		}
	}
}

func TestEvaluateSign(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		want    rules.Player // the player the position favours
	}{
		{"black has the only jumps", `
			B W . . . .
			. . . . . .
			B W . . . .
			. . . . . .
			. . . . . W
			. . . . . .`, black},
		{"white has more jumps", `
			W B . W B .
			. . . . . .
			. . . . . .
			. . . B W .
			. . . . . .
			. . . . . .`, white},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, toMove := range []rules.Player{black, white} {
				s := position(t, "size=6", tc.diagram, toMove)
				if v := s.Evaluate(tc.want); !(v > 0 && v <= 1) {
					t.Errorf("to move %d: Evaluate(favoured) = %v, want in (0, 1]", toMove, v)
				}
				if v := s.Evaluate(tc.want.Other()); !(v < 0 && v >= -1) {
					t.Errorf("to move %d: Evaluate(other) = %v, want in [-1, 0)", toMove, v)
				}
			}
		})
	}
}

func TestRandomMoveDoesNotAllocate(t *testing.T) {
	for _, preset := range Game.Presets {
		root := start(t, preset)
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
			t.Errorf("%q: %v allocations per playout", preset, allocs)
		}
	}
}

// BenchmarkRandomMovePlayout plays the same uniformly random games as BenchmarkPlayout,
// drawing each move with RandomMove as the AI's playouts do.
func BenchmarkRandomMovePlayout(b *testing.B) {
	for _, preset := range Game.Presets {
		b.Run(presetName(preset), func(b *testing.B) {
			root := start(b, preset)
			work := *root
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			for b.Loop() {
				work = *root
				for {
					m, ok := work.RandomMove(rng)
					if !ok {
						break
					}
					work.Apply(m)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

func BenchmarkEvaluate(b *testing.B) {
	var positions []*State
	for seed := uint64(1); len(positions) < 1000; seed++ {
		s := start(b, "")
		rng := rand.New(rand.NewPCG(seed, 5))
		for {
			moves := s.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			c := *s
			positions = append(positions, &c)
			s.Apply(moves[rng.IntN(len(moves))])
		}
	}
	b.ReportAllocs()
	sum := 0.0
	for i := 0; b.Loop(); i++ {
		sum += positions[i%len(positions)].Evaluate(black)
	}
	if sum != sum {
		b.Fatal("NaN evaluation")
	}
}
