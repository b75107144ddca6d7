package ui

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/render"
	"koma/render/drawtest"
)

// The tests draw, so they run inside a game loop; see render's TestMain.

func TestMain(m *testing.M) { drawtest.Main(m) }

func snapshot(img *ebiten.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	img.ReadPixels(out.Pix)
	return out
}

func near(a, b color.Color, tol int) bool {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	d := func(x, y uint32) bool {
		diff := int(x>>8) - int(y>>8)
		return diff <= tol && diff >= -tol
	}
	return d(ar, br) && d(ag, bg) && d(ab, bb)
}

func TestButtonContains(t *testing.T) {
	b := Button{Rect: image.Rect(10, 20, 110, 60)}
	tests := []struct {
		x, y float64
		want bool
	}{
		{10, 20, true},
		{109.9, 59.9, true},
		{110, 40, false},
		{50, 60, false},
		{9.99, 40, false},
		{60, 19, false},
		{60, 40, true},
	}
	for _, tc := range tests {
		if got := b.Contains(tc.x, tc.y); got != tc.want {
			t.Errorf("Contains(%v, %v) = %v, want %v", tc.x, tc.y, got, tc.want)
		}
	}
}

func TestScrollbarThumb(t *testing.T) {
	track := image.Rect(0, 0, 8, 200)
	tests := []struct {
		name                  string
		offset, content, view float64
		want                  image.Rectangle
	}{
		{"fits: no thumb", 0, 100, 200, image.Rectangle{}},
		{"exactly fits", 0, 200, 200, image.Rectangle{}},
		{"top", 0, 400, 200, image.Rect(0, 0, 8, 100)},
		{"middle", 100, 400, 200, image.Rect(0, 50, 8, 150)},
		{"bottom", 200, 400, 200, image.Rect(0, 100, 8, 200)},
		{"past the bottom is clamped", 900, 400, 200, image.Rect(0, 100, 8, 200)},
		{"above the top is clamped", -50, 400, 200, image.Rect(0, 0, 8, 100)},
		// A long document still gets a thumb that can be grabbed: three track widths.
		{"minimum size", 0, 100000, 200, image.Rect(0, 0, 8, 24)},
	}
	for _, tc := range tests {
		if got := ScrollbarThumb(track, tc.offset, tc.content, tc.view); got != tc.want {
			t.Errorf("%s: thumb %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestButtonDraw(t *testing.T) {
	tests := []struct {
		name    string
		b       Button
		hovered bool
		fill    color.NRGBA
	}{
		{"plain", Button{Label: "Undo"}, false, render.ButtonFill},
		{"plain hovered", Button{Label: "Undo"}, true, render.ButtonHover},
		{"primary", Button{Label: "New game", Primary: true}, false, render.Accent},
		{"primary hovered", Button{Label: "New game", Primary: true}, true, render.AccentHover},
		{"selected", Button{Label: "8×8", Selected: true}, false, render.Panel},
		{"disabled ignores hover", Button{Label: "Redo", Disabled: true}, true, blendOver(render.ButtonFill, 0.45, render.Background)},
	}
	for _, tc := range tests {
		for _, unit := range []float64{1, 2} {
			img := ebiten.NewImage(int(300*unit), int(100*unit))
			img.Fill(render.Background)
			tc.b.Rect = image.Rect(int(20*unit), int(20*unit), int(220*unit), int(64*unit))
			tc.b.Draw(img, tc.hovered, unit)
			px := snapshot(img)
			img.Deallocate()
			// Just inside the left edge, away from the label and the border.
			got := px.RGBAAt(tc.b.Rect.Min.X+int(6*unit), tc.b.Rect.Min.Y+tc.b.Rect.Dy()/2)
			if !near(got, tc.fill, 6) {
				t.Errorf("%s at %vx: fill %v, want %v", tc.name, unit, got, tc.fill)
			}
			// The label leaves ink in the middle of the button.
			ink := 0
			for y := tc.b.Rect.Min.Y + 4; y < tc.b.Rect.Max.Y-4; y++ {
				for x := tc.b.Rect.Min.X + 10; x < tc.b.Rect.Max.X-10; x++ {
					if !near(px.RGBAAt(x, y), got, 40) {
						ink++
					}
				}
			}
			if ink < 20 {
				t.Errorf("%s at %vx: label has %d ink pixels", tc.name, unit, ink)
			}
			// Nothing outside the button except its soft shadow below.
			if c := px.RGBAAt(tc.b.Rect.Min.X-3, tc.b.Rect.Min.Y-3); !near(c, render.Background, 3) {
				t.Errorf("%s at %vx: drew outside the button: %v", tc.name, unit, c)
			}
		}
	}
}

// blendOver is c at alpha a over an opaque base.
func blendOver(c color.NRGBA, a float64, base color.NRGBA) color.NRGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*a + float64(y)*(1-a) + 0.5) }
	return color.NRGBA{f(c.R, base.R), f(c.G, base.G), f(c.B, base.B), 0xFF}
}

