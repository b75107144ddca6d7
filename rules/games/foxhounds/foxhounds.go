package foxhounds

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"koma/rules"
	"koma/rules/board"
)

const gameID = "foxhounds"

// The outcome reasons.
const (
	// ReasonFoxHome: the fox reached the hounds' home rank and won.
	ReasonFoxHome = "fox-home"
	// ReasonFoxTrapped: the fox had no move on its turn, and the hounds won.
	ReasonFoxTrapped = "fox-trapped"
	// ReasonNoMoves: the hounds had no move on their turn, and the fox won.
	ReasonNoMoves = "no-moves"
)

// The seats.
const (
	fox    rules.Player = 0
	hounds rules.Player = 1
)

// size is the side of the board; the game is only ever played on 8×8.
const size = 8

// The ends of a game as the position keeps them, indexes into reasonKeys. Their order
// keeps the key's status byte as it was: 0 for a game in progress, then 1 + the end.
const (
	endFoxHome uint8 = iota
	endFoxTrapped
	endHoundsStuck
)

var reasonKeys = [...]string{endFoxHome: ReasonFoxHome, endFoxTrapped: ReasonFoxTrapped, endHoundsStuck: ReasonNoMoves}

// noFox marks the fox's square before it has been placed (fox=choose).
const noFox int8 = -1

// startValues are the values of the fox option: one of the four dark squares of rank 1,
// or "choose", where the fox's first decision places it on one of them; startSites are
// the matching sites.
var (
	startValues = []string{"e1", "a1", "c1", "g1", "choose"}
	startSites  = []int8{4, 0, 2, 6, noFox}
)

// foxStarts are the dark squares of rank 1, in site order: where the fox may start.
var foxStarts = [4]board.Site{0, 2, 4, 6}

// Game is the definition card of Fox and Hounds.
var Game = &rules.Game{
	ID:    gameID,
	Sides: []rules.Side{{Colour: rules.White, Role: "fox"}, {Colour: rules.Black, Role: "hounds"}},
	Style: rules.Checkered,
	Looks: []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{
		{Key: "fox", Values: startValues, Default: "e1"},
	},
	Presets: []string{"", "fox=choose"},
	// Each hound can step at most seven times, so the hounds make at most 28 moves and
	// the fox at most 29: no game lasts more than 57 turns (the fox's placement, when it
	// chooses its square, belongs to its first turn).
	MaxTurns: 57,
	New:      newState,
}

var errOption = errors.New("unsupported option value")

// variant is the immutable data shared by every position of one fox start.
type variant struct {
	opts  rules.Options
	index uint8
	// start is the fox's first square, or noFox when it chooses.
	start int8
}

var (
	topo = board.NewSquare(size, size)
	// zob holds a key per site for a hound (0-63) and for the fox (64-127), then the key
	// for the hounds to move (128).
	zob      = board.NewZobrist(gameID, 2*64+1)
	variants = buildVariants()
)

// Bit masks over sites (bit i is site i = row*8+col, a1 = 0).
const (
	fileA  uint64 = 0x0101010101010101
	fileH  uint64 = fileA << 7
	houndH uint64 = 0xaa << 56 // b8 d8 f8 h8
	// evenRows holds ranks 1, 3, 5 and 7, oddRows ranks 2, 4, 6 and 8 (rows counted from 0).
	evenRows uint64 = 0x00ff00ff00ff00ff
	oddRows  uint64 = ^evenRows
)

// foxSteps[s] holds the diagonal neighbours of site s: where a fox standing there may go.
var foxSteps = buildFoxSteps()

func buildFoxSteps() [64]uint64 {
	var out [64]uint64
	for s := 0; s < 64; s++ {
		for _, d := range []board.Dir{board.NE, board.SE, board.SW, board.NW} {
			if n := topo.Step(board.Site(s), d); n != board.NoSite {
				out[s] |= 1 << uint(n)
			}
		}
	}
	return out
}

func buildVariants() []*variant {
	out := make([]*variant, len(startValues))
	for i, v := range startValues {
		out[i] = &variant{opts: rules.Options{"fox": v}, index: uint8(i), start: startSites[i]}
	}
	return out
}

