// Package icon draws Koma's icon, the character 駒 ("piece") in the bundled bold font,
// light on a vermilion rounded square, as on the seal of the menu. Every icon the app
// ships is drawn here: the window icon at start, and the favicon, the web app's icons and
// the release archives' icons through build/icons. It is pure Go (no Ebitengine), so tools
// can use it without a display.
package icon

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"koma/assets"
)

// Mark is the character the icon shows.
const Mark = '駒'

// The colours of the menu's seal (render.Accent and render.OnAccent): they are repeated
// here because render links Ebitengine, which tools and this package must not need.
var (
	// Background is the seal's vermilion.
	Background = color.NRGBA{0xC4, 0x4E, 0x34, 0xFF}
	// Ink is the colour of the character on the seal.
	Ink = color.NRGBA{0xFF, 0xFB, 0xF5, 0xFF}
)

// WindowSizes are the sizes desktops pick a window or taskbar icon from.
var WindowSizes = []int{16, 32, 48, 64, 128, 256}

// MinSize and MaxSize bound the sizes Draw accepts.
const (
	MinSize = 8
	MaxSize = 2048
)

// glyph is the mark's outline, parsed once: parsing the font's tables is most of the cost
// of the first icon.
type glyph struct {
	font  *sfnt.Font
	index sfnt.GlyphIndex
	// ink is the outline's bounding box at 1 pixel per em, Y down.
	ink struct{ minX, minY, maxX, maxY float64 }
}

// loadGlyph returns the mark in the bold face (bold true) or the medium one.
func loadGlyph(bold bool) (*glyph, error) {
	if bold {
		return loadBold()
	}
	return loadMedium()
}

var (
	loadBold   = sync.OnceValues(func() (*glyph, error) { return parseGlyph(assets.UIFontBold()) })
	loadMedium = sync.OnceValues(func() (*glyph, error) { return parseGlyph(assets.UIFont()) })
)

func parseGlyph(data []byte) (*glyph, error) {
	f, err := sfnt.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("icon: parse font: %w", err)
	}
	var buf sfnt.Buffer
	idx, err := f.GlyphIndex(&buf, Mark)
	if err != nil || idx == 0 {
		return nil, fmt.Errorf("icon: the font has no %q: %v", Mark, err)
	}
	const ref = 1024
	segs, err := f.LoadGlyph(&buf, idx, fixed.I(ref), nil)
	if err != nil {
		return nil, fmt.Errorf("icon: load %q: %w", Mark, err)
	}
	b := segs.Bounds()
	g := &glyph{font: f, index: idx}
	g.ink.minX, g.ink.minY = float64(b.Min.X)/64/ref, float64(b.Min.Y)/64/ref
	g.ink.maxX, g.ink.maxY = float64(b.Max.X)/64/ref, float64(b.Max.Y)/64/ref
	return g, nil
}

// style is how the mark sits on its square at one size.
type style struct {
	margin float64 // transparent edge around the square, in pixels
	radius float64 // corner radius of the square, in pixels; 0 fills the whole image
	height float64 // the character's ink height as a fraction of the square's side
	// medium draws the character in the medium face rather than the bold one: at 32
	// pixels the bold face's counters close up.
	medium bool
}

// styleFor chooses proportions by size: a small icon gives the character nearly all of
// the square, since every pixel of a 16-pixel kanji counts, while a large one has the
// seal's breathing room and a desktop icon's margin.
func styleFor(size int) style {
	s := float64(size)
	switch {
	case size <= 20:
		return style{margin: 0, radius: s * 0.19, height: 0.86}
	case size <= 40:
		return style{margin: 0, radius: s * 0.2, height: 0.8, medium: true}
	case size <= 72:
		return style{margin: s / 32, radius: s * 0.2, height: 0.72}
	default:
		return style{margin: s / 24, radius: s * 0.2, height: 0.66}
	}
}

// Draw returns the icon at size×size pixels: the rounded square with the character,
// transparent outside the square's corners.
func Draw(size int) (*image.NRGBA, error) {
	return draw(size, styleFor(size))
}

// DrawMaskable returns the icon for platforms that cut their own shape out of it (a web
// app's "maskable" icon): the colour fills the whole image and the character stays within
// the central circle that every mask keeps.
func DrawMaskable(size int) (*image.NRGBA, error) {
	// The safe zone is a circle of 40% of the side around the centre; the character's ink
	// box, about square, fits it with room to spare at half the side.
	return draw(size, style{margin: 0, radius: 0, height: 0.5})
}

// WindowIcons draws the icon at each of WindowSizes, for ebiten.SetWindowIcon.
func WindowIcons() ([]image.Image, error) {
	out := make([]image.Image, 0, len(WindowSizes))
	for _, s := range WindowSizes {
		img, err := Draw(s)
		if err != nil {
			return nil, err
		}
		out = append(out, img)
	}
	return out, nil
}

func draw(size int, st style) (*image.NRGBA, error) {
	if size < MinSize || size > MaxSize {
		return nil, fmt.Errorf("icon: size %d is outside %d..%d", size, MinSize, MaxSize)
	}
	g, err := loadGlyph(!st.medium)
	if err != nil {
		return nil, err
	}
	side := float64(size) - 2*st.margin
	var cov []uint8
	if size < bitmapBelow && st.radius > 0 {
		cov = bitmapCoverage(size)
	} else if cov, err = g.coverage(size, st.margin, side, st.height); err != nil {
		return nil, err
	}
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			bg := 1.0
			if st.radius > 0 {
				bg = roundedRectCoverage(float64(x)+0.5, float64(y)+0.5, st.margin, side, st.radius)
			}
			if bg <= 0 {
				continue
			}
			a := float64(cov[y*size+x]) / 255
			i := img.PixOffset(x, y)
			img.Pix[i+0] = mix(Background.R, Ink.R, a)
			img.Pix[i+1] = mix(Background.G, Ink.G, a)
			img.Pix[i+2] = mix(Background.B, Ink.B, a)
			img.Pix[i+3] = uint8(math.Round(255 * bg))
		}
	}
	return img, nil
}

