package tafl

import (
	"testing"

	"koma/rules"
	"koma/rules/ai"
)

// expertMove runs the Expert level's search on s for a fixed amount of work and returns
// its move as text.
func expertMove(t *testing.T, s *State) string {
	t.Helper()
	search := ai.NewSearchFor(s, ai.Expert.Setting(), 1)
	search.StepIterations(200_000)
	return rules.FormatMove(s, search.Best())
}

// TestExpertEscapesInTwo: the king cannot escape at once, but e2-e1 opens the line to g1,
// which no attacker can close, nor can any attacker take the king on e1.
func TestExpertEscapesInTwo(t *testing.T) {
	s := position(t, Brandub, "", `
		. . . . . . .
		. . . . A . .
		. . . . . . A
		. . . . . . .
		. . . . . . .
		. . . . K . .
		. A . . . . .`, defenders)
	got := expertMove(t, s)
	c := s.Clone().(*State)
	play(t, c, got)
	if _, over := c.Outcome(); over {
		t.Fatalf("%s ended the game", got)
	}
	// Whatever the attackers answer, the king escapes next.
	for _, m := range c.LegalMoves(nil) {
		d := c.Clone().(*State)
		d.Apply(m)
		if _, over := d.Outcome(); over {
			continue
		}
		reply := expertMove(t, d)
		play(t, d, reply)
		if o, _ := d.Outcome(); o.Reason != ReasonKingEscaped {
			t.Fatalf("after %s %s, Expert played %s and did not escape", got, rules.FormatMove(c, m), reply)
		}
	}
}

// TestExpertStopsAnEscape: the king threatens to reach a1; the attackers must close the
// line, and only b6-b1 does.
func TestExpertStopsAnEscape(t *testing.T) {
	s := position(t, Brandub, "", `
		. . . A . . .
		. A . . . . .
		. . . . . . .
		. . . . . . A
		. . . . . . .
		. . . . . . .
		. . . K A . .`, attackers)
	got := expertMove(t, s)
	c := s.Clone().(*State)
	play(t, c, got)
	for _, m := range c.LegalMoves(nil) {
		d := c.Clone().(*State)
		d.Apply(m)
		if o, _ := d.Outcome(); o.Reason == ReasonKingEscaped {
			t.Fatalf("Expert played %s, and the king escapes with %s", got, rules.FormatMove(c, m))
		}
	}
}
