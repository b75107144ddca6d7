package foxhounds

import (
	"math/rand/v2"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// walkRandomGame calls f on every position of a seeded random game of preset, the final
// one included.
func walkRandomGame(t *testing.T, preset string, seed uint64, f func(s *State)) {
	t.Helper()
	s := start(t, preset)
	rng := rand.New(rand.NewPCG(seed, 3))
	for {
		f(s)
		moves := s.LegalMoves(nil)
		if len(moves) == 0 {
			return
		}
		s.Apply(moves[rng.IntN(len(moves))])
	}
}

// TestRandomMoveMatchesLegalMoves checks, in every position of many random games, that
// RandomMove draws exactly the move LegalMoves(nil)[rng.IntN(n)] would.
func TestRandomMoveMatchesLegalMoves(t *testing.T) {
	for _, preset := range Game.Presets {
		for seed := uint64(1); seed <= 100; seed++ {
			walkRandomGame(t, preset, seed, func(s *State) {
				rulestest.RandomMoveAgrees(t, s, seed*1000+uint64(s.hounds%997))
			})
		}
	}
}

func FuzzRandomMove(f *testing.F) {
	for i := range Game.Presets {
		f.Add(uint64(i*7+3), uint8(i), uint64(i))
	}
	f.Fuzz(func(t *testing.T, seed uint64, preset uint8, drawSeed uint64) {
		walkRandomGame(t, Game.Presets[int(preset)%len(Game.Presets)], seed, func(s *State) {
			rulestest.RandomMoveAgrees(t, s, drawSeed)
		})
	})
}

func TestRandomMoveDoesNotAllocate(t *testing.T) {
	for _, preset := range Game.Presets {
		root := start(t, preset)
		work := *root
		rng := rand.New(rand.NewPCG(1, 2))
		allocs := testing.AllocsPerRun(20, func() {
			work = *root
			for {
				m, ok := work.RandomMove(rng)
				if !ok {
					break
				}
				work.Apply(m)
			}
		})
		if allocs != 0 {
			t.Errorf("%q: %v allocations per playout", preset, allocs)
		}
	}
}

func TestSolveDoesNotAllocate(t *testing.T) {
	prepared(t)
	s := start(t, "fox=choose")
	play(t, s, "@c1", "c1-d2")
	if a := testing.AllocsPerRun(50, func() { s.Solve() }); a != 0 {
		t.Errorf("%v allocations per Solve", a)
	}
}

// FuzzParseMove reads arbitrary text as a move in positions of random games: whatever
// parses must be legal and print back as the same text.
func FuzzParseMove(f *testing.F) {
	seeds := []struct {
		text   string
		preset uint8
		plies  uint8
	}{
		{"e1-d2", 0, 0}, {"@e1", 1, 0}, {"b8-a7", 0, 1}, {"e1-e2", 0, 0}, {"", 1, 4},
		{"pass", 0, 6}, {"@", 1, 0}, {"e1-", 0, 0}, {" e1-f2 ", 0, 0}, {"é9-é", 1, 30},
	}
	for _, s := range seeds {
		f.Add(s.text, s.preset, s.plies)
	}
	f.Fuzz(func(t *testing.T, text string, preset, plies uint8) {
		st := start(t, Game.Presets[int(preset)%len(Game.Presets)])
		// Reach a position by a fixed rule, so that the input alone decides the test.
		for i := 0; i < int(plies); i++ {
			moves := st.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			st.Apply(moves[(i*7+int(plies))%len(moves)])
		}
		m, err := rules.ParseMove(st, text)
		if err != nil {
			return
		}
		if !rules.IsLegal(st, m) {
			t.Fatalf("%q parsed to an illegal move %v", text, m)
		}
		if back := rules.FormatMove(st, m); back != strings.TrimSpace(text) {
			t.Fatalf("%q parsed to a move written %q", text, back)
		}
	})
}
