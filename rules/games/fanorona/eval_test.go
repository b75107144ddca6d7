package fanorona

import (
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// TestEvaluateIsAntisymmetric checks the evaluation along random games: it stays within
// (-1, 1) and one player's value is the other's loss.
func TestEvaluateIsAntisymmetric(t *testing.T) {
	for _, p := range []string{"", "board=dimy"} {
		for seed := range uint64(10) {
			rulestest.WalkRandomGame(t, start(t, p), seed, func(s *State) {
				if _, over := s.Outcome(); over {
					return
				}
				a, b := s.Evaluate(0), s.Evaluate(1)
				if a+b != 0 || a <= -1 || a >= 1 {
					t.Fatalf("Evaluate %v and %v\n%s", a, b, rules.Text(s))
				}
			})
		}
	}
}

// TestEvaluateCountsMaterialAndThreat: more pieces is better, and so is holding the next
// capture.
func TestEvaluateCountsMaterialAndThreat(t *testing.T) {
	ahead := position(t, "", `
B........
.........
.........
.........
W.......W`, 0)
	if ahead.Evaluate(0) <= 0 {
		t.Errorf("a piece ahead scores %v", ahead.Evaluate(0))
	}
	threat := position(t, "", `
.........
.........
W.B......
.........
........B`, 0)
	if threat.Evaluate(0) <= 0 {
		t.Errorf("the capture to come scores %v for the mover", threat.Evaluate(0))
	}
	threat.Turn = 1
	if threat.Evaluate(0) >= 0 {
		t.Errorf("a quiet position with fewer pieces scores %v", threat.Evaluate(0))
	}
}
