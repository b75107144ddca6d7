// Package board describes the geometry of every board Koma plays on: square grids,
// hexagon-shaped hex boards and alquerque-style point boards. A Topology is built once per
// variant, never changes, and is shared by the rules, the AI and the renderer, so all three
// agree on what a site is, where it is drawn and which sites are neighbours.
package board

import (
	"fmt"
	"strconv"
)

// Site indexes one place a piece can stand: a square, a hex cell or a line intersection.
type Site int16

// NoSite marks the absence of a site, for example a step off the edge of the board.
const NoSite Site = -1

// Dir indexes one of a topology's directions.
type Dir uint8

// Kind tells which family of board a topology belongs to.
type Kind uint8

// The board families.
const (
	// Square is a grid of square cells with eight directions (N, NE, E, SE, S, SW, W, NW).
	Square Kind = iota + 1
	// Hex is a hexagon-shaped board of pointy-topped hex cells with six directions.
	Hex
	// Points is an alquerque-style board: pieces stand on line intersections, orthogonal lines
	// join every point and diagonals run only through points whose coordinates sum to an even number.
	Points
)

// String names the kind for messages and tests.
func (k Kind) String() string {
	switch k {
	case Square:
		return "square"
	case Hex:
		return "hex"
	case Points:
		return "points"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Square-grid and point-board directions, in clockwise order from north.
const (
	N Dir = iota
	NE
	E
	SE
	S
	SW
	W
	NW
)

// Hex directions (axial coordinates, y growing upwards), counter-clockwise from east.
const (
	HexE Dir = iota
	HexNE
	HexNW
	HexW
	HexSW
	HexSE
)

// SiteInfo is what the renderer and the notation need to know about a site.
type SiteInfo struct {
	// Label is the site's name in move notation, such as "c3".
	Label string
	// Col and Row are grid coordinates: the file and rank on square and point boards (row 0 at
	// the bottom), and the axial q and y of a hex cell.
	Col, Row int
	// X and Y place the site's centre in board units, with Y growing downwards as on screen.
	// Square cells and hex cells are one unit wide; point boards have one unit between points.
	X, Y float64
}

// Topology is the immutable graph of one board.
type Topology struct {
	kind   Kind
	width  int // columns of a square or point board; 2N-1 for a hex board of side N
	height int // rows
	side   int // hex: cells per side; 0 otherwise
	sites  []SiteInfo
	dirs   []dirVec
	next   []Site // next[s*len(dirs)+d]
	lines  [][2]Site
	lookup map[string]Site
	// Extent of the layout in board units: every site centre lies in [MinX,MaxX]×[MinY,MaxY].
	minX, minY, maxX, maxY float64
}

type dirVec struct {
	name   string
	dc, dr int
}

// Kind reports the board family.
func (t *Topology) Kind() Kind { return t.kind }

// Width is the number of columns (square and point boards) or 2N-1 (hex boards of side N).
func (t *Topology) Width() int { return t.width }

// Height is the number of rows.
func (t *Topology) Height() int { return t.height }

// HexSide is the number of cells along one side of a hex board, or 0 for other kinds.
func (t *Topology) HexSide() int { return t.side }

// Len is the number of sites.
func (t *Topology) Len() int { return len(t.sites) }

// NumDirs is the number of directions: 8 on square and point boards, 6 on hex boards.
func (t *Topology) NumDirs() int { return len(t.dirs) }

// DirName names a direction ("N", "NE", ...).
func (t *Topology) DirName(d Dir) string { return t.dirs[d].name }

// Opposite returns the direction pointing the other way.
func (t *Topology) Opposite(d Dir) Dir {
	return Dir((int(d) + len(t.dirs)/2) % len(t.dirs))
}

// Info returns the description of site s.
func (t *Topology) Info(s Site) SiteInfo { return t.sites[s] }

// Label is the notation name of site s.
func (t *Topology) Label(s Site) string { return t.sites[s].Label }

// Step returns the neighbour of s in direction d, or NoSite when there is none. On point
// boards a diagonal step exists only along a drawn line.
func (t *Topology) Step(s Site, d Dir) Site { return t.next[int(s)*len(t.dirs)+int(d)] }

// Lines returns the drawn connections between neighbouring sites. Renderers draw them on
// point boards; every pair appears once, lower site first.
func (t *Topology) Lines() [][2]Site { return t.lines }

// Bounds returns the extent of the site centres in board units.
func (t *Topology) Bounds() (minX, minY, maxX, maxY float64) {
	return t.minX, t.minY, t.maxX, t.maxY
}

// Parse finds the site with the given label.
func (t *Topology) Parse(label string) (Site, error) {
	if s, ok := t.lookup[label]; ok {
		return s, nil
	}
	return NoSite, fmt.Errorf("board: no site %q", label)
}

// MustParse is Parse for a label written into a game's code, such as a setup point: an
// unknown one is a bug in that code, so it panics.
func (t *Topology) MustParse(label string) Site {
	s, err := t.Parse(label)
	if err != nil {
		panic(err)
	}
	return s
}

// At returns the site at grid coordinates (col, row), or NoSite. On hex boards col and row are
// the axial q and y.
func (t *Topology) At(col, row int) Site {
	switch t.kind {
	case Hex:
		r := t.side - 1
		if abs(col) > r || abs(row) > r || abs(col+row) > r {
			return NoSite
		}
		return t.lookup[hexLabel(col, row, r)]
	default:
		if col < 0 || row < 0 || col >= t.width || row >= t.height {
			return NoSite
		}
		return Site(row*t.width + col)
	}
}

// Distance is the number of single steps between two sites ignoring pieces: king-move distance
// on square and point grids, hex distance on hex boards.
func (t *Topology) Distance(a, b Site) int {
	ia, ib := t.sites[a], t.sites[b]
	dc, dr := ib.Col-ia.Col, ib.Row-ia.Row
	if t.kind == Hex {
		return max(abs(dc), abs(dr), abs(dc+dr))
	}
	return max(abs(dc), abs(dr))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// fileLetters names columns: a..z, then aa, ab, ... for very wide boards.
func fileLetters(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return fileLetters(i/26-1) + fileLetters(i%26)
}

func (t *Topology) finish() {
	t.lookup = make(map[string]Site, len(t.sites))
	for i, si := range t.sites {
		t.lookup[si.Label] = Site(i)
		if i == 0 || si.X < t.minX {
			t.minX = si.X
		}
		if i == 0 || si.Y < t.minY {
			t.minY = si.Y
		}
		if i == 0 || si.X > t.maxX {
			t.maxX = si.X
		}
		if i == 0 || si.Y > t.maxY {
			t.maxY = si.Y
		}
	}
	// Every neighbour pair becomes a drawn line, once, lower site first. Directions are
	// scanned in order so the list is deterministic.
	for s := range t.sites {
		for d := range t.dirs {
			n := t.next[s*len(t.dirs)+d]
			if n != NoSite && int(n) > s {
				t.lines = append(t.lines, [2]Site{Site(s), n})
			}
		}
	}
}

var squareDirs = []dirVec{
	{"N", 0, 1}, {"NE", 1, 1}, {"E", 1, 0}, {"SE", 1, -1},
	{"S", 0, -1}, {"SW", -1, -1}, {"W", -1, 0}, {"NW", -1, 1},
}

// NewSquare builds a w×h grid of square cells. Site index is row*w+col with row 0 at the
// bottom; labels are file letter plus rank number ("a1" bottom left). All eight directions
// are present; orthogonal games simply use N, E, S and W.
func NewSquare(w, h int) *Topology {
	t := newGrid(Square, w, h)
	for s := range t.sites {
		t.sites[s].X = float64(t.sites[s].Col) + 0.5
		t.sites[s].Y = float64(h-1-t.sites[s].Row) + 0.5
	}
	t.minX, t.minY = 0.5, 0.5
	t.finish()
	return t
}

// NewPoints builds an alquerque-style w×h point board. Orthogonal neighbours are always joined;
// diagonal neighbours are joined only between points whose col+row is even (a1 is such a
// point), which gives the 5×5 Alquerque board and the 9×5 Fanorona board.
func NewPoints(w, h int) *Topology {
	t := newGrid(Points, w, h)
	for s := range t.sites {
		info := &t.sites[s]
		info.X = float64(info.Col)
		info.Y = float64(h - 1 - info.Row)
		if (info.Col+info.Row)%2 != 0 {
			for _, d := range []Dir{NE, SE, SW, NW} {
				t.next[s*len(t.dirs)+int(d)] = NoSite
			}
		}
	}
	t.finish()
	return t
}

func newGrid(kind Kind, w, h int) *Topology {
	t := &Topology{kind: kind, width: w, height: h, dirs: squareDirs}
	t.sites = make([]SiteInfo, w*h)
	t.next = make([]Site, w*h*len(t.dirs))
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			s := r*w + c
			t.sites[s] = SiteInfo{Label: fileLetters(c) + strconv.Itoa(r+1), Col: c, Row: r}
			for d, v := range t.dirs {
				nc, nr := c+v.dc, r+v.dr
				n := NoSite
				if nc >= 0 && nr >= 0 && nc < w && nr < h {
					n = Site(nr*w + nc)
				}
				t.next[s*len(t.dirs)+d] = n
			}
		}
	}
	return t
}

var hexDirs = []dirVec{
	{"E", 1, 0}, {"NE", 0, 1}, {"NW", -1, 1},
	{"W", -1, 0}, {"SW", 0, -1}, {"SE", 1, -1},
}

// NewHex builds a hexagon-shaped board with n cells on each side (3n²-3n+1 cells). Cells are
// pointy-topped and sit in horizontal rows. Col and Row of a site are its axial coordinates
// q and y (y grows upwards, the centre is (0,0)). Sites are numbered row by row from the
// bottom, left to right. Labels follow the Hex/Havannah convention: the letter is q+n-1 and
// is constant along SW–NE lines, the number is the row counted from the bottom.
func NewHex(n int) *Topology {
	r := n - 1
	t := &Topology{kind: Hex, width: 2*n - 1, height: 2*n - 1, side: n, dirs: hexDirs}
	const rowHeight = 0.8660254037844386 // √3/2: distance between hex rows, cell width 1
	for y := -r; y <= r; y++ {
		for q := -r; q <= r; q++ {
			if abs(q+y) > r {
				continue
			}
			t.sites = append(t.sites, SiteInfo{
				Label: hexLabel(q, y, r), Col: q, Row: y,
				X: float64(q) + float64(y)/2, Y: -float64(y) * rowHeight,
			})
		}
	}
	index := make(map[[2]int]Site, len(t.sites))
	for i, si := range t.sites {
		index[[2]int{si.Col, si.Row}] = Site(i)
	}
	t.next = make([]Site, len(t.sites)*len(t.dirs))
	for i, si := range t.sites {
		for d, v := range t.dirs {
			n, ok := index[[2]int{si.Col + v.dc, si.Row + v.dr}]
			if !ok {
				n = NoSite
			}
			t.next[i*len(t.dirs)+d] = n
		}
	}
	t.finish()
	return t
}

func hexLabel(q, y, r int) string { return fileLetters(q+r) + strconv.Itoa(y+r+1) }
