package sight

import (
	"testing"

	"koma/rules/rulestest"
)

// FuzzRefereeGame plays seeded random games with the naive implementation as referee,
// under both priority rules.
func FuzzRefereeGame(f *testing.F) {
	for seed := uint64(0); seed < 8; seed++ {
		f.Add(seed, seed%2 == 1)
	}
	f.Fuzz(func(t *testing.T, seed uint64, movable bool) {
		opts := ""
		if movable {
			opts = "priority=movable"
		}
		refereeGame(t, opts, seed)
	})
}

// FuzzParseMove feeds untrusted move texts and paths to a position reached by random play.
func FuzzParseMove(f *testing.F) {
	f.Add(uint64(1), 0, "@c3", []byte{12})
	f.Add(uint64(2), 5, "a1-b2", []byte{0, 6, 200})
	f.Add(uint64(3), 12, "", []byte{})
	f.Fuzz(func(t *testing.T, seed uint64, plies int, text string, path []byte) {
		rulestest.UntrustedInput(t, start(t), seed, plies, numSites, text, path)
	})
}
