package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/rules"
	"koma/rules/board"
)

// nearest returns the name of the palette colour closest to c.
func nearest(c color.Color, palette map[string]color.NRGBA, order []string) string {
	best, bestD := "", math.Inf(1)
	cr, cg, cb, _ := c.RGBA()
	for _, name := range order {
		p := palette[name]
		pr, pg, pb, _ := p.RGBA()
		d := math.Pow(float64(cr>>8)-float64(pr>>8), 2) + math.Pow(float64(cg>>8)-float64(pg>>8), 2) +
			math.Pow(float64(cb>>8)-float64(pb>>8), 2)
		if d < bestD {
			best, bestD = name, d
		}
	}
	return best
}

// blend is c at alpha a over an opaque base, computed here independently of the renderer.
func blend(c color.NRGBA, base color.NRGBA) color.NRGBA {
	a := float64(c.A) / 255
	f := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*a + float64(y)*(1-a))) }
	return color.NRGBA{f(c.R, base.R), f(c.G, base.G), f(c.B, base.B), 0xFF}
}

// drawBoard renders st on a fresh image and returns the pixels and the view.
func drawBoard(t *testing.T, st *fakeState, size int, flipped, coords bool, d Decorations) (*image.RGBA, *BoardView) {
	t.Helper()
	img := ebiten.NewImage(size, size)
	defer img.Deallocate()
	img.Fill(Background)
	v := NewBoardView(st.game, st.topo)
	v.SetFlipped(flipped)
	v.SetShowCoords(coords)
	v.SetBounds(image.Rect(0, 0, size, size))
	v.Draw(img, st, d)
	return snapshot(img), v
}

func pixelAt(img *image.RGBA, v *BoardView, s board.Site) color.RGBA {
	x, y := v.SiteCenter(s)
	return img.RGBAAt(int(x), int(y))
}

var noDecorations = Decorations{Selected: board.NoSite}

func TestSquareBoardPixels(t *testing.T) {
	for _, style := range []rules.Style{rules.Checkered, rules.Plain} {
		for _, flipped := range []bool{false, true} {
			t.Run(fmt.Sprintf("style%d/flipped=%v", style, flipped), func(t *testing.T) {
				st := newFake(testGame(style), board.NewSquare(8, 8)).put("a1", black).put("h8", white).put("c3", wKing).put("f6", bKing)
				img, v := drawBoard(t, st, 480, flipped, true, noDecorations)
				palette := map[string]color.NRGBA{"white": PieceWhite, "black": PieceBlack, "light": SquareLight, "dark": SquareDark, "plain": SquarePlain}
				order := []string{"white", "black", "light", "dark", "plain"}
				if style == rules.Plain {
					order = []string{"white", "black", "plain"}
				}
				emptyLight, emptyDark := "light", "dark"
				if style == rules.Plain {
					emptyLight, emptyDark = "plain", "plain"
				}
				tests := []struct{ site, want string }{
					{"a1", "black"}, {"h8", "white"},
					// Off the centre, so the crown does not hide the disc.
					{"c3", "white"}, {"f6", "black"},
					// a1 is a dark square, like every square whose file and rank have equal parity.
					{"b1", emptyLight}, {"c1", emptyDark}, {"d4", emptyDark}, {"e4", emptyLight},
				}
				for _, tc := range tests {
					s := st.site(tc.site)
					x, y := v.SiteCenter(s)
					if tc.site == "c3" || tc.site == "f6" {
						y += 0.25 * v.CellSize()
					}
					got := img.RGBAAt(int(x), int(y))
					if n := nearest(got, palette, order); n != tc.want {
						t.Errorf("%s: pixel %v is closest to %s, want %s", tc.site, got, n, tc.want)
					}
				}
				// The a1 corner is at the lower left, or the upper right when flipped.
				x, y := v.SiteCenter(st.site("a1"))
				r := v.Rect()
				lowerLeft := x < float64(r.Min.X+r.Max.X)/2 && y > float64(r.Min.Y+r.Max.Y)/2
				if lowerLeft == flipped {
					t.Errorf("a1 drawn at (%.0f,%.0f) in %v, flipped=%v", x, y, r, flipped)
				}
			})
		}
	}
}

