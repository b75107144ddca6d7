// Package stoic implements Stoic, Kanare Kato's placement game on a hexagon-shaped board of
// hex cells (ID "stoic").
//
// # Sources
//
// Kanare Kato's English rulebook for Stoic (2021), sections "Gameplay" and "Game end"; the
// project's copy lost its diagrams. Coordinates, directions and cell labels are those of
// board.NewHex. Where the rulebook leaves a point open, the decision below is Koma's own
// and says why.
//
// # Rules as implemented
//
// The board starts empty. White (Player 0) moves first, then the players alternate. A turn
// places one piece of the mover's colour on an empty cell that is not forbidden for the
// mover. A cell p is forbidden for player X when, in some direction u, the cell p+u holds an
// opponent piece and p+2u holds a piece of X: the new piece would enclose exactly one enemy
// piece between two of X's. Nothing is ever captured, flipped or moved. A player to move who
// has no permitted cell, because the board is full or because every empty cell is forbidden
// for them, loses ("no-moves"). Every turn fills a cell, so a game lasts at most as many
// turns as the board has cells and cannot be drawn.
//
// # Decisions
//
//   - Koma's reading of the sandwich: only lines through the new piece count, and the
//     pattern is exactly three consecutive cells new–enemy–own. An own–enemy–own pattern
//     already on the board (made when the opponent played between two of the mover's
//     pieces) forbids nothing later. Settles whether "sandwich" is a property of the board
//     or of the placement.
//   - Enclosing two or more enemy pieces in a row, playing between two enemy pieces, and
//     patterns with a gap (own–enemy–empty–own) are all allowed; the rulebook says so for
//     the first two, and the third is not a sandwich at all.
//   - The forbidden cells depend on the mover's colour, so each player has their own
//     forbidden set; a cell may be closed to one player and open to the other.
//   - There is no pass. "Cannot place" covers both a full board and a board whose empty
//     cells are all forbidden for the player to move.
//   - No pie rule; the rulebook has none.
//   - Colours: the rulebook lets the players choose colours before the game; Koma seats
//     White as Player 0, the first player.
//
// # Options
//
//   - size: cells per side of the board, "3" to "8", default "4" (the rulebook recommends 4
//     or 5 and allows any size; 8 is the largest board that fits the 192-bit cell sets).
//
// Presets: the default board (4) and size=5.
//
// # Representation and hashing
//
// A position holds one bit set of cells per player and, per player, the set of cells that
// are forbidden for that player: three-word cell sets from package kit (kit.Set192). Pieces
// are never removed, so a cell once forbidden stays forbidden: Apply only adds the cells
// that the new piece forbids, looking one and two cells out along the six directions
// through precomputed neighbour tables. The legal cells are then empty &^ forbidden[mover],
// a handful of word operations.
//
// Hash is a Zobrist hash (keys seeded with "stoic") of the pieces on the board plus a key
// for Black to move. AppendKey encodes the board size, the pieces of both players, the player
// whose turn it is and whether the game is over. The forbidden sets and the outcome follow
// from the board and the player to move, so neither needs hashing; no move counter or
// history affects the rules.
package stoic

import (
	"encoding/binary"
	"fmt"
	"maps"
	"math/bits"
	"slices"
	"strconv"
	"sync"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/kit"
)

// Board sizes offered, in cells per side.
const (
	minSize = 3
	maxSize = 8
	// maxCells is the cell count of the largest board, 3n²-3n+1 for n = maxSize.
	maxCells = 3*maxSize*maxSize - 3*maxSize + 1
)

// Game is the definition card of Stoic.
var Game = &rules.Game{
	ID:    "stoic",
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.HexCells,
	Looks: []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{
		{Key: "size", Values: []string{"3", "4", "5", "6", "7", "8"}, Default: "4"},
	},
	Presets: []string{"", "size=5"},
	// Every turn fills a cell, so no game can outlast the largest board; the bound is only
	// a safety net for tools that require one.
	MaxTurns: maxCells + 1,
	New:      newState,
	// Tree search beat alpha-beta in self-play.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Engine: rules.TreeEngine},
		Blurred: rules.SearchTuning{Engine: rules.TreeEngine},
	},
}

