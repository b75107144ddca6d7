package node

import (
	"strconv"
	"testing"

	"koma/rules/rulestest"
)

// FuzzRefereeGame plays seeded random games on every board size with the naive
// implementation as referee.
func FuzzRefereeGame(f *testing.F) {
	for seed := uint64(0); seed < 8; seed++ {
		f.Add(seed, uint8(seed))
	}
	f.Fuzz(func(t *testing.T, seed uint64, size uint8) {
		n := minSize + int(size)%(maxSize-minSize+1)
		refereeGame(t, "size="+strconv.Itoa(n), seed)
	})
}

// FuzzParseMove feeds untrusted move texts and paths to a position reached by random play.
func FuzzParseMove(f *testing.F) {
	f.Add(uint64(1), 0, "@a6", []byte{1, 8})
	f.Add(uint64(2), 5, "@f6", []byte{1, 50, 200})
	f.Add(uint64(3), 12, "", []byte{})
	f.Fuzz(func(t *testing.T, seed uint64, plies int, text string, path []byte) {
		rulestest.UntrustedInput(t, start(t), seed, plies, maxCells, text, path)
	})
}
