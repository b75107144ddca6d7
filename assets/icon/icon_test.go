package icon

import (
	"testing"
	"time"
)

func TestDrawSizes(t *testing.T) {
	for _, size := range append(append([]int{}, WindowSizes...), 20, 24, 192, 512) {
		img, err := Draw(size)
		if err != nil {
			t.Fatalf("Draw(%d): %v", size, err)
		}
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Fatalf("Draw(%d) is %v", size, b)
		}
		// The corner is cut off by the rounding; the middle of each edge is the seal.
		if a := img.NRGBAAt(0, 0).A; a > 0x40 {
			t.Errorf("Draw(%d): the corner is opaque (alpha %d)", size, a)
		}
		edge := img.NRGBAAt(size/2, size-2-int(styleFor(size).margin))
		if edge != Background {
			t.Errorf("Draw(%d): the bottom edge is %v, not the seal's colour", size, edge)
		}
		// The character is there: a good share of the pixels are mostly ink.
		ink := 0
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				if c := img.NRGBAAt(x, y); c.A == 0xFF && c.G > 0xC0 {
					ink++
				}
			}
		}
		if share := float64(ink) / float64(size*size); share < 0.12 || share > 0.5 {
			t.Errorf("Draw(%d): %.0f%% of the pixels are ink, want 12%% to 50%%", size, 100*share)
		}
	}
}

func TestMaskableFillsTheSquare(t *testing.T) {
	img, err := DrawMaskable(192)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < 192; y++ {
		for x := 0; x < 192; x++ {
			c := img.NRGBAAt(x, y)
			if c.A != 0xFF {
				t.Fatalf("pixel (%d,%d) is not opaque", x, y)
			}
			// Every mask keeps the circle of radius 40% around the centre: the character
			// must lie within it.
			dx, dy := float64(x)-96+0.5, float64(y)-96+0.5
			if dx*dx+dy*dy > 0.4*0.4*192*192 && c != Background {
				t.Fatalf("pixel (%d,%d) outside the safe zone is %v", x, y, c)
			}
		}
	}
}

func TestBitmapIsSquare(t *testing.T) {
	for i, row := range bitmap {
		if len(row) != len(bitmap) {
			t.Errorf("row %d is %d wide, want %d", i, len(row), len(bitmap))
		}
	}
}

func TestBadSize(t *testing.T) {
	for _, size := range []int{0, -1, MinSize - 1, MaxSize + 1} {
		if _, err := Draw(size); err == nil {
			t.Errorf("Draw(%d) did not fail", size)
		}
	}
}

// TestWindowIconsAreCheap bounds what the window icon adds to the app's start. The
// measured time on a 2-core machine is 3 to 7 ms, font parsing included; the bound leaves room for a slow
// CI run without letting a much costlier drawing slip in.
func TestWindowIconsAreCheap(t *testing.T) {
	start := time.Now()
	icons, err := WindowIcons()
	if err != nil {
		t.Fatal(err)
	}
	if len(icons) != len(WindowSizes) {
		t.Fatalf("%d icons, want %d", len(icons), len(WindowSizes))
	}
	took := time.Since(start)
	t.Logf("WindowIcons took %v", took)
	if took > 250*time.Millisecond {
		t.Errorf("WindowIcons took %v", took)
	}
}

func BenchmarkWindowIcons(b *testing.B) {
	for b.Loop() {
		if _, err := WindowIcons(); err != nil {
			b.Fatal(err)
		}
	}
}
