package foxhounds

import (
	"math/rand/v2"
	"testing"

	"koma/rules"
)

// BenchmarkPlayout plays uniformly random games from the start through the rules.State
// interface, every move from LegalMoves, and reports playouts per second.
func BenchmarkPlayout(b *testing.B) {
	for _, preset := range Game.Presets {
		b.Run(presetName(preset), func(b *testing.B) {
			var root rules.State = start(b, preset)
			st := root.Clone()
			rng := rand.New(rand.NewPCG(1, 2))
			buf := make([]rules.Move, 0, 16)
			plies := 0
			b.ReportAllocs()
			for b.Loop() {
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

// BenchmarkRandomMovePlayout plays the same games through RandomMove.
func BenchmarkRandomMovePlayout(b *testing.B) {
	for _, preset := range Game.Presets {
		b.Run(presetName(preset), func(b *testing.B) {
			root := start(b, preset)
			var st rules.State = root.Clone()
			fast := st.(rules.RandomMover)
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			for b.Loop() {
				st.CopyFrom(root)
				for {
					m, ok := fast.RandomMove(rng)
					if !ok {
						break
					}
					st.Apply(m)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

// BenchmarkLegalMoves generates the moves of positions sampled from random games.
func BenchmarkLegalMoves(b *testing.B) {
	root := start(b, "")
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
	buf := make([]rules.Move, 0, 16)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		buf = positions[i%len(positions)].LegalMoves(buf[:0])
	}
}
