package tafl

// The tables of the three boards: layouts, geometry and the reach of a move along a line,
// built once per variant and shared by all its positions.

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"koma/rules"
	"koma/rules/board"
)

// The layouts, top rank first: A attacker, D defender, K the king (on the throne).
const (
	tablutLayout = `
		. . . A A A . . .
		. . . . A . . . .
		. . . . D . . . .
		A . . . D . . . A
		A A D D K D D A A
		A . . . D . . . A
		. . . . D . . . .
		. . . . A . . . .
		. . . A A A . . .`
	brandubLayout = `
		. . . A . . .
		. . . A . . .
		. . . D . . .
		A A D K D A A
		. . . D . . .
		. . . A . . .
		. . . A . . .`
	ardriLayout = `
		. . A A A . .
		. . . A . . .
		A . D D D . A
		A A D K D A A
		A . D D D . A
		. . . A . . .
		. . A A A . .`
)

// bitset is a set of sites, bit i for site i (row*n+col); two words cover 81 sites.
type bitset struct{ lo, hi uint64 }

func (b *bitset) flip(i int) {
	if i < 64 {
		b.lo ^= 1 << uint(i)
	} else {
		b.hi ^= 1 << uint(i-64)
	}
}

func (b bitset) has(i int) bool {
	if i < 64 {
		return b.lo>>uint(i)&1 != 0
	}
	return b.hi>>uint(i-64)&1 != 0
}