// cellSet is the kit's three-word cell set, which holds the largest board.
type cellSet = kit.Set192

// The largest board fits a cellSet; this fails to compile otherwise.
var _ [len(cellSet{})*64 - maxCells]struct{}

// variant is the immutable data shared by every position on one board size.
type variant struct {
	size  int
	cells int
	topo  *board.Topology
	opts  rules.Options
	all   cellSet
	keys  board.Zobrist
	// near[c][d] and far[c][d] are the cells one and two steps from c in direction d, or -1.
	near, far [][6]int16
}

// sideKey is the Zobrist key toggled when Black is to move; piece keys follow it.
const sideKey = 0

func (v *variant) pieceKey(c int, p rules.Player) uint64 { return v.keys[1+2*c+int(p)] }

var variants [maxSize + 1]func() *variant

func init() {
	for n := minSize; n <= maxSize; n++ {
		variants[n] = sync.OnceValue(func() *variant { return buildVariant(n) })
	}
}

func buildVariant(n int) *variant {
	t := board.NewHex(n)
	v := &variant{
		size:  n,
		cells: t.Len(),
		topo:  t,
		opts:  rules.Options{"size": strconv.Itoa(n)},
		keys:  board.NewZobrist(Game.ID, 1+2*t.Len()),
		near:  make([][6]int16, t.Len()),
		far:   make([][6]int16, t.Len()),
	}
	for c := 0; c < v.cells; c++ {
		v.all.Add(c)
		for d := 0; d < 6; d++ {
			v.near[c][d], v.far[c][d] = -1, -1
			a := t.Step(board.Site(c), board.Dir(d))
			if a == board.NoSite {
				continue
			}
			v.near[c][d] = int16(a)
			if b := t.Step(a, board.Dir(d)); b != board.NoSite {
				v.far[c][d] = int16(b)
			}
		}
	}
	return v
}

// State is a Stoic position.
type State struct {
	rules.Status
	v *variant
	// occ holds each player's pieces; forb the cells forbidden for each player, which may
	// include occupied cells since only empty ones are ever offered.
	occ, forb [2]cellSet
}

func newState(opts rules.Options) (rules.State, error) {
	text := opts.Get("size")
	n, err := strconv.Atoi(text)
	if err != nil || n < minSize || n > maxSize || strconv.Itoa(n) != text {
		return nil, fmt.Errorf("stoic: size %q: want a whole number from %d to %d", text, minSize, maxSize)
	}
	s := &State{Status: rules.Status{Turn: 0}, v: variants[n]()}
	s.Zobrist = s.ComputeHash()
	return s, nil
}

// Game returns the Stoic definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns a copy of the options, so that callers cannot change the shared ones.
func (s *State) Variant() rules.Options {
	return maps.Clone(s.v.opts)
}

// Board returns the hex board of the position's size.
func (s *State) Board() *board.Topology { return s.v.topo }

// open returns the empty cells that p may play on.
func (s *State) open(p rules.Player) cellSet {
	var c cellSet
	for w := range c {
		c[w] = s.v.all[w] &^ (s.occ[0][w] | s.occ[1][w] | s.forb[p][w])
	}
	return c
}

// LegalMoves appends a placement for every open cell, in site order. It grows dst once and
// fills the new elements in place, which playouts notice: generation is most of their work.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	open := s.open(s.Turn)
	n := 0
	for _, word := range open {
		n += bits.OnesCount64(word)
	}
	k := len(dst)
	dst = slices.Grow(dst, n)[:k+n]
	for w, word := range open {
		for word != 0 {
			i := bits.TrailingZeros64(word)
			word &= word - 1
			dst[k] = placement(w*64 + i)
			k++
		}
	}
	return dst
}

