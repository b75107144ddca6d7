package kit

import (
	"math/bits"
	"sync"

	"koma/rules/board"
)

// MaxHex128Size is the largest hex board, in cells per side, whose cells (127) fit a
// Set128.
const MaxHex128Size = 7

// HexClass returns the colour class, 0, 1 or 2, of the cell at axial coordinates (q, y):
// (q − y) mod 3. Neighbouring cells always differ in class, so each class is a pattern of
// cells none of which touch.
func HexClass(q, y int) int { return ((q-y)%3 + 3) % 3 }

// Hex128 holds the tables of the hex board of one size in two-word sets. It is immutable
// once built; Hex128Of shares one per size.
type Hex128 struct {
	// Size is the number of cells per side, Cells the number of cells.
	Size, Cells int
	// Board is the topology.
	Board *board.Topology
	// Nbr[c][d] is the cell next to c in direction d (board.HexE order), or -1.
	Nbr [][6]int16
	// NbrSet[c] is the set of c's neighbours.
	NbrSet []Set128
	// Class[k] holds the cells of colour class k (HexClass).
	Class [3]Set128
	// Ray[c][d] holds the cells c+k·d for k ≥ 1, Ray2 those for k ≥ 2.
	Ray, Ray2 [][6]Set128
	// Q[c] and Y[c] are the axial coordinates of c.
	Q, Y []int8
}

var hex128s [MaxHex128Size + 1]func() *Hex128

func init() {
	for n := MinHexSize; n <= MaxHex128Size; n++ {
		hex128s[n] = sync.OnceValue(func() *Hex128 { return newHex128(n) })
	}
}

// Hex128Of returns the shared tables of the board with n cells per side, MinHexSize ≤ n ≤
// MaxHex128Size.
func Hex128Of(n int) *Hex128 { return hex128s[n]() }

func newHex128(n int) *Hex128 {
	b := board.NewHex(n)
	t := &Hex128{Size: n, Cells: b.Len(), Board: b}
	t.Nbr = make([][6]int16, t.Cells)
	t.NbrSet = make([]Set128, t.Cells)
	t.Ray = make([][6]Set128, t.Cells)
	t.Ray2 = make([][6]Set128, t.Cells)
	t.Q = make([]int8, t.Cells)
	t.Y = make([]int8, t.Cells)
	for c := 0; c < t.Cells; c++ {
		info := b.Info(board.Site(c))
		t.Q[c], t.Y[c] = int8(info.Col), int8(info.Row)
		t.Class[HexClass(info.Col, info.Row)].Add(c)
		for d := 0; d < 6; d++ {
			t.Nbr[c][d] = -1
			a := b.Step(board.Site(c), board.Dir(d))
			if a == board.NoSite {
				continue
			}
			t.Nbr[c][d] = int16(a)
			t.NbrSet[c].Add(int(a))
			for k := 1; a != board.NoSite; k++ {
				t.Ray[c][d].Add(int(a))
				if k >= 2 {
					t.Ray2[c][d].Add(int(a))
				}
				a = b.Step(a, board.Dir(d))
			}
		}
	}
	return t
}

// Dist is the hex distance between two cells.
func (t *Hex128) Dist(a, b int) int {
	dq, dy := int(t.Q[a])-int(t.Q[b]), int(t.Y[a])-int(t.Y[b])
	return max(abs(dq), abs(dy), abs(dq+dy))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Group returns the group of own that contains cell c: the cells reached from c through
// neighbours in own.
func (t *Hex128) Group(own Set128, c int) Set128 {
	var g Set128
	g.Add(c)
	frontier := g
	for !frontier.Empty() {
		var next Set128
		for w := 0; w < 2; w++ {
			for x := frontier[w]; x != 0; x &= x - 1 {
				next = next.Or(t.NbrSet[w*64+bits.TrailingZeros64(x)])
			}
		}
		frontier = next.And(own).AndNot(g)
		g = g.Or(frontier)
	}
	return g
}

// Unified reports whether the non-empty set own is one group.
func (t *Hex128) Unified(own Set128) bool {
	if own.Empty() {
		return false
	}
	return t.Group(own, own.Lowest()) == own
}

// UnifiedAfter reports whether own, in which a piece has just arrived on to, is one
// group. A piece on to without a friendly neighbour is a group of its own, which settles
// most positions without a flood fill.
func (t *Hex128) UnifiedAfter(own Set128, to int) bool {
	if own.And(t.NbrSet[to]).Empty() {
		return own == Set128{}.With(to)
	}
	return t.Group(own, to) == own
}

// Largest returns the cells of own that belong to a group of the largest size (every
// such group when several tie), and that size.
func (t *Hex128) Largest(own Set128) (g Set128, size int) {
	rest := own
	for !rest.Empty() {
		grp := t.Group(own, rest.Lowest())
		rest = rest.AndNot(grp)
		switch n := grp.Count(); {
		case n > size:
			g, size = grp, n
		case n == size:
			g = g.Or(grp)
		}
	}
	return g, size
}
