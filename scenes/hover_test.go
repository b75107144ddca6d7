package scenes

import (
	"fmt"
	"image"
	"math"
	"testing"

	"koma/app/prefs"
	"koma/i18n"
	"koma/rules/ai"
)

// TestGameNamesTheSiteUnderThePointer plays on a hex and a point board and points at a
// site: its name shows in the board's corner, a move within the site changes nothing, and
// leaving the board clears it. A square board names nothing.
func TestGameNamesTheSiteUnderThePointer(t *testing.T) {
	cases := []struct {
		spec, site string
		named      bool
	}{
		{"squish", "d4", true},
		{"fanorona", "c2", true},
		{"alquerque", "b4", true},
		{"konane", "c3", false},
	}
	for _, tc := range cases {
		for _, size := range []image.Point{{1280, 800}, {480, 360}} {
			t.Run(fmt.Sprintf("%s-%dx%d", tc.spec, size.X, size.Y), func(t *testing.T) {
				sp, err := testCatalog().ParseSpec(tc.spec)
				if err != nil {
					t.Fatal(err)
				}
				g := NewGame(newMatch(t, sp, ai.Beginner))
				h := newHarness(t, g, nil)
				h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = i18n.Japanese })
				if size.X != screenW {
					h.resize(size.X, size.Y)
				}
				h.step(1)
				h.draw()
				before := readRGBA(h.screen)
				b := g.m.State().Board()
				s, err := b.Parse(tc.site)
				if err != nil {
					t.Fatal(err)
				}
				x, y := g.view.SiteCenter(s)
				h.in.Move(x, y)
				h.step(1)
				if g.hover.on != tc.named || (tc.named && g.hover.site != s) {
					t.Fatalf("the pointer on %s hovers %v %d, want %v", tc.site, g.hover.on, g.hover.site, tc.named)
				}
				if !tc.named {
					return
				}
				h.draw()
				if n := changedAwayFrom(before, readRGBA(h.screen), x, y, g.view.CellSize()); n < 40 {
					t.Errorf("%d pixels changed away from the hovered site: no name drawn", n)
				}
				shoot(t, h, fmt.Sprintf("hover-game-%s-%dx%d.png", tc.spec, size.X, size.Y))
				if g.hover.set(s, true) {
					t.Error("the same site again counts as a change")
				}
				h.in.Move(x+g.view.CellSize()*0.1, y)
				h.step(1)
				if !g.hover.on || g.hover.site != s {
					t.Errorf("a move within %s hovers %v %d", tc.site, g.hover.on, g.hover.site)
				}
				h.in.Move(1, 1)
				h.step(1)
				if g.hover.on {
					t.Errorf("off the board, site %d is still named", g.hover.site)
				}
			})
		}
	}
}

// changedAwayFrom counts the pixels that differ between a and b further than a cell from
// (x, y), where the hovered site's ring is.
func changedAwayFrom(a, b *image.RGBA, x, y, cell float64) int {
	n := 0
	for py := a.Rect.Min.Y; py < a.Rect.Max.Y; py++ {
		for px := a.Rect.Min.X; px < a.Rect.Max.X; px++ {
			if math.Hypot(float64(px)-x, float64(py)-y) > cell && differs(a, b, px, py, 40) {
				n++
			}
		}
	}
	return n
}
