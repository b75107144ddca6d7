package tiptoe

import (
	"encoding/binary"
	"fmt"
	"maps"
	"math/bits"
	"slices"
	"sync"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/kit"
)

const gameID = "tiptoe"

// The option values. topologies and sizes are in the order the app offers them.
var (
	topologies = []string{"orthogonal", "diagonal", "hex"}
	sizes      = []string{"small", "medium", "large", "huge"}
	// squareSide and hexSide give each size its board: cells along a side of the square,
	// cells along each of the hexagon's six sides.
	squareSide = [...]int{6, 8, 10, 11}
	hexSide    = [...]int{3, 4, 5, 6}
)

// Game is the definition card of Tiptoe.
var Game = &rules.Game{
	ID:    gameID,
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.Plain,
	Looks: []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{
		{Key: "topology", Values: topologies, Default: "orthogonal"},
		{Key: "size", Values: sizes, Default: "medium"},
	},
	Presets: []string{"", "topology=diagonal", "topology=hex"},
	// Every turn fills a cell, so no game outlasts the largest board (121 cells); the
	// bound is only a safety net for tools that require one.
	MaxTurns: maxCells + 1,
	New:      newState,
	// Tree search and alpha-beta measured even at Expert (5 – 7 and 11 – 9), and tree
	// search plays Stoic, the other game decided by who runs out of points. The evaluation
	// counts the points each side's groups reach, a measure written for the orthogonal
	// board: on the diagonal and hex boards Expert plays better with playouts to the end
	// (diagonal 77% against plain search, 62% with it; hex 87% against Hard, 73% with it),
	// with a narrower exploration there, and on the diagonal board the all-moves statistics
	// trusted up to 100 visits. The blurred levels keep blurring the evaluation everywhere,
	// which is what weakens them.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Engine: rules.TreeEngine},
		Blurred: rules.SearchTuning{Engine: rules.TreeEngine},
		Presets: []rules.PresetTuning{
			{
				Options: rules.Options{"topology": "diagonal"},
				Full:    rules.SearchTuning{Engine: rules.TreeEngine, Unevaluated: true, Exploration: 0.2, AllMovesVisits: 100},
				Blurred: rules.SearchTuning{Engine: rules.TreeEngine},
			},
			{
				Options: rules.Options{"topology": "hex"},
				Full:    rules.SearchTuning{Engine: rules.TreeEngine, Unevaluated: true, Exploration: 0.15},
				Blurred: rules.SearchTuning{Engine: rules.TreeEngine},
			},
		},
	},
}

const (
	// maxCells is the size of the internal grid of the largest boards: 11×11 squares, or
	// the 11×11 grid that holds the hexagon of 6 a side.
	maxCells = 121
	// maxClass is the largest group size that can still reach anywhere: a group must step
	// as many cells as it has pieces in a straight line, and no line of any board has more
	// than 11 cells, so 10 steps at most.
	maxClass = 10
	// normal is the value of State.setup once the setup placements are done.
	normal = 4
)

// cells is a set of cells of the internal grid, bit i standing for cell i: the kit's pair
// of words, which covers the 121 cells of the largest boards (11×11, and the hexagon of 6
// a side embedded in an 11×11 grid), so every variant shares one code path the compiler
// keeps in registers.
type cells = kit.PairSet

// dirStep is one direction of the internal grid: the change k of the cell index, and the
// cells that may take the step without leaving the board sideways (wrapping round to the
// other edge of the grid).
type dirStep struct {
	k   int
	pre cells
}

// variant is the immutable data shared by every position of one topology and size.
type variant struct {
	topology int // index into topologies
	side     int
	topo     *board.Topology
	opts     rules.Options
	// The internal grid has w columns and w rows; a square board fills it, a hexagon of
	// side n sits in it by axial coordinates (column q+n-1, row y+n-1) and leaves two
	// corners unused.
	w     int
	valid cells
	dirs  []dirStep
	// nbr[c] holds the neighbours of cell c, the cells that join a group with it.
	nbr [maxCells]cells
	// siteOf maps a cell to its board site (board.NoSite off the board); cellOf the reverse.
	siteOf [maxCells]board.Site
	cellOf []int16
	// reach is the largest group size that can still place: the longest line of the
	// board has reach+1 cells.
	reach int
	keys  board.Zobrist
	// single is true when the board fits in one word (every preset: 8×8, and the hexagon
	// of 4 a side in a 7×7 grid); reached then works on that word alone. lsh and rsh are
	// the directions' steps as left and right shifts, one of them zero.
	single   bool
	lsh, rsh [8]uint
	// pre1 is the directions' pre masks in one word; directions beyond the topology's
	// have none, so their walks stay empty.
	pre1 [8]uint64
}

