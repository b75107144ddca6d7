// Package konane implements Kōnane, the Hawaiian jumping game, for Koma.
//
// # Sources
//
// Kanare Kato's rulebook for Kōnane, in English and in Japanese (sections "Setup" and
// "Gameplay"; the Japanese adds that a chain may stop at any time and that every turn must
// capture), and Damian Walker's rule sheet "Konane" (2011), whose numbered rules 1–12
// ("Beginning the Game", "Capturing Pieces", "Ending the Game") and "Variations" are cited
// below as Walker's. Where the sources leave a point open, the decision below is Koma's own
// and says why.
//
// # Rules as implemented
//
//   - Board: an n×n square board, n = 6, 8 or 10, filled with a checkerboard of pieces.
//     Player 0 is Black and moves first; Player 1 is White. Black stands on a1 and on every
//     cell whose file number plus rank number (both counted from 1) is even. Sources differ
//     on which colour takes a1 (Koma's choice); on an even board a quarter turn swaps the
//     colour classes, so this is only a labelling choice, and it puts all of Black's
//     openings on the a1 diagonal.
//   - Opening, turn 1: Black removes one of its own pieces from a corner or from the centre.
//     "Corner" is one of the four corner cells and "centre" one of the central 2×2 block
//     (Walker's "four central squares"); Black owns exactly two cells of each, so it has
//     four choices: a1, the far corner, and the two central Black cells.
//   - Opening, turn 2: White removes one of its pieces orthogonally adjacent to the hole.
//     The Japanese text says so explicitly; diagonal neighbours are never White anyway.
//   - Then Black makes the first capture (Walker rule 4) and the players alternate.
//   - A capture jumps one of the mover's pieces orthogonally over an adjacent enemy piece
//     onto the empty cell just beyond it, inside the board, and removes the jumped piece.
//   - The same piece may keep jumping, but only straight on in the same direction; it may
//     stop after any jump (Japanese text; Walker rule 8). Every stopping point is a separate
//     rules.Jump move whose Path holds the start and every landing cell, so "stop early" is
//     just a shorter move. Changing direction is never possible.
//   - Every turn after the opening is exactly one capture: there are no plain steps and no
//     passing.
//   - A player with no capture on their turn loses, with the reason "no-moves". The number
//     of pieces captured does not matter (Walker rule 12). Draws and repetitions cannot
//     happen, because every capture turn removes a piece.
//
// # Options
//
//   - size: "6", "8" or "10"; default "10", the rulebook's standard board.
//   - jumps: "multi" (default) allows the straight multi-jumps above; "single" is Walker's
//     modern form ("Variations"), exactly one jump per turn, which he suggests for the
//     smaller boards.
//
// # State, hash and key
//
// The board is two bitsets, one per player, indexed like the board.Topology sites
// (row*n+col): the kit's pairs of words (kit.PairSet), whose shifts move every piece a step
// at once. The phase (Black's removal, White's removal, captures) follows from the number
// of empty cells, and whether the game is over follows from the board and the player to
// move; both are cached in the state for speed. Hash is a Zobrist hash of the pieces and
// the player to move, with keys seeded by the game ID and the board size. AppendKey encodes
// the size, the jump rule, the phase, the player to move and both bitsets: nothing else
// influences the rest of the game, since Kōnane has no counters and no repetition rule.
package konane

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/kit"
)

const gameID = "konane"

// ReasonNoMoves is the outcome reason when the player to move has no capture and loses.
const ReasonNoMoves = "no-moves"

// The seats.
const (
	black rules.Player = 0
	white rules.Player = 1
)

// The phases of a game, in order.
const (
	phaseBlackRemoves uint8 = iota
	phaseWhiteRemoves
	phaseCaptures
)

// The four orthogonal directions, in the order moves are generated.
const (
	north = iota
	east
	south
	west
	numDirs
)

var sizeValues = []string{"6", "8", "10"}
var jumpValues = []string{"multi", "single"}

