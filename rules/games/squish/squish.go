package squish

import (
	"encoding/binary"
	"fmt"
	"maps"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"sync"

	"koma/rules"
	"koma/rules/board"
)

// Board sizes offered, in cells per side.
const (
	minSize = 3
	maxSize = 7
	// maxCells is the cell count of the largest board, 3n²-3n+1 for n = maxSize; it fits
	// a two-word Set.
	maxCells = 3*maxSize*maxSize - 3*maxSize + 1
	// QuietLimit is the number of turns in a row without a capture after which the game is
	// drawn (our rule, see the package documentation).
	QuietLimit = 100
	// maxPieces bounds the pieces on the largest board, two thirds of its cells.
	maxPieces = 2 * maxCells / 3
)

// The end reasons, as the rules texts name them.
const (
	reasonNone uint8 = iota
	reasonUnified
	reasonUnifiedByCapture
	reasonNoMoves
	reasonRepetition
	reasonQuiet
)

var reasonKeys = [...]string{"", "unified", "unified-by-capture", "no-moves", "repetition", "quiet"}

func sizeOption() rules.OptionSpec {
	return rules.OptionSpec{Key: "size", Values: []string{"3", "4", "5", "6", "7"}, Default: "4"}
}

// Game is the definition card of Squish.
var Game = &rules.Game{
	ID:      "squish",
	Sides:   []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style:   rules.HexCells,
	Looks:   []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{sizeOption()},
	Presets: []string{"", "size=5", "size=6"},
	// Every capture resets the quiet count and there are at most maxPieces captures, so
	// no game outlasts this bound.
	MaxTurns: (maxPieces + 1) * QuietLimit,
	New:      func(o rules.Options) (rules.State, error) { return newState(o, false) },
	// The learned evaluation was fitted on the 4-cell board, for Expert alone: one random
	// turn of playout, then the evaluation, with the tree alone (alpha-beta lost to it) and
	// exploration 0.1 (66% against plain search; 59% with the default 0.3). The blurred
	// levels, and every other size, play out to the end, as they were calibrated.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Exploration: 0.1, Unevaluated: true},
		Blurred: rules.SearchTuning{Unevaluated: true},
		Presets: []rules.PresetTuning{{
			Options: rules.Options{"size": "4"},
			Full:    rules.SearchTuning{Exploration: 0.1, PlayoutCutoff: 1, TreeAlone: true},
			Blurred: rules.SearchTuning{Unevaluated: true},
		}},
	},
}

// Flowish is the definition card of Flowish, Squish with flowlines.
var Flowish = &rules.Game{
	ID:    "flowish",
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.HexCells,
	Looks: []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{
		{Key: "size", Values: []string{"3", "4", "5", "6", "7"}, Default: "5"},
	},
	Presets:  []string{"", "size=4", "size=6"},
	MaxTurns: (maxPieces + 1) * QuietLimit,
	New:      func(o rules.Options) (rules.State, error) { return newState(o, true) },
	// The learned evaluation was fitted on the 5-cell board, for Expert alone, as Squish's
	// (Flowish keeps the default exploration: 0.1 measured within the noise of it). The
	// blurred levels, and every other size, play out to the end.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Unevaluated: true},
		Blurred: rules.SearchTuning{Unevaluated: true},
		Presets: []rules.PresetTuning{{
			Options: rules.Options{"size": "5"},
			Full:    rules.SearchTuning{PlayoutCutoff: 1, TreeAlone: true},
			Blurred: rules.SearchTuning{Unevaluated: true},
		}},
	},
}

// Set is a set of cells of one board, bit i standing for site i.
type Set [2]uint64

// Has reports whether cell i is in the set.
func (c Set) Has(i int) bool { return c[i>>6]>>(uint(i)&63)&1 != 0 }

// Add puts cell i in the set.
func (c *Set) Add(i int) { c[i>>6] |= 1 << (uint(i) & 63) }

// Remove takes cell i out of the set.
func (c *Set) Remove(i int) { c[i>>6] &^= 1 << (uint(i) & 63) }

func (c Set) and(o Set) Set { return Set{c[0] & o[0], c[1] & o[1]} }
func (c Set) or(o Set) Set  { return Set{c[0] | o[0], c[1] | o[1]} }
func (c Set) andNot(o Set) Set {
	return Set{c[0] &^ o[0], c[1] &^ o[1]}
}
func (c Set) empty() bool { return c[0]|c[1] == 0 }

