package stoic

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

var evalSizes = []string{"size=3", "size=4", "size=5", "size=8"}

// walkRandomGame plays a seeded random game and calls check on every position, the final
// one included.
func walkRandomGame(t testing.TB, opts string, seed uint64, check func(s *State)) {
	t.Helper()
	rulestest.WalkRandomGame(t, mustNew(t, opts), seed, check)
}

func TestRandomMoveMatchesLegalMoves(t *testing.T) {
	for _, opts := range evalSizes {
		t.Run(opts, func(t *testing.T) {
			for seed := uint64(1); seed <= 30; seed++ {
				walkRandomGame(t, opts, seed, func(s *State) { rulestest.RandomMoveAgrees(t, s, seed) })
			}
		})
	}
}

func FuzzRandomMove(f *testing.F) {
	for i := uint64(0); i < 6; i++ {
		f.Add(i*11+1, uint8(i), i)
	}
	f.Fuzz(func(t *testing.T, seed uint64, sizeByte uint8, drawSeed uint64) {
		walkRandomGame(t, "size="+strconv.Itoa(sizeFrom(sizeByte)), seed, func(s *State) {
			rulestest.RandomMoveAgrees(t, s, drawSeed)
		})
	})
}

// cellsAsMover lists the cells p could play on if it were p's turn, through LegalMoves,
// as an oracle for the evaluation.
func cellsAsMover(s *State, p rules.Player) map[rules.Move]bool {
	c := *s
	c.Turn, c.Over = p, false
	out := map[rules.Move]bool{}
	for _, m := range c.LegalMoves(nil) {
		out[m] = true
	}
	return out
}

func TestEvaluateRacesForCells(t *testing.T) {
	for _, opts := range evalSizes {
		for seed := uint64(1); seed <= 10; seed++ {
			walkRandomGame(t, opts, seed, func(s *State) {
				if _, over := s.Outcome(); over {
					if s.Evaluate(0) != 0 || s.Evaluate(1) != 0 {
						t.Fatalf("a finished game scores %v", s.Evaluate(0))
					}
					return
				}
				mover := s.ToMove()
				mine, theirs := cellsAsMover(s, mover), cellsAsMover(s, mover.Other())
				own, other, shared := 0, 0, 0
				for m := range mine {
					if theirs[m] {
						shared++
					} else {
						own++
					}
				}
				for m := range theirs {
					if !mine[m] {
						other++
					}
				}
				// The race of the doc comment: the mover wins it when own > other with an
				// even number of shared cells, and when own >= other with an odd one.
				x := float64(own-other) - 0.5
				if shared%2 == 1 {
					x++
				}
				want := x / (math.Abs(x) + evalSoftness)
				if got := s.Evaluate(mover); got != want {
					t.Fatalf("Evaluate(mover) = %v; own %d, other %d, shared %d give %v\n%s", got, own, other, shared, want, rules.Text(s))
				}
				if s.Evaluate(mover.Other()) != -want {
					t.Fatalf("Evaluate is not antisymmetric: %v, %v", want, s.Evaluate(mover.Other()))
				}
				if want <= -1 || want >= 1 {
					t.Fatalf("Evaluate = %v, outside (-1, 1)", want)
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
		// a5-b5-c5 would be new, enemy, own for Black, so a5 is closed to Black alone.
		{"a cell closed to black", `
			. W B
			. . . .
			. . . . .
			. . . .
			. . .`, 0},
		{"a cell closed to white", `
			. B W
			. . . .
			. . . . .
			. . . .
			. . .`, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, toMove := range []rules.Player{0, 1} {
				s, _ := position(t, 3, toMove, tc.diagram)
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
	for _, opts := range evalSizes {
		root := mustNew(t, opts)
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
			t.Errorf("%q: %v allocations per playout", opts, allocs)
		}
	}
}

// BenchmarkRandomMovePlayout plays the same uniformly random games as BenchmarkPlayout,
// drawing each move with RandomMove as the AI's playouts do.
func BenchmarkRandomMovePlayout(b *testing.B) {
	for _, size := range benchSizes {
		b.Run("size="+strconv.Itoa(size), func(b *testing.B) {
			root := mustNew(b, "size="+strconv.Itoa(size))
			work := *root
			rng := rand.New(rand.NewPCG(3, 4))
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
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