func mix(a, b uint8, t float64) uint8 {
	return uint8(math.Round(float64(a) + (float64(b)-float64(a))*t))
}

// roundedRectCoverage is how much of the pixel centred on (px, py) the square of the given
// side at (off, off) covers, with corners of radius r: one pixel of soft edge along the
// signed distance to the outline, which is what keeps the corners smooth.
func roundedRectCoverage(px, py, off, side, r float64) float64 {
	cx, cy := off+side/2, off+side/2
	half := side/2 - r
	dx := math.Max(math.Abs(px-cx)-half, 0)
	dy := math.Max(math.Abs(py-cy)-half, 0)
	var d float64
	if dx > 0 && dy > 0 {
		d = math.Hypot(dx, dy) - r
	} else {
		d = math.Max(math.Abs(px-cx), math.Abs(py-cy)) - side/2
	}
	return math.Max(0, math.Min(1, 0.5-d))
}

// bitmapBelow is the size below which the icon uses bitmap rather than the font.
const bitmapBelow = 24

// bitmap is the character drawn pixel by pixel for the smallest icons, after the 16-dot
// bitmap fonts: the outline at 14 pixels blurs 馬's four strokes and four dots into grey
// whatever its placement, while one pixel per stroke stays legible.
var bitmap = [...]string{
	"..............",
	".######..#....",
	".#..#....#####",
	".####...#....#",
	".#..#...#....#",
	".####....###.#",
	".#..#....#.#.#",
	".#######.#.#.#",
	".......#.###.#",
	"..#.#.##.....#",
	".#.#.#.#.....#",
	".......#.....#",
	"......##....##",
	"..............",
}

// bitmapCoverage places bitmap in the middle of a size×size mask.
func bitmapCoverage(size int) []uint8 {
	cov := make([]uint8, size*size)
	x0, y0 := (size-len(bitmap[0]))/2, (size-len(bitmap))/2
	for y, row := range bitmap {
		for x, c := range row {
			if c == '#' {
				cov[(y0+y)*size+x0+x] = 0xFF
			}
		}
	}
	return cov
}

// coverage rasterises the character into a size×size alpha mask, its ink box centred on
// the square and height×side tall.
//
// An unhinted outline at 16 pixels smears each stroke over two rows of grey. Small icons
// therefore try a few sizes and sub-pixel offsets around the nominal ones and keep the
// one whose pixels are closest to fully on or off: a cheap stand-in for hinting that
// makes the strokes land on whole pixels where they can.
func (g *glyph) coverage(size int, margin, side, height float64) ([]uint8, error) {
	inkH := g.ink.maxY - g.ink.minY
	ppem := side * height / inkH
	centre := margin + side/2
	best, bestScore := []uint8(nil), math.Inf(1)
	var tries []float64
	var shifts []float64
	if size <= 48 {
		tries = []float64{0, -0.04, 0.04, -0.08, 0.08}
		shifts = []float64{0, -0.25, 0.25, 0.5}
	} else {
		tries, shifts = []float64{0}, []float64{0}
	}
	var buf sfnt.Buffer
	rast := vector.NewRasterizer(size, size)
	for _, t := range tries {
		p := ppem * (1 + t)
		segs, err := g.font.LoadGlyph(&buf, g.index, fixed.Int26_6(math.Round(p*64)), nil)
		if err != nil {
			return nil, fmt.Errorf("icon: load %q: %w", Mark, err)
		}
		// The ink box's origin at this size, then the offset that centres it.
		x0 := centre - p*(g.ink.minX+g.ink.maxX)/2
		y0 := centre - p*(g.ink.minY+g.ink.maxY)/2
		for _, sx := range shifts {
			for _, sy := range shifts {
				mask := image.NewAlpha(image.Rect(0, 0, size, size))
				rast.Reset(size, size)
				ox, oy := float32(x0+sx), float32(y0+sy)
				for _, s := range segs {
					a := s.Args
					pt := func(i int) (float32, float32) {
						return ox + float32(a[i].X)/64, oy + float32(a[i].Y)/64
					}
					switch s.Op {
					case sfnt.SegmentOpMoveTo:
						rast.MoveTo(pt(0))
					case sfnt.SegmentOpLineTo:
						rast.LineTo(pt(0))
					case sfnt.SegmentOpQuadTo:
						x1, y1 := pt(0)
						x2, y2 := pt(1)
						rast.QuadTo(x1, y1, x2, y2)
					case sfnt.SegmentOpCubeTo:
						x1, y1 := pt(0)
						x2, y2 := pt(1)
						x3, y3 := pt(2)
						rast.CubeTo(x1, y1, x2, y2, x3, y3)
					}
				}
				rast.ClosePath()
				rast.Draw(mask, mask.Bounds(), image.Opaque, image.Point{})
				score := 0.0
				for _, v := range mask.Pix {
					f := float64(v) / 255
					score += f * (1 - f)
				}
				// A slight preference for the nominal size and position, so that a
				// negligible gain does not move the character off centre.
				score *= 1 + 4*math.Abs(t) + 0.2*(math.Abs(sx)+math.Abs(sy))
				if score < bestScore {
					best, bestScore = mask.Pix, score
				}
			}
		}
	}
	return best, nil
}
