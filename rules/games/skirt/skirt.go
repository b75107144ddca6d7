package skirt

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
	"koma/rules/kit"
)

// Board sizes offered, in cells per side. Any size plays; 8 is the largest whose 169
// cells fit the kit's three-word sets.
const (
	MinSize = kit.MinHexSize
	MaxSize = kit.MaxHex192Size
	// MaxCells is the cell count of the largest board, 3n²-3n+1 for n = MaxSize.
	MaxCells = kit.MaxHex192Cells
)

// ParseSize reads the size option.
func ParseSize(text string) (int, bool) {
	n, err := strconv.Atoi(text)
	return n, err == nil && n >= MinSize && n <= MaxSize && strconv.Itoa(n) == text
}

// set is the kit's three-word cell set, which holds the largest board.
type set = kit.Set192

// Game is the definition card of Skirt.
var Game = &rules.Game{
	ID:    "skirt",
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.HexCells,
	Looks: []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{
		{Key: "size", Values: []string{"3", "4", "5", "6", "7", "8"}, Default: "6"},
	},
	Presets: []string{"", "size=4"},
	// Every turn fills at least one empty cell, so no game outlasts the cells of the
	// largest board.
	MaxTurns: MaxCells,
	New:      newState,
	// A narrower exploration at full strength: against plain search 88% with 0.2, 74% with
	// the default 0.3.
	Tuning: rules.Tuning{Full: rules.SearchTuning{Exploration: 0.2}},
}

// The reasons a game ends.
const (
	// reasonOpposite: the mover's group joins two opposite sides.
	reasonOpposite = "opposite-sides"
	// reasonThree: the mover's group joins three pairwise non-adjacent sides.
	reasonThree = "three-sides"
	// reasonNoMoves: the player to move has no legal turn and loses (Koma's resolution).
	reasonNoMoves = "no-moves"
)

// The ends of a game as the position keeps them, indexes into reasonKeys.
const (
	endOpposite uint8 = iota
	endThree
	endNoMoves
)

var reasonKeys = [...]string{endOpposite: reasonOpposite, endThree: reasonThree, endNoMoves: reasonNoMoves}

// variant is the immutable data shared by every position of one board size.
type variant struct {
	*kit.Hex192
	opts rules.Options
	// keys: one per cell and player, one per pending outer cell, then Black to move.
	keys board.Zobrist
	// The keys again for Apply, in arrays indexed by a byte so that no look-up needs a
	// bounds check: pieceKeys[c] holds c's piece keys for either player, pend[i] is
	// pendingKey(i−1) and pend[0] is 0 (Apply clears the owed cell, if any, with one
	// look-up rather than a branch on it), and side is sideKey.
	pieceKeys [256][2]uint64
	pend      [256]uint64
	side      uint64
	// rays and span are Hex192's Rays and Span for the playout path, indexed by ray number
	// masked to rayCap and by bit counts masked to 16, so that no index needs a bounds
	// check; the entries past a ray's length, and past the last ray, are empty.
	rays [rayCap]rayInfo
	span [rayCap][16]set
	// cellRays[c][d] packs the ray of direction d through the inner cell c (CellRays)
	// with the bit of c on it and the ray's rayInfo: 1<<bit | ray<<16 | full<<32 |
	// n<<48 | dir<<56. The mask spares a variable shift, which Go guards; the ray's data
	// in the same word spares fill a load that would wait on the ray number. A byte
	// indexes the table, with no bounds check.
	cellRays [256][8]uint64
	// ringRays[a] is RingRays[a] with a corner's one ray given twice: launching a ray
	// again changes nothing, and a fixed count of two spares the loop a branch that the
	// corners, a fifth of the ring, would mispredict.
	ringRays [MaxCells][2]uint8
}

// rayCap is kit.MaxRays rounded up to a power of two: the playout path's per-ray arrays have
// this length and take a ray number masked to it without a bounds check.
const rayCap = 128

// Every ray fits the per-ray arrays.
var _ [rayCap - kit.MaxRays]struct{}