// Game is the definition card of Kōnane.
var Game = &rules.Game{
	ID:    gameID,
	Sides: []rules.Side{{Colour: rules.Black}, {Colour: rules.White}},
	Style: rules.Checkered,
	Looks: []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{
		{Key: "size", Values: sizeValues, Default: "10"},
		{Key: "jumps", Values: jumpValues, Default: "multi"},
	},
	Presets: []string{"size=6", "size=8", "", "size=6,jumps=single", "size=8,jumps=single"},
	// Two removal turns, then every turn removes at least one of the n²-2 remaining pieces,
	// so no game on the largest board lasts more than 100 turns.
	MaxTurns: 100,
	New:      newState,
	// Alpha-beta over the mobility evaluation beat tree search in self-play, at every
	// level.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Engine: rules.AlphaBetaEngine},
		Blurred: rules.SearchTuning{Engine: rules.AlphaBetaEngine},
	},
}

var errOption = errors.New("unsupported option value")

// bitset is a set of cells, one bit per site index (row*n+col): the kit's pair of words,
// which covers the 100 cells of the largest board, so every size shares one fast code
// path, and whose shifts step every piece at once.
type bitset = kit.PairSet

// variant is the immutable data shared by every position of one size and jump rule.
type variant struct {
	n      int
	cells  int
	single bool
	opts   rules.Options
	topo   *board.Topology
	// zob holds a key per player and cell (player*cells+cell), then the White-to-move key.
	zob board.Zobrist
	// full is every cell of the board.
	full bitset
	// eastRoom and westRoom hold the cells from which a horizontal jump lands on the board;
	// they keep jumps from wrapping into the next row.
	eastRoom, westRoom bitset
	// shift is the index distance of one step in each direction.
	shift [numDirs]int
	// openings are Black's four removal cells, in site order.
	openings [4]board.Site
	// neighbours[c] lists the orthogonal neighbours of cell c, in site order, for White's
	// removal; unused slots hold board.NoSite.
	neighbours [][4]board.Site
}

// variants[size index][jump index] is built once; positions only point at it.
var variants = buildVariants()

func buildVariants() [3][2]*variant {
	var out [3][2]*variant
	for i, sv := range sizeValues {
		n, _ := strconv.Atoi(sv)
		topo := board.NewSquare(n, n)
		// The key layout depends on the size, so the size is part of the seed.
		zob := board.NewZobrist(gameID+":size="+sv, 2*n*n+1)
		for j, jv := range jumpValues {
			out[i][j] = newVariant(n, jv == "single", rules.Options{"size": sv, "jumps": jv}, topo, zob)
		}
	}
	return out
}

func newVariant(n int, single bool, opts rules.Options, topo *board.Topology, zob board.Zobrist) *variant {
	v := &variant{n: n, cells: n * n, single: single, opts: opts, topo: topo, zob: zob}
	v.shift = [numDirs]int{north: n, east: 1, south: -n, west: -1}
	for c := 0; c < v.cells; c++ {
		col := c % n
		v.full = v.full.Or(kit.PairBit(c))
		if col+2 < n {
			v.eastRoom = v.eastRoom.Or(kit.PairBit(c))
		}
		if col >= 2 {
			v.westRoom = v.westRoom.Or(kit.PairBit(c))
		}
	}
	lowMid, highMid := n/2-1, n/2
	v.openings = [4]board.Site{
		0,
		board.Site(lowMid*n + lowMid),
		board.Site(highMid*n + highMid),
		board.Site(v.cells - 1),
	}
	v.neighbours = make([][4]board.Site, v.cells)
	for c := range v.neighbours {
		var list []board.Site
		for _, d := range []board.Dir{board.N, board.E, board.S, board.W} {
			if nb := topo.Step(board.Site(c), d); nb != board.NoSite {
				list = append(list, nb)
			}
		}
		slices.Sort(list)
		nb := [4]board.Site{board.NoSite, board.NoSite, board.NoSite, board.NoSite}
		copy(nb[:], list)
		v.neighbours[c] = nb
	}
	return v
}

