package render

import (
	"image"
	"math"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/rules"
	"koma/rules/board"
)

// TestArrowRoute checks the routes arrows take on each kind of board: straight along a
// line of the board (a step, a slide, a jump, a diagonal where one is drawn), and else
// over neighbours with a turn, never straight across between points.
func TestArrowRoute(t *testing.T) {
	sq := board.NewSquare(8, 8)
	pts := board.NewPoints(5, 5)
	hex := board.NewHex(4)
	mid := hex.At(0, 0)
	if mid == board.NoSite {
		t.Fatal("no centre cell on the hex board")
	}
	step := func(s board.Site, ds ...board.Dir) board.Site {
		for _, d := range ds {
			s = hex.Step(s, d)
		}
		return s
	}
	tests := []struct {
		name string
		topo *board.Topology
		from board.Site
		to   board.Site
		// want is the route; nil asks only for a route of three sites whose corner is a
		// neighbour of both ends' lines (checked by steps below).
		want []board.Site
	}{
		{"square slide", sq, sq.MustParse("a1"), sq.MustParse("a6"), []board.Site{sq.MustParse("a1"), sq.MustParse("a6")}},
		{"square diagonal", sq, sq.MustParse("c1"), sq.MustParse("f4"), []board.Site{sq.MustParse("c1"), sq.MustParse("f4")}},
		{"square knight's move", sq, sq.MustParse("b1"), sq.MustParse("c3"), nil},
		{"points: jump along a drawn diagonal", pts, pts.MustParse("a1"), pts.MustParse("c3"), []board.Site{pts.MustParse("a1"), pts.MustParse("c3")}},
		{"points: no diagonal drawn from b1", pts, pts.MustParse("b1"), pts.MustParse("c2"), nil},
		{"points: orthogonal jump", pts, pts.MustParse("b1"), pts.MustParse("b3"), []board.Site{pts.MustParse("b1"), pts.MustParse("b3")}},
		{"hex line", hex, mid, step(mid, board.HexE, board.HexE), []board.Site{mid, step(mid, board.HexE, board.HexE)}},
		{"hex bend", hex, mid, step(mid, board.HexE, board.HexNE), nil},
		{"the same site", sq, sq.MustParse("d4"), sq.MustParse("d4"), []board.Site{sq.MustParse("d4")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := routeOn(tt.topo, tt.from, tt.to)
			if tt.want != nil {
				if !slices.Equal(got, tt.want) {
					t.Errorf("route %v, want %v", got, tt.want)
				}
				return
			}
			if len(got) != 3 || got[0] != tt.from || got[2] != tt.to {
				t.Fatalf("route %v, want from, one corner, to", got)
			}
			// Each leg of the route lies on a line of the board.
			for i := 0; i+1 < len(got); i++ {
				if r := routeOn(tt.topo, got[i], got[i+1]); len(r) != 2 {
					t.Errorf("leg %v-%v is not on a line of the board: %v", got[i], got[i+1], r)
				}
			}
		})
	}
}

// TestSiteArrowFollowsTheLines draws an arrow on a point board between two points that no
// line joins directly (b1 to c2; b1 has no diagonal) and checks that it runs along the
// lines: paint on the legs through the corner, none on the straight line between the
// ends, and the label's tile at the tail.
func TestSiteArrowFollowsTheLines(t *testing.T) {
	topo := board.NewPoints(5, 5)
	v := NewBoardView(testGame(rules.Plain), topo)
	v.SetBounds(image.Rect(0, 0, 400, 400))
	img := ebiten.NewImage(400, 400)
	defer img.Deallocate()
	a, b := topo.MustParse("b1"), topo.MustParse("c2")
	v.DrawSiteArrow(img, a, b, ArrowStyle{Colour: ArrowPlayer, Label: "1"})
	px := snapshot(img)
	route := v.ArrowRoute(a, b)
	if len(route) != 3 {
		t.Fatalf("route %v", route)
	}
	painted := func(x, y float64) bool { return px.RGBAAt(int(math.Round(x)), int(math.Round(y))).A > 0 }
	ax, ay := v.SiteCenter(a)
	bx, by := v.SiteCenter(b)
	cx, cy := v.SiteCenter(route[1])
	if painted((ax+bx)/2, (ay+by)/2) {
		t.Error("the arrow cuts straight across between the points")
	}
	// Three quarters along the second leg: past the label, before the head.
	if !painted(cx+(bx-cx)*0.4, cy+(by-cy)*0.4) {
		t.Error("nothing drawn along the second leg")
	}
	lx, ly := alongPolyline([]float64{ax, ay, cx, cy, bx, by}, arrowTail*v.CellSize())
	if c := px.RGBAAt(int(lx), int(ly)); c.A != 0xff {
		t.Errorf("the label's tile at (%.0f, %.0f) is %v, want opaque", lx, ly, c)
	}
}

// alongPolyline returns the point at distance d along the line through pts.
func alongPolyline(pts []float64, d float64) (x, y float64) {
	for i := 0; i+3 < len(pts); i += 2 {
		l := math.Hypot(pts[i+2]-pts[i], pts[i+3]-pts[i+1])
		if d <= l && l > 0 {
			f := d / l
			return pts[i] + (pts[i+2]-pts[i])*f, pts[i+1] + (pts[i+3]-pts[i+1])*f
		}
		d -= l
	}
	return pts[len(pts)-2], pts[len(pts)-1]
}