// sideKey is the Zobrist key toggled when Black is to move; piece keys follow it.
const sideKey = 0

func (v *variant) pieceKey(c int, p rules.Player) uint64 { return v.keys[1+2*c+int(p)] }

var variants [3][4]func() *variant

func init() {
	for t := range topologies {
		for z := range sizes {
			variants[t][z] = sync.OnceValue(func() *variant { return buildVariant(t, z) })
		}
	}
}

func buildVariant(t, z int) *variant {
	v := &variant{topology: t, opts: rules.Options{"topology": topologies[t], "size": sizes[z]}}
	var deltas [][2]int // (dcol, drow) of the internal grid
	if topologies[t] == "hex" {
		v.side = hexSide[z]
		v.topo = board.NewHex(v.side)
		v.w = 2*v.side - 1
		// board.NewHex's directions E, NE, NW, W, SW, SE in axial (q, y).
		deltas = [][2]int{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}
		v.reach = 2*v.side - 2
	} else {
		v.side = squareSide[z]
		v.topo = board.NewSquare(v.side, v.side)
		v.w = v.side
		deltas = [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
		if topologies[t] == "diagonal" {
			deltas = append(deltas, [2]int{1, 1}, [2]int{1, -1}, [2]int{-1, -1}, [2]int{-1, 1})
		}
		v.reach = v.side - 1
	}
	w := v.w
	for c := range v.siteOf {
		v.siteOf[c] = board.NoSite
	}
	v.cellOf = make([]int16, v.topo.Len())
	for s := range v.topo.Len() {
		info := v.topo.Info(board.Site(s))
		col, row := info.Col, info.Row
		if v.topo.Kind() == board.Hex {
			col, row = col+v.side-1, row+v.side-1
		}
		c := row*w + col
		v.cellOf[s] = int16(c)
		v.siteOf[c] = board.Site(s)
		v.valid = v.valid.Or(kit.PairBit(c))
	}
	var firstCol, lastCol cells
	for r := range w {
		firstCol = firstCol.Or(kit.PairBit(r * w))
		lastCol = lastCol.Or(kit.PairBit(r*w + w - 1))
	}
	for _, d := range deltas {
		pre := v.valid
		switch {
		case d[0] > 0:
			pre = pre.AndNot(lastCol)
		case d[0] < 0:
			pre = pre.AndNot(firstCol)
		}
		v.dirs = append(v.dirs, dirStep{k: d[1]*w + d[0], pre: pre})
	}
	v.single = v.valid.Hi == 0
	for i, d := range v.dirs {
		v.pre1[i] = d.pre.Lo
		if d.k >= 0 {
			v.lsh[i] = uint(d.k)
		} else {
			v.rsh[i] = uint(-d.k)
		}
	}
	for c := range maxCells {
		if !v.valid.Has(c) {
			continue
		}
		b := kit.PairBit(c)
		for _, d := range v.dirs {
			v.nbr[c] = v.nbr[c].Or(b.And(d.pre).Shift(d.k).And(v.valid))
		}
	}
	v.keys = board.NewZobrist(gameID+":"+topologies[t]+":"+sizes[z], 1+2*maxCells)
	return v
}

// State is a Tiptoe position.
type State struct {
	rules.Status
	v *variant
	// occ holds each player's pieces.
	occ [2]cells
	// class[p][k] holds p's pieces whose group has exactly k pieces, for k up to the
	// variant's reach; pieces of larger groups reach nowhere and are in no class.
	class [2][maxClass + 1]cells
	// open holds the cells the player to move may place on; it is empty once the game is
	// over.
	open cells
	// setup counts the setup placements made, up to normal: White's, Black's two, White's.
	setup uint8
}

func newState(opts rules.Options) (rules.State, error) {
	t := slices.Index(topologies, opts.Get("topology"))
	z := slices.Index(sizes, opts.Get("size"))
	if t < 0 || z < 0 {
		return nil, fmt.Errorf("tiptoe: options %v: %w", opts, rules.ErrIllegalMove)
	}
	s := &State{v: variants[t][z]()}
	s.open = s.v.valid
	s.Zobrist = s.ComputeHash()
	return s, nil
}

// Game returns the Tiptoe definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns a copy of the options, so that callers cannot change the shared ones.
func (s *State) Variant() rules.Options { return maps.Clone(s.v.opts) }

// Board returns the board of the position's topology and size.
func (s *State) Board() *board.Topology { return s.v.topo }

// MidTurn reports whether Black is about to place its second setup piece: the only turn of
// the game with two decisions.
func (s *State) MidTurn() bool { return s.setup == 2 }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, another Tiptoe state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes Hash from the pieces and the player to move. The setup step and
// the legal placements follow from them, so they need no keys of their own.
func (s *State) ComputeHash() uint64 {
	var h uint64
	if s.Turn == 1 {
		h = s.v.keys[sideKey]
	}
	for p := range 2 {
		for c := range maxCells {
			if s.occ[p].Has(c) {
				h ^= s.v.pieceKey(c, rules.Player(p))
			}
		}
	}
	return h
}

// AppendKey appends the variant, the player to move, the setup step, the end flag and both
// players' pieces.
func (s *State) AppendKey(dst []byte) []byte {
	over := byte(0)
	if s.Over {
		over = 1
	}
	dst = append(dst, byte(s.v.topology), byte(s.v.side), byte(s.Turn), s.setup, over)
	for p := range s.occ {
		dst = binary.LittleEndian.AppendUint64(dst, s.occ[p].Lo)
		dst = binary.LittleEndian.AppendUint64(dst, s.occ[p].Hi)
	}
	return dst
}

// Outcome reports the winner once the player to move cannot place.
func (s *State) Outcome() (rules.Outcome, bool) {
	if !s.Over {
		return rules.Outcome{}, false
	}
	return rules.Outcome{Winner: s.Turn.Other(), Reason: "no-moves"}, true
}

// Pieces appends the piece on site, if any.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	if site < 0 || int(site) >= len(s.v.cellOf) {
		return dst
	}
	c := int(s.v.cellOf[site])
	for p := range 2 {
		if s.occ[p].Has(c) {
			return append(dst, rules.Piece{Owner: rules.Player(p)})
		}
	}
	return dst
}

