package scenes

import (
	"strings"
	"testing"
	"time"

	"koma/app"
	"koma/rules"
)

// TestHintExpires checks the hint's time on show against a fake clock: whole for two
// seconds, fading over the third, gone after it, and never expiring when none is shown.
func TestHintExpires(t *testing.T) {
	const at = 10 * time.Second
	line := []rules.Move{{}}
	tests := []struct {
		name    string
		line    []rules.Move
		now     time.Duration
		expired bool
		fade    float64
	}{
		{"just shown", line, at, false, 1},
		{"after two seconds", line, at + 2*time.Second, false, 1},
		{"half way through the last second", line, at + 2500*time.Millisecond, false, 0.5},
		{"a tick before the end", line, at + hintShow - time.Millisecond, false, 0.001},
		{"at the end", line, at + hintShow, true, 0},
		{"long after", line, at + time.Minute, true, 0},
		{"no hint", nil, at + time.Minute, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := hinter{hintLine: tt.line, hintAt: at}
			if got := h.expired(tt.now); got != tt.expired {
				t.Errorf("expired %v, want %v", got, tt.expired)
			}
			if got := h.fade(tt.now); got-tt.fade > 1e-9 || tt.fade-got > 1e-9 {
				t.Errorf("fade %v, want %v", got, tt.fade)
			}
		})
	}
}

// TestHinterFindsALegalLine runs a hint search on the goroutine runner, from the start of
// the toy game, and checks the line it brings back and when its time on show began.
func TestHinterFindsALegalLine(t *testing.T) {
	m := toyMatch(t, 0, 0)
	var h hinter
	var shown time.Duration
	var judged bool
	stub := &stubScene{}
	a, _ := bareApp(t, 800, 600, stub, nil)
	stub.update = func(ctx *app.Context) {
		if !h.hinting {
			return
		}
		_, judged = h.poll(ctx, m.State())
		shown = ctx.Now()
	}
	h.start(a.Context(), m.State(), m.DecisionSeed())
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
	if h.hintAt != shown || h.expired(shown+hintShow-time.Millisecond) || !h.expired(shown+hintShow) {
		t.Errorf("the hint was shown at %v, polled at %v", h.hintAt, shown)
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
