package unlace

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

// Board sizes offered, in cells per side: those of Squish, whose setup this game starts
// from; 7 is the largest whose 127 cells fit the kit's two-word sets.
const (
	minSize = kit.MinHexSize
	maxSize = kit.MaxHex128Size
	// maxPerSide bounds one player's pieces: a third of the 127 cells of the largest board.
	maxPerSide = 43
)

// Game is the definition card of Unlace.
var Game = &rules.Game{
	ID:    "unlace",
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.HexCells,
	Looks: []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{
		{Key: "size", Values: []string{"3", "4", "5", "6", "7"}, Default: "4"},
	},
	Presets:  []string{"", "size=5"},
	MaxTurns: maxTurns(),
	New:      newState,
	// Alpha-beta beat tree search 8 – 2 at Expert in self-play; the blurred levels were
	// calibrated with it.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Engine: rules.AlphaBetaEngine},
		Blurred: rules.SearchTuning{Engine: rules.AlphaBetaEngine},
	},
}

// maxTurns is the bound of the package documentation: between two captures each player
// makes at most as many moves as there are partitions of their piece count, and there are
// fewer captures than pieces.
func maxTurns() int {
	// p[k] is the number of partitions of k.
	p := make([]int, maxPerSide+1)
	p[0] = 1
	for part := 1; part <= maxPerSide; part++ {
		for k := part; k <= maxPerSide; k++ {
			p[k] += p[k-part]
		}
	}
	return 2 * (2*maxPerSide + 1) * p[maxPerSide]
}

// set is the kit's two-word cell set, which holds the largest board.
type set = kit.Set128

// variant is the immutable data shared by every position of one board size.
type variant struct {
	*kit.Hex128
	opts rules.Options
	keys board.Zobrist
	// packed tells whether the board fits one word, in the row layout of packed.go or,
	// when torus is set, the torus layout of torus.go; board is then its cells in that
	// layout.
	packed, torus bool
	board         uint64
	// index maps a site to its index in the move sets (its packed bit, or the site itself
	// on larger boards) and site maps back.
	index [128]uint8
	site  [128]uint8
	// keyAt[p][i] is the key of p's piece on the cell with packed index i (zero off the
	// board), and turnKey the key for Black to move: Apply on a packed board reads them
	// without bounds checks.
	keyAt   [2][64]uint64
	turnKey uint64
	// steps[i][d] is the step of the piece with packed index i in direction d, where that
	// cell is on the board: RandomMove copies it whole, and the caller's copy of the
	// result then reads what whole stores wrote instead of waiting on field stores.
	steps [64][6]rules.Move
	// start holds each player's pieces in the starting position: White on the cells of
	// colour class 1 (kit.HexClass), Black on class 2, the setup of Squish. It comes last,
	// out of the way of the fields the playouts read.
	start [2]set
}

const sideKey = 0

func (v *variant) pieceKey(c int, p rules.Player) uint64 { return v.keys[1+2*c+int(p)] }

var variants [maxSize + 1]func() *variant

func init() {
	for n := minSize; n <= maxSize; n++ {
		variants[n] = sync.OnceValue(func() *variant {
			return buildVariant(n)
		})
	}
}

func buildVariant(n int) *variant {
	t := kit.Hex128Of(n)
	v := &variant{Hex128: t, start: [2]set{t.Class[1], t.Class[2]}, opts: rules.Options{"size": strconv.Itoa(n)}, keys: board.NewZobrist(Game.ID, 1+2*t.Cells),
		packed: n <= packedMax || n == torusSize, torus: n == torusSize}
	for c := 0; c < t.Cells; c++ {
		i := c
		switch {
		case v.torus:
			i = int(tor.bit[c])
		case v.packed:
			info := t.Board.Info(board.Site(c))
			i = (info.Row+n-1)*rowBits + info.Col + n - 1
		}
		if v.packed {
			v.board |= 1 << i
		}
		v.index[c], v.site[i] = uint8(i), uint8(c)
		if v.packed {
			v.keyAt[0][i], v.keyAt[1][i] = v.pieceKey(c, 0), v.pieceKey(c, 1)
		}
	}
	v.turnKey = v.keys[sideKey]
	if v.packed {
		for c := 0; c < t.Cells; c++ {
			for d, a := range t.Nbr[c] {
				if a >= 0 {
					v.steps[v.index[c]][d] = rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(c), board.Site(a)}}
				}
			}
		}
	}
	return v
}

