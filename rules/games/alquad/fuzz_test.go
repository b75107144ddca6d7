package alquad

import (
	"testing"

	"koma/rules/rulestest"
)

// FuzzRefereeGame plays seeded random games with the naive implementation as referee.
func FuzzRefereeGame(f *testing.F) {
	for seed := uint64(0); seed < 8; seed++ {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) { refereeGame(t, seed) })
}

// FuzzParseMove feeds untrusted move texts and paths to a position reached by random play.
func FuzzParseMove(f *testing.F) {
	f.Add(uint64(1), 0, "@c3", []byte{byte(12)})
	f.Add(uint64(2), 2, "white", []byte{byte(3), 200, 7})
	f.Add(uint64(3), 9, "choose7", []byte{})
	f.Add(uint64(4), 14, "a1-b2", []byte{byte(0), 255})
	f.Fuzz(func(t *testing.T, seed uint64, plies int, text string, path []byte) {
		rulestest.UntrustedInput(t, start(t), seed, plies, 30, text, path)
	})
}