// Count is the number of cells in the set.
func (c Set) Count() int { return bits.OnesCount64(c[0]) + bits.OnesCount64(c[1]) }

// lowest returns the lowest cell of a non-empty set.
func (c Set) lowest() int {
	if c[0] != 0 {
		return bits.TrailingZeros64(c[0])
	}
	return 64 + bits.TrailingZeros64(c[1])
}

// nth returns the k-th lowest cell of the set, k counted from 0.
func (c Set) nth(k int) int {
	if n := bits.OnesCount64(c[0]); k >= n {
		return 64 + board.SelectBit(c[1], k-n)
	}
	return board.SelectBit(c[0], k)
}

// SetupOwner returns who owns the cell at axial coordinates (q, y) in the starting
// position of Squish, Flowish and Unlace on any board size: the colour classes of the
// package comment, (q − y) mod 3 = 1 White, 2 Black, 0 empty.
func SetupOwner(q, y int) rules.Player {
	switch ((q-y)%3 + 3) % 3 {
	case 1:
		return 0
	case 2:
		return 1
	}
	return rules.NoPlayer
}

// Topo holds the tables of one board size that Squish, Flowish and Unlace share. It is
// immutable once built.
type Topo struct {
	// Size is the number of cells per side, Cells the number of cells.
	Size, Cells int
	// Board is the topology.
	Board *board.Topology
	// Nbr[c][d] is the cell next to c in direction d (board.HexE order), or -1.
	Nbr [][6]int16
	// NbrSet[c] is the set of c's neighbours.
	NbrSet []Set
	// Start holds each player's pieces in the starting position.
	Start [2]Set
	// ray[c][d] holds the cells c+k·d for k ≥ 1, ray2 those for k ≥ 2.
	ray, ray2 [][6]Set
	q, y      []int8
}

var topos [maxSize + 1]func() *Topo

func init() {
	for n := minSize; n <= maxSize; n++ {
		topos[n] = sync.OnceValue(func() *Topo { return buildTopo(n) })
	}
}

// TopoOf returns the shared tables of a board with n cells per side, n from 3 to 7.
func TopoOf(n int) *Topo { return topos[n]() }

func buildTopo(n int) *Topo {
	b := board.NewHex(n)
	t := &Topo{Size: n, Cells: b.Len(), Board: b}
	t.Nbr = make([][6]int16, t.Cells)
	t.NbrSet = make([]Set, t.Cells)
	t.ray = make([][6]Set, t.Cells)
	t.ray2 = make([][6]Set, t.Cells)
	t.q = make([]int8, t.Cells)
	t.y = make([]int8, t.Cells)
	for c := 0; c < t.Cells; c++ {
		info := b.Info(board.Site(c))
		t.q[c], t.y[c] = int8(info.Col), int8(info.Row)
		if p := SetupOwner(info.Col, info.Row); p >= 0 {
			t.Start[p].Add(c)
		}
		for d := 0; d < 6; d++ {
			t.Nbr[c][d] = -1
			a := b.Step(board.Site(c), board.Dir(d))
			if a == board.NoSite {
				continue
			}
			t.Nbr[c][d] = int16(a)
			t.NbrSet[c].Add(int(a))
			for k := 1; a != board.NoSite; k++ {
				t.ray[c][d].Add(int(a))
				if k >= 2 {
					t.ray2[c][d].Add(int(a))
				}
				a = b.Step(a, board.Dir(d))
			}
		}
	}
	return t
}

