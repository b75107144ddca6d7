package foxhounds_test

import (
	"math/rand/v2"
	"testing"

	"koma/rules"
	"koma/rules/ai"
	"koma/rules/games/foxhounds"
)

// wonPositions collects n different positions from seeded random games in which the player
// to move, p, wins with perfect play.
func wonPositions(t *testing.T, p rules.Player, n int) []rules.State {
	t.Helper()
	var out []rules.State
	seen := map[string]bool{}
	rng := rand.New(rand.NewPCG(uint64(p)+5, 9))
	for game := 0; len(out) < n; game++ {
		if game > 100*n {
			t.Fatalf("only %d won positions for player %d", len(out), p)
		}
		st, err := foxhounds.Game.New(rules.Options{"fox": []string{"a1", "c1", "e1", "g1", "choose"}[game%5]})
		if err != nil {
			t.Fatal(err)
		}
		for len(out) < n {
			moves := st.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			if v := ai.Solve(st); st.ToMove() == p && v.Known && v.Winner == p && !seen[string(st.AppendKey(nil))] {
				seen[string(st.AppendKey(nil))] = true
				out = append(out, st.Clone())
			}
			st.Apply(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

func prepare(t *testing.T) {
	t.Helper()
	st, err := foxhounds.Game.New(rules.Options{"fox": "e1"})
	if err != nil {
		t.Fatal(err)
	}
	for !ai.PrepareOracle(st) {
	}
}

// TestExpertKeepsEveryWin plays Expert in 1,000 won positions of each side: every move
// must keep the win and shorten it by exactly one turn, the fastest way home.
func TestExpertKeepsEveryWin(t *testing.T) {
	prepare(t)
	for _, p := range []rules.Player{0, 1} {
		for i, st := range wonPositions(t, p, 1000) {
			before := ai.Solve(st)
			s := ai.NewSearchFor(st, ai.Expert.Setting(), uint64(i))
			if !s.StepIterations(1 << 20) {
				t.Fatal("Expert did not finish")
			}
			if s.Stats().Verdict != before || !s.Stats().Solved || s.Stats().Value != 1 {
				t.Fatalf("stats %+v, verdict before %+v", s.Stats(), before)
			}
			after := st.Clone()
			if err := rules.Play(after, s.Best()); err != nil {
				t.Fatal(err)
			}
			v := ai.Solve(after)
			if v.Winner != p || v.Turns != before.Turns-1 {
				t.Fatalf("%s turns a win in %d into %+v\n%s", rules.FormatMove(st, s.Best()), before.Turns, v, rules.Text(st))
			}
		}
	}
}

// TestLowerLevelsErr checks that the levels below Expert do let wins slip, and the lower
// the level, the more often.
func TestLowerLevelsErr(t *testing.T) {
	prepare(t)
	positions := wonPositions(t, 1, 400)
	slips := map[ai.Level]int{}
	for _, l := range []ai.Level{ai.Easy, ai.Normal, ai.Hard, ai.Expert} {
		for i, st := range positions {
			s := ai.NewSearchFor(st, l.Setting(), uint64(i))
			s.StepIterations(1 << 20)
			after := st.Clone()
			after.Apply(s.Best())
			if ai.Solve(after).Winner != 1 {
				slips[l]++
			}
		}
	}
	t.Logf("wins let slip in 400 positions: %v", slips)
	if slips[ai.Expert] != 0 || !(slips[ai.Hard] > 0 && slips[ai.Normal] > slips[ai.Hard] && slips[ai.Easy] > slips[ai.Normal]) {
		t.Errorf("wins let slip by level: %v", slips)
	}
}

// TestVerdictReasons checks the "why" of the hint at the start: the hounds win by
// trapping the fox.
func TestVerdictReasons(t *testing.T) {
	prepare(t)
	st, err := foxhounds.Game.New(rules.Options{"fox": "e1"})
	if err != nil {
		t.Fatal(err)
	}
	want := ai.Verdict{Known: true, Winner: 1, Turns: 44, Reason: foxhounds.ReasonFoxTrapped}
	if v := ai.Solve(st); v != want {
		t.Errorf("verdict %+v, want %+v", v, want)
	}
	line := ai.PerfectLine(st, 100)
	if len(line) != 44 {
		t.Errorf("perfect line of %d moves", len(line))
	}
}