func newState(opts rules.Options) (rules.State, error) {
	i := slices.Index(sizeValues, opts.Get("size"))
	if i < 0 {
		return nil, fmt.Errorf("konane: size %q: %w", opts.Get("size"), errOption)
	}
	j := slices.Index(jumpValues, opts.Get("jumps"))
	if j < 0 {
		return nil, fmt.Errorf("konane: jumps %q: %w", opts.Get("jumps"), errOption)
	}
	v := variants[i][j]
	s := &State{Status: rules.Status{Turn: black}, v: v, phase: phaseBlackRemoves}
	for c := 0; c < v.cells; c++ {
		owner := black
		if (c%v.n+c/v.n)%2 != 0 {
			owner = white
		}
		s.pieces[owner] = s.pieces[owner].Or(kit.PairBit(c))
	}
	s.Zobrist = s.ComputeHash()
	return s, nil
}

// State is a Kōnane position. It is a plain value: copying it copies the position.
type State struct {
	rules.Status
	v      *variant
	pieces [2]bitset
	phase  uint8
}

// Game returns the Kōnane definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns a copy of the options the position was created with.
func (s *State) Variant() rules.Options {
	out := make(rules.Options, len(s.v.opts))
	for _, o := range Game.Options {
		out[o.Key] = s.v.opts[o.Key]
	}
	return out
}

// Board returns the square topology of the variant.
func (s *State) Board() *board.Topology { return s.v.topo }

// ToMove returns the player to move, or rules.NoPlayer once the game is over.

// Outcome reports the winner once the player to move has no capture left.
func (s *State) Outcome() (rules.Outcome, bool) {
	if !s.Over {
		return rules.Outcome{Winner: rules.NoPlayer}, false
	}
	return rules.Outcome{Winner: s.Turn.Other(), Reason: ReasonNoMoves}, true
}

// Pieces appends the piece on site c, if any, to dst.
func (s *State) Pieces(c board.Site, dst []rules.Piece) []rules.Piece {
	if c < 0 || int(c) >= s.v.cells {
		return dst
	}
	for p := black; p <= white; p++ {
		if s.pieces[p].Has(int(c)) {
			return append(dst, rules.Piece{Owner: p})
		}
	}
	return dst
}

// MidTurn is always false: every turn of this game is a single decision.
func (s *State) MidTurn() bool { return false }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be a Kōnane state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes Hash from the board.
func (s *State) ComputeHash() uint64 {
	var h uint64
	for p := black; p <= white; p++ {
		forEach(s.pieces[p], func(c int) { h ^= s.v.zob[int(p)*s.v.cells+c] })
	}
	if s.Turn == white {
		h ^= s.v.zob[2*s.v.cells]
	}
	return h
}

// AppendKey appends the size, jump rule, phase, player to move and both bitsets to dst.
func (s *State) AppendKey(dst []byte) []byte {
	single := byte(0)
	if s.v.single {
		single = 1
	}
	dst = append(dst, byte(s.v.n), single, s.phase, byte(s.Turn))
	for _, b := range s.pieces {
		for _, w := range [2]uint64{b.Lo, b.Hi} {
			dst = binary.LittleEndian.AppendUint64(dst, w)
		}
	}
	return dst
}

// forEach calls f for every cell of b in increasing order. It is for cold paths; the move
// generator walks the words itself so that nothing escapes.
func forEach(b bitset, f func(int)) {
	for w, x := range [2]uint64{b.Lo, b.Hi} {
		for x != 0 {
			f(64*w + bits.TrailingZeros64(x))
			x &= x - 1
		}
	}
}

// launchers returns the cells from which a jump in direction d is possible, whatever
// stands on them: an enemy piece next to the cell and an empty cell beyond, both on the
// board. The mover's pieces on these cells are its jumpers, and a chain may continue from a
// landing cell exactly when that cell is in the set.
func (v *variant) launchers(d int, enemy, empty bitset) bitset {
	// Vertical jumps need no edge mask: cells past the top or bottom edge are never in
	// enemy or empty, so shifting them in contributes nothing.
	k := uint(v.n)
	switch d {
	case north:
		return enemy.Shr(k).And(empty.Shr(2 * k))
	case east:
		return v.eastRoom.And(enemy.Shr(1)).And(empty.Shr(2))
	case south:
		return enemy.Shl(k).And(empty.Shl(2 * k))
	default:
		return v.westRoom.And(enemy.Shl(1)).And(empty.Shl(2))
	}
}