// State is an Unlace position.
type State struct {
	rules.Status
	v   *variant
	occ [2]set
	// own holds each player's pieces in the packed layout, when the board has one.
	own [2]uint64
	// moves[d] holds the pieces of the player to move that may step in direction d, by
	// their index (variant.index). On boards that are not packed, starts holds in lane d
	// (ten bits a lane, lane 0 empty) the number of steps in the directions before d, and
	// total counts them all; a packed board counts them when it draws.
	moves  [6]set
	starts uint64
	total  int
	// drawn notes the step RandomMove last drew in this position on a packed board, zero
	// when there is none: bit 63 set and the packed indices of its cells in bits 0–7 and
	// 8–15. Apply clears it. The sites are left out: looking them up would delay the
	// note, which the next move generation waits on.
	drawn uint64
}

func newState(opts rules.Options) (rules.State, error) {
	text := opts.Get("size")
	n, err := strconv.Atoi(text)
	if err != nil || n < minSize || n > maxSize || strconv.Itoa(n) != text {
		return nil, fmt.Errorf("unlace: size %q: want a whole number from %d to %d", text, minSize, maxSize)
	}
	v := variants[n]()
	s := &State{v: v, occ: v.start}
	s.Zobrist = s.ComputeHash()
	s.refresh()
	return s, nil
}

// pack returns a site set in the packed layout.
func (v *variant) pack(x set) uint64 {
	var b uint64
	for w := 0; w < 2; w++ {
		for y := x[w]; y != 0; y &= y - 1 {
			b |= 1 << v.index[w*64+bits.TrailingZeros64(y)]
		}
	}
	return b
}

// movesOf returns the steps of player p by index.
func (s *State) movesOf(p rules.Player) (mv [6]set) {
	if s.v.packed {
		s.v.packedMoves(s.own[p], &mv)
		return mv
	}
	return Moves(s.v.Hex128, s.occ[p])
}

// packedMoves writes the steps of the pieces own, in the one-word layout of a packed
// board, to mv.
func (v *variant) packedMoves(own uint64, mv *[6]set) {
	if v.torus {
		torusMoves(own, mv)
		return
	}
	packedMoves(v.board, own, mv)
}

// next returns the index of the neighbour in direction d of the cell with index i, on a
// packed board, where it has one.
func (v *variant) next(i, d int) int {
	if v.torus {
		return int(tor.next[i&63][d])
	}
	return (i + int(packedStep[d])) & 63
}

// refresh recomputes the packed pieces and the moves from the pieces and the player to
// move.
func (s *State) refresh() {
	if s.v.packed {
		s.own = [2]uint64{s.v.pack(s.occ[0]), s.v.pack(s.occ[1])}
	}
	s.moves = s.movesOf(s.Turn)
	s.count()
}

// Game returns the Unlace definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns a copy of the options.
func (s *State) Variant() rules.Options { return maps.Clone(s.v.opts) }

// Board returns the hex board.
func (s *State) Board() *board.Topology { return s.v.Board }

// MidTurn is always false: a turn is one step.
func (s *State) MidTurn() bool { return false }

