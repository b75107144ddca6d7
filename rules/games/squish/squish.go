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
	"koma/rules/kit"
)

// Board sizes offered, in cells per side.
const (
	minSize = kit.MinHexSize
	maxSize = kit.MaxHex128Size
	// maxCells is the cell count of the largest board, 3n²-3n+1 for n = maxSize; it fits
	// the kit's two-word set (kit.MaxHex128Size).
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

// set is the kit's two-word cell set, which holds the largest board.
type set = kit.Set128

// setupOwner returns who owns the cell at axial coordinates (q, y) in the starting
// position on any board size: the colour classes of the package comment (kit.HexClass),
// 1 White, 2 Black, 0 empty.
func setupOwner(q, y int) rules.Player {
	switch kit.HexClass(q, y) {
	case 1:
		return 0
	case 2:
		return 1
	}
	return rules.NoPlayer
}

// variant is the immutable data shared by every position of one game and board size.
type variant struct {
	*kit.Hex128
	game *rules.Game
	flow bool
	opts rules.Options
	keys board.Zobrist
	// tor is the one-word layout of boards of up to 64 cells (torus.go), nil on larger
	// ones.
	tor *torus
	// start holds each player's pieces in the starting position. It comes last, out of
	// the way of the fields the playouts read.
	start [2]set
}

// sideKey is the Zobrist key toggled when Black is to move; piece keys follow it.
const sideKey = 0

func (v *variant) pieceKey(c int, p rules.Player) uint64 { return v.keys[1+2*c+int(p)] }

var variants [2][maxSize + 1]func() *variant

func init() {
	for f, g := range []*rules.Game{Game, Flowish} {
		for n := minSize; n <= maxSize; n++ {
			variants[f][n] = sync.OnceValue(func() *variant {
				t := kit.Hex128Of(n)
				v := &variant{
					Hex128: t, game: g, flow: f == 1,
					opts: rules.Options{"size": strconv.Itoa(n)},
					keys: board.NewZobrist(g.ID, 1+2*t.Cells),
					tor:  newTorus(t),
				}
				for c := 0; c < t.Cells; c++ {
					if p := setupOwner(int(t.Q[c]), int(t.Y[c])); p >= 0 {
						v.start[p].Add(c)
					}
				}
				return v
			})
		}
	}
}

// State is a Squish or Flowish position.
type State struct {
	rules.Status
	v   *variant
	occ [2]set
	// moves[d] holds the pieces of the player to move that may step in direction d; Apply
	// fills it for the next player, who loses at once if it is empty. On boards with a
	// torus layout, tocc and tmoves hold the pieces and the moves in that layout instead
	// of moves (occ is kept in both).
	moves  [6]set
	tocc   [2]uint64
	tmoves [6]uint64
	// grp holds each player's groups, kept by Apply in Flowish on boards with a torus
	// layout (groups.go).
	grp [2]groups
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
	s := &State{Status: rules.Status{Winner: rules.NoPlayer}, v: v, occ: v.start}
	s.Zobrist = s.ComputeHash()
	s.hist.Push(s.Zobrist)
	s.derive()
	return s, nil
}

// derive fills what follows from the pieces and the player to move: the torus copy of
// the pieces and the moves.
func (s *State) derive() {
	s.drawn = 0
	if x := s.v.tor; x != nil {
		s.tocc = [2]uint64{x.Of(s.occ[0]), x.Of(s.occ[1])}
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
	if s.Over {
		return dst
	}
	if x := s.v.tor; x != nil {
		for d := 0; d < 6; d++ {
			for m := s.tmoves[d]; m != 0; m &= m - 1 {
				dst = append(dst, s.step(x.Site[bits.TrailingZeros64(m)&63], d))
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
func (s *State) movesIn(d int) set {
	if s.v.tor != nil {
		return s.v.tor.Set(s.tmoves[d])
	}
	return s.moves[d]
}

// RandomMove implements rules.RandomMover from the move masks.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
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
		tb := uint(x.Ring[b][d]) & 63
		s.drawn = 1<<63 | uint64(b) | uint64(tb)<<8 | uint64(x.Site[b]&0xffff)<<16 | uint64(x.Site[tb]&0xffff)<<32
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
	return s.step(s.moves[d].Select(k), d), true
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
	if s.Over {
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
	p, q := s.Turn, s.Turn.Other()
	s.occ[p].Remove(c)
	s.occ[p].Add(t)
	s.Zobrist ^= v.pieceKey(c, p) ^ v.pieceKey(t, p) ^ v.keys[sideKey]
	captured := s.occ[q].Has(t)
	if captured {
		s.occ[q].Remove(t)
		s.Zobrist ^= v.pieceKey(t, q)
	}
	s.Turn = q
	unified := v.UnifiedAfter(s.occ[p], t)
	unifiedByCapture := !unified && captured && v.Unified(s.occ[q])
	s.settle(p, captured, unified, unifiedByCapture)
}

// applyTorus is Apply of a step from site c to site t on a board with a torus layout,
// whose cells all fit the first word of a Set: it checks the step, then plays it.
func (s *State) applyTorus(x *torus, c, t uint) {
	if c >= x.N || t >= x.N {
		return
	}
	cb, tb := x.Bit[c&63], x.Bit[t&63]
	// One look-up instead of a search over the directions, whose exit the processor
	// mispredicts. The torus numbers the cells one to one, so t is c's neighbour in
	// direction d whenever c has one there, which a piece with a move that way has.
	d := x.Dir[(tb-cb)&127]
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
	p, q := s.Turn, s.Turn.Other()
	tm := uint64(1) << (tb & 63)
	captured := s.tocc[q]&tm != 0
	// The hash takes the captured piece's key without a branch: capt is all ones when
	// there is one.
	capt := -(s.tocc[q] >> (tb & 63) & 1)
	s.occ[p][0] ^= 1<<(c&63) | 1<<(t&63)
	s.occ[q][0] &^= 1 << (t & 63)
	s.Zobrist ^= v.pieceKey(int(c), p) ^ v.pieceKey(int(t), p) ^ v.keys[sideKey] ^ v.pieceKey(int(t), q)&capt
	s.tocc[p] ^= 1<<(cb&63) | tm
	s.tocc[q] &^= tm
	s.Turn = q
	unified := x.UnifiedAfter(s.tocc[p], tb)
	unifiedByCapture := !unified && captured && x.Unified(s.tocc[q])
	s.settle(p, captured, unified, unifiedByCapture)
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
	repeated = s.hist.Len() >= 8 && s.hist.Count(s.Zobrist) >= 2
	s.hist.Push(s.Zobrist)
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
	s.Finish(winner, reason)
	s.moves = [6]set{}
	s.tmoves = [6]uint64{}
	s.fallback = false
}

// generate fills moves (or tmoves) for the player to move.
func (s *State) generate() {
	if x := s.v.tor; x != nil {
		own := s.tocc[s.Turn]
		if !s.v.flow {
			x.squishMoves(own, &s.tmoves)
			return
		}
		k := &s.grp[s.Turn]
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
		s.moves, s.fallback = flowMoves(s.v.Hex128, s.occ[s.Turn])
		return
	}
	s.moves = squishMoves(s.v.Hex128, s.occ[s.Turn])
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
func squishMoves(t *kit.Hex128, own set) (mv [6]set) {
	for w := 0; w < 2; w++ {
		for x := own[w]; x != 0; x &= x - 1 {
			c := w*64 + bits.TrailingZeros64(x)
			bit := x & -x
			nbr, ray := &t.Nbr[c], &t.Ray2[c]
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

// Clone returns an independent copy.
func (s *State) Clone() rules.State { c := *s; return &c }

// CopyFrom overwrites s with src, another state of the same game.
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

// AppendKey appends the game, size, turn, result, quiet count, both players' pieces and
// the positions since the last capture.
func (s *State) AppendKey(dst []byte) []byte {
	over := byte(0)
	if s.Over {
		over = 1
	}
	flow := byte(0)
	if s.v.flow {
		flow = 1
	}
	dst = append(dst, flow, byte(s.v.Size), byte(s.Turn), over, byte(s.Winner), s.Reason, byte(s.quiet))
	for p := range s.occ {
		for _, w := range s.occ[p] {
			dst = binary.LittleEndian.AppendUint64(dst, w)
		}
	}
	return s.hist.AppendKey(dst)
}

// Outcome reports the result once the game is over.
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