// placement is the move that places on site, exactly as LegalMoves writes it.
func placement(site board.Site) rules.Move {
	return rules.Move{Kind: rules.Place, Len: 1, Path: [rules.MaxPath]board.Site{site}}
}

// LegalMoves appends a placement for every open cell, in site order (cells and sites are
// both numbered row by row from the bottom, left to right).
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	n := s.open.Count()
	k := len(dst)
	dst = slices.Grow(dst, n)[:k+n]
	for o := s.open; !o.Empty(); {
		c := o.Lowest()
		o = o.AndNot(kit.PairBit(c))
		dst[k] = placement(s.v.siteOf[c])
		k++
	}
	return dst
}

// Apply plays m. The interface gives Apply no way to report an error, so a move that is not
// legal leaves the state unchanged; rules.Play reports such moves.
func (s *State) Apply(m rules.Move) {
	site := m.Path[0]
	if s.Over || m.Kind != rules.Place || m.Len != 1 || site < 0 || int(site) >= len(s.v.cellOf) {
		return
	}
	c := int(s.v.cellOf[site])
	if !s.open.Has(c) {
		return
	}
	p := s.Turn
	s.place(p, c)
	next := p.Other()
	switch s.setup {
	case 0, 2:
		s.setup++
	case 1, 3:
		// Black's second setup piece and White's first normal placement follow at once.
		s.setup++
		next = p
	}
	if next != p {
		s.Zobrist ^= s.v.keys[sideKey]
	}
	s.Turn = next
	if s.setup < normal {
		s.open = s.v.valid.AndNot(s.occ[0].Or(s.occ[1]))
		return
	}
	s.open = s.reached(next)
	s.Over = s.open.Empty()
}

// place puts a piece of p on the empty cell c and files the group it joins under its new
// size.
func (s *State) place(p rules.Player, c int) {
	v := s.v
	b := kit.PairBit(c)
	s.occ[p] = s.occ[p].Or(b)
	s.Zobrist ^= v.pieceKey(c, p)
	if v.single {
		s.place1(p, c)
		return
	}
	own := s.occ[p]
	if v.nbr[c].And(own).Empty() {
		s.class[p][1] = s.class[p][1].Or(b)
		return
	}
	// The group is every own piece connected to c: grow it neighbour by neighbour.
	group, todo := b, b
	for !todo.Empty() {
		i := todo.Lowest()
		todo = todo.AndNot(kit.PairBit(i))
		add := v.nbr[i].And(own).AndNot(group)
		group = group.Or(add)
		todo = todo.Or(add)
	}
	for k := 1; k <= v.reach; k++ {
		s.class[p][k] = s.class[p][k].AndNot(group)
	}
	if n := group.Count(); n <= v.reach {
		s.class[p][n] = group.Or(s.class[p][n])
	}
}