// hasMoves reports whether the player to move has any legal decision.
func (s *State) hasMoves() bool {
	if s.phase != phaseCaptures {
		// Black always owns its opening cells on a full board, and the hole always has
		// White neighbours on boards of side 6 or more.
		return true
	}
	own, enemy := s.pieces[s.Turn], s.pieces[s.Turn.Other()]
	empty := s.v.full.AndNot(own.Or(enemy))
	for d := 0; d < numDirs; d++ {
		if !own.And(s.v.launchers(d, enemy, empty)).Empty() {
			return true
		}
	}
	return false
}

// LegalMoves appends the legal decisions to dst: removals in site order during the opening,
// then jumps grouped by direction (N, E, S, W), by starting cell, and by length.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	v := s.v
	switch s.phase {
	case phaseBlackRemoves:
		for _, c := range v.openings {
			dst = append(dst, removal(c))
		}
		return dst
	case phaseWhiteRemoves:
		hole := v.full.AndNot(s.pieces[black].Or(s.pieces[white]))
		h := bits.TrailingZeros64(hole.Lo)
		if hole.Lo == 0 {
			h = 64 + bits.TrailingZeros64(hole.Hi)
		}
		for _, c := range v.neighbours[h] {
			if c != board.NoSite && s.pieces[white].Has(int(c)) {
				dst = append(dst, removal(c))
			}
		}
		return dst
	}
	own, enemy := s.pieces[s.Turn], s.pieces[s.Turn.Other()]
	empty := v.full.AndNot(own.Or(enemy))
	for d := 0; d < numDirs; d++ {
		launch := v.launchers(d, enemy, empty)
		src := own.And(launch)
		step := v.shift[d]
		for w, x := range [2]uint64{src.Lo, src.Hi} {
			for x != 0 {
				from := 64*w + bits.TrailingZeros64(x)
				x &= x - 1
				m := rules.Move{Kind: rules.Jump, Len: 2}
				m.Path[0] = board.Site(from)
				at := from + 2*step
				m.Path[1] = board.Site(at)
				dst = append(dst, m)
				if v.single {
					continue
				}
				// The chain runs straight on and cells behind the jumper cannot matter, so
				// the board before the move answers every later test.
				for launch.Has(at) {
					at += 2 * step
					m.Path[m.Len] = board.Site(at)
					m.Len++
					dst = append(dst, m)
				}
			}
		}
	}
	return dst
}

func removal(c board.Site) rules.Move {
	m := rules.Move{Kind: rules.Remove, Len: 1}
	m.Path[0] = c
	return m
}

// Apply plays m, which must be one of LegalMoves.
func (s *State) Apply(m rules.Move) {
	v := s.v
	p, o := s.Turn, s.Turn.Other()
	switch m.Kind {
	case rules.Remove:
		c := int(m.Path[0])
		s.pieces[p] = s.pieces[p].AndNot(kit.PairBit(c))
		s.Zobrist ^= v.zob[int(p)*v.cells+c]
		s.phase++
	case rules.Jump:
		from, to := int(m.Path[0]), int(m.Path[m.Len-1])
		s.pieces[p] = s.pieces[p].AndNot(kit.PairBit(from)).Or(kit.PairBit(to))
		s.Zobrist ^= v.zob[int(p)*v.cells+from] ^ v.zob[int(p)*v.cells+to]
		for i := 1; i < int(m.Len); i++ {
			// Landing cells are two apart on one line, so the jumped cell is their midpoint.
			mid := (int(m.Path[i-1]) + int(m.Path[i])) / 2
			s.pieces[o] = s.pieces[o].AndNot(kit.PairBit(mid))
			s.Zobrist ^= v.zob[int(o)*v.cells+mid]
		}
	}
	s.Turn = o
	s.Zobrist ^= v.zob[2*v.cells]
	s.Over = !s.hasMoves()
}

// Captures implements rules.CapturePreviewer: a jump takes the piece halfway between each
// pair of consecutive landings.
func (s *State) Captures(m rules.Move, dst []board.Site) []board.Site {
	return rules.JumpedSites(s.Board(), m, dst)
}
