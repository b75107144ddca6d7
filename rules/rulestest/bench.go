package rulestest

import (
	"math/rand/v2"
	"testing"

	"koma/rules"
)

// The benchmarks below measure any game through the common interface, so that each game's
// bench_test.go only names its starting position.

// BenchPlayout plays uniformly random games from root, every move from LegalMoves, and
// reports playouts and turns (as MidTurn counts them) per playout.
func BenchPlayout(b *testing.B, root rules.State) {
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

// BenchRandomMovePlayout plays the same games through the game's rules.RandomMover.
func BenchRandomMovePlayout(b *testing.B, root rules.State) {
	if _, ok := root.(rules.RandomMover); !ok {
		b.Skip("the game has no RandomMover")
	}
	st := root.Clone()
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		st.CopyFrom(root)
		fast := st.(rules.RandomMover)
		for {
			m, ok := fast.RandomMove(rng)
			if !ok {
				break
			}
			st.Apply(m)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}

// BenchLegalMoves generates the moves of 1,000 positions sampled from random games from
// root.
func BenchLegalMoves(b *testing.B, root rules.State) {
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
	for i := 0; b.Loop(); i++ {
		buf = positions[i%len(positions)].LegalMoves(buf[:0])
	}
}

// PlayoutsDoNotAllocate checks that whole random games from root allocate nothing, drawn
// through LegalMoves with a reused buffer and, where the game has one, through its
// RandomMover. (rules/ai's TestCatalogPlayoutAllocs checks the AI's own playout for every
// preset.)
func PlayoutsDoNotAllocate(t *testing.T, root rules.State) {
	t.Helper()
	work := root.Clone()
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]rules.Move, 0, 256)
	if a := testing.AllocsPerRun(20, func() {
		work.CopyFrom(root)
		for {
			buf = work.LegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			work.Apply(buf[rng.IntN(len(buf))])
		}
	}); a != 0 {
		t.Errorf("%s: %v allocations per game through LegalMoves", root.Game().ID, a)
	}
	rm, ok := work.(rules.RandomMover)
	if !ok {
		return
	}
	if a := testing.AllocsPerRun(20, func() {
		work.CopyFrom(root)
		for {
			m, ok := rm.RandomMove(rng)
			if !ok {
				break
			}
			work.Apply(m)
		}
	}); a != 0 {
		t.Errorf("%s: %v allocations per game through RandomMove", root.Game().ID, a)
	}
}
