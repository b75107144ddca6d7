package render

import (
	"fmt"
	"image"
	"math"
	"testing"

	"koma/rules"
	"koma/rules/board"
)

// boardCase is one topology to check geometry on.
type boardCase struct {
	name  string
	style rules.Style
	topo  *board.Topology
}

func boardCases() []boardCase {
	var out []boardCase
	for _, n := range []int{1, 2, 5, 6, 8, 10, 19} {
		out = append(out, boardCase{fmt.Sprintf("square%d", n), rules.Checkered, board.NewSquare(n, n)})
	}
	out = append(out, boardCase{"square9x5", rules.Plain, board.NewSquare(9, 5)})
	for _, n := range []int{2, 3, 4, 5, 6, 8} {
		out = append(out, boardCase{fmt.Sprintf("hex%d", n), rules.HexCells, board.NewHex(n)})
	}
	for _, wh := range [][2]int{{3, 3}, {5, 5}, {9, 5}, {7, 7}} {
		out = append(out, boardCase{fmt.Sprintf("points%dx%d", wh[0], wh[1]), rules.Lines, board.NewPoints(wh[0], wh[1])})
	}
	return out
}

var testRects = []image.Rectangle{
	image.Rect(0, 0, 640, 640),
	image.Rect(30, 50, 830, 450), // wide
	image.Rect(10, 0, 310, 700),  // tall
	image.Rect(0, 0, 97, 61),     // tiny and odd
	image.Rect(-40, -20, 1400, 1100),
}

func TestFitInsideAndCentred(t *testing.T) {
	for _, bc := range boardCases() {
		for _, r := range testRects {
			for _, coords := range []bool{false, true} {
				v := NewBoardView(testGame(bc.style), bc.topo)
				v.SetShowCoords(coords)
				v.SetBounds(r)
				got := v.Rect()
				name := fmt.Sprintf("%s/%v/coords=%v", bc.name, r, coords)
				if !got.In(r) {
					t.Errorf("%s: board %v not inside %v", name, got, r)
				}
				// Centred: the leftover space is split evenly (to a pixel and a half of rounding).
				if d := (got.Min.X - r.Min.X) - (r.Max.X - got.Max.X); d < -2 || d > 2 {
					t.Errorf("%s: horizontal margins differ by %d", name, d)
				}
				if d := (got.Min.Y - r.Min.Y) - (r.Max.Y - got.Max.Y); d < -2 || d > 2 {
					t.Errorf("%s: vertical margins differ by %d", name, d)
				}
				// As large as fits: one side is full, up to the whole-pixel cell rounding.
				l := v.lay
				slackX := float64(r.Dx()-got.Dx()) / (l.x1 - l.x0)
				slackY := float64(r.Dy()-got.Dy()) / (l.y1 - l.y0)
				if min(slackX, slackY) > 1.01 {
					t.Errorf("%s: board %v leaves %.2f px per unit unused in %v", name, got, min(slackX, slackY), r)
				}
				// Proportions kept: the rectangle has the extent's aspect ratio.
				want := (l.x1 - l.x0) / (l.y1 - l.y0)
				if gotA := float64(got.Dx()) / float64(got.Dy()); got.Dy() > 20 && math.Abs(gotA-want)/want > 0.05 {
					t.Errorf("%s: aspect %.3f, want %.3f", name, gotA, want)
				}
				if v.CellSize() <= 0 {
					t.Errorf("%s: cell size %v", name, v.CellSize())
				}
			}
		}
	}
}

func TestSiteAtSiteCenterRoundTrip(t *testing.T) {
	for _, bc := range boardCases() {
		for _, r := range testRects[:3] {
			for _, flipped := range []bool{false, true} {
				for _, coords := range []bool{false, true} {
					v := NewBoardView(testGame(bc.style), bc.topo)
					v.SetBounds(r)
					v.SetFlipped(flipped)
					v.SetShowCoords(coords)
					for s := range bc.topo.Len() {
						site := board.Site(s)
						x, y := v.SiteCenter(site)
						if got, ok := v.SiteAt(x, y); !ok || got != site {
							t.Fatalf("%s %v flipped=%v coords=%v: SiteAt(SiteCenter(%s)) = %d, %v",
								bc.name, r, flipped, coords, bc.topo.Label(site), got, ok)
						}
					}
				}
			}
		}
	}
}