// Dist is the hex distance between two cells.
func (t *Topo) Dist(a, b int) int {
	dq, dy := int(t.q[a])-int(t.q[b]), int(t.y[a])-int(t.y[b])
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
func (t *Topo) Group(own Set, c int) Set {
	var g Set
	g.Add(c)
	frontier := g
	for !frontier.empty() {
		var next Set
		for w := 0; w < 2; w++ {
			for x := frontier[w]; x != 0; x &= x - 1 {
				next = next.or(t.NbrSet[w*64+bits.TrailingZeros64(x)])
			}
		}
		frontier = next.and(own).andNot(g)
		g = g.or(frontier)
	}
	return g
}

// Unified reports whether the non-empty set own is one group.
func (t *Topo) Unified(own Set) bool {
	if own.empty() {
		return false
	}
	return t.Group(own, own.lowest()) == own
}

// unifiedAfter reports whether own, in which a piece has just arrived on t, is one
// group. A piece on t without a friendly neighbour is a group of its own, which settles
// most positions without a flood fill.
func (t *Topo) unifiedAfter(own Set, to int) bool {
	if own.and(t.NbrSet[to]).empty() {
		return own == Set{}.with(to)
	}
	return t.Group(own, to) == own
}

func (c Set) with(i int) Set { c.Add(i); return c }

// variant is the immutable data shared by every position of one game and board size.
type variant struct {
	*Topo
	game *rules.Game
	flow bool
	opts rules.Options
	keys board.Zobrist
	// tor is the one-word layout of boards of up to 64 cells (torus.go), nil on larger
	// ones.
	tor *torus
}

// sideKey is the Zobrist key toggled when Black is to move; piece keys follow it.
const sideKey = 0

func (v *variant) pieceKey(c int, p rules.Player) uint64 { return v.keys[1+2*c+int(p)] }

var variants [2][maxSize + 1]func() *variant

func init() {
	for f, g := range []*rules.Game{Game, Flowish} {
		for n := minSize; n <= maxSize; n++ {
			variants[f][n] = sync.OnceValue(func() *variant {
				t := TopoOf(n)
				return &variant{
					Topo: t, game: g, flow: f == 1,
					opts: rules.Options{"size": strconv.Itoa(n)},
					keys: board.NewZobrist(g.ID, 1+2*t.Cells),
					tor:  newTorus(t),
				}
			})
		}
	}
}

// State is a Squish or Flowish position.
type State struct {
	v   *variant
	occ [2]Set
	// moves[d] holds the pieces of the player to move that may step in direction d; Apply
	// fills it for the next player, who loses at once if it is empty. On boards with a
	// torus layout, tocc and tmoves hold the pieces and the moves in that layout instead
	// of moves (occ is kept in both).
	moves  [6]Set
	tocc   [2]uint64
	tmoves [6]uint64
	// grp holds each player's groups, kept by Apply in Flowish on boards with a torus
	// layout (groups.go).
	grp  [2]groups
	hash uint64
	// turn is the player to move; once the game is over it is unchanged from the last turn.
	turn   rules.Player
	over   bool
	winner rules.Player
	reason uint8
	// fallback records that the player to move has no piece outside the largest groups on
	// a flowline (Flowish), for the prompt.
	fallback bool
	// quiet counts the turns since the last capture (or the start).
	quiet uint16
	// hist holds the hashes of the positions since the last capture, the current one
	// included; QuietLimit bounds them.
	hist rules.History[[128]uint64]
	// drawn describes the last move RandomMove drew in this position on a board with a
	// torus layout, zero when there is none: bit 63 set, the torus bits of its two cells
	// in bits 0–7 and 8–15, its sites in bits 16–31 and 32–47. Apply clears it.
	drawn uint64
}

func newState(opts rules.Options, flow bool) (rules.State, error) {
	text := opts.Get("size")
	n, err := strconv.Atoi(text)
	if err != nil || n < minSize || n > maxSize || strconv.Itoa(n) != text {
		return nil, fmt.Errorf("squish: size %q: want a whole number from %d to %d", text, minSize, maxSize)
	}
	f := 0
	if flow {
		f = 1
	}
	v := variants[f][n]()
	s := &State{v: v, occ: v.Start, winner: rules.NoPlayer}
	s.hash = s.ComputeHash()
	s.hist.Push(s.hash)
	s.derive()
	return s, nil
}

// derive fills what follows from the pieces and the player to move: the torus copy of
// the pieces and the moves.
func (s *State) derive() {
	s.drawn = 0
	if x := s.v.tor; x != nil {
		s.tocc = [2]uint64{x.of(s.occ[0]), x.of(s.occ[1])}
		if s.v.flow {
			s.grp[0].reset(x, s.tocc[0])
			s.grp[1].reset(x, s.tocc[1])
		}
	}
	s.generate()
}

// Game returns the definition of Squish or Flowish.
func (s *State) Game() *rules.Game { return s.v.game }

// Variant returns a copy of the options.
func (s *State) Variant() rules.Options { return maps.Clone(s.v.opts) }

// Board returns the hex board.
func (s *State) Board() *board.Topology { return s.v.Board }

// ToMove returns the player to move, or rules.NoPlayer once the game is over.
func (s *State) ToMove() rules.Player {
	if s.over {
		return rules.NoPlayer
	}
	return s.turn
}

// MidTurn is always false: a turn is one step.
func (s *State) MidTurn() bool { return false }

// step is the move of the piece on c in direction d.
func (s *State) step(c, d int) rules.Move {
	return rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(c), board.Site(s.v.Nbr[c][d])}}
}

