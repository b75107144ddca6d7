package scenes

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"

	"koma/app"
	"koma/app/prefs"
	"koma/i18n"
	"koma/rules/board"
)

// rulesPage opens the rules of spec at a window of w×ht in lang.
func rulesPage(t *testing.T, spec string, lang i18n.Lang, w, ht int) (*harness, *Rules) {
	t.Helper()
	sp, err := testCatalog().ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	r := NewRules(sp, false)
	h := newHarness(t, r, nil)
	h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
	if w != screenW || ht != screenH {
		h.resize(w, ht)
	}
	h.step(1)
	return h, r
}

// scrollTo scrolls the page so that item i starts near the top of the view, and draws it,
// which makes its picture.
func scrollTo(h *harness, r *Rules, i int) {
	r.scroll = r.items[i].y - 8
	r.clamp()
	r.placeButtons(h.ctx())
	h.draw()
}

// firstMoveFigure returns the index of the first figure that shows a move, else the first
// figure, else the starting position.
func firstMoveFigure(r *Rules) int {
	first := -1
	for i, it := range r.items {
		if it.kind != itemBoard {
			continue
		}
		if it.diag != nil && it.diag.tryable {
			return i
		}
		if first < 0 || r.items[first].diag == nil {
			first = i
		}
	}
	return first
}

// onScreen is the rectangle of item i's board at the current scroll.
func onScreen(h *harness, r *Rules, i int) image.Rectangle {
	x0, top := r.origin(h.ctx().Unit())
	return r.boardRect(&r.items[i], x0, top+r.items[i].y)
}

// TestRulesFiguresScaleWithThePage checks the size of every board on the rules pages of
// a square, a hex and a point board at a large and a small window: each takes the page's
// width or most of the view's height (they were 240 px tall at most), and each fits in the
// view whole.
func TestRulesFiguresScaleWithThePage(t *testing.T) {
	cases := []struct {
		w, h int
		// minShort is the least height of a board as tall as the view allows, minWide the
		// least share of the page's width taken by a board that is wider than tall.
		minShort int
		minWide  float64
	}{
		{1280, 800, 400, 0.95},
		{480, 360, 185, 0.95},
	}
	for _, tc := range cases {
		for _, tag := range []string{"tablut/en", "squish/ja", "fanorona/en", "fanorona/ja"} {
			spec, lang, _ := strings.Cut(tag, "/")
			t.Run(fmt.Sprintf("%s-%s-%dx%d", spec, lang, tc.w, tc.h), func(t *testing.T) {
				h, r := rulesPage(t, spec, i18n.Lang(lang), tc.w, tc.h)
				boards := 0
				for i := range r.items {
					it := &r.items[i]
					if it.kind != itemBoard {
						continue
					}
					boards++
					wide := it.bw >= r.width*tc.minWide
					if int(it.h) < tc.minShort && !wide {
						t.Errorf("item %d: board %.0f×%.0f in a page %.0f wide, want %d tall or the page's width",
							i, it.bw, it.h, r.width, tc.minShort)
					}
					if it.h > float64(r.view.Dy()) {
						t.Errorf("item %d: board %.0f tall in a view %d tall", i, it.h, r.view.Dy())
					}
				}
				if boards < 2 {
					t.Errorf("%d boards on the page", boards)
				}
				i := firstMoveFigure(r)
				scrollTo(h, r, i)
				shoot(t, h, fmt.Sprintf("rulesfig-%s-%s-%dx%d.png", spec, lang, tc.w, tc.h))
			})
		}
	}
}

// TestRulesFigureEnlargesOnClick clicks a figure of three games' rules, in both languages
// and at two window sizes: it opens over most of the window with its caption, a click
// closes it, Esc closes it without leaving the page, and the next Esc leaves the page.
func TestRulesFigureEnlargesOnClick(t *testing.T) {
	for _, size := range []image.Point{{1280, 800}, {480, 360}} {
		for _, lang := range i18n.Languages() {
			for _, spec := range []string{"squish", "tablut", "fanorona"} {
				t.Run(fmt.Sprintf("%s-%s-%dx%d", spec, lang, size.X, size.Y), func(t *testing.T) {
					h, r := rulesPage(t, spec, lang, size.X, size.Y)
					i := firstMoveFigure(r)
					scrollTo(h, r, i)
					scrolled := r.scroll
					h.clickRect(onScreen(h, r, i))
					if !r.zoom.on || r.zoom.item != i {
						t.Fatalf("a click on figure %d left the zoom at %v, item %d", i, r.zoom.on, r.zoom.item)
					}
					short := float64(min(size.X, size.Y))
					if b := r.zoom.board; float64(min(b.Dx(), b.Dy())) < 0.6*short || b.Dy() <= int(r.items[i].h) {
						t.Errorf("enlarged board %v in a window %v, the page's is %.0f tall", b.Size(), size, r.items[i].h)
					}
					if want := r.items[i+1].text; r.zoom.caption != want || r.zoom.capRect.Empty() {
						t.Errorf("enlarged caption %q at %v, want %q", r.zoom.caption, r.zoom.capRect, want)
					}
					if c := r.zoom.capRect; c.Max.Y > r.zoom.panel.Max.Y || c.Min.Y < r.zoom.board.Max.Y {
						t.Errorf("caption %v outside the panel %v or over the board %v", c, r.zoom.panel, r.zoom.board)
					}
					shoot(t, h, fmt.Sprintf("rulesfig-zoom-%s-%s-%dx%d.png", spec, lang, size.X, size.Y))
					h.click(float64(r.zoom.board.Min.X+5), float64(r.zoom.board.Min.Y+5))
					if r.zoom.on || h.app.Top() != r {
						t.Fatalf("a click left the zoom open (%v) or the page (%T)", r.zoom.on, h.app.Top())
					}
					if r.scroll != scrolled {
						t.Errorf("the page scrolled from %.0f to %.0f", scrolled, r.scroll)
					}
					h.clickRect(onScreen(h, r, i))
					h.in.Press(app.KeyBack)
					h.step(2)
					if r.zoom.on || h.app.Top() != r {
						t.Fatalf("Esc left the zoom open (%v) or the page (%T)", r.zoom.on, h.app.Top())
					}
					h.in.Press(app.KeyBack)
					h.step(2)
					if h.app.Top() == r {
						t.Error("Esc with no figure enlarged did not leave the page")
					}
				})
			}
		}
	}
}

