package scenes

import (
	"image"
	"strings"
	"testing"

	"koma/app"
	"koma/app/prefs"
	"koma/i18n"
	"koma/render"
	"koma/rules/version"
)

// openAbout opens the About screen from the menu's button, as a person would.
func openAbout(t *testing.T) (*harness, *About) {
	t.Helper()
	h := newHarness(t, NewMenu(), nil)
	menu, ok := h.app.Top().(*Menu)
	if !ok {
		t.Fatalf("the top scene is %T, not the menu", h.app.Top())
	}
	h.clickRect(menu.about.Rect)
	a, ok := h.app.Top().(*About)
	if !ok {
		t.Fatalf("the About button opened %T", h.app.Top())
	}
	return h, a
}

// versionLine is where the header draws the first line of the version at the current
// scroll.
func versionLine(h *harness, a *About) image.Rectangle {
	ctx := h.ctx()
	u := ctx.Unit()
	x, y := a.headerOrigin(ctx)
	_, ver, _, width := a.headerText(ctx, x, y)
	lines := render.WrapText(versionText(ctx), sizeBody*u, true, width)
	w, _ := render.MeasureText(lines[0], sizeBody*u, true)
	return rectF(float64(ver.X), float64(ver.Y), w, sizeBody*u*render.LineHeight)
}

// inkIn counts the pixels of r drawn in a dark ink, as text is.
func inkIn(h *harness, r image.Rectangle) int {
	h.draw()
	b := h.screen.Bounds()
	pix := make([]byte, 4*b.Dx()*b.Dy())
	h.screen.ReadPixels(pix)
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := 4 * (y*b.Dx() + x)
			if int(pix[i])+int(pix[i+1])+int(pix[i+2]) < 3*0x70 {
				n++
			}
		}
	}
	return n
}

func TestAboutShowsTheVersion(t *testing.T) {
	h, a := openAbout(t)
	want := version.String()
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
		h.step(1)
		d := a.Describe(h.ctx())
		if d.Scene != "about" || !strings.Contains(d.Status, want) {
			t.Errorf("%s: described as %q with status %q, want the version %q", lang, d.Scene, d.Status, want)
		}
		if line := versionText(h.ctx()); !strings.Contains(line, want) || line == want {
			t.Errorf("%s: the version line %q does not introduce %q", lang, line, want)
		}
		// The header comes first and shows without scrolling, and its version line is
		// really drawn there.
		if len(a.items) == 0 || a.items[0].kind != aboutHeader || a.scroll.offset != 0 {
			t.Fatalf("%s: the header is not at the top of the screen", lang)
		}
		r := versionLine(h, a)
		if !r.In(a.scroll.view) {
			t.Fatalf("%s: the version line %v lies outside the view %v", lang, r, a.scroll.view)
		}
		if n := inkIn(h, r); n < 20 {
			t.Errorf("%s: the version line %v has %d pixels of ink: nothing is written there", lang, r, n)
		}
	}
}

// TestAboutFitsALongVersion gives a narrow window a pseudo-version, as a build between
// releases has: the version moves under the seal and stays whole on the screen.
func TestAboutFitsALongVersion(t *testing.T) {
	old := version.Override
	version.Override = "v0.0.0-20261128161013-34c66d564749+dirty"
	t.Cleanup(func() { version.Override = old })
	h, a := openAbout(t)
	h.resize(480, 640)
	if !a.stacked {
		t.Fatal("the version stays beside the seal in a narrow window")
	}
	r := versionLine(h, a)
	if !r.In(a.scroll.view) {
		t.Fatalf("the version line %v lies outside the view %v", r, a.scroll.view)
	}
	if n := inkIn(h, r); n < 20 {
		t.Errorf("the version line %v has %d pixels of ink", r, n)
	}
	h.resize(screenW, screenH)
	if a.stacked {
		t.Error("the version stays under the seal in a wide window")
	}
}

func TestAboutListsTheLicencesAndCloses(t *testing.T) {
	h, a := openAbout(t)
	var text strings.Builder
	titles := 0
	for _, it := range a.items {
		text.WriteString(it.text + "\n")
		if it.kind == aboutLicenceTitle {
			titles++
		}
	}
	for _, want := range []string{"Credits", "Kanare Kato", "SIL Open Font License", "github.com/hajimehoshi/ebiten/v2", "Apache License", "github.com/sqweek/dialog"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the About screen does not mention %q", want)
		}
	}
	if titles < 5 {
		t.Errorf("%d titles among the licences, want one per entry", titles)
	}
	// The licences are far longer than the screen: End reaches their last line.
	if !a.scroll.scrolls() {
		t.Fatal("the About screen does not scroll")
	}
	h.in.Press(app.KeyEnd)
	h.step(2)
	if a.scroll.offset == 0 || a.scroll.offset != a.scroll.content-float64(a.scroll.view.Dy()) {
		t.Errorf("End scrolled to %.0f of %.0f", a.scroll.offset, a.scroll.content-float64(a.scroll.view.Dy()))
	}
	h.in.Press(app.KeyHome)
	h.step(2)
	if a.scroll.offset != 0 {
		t.Errorf("Home left the text at %.0f", a.scroll.offset)
	}
	h.clickRect(a.close.Rect)
	if _, ok := h.app.Top().(*Menu); !ok {
		t.Errorf("Close left %T on top, not the menu", h.app.Top())
	}
}

func TestAboutFromTheCommandLine(t *testing.T) {
	first, err := Start(StartOptions{Screen: "about"})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, first, nil)
	h.step(2)
	if _, ok := h.app.Top().(*About); !ok {
		t.Fatalf("-scene about shows %T", h.app.Top())
	}
	h.in.Press(app.KeyBack)
	h.step(2)
	if _, ok := h.app.Top().(*Menu); !ok {
		t.Errorf("Escape left %T on top, not the menu", h.app.Top())
	}
}