// LegalMoves lists the steps direction by direction (board.HexE order), and within a
// direction by the moving piece's site, or on boards with a torus layout by its torus bit
// (torus.go), the order in which RandomMove draws there without converting to sites.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.over {
		return dst
	}
	if x := s.v.tor; x != nil {
		for d := 0; d < 6; d++ {
			for m := s.tmoves[d]; m != 0; m &= m - 1 {
				dst = append(dst, s.step(x.site[bits.TrailingZeros64(m)&63], d))
			}
		}
		return dst
	}
	for d := 0; d < 6; d++ {
		m := s.moves[d]
		for w := 0; w < 2; w++ {
			for x := m[w]; x != 0; x &= x - 1 {
				dst = append(dst, s.step(w*64+bits.TrailingZeros64(x), d))
			}
		}
	}
	return dst
}

// movesIn returns the pieces of the player to move that may step in direction d.
func (s *State) movesIn(d int) Set {
	if s.v.tor != nil {
		return s.v.tor.set(s.tmoves[d])
	}
	return s.moves[d]
}

// RandomMove implements rules.RandomMover from the move masks.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.over {
		return rules.Move{}, false
	}
	if x := s.v.tor; x != nil {
		// The generator is called before anything is counted, so that no count has to
		// be saved across the call.
		v := rng.Uint64()
		m := &s.tmoves
		c1 := bits.OnesCount64(m[0])
		c2 := c1 + bits.OnesCount64(m[1])
		c3 := c2 + bits.OnesCount64(m[2])
		c4 := c3 + bits.OnesCount64(m[3])
		c5 := c4 + bits.OnesCount64(m[4])
		n := uint64(c5 + bits.OnesCount64(m[5]))
		k := board.Below(rng, v, n)
		// The direction is found by comparisons rather than a loop, whose exit the
		// processor would mispredict. c-1-k is negative, its top bit set, exactly for the
		// counts that k reaches; the direction is how many it reaches, and k's offset the
		// largest of them.
		r1, r2, r3 := -int(uint(c1-1-k)>>63), -int(uint(c2-1-k)>>63), -int(uint(c3-1-k)>>63)
		r4, r5 := -int(uint(c4-1-k)>>63), -int(uint(c5-1-k)>>63)
		d := -(r1 + r2 + r3 + r4 + r5)
		k -= max(c1&r1, c2&r2, c3&r3, c4&r4, c5&r5)
		b := board.SelectLow(m[d], k) & 63
		// The piece on b has a neighbour in direction d, so ring gives that neighbour.
		tb := uint(x.ring[b][d]) & 63
		s.drawn = 1<<63 | uint64(b) | uint64(tb)<<8 | uint64(x.site[b]&0xffff)<<16 | uint64(x.site[tb]&0xffff)<<32
		return x.steps[b][d], true
	}
	var cum [6]int
	n := 0
	for d := 0; d < 6; d++ {
		n += s.moves[d].Count()
		cum[d] = n
	}
	k := board.Below(rng, rng.Uint64(), uint64(n))
	d := 0
	for k >= cum[d] {
		d++
	}
	if d > 0 {
		k -= cum[d-1]
	}
	return s.step(s.moves[d].nth(k), d), true
}

// dirOf returns the direction of a legal-looking step on a board without a torus layout,
// or -1.
func (s *State) dirOf(m rules.Move) int {
	if m.Kind != rules.Step || m.Len != 2 || m.Tag != 0 {
		return -1
	}
	c, t := int(m.Path[0]), int(m.Path[1])
	if c < 0 || c >= s.v.Cells || t < 0 || t >= s.v.Cells {
		return -1
	}
	for d := 0; d < 6; d++ {
		if int(s.v.Nbr[c][d]) == t {
			return d
		}
	}
	return -1
}

