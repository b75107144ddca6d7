package render

import (
	"image"
	"image/color"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/rules"
	"koma/rules/board"
)

func TestAnimationAnalysis(t *testing.T) {
	g := testGame(rules.Checkered)
	topo := board.NewSquare(6, 6)
	site := func(l string) board.Site { s, _ := topo.Parse(l); return s }
	tests := []struct {
		name     string
		before   *fakeState
		after    func(*fakeState) *fakeState // from a clone of before
		move     rules.Move
		moving   int      // pieces travelling along the path
		gone     []string // sites whose pieces fade out
		appear   []string // sites whose pieces fade in
		minTotal time.Duration
	}{
		{
			name:   "step",
			before: newFake(g, topo).put("a1", white),
			after:  func(f *fakeState) *fakeState { f.Apply(rules.NewMove(rules.Step, site("a1"), site("b2"))); return f },
			move:   rules.NewMove(rules.Step, site("a1"), site("b2")),
			moving: 1, minTotal: stepHop,
		},
		{
			name:   "double jump",
			before: newFake(g, topo).put("b1", white).put("c2", black).put("e4", black),
			after: func(f *fakeState) *fakeState {
				f.Apply(rules.NewMove(rules.Jump, site("b1"), site("d3"), site("f5")))
				return f
			},
			move:   rules.NewMove(rules.Jump, site("b1"), site("d3"), site("f5")),
			moving: 1, gone: []string{"c2", "e4"}, minTotal: 2 * jumpHop,
		},
		{
			name:   "place",
			before: newFake(g, topo),
			after:  func(f *fakeState) *fakeState { return f.put("c3", black) },
			move:   rules.NewMove(rules.Place, site("c3")),
			appear: []string{"c3"}, minTotal: fadeDur,
		},
		{
			name:   "remove",
			before: newFake(g, topo).put("c3", black),
			after:  func(f *fakeState) *fakeState { return f.put("c3") },
			move:   rules.NewMove(rules.Remove, site("c3")),
			gone:   []string{"c3"}, minTotal: fadeDur,
		},
		{
			name:   "stack moves onto a stack",
			before: newFake(g, topo).put("a1", white, black).put("a3", black),
			after:  func(f *fakeState) *fakeState { return f.put("a1").put("a3", black, white, black) },
			move:   rules.NewMove(rules.Step, site("a1"), site("a3")),
			moving: 2, minTotal: stepHop,
		},
		{
			name:   "top of a stack moves",
			before: newFake(g, topo).put("a1", white, black),
			after:  func(f *fakeState) *fakeState { return f.put("a1", white).put("b2", black) },
			move:   rules.NewMove(rules.Step, site("a1"), site("b2")),
			moving: 1, minTotal: stepHop,
		},
		{
			name:   "capture by approach (not jumped over)",
			before: newFake(g, topo).put("a1", white).put("c3", black),
			after:  func(f *fakeState) *fakeState { return f.put("a1").put("b2", white).put("c3") },
			move:   rules.NewMove(rules.Step, site("a1"), site("b2")),
			moving: 1, gone: []string{"c3"}, minTotal: stepHop,
		},
		{
			name:   "flip in place",
			before: newFake(g, topo).put("d4", white),
			after:  func(f *fakeState) *fakeState { return f.put("d4", black) },
			move:   rules.NewMove(rules.Place, site("d5")),
			gone:   []string{"d4"}, appear: []string{"d4"}, minTotal: fadeDur,
		},
		{
			name:   "path off the board is cross-faded",
			before: newFake(g, topo).put("a1", white),
			after:  func(f *fakeState) *fakeState { return f.put("a1").put("b2", white) },
			move:   rules.NewMove(rules.Step, site("a1"), 400),
			gone:   []string{"a1"}, appear: []string{"b2"}, minTotal: fadeDur,
		},
		{
			name:   "pass",
			before: newFake(g, topo).put("a1", white),
			after:  func(f *fakeState) *fakeState { return f },
			move:   rules.NewMove(rules.Pass),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			after := tc.after(tc.before.Clone().(*fakeState))
			a := NewAnimation(tc.before, after, tc.move)
			if len(a.moving) != tc.moving {
				t.Errorf("%d moving pieces, want %d", len(a.moving), tc.moving)
			}
			var gone, appear []string
			for _, c := range a.changes {
				if len(c.out) > 0 {
					gone = append(gone, topo.Label(c.site))
				}
				if len(c.in) > 0 {
					appear = append(appear, topo.Label(c.site))
				}
				if c.to < c.from || c.to > a.total {
					t.Errorf("change at %s runs %v..%v outside 0..%v", topo.Label(c.site), c.from, c.to, a.total)
				}
			}
			if !slices.Equal(gone, tc.gone) || !slices.Equal(appear, tc.appear) {
				t.Errorf("fading out %v and in %v, want %v and %v", gone, appear, tc.gone, tc.appear)
			}
			if a.total < tc.minTotal {
				t.Errorf("lasts %v, want at least %v", a.total, tc.minTotal)
			}
			if tc.minTotal == 0 && !a.Done() {
				t.Errorf("an animation with nothing to show is not done at once")
			}
		})
	}
}