func TestPlainBoardHasGridLines(t *testing.T) {
	st := newFake(testGame(rules.Plain), board.NewSquare(6, 6))
	img, v := drawBoard(t, st, 360, false, false, noDecorations)
	x0, y := v.SiteCenter(st.site("c3"))
	x1, _ := v.SiteCenter(st.site("d3"))
	// Scan across the border between c3 and d3: some pixel must be darker than the cells.
	darkest := 255
	for x := int(x0); x <= int(x1); x++ {
		c := img.RGBAAt(x, int(y))
		darkest = min(darkest, int(c.R))
	}
	if darkest > int(SquarePlain.R)-40 {
		t.Errorf("no grid line between c3 and d3: darkest red channel %d, cells %d", darkest, SquarePlain.R)
	}
}

func TestHexBoardPixels(t *testing.T) {
	for _, flipped := range []bool{false, true} {
		st := newFake(testGame(rules.HexCells), board.NewHex(4)).put("d4", white).put("a4", black).put("d7", white).put("g1", bKing)
		img, v := drawBoard(t, st, 480, flipped, true, noDecorations)
		palette := map[string]color.NRGBA{"white": PieceWhite, "black": PieceBlack, "tint0": HexTints[0], "tint1": HexTints[1], "tint2": HexTints[2], "frame": BoardFrame}
		order := []string{"white", "black", "tint0", "tint1", "tint2", "frame"}
		for _, tc := range []struct{ site, want string }{{"d4", "white"}, {"a4", "black"}, {"d7", "white"}} {
			if n := nearest(pixelAt(img, v, st.site(tc.site)), palette, order); n != tc.want {
				t.Errorf("flipped=%v: %s is %s, want %s", flipped, tc.site, n, tc.want)
			}
		}
		// Neighbouring empty cells have different tints.
		seen := map[string]bool{}
		for _, l := range []string{"c4", "e4", "d5"} {
			n := nearest(pixelAt(img, v, st.site(l)), palette, order)
			if n[:4] != "tint" {
				t.Errorf("flipped=%v: empty cell %s looks like %s", flipped, l, n)
			}
			seen[n] = true
		}
		if c := nearest(pixelAt(img, v, st.site("d4")), palette, order); c != "white" {
			t.Errorf("d4 is %s", c)
		}
		if len(seen) < 2 {
			t.Errorf("flipped=%v: cells around d4 share one tint: %v", flipped, seen)
		}
		// Between two cells lies the darker outline.
		x0, y0 := v.SiteCenter(st.site("c4"))
		x1, y1 := v.SiteCenter(st.site("b4"))
		mid := img.RGBAAt(int(math.Round((x0+x1)/2)), int(math.Round((y0+y1)/2)))
		if near(mid, HexTints[0], 20) || near(mid, HexTints[1], 20) || near(mid, HexTints[2], 20) {
			t.Errorf("flipped=%v: no outline between c4 and b4: %v", flipped, mid)
		}
	}
}