// Apply plays m. A move that is not legal leaves the state unchanged; rules.Play reports
// such moves.
func (s *State) Apply(m rules.Move) {
	if s.over {
		return
	}
	h := s.drawn
	s.drawn = 0
	if x := s.v.tor; x != nil {
		// The move's fields are passed on rather than the move, whose copy would wait for
		// the stores that just wrote it.
		if m.Kind == rules.Step && m.Len == 2 && m.Tag == 0 {
			if h != 0 && uint16(m.Path[0]) == uint16(h>>16) && uint16(m.Path[1]) == uint16(h>>32) {
				// The move RandomMove just drew, legal and already looked up. Its cells
				// come from drawn rather than from m: the copies of m on its way here wait
				// on one another, and a predicted branch does not wait for them.
				c, t, cb, tb := uint(h>>16)&0xffff, uint(h>>32)&0xffff, uint(h)&0xff, uint(h>>8)&0xff
				if s.v.flow {
					s.stepFlow(x, c, t, cb, tb)
				} else {
					s.stepTorus(x, c, t, cb, tb)
				}
			} else {
				// A negative site converts to a huge one, which applyTorus rejects.
				s.applyTorus(x, uint(m.Path[0]), uint(m.Path[1]))
			}
		}
		return
	}
	d := s.dirOf(m)
	if d < 0 || !s.moves[d].Has(int(m.Path[0])) {
		return
	}
	c, t := int(m.Path[0]), int(m.Path[1])
	v := s.v
	p, q := s.turn, s.turn.Other()
	s.occ[p].Remove(c)
	s.occ[p].Add(t)
	s.hash ^= v.pieceKey(c, p) ^ v.pieceKey(t, p) ^ v.keys[sideKey]
	captured := s.occ[q].Has(t)
	if captured {
		s.occ[q].Remove(t)
		s.hash ^= v.pieceKey(t, q)
	}
	s.turn = q
	unified := v.unifiedAfter(s.occ[p], t)
	unifiedByCapture := !unified && captured && v.Unified(s.occ[q])
	s.settle(p, captured, unified, unifiedByCapture)
}

// applyTorus is Apply of a step from site c to site t on a board with a torus layout,
// whose cells all fit the first word of a Set: it checks the step, then plays it.
func (s *State) applyTorus(x *torus, c, t uint) {
	if c >= x.n || t >= x.n {
		return
	}
	cb, tb := x.bit[c&63], x.bit[t&63]
	// One look-up instead of a search over the directions, whose exit the processor
	// mispredicts. The torus numbers the cells one to one, so t is c's neighbour in
	// direction d whenever c has one there, which a piece with a move that way has.
	d := x.dir[(tb-cb)&127]
	if d < 0 || s.tmoves[d]>>cb&1 == 0 {
		return
	}
	if s.v.flow {
		s.stepFlow(x, c, t, cb, tb)
	} else {
		s.stepTorus(x, c, t, cb, tb)
	}
}

// stepTorus plays the legal Squish step from site c (torus bit cb) to site t (torus bit
// tb).
func (s *State) stepTorus(x *torus, c, t, cb, tb uint) {
	v := s.v
	p, q := s.turn, s.turn.Other()
	tm := uint64(1) << (tb & 63)
	captured := s.tocc[q]&tm != 0
	// The hash takes the captured piece's key without a branch: capt is all ones when
	// there is one.
	capt := -(s.tocc[q] >> (tb & 63) & 1)
	s.occ[p][0] ^= 1<<(c&63) | 1<<(t&63)
	s.occ[q][0] &^= 1 << (t & 63)
	s.hash ^= v.pieceKey(int(c), p) ^ v.pieceKey(int(t), p) ^ v.keys[sideKey] ^ v.pieceKey(int(t), q)&capt
	s.tocc[p] ^= 1<<(cb&63) | tm
	s.tocc[q] &^= tm
	s.turn = q
	unified := x.unifiedAfter(s.tocc[p], tb)
	unifiedByCapture := !unified && captured && x.unified(s.tocc[q])
	s.settle(p, captured, unified, unifiedByCapture)
}