// rayInfo is what the playout path needs of a Ray, in one load.
type rayInfo struct {
	// full has a bit for each inner cell of the ray.
	full uint16
	// n is the ray's length, dir its direction.
	n, dir uint8
}

func (v *variant) pieceKey(c int, p rules.Player) uint64 { return v.keys[2*c+int(p)] }
func (v *variant) pendingKey(c int) uint64               { return v.keys[2*v.Cells+c] }
func (v *variant) sideKey() uint64                       { return v.keys[3*v.Cells] }

var variants [MaxSize + 1]func() *variant

func init() {
	for n := MinSize; n <= MaxSize; n++ {
		variants[n] = sync.OnceValue(func() *variant {
			t := kit.Hex192Of(n)
			v := &variant{Hex192: t, opts: rules.Options{"size": strconv.Itoa(n)}, keys: board.NewZobrist(Game.ID, 3*t.Cells+1)}
			v.side = v.sideKey()
			for c := 0; c < t.Cells; c++ {
				v.pend[c+1] = v.pendingKey(c)
				v.pieceKeys[c] = [2]uint64{v.pieceKey(c, 0), v.pieceKey(c, 1)}
				if rr := t.RingRays[c]; rr[1] >= 0 {
					v.ringRays[c] = [2]uint8{uint8(rr[0]), uint8(rr[1])}
				} else if rr[0] >= 0 {
					v.ringRays[c] = [2]uint8{uint8(rr[0]), uint8(rr[0])}
				}
				if t.Inner.Has(c) {
					for _, rb := range t.CellRays[c] {
						ray := &t.Rays[rb.Ray]
						v.cellRays[c][ray.Dir] = 1<<rb.Bit | uint64(rb.Ray)<<16 | uint64(1<<ray.Len-1)<<32 |
							uint64(ray.Len)<<48 | uint64(ray.Dir)<<56
					}
				}
			}
			for r := 0; r < t.NumRays; r++ {
				ray := &t.Rays[r]
				v.rays[r] = rayInfo{full: 1<<ray.Len - 1, n: ray.Len, dir: ray.Dir}
				copy(v.span[r][:], t.Span[r][:])
			}
			return v
		})
	}
}

// State is a Skirt position.
type State struct {
	rules.Status
	v   *variant
	occ [2]set
	// choices holds the sites of the next decision's legal placements, kept by Apply.
	choices set
	// pending is the outer cell just placed whose inner piece is still owed, or -1.
	pending int16

	// The rest is derived from the pieces and kept by Apply so that a placement costs a
	// few table steps (playouts). ready is false in a state built from bare pieces (the
	// tests' positions); Apply then rebuilds the rest first.
	ready  bool
	groups kit.Groups
	// rayOcc[r] holds the occupied cells of ray r. The cells the piece on its ring end may
	// take (Ray.Reach) are its stretch of reached, which fill reads instead of a kept
	// reach per ray.
	rayOcc [rayCap]uint16
	// reached[p][d] is the set of inner cells that the rays of direction d from p's outer
	// pieces reach. The rays of one direction cross each inner cell once, so a ray whose
	// reach changes rewrites its own stretch of the set, with no count of other rays
	// reaching the same cell; the cells p may take are the union of the six. Directions 6
	// and 7 stay empty: they let a direction masked to 8 index without a bounds check.
	reached [2][8]set
	// owner[r] is the player whose piece stands on ray r's ring end, or -1.
	owner [rayCap]int8
	// drawn is one more than the cell RandomMove last drew in this position, 0 when there
	// is none; Apply clears it. Apply, given that placement, takes its cell from here: the
	// move reaches Apply through copies that wait on one another, and the compare with the
	// note is a predicted branch that the work on the cell need not wait for.
	drawn uint32
}

func newState(opts rules.Options) (rules.State, error) {
	n, ok := ParseSize(opts.Get("size"))
	if !ok {
		return nil, fmt.Errorf("skirt: size %q: want a whole number from %d to %d", opts.Get("size"), MinSize, MaxSize)
	}
	s := &State{v: variants[n](), pending: -1}
	s.choices = s.v.Ring
	s.Zobrist = s.ComputeHash()
	s.rebuild()
	return s, nil
}

