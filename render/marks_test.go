package render

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/rules"
	"koma/rules/board"
)

// markedState is a fake position that also lists marks, as a game implementing rules.Marker
// would.
type markedState struct {
	*fakeState
	marks []rules.Mark
}

func (m *markedState) Marks(dst []rules.Mark) []rules.Mark { return append(dst, m.marks...) }
func (m *markedState) Clone() rules.State                  { c := *m; return &c }

// patch returns the pixels of the square of side 2r around (x, y), as a flat slice.
func patch(img *image.RGBA, x, y float64, r int) []int {
	var out []int
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			c := img.RGBAAt(int(x)+dx, int(y)+dy)
			out = append(out, int(c.R), int(c.G), int(c.B))
		}
	}
	return out
}

// TestEveryMarkKindIsDrawnDistinctly draws every kind of mark on every board style and
// checks that each changes its site and that no two kinds look alike: what each one changes,
// compared with the unmarked board, differs from what every other kind changes.
func TestEveryMarkKindIsDrawnDistinctly(t *testing.T) {
	type marked struct {
		label string
		mark  rules.Mark
	}
	boards := []struct {
		name  string
		style rules.Style
		topo  *board.Topology
		sites []string
	}{
		{"checkered", rules.Checkered, board.NewSquare(8, 8), []string{"a1", "c1", "e1", "g1", "a3", "c3", "e3", "g3", "a5"}},
		{"plain", rules.Plain, board.NewSquare(8, 8), []string{"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a3"}},
		{"hex", rules.HexCells, board.NewHex(4), []string{"d1", "e1", "f1", "g1", "c2", "d2", "e2", "f2", "g2"}},
		{"points", rules.Lines, board.NewPoints(5, 5), []string{"a1", "c1", "e1", "a3", "c3", "e3", "a5", "c5", "e5"}},
	}
	kinds := []rules.Mark{
		{Kind: rules.Throne, Owner: rules.NoPlayer},
		{Kind: rules.Escape, Owner: rules.NoPlayer},
		{Kind: rules.Goal, Owner: 0},
		{Kind: rules.Goal, Owner: 1},
		{Kind: rules.Ring, Owner: rules.NoPlayer},
		{Kind: rules.Visited, Owner: rules.NoPlayer},
		{Kind: rules.Forbidden, Owner: rules.NoPlayer},
		{Kind: rules.Paralysed, Owner: rules.NoPlayer},
	}
	for _, b := range boards {
		t.Run(b.name, func(t *testing.T) {
			plain := newFake(testGame(b.style), b.topo)
			var ms []marked
			for i, k := range kinds {
				k.Site = plain.site(b.sites[i])
				ms = append(ms, marked{b.sites[i], k})
				if k.Kind == rules.Paralysed {
					plain.put(b.sites[i], black) // a paralysed mark sits on a piece
				}
			}
			st := &markedState{fakeState: plain}
			for _, m := range ms {
				st.marks = append(st.marks, m.mark)
			}
			const size = 480
			before, v := drawBoard(t, plain, size, false, false, noDecorations)
			img := drawMarked(t, st, size)
			if dir := os.Getenv("KOMA_SHOTS"); dir != "" {
				savePNG(t, filepath.Join(dir, "marks-"+b.name+".png"), img)
			}
			r := int(v.CellSize() * 0.45)
			diffs := make([][]int, len(ms))
			for i, m := range ms {
				x, y := v.SiteCenter(m.mark.Site)
				a, z := patch(before, x, y, r), patch(img, x, y, r)
				changed := 0
				for j := range a {
					diffs[i] = append(diffs[i], z[j]-a[j])
					if abs(z[j]-a[j]) > 12 {
						changed++
					}
				}
				if changed < len(a)/100 {
					t.Errorf("%v on %s changes %d of %d channels: not visible", m.mark, m.label, changed, len(a))
				}
			}
			for i := range diffs {
				for j := i + 1; j < len(diffs); j++ {
					d := 0
					for k := range diffs[i] {
						d += abs(diffs[i][k] - diffs[j][k])
					}
					if d < len(diffs[i])*2 {
						t.Errorf("%v and %v look alike (difference %d)", ms[i].mark, ms[j].mark, d)
					}
				}
			}
		})
	}
}

// TestPositionalMarksCanBeHidden checks that HideMarks leaves out the marks of the position
// but keeps the board's special squares.
func TestPositionalMarksCanBeHidden(t *testing.T) {
	plain := newFake(testGame(rules.Plain), board.NewSquare(5, 5)).put("b2", black)
	st := &markedState{fakeState: plain, marks: []rules.Mark{
		{Site: plain.site("b2"), Kind: rules.Paralysed, Owner: rules.NoPlayer},
		{Site: plain.site("c3"), Kind: rules.Throne, Owner: rules.NoPlayer},
	}}
	bare, v := drawBoard(t, plain, 300, false, false, noDecorations)
	for _, hide := range []bool{false, true} {
		t.Run(fmt.Sprint("hide=", hide), func(t *testing.T) {
			img := ebitenDraw(t, st, 300, Decorations{Selected: board.NoSite, HideMarks: hide})
			r := int(v.CellSize() * 0.45)
			for _, c := range []struct {
				site  string
				shown bool
			}{{"b2", !hide}, {"c3", true}} {
				x, y := v.SiteCenter(plain.site(c.site))
				same := fmt.Sprint(patch(bare, x, y, r)) == fmt.Sprint(patch(img, x, y, r))
				if same == c.shown {
					t.Errorf("%s: mark shown %v, want %v", c.site, !same, c.shown)
				}
			}
		})
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ebitenDraw renders a marked position the way drawBoard renders a plain one.
func ebitenDraw(t *testing.T, st *markedState, size int, d Decorations) *image.RGBA {
	t.Helper()
	img := ebiten.NewImage(size, size)
	defer img.Deallocate()
	img.Fill(Background)
	v := NewBoardView(st.game, st.topo)
	v.SetShowCoords(false)
	v.SetBounds(image.Rect(0, 0, size, size))
	v.Draw(img, st, d)
	return snapshot(img)
}

func drawMarked(t *testing.T, st *markedState, size int) *image.RGBA {
	t.Helper()
	return ebitenDraw(t, st, size, noDecorations)
}

func savePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