func TestPointBoardPixels(t *testing.T) {
	st := newFake(testGame(rules.Lines), board.NewPoints(5, 5)).put("a1", white).put("c3", black)
	img, v := drawBoard(t, st, 500, false, true, noDecorations)
	palette := map[string]color.NRGBA{"white": PieceWhite, "black": PieceBlack, "line": PointLine, "surface": PointSurface}
	order := []string{"white", "black", "line", "surface"}
	at := func(a, b string, f float64) color.RGBA {
		x0, y0 := v.SiteCenter(st.site(a))
		x1, y1 := v.SiteCenter(st.site(b))
		return img.RGBAAt(int(math.Round(x0+(x1-x0)*f)), int(math.Round(y0+(y1-y0)*f)))
	}
	tests := []struct {
		name string
		got  color.RGBA
		want string
	}{
		{"piece on a1", pixelAt(img, v, st.site("a1")), "white"},
		{"piece on c3", pixelAt(img, v, st.site("c3")), "black"},
		{"empty point e5", pixelAt(img, v, st.site("e5")), "line"},
		{"line d4-e4", at("d4", "e4", 0.5), "line"},
		{"line d5-d4", at("d5", "d4", 0.5), "line"},
		// b2 has an even coordinate sum, so a diagonal runs from it to c3...
		{"diagonal b2-c3", at("b2", "c3", 0.5), "line"},
		// ... and none from b3 to c4 (every square has one diagonal, so its middle is on
		// the other one; a quarter of the way is bare board).
		{"no diagonal b3-c4", at("b3", "c4", 0.25), "surface"},
		{"diagonal d4-e5 near d4", at("d4", "e5", 0.25), "line"},
	}
	for _, tc := range tests {
		if n := nearest(tc.got, palette, order); n != tc.want {
			t.Errorf("%s: pixel %v is %s, want %s", tc.name, tc.got, n, tc.want)
		}
	}
}

func TestHighlights(t *testing.T) {
	g := testGame(rules.Checkered)
	topo := board.NewSquare(8, 8)
	st := newFake(g, topo).put("c3", white).put("e5", black)
	plain, v := drawBoard(t, st, 480, false, false, noDecorations)
	d := Decorations{
		Selected: st.site("c3"),
		Targets:  []board.Site{st.site("d4"), st.site("e5")},
		LastMove: []board.Site{st.site("a1"), st.site("b2")},
		Movable:  []board.Site{st.site("h1")},
	}
	lit, _ := drawBoard(t, st, 480, false, false, d)
	cs := v.CellSize()
	px := func(img *image.RGBA, label string, dx, dy float64) color.RGBA {
		x, y := v.SiteCenter(st.site(label))
		return img.RGBAAt(int(math.Round(x+dx*cs)), int(math.Round(y+dy*cs)))
	}
	ringR := v.pieceRadius() + 0.04
	tests := []struct {
		name   string
		label  string
		dx, dy float64
		want   color.NRGBA
		tol    int
	}{
		// A ring just outside the selected piece.
		{"selected ring", "c3", ringR, 0, SelectedRing, 40},
		// A dot on the empty target, blended over the dark square.
		{"target dot", "d4", 0, 0, blend(TargetMark, SquareDark), 25},
		// A ring around the occupied target.
		{"target ring", "e5", 0, -ringR, blend(TargetMark, SquareDark), 40},
		// The last move's cells are tinted, away from the line between them.
		{"last move tint", "a1", -0.4, 0.4, blend(LastMoveTint, SquareDark), 25},
	}
	for _, tc := range tests {
		got := px(lit, tc.label, tc.dx, tc.dy)
		if !near(got, tc.want, tc.tol) {
			t.Errorf("%s: pixel %v, want about %v", tc.name, got, tc.want)
		}
		if before := px(plain, tc.label, tc.dx, tc.dy); near(before, got, 8) {
			t.Errorf("%s: the highlight did not change the pixel (%v)", tc.name, got)
		}
	}
	// The movable marker, a ring just outside where a piece would stand, is subtle but
	// visible on an empty square.
	ring := v.pieceRadius() + 0.05
	before, after := px(plain, "h1", ring, 0), px(lit, "h1", ring, 0)
	if near(before, after, 3) {
		t.Errorf("movable marker invisible: %v vs %v", before, after)
	}
}