// stepFlow is stepTorus for Flowish, which keeps its groups, in one piece with settle and
// generate: their calls, and the values saved across them, were a share of a turn. It
// repeats stepTorus's move of the pieces rather than calling a shared one, which the
// compiler cannot inline: the call cost Flowish 3–4% of its playout speed.
func (s *State) stepFlow(x *torus, c, t, cb, tb uint) {
	v := s.v
	p := s.turn & 1
	q := p ^ 1
	tm := uint64(1) << (tb & 63)
	captured := s.tocc[q]&tm != 0
	capt := -(s.tocc[q] >> (tb & 63) & 1)
	s.occ[p][0] ^= 1<<(c&63) | 1<<(t&63)
	s.occ[q][0] &^= 1 << (t & 63)
	s.hash ^= v.pieceKey(int(c), p) ^ v.pieceKey(int(t), p) ^ v.keys[sideKey] ^ v.pieceKey(int(t), q)&capt
	s.tocc[p] ^= 1<<(cb&63) | tm
	own := s.tocc[q] &^ tm
	s.tocc[q] = own
	s.turn = q
	s.grp[p].moved(x, s.tocc[p]^tm, cb, tb)
	k := &s.grp[q]
	if captured {
		k.captured(x, tb)
	}
	// From here on as settle and generate do.
	switch {
	case s.grp[p].count() == 1:
		s.finish(p, reasonUnified)
		return
	case captured && k.count() == 1:
		s.finish(q, reasonUnifiedByCapture)
		return
	}
	repeated := s.remember(captured)
	g := k.largest()
	// starOf(g), whose halves inline where starOf does not.
	seeing := own & (starsOf(&x.stars[0], uint32(g)) | starsOf(&x.stars[1], uint32(g>>32)))
	mv := &s.tmoves
	if x.n == 61 {
		flowMoves61(own, g, seeing, mv)
	} else {
		x.flowMoves(own, g, seeing, mv)
	}
	s.fallback = seeing&^g == 0 && own&^g != 0
	if s.fallback {
		x.fallbackMoves(own, g, own&^g, mv)
	}
	switch {
	case mv[0]|mv[1]|mv[2]|mv[3]|mv[4]|mv[5] == 0:
		s.finish(p, reasonNoMoves)
	case repeated:
		s.finish(rules.NoPlayer, reasonRepetition)
	case s.quiet >= QuietLimit:
		s.finish(rules.NoPlayer, reasonQuiet)
	}
}

// remember advances the quiet count and the history after a turn and reports whether the
// position has now occurred for the third time since the last capture. A repetition needs
// the position twice among those since the capture, each time an even number of turns
// back and at least four: a turn moves one of the mover's pieces and only the mover's, so
// two turns cannot restore a position. With fewer than eight positions kept there can be
// none, which spares most turns the scan, whose exit the processor mispredicts.
func (s *State) remember(captured bool) (repeated bool) {
	if captured {
		s.quiet = 0
		s.hist.Reset()
	} else {
		s.quiet++
	}
	repeated = s.hist.Len() >= 8 && s.hist.Count(s.hash) >= 2
	s.hist.Push(s.hash)
	return repeated
}

// settle ends the turn of p once the pieces have moved: the game ends on a unification,
// otherwise the quiet count and the history advance and the next player's moves are
// generated.
func (s *State) settle(p rules.Player, captured, unified, unifiedByCapture bool) {
	switch {
	case unified:
		s.finish(p, reasonUnified)
		return
	case unifiedByCapture:
		s.finish(p.Other(), reasonUnifiedByCapture)
		return
	}
	repeated := s.remember(captured)
	s.generate()
	// Boards with a torus layout keep their moves in tmoves alone, and other boards leave
	// tmoves empty.
	m := &s.tmoves
	switch {
	case m[0]|m[1]|m[2]|m[3]|m[4]|m[5] == 0 && s.noSetMoves():
		s.finish(p, reasonNoMoves)
	case repeated:
		s.finish(rules.NoPlayer, reasonRepetition)
	case s.quiet >= QuietLimit:
		s.finish(rules.NoPlayer, reasonQuiet)
	}
}

// noSetMoves reports whether the move sets are empty, which they are on boards with a
// torus layout.
func (s *State) noSetMoves() bool {
	if s.v.tor != nil {
		return true
	}
	var any uint64
	for d := 0; d < 6; d++ {
		any |= s.moves[d][0] | s.moves[d][1]
	}
	return any == 0
}

func (s *State) finish(winner rules.Player, reason uint8) {
	s.over, s.winner, s.reason = true, winner, reason
	s.moves = [6]Set{}
	s.tmoves = [6]uint64{}
	s.fallback = false
}