// Moves returns, per direction (board.HexE order), the pieces of own that may step that
// way: the neighbour is on the board and not own, and the piece's group after the step is
// strictly larger than its group before.
//
// The groups are labelled once. The new group of a step of c (group G of g pieces) to a
// is a itself, every other group beside a (S pieces in all) and the part of G − c still
// beside a (P pieces, at most g − 1). So with S = 0 the step is never legal; with S ≥ g it
// always is; in between it is legal if c's own neighbours form one arc round it, since
// G − c then stays connected (a path through c can go round along the arc) and P = g − 1
// as soon as a touches G − c. Only the remaining steps, from a piece whose neighbours form
// two arcs or more, need a flood fill for P.
func Moves(t *kit.Hex128, own set) (mv [6]set) {
	var label [128]uint8
	var groups [64]set
	var sizes [64]int
	n := 0
	for rest := own; rest[0]|rest[1] != 0; n++ {
		c := rest.Lowest()
		g := t.Group(own, c)
		groups[n], sizes[n] = g, g.Count()
		for w := 0; w < 2; w++ {
			for x := g[w]; x != 0; x &= x - 1 {
				label[w*64+bits.TrailingZeros64(x)] = uint8(n)
			}
		}
		rest[0] &^= g[0]
		rest[1] &^= g[1]
	}
	for w := 0; w < 2; w++ {
		for x := own[w]; x != 0; x &= x - 1 {
			c := w*64 + bits.TrailingZeros64(x)
			home := label[c]
			before := sizes[home]
			rest := own
			rest.Remove(c)
			var around uint8
			for d, a := range t.Nbr[c] {
				if a >= 0 && own.Has(int(a)) {
					around |= 1 << d
				}
			}
			oneArc := arcs[around] <= 1
			for d := 0; d < 6; d++ {
				a := int(t.Nbr[c][d])
				if a < 0 || own.Has(a) {
					continue
				}
				nb := t.NbrSet[a]
				nb[0] &= rest[0]
				nb[1] &= rest[1]
				after := 1
				var seen uint64
				touchesHome := false
				for v := 0; v < 2; v++ {
					for y := nb[v]; y != 0; y &= y - 1 {
						l := label[v*64+bits.TrailingZeros64(y)]
						switch {
						case l == home:
							touchesHome = true
						case seen>>l&1 == 0:
							seen |= 1 << l
							after += sizes[l]
						}
					}
				}
				// after is now 1 + S.
				switch {
				case after == 1:
					continue
				case after > before:
				case !touchesHome:
					continue
				case oneArc:
					after += before - 1
				default:
					grown := rest
					grown.Add(a)
					after = t.Group(grown, a).Count()
				}
				if after > before {
					mv[d].Add(c)
				}
			}
		}
	}
	return mv
}

// arcs[m] is the number of runs of set bits in the six-bit mask m read round a circle:
// given a cell's own neighbours by direction (board.HexE order, in which consecutive
// directions point at cells next to each other), the arcs they form round it.
var arcs = func() (t [64]uint8) {
	for m := range t {
		for d := 0; d < 6; d++ {
			if m>>d&1 == 1 && m>>((d+5)%6)&1 == 0 {
				t[m]++
			}
		}
	}
	return t
}()

// step is the move of the piece with index i in direction d.
func (s *State) step(i, d int) rules.Move {
	c := s.v.site[i]
	var t board.Site
	if s.v.packed {
		t = board.Site(s.v.site[s.v.next(i, d)])
	} else {
		t = board.Site(s.v.Nbr[c][d])
	}
	return rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(c), t}}
}

// LegalMoves lists the steps direction by direction, and within one by the piece's site.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	for d := 0; d < 6; d++ {
		for w := 0; w < 2; w++ {
			for x := s.moves[d][w]; x != 0; x &= x - 1 {
				dst = append(dst, s.step(w*64+bits.TrailingZeros64(x), d))
			}
		}
	}
	return dst
}

// RandomMove implements rules.RandomMover from the move sets: it draws k and finds the
// k-th step of LegalMoves' order by population counts, without listing the moves.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	if v := s.v; v.packed {
		// A packed board's sets fill only their first word, and its steps are counted
		// here rather than kept by Apply. The generator is called first, so that no
		// count has to be kept across the call.
		x := rng.Uint64()
		m := &s.moves
		n0, n1, n2 := bits.OnesCount64(m[0][0]), bits.OnesCount64(m[1][0]), bits.OnesCount64(m[2][0])
		n3, n4, n5 := bits.OnesCount64(m[3][0]), bits.OnesCount64(m[4][0]), bits.OnesCount64(m[5][0])
		starts := startsOf(n0, n1, n2, n3, n4)
		k := board.Below(rng, x, starts>>(5*laneBits)+uint64(n5))
		// The direction, by the lanes as below.
		d := bits.OnesCount64((uint64(k)*laneOnes | laneGuards - starts) & laneGuards)
		before := int(starts >> (laneBits * d) & laneMask)
		i := board.SelectLow(m[d][0], k-before) & 63
		j := v.next(i, d)
		s.drawn = 1<<63 | uint64(i) | uint64(j)<<8
		// The move is copied whole from the table: see variant.steps.
		return v.steps[i][d], true
	}
	// Below draws what IntN(total) would, without IntN's call.
	k := board.Below(rng, rng.Uint64(), uint64(s.total))
	// d counts the directions 1 to 5 whose steps start at or before the k-th, all five
	// compared at once: lane by lane, k with its guard bit set, minus a start, keeps the
	// guard bit where the start is at most k (k and the starts are below 2⁹, so nothing
	// borrows across lanes).
	d := bits.OnesCount64((uint64(k)*laneOnes | laneGuards - s.starts) & laneGuards)
	before := int(s.starts >> (laneBits * d) & laneMask)
	return s.step(s.moves[d].Select(k-before), d), true
}