// TestRulesNameTheSiteUnderThePointer points at sites of the figures of a hex and a point
// board, on the page and enlarged: the site's name shows, drawn beside it. A square board
// names nothing.
func TestRulesNameTheSiteUnderThePointer(t *testing.T) {
	cases := []struct {
		spec string
		site string // "" when the board names no sites
	}{
		{"squish", "d4"},
		{"fanorona", "c2"},
		{"tablut", ""},
	}
	for _, tc := range cases {
		t.Run(tc.spec, func(t *testing.T) {
			h, r := rulesPage(t, tc.spec, i18n.Japanese, screenW, screenH)
			i := firstMoveFigure(r)
			scrollTo(h, r, i)
			it := &r.items[i]
			name := tc.site
			if name == "" {
				name = "d4"
			}
			s, err := it.topo.Parse(name)
			if err != nil {
				t.Fatal(err)
			}
			point := func(view interface {
				SiteCenter(board.Site) (float64, float64)
			}, off image.Point) {
				x, y := view.SiteCenter(s)
				h.in.Move(x+float64(off.X), y+float64(off.Y))
				h.step(1)
			}
			before := readRGBA(h.screen)
			point(it.pic.view, onScreen(h, r, i).Min)
			if got := r.HoveredSite(); got != tc.site {
				t.Fatalf("on the page, the pointer on %s names %q, want %q", name, got, tc.site)
			}
			h.draw()
			if tc.site != "" {
				after := readRGBA(h.screen)
				x, y := it.pic.view.SiteCenter(s)
				c := image.Pt(int(x), int(y)).Add(onScreen(h, r, i).Min)
				if !changedNear(before, after, c, int(math.Max(24, 1.2*it.pic.view.CellSize()))) {
					t.Error("no label drawn beside the hovered site")
				}
				shoot(t, h, "rulesfig-hover-"+tc.spec+".png")
			}
			h.clickRect(onScreen(h, r, i))
			h.draw()
			point(r.zoom.pic.view, r.zoom.board.Min)
			if got := r.HoveredSite(); got != tc.site {
				t.Fatalf("enlarged, the pointer on %s names %q, want %q", name, got, tc.site)
			}
			if tc.site != "" {
				shoot(t, h, "rulesfig-zoom-hover-"+tc.spec+".png")
			}
			h.in.Move(1, 1)
			h.step(1)
			if got := r.HoveredSite(); got != "" {
				t.Errorf("off the board, %q is named", got)
			}
		})
	}
}

// changedNear reports whether a and b differ somewhere within d pixels of c.
func changedNear(a, b *image.RGBA, c image.Point, d int) bool {
	for y := c.Y - d; y <= c.Y+d; y++ {
		for x := c.X - d; x <= c.X+d; x++ {
			if image.Pt(x, y).In(a.Bounds()) && differs(a, b, x, y, 40) {
				return true
			}
		}
	}
	return false
}

// TestSiteHoverAsksForAFrameOnlyOnChange moves the hover from site to site: a frame is
// wanted when the site changes, never while the pointer stays on one site, so that a
// resting app wakes only for what it will show.
func TestSiteHoverAsksForAFrameOnlyOnChange(t *testing.T) {
	var h siteHover
	steps := []struct {
		site board.Site
		on   bool
		want bool
	}{
		{board.NoSite, false, false}, // nothing hovered, as at the start
		{3, true, true},
		{3, true, false},
		{4, true, true},
		{0, true, true}, // site 0 is a site, not "none"
		{0, false, true},
		{5, false, false},
	}
	for i, s := range steps {
		if got := h.set(s.site, s.on); got != s.want {
			t.Errorf("step %d: set(%d, %v) = %v, want %v", i, s.site, s.on, got, s.want)
		}
	}
}
