package konane

import (
	"math/rand/v2"
	"testing"

	"koma/rules"
)

// BenchmarkPlayout plays uniformly random games from the start through the rules.State
// interface, as the AI's playouts do, and reports playouts per second.
func BenchmarkPlayout(b *testing.B) {
	for _, preset := range Game.Presets {
		b.Run(presetName(preset), func(b *testing.B) {
			var root rules.State = start(b, preset)
			st := root.Clone()
			rng := rand.New(rand.NewPCG(1, 2))
			buf := make([]rules.Move, 0, 256)
			plies := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				st.CopyFrom(root)
				for {
					moves := st.LegalMoves(buf[:0])
					if len(moves) == 0 {
						break
					}
					st.Apply(moves[rng.IntN(len(moves))])
					plies++
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
		})
	}
}

// BenchmarkLegalMoves generates the moves of positions sampled from random games.
func BenchmarkLegalMoves(b *testing.B) {
	for _, preset := range Game.Presets {
		b.Run(presetName(preset), func(b *testing.B) {
			root := start(b, preset)
			rng := rand.New(rand.NewPCG(3, 4))
			var positions []rules.State
			for len(positions) < 1000 {
				st := root.Clone()
				for {
					moves := st.LegalMoves(nil)
					if len(moves) == 0 {
						break
					}
					positions = append(positions, st.Clone())
					st.Apply(moves[rng.IntN(len(moves))])
				}
			}
			buf := make([]rules.Move, 0, 256)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				buf = positions[i%len(positions)].LegalMoves(buf[:0])
			}
		})
	}
}