// rebuild recomputes the derived fields from the pieces.
func (s *State) rebuild() {
	t := s.v.Hex192
	s.groups = kit.Groups{}
	s.reached = [2][8]set{}
	for p := range s.occ {
		var own set
		for w := range s.occ[p] {
			for x := s.occ[p][w]; x != 0; x &= x - 1 {
				c := w*64 + bits.TrailingZeros64(x)
				own.Add(c)
				s.groups.Add(t, &own, c)
			}
		}
	}
	occ := s.occupied()
	for r := range s.owner {
		s.owner[r] = -1
	}
	for r := 0; r < t.NumRays; r++ {
		ray := &t.Rays[r]
		s.rayOcc[r] = 0
		for i := uint8(0); i < ray.Len; i++ {
			if occ.Has(int(ray.Cells[i])) {
				s.rayOcc[r] |= 1 << i
			}
		}
	}
	for p := range s.occ {
		anchors := s.occ[p].And(t.Ring)
		for w := range anchors {
			for x := anchors[w]; x != 0; x &= x - 1 {
				var targets set
				s.launch(rules.Player(p), w*64+bits.TrailingZeros64(x), &targets)
			}
		}
	}
	s.ready = true
}

// rewrite replaces the cells of a ray in dst, its owner's reached set of its direction,
// with hi minus lo, where all holds the whole ray: a ray whose reach changed rewrites its
// own stretch of the set. It writes the first two words; the wide board (Hex192.Wide) adds
// rewrite3.
func rewrite(dst, all, lo, hi *set) {
	dst[0] = dst[0]&^all[0] | hi[0]&^lo[0]
	dst[1] = dst[1]&^all[1] | hi[1]&^lo[1]
}

// rewrite3 is rewrite for the third word, of ray r with n cells and the reach given.
func (v *variant) rewrite3(dst *set, r int, n uint64, reach uint16) {
	sp := &v.span[r&(rayCap-1)]
	dst[2] = dst[2]&^sp[n&15][2] | sp[bits.Len16(reach)&15][2]&^sp[bits.TrailingZeros16(reach)&15][2]
}

// reachOf is Ray.Reach, for a ray with the cells full, in a few steps without shifts or
// bit counts: o+1 turns the run of pieces at the ray's start into the first empty cell
// beyond it, and the first piece past that cell ends the reach.
func reachOf(occ, full uint16) uint16 {
	o := uint32(occ)
	o1 := o + 1
	first := o1 &^ o
	beyond := o & o1
	// The next piece's bit minus the first empty cell's is the run between them; with no
	// piece, 0 minus it wraps to every cell from there on.
	return uint16((beyond&-beyond)-first) & full
}

// launch takes the rays from p's new outer piece a and writes the cells they reach,
// Targets(a) on the current board, to out. It reports whether there are any.
func (s *State) launch(p rules.Player, a int, out *set) bool {
	v := s.v
	// The targets gather in registers and are stored once: or-ing into out would load
	// each word back just after storing it.
	var o0, o1, o2 uint64
	wide := v.Wide
	for _, r := range v.ringRays[a] {
		ri := int(r) & (rayCap - 1)
		s.owner[ri] = int8(p)
		ray := v.rays[ri]
		reach := reachOf(s.rayOcc[ri], ray.full)
		dst, sp := &s.reached[p&1][ray.dir&7], &v.span[ri]
		lo, hi := &sp[bits.TrailingZeros16(reach)&15], &sp[bits.Len16(reach)&15]
		rewrite(dst, &sp[ray.n&15], lo, hi)
		o0 |= hi[0] &^ lo[0]
		o1 |= hi[1] &^ lo[1]
		if wide {
			v.rewrite3(dst, ri, uint64(ray.n), reach)
			// The ray's stretch of the set now holds its reach.
			o2 |= dst[2] & v.span[ri][ray.n&15][2]
		}
	}
	out[0], out[1], out[2] = o0, o1, o2
	return o0|o1|o2 != 0
}