func TestPanelAndScrollbar(t *testing.T) {
	img := ebiten.NewImage(300, 300)
	defer img.Deallocate()
	img.Fill(render.Background)
	DrawPanel(img, image.Rect(20, 20, 200, 280), render.Panel, 12)
	track := image.Rect(180, 30, 188, 270)
	DrawScrollbar(img, track, 0, 1000, 240)
	px := snapshot(img)
	tests := []struct {
		name string
		x, y int
		want color.NRGBA
		tol  int
	}{
		{"panel inside", 100, 150, render.Panel, 2},
		{"outside", 260, 150, render.Background, 3},
		{"rounded corner left open", 21, 21, render.Background, 20},
		{"thumb at the top", 184, 40, blendOver(render.MutedText, 0.75, render.Panel), 12},
		{"rail below the thumb", 184, 250, blendOver(render.PanelBorder, 0.45, render.Panel), 12},
	}
	for _, tc := range tests {
		if got := px.RGBAAt(tc.x, tc.y); !near(got, tc.want, tc.tol) {
			t.Errorf("%s: pixel %v, want %v", tc.name, got, tc.want)
		}
	}
	// Content that fits draws no scrollbar.
	img.Fill(render.Panel)
	DrawScrollbar(img, track, 0, 100, 240)
	if c := snapshot(img).RGBAAt(184, 40); !near(c, render.Panel, 1) {
		t.Errorf("scrollbar drawn for content that fits: %v", c)
	}
}

// TestShots writes a picture of the widgets when KOMA_SHOTS names a directory.
func TestShots(t *testing.T) {
	dir := os.Getenv("KOMA_SHOTS")
	if dir == "" {
		t.Skip("set KOMA_SHOTS=dir to write PNGs")
	}
	img := ebiten.NewImage(520, 300)
	img.Fill(render.Background)
	DrawPanel(img, image.Rect(16, 16, 504, 284), render.Panel, 12)
	buttons := []struct {
		b     Button
		hover bool
	}{
		{Button{Label: "New game 新しい対局", Primary: true}, false},
		{Button{Label: "Primary hovered", Primary: true}, true},
		{Button{Label: "Undo 待った"}, false},
		{Button{Label: "Hovered"}, true},
		{Button{Label: "8×8", Selected: true}, false},
		{Button{Label: "Disabled", Disabled: true}, false},
	}
	for i, bb := range buttons {
		x, y := 36+(i%2)*220, 36+(i/2)*64
		bb.b.Rect = image.Rect(x, y, x+200, y+44)
		bb.b.Draw(img, bb.hover, 1)
	}
	DrawScrollbar(img, image.Rect(488, 30, 494, 270), 300, 1000, 240)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "ui.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, snapshot(img)); err != nil {
		t.Fatal(err)
	}
}
