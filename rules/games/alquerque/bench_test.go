package alquerque

import (
	"math/rand/v2"
	"testing"

	"koma/rules"
)

// samplePositions collects the positions of a few seeded random games.
func samplePositions(b *testing.B, opts string) []*State {
	var out []*State
	rng := rand.New(rand.NewPCG(3, 4))
	for len(out) < 1000 {
		st := start(b, opts)
		for {
			moves := st.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			out = append(out, st.Clone().(*State))
			st.Apply(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

func BenchmarkLegalMoves(b *testing.B) {
	for _, p := range presets {
		b.Run(p.name, func(b *testing.B) {
			positions := samplePositions(b, p.opts)
			buf := make([]rules.Move, 0, 4096)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				buf = positions[i%len(positions)].LegalMoves(buf[:0])
			}
		})
	}
}

// BenchmarkPlayout plays uniformly random games from the start to the end, one per
// iteration, through the rules.State interface as the AI does.
func BenchmarkPlayout(b *testing.B) {
	for _, p := range presets {
		b.Run(p.name, func(b *testing.B) {
			var first rules.State = start(b, p.opts)
			st := first.Clone()
			rng := rand.New(rand.NewPCG(1, 2))
			buf := make([]rules.Move, 0, 4096)
			turns := 0
			b.ReportAllocs()
			for b.Loop() {
				st.CopyFrom(first)
				for {
					buf = st.LegalMoves(buf[:0])
					if len(buf) == 0 {
						break
					}
					st.Apply(buf[rng.IntN(len(buf))])
					turns++
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
			b.ReportMetric(float64(turns)/float64(b.N), "turns/playout")
		})
	}
}