func TestStackAndCrown(t *testing.T) {
	g := testGame(rules.Checkered)
	st := newFake(g, board.NewSquare(6, 6)).put("b2", white, black, white).put("e5", bKing).put("c4", black)
	img, v := drawBoard(t, st, 420, false, false, noDecorations)
	count := func(label string, clr color.NRGBA, tol int) int {
		x, y := v.SiteCenter(st.site(label))
		h := int(v.CellSize() / 2)
		n := 0
		for py := int(y) - h; py < int(y)+h; py++ {
			for px := int(x) - h; px < int(x)+h; px++ {
				if near(img.RGBAAt(px, py), clr, tol) {
					n++
				}
			}
		}
		return n
	}
	cell := int(v.CellSize() * v.CellSize())
	tests := []struct {
		name  string
		label string
		clr   color.NRGBA
		min   int // at least this share of the cell, in per mille
		max   int
	}{
		{"badge on the stack", "b2", Accent, 10, 200},
		{"no badge on a single piece", "c4", Accent, 0, 0},
		{"crown on the king", "e5", CrownGold, 10, 300},
		{"no crown on a plain piece", "c4", CrownGold, 0, 0},
	}
	for _, tc := range tests {
		n := count(tc.label, tc.clr, 30) * 1000 / cell
		if n < tc.min || n > tc.max {
			t.Errorf("%s: %d‰ of the cell near %v, want %d..%d", tc.name, n, tc.clr, tc.min, tc.max)
		}
	}
	// The lower pieces of the stack peek out below the top one: the bottom edge of the
	// stack reaches lower than a single piece does.
	lowest := func(label string) int {
		x, y := v.SiteCenter(st.site(label))
		for py := int(y + v.CellSize()/2 - 1); py > int(y); py-- {
			c := img.RGBAAt(int(x), py)
			if !near(c, SquareDark, 30) && !near(c, SquareLight, 30) {
				return py - int(y)
			}
		}
		return 0
	}
	if s, p := lowest("b2"), lowest("c4"); s <= p {
		t.Errorf("the stack reaches %d px below its centre, a single piece %d", s, p)
	}
}

func TestCoordinatesDrawn(t *testing.T) {
	for _, topo := range []*board.Topology{board.NewSquare(8, 8), board.NewHex(5), board.NewPoints(5, 5)} {
		st := newFake(testGame(rules.Checkered), topo)
		with, v := drawBoard(t, st, 400, false, true, noDecorations)
		n := 0
		for _, lb := range v.lay.labels(topo) {
			p := v.lay.toScreen(lb.at)
			for y := int(p.y) - 6; y <= int(p.y)+6; y++ {
				for x := int(p.x) - 6; x <= int(p.x)+6; x++ {
					if near(with.RGBAAt(x, y), BoardCoord, 30) {
						n++
					}
				}
			}
		}
		if want := topo.Width() + topo.Height(); n < 3*want {
			t.Errorf("%v: only %d label-coloured pixels around %d labels", topo.Kind(), n, want)
		}
	}
}

func TestBoundsChangeRedraws(t *testing.T) {
	st := newFake(testGame(rules.Checkered), board.NewSquare(4, 4)).put("a1", black)
	img := ebiten.NewImage(400, 400)
	defer img.Deallocate()
	v := NewBoardView(st.game, st.topo)
	for _, r := range []image.Rectangle{image.Rect(0, 0, 200, 200), image.Rect(100, 100, 400, 400), image.Rect(0, 0, 120, 300)} {
		img.Fill(Background)
		v.SetBounds(r)
		v.Draw(img, st, noDecorations)
		px := snapshot(img)
		if got := pixelAt(px, v, st.site("a1")); !near(got, PieceBlack, 60) {
			t.Errorf("bounds %v: a1 pixel %v, want near %v", r, got, PieceBlack)
		}
		// Nothing is drawn far outside the bounds (the shadow may spill a few pixels).
		grown := v.Rect().Inset(-int(v.CellSize()))
		for y := 0; y < 400; y += 7 {
			for x := 0; x < 400; x += 7 {
				if !(image.Point{x, y}).In(grown) && !near(px.RGBAAt(x, y), Background, 2) {
					t.Fatalf("bounds %v: pixel (%d,%d) drawn outside %v", r, x, y, grown)
				}
			}
		}
	}
}