// generate fills moves (or tmoves) for the player to move.
func (s *State) generate() {
	if x := s.v.tor; x != nil {
		own := s.tocc[s.turn]
		if !s.v.flow {
			x.squishMoves(own, &s.tmoves)
			return
		}
		k := &s.grp[s.turn]
		g := k.largest()
		seeing := own & x.starOf(g)
		x.flowMoves(own, g, seeing, &s.tmoves)
		s.fallback = seeing&^g == 0 && own&^g != 0
		if s.fallback {
			x.fallbackMoves(own, g, own&^g, &s.tmoves)
		}
		return
	}
	if s.v.flow {
		s.moves, s.fallback = flowMoves(s.v.Topo, s.occ[s.turn])
		return
	}
	s.moves = squishMoves(s.v.Topo, s.occ[s.turn])
}

// The largest board, 3r(r+1)+1 cells for r = maxSize−1, leaves cell 127 free for
// squishMoves; this fails to compile otherwise.
var _ [127 - (3*(maxSize-1)*maxSize + 1)]struct{}

// squishMoves returns, per direction, the pieces of own that may step that way: the
// neighbour is on the board and not friendly, and a friendly piece lies further along.
//
// It has no branch per direction, which random positions would mispredict: a missing
// neighbour (-1) reads as cell 127, which no board of up to 127 cells has, so it is never
// friendly, and the ray beyond it is empty.
func squishMoves(t *Topo, own Set) (mv [6]Set) {
	for w := 0; w < 2; w++ {
		for x := own[w]; x != 0; x &= x - 1 {
			c := w*64 + bits.TrailingZeros64(x)
			bit := x & -x
			nbr, ray := &t.Nbr[c], &t.ray2[c]
			for d := 0; d < 6; d++ {
				a := uint(uint16(nbr[d])) & 127
				free := ^own[a>>6] >> (a & 63) & 1
				ahead := ray[d][0]&own[0] | ray[d][1]&own[1]
				mv[d][w] |= bit & -(free & ((ahead | -ahead) >> 63))
			}
		}
	}
	return mv
}

// Largest returns the pieces of own that belong to a group of the largest size (every
// such group when several tie), and that size.
func (t *Topo) Largest(own Set) (g Set, size int) {
	rest := own
	for !rest.empty() {
		grp := t.Group(own, rest.lowest())
		rest = rest.andNot(grp)
		switch n := grp.Count(); {
		case n > size:
			g, size = grp, n
		case n == size:
			g = g.or(grp)
		}
	}
	return g, size
}

// flowDirs returns the directions in which the piece on c may flow towards g: among the
// directions with a piece of g (other than c) along the ray, those whose nearest such
// piece is closest. ok is false when no ray from c meets g.
//
// It has no branch, which random positions would mispredict: the distance to the nearest
// piece along a ray is one more than the cells of the ray before it, and the cells of a
// ray run up the site order in the first three directions and down it in the others.
// A ray that meets no piece of g counts as farther than any board.
func flowDirs(t *Topo, g Set, c int) (dirs uint8, ok bool) {
	var k [6]int
	for d := 0; d < 6; d++ {
		r := &t.ray[c][d]
		m0, m1 := g[0]&r[0], g[1]&r[1]
		none0, none1 := ((m0|-m0)>>63)^1, ((m1|-m1)>>63)^1
		var b0, b1 uint64
		if d < 3 {
			// The cells below m's lowest: all of word 0 when m0 is empty (l0 − 1
			// wraps), and then those of word 1 below its lowest.
			b0, b1 = m0&-m0-1, (m1&-m1-1)&-none0
		} else {
			// The cells above m's highest, from the top word down.
			b1 = ^uint64(0) << (64 - bits.LeadingZeros64(m1))
			b0 = ^uint64(0) << (64 - bits.LeadingZeros64(m0)) & -none1
		}
		k[d] = bits.OnesCount64(r[0]&b0) + bits.OnesCount64(r[1]&b1) + 1 + int(none0&none1)<<8
	}
	best := min(k[0], k[1], k[2], k[3], k[4], k[5])
	for d, kd := range k {
		// kd − best is zero exactly for the nearest; minus one, its sign bit is set.
		dirs |= uint8(uint(kd-best-1)>>63) << d
	}
	return dirs, best < 1<<8
}

