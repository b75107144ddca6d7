package render

import (
	"image"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// inkBox returns the bounding box of the pixels that differ from the background.
func inkBox(px *image.RGBA) image.Rectangle {
	var box image.Rectangle
	b := px.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !near(px.RGBAAt(x, y), Background, 40) {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

func TestFaceCached(t *testing.T) {
	if Face(14, false) != Face(14, false) {
		t.Error("Face(14, false) built twice")
	}
	if Face(14, false) == Face(14, true) || Face(14, false) == Face(15, false) {
		t.Error("different faces share a cache entry")
	}
}

func TestMeasureText(t *testing.T) {
	tests := []struct {
		name  string
		s     string
		lines int
	}{
		{"empty", "", 0},
		{"latin", "Koma", 1},
		{"japanese", "駒を動かす", 1},
		{"two lines", "Rules\nルール", 2},
		{"blank middle line", "a\n\nb", 3},
	}
	for _, tc := range tests {
		w, h := MeasureText(tc.s, 20, false)
		if want := float64(tc.lines) * 20 * LineHeight; math.Abs(h-want) > 1e-9 {
			t.Errorf("%s: height %v, want %v", tc.name, h, want)
		}
		if (w > 0) != (tc.lines > 0) {
			t.Errorf("%s: width %v", tc.name, w)
		}
	}
	wa, _ := MeasureText("ab", 20, false)
	wb, _ := MeasureText("abab", 20, false)
	if wb < 1.9*wa || wb > 2.1*wa {
		t.Errorf("twice the text is %v wide, once %v", wb, wa)
	}
	wr, _ := MeasureText("Bold text", 20, false)
	wbold, _ := MeasureText("Bold text", 20, true)
	if wbold <= wr {
		t.Errorf("bold (%v) not wider than regular (%v)", wbold, wr)
	}
	w1, _ := MeasureText("駒", 20, false)
	w2, _ := MeasureText("駒", 40, false)
	if math.Abs(w2-2*w1) > 1 {
		t.Errorf("size 40 is %v wide, size 20 %v", w2, w1)
	}
}

func TestDrawTextPlacement(t *testing.T) {
	const size = 24
	s := "Koma 駒"
	w, h := MeasureText(s, size, true)
	tests := []struct {
		name  string
		align Align
		x     float64
		left  float64 // where the text should start
	}{
		{"left", AlignLeft, 40, 40},
		{"centre", AlignCenter, 200, 200 - w/2},
		{"right", AlignRight, 360, 360 - w},
	}
	for _, tc := range tests {
		img := ebiten.NewImage(400, 100)
		img.Fill(Background)
		DrawText(img, s, size, true, tc.x, 20, Text, tc.align)
		box := inkBox(snapshot(img))
		img.Deallocate()
		if box.Empty() {
			t.Fatalf("%s: nothing drawn", tc.name)
		}
		// Glyphs sit inside their advance box, give or take side bearings.
		if math.Abs(float64(box.Min.X)-tc.left) > 4 || math.Abs(float64(box.Max.X)-(tc.left+w)) > 4 {
			t.Errorf("%s: ink spans x %d..%d, want about %.0f..%.0f", tc.name, box.Min.X, box.Max.X, tc.left, tc.left+w)
		}
		if float64(box.Min.Y) < 20 || float64(box.Max.Y) > 20+h {
			t.Errorf("%s: ink spans y %d..%d, outside the line box 20..%.0f", tc.name, box.Min.Y, box.Max.Y, 20+h)
		}
	}
}

func TestDrawTextLines(t *testing.T) {
	img := ebiten.NewImage(300, 200)
	defer img.Deallocate()
	img.Fill(Background)
	DrawText(img, "一\n二\n三", 20, false, 10, 10, Text, AlignLeft)
	px := snapshot(img)
	// Every line has ink in its own band of LineHeight.
	for i := range 3 {
		top := 10 + float64(i)*20*LineHeight
		band := px.SubImage(image.Rect(0, int(top), 300, int(top+20*LineHeight))).(*image.RGBA)
		if inkBox(band).Empty() {
			t.Errorf("line %d has no ink in y %.0f..%.0f", i+1, top, top+20*LineHeight)
		}
	}
}

func TestRichText(t *testing.T) {
	tests := []struct {
		name  string
		s     string
		width float64
		lines int
	}{
		{"one line", "A **bold** word.", 400, 1},
		{"wrapped english", "The **first player** to be unable to move **loses** the game, so keep your options open.", 200, 3},
		{"wrapped japanese", "動けなくなったプレイヤーの**負け**です。", 120, 2},
		{"paragraph break", "one\ntwo", 400, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			const size = 16
			h := MeasureRichText(tc.s, size, tc.width)
			if got := int(math.Round(h / (size * LineHeight))); tc.lines > 1 && got < tc.lines || tc.lines == 1 && got != 1 {
				t.Errorf("height %v is %d lines, want %d", h, got, tc.lines)
			}
			img := ebiten.NewImage(500, 300)
			defer img.Deallocate()
			img.Fill(Background)
			drawn := DrawRichText(img, tc.s, size, 20, 10, tc.width, Text)
			if drawn != h {
				t.Errorf("DrawRichText used %v, MeasureRichText says %v", drawn, h)
			}
			box := inkBox(snapshot(img))
			if box.Empty() || box.Min.X < 18 || float64(box.Max.X) > 20+tc.width+2 || float64(box.Max.Y) > 10+h {
				t.Errorf("ink %v outside the paragraph (20,10)-(%.0f,%.0f)", box, 20+tc.width, 10+h)
			}
		})
	}
	// Bold spans are drawn heavier: the same text has more ink when bold.
	ink := func(s string) int {
		img := ebiten.NewImage(400, 60)
		defer img.Deallocate()
		img.Fill(Background)
		DrawRichText(img, s, 20, 0, 0, 400, Text)
		px := snapshot(img)
		n := 0
		for i := 0; i < len(px.Pix); i += 4 {
			n += 255 - int(px.Pix[i])
		}
		return n
	}
	if plain, bold := ink("heavy words"), ink("**heavy words**"); bold <= plain {
		t.Errorf("bold ink %d not more than regular %d", bold, plain)
	}
}