func newState(opts rules.Options) (rules.State, error) {
	i := slices.Index(startValues, opts.Get("fox"))
	if i < 0 {
		return nil, fmt.Errorf("foxhounds: fox %q: %w", opts.Get("fox"), errOption)
	}
	s := &State{Status: rules.Status{Turn: fox}, v: variants[i], hounds: houndH, fox: variants[i].start}
	s.settle()
	s.Zobrist = s.ComputeHash()
	return s, nil
}

// State is a Fox and Hounds position. It is a plain value: copying it copies the position.
type State struct {
	rules.Status
	v *variant
	// hounds has a bit for each site holding a hound.
	hounds uint64
	// moves holds the moves of the player to move, found once per Apply (see settle):
	// for the fox the squares it may step to, for the hounds one bit per step in
	// LegalMoves order (see houndMoveBits); 0 before the fox is placed.
	moves uint64
	// fox is the fox's site, or noFox before it is placed.
	fox int8
}

// Game returns the Fox and Hounds definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns a copy of the options the position was created with.
func (s *State) Variant() rules.Options { return rules.Options{"fox": s.v.opts["fox"]} }

// Board returns the 8×8 square topology.
func (s *State) Board() *board.Topology { return topo }

// MidTurn is true between the fox's placement and its first step when it chooses its
// square: both belong to its first turn. The hounds only ever step forwards and must move
// on their turns, so the fox has not stepped yet exactly while they stand where they
// started.
func (s *State) MidTurn() bool {
	return s.v.start == noFox && s.fox != noFox && s.hounds == houndH && !s.Over && s.Turn == fox
}

// Outcome reports the winner and the reason once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	return s.Ended(reasonKeys[:])
}

