package alquerque

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// FuzzPlayout plays a seeded random game and checks the state's invariants after every
// turn, with the naive implementation as referee for the moves and the result.
func FuzzPlayout(f *testing.F) {
	for seed := uint64(0); seed < 8; seed++ {
		f.Add(seed, seed%2 == 1)
	}
	f.Fuzz(func(t *testing.T, seed uint64, bell bool) {
		opts := ""
		if bell {
			opts = "rules=bell"
		}
		st := start(t, opts)
		n := naiveStart(bell)
		rng := rand.New(rand.NewPCG(seed, 99))
		for turn := 0; ; turn++ {
			if turn > Game.MaxTurns {
				t.Fatalf("seed %d: no end after %d turns", seed, turn)
			}
			checkInvariants(t, st)
			moves := st.LegalMoves(nil)
			var want []string
			for _, m := range n.moves() {
				want = append(want, m.text())
			}
			if len(moves) != len(want) {
				t.Fatalf("seed %d turn %d: %d moves, naive %d\n%s", seed, turn, len(moves), len(want), rules.Text(st))
			}
			if len(moves) == 0 {
				o, _ := st.Outcome()
				if o.Reason != n.reason {
					t.Fatalf("seed %d: reason %q, naive %q", seed, o.Reason, n.reason)
				}
				return
			}
			m := moves[rng.IntN(len(moves))]
			text := rules.FormatMove(st, m)
			found := false
			for _, nm := range n.moves() {
				if nm.text() == text {
					n.play(nm)
					found = true
					break
				}
			}
			if !found {
				t.Fatalf("seed %d turn %d: naive rules reject %s\n%s", seed, turn, text, rules.Text(st))
			}
			before := bits.OnesCount32(st.pieces[0] | st.pieces[1])
			st.Apply(m)
			after := bits.OnesCount32(st.pieces[0] | st.pieces[1])
			if m.Kind == rules.Jump && after != before-int(m.Len)+1 || m.Kind == rules.Step && after != before {
				t.Fatalf("seed %d: %s took %d pieces", seed, text, before-after)
			}
		}
	})
}

func checkInvariants(t *testing.T, st *State) {
	t.Helper()
	w, b := st.pieces[0], st.pieces[1]
	switch {
	case w&b != 0 || (w|b)&^allSites != 0:
		t.Fatalf("overlapping or off-board pieces\n%s", rules.Text(st))
	case bits.OnesCount32(w) > 12 || bits.OnesCount32(b) > 12:
		t.Fatalf("too many pieces\n%s", rules.Text(st))
	case (st.east|st.west)&^(w|b) != 0 || st.east&st.west != 0:
		t.Fatalf("no-return memory on an empty point or both ways")
	case !st.v.bell && (st.east|st.west) != 0:
		t.Fatalf("no-return memory under the simple rules")
	case st.Hash() != st.ComputeHash():
		t.Fatalf("incremental hash %x, recomputed %x", st.Hash(), st.ComputeHash())
	case !st.v.bell && int(st.quiet)+1 != st.hist.Len():
		t.Fatalf("quiet %d but %d positions remembered", st.quiet, st.hist.Len())
	}
}

// FuzzParseMove feeds arbitrary text to ParseMove, and an arbitrary move to rules.Play, in
// positions of seeded random games: neither may panic, and each may accept only legal moves.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"b2-c3", "d3-c3", "a1xc3xe5", "c3", "@c3", "pass", "", "a1-", "-", "x", "z9-a1", " d2-c3 ", "a1xa3xc3xc1xa1xa3xc3xc1xa1xa3xc3xc1xa1xa3xc3xc1xa1"} {
		f.Add(s, uint64(len(s)), uint8(3), []byte{12, 7, 2})
	}
	f.Fuzz(func(t *testing.T, text string, seed uint64, plies uint8, path []byte) {
		opts := ""
		if seed%2 == 1 {
			opts = "rules=bell"
		}
		rulestest.UntrustedInput(t, start(t, opts), seed, int(plies), 40, text, path)
	})
}