// startsOf returns the lanes of State.starts from the counts of directions 0 to 4: the
// count of direction d goes in lane d+1, and a multiplication adds to each lane those
// below it (the sums, at most 5 × 43, fit a lane; what spills past lane 5 is cut off).
func startsOf(n0, n1, n2, n3, n4 int) uint64 {
	lanes := uint64(n0)<<laneBits | uint64(n1)<<(2*laneBits) | uint64(n2)<<(3*laneBits) | uint64(n3)<<(4*laneBits) | uint64(n4)<<(5*laneBits)
	return lanes * (1 | laneOnes>>laneBits) & (1<<(6*laneBits) - 1)
}

// The lanes of State.starts: laneOnes has a one in each of lanes 1 to 5, laneGuards the
// top bit of each. A side has at most 43 pieces (maxPerSide), so no count reaches 2⁹.
const (
	laneBits   = 10
	laneMask   = 1<<laneBits - 1
	laneOnes   = 1<<laneBits | 1<<(2*laneBits) | 1<<(3*laneBits) | 1<<(4*laneBits) | 1<<(5*laneBits)
	laneGuards = laneOnes << (laneBits - 1)
)

// count sets starts and total from moves on a board that is not packed (a packed
// board's RandomMove counts its steps itself).
func (s *State) count() {
	if s.v.packed {
		return
	}
	m := &s.moves
	s.starts = startsOf(m[0].Count(), m[1].Count(), m[2].Count(), m[3].Count(), m[4].Count())
	s.total = int(s.starts>>(5*laneBits)) + m[5].Count()
}

// Apply plays m; a move that is not legal leaves the state unchanged.
func (s *State) Apply(m rules.Move) {
	h := s.drawn
	s.drawn = 0
	if s.Over || m.Kind != rules.Step || m.Len != 2 || m.Tag != 0 {
		return
	}
	if h != 0 {
		// The step RandomMove just drew, legal and already looked up, if m is that step.
		// Its cells come from the note rather than from m: m's copies on its way here
		// wait on one another, and a predicted branch does not wait for them.
		ic, it := int(h&0xff), int(h>>8&0xff)
		c, t := s.v.site[ic], s.v.site[it]
		if m.Path[0] == board.Site(c) && m.Path[1] == board.Site(t) {
			s.stepPacked(uint(c), uint(t), uint(ic), uint(it))
			return
		}
	}
	c, t := int(m.Path[0]), int(m.Path[1])
	v := s.v
	if c < 0 || c >= v.Cells || t < 0 || t >= v.Cells {
		return
	}
	ic, it := int(v.index[c]), int(v.index[t])
	if v.packed {
		s.applyPacked(c, t, ic, it)
		return
	}
	d := v.direction(c, t)
	if d < 0 || !s.moves[d].Has(ic) {
		return
	}
	p, q := s.Turn, s.Turn.Other()
	// A capture is folded in with masks rather than a branch, which would mispredict.
	captured := s.occ[q][t>>6] >> (t & 63) & 1
	s.occ[p].Remove(c)
	s.occ[p].Add(t)
	s.occ[q].Remove(t)
	s.Zobrist ^= v.pieceKey(c, p) ^ v.pieceKey(t, p) ^ v.keys[sideKey] ^ v.pieceKey(t, q)&-captured
	s.Turn = q
	s.moves = Moves(v.Hex128, s.occ[q])
	s.count()
	s.Over = s.total == 0
}