// Apply plays m. The interface gives Apply no way to report an error, so a move that is not
// legal leaves the state unchanged instead of corrupting it; rules.Play reports such moves.
func (s *State) Apply(m rules.Move) {
	c := int(m.Path[0])
	if s.Over || c < 0 || c >= s.v.cells || m != placement(c) {
		return
	}
	if open := s.open(s.Turn); !open.Holds(c) {
		return
	}
	s.place(c, s.Turn)
	s.Turn = s.Turn.Other()
	s.Zobrist ^= s.v.keys[sideKey]
	s.settle()
}

// placement is the move that places on cell c, exactly as LegalMoves writes it.
func placement(c int) rules.Move {
	return rules.Move{Kind: rules.Place, Len: 1, Path: [rules.MaxPath]board.Site{board.Site(c)}}
}

// place puts a piece of p on the empty cell c and adds the cells the new piece forbids. The
// new piece can play two parts in a forbidden pattern: the far own piece (for p) and the
// enclosed enemy piece (for the opponent). Its third part, the empty cell, is never a
// piece, and since pieces stay forever, no cell ever becomes allowed again.
func (s *State) place(c int, p rules.Player) {
	v, q := s.v, p.Other()
	s.occ[p].Add(c)
	s.Zobrist ^= v.pieceKey(c, p)
	near, far := &v.near[c], &v.far[c]
	for d := 0; d < 6; d++ {
		a := int(near[d])
		if a < 0 {
			continue
		}
		// c own, a enemy: the cell beyond a is closed to p.
		if b := int(far[d]); b >= 0 && s.occ[q].Holds(a) {
			s.forb[p].Add(b)
		}
		// (d+3)%6 is the opposite direction in board's hex direction order.
		// c is the enclosed enemy for q, with a piece of q behind it: a is closed to q
		// (whether or not a is empty, since an occupied cell is never offered anyway).
		if o := int(near[(d+3)%6]); o >= 0 && s.occ[q].Holds(o) {
			s.forb[q].Add(a)
		}
	}
}

// settle ends the game when the player whose turn it is has no open cell.
func (s *State) settle() {
	open := s.open(s.Turn)
	var left uint64
	for _, w := range open {
		left |= w
	}
	s.Over = left == 0
}

// MidTurn is always false: every turn of this game is a single decision.
func (s *State) MidTurn() bool { return false }

// Clone returns an independent copy.
func (s *State) Clone() rules.State { c := *s; return &c }

// CopyFrom overwrites s with src, another Stoic state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes Hash from the pieces and the player whose turn it is.
func (s *State) ComputeHash() uint64 {
	var h uint64
	if s.Turn == 1 {
		h = s.v.keys[sideKey]
	}
	for p := rules.Player(0); p < 2; p++ {
		for w, word := range s.occ[p] {
			for word != 0 {
				i := bits.TrailingZeros64(word)
				word &= word - 1
				h ^= s.v.pieceKey(w*64+i, p)
			}
		}
	}
	return h
}

// AppendKey appends the size, the turn, the end flag and both players' pieces.
func (s *State) AppendKey(dst []byte) []byte {
	over := byte(0)
	if s.Over {
		over = 1
	}
	dst = append(dst, byte(s.v.size), byte(s.Turn), over)
	for p := range s.occ {
		for _, w := range s.occ[p] {
			dst = binary.LittleEndian.AppendUint64(dst, w)
		}
	}
	return dst
}

// Outcome reports the winner once the player to move has no open cell.
func (s *State) Outcome() (rules.Outcome, bool) {
	if !s.Over {
		return rules.Outcome{}, false
	}
	return rules.Outcome{Winner: s.Turn.Other(), Reason: "no-moves"}, true
}

// Pieces appends the piece on site, if any.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	c := int(site)
	if c < 0 || c >= s.v.cells {
		return dst
	}
	for p := rules.Player(0); p < 2; p++ {
		if s.occ[p].Holds(c) {
			return append(dst, rules.Piece{Owner: p})
		}
	}
	return dst
}
