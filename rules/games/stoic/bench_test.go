package stoic

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"koma/rules"
)

var benchSizes = []int{4, 5, 8}

// BenchmarkLegalMoves generates moves in positions a third of the way into random games.
func BenchmarkLegalMoves(b *testing.B) {
	for _, size := range benchSizes {
		b.Run("size="+strconv.Itoa(size), func(b *testing.B) {
			start := mustNew(b, "size="+strconv.Itoa(size))
			rng := rand.New(rand.NewPCG(1, 2))
			buf := make([]rules.Move, 0, maxCells)
			var positions []*State
			for len(positions) < 64 {
				s := start.Clone().(*State)
				for i := 0; i < start.Board().Len()/3; i++ {
					moves := s.LegalMoves(buf[:0])
					if len(moves) == 0 {
						break
					}
					s.Apply(moves[rng.IntN(len(moves))])
				}
				if _, over := s.Outcome(); !over {
					positions = append(positions, s)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			n := 0
			for i := 0; b.Loop(); i++ {
				n += len(positions[i%len(positions)].LegalMoves(buf[:0]))
			}
			if n == 0 {
				b.Fatal("no moves generated")
			}
		})
	}
}

// BenchmarkPlayout plays uniformly random games from the start through the State
// interface, as the AI's playouts will; one op is one whole game.
func BenchmarkPlayout(b *testing.B) {
	for _, size := range benchSizes {
		b.Run("size="+strconv.Itoa(size), func(b *testing.B) {
			var start rules.State = mustNew(b, "size="+strconv.Itoa(size))
			s := start.Clone()
			rng := rand.New(rand.NewPCG(3, 4))
			buf := make([]rules.Move, 0, maxCells)
			turns := 0
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				s.CopyFrom(start)
				for {
					moves := s.LegalMoves(buf[:0])
					if len(moves) == 0 {
						break
					}
					s.Apply(moves[rng.IntN(len(moves))])
					turns++
				}
			}
			b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