// reached returns the empty cells p may place on: those exactly k straight steps from a
// piece of p whose group has k pieces, every cell passed on the way empty. For each
// direction it walks all groups at once: the pieces of the largest class set out first,
// and each smaller class joins when as many steps remain as its size, so every piece
// lands after exactly its own size in steps, and a walker stops on any piece.
func (s *State) reached(p rules.Player) cells {
	v := s.v
	if v.single {
		return cells{Lo: s.reached1(p)}
	}
	empty := v.valid.AndNot(s.occ[0].Or(s.occ[1]))
	top := 0
	for k := v.reach; k >= 1; k-- {
		if !s.class[p][k].Empty() {
			top = k
			break
		}
	}
	var out cells
	for _, d := range v.dirs {
		var walk cells
		for k := top; k >= 1; k-- {
			walk = walk.Or(s.class[p][k])
			walk = walk.And(d.pre).Shift(d.k).And(empty)
		}
		out = out.Or(walk)
	}
	return out
}

// reached1 is reached for boards of one word. The walkers of all directions advance
// together, step by step, so that each class is loaded once and the independent walks
// overlap in the processor; unused directions have no cells to start from.
func (s *State) reached1(p rules.Player) uint64 {
	v := s.v
	empty := v.valid.Lo &^ (s.occ[0].Lo | s.occ[1].Lo)
	cls := &s.class[p]
	top := 0
	for k := v.reach; k >= 1; k-- {
		if cls[k].Lo != 0 {
			top = k
			break
		}
	}
	p0, p1, p2, p3 := v.pre1[0], v.pre1[1], v.pre1[2], v.pre1[3]
	l0, l1, l2, l3 := v.lsh[0], v.lsh[1], v.lsh[2], v.lsh[3]
	r0, r1, r2, r3 := v.rsh[0], v.rsh[1], v.rsh[2], v.rsh[3]
	var w0, w1, w2, w3 uint64
	if len(v.dirs) == 4 {
		for k := top; k >= 1; k-- {
			c := cls[k].Lo
			w0 = (w0 | c) & p0 << l0 >> r0 & empty
			w1 = (w1 | c) & p1 << l1 >> r1 & empty
			w2 = (w2 | c) & p2 << l2 >> r2 & empty
			w3 = (w3 | c) & p3 << l3 >> r3 & empty
		}
		return w0 | w1 | w2 | w3
	}
	p4, p5, p6, p7 := v.pre1[4], v.pre1[5], v.pre1[6], v.pre1[7]
	l4, l5, l6, l7 := v.lsh[4], v.lsh[5], v.lsh[6], v.lsh[7]
	r4, r5, r6, r7 := v.rsh[4], v.rsh[5], v.rsh[6], v.rsh[7]
	var w4, w5, w6, w7 uint64
	for k := top; k >= 1; k-- {
		c := cls[k].Lo
		w0 = (w0 | c) & p0 << l0 >> r0 & empty
		w1 = (w1 | c) & p1 << l1 >> r1 & empty
		w2 = (w2 | c) & p2 << l2 >> r2 & empty
		w3 = (w3 | c) & p3 << l3 >> r3 & empty
		w4 = (w4 | c) & p4 << l4 >> r4 & empty
		w5 = (w5 | c) & p5 << l5 >> r5 & empty
		w6 = (w6 | c) & p6 << l6 >> r6 & empty
		w7 = (w7 | c) & p7 << l7 >> r7 & empty
	}
	return w0 | w1 | w2 | w3 | w4 | w5 | w6 | w7
}

// place1 is the grouping part of place for boards of one word.
func (s *State) place1(p rules.Player, c int) {
	v := s.v
	b := uint64(1) << uint(c)
	own := s.occ[p].Lo
	cls := &s.class[p]
	if v.nbr[c].Lo&own == 0 {
		cls[1].Lo |= b
		return
	}
	group, todo := b, b
	for todo != 0 {
		i := bits.TrailingZeros64(todo)
		todo &= todo - 1
		add := v.nbr[i].Lo & own &^ group
		group |= add
		todo |= add
	}
	// The groups joined were each smaller than the new one, so only smaller classes
	// lose pieces.
	n := bits.OnesCount64(group)
	for k := 1; k < n && k <= v.reach; k++ {
		cls[k].Lo &^= group
	}
	if n <= v.reach {
		cls[n].Lo |= group
	}
}
