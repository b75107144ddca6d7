package squish

import (
	"strconv"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// FuzzPlayout referees a seeded random game of a fuzzed game and size with the naive
// implementation.
func FuzzPlayout(f *testing.F) {
	for seed := uint64(0); seed < 6; seed++ {
		f.Add(seed, uint8(seed))
	}
	f.Fuzz(func(t *testing.T, seed uint64, which uint8) {
		g := Game
		if which&1 == 1 {
			g = Flowish
		}
		refereeGame(t, g, minSize+int(which>>1)%(maxSize-minSize+1), seed)
	})
}

// FuzzParseMove feeds arbitrary text to ParseMove, and an arbitrary move to rules.Play, in
// positions of seeded random games: neither may panic, and each may accept only legal moves.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e1-e2", "e1-f1", "d4-d5", "", "e1-", "-", "x", "z9-a1", " e1-e2 ", "pass", "@d4"} {
		f.Add(s, uint64(len(s)), uint8(10), uint8(1), []byte{3, 20, 21})
	}
	f.Fuzz(func(t *testing.T, text string, seed uint64, plies, which uint8, path []byte) {
		g := Game
		if which&1 == 1 {
			g = Flowish
		}
		st := start(t, g, "size="+strconv.Itoa(minSize+int(which>>1)%(maxSize-minSize+1)))
		rulestest.UntrustedInput(t, st, seed, int(plies), 80, text, path)
		if st.Hash() != st.ComputeHash() {
			t.Fatalf("hash out of date\n%s", rules.Text(st))
		}
	})
}