func TestSiteAtOffsets(t *testing.T) {
	sq := board.NewSquare(8, 8)
	hex := board.NewHex(5)
	pts := board.NewPoints(5, 5)
	tests := []struct {
		name   string
		topo   *board.Topology
		site   string
		dx, dy float64 // offset from the site centre, in cells
		want   string  // "" for no site
	}{
		{"square centre", sq, "d4", 0, 0, "d4"},
		{"square near corner", sq, "d4", 0.45, -0.45, "d4"},
		{"square next cell", sq, "d4", 0.55, 0, "e4"},
		{"square above", sq, "d4", 0, -0.7, "d5"},
		{"square off board left", sq, "a1", -0.6, 0, ""},
		{"square off board below", sq, "a1", 0, 0.6, ""},
		{"hex inside flat side", hex, "e5", 0.45, 0, "e5"},
		{"hex near top corner", hex, "e5", 0, -0.55, "e5"},
		{"hex east neighbour", hex, "e5", 0.9, 0, "f5"},
		{"hex north-east neighbour", hex, "e5", 0.5, -0.85, "e6"},
		{"hex off board", hex, "a5", -0.7, 0, ""},
		{"point exact", pts, "c3", 0, 0, "c3"},
		{"point close", pts, "c3", 0.3, 0.3, "c3"},
		{"point nearer the next", pts, "c3", 0.7, 0, "d3"},
		{"point between diagonals", pts, "c3", 0.5, 0.5, ""},
		{"point off board", pts, "a1", -0.6, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, flipped := range []bool{false, true} {
				v := NewBoardView(testGame(rules.Checkered), tc.topo)
				v.SetBounds(image.Rect(0, 0, 500, 500))
				v.SetFlipped(flipped)
				s, err := tc.topo.Parse(tc.site)
				if err != nil {
					t.Fatal(err)
				}
				x, y := v.SiteCenter(s)
				dx, dy := tc.dx, tc.dy
				if flipped { // the offsets are meant as seen on the board, which is turned
					dx, dy = -dx, -dy
				}
				got, ok := v.SiteAt(x+dx*v.CellSize(), y+dy*v.CellSize())
				gotLabel := ""
				if ok {
					gotLabel = tc.topo.Label(got)
				}
				if gotLabel != tc.want {
					t.Errorf("flipped=%v: SiteAt = %q, want %q", flipped, gotLabel, tc.want)
				}
			}
		})
	}
}

func TestNeighbourDistanceIsCellSize(t *testing.T) {
	for _, bc := range boardCases() {
		v := NewBoardView(testGame(bc.style), bc.topo)
		v.SetBounds(image.Rect(0, 0, 700, 500))
		// Direction 0 (north on grids, east on hex boards) is one unit long on every board.
		for s := range bc.topo.Len() {
			n := bc.topo.Step(board.Site(s), 0)
			if n == board.NoSite {
				continue
			}
			x0, y0 := v.SiteCenter(board.Site(s))
			x1, y1 := v.SiteCenter(n)
			if d := math.Hypot(x1-x0, y1-y0); math.Abs(d-v.CellSize()) > 1e-6 {
				t.Fatalf("%s: neighbours %s-%s are %.3f px apart, CellSize %.3f",
					bc.name, bc.topo.Label(board.Site(s)), bc.topo.Label(n), d, v.CellSize())
			}
		}
	}
}

func TestFlipTurnsBoard(t *testing.T) {
	for _, bc := range boardCases() {
		v := NewBoardView(testGame(bc.style), bc.topo)
		v.SetBounds(image.Rect(0, 0, 600, 600))
		cx := float64(v.Rect().Min.X+v.Rect().Max.X) / 2
		cy := float64(v.Rect().Min.Y+v.Rect().Max.Y) / 2
		for s := range bc.topo.Len() {
			x, y := v.SiteCenter(board.Site(s))
			v.SetFlipped(true)
			fx, fy := v.SiteCenter(board.Site(s))
			v.SetFlipped(false)
			// A half turn about the board's centre.
			if math.Abs((x-cx)+(fx-cx)) > 1.01 || math.Abs((y-cy)+(fy-cy)) > 1.01 {
				t.Fatalf("%s: %s at (%.1f,%.1f), flipped (%.1f,%.1f), centre (%.1f,%.1f)",
					bc.name, bc.topo.Label(board.Site(s)), x, y, fx, fy, cx, cy)
			}
		}
	}
}

