package scenes

import (
	"strings"
	"testing"
	"time"

	"koma/app"
	"koma/rules"
)

// TestHintBelongsToItsPosition checks that a hint is on show for the position it was
// asked in and for no other: not after a move, nor at the same length after another
// move (an undo and a different reply), and never when there is no hint.
func TestHintBelongsToItsPosition(t *testing.T) {
	m := toyMatch(t, 0, 0)
	start := m.State()
	after := start.Clone()
	legal := start.LegalMoves(nil)
	if err := rules.Play(after, legal[0]); err != nil {
		t.Fatal(err)
	}
	line := []rules.Move{legal[0]}
	tests := []struct {
		name string
		line []rules.Move
		st   rules.State
		at   int
		want bool
	}{
		{"its position", line, start, 0, true},
		{"after a move", line, after, 1, false},
		{"another position as long", line, after, 0, false},
		{"no hint", nil, start, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := hinter{hintLine: tt.line, hintAt: 0, hintHash: start.Hash()}
			if got := h.belongs(tt.st, tt.at); got != tt.want {
				t.Errorf("belongs %v, want %v", got, tt.want)
			}
		})
	}
}

// TestHinterFindsALegalLine runs a hint search on the goroutine runner, from the start of
// the toy game, and checks the line it brings back and the position it belongs to.
func TestHinterFindsALegalLine(t *testing.T) {
	m := toyMatch(t, 0, 0)
	var h hinter
	var judged bool
	stub := &stubScene{}
	a, _ := bareApp(t, 800, 600, stub, nil)
	stub.update = func(ctx *app.Context) {
		if !h.hinting {
			return
		}
		_, judged = h.poll(ctx, m.State())
	}
	h.start(a.Context(), m.State(), m.Len(), m.DecisionSeed())
	for i := 0; h.hinting; i++ {
		if i == 5000 {
			t.Fatal("gave up waiting for the hint")
		}
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Microsecond)
	}
	if !judged || len(h.hintLine) == 0 || len(h.hintLine) > hintLen {
		t.Fatalf("hint line %v, judged %v", h.hintLine, judged)
	}
	st := m.State().Clone()
	for i, mv := range h.hintLine {
		if !rules.IsLegal(st, mv) {
			t.Fatalf("move %d of the hint, %v, is not legal", i+1, mv)
		}
		if err := rules.Play(st, mv); err != nil {
			t.Fatal(err)
		}
	}
	if !h.belongs(m.State(), m.Len()) {
		t.Error("the hint does not belong to the position it was asked in")
	}
	text := h.hintText(a.Context(), m.State(), "")
	if first := moveText(a.Context(), m.State(), h.hintLine[0]); !strings.Contains(text, first) {
		t.Errorf("the hint reads %q, without its move %q", text, first)
	}
	if v := h.hintText(a.Context(), m.State(), "Perfect play wins."); !strings.HasPrefix(v, "Perfect play wins.") {
		t.Errorf("the hint reads %q, without its verdict first", v)
	}
	h.drop(a.Context())
	if h.hinting || h.hintLine != nil {
		t.Error("drop left the hint")
	}
}