// fill updates the six rays through the inner cell c, just filled. Only a ray with a
// piece on its ring end has a reach (launch computes it when the piece comes), and the
// reach changes only when it held c: c cannot be in the run before the reach, and beyond
// the reach it changes nothing. fill marks c on the six rays and finds the changed ones
// without branches, which random games would mispredict; only the changed rays, one or
// two as a rule, compute their new reach and rewrite their reached sets.
func (s *State) fill(c int) {
	v := s.v
	cr, wide := &v.cellRays[uint8(c)], v.Wide
	// The ray of direction d through c reached c when c is in its owner's reached set of
	// direction d (c is on no other ray of that direction). The sets are read at c's
	// word, which c alone gives: a reach kept per ray would wait on the ray's number, on
	// the path from the drawn cell to the next choices.
	r0, r1 := &s.reached[0], &s.reached[1]
	w, b := c>>6, uint(c&63)
	changed := uint32((r0[0][w]|r1[0][w])>>b&1 | (r0[1][w]|r1[1][w])>>b&1<<1 |
		(r0[2][w]|r1[2][w])>>b&1<<2 | (r0[3][w]|r1[3][w])>>b&1<<3 |
		(r0[4][w]|r1[4][w])>>b&1<<4 | (r0[5][w]|r1[5][w])>>b&1<<5)
	// Written out: a loop spends a counter and a branch per ray on the path to the choices.
	s.mark(cr[0])
	s.mark(cr[1])
	s.mark(cr[2])
	s.mark(cr[3])
	s.mark(cr[4])
	s.mark(cr[5])
	for ; changed != 0; changed &= changed - 1 {
		e := cr[bits.TrailingZeros32(changed)&7]
		r := int(e>>16) & (rayCap - 1)
		reach := reachOf(s.rayOcc[r], uint16(e>>32))
		// The reach's lowest and highest bits bound its stretch of the ray; an empty reach
		// takes sp[0] twice, the empty set.
		dst, sp := &s.reached[s.owner[r]&1][e>>56&7], &v.span[r]
		rewrite(dst, &sp[e>>48&15], &sp[bits.TrailingZeros16(reach)&15], &sp[bits.Len16(reach)&15])
		if wide {
			v.rewrite3(dst, r, e>>48, reach)
		}
	}
}

// mark records the filled cell on the ray of e (a cellRays entry).
func (s *State) mark(e uint64) {
	s.rayOcc[e>>16&(rayCap-1)] |= uint16(e)
}

// Game returns the Skirt definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns a copy of the options.
func (s *State) Variant() rules.Options { return maps.Clone(s.v.opts) }

// Board returns the hex board.
func (s *State) Board() *board.Topology { return s.v.Board }

// MidTurn reports whether the inner piece of the turn is still to come.
func (s *State) MidTurn() bool { return !s.Over && s.pending >= 0 }

func (s *State) occupied() set { return s.occ[0].Or(s.occ[1]) }

// Targets returns the inner cells a piece placed from the outer cell a may reach, with
// occupied the cells holding a piece of either colour: along each line from a into the
// inner area, every empty cell up to the first piece; or, when the cell next to a holds a
// piece, every empty cell beyond the unbroken run of pieces starting there, up to the next
// piece (Koma's reading of the rulebook, see the package comment).
func Targets(t *kit.Hex192, occupied kit.Set192, a int) kit.Set192 {
	var out set
	for d := 0; d < 6; d++ {
		c := int(t.Nbr[a][d])
		if c < 0 || !t.Inner.Has(c) {
			continue
		}
		for c >= 0 && occupied.Has(c) {
			c = int(t.Nbr[c][d])
		}
		for c >= 0 && t.Inner.Has(c) && !occupied.Has(c) {
			out.Add(c)
			c = int(t.Nbr[c][d])
		}
	}
	return out
}