// applyPacked is Apply on a packed board, from the sites c and t on the board and their
// packed indices: it checks the step against the move sets and plays it.
func (s *State) applyPacked(c, t, ic, it int) {
	// In either layout the difference of the indices names the direction.
	var d int
	if s.v.torus {
		d = int(tor.dir[(it-ic+torusCells)%torusCells])
	} else {
		diff := uint(it - ic + rowBits)
		if diff > 2*rowBits {
			return
		}
		d = int(packedDir[diff])
	}
	if d < 0 || s.moves[d][0]>>ic&1 == 0 {
		return
	}
	s.stepPacked(uint(c), uint(t), uint(ic), uint(it))
}

// stepPacked plays the legal step from site c to site t, of packed indices ic and it, on
// a packed board: the one-word pieces give the capture, every site is in the first word
// of the site sets (61 cells at most), and the keys are read by packed index.
func (s *State) stepPacked(c, t, ic, it uint) {
	v := s.v
	// The masks on the player and the shifts spare the bounds checks and the guards for
	// shifts of 64 or more that the compiler would put on the way to the move generation.
	p := s.Turn & 1
	q := p ^ 1
	c, t, ic, it = c&63, t&63, ic&63, it&63
	// A capture is folded in with masks rather than a branch, which would mispredict.
	bc, bt := uint64(1)<<ic, uint64(1)<<it
	other := s.own[q]
	captured := other >> it & 1
	other &^= bt
	s.own[q] = other
	s.own[p] ^= bc | bt
	s.occ[p][0] ^= 1<<c | 1<<t
	s.occ[q][0] &^= 1 << t
	s.Zobrist ^= v.keyAt[p][ic] ^ v.keyAt[p][it] ^ v.turnKey ^ v.keyAt[q][it]&-captured
	s.Turn = q
	if v.torus {
		torusMoves(other, &s.moves)
	} else {
		packedMoves(v.board, other, &s.moves)
	}
	m := &s.moves
	s.Over = m[0][0]|m[1][0]|m[2][0]|m[3][0]|m[4][0]|m[5][0] == 0
}

// direction returns the direction from site c to site t, or -1 if they are not
// neighbours.
func (v *variant) direction(c, t int) int {
	for d := 0; d < 6; d++ {
		if int(v.Nbr[c][d]) == t {
			return d
		}
	}
	return -1
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State { c := *s; return &c }

// CopyFrom overwrites s with src, another Unlace state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes Hash from scratch.
func (s *State) ComputeHash() uint64 {
	var h uint64
	if s.Turn == 1 {
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

// AppendKey appends the size, the turn, the end flag and both players' pieces; nothing
// else affects the rules.
func (s *State) AppendKey(dst []byte) []byte {
	over := byte(0)
	if s.Over {
		over = 1
	}
	dst = append(dst, byte(s.v.Size), byte(s.Turn), over)
	for p := range s.occ {
		for _, w := range s.occ[p] {
			dst = binary.LittleEndian.AppendUint64(dst, w)
		}
	}
	return dst
}

// Outcome reports the winner once the player to move has no legal step.
func (s *State) Outcome() (rules.Outcome, bool) {
	if !s.Over {
		return rules.Outcome{}, false
	}
	return rules.Outcome{Winner: s.Turn.Other(), Reason: "no-moves"}, true
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

// WhyNot implements rules.Explainer: the group rule is the one players trip over.
func (s *State) WhyNot(path []board.Site) string {
	if s.Over || len(path) == 0 || len(path) > 2 {
		return ""
	}
	c := int(path[0])
	own := s.occ[s.Turn]
	if c < 0 || c >= s.v.Cells || !own.Has(c) {
		return ""
	}
	if len(path) == 1 {
		return "stuck"
	}
	for d := 0; d < 6; d++ {
		if a := int(s.v.Nbr[c][d]); a >= 0 && board.Site(a) == path[1] {
			if own.Has(a) {
				return "friendly"
			}
			return "not-larger"
		}
	}
	return "one-step"
}

// Memoryless: nothing but the pieces and the player to move decides what comes next.
func (s *State) Memoryless() bool { return true }

var (
	_ rules.Explainer  = (*State)(nil)
	_ rules.Memoryless = (*State)(nil)
)
