package sibling

import (
	"testing"

	"koma/rules/rulestest"
)

// FuzzRefereeGame plays seeded random games with the naive implementation as referee, on
// every board size, with and without the pie rule.
func FuzzRefereeGame(f *testing.F) {
	for seed := uint64(0); seed < 8; seed++ {
		f.Add(seed, uint8(seed), seed%2 == 1)
	}
	f.Fuzz(func(t *testing.T, seed uint64, size uint8, pie bool) {
		n := minSize + int(size)%(maxSize-minSize+1)
		opts := "size=" + string(rune('0'+n))
		if pie {
			opts += ",pie=on"
		}
		refereeGame(t, opts, n, pie, seed)
	})
}

// FuzzParseMove feeds untrusted move texts and paths to a position reached by random play.
func FuzzParseMove(f *testing.F) {
	f.Add(uint64(1), 0, "@e5", []byte{1, 40})
	f.Add(uint64(2), 1, "swap", []byte{6})
	f.Add(uint64(3), 2, "@a1", []byte{1, 200, 3})
	f.Add(uint64(4), 7, "", []byte{})
	f.Fuzz(func(t *testing.T, seed uint64, plies int, text string, path []byte) {
		rulestest.UntrustedInput(t, mustNew(t, "pie=on"), seed, plies, maxCells, text, path)
	})
}