func (b bitset) count() int { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

// variant is the immutable data shared by every position of one game and option set.
type variant struct {
	game  *rules.Game
	opts  rules.Options
	index uint8 // distinguishes variants in keys
	n     int
	cells int
	topo  *board.Topology
	// zob holds a key per piece kind and site ((contents-1)*cells+site), then the key for
	// the defenders to move.
	zob board.Zobrist
	// keys[k][s] is zob's key for contents k on site s (zero for empty), and sideKey the
	// key for the defenders to move: fixed arrays that Apply indexes without a multiply.
	keys    [4][maxN * maxN]uint64
	sideKey uint64
	throne  int
	// corners is true in the 7×7 games: the corners are escapes, entered only by the king,
	// hostile to soldiers of both sides, and where the king wins.
	corners bool
	step    bool
	// scale is the evaluation's scale for this game (eval.go).
	scale float64
	// win holds the squares where the king wins: the corners, or Tablut's edge.
	win bitset
	// forbidRow[r] and forbidCol[c] hold the squares of row r (as column bits) and of
	// column c (as row bits) where a soldier may not stop: the throne and the escapes.
	forbidRow, forbidCol [maxN]uint16
	// reach[pos][occ] holds the squares of a line a piece on pos can move to when the
	// line's occupied squares are occ.
	reach *[maxN][1 << maxN]uint16
	// geo[s] holds the row and column of site s and the squares of its column and row
	// where a soldier may not stop, so that the hot paths never divide.
	geo [maxN * maxN]geometry
	// nb[s][d] is the neighbour of site s in direction d, or -1 off the board.
	nb    [maxN * maxN][numDirs]int8
	start [maxN * maxN]uint8
	// count holds the number of soldiers each side starts with.
	count [2]int
	marks []rules.Mark
	// adj[s] holds the neighbours of site s: a move captures nothing unless an enemy
	// stands on one of them, which skips the capture tests for most moves.
	adj [maxN * maxN]bitset
	// far[s] holds the squares two steps from s in a straight line, where the other side
	// of an enclosure stands: without a piece of the mover or a hostile square there, the
	// capture tests are skipped too.
	far [maxN * maxN]bitset
	// hostile holds the corners in the 7×7 games; the empty throne is added when needed.
	hostile bitset
	// one is true on the 7×7 boards, whose 49 sites fit one word: their moves are found for
	// a whole side at once by shifting that word (see moves.go).
	one bool
	// The masks of the one-word boards: every site, the sites where a soldier may stop (not
	// the throne, not a corner), and every site but those of the first and of the last
	// column, from which a sideways shift of the board would wrap to the next row.
	all, stop, notFirst, notLast uint64
	// inner is notFirst&notLast, the inner columns, and throneBit the throne as a set.
	inner, throneBit uint64
	// ray[d][s] holds the sites beyond s in direction d (stepDown...), on one-word boards.
	ray [4][64]uint64
	// delta[d] is the site offset of a one-square move in direction d (stepDown...).
	delta [4]int
}

// geometry is what the move generator needs to know about one site.
type geometry struct {
	r, f   uint8
	fc, fr uint16 // forbidCol[f] and forbidRow[r]
}

func (v *variant) isCorner(s int) bool {
	if !v.corners {
		return false
	}
	return s == 0 || s == v.n-1 || s == v.cells-v.n || s == v.cells-1
}

var (
	tablutVariant  = newVariant(Tablut, rules.Options{}, 0, 9, tablutLayout, false, false)
	brandubVariant = newVariant(Brandub, rules.Options{}, 1, 7, brandubLayout, true, false)
	ardriVariants  = [2]*variant{
		newVariant(ArdRi, rules.Options{"move": "rook"}, 2, 7, ardriLayout, true, false),
		newVariant(ArdRi, rules.Options{"move": "step"}, 3, 7, ardriLayout, true, true),
	}
	reachTables = [2]*[maxN][1 << maxN]uint16{buildReach(false), buildReach(true)}
)

func init() {
	Tablut.New = func(rules.Options) (rules.State, error) { return newState(tablutVariant), nil }
	Brandub.New = func(rules.Options) (rules.State, error) { return newState(brandubVariant), nil }
	ArdRi.New = func(o rules.Options) (rules.State, error) {
		i := slices.Index([]string{"rook", "step"}, o.Get("move"))
		if i < 0 {
			return nil, fmt.Errorf("ardri: move %q: %w", o.Get("move"), errOption)
		}
		return newState(ardriVariants[i]), nil
	}
}

// buildReach fills reach for every line length up to maxN at once: a line shorter than
// maxN simply never has the high bits set, so the same table serves every board.
func buildReach(step bool) *[maxN][1 << maxN]uint16 {
	var t [maxN][1 << maxN]uint16
	for pos := 0; pos < maxN; pos++ {
		for occ := 0; occ < 1<<maxN; occ++ {
			var m uint16
			for _, d := range []int{-1, 1} {
				for q := pos + d; q >= 0 && q < maxN && occ>>q&1 == 0; q += d {
					m |= 1 << q
					if step {
						break
					}
				}
			}
			t[pos][occ] = m
		}
	}
	return &t
}

func newVariant(g *rules.Game, opts rules.Options, index uint8, n int, layout string, corners, step bool) *variant {
	v := &variant{game: g, opts: opts, index: index, n: n, cells: n * n, corners: corners, step: step, scale: scale}
	if g == ArdRi {
		v.scale = ardriScale
	}
	v.topo = board.NewSquare(n, n)
	v.zob = board.NewZobrist(g.ID, 3*n*n+1)
	for k := attacker; k <= king; k++ {
		for c := 0; c < n*n; c++ {
			v.keys[k][c] = v.zob[int(k-1)*n*n+c]
		}
	}
	v.sideKey = v.zob[3*n*n]
	v.throne = (n/2)*n + n/2
	v.reach = reachTables[0]
	if step {
		v.reach = reachTables[1]
	}
	mid := n / 2
	v.forbidRow[mid] |= 1 << mid
	v.forbidCol[mid] |= 1 << mid
	for s := 0; s < v.cells; s++ {
		r, c := s/n, s%n
		if corners && v.isCorner(s) {
			v.win.flip(s)
			v.forbidRow[r] |= 1 << c
			v.forbidCol[c] |= 1 << r
		}
		if !corners && (r == 0 || c == 0 || r == n-1 || c == n-1) {
			v.win.flip(s)
		}
		for d := 0; d < numDirs; d++ {
			v.nb[s][d] = -1
		}
		if r+1 < n {
			v.nb[s][north] = int8(s + n)
		}
		if c+1 < n {
			v.nb[s][east] = int8(s + 1)
		}
		if r > 0 {
			v.nb[s][south] = int8(s - n)
		}
		if c > 0 {
			v.nb[s][west] = int8(s - 1)
		}
	}
	for s := 0; s < v.cells; s++ {
		r, c := s/n, s%n
		v.geo[s] = geometry{r: uint8(r), f: uint8(c), fc: v.forbidCol[c], fr: v.forbidRow[r]}
		for d := 0; d < numDirs; d++ {
			if a := v.nb[s][d]; a >= 0 {
				v.adj[s].flip(int(a))
				if b := v.nb[a][d]; b >= 0 {
					v.far[s].flip(int(b))
				}
			}
		}
		if v.isCorner(s) {
			v.hostile.flip(s)
		}
	}
	v.delta = [4]int{stepDown: -n, stepUp: n, stepLeft: -1, stepRight: 1}
	if v.cells <= 64 {
		if n != small {
			panic("tafl: the one-word move generator knows only 7×7 boards")
		}
		v.one = true
		for s := 0; s < v.cells; s++ {
			b := uint64(1) << uint(s)
			v.all |= b
			if s != v.throne && !v.isCorner(s) {
				v.stop |= b
			}
			if s%n != 0 {
				v.notFirst |= b
			}
			if s%n != n-1 {
				v.notLast |= b
			}
			if s == v.throne {
				v.throneBit = b
			}
			for d, dir := range [4]int{stepDown: south, stepUp: north, stepLeft: west, stepRight: east} {
				for a := v.nb[s][dir]; a >= 0; a = v.nb[a][dir] {
					v.ray[d][s] |= 1 << uint(a)
				}
			}
		}
		v.inner = v.notFirst & v.notLast
	} else if step {
		panic("tafl: one-square moves need a board of at most 64 sites")
	}
	rows := splitLayout(layout)
	if len(rows) != n {
		panic(fmt.Sprintf("tafl: %s layout has %d rows", g.ID, len(rows)))
	}
	for i, row := range rows {
		if len(row) != n {
			panic(fmt.Sprintf("tafl: %s layout row %d has %d cells", g.ID, i, len(row)))
		}
		for c, tok := range row {
			v.start[(n-1-i)*n+c] = map[string]uint8{".": empty, "A": attacker, "D": defender, "K": king}[tok]
		}
	}
	for s := 0; s < v.cells; s++ {
		switch v.start[s] {
		case attacker:
			v.count[attackers]++
		case defender:
			v.count[defenders]++
		}
		switch {
		case s == v.throne:
			v.marks = append(v.marks, rules.Mark{Site: board.Site(s), Kind: rules.Throne, Owner: rules.NoPlayer})
		case v.win.has(s):
			v.marks = append(v.marks, rules.Mark{Site: board.Site(s), Kind: rules.Escape, Owner: defenders})
		}
	}
	return v
}

func splitLayout(layout string) [][]string {
	var rows [][]string
	for _, line := range strings.Split(layout, "\n") {
		if row := strings.Fields(line); len(row) > 0 {
			rows = append(rows, row)
		}
	}
	return rows
}