// Pieces appends the piece on site c, if any, to dst.
func (s *State) Pieces(c board.Site, dst []rules.Piece) []rules.Piece {
	switch {
	case c < 0 || c >= 64:
	case int8(c) == s.fox:
		dst = append(dst, rules.Piece{Owner: fox})
	case s.hounds&(1<<uint(c)) != 0:
		dst = append(dst, rules.Piece{Owner: hounds})
	}
	return dst
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be a Fox and Hounds state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes Hash from the position.
func (s *State) ComputeHash() uint64 {
	var h uint64
	for x := s.hounds; x != 0; x &= x - 1 {
		h ^= zob[bits.TrailingZeros64(x)]
	}
	if s.fox != noFox {
		h ^= zob[64+int(s.fox)]
	}
	if s.Turn == hounds {
		h ^= zob[128]
	}
	return h
}

// AppendKey appends the fox option, the player to move, the result, the fox's site and
// the hounds' mask to dst.
func (s *State) AppendKey(dst []byte) []byte {
	status := byte(0)
	if s.Over {
		status = 1 + s.Reason
	}
	dst = append(dst, s.v.index, byte(s.Turn), status, byte(s.fox))
	dst = binary.LittleEndian.AppendUint64(dst, s.hounds)
	return dst
}

// foxTargets returns the squares the fox may step to.
func (s *State) foxTargets() uint64 { return foxSteps[s.fox] &^ s.hounds }

// houndMoveBits returns the hounds' steps as one bit each: hounds stand on dark squares
// only, and dark square d is site 2d or 2d+1, so bit 2d stands for the step down-left
// (towards a lower file) of the hound on dark square d, and bit 2d+1 for its step
// down-right. The bits then come in LegalMoves order.
func houndMoveBits(hounds uint64, foxSite int8) uint64 {
	empty := ^hounds &^ (1 << uint(foxSite))
	// The hounds that can step down-left (9 sites lower) and down-right (7 lower).
	left := ((hounds &^ fileA) >> 9 & empty) << 9
	right := ((hounds &^ fileH) >> 7 & empty) << 7
	return left&evenRows | left&oddRows>>1 | (right&evenRows)<<1 | right&oddRows
}

// houndStep turns a bit of houndMoveBits into the step's index in allMoves.
func houndStep(b int) int {
	from := b&^1 | b>>3&1 // the hound's site: 2d on even rows, 2d+1 on odd ones
	return from*4 + b&1   // k=0: -9, the step down-left; k=1: -7, down-right
}

// settle finds the moves of the player to move, and whether the game is over, for a
// position whose pieces and side to move are set. Only the player to move can be stuck:
// a fox on rank 8 has already won.
func (s *State) settle() {
	s.Over, s.moves = false, 0
	switch {
	case s.fox == noFox:
	case s.fox >= 56:
		s.Finish(fox, endFoxHome)
	case s.Turn == fox:
		if s.moves = s.foxTargets(); s.moves == 0 {
			s.Finish(hounds, endFoxTrapped)
		}
	default:
		if s.moves = houndMoveBits(s.hounds, s.fox); s.moves == 0 {
			s.Finish(fox, endHoundsStuck)
		}
	}
}

// allMoves holds every move of the game, ready-made: allMoves[from*4+k] steps from site
// from by -9, -7, +7 or +9 for k = 0 to 3, and allMoves[placeIndex+i] places the fox on
// foxStarts[i]. Entry noMove, a step off the board, is the zero Move. Copying a whole
// move from the table is cheaper than building one field by field, which playouts do
// tens of millions of times.
var allMoves = buildMoves()

const (
	placeIndex = 64 * 4
	noMove     = 0 // the step from a1 by -9
)

func buildMoves() (out [placeIndex + len(foxStarts)]rules.Move) {
	for from := 0; from < 64; from++ {
		for k, delta := range [4]int{-9, -7, 7, 9} {
			to := from + delta
			if to < 0 || to >= 64 {
				continue
			}
			m := rules.Move{Kind: rules.Step, Len: 2}
			m.Path[0], m.Path[1] = board.Site(from), board.Site(to)
			out[from*4+k] = m
		}
	}
	for i, c := range foxStarts {
		out[placeIndex+i] = rules.Move{Kind: rules.Place, Len: 1}
		out[placeIndex+i].Path[0] = c
	}
	return out
}

// stepIndex is the index in allMoves of the step from a site to a diagonal neighbour.
func stepIndex(from, to int) int {
	k := (to - from + 9) >> 1 // 0, 1, 8 or 9 for -9, -7, +7, +9
	return from*4 + k&1 + k>>2
}

// LegalMoves appends the legal decisions to dst: the fox's placements in site order when it
// chooses its square; the fox's steps by destination; the hounds' steps by starting square,
// down-left before down-right.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	if s.fox == noFox {
		return append(dst, allMoves[placeIndex:]...)
	}
	for x := s.moves; x != 0; x &= x - 1 {
		if s.Turn == fox {
			dst = append(dst, allMoves[stepIndex(int(s.fox), bits.TrailingZeros64(x))])
		} else {
			dst = append(dst, allMoves[houndStep(bits.TrailingZeros64(x))])
		}
	}
	return dst
}

// Apply plays m, which must be one of LegalMoves.
func (s *State) Apply(m rules.Move) {
	from, to := int(m.Path[0]), int(m.Path[m.Len-1])
	switch {
	case m.Kind == rules.Place:
		// The fox stays to move, now with steps to choose from.
		s.fox = int8(to)
		s.Zobrist ^= zob[64+to]
		s.moves = s.foxTargets()
	case s.Turn == fox:
		s.fox = int8(to)
		s.Zobrist ^= zob[64+from] ^ zob[64+to] ^ zob[128]
		s.Turn = hounds
		s.moves = houndMoveBits(s.hounds, s.fox)
		switch {
		case to >= 56:
			s.moves = 0
			s.Finish(fox, endFoxHome)
		case s.moves == 0:
			s.Finish(fox, endHoundsStuck)
		}
	default:
		s.hounds ^= 1<<uint(from) | 1<<uint(to)
		s.Zobrist ^= zob[from] ^ zob[to] ^ zob[128]
		s.Turn = fox
		if s.moves = s.foxTargets(); s.moves == 0 {
			s.Finish(hounds, endFoxTrapped)
		}
	}
}