func TestAnimationClock(t *testing.T) {
	g := testGame(rules.Checkered)
	topo := board.NewSquare(4, 4)
	before := newFake(g, topo).put("a1", white)
	m := rules.NewMove(rules.Step, before.site("a1"), before.site("b2"))
	after := before.Clone()
	after.Apply(m)
	tests := []struct {
		name    string
		steps   []time.Duration
		finish  bool
		running bool
	}{
		{"fresh", nil, false, true},
		{"negative time does nothing", []time.Duration{-time.Second}, false, true},
		{"part way", []time.Duration{stepHop / 2}, false, true},
		{"to the end", []time.Duration{stepHop / 2, stepHop / 2}, false, false},
		{"beyond the end", []time.Duration{time.Hour}, false, false},
		{"finished", nil, true, false},
	}
	for _, tc := range tests {
		a := NewAnimation(before, after, m)
		running := !a.Done()
		for _, dt := range tc.steps {
			running = a.Advance(dt)
		}
		if tc.finish {
			a.Finish()
			running = !a.Done()
		}
		if running != tc.running || a.Done() == tc.running {
			t.Errorf("%s: running=%v done=%v, want running=%v", tc.name, running, a.Done(), tc.running)
		}
	}
}

func TestAnimationPixels(t *testing.T) {
	g := testGame(rules.Checkered)
	topo := board.NewSquare(6, 6)
	before := newFake(g, topo).put("b1", white).put("c2", black).put("e4", black).put("a6", black)
	m := rules.NewMove(rules.Jump, before.site("b1"), before.site("d3"), before.site("f5"))
	after := before.Clone().(*fakeState)
	after.Apply(m)
	a := NewAnimation(before, after, m)

	img := ebiten.NewImage(360, 360)
	defer img.Deallocate()
	v := NewBoardView(g, topo)
	v.SetBounds(image.Rect(0, 0, 360, 360))
	frame := func() *image.RGBA {
		img.Fill(Background)
		v.Draw(img, after, Decorations{Selected: board.NoSite, Anim: a})
		return snapshot(img)
	}
	palette := map[string]color.NRGBA{"white": PieceWhite, "black": PieceBlack, "dark": SquareDark, "light": SquareLight}
	order := []string{"white", "black", "dark", "light"}
	look := func(px *image.RGBA, label string) string {
		x, y := v.SiteCenter(before.site(label))
		n := nearest(px.RGBAAt(int(x), int(y)), palette, order)
		if n == "dark" || n == "light" {
			return "empty"
		}
		return n
	}
	type want struct{ site, is string }
	checks := []struct {
		name  string
		at    time.Duration // elapsed time when the frame is drawn
		wants []want
	}{
		// Before anything moves, the position is the one before the move.
		{"start", 0, []want{{"b1", "white"}, {"c2", "black"}, {"e4", "black"}, {"d3", "empty"}, {"f5", "empty"}, {"a6", "black"}}},
		// Half way through the first hop the piece passes over c2.
		{"over c2", jumpHop / 2, []want{{"c2", "white"}, {"b1", "empty"}, {"e4", "black"}}},
		// After the first hop it rests on d3 and the piece it jumped is gone.
		{"on d3", jumpHop, []want{{"d3", "white"}, {"c2", "empty"}, {"e4", "black"}}},
		// At the end it stands on f5 and both captures are gone.
		{"end", 2 * jumpHop, []want{{"f5", "white"}, {"e4", "empty"}, {"c2", "empty"}, {"b1", "empty"}, {"a6", "black"}}},
	}
	var elapsed time.Duration
	for _, c := range checks {
		a.Advance(c.at - elapsed)
		elapsed = c.at
		px := frame()
		for _, w := range c.wants {
			if got := look(px, w.site); got != w.is {
				t.Errorf("%s (%v, done=%v): %s looks %s, want %s", c.name, elapsed, a.Done(), w.site, got, w.is)
			}
		}
	}
	// Ticking like the app does ends the animation within its length.
	a = NewAnimation(before, after, m)
	frames := 0
	for a.Advance(time.Second / 60) {
		frames++
		if frames > 600 {
			t.Fatal("animation never ends")
		}
	}
	if want := int(2 * jumpHop / (time.Second / 60)); frames > want+1 {
		t.Errorf("took %d frames, want about %d", frames, want)
	}
	if look(frame(), "f5") != "white" {
		t.Error("after the animation the piece is not on f5")
	}
}
