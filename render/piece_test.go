package render

import (
	"image/color"
	"math"
	"testing"
)

func luma(c color.RGBA) int { return (299*int(c.R) + 587*int(c.G) + 114*int(c.B)) / 1000 }

func TestDiscImage(t *testing.T) {
	tests := []struct {
		name string
		sh   pieceShades
		body color.NRGBA
		r    int
	}{
		{"white small", whiteShades, PieceWhite, 6},
		{"white", whiteShades, PieceWhite, 30},
		{"black", blackShades, PieceBlack, 30},
		{"black large", blackShades, PieceBlack, 90},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img := discImage(tc.sh, tc.r)
			n := img.Bounds().Dx()
			if n != spriteSize(tc.r) || n < 2*tc.r {
				t.Fatalf("sprite is %d px for radius %d", n, tc.r)
			}
			c := n / 2
			at := func(fx, fy float64) color.RGBA {
				return img.RGBAAt(c+int(math.Floor(fx*float64(tc.r))), c+int(math.Floor(fy*float64(tc.r))))
			}
			if a := at(0, 0).A; a != 255 {
				t.Errorf("centre alpha %d, want opaque", a)
			}
			if a := img.RGBAAt(0, 0).A; a != 0 {
				t.Errorf("corner alpha %d, want clear", a)
			}
			// The shadow falls below the piece, not above it.
			if above, below := at(0, -1.12).A, at(0, 1.12).A; below <= above {
				t.Errorf("shadow alpha above %d, below %d", above, below)
			}
			// Lit from the upper left.
			if ul, lr := luma(at(-0.45, -0.45)), luma(at(0.45, 0.45)); ul <= lr {
				t.Errorf("upper left luma %d not brighter than lower right %d", ul, lr)
			}
			// The face is the piece's colour, not the other side's.
			if !near(at(0.2, 0.2), tc.body, 45) {
				t.Errorf("face %v, want near %v", at(0.2, 0.2), tc.body)
			}
		})
	}
}

func TestPremulOver(t *testing.T) {
	tests := []struct {
		name     string
		src, dst color.RGBA
		want     color.RGBA
	}{
		{"opaque wins", color.RGBA{10, 20, 30, 255}, color.RGBA{200, 200, 200, 255}, color.RGBA{10, 20, 30, 255}},
		{"clear keeps", color.RGBA{}, color.RGBA{1, 2, 3, 4}, color.RGBA{1, 2, 3, 4}},
		{"half over opaque", color.RGBA{100, 0, 0, 128}, color.RGBA{0, 0, 200, 255}, color.RGBA{100, 0, 100, 255}},
	}
	for _, tc := range tests {
		if got := over(tc.src, tc.dst); got != tc.want {
			t.Errorf("%s: over = %v, want %v", tc.name, got, tc.want)
		}
	}
	if got, want := premul(color.NRGBA{200, 100, 50, 255}, 0.5), (color.RGBA{100, 50, 25, 128}); got != want {
		t.Errorf("premul = %v, want %v", got, want)
	}
}