func TestLabelsOnFrame(t *testing.T) {
	for _, bc := range boardCases() {
		for _, flipped := range []bool{false, true} {
			l := newLayout(bc.topo)
			l.flipped = flipped
			if got := l.labels(bc.topo); got != nil {
				t.Errorf("%s: labels without coordinates: %v", bc.name, got)
			}
			l.setCoords(true)
			l.fit(image.Rect(0, 0, 800, 800))
			labels := l.labels(bc.topo)
			wantN := bc.topo.Width() + bc.topo.Height()
			if bc.topo.Kind() != board.Hex {
				wantN *= 2 // on all four edges
			}
			if len(labels) != wantN {
				t.Errorf("%s: %d labels, want %d", bc.name, len(labels), wantN)
			}
			cellReach := 0.5
			if bc.topo.Kind() == board.Hex {
				cellReach = hexRadius
			}
			frameCentre := point{(l.x0 + l.x1) / 2, (l.y0 + l.y1) / 2}
			for _, lb := range labels {
				// Outside every cell ...
				for s := range bc.topo.Len() {
					si := bc.topo.Info(board.Site(s))
					if d := math.Hypot(lb.at.x-si.X, lb.at.y-si.Y); d < cellReach+0.1 {
						t.Fatalf("%s: label %q at %v overlaps %s", bc.name, lb.text, lb.at, si.Label)
					}
				}
				// ... but on the frame.
				if lb.at.x < l.x0 || lb.at.x > l.x1 || lb.at.y < l.y0 || lb.at.y > l.y1 {
					t.Fatalf("%s: label %q at %v outside the frame", bc.name, lb.text, lb.at)
				}
				// Hex boards are read from the bottom and the right of the screen.
				p := l.toScreen(lb.at)
				c := l.toScreen(frameCentre)
				if bc.topo.Kind() == board.Hex && lb.text[0] >= '0' && lb.text[0] <= '9' && p.x < c.x {
					t.Fatalf("%s flipped=%v: rank label %q on the wrong side", bc.name, flipped, lb.text)
				}
			}
			if bc.topo.Kind() != board.Hex {
				// Every file on the top and the bottom edge, every rank on both sides.
				sides := map[string]int{}
				for _, lb := range labels {
					p, c := l.toScreen(lb.at), l.toScreen(frameCentre)
					edge := "left"
					switch {
					case lb.text[0] >= 'a' && p.y > c.y:
						edge = "bottom"
					case lb.text[0] >= 'a':
						edge = "top"
					case p.x > c.x:
						edge = "right"
					}
					sides[edge]++
				}
				w, h := bc.topo.Width(), bc.topo.Height()
				if sides["top"] != w || sides["bottom"] != w || sides["left"] != h || sides["right"] != h {
					t.Errorf("%s flipped=%v: labels per edge %v, want %d files top and bottom, %d ranks left and right", bc.name, flipped, sides, w, h)
				}
			}
		}
	}
}

func TestLabelParts(t *testing.T) {
	tests := []struct{ in, letter, number string }{
		{"a1", "a", "1"},
		{"h8", "h", "8"},
		{"aa12", "aa", "12"},
		{"", "", ""},
	}
	for _, tc := range tests {
		if got := letterOf(tc.in); got != tc.letter {
			t.Errorf("letterOf(%q) = %q, want %q", tc.in, got, tc.letter)
		}
		if got := numberOf(tc.in); got != tc.number {
			t.Errorf("numberOf(%q) = %q, want %q", tc.in, got, tc.number)
		}
	}
}

func TestEmptyBoundsDrawNothingAndHitNothing(t *testing.T) {
	v := NewBoardView(testGame(rules.Checkered), board.NewSquare(8, 8))
	v.SetBounds(image.Rectangle{})
	if _, ok := v.SiteAt(0, 0); ok {
		t.Error("SiteAt found a site on a board of size zero")
	}
}

// FuzzSiteAt checks hit-testing against its definition at arbitrary pixels: a site is
// reported only when the pixel lies in its cell, and no other site is nearer.
func FuzzSiteAt(f *testing.F) {
	f.Add(uint8(0), uint8(8), 100.0, 100.0, false)
	f.Add(uint8(1), uint8(5), 250.5, 250.5, true)
	f.Add(uint8(2), uint8(9), 13.0, 480.0, false)
	f.Fuzz(func(t *testing.T, kind, size uint8, x, y float64, flipped bool) {
		n := 2 + int(size%9)
		var topo *board.Topology
		switch kind % 3 {
		case 0:
			topo = board.NewSquare(n, n)
		case 1:
			topo = board.NewHex(n)
		default:
			topo = board.NewPoints(n, max(3, n-2))
		}
		v := NewBoardView(testGame(rules.Checkered), topo)
		v.SetBounds(image.Rect(0, 0, 500, 500))
		v.SetFlipped(flipped)
		s, ok := v.SiteAt(x, y)
		if !ok {
			return
		}
		cx, cy := v.SiteCenter(s)
		dx, dy := (x-cx)/v.CellSize(), (y-cy)/v.CellSize()
		switch topo.Kind() {
		case board.Square:
			if math.Abs(dx) > 0.5 || math.Abs(dy) > 0.5 {
				t.Fatalf("(%v,%v) is outside square %s", x, y, topo.Label(s))
			}
		case board.Hex:
			if math.Hypot(dx, dy) > hexRadius+1e-9 {
				t.Fatalf("(%v,%v) is outside hex %s", x, y, topo.Label(s))
			}
		default:
			if math.Hypot(dx, dy) > 0.5 {
				t.Fatalf("(%v,%v) is too far from point %s", x, y, topo.Label(s))
			}
		}
		d := math.Hypot(x-cx, y-cy)
		for o := range topo.Len() {
			ox, oy := v.SiteCenter(board.Site(o))
			if math.Hypot(x-ox, y-oy) < d-1e-9 {
				t.Fatalf("(%v,%v): %s is nearer than the reported %s", x, y, topo.Label(board.Site(o)), topo.Label(s))
			}
		}
	})
}
