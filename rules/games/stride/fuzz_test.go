package stride

import (
	"testing"

	"koma/rules/rulestest"
)

// FuzzRefereeGame plays seeded random games with the naive implementation as referee.
func FuzzRefereeGame(f *testing.F) {
	for seed := uint64(0); seed < 8; seed++ {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		refereeGame(t, "", seed)
	})
}

// FuzzParseMove feeds untrusted move texts and paths to a position reached by random play.
func FuzzParseMove(f *testing.F) {
	f.Add(uint64(1), 0, "d2xd4", []byte{4, 3, 23})
	f.Add(uint64(2), 5, "e3xg3", []byte{4, 0, 200, 7})
	f.Add(uint64(3), 12, "", []byte{})
	f.Add(uint64(4), 30, "a7xa5x", []byte{3, 10, 11})
	f.Fuzz(func(t *testing.T, seed uint64, plies int, text string, path []byte) {
		rulestest.UntrustedInput(t, start(t), seed, plies, 200, text, path)
	})
}
