package turkish

import (
	"math/rand/v2"
	"testing"

	"koma/rules"
)

// BenchmarkPlayout plays uniformly random games from the start through the rules.State
// interface, every move from LegalMoves, and reports playouts per second.
func BenchmarkPlayout(b *testing.B) {
	var root rules.State = start(b)
	st := root.Clone()
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]rules.Move, 0, 256)
	turns := 0
	b.ReportAllocs()
	for b.Loop() {
		st.CopyFrom(root)
		for {
			buf = st.LegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			st.Apply(buf[rng.IntN(len(buf))])
			if !st.MidTurn() {
				turns++
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/playout")
}

// BenchmarkRandomMovePlayout plays the same games through RandomMove.
func BenchmarkRandomMovePlayout(b *testing.B) {
	root := start(b)
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
}

// BenchmarkLegalMoves generates the moves of positions sampled from random games.
func BenchmarkLegalMoves(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var positions []*State
	for len(positions) < 1000 {
		st := start(b)
		for {
			moves := st.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			positions = append(positions, st.Clone().(*State))
			st.Apply(moves[rng.IntN(len(moves))])
		}
	}
	buf := make([]rules.Move, 0, 256)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		buf = positions[i%len(positions)].LegalMoves(buf[:0])
	}
}
