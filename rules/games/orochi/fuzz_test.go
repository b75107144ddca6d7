package orochi

import (
	"testing"

	"koma/rules/rulestest"
)

// FuzzRefereeGame plays seeded random games with the naive implementation as referee, on
// the smallest board and the two presets.
func FuzzRefereeGame(f *testing.F) {
	for seed := uint64(0); seed < 8; seed++ {
		f.Add(seed, uint8(seed))
	}
	f.Fuzz(func(t *testing.T, seed uint64, size uint8) {
		refereeGame(t, []string{"size=3", "", "size=5"}[size%3], seed)
	})
}

// FuzzParseMove feeds untrusted move texts and paths to a position reached by random play.
func FuzzParseMove(f *testing.F) {
	f.Add(uint64(1), 0, "W@d4", []byte{byte(1), 21})
	f.Add(uint64(2), 30, "d4=B", []byte{byte(1), 200})
	f.Add(uint64(3), 12, "B@a7", []byte{byte(5)})
	f.Add(uint64(4), 7, "", []byte{})
	f.Fuzz(func(t *testing.T, seed uint64, plies int, text string, path []byte) {
		rulestest.UntrustedInput(t, start(t), seed, plies, 60, text, path)
	})
}
