package tafl

import (
	"math/rand/v2"
	"testing"

	"koma/rules"
)

// BenchmarkPlayout plays uniformly random games from the start through the rules.State
// interface, every move from LegalMoves, and reports playouts per second.
func BenchmarkPlayout(b *testing.B) {
	for _, sp := range allSpecs(b) {
		b.Run(specName(sp), func(b *testing.B) {
			root, err := sp.New()
			if err != nil {
				b.Fatal(err)
			}
			st := root.Clone()
			rng := rand.New(rand.NewPCG(1, 2))
			buf := make([]rules.Move, 0, 256)
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
	for _, sp := range allSpecs(b) {
		b.Run(specName(sp), func(b *testing.B) {
			root, err := sp.New()
			if err != nil {
				b.Fatal(err)
			}
			st := root.Clone()
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

// BenchmarkEvaluate evaluates positions sampled from random games.
func BenchmarkEvaluate(b *testing.B) {
	for _, sp := range allSpecs(b) {
		b.Run(specName(sp), func(b *testing.B) {
			var positions []*State
			for seed := uint64(1); len(positions) < 1000; seed++ {
				walkRandomGame(b, startSpec(b, sp), seed, func(s *State) {
					if !s.Over {
						positions = append(positions, s.Clone().(*State))
					}
				})
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				positions[i%len(positions)].Evaluate(attackers)
				i++
			}
		})
	}
}
