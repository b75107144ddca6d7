package tiptoe

import (
	"testing"

	"koma/rules/rulestest"
)

// fuzzOptions picks a variant from a byte: every topology and size.
func fuzzOptions(b uint8) string {
	i := int(b) % (len(topologies) * len(sizes))
	return "topology=" + topologies[i/len(sizes)] + ",size=" + sizes[i%len(sizes)]
}

// FuzzPlayout referees a seeded random game of any variant with the naive implementation.
func FuzzPlayout(f *testing.F) {
	for seed := uint64(0); seed < 12; seed++ {
		f.Add(seed, uint8(seed))
	}
	f.Fuzz(func(t *testing.T, seed uint64, variant uint8) {
		refereeGame(t, fuzzOptions(variant), seed)
	})
}

// FuzzParseMove feeds arbitrary text to ParseMove, and an arbitrary move to rules.Play, in
// positions of seeded random games: neither may panic, and each may accept only legal moves.
func FuzzParseMove(f *testing.F) {
	for i, s := range []string{"@d4", "@a1", "@k11", "d4", "@", "", "@z99", " @e5 ", "pass", "@d4-e5"} {
		f.Add(s, uint64(len(s)), uint8(i*3), uint8(i), []byte{1, 30})
	}
	f.Fuzz(func(t *testing.T, text string, seed uint64, plies, variant uint8, path []byte) {
		rulestest.UntrustedInput(t, start(t, fuzzOptions(variant)), seed, int(plies), 130, text, path)
	})
}