// turnChoices is what p may place first in a turn after the opening: any empty outer
// cell, or an inner cell reachable from one of p's outer pieces.
func (s *State) turnChoices(p rules.Player) set {
	occ := s.occupied()
	out := s.v.Ring.AndNot(occ)
	anchors := s.occ[p].And(s.v.Ring)
	for w := range anchors {
		for x := anchors[w]; x != 0; x &= x - 1 {
			out = out.Or(Targets(s.v.Hex192, occ, w*64+bits.TrailingZeros64(x)))
		}
	}
	return out
}

func place(c int) rules.Move {
	return rules.Move{Kind: rules.Place, Len: 1, Path: [rules.MaxPath]board.Site{board.Site(c)}}
}

// placements[c] is place(c). RandomMove copies its move from here: built in place, the
// move is a few narrow stores over a zeroed block, and the caller's wide copy of it cannot
// take them from the store buffer but waits for them, on the path to the next Apply.
var placements = func() (out [MaxCells]rules.Move) {
	for c := range out {
		out[c] = place(c)
	}
	return out
}()

// LegalMoves lists the placements in site order.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	for w := range s.choices {
		for x := s.choices[w]; x != 0; x &= x - 1 {
			dst = append(dst, place(w*64+bits.TrailingZeros64(x)))
		}
	}
	return dst
}

// RandomMove implements rules.RandomMover from the choice set.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	c := s.choices.Draw(rng, s.v.Wide)
	s.drawn = uint32(c) + 1
	return placements[c], true
}

// Apply plays m; a move that is not legal leaves the state unchanged.
func (s *State) Apply(m rules.Move) {
	h := s.drawn
	s.drawn = 0
	if s.Over || m.Kind != rules.Place || m.Len != 1 || m.Tag != 0 {
		return
	}
	// The note's cell is legal, since RandomMove drew it in this position.
	c := int(h) - 1
	if h == 0 || m.Path[0] != board.Site(c) {
		c = int(m.Path[0])
		if c < 0 || c >= s.v.Cells || !s.choices.Holds(c) {
			return
		}
	}
	if !s.ready {
		s.rebuild()
	}
	v, p := s.v, s.Turn
	occ, q := &s.occ[p], &s.occ[p.Other()]
	occ.Add(c)
	s.Zobrist ^= v.pieceKeys[uint8(c)][p&1] ^ v.pend[uint8(s.pending+1)]
	s.pending = -1
	if mask := s.groups.Add(v.Hex192, occ, c); kit.Connects(mask) {
		end := endThree
		if kit.Opposite(mask) {
			end = endOpposite
		}
		s.Finish(p, end)
		return
	}
	if v.Inner.Holds(c) {
		s.fill(c)
	} else if s.launch(p, c, &s.choices) && !s.opening(q) {
		// The inner piece is owed, from the cells launch wrote to the choices.
		s.pending = int16(c)
		s.Zobrist ^= v.pend[uint8(c+1)]
		return
	}
	s.Turn = p.Other()
	s.Zobrist ^= v.side
	// turnChoices, from the kept sets.
	// Written out, in registers: the end test would otherwise load the words back.
	ring, re := &v.Ring, &s.reached[s.Turn]
	c0 := ring[0]&^(occ[0]|q[0]) | re[0][0] | re[1][0] | re[2][0] | re[3][0] | re[4][0] | re[5][0]
	c1 := ring[1]&^(occ[1]|q[1]) | re[0][1] | re[1][1] | re[2][1] | re[3][1] | re[4][1] | re[5][1]
	var c2 uint64
	if v.Wide {
		c2 = ring[2]&^(occ[2]|q[2]) | re[0][2] | re[1][2] | re[2][2] | re[3][2] | re[4][2] | re[5][2]
	}
	s.choices = set{c0, c1, c2}
	if c0|c1|c2 == 0 {
		// The player who cannot move loses; the turn goes back to the winner, as the
		// hash of a finished game counts it.
		s.Turn = p
		s.Zobrist ^= v.side
		s.Finish(p, endNoMoves)
	}
}