// flowMoves returns Flowish's moves for own, per direction, and whether they come from the
// fallback rule.
func flowMoves(t *Topo, own Set) (mv [6]Set, fallback bool) {
	g, _ := t.Largest(own)
	onFlow := false
	for w := 0; w < 2; w++ {
		for x := own[w]; x != 0; x &= x - 1 {
			c := w*64 + bits.TrailingZeros64(x)
			dirs, ok := flowDirs(t, g, c)
			if !ok {
				continue
			}
			if !g.Has(c) {
				onFlow = true
			}
			for d := 0; d < 6; d++ {
				if dirs>>d&1 != 0 && !own.Has(int(t.Nbr[c][d])) {
					mv[d].Add(c)
				}
			}
		}
	}
	if onFlow {
		return mv, false
	}
	others := own.andNot(g)
	if others.empty() {
		return mv, false
	}
	fl := t.flowlines(g)
	for w := 0; w < 2; w++ {
		for x := others[w]; x != 0; x &= x - 1 {
			c := w*64 + bits.TrailingZeros64(x)
			dc := t.lineDist(fl, c)
			for d := 0; d < 6; d++ {
				a := int(t.Nbr[c][d])
				if a >= 0 && !own.Has(a) && t.lineDist(fl, a) == dc-1 {
					mv[d].Add(c)
				}
			}
		}
	}
	return mv, true
}

// flowlines holds, per line family (rows by y, letters by q, the NW–SE lines by q+y),
// the lines through a piece of g as a bit mask of the coordinate plus the radius.
type flowlines [3]uint32

func (t *Topo) flowlines(g Set) (f flowlines) {
	r := t.Size - 1
	for w := 0; w < 2; w++ {
		for x := g[w]; x != 0; x &= x - 1 {
			c := w*64 + bits.TrailingZeros64(x)
			q, y := int(t.q[c]), int(t.y[c])
			f[0] |= 1 << (y + r)
			f[1] |= 1 << (q + r)
			f[2] |= 1 << (q + y + r)
		}
	}
	return f
}

// lineDist is the distance from cell c to the nearest flowline: along each family, the
// difference of the coordinate to the nearest line's.
func (t *Topo) lineDist(f flowlines, c int) int {
	r := t.Size - 1
	q, y := int(t.q[c]), int(t.y[c])
	best := 1 << 30
	for i, x := range [3]int{y + r, q + r, q + y + r} {
		if f[i] == 0 {
			continue
		}
		if lo := f[i] & (1<<(x+1) - 1); lo != 0 {
			best = min(best, x-(31-bits.LeadingZeros32(lo)))
		}
		if hi := f[i] >> x; hi != 0 {
			best = min(best, bits.TrailingZeros32(hi))
		}
	}
	return best
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State { c := *s; return &c }

// CopyFrom overwrites s with src, another state of the same game.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// Hash returns the incremental Zobrist hash of the pieces and the player to move.
func (s *State) Hash() uint64 { return s.hash }

// ComputeHash recomputes Hash from scratch.
func (s *State) ComputeHash() uint64 {
	var h uint64
	if s.turn == 1 {
		h = s.v.keys[sideKey]
	}
	for p := rules.Player(0); p < 2; p++ {
		for w := 0; w < 2; w++ {
			for x := s.occ[p][w]; x != 0; x &= x - 1 {
				h ^= s.v.pieceKey(w*64+bits.TrailingZeros64(x), p)
			}
		}
	}
	return h
}

// AppendKey appends the game, size, turn, result, quiet count, both players' pieces and
// the positions since the last capture.
func (s *State) AppendKey(dst []byte) []byte {
	over := byte(0)
	if s.over {
		over = 1
	}
	flow := byte(0)
	if s.v.flow {
		flow = 1
	}
	dst = append(dst, flow, byte(s.v.Size), byte(s.turn), over, byte(s.winner), s.reason, byte(s.quiet))
	for p := range s.occ {
		for _, w := range s.occ[p] {
			dst = binary.LittleEndian.AppendUint64(dst, w)
		}
	}
	return s.hist.AppendKey(dst)
}

// Outcome reports the result once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	if !s.over {
		return rules.Outcome{}, false
	}
	return rules.Outcome{Winner: s.winner, Reason: reasonKeys[s.reason]}, true
}

// Pieces appends the piece on site, if any.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	c := int(site)
	if c < 0 || c >= s.v.Cells {
		return dst
	}
	for p := rules.Player(0); p < 2; p++ {
		if s.occ[p].Has(c) {
			return append(dst, rules.Piece{Owner: p})
		}
	}
	return dst
}