// opening reports whether the piece just placed, by the opponent of q, is the first on the
// board. It is asked after an outer piece only, and q is seldom empty, so it is left out
// of the placement's common path.
func (s *State) opening(q *set) bool {
	return q[0]|q[1]|q[2] == 0 && s.occ[0].Len()+s.occ[1].Len() == 1
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State { c := *s; return &c }

// CopyFrom overwrites s with src, another Skirt state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes Hash from scratch.
func (s *State) ComputeHash() uint64 {
	var h uint64
	if s.Turn == 1 {
		h = s.v.sideKey()
	}
	if s.pending >= 0 {
		h ^= s.v.pendingKey(int(s.pending))
	}
	for p := rules.Player(0); p < 2; p++ {
		for w := range s.occ[p] {
			for x := s.occ[p][w]; x != 0; x &= x - 1 {
				h ^= s.v.pieceKey(w*64+bits.TrailingZeros64(x), p)
			}
		}
	}
	return h
}

// AppendKey appends the size, the player to move, the pending outer cell, the end flag and
// both players' pieces; the choices and the outcome follow from them.
func (s *State) AppendKey(dst []byte) []byte {
	over := byte(0)
	if s.Over {
		over = 1
	}
	dst = append(dst, byte(s.v.Size), byte(s.Turn), byte(s.pending), over)
	for p := range s.occ {
		for _, w := range s.occ[p] {
			dst = binary.LittleEndian.AppendUint64(dst, w)
		}
	}
	return dst
}

// Outcome reports the winner once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	return s.Ended(reasonKeys[:])
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

// Marks implements rules.Marker: the outer ring.
func (s *State) Marks(dst []rules.Mark) []rules.Mark {
	for w := range s.v.Ring {
		for x := s.v.Ring[w]; x != 0; x &= x - 1 {
			dst = append(dst, rules.Mark{Site: board.Site(w*64 + bits.TrailingZeros64(x)), Kind: rules.Ring, Owner: rules.NoPlayer})
		}
	}
	return dst
}

// Prompt implements rules.Prompter.
func (s *State) Prompt() string {
	switch {
	case s.Over:
		return ""
	case s.pending >= 0:
		return "inner"
	case s.occupied().Empty():
		return "first-outer"
	}
	return "outer-or-inner"
}

// WhyNot implements rules.Explainer for a click on a cell that takes no piece now.
func (s *State) WhyNot(path []board.Site) string {
	if s.Over || len(path) != 1 {
		return ""
	}
	c := int(path[0])
	if c < 0 || c >= s.v.Cells || s.choices.Has(c) {
		return ""
	}
	occ := s.occupied()
	switch {
	case occ.Has(c):
		return "occupied"
	case s.pending >= 0 && s.v.Ring.Has(c):
		return "inner-now"
	case occ.Empty():
		return "first-outer"
	}
	// An empty inner cell that cannot be reached: say whether no line leads there at all or
	// a piece stands in the way.
	from := s.occ[s.Turn].And(s.v.Ring)
	why := "not-in-line"
	if s.pending >= 0 {
		from = set{}
		from.Add(int(s.pending))
		why = "not-in-line-new"
	}
	for w := range from {
		for x := from[w]; x != 0; x &= x - 1 {
			if s.v.Sight[w*64+bits.TrailingZeros64(x)].Has(c) {
				return "blocked"
			}
		}
	}
	return why
}

// String describes the position for test failures.
func (s *State) String() string {
	return fmt.Sprintf("%s\n%s to move", rules.Text(s), rules.SideName(s, s.Turn))
}

// Memoryless: nothing but the pieces, the pending outer cell and the player to move decides
// what comes next.
func (s *State) Memoryless() bool { return true }

var (
	_ rules.Explainer  = (*State)(nil)
	_ rules.Prompter   = (*State)(nil)
	_ rules.Marker     = (*State)(nil)
	_ rules.Memoryless = (*State)(nil)
)
