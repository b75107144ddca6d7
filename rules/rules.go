package rules

import (
	"errors"
	"fmt"
	"unsafe"

	"koma/rules/board"
)

// Player identifies a seat. Player 0 is the first seat of the game's Sides list.
type Player int8

// NoPlayer stands for nobody: the winner of a drawn game, the owner of an empty site, or
// the player to move once the game is over.
const NoPlayer Player = -1

// Other returns the opponent in a two-player game.
func (p Player) Other() Player { return 1 - p }

// Piece is one piece on the board. Kind 0 is the game's ordinary piece; other kinds are
// defined by the game's PieceSpecs.
type Piece struct {
	Owner Player
	Kind  uint8
}

// MoveKind says what shape a decision has. It drives the generic notation and move input.
type MoveKind uint8

// The move shapes.
const (
	// Place puts a new piece on Path[0].
	Place MoveKind = iota + 1
	// Remove lifts the piece on Path[0] off the board (Kōnane's opening).
	Remove
	// Step moves the piece on Path[0] to Path[1] without jumping.
	Step
	// Jump moves the piece on Path[0] through the landing sites Path[1:Len], capturing on the way.
	Jump
	// Pass gives up a whole turn without changing the board (Mabi's pass).
	Pass
	// Swap takes over the opponent's colour (the pie rule).
	Swap
	// Stop ends a chain the player may continue but chooses not to (Fanorona, Halma): the
	// turn in progress ends here. It is never used to give up a turn; that is Pass.
	Stop
	// Choose picks one of several options the game names by Tag, with no site involved,
	// such as the colour chosen in Alquad's opening. The game labels each option through
	// Labeller.
	Choose
)

// String names the kind in English, for messages and tests.
func (k MoveKind) String() string {
	switch k {
	case Place:
		return "place"
	case Remove:
		return "remove"
	case Step:
		return "step"
	case Jump:
		return "jump"
	case Pass:
		return "pass"
	case Swap:
		return "swap"
	case Stop:
		return "stop"
	case Choose:
		return "choose"
	}
	return fmt.Sprintf("MoveKind(%d)", uint8(k))
}

// MaxPath is the longest path a Move can hold. A game whose paths could be longer must enter
// them one decision at a time (encoding B in the package documentation); NewMove and
// Move.Extend refuse to truncate a path.
//
// It is 14 so that a Move is 32 bytes, which the compiler copies as two aligned 16-byte
// halves. A random playout copies every move twice on its way to Apply, each copy reading
// the one just written; at 16 sites (36 bytes) the second half went through overlapping
// moves, and each read of it waited for two stores to reach the cache, a fifth of a Skirt
// playout. The longest whole path any game uses is Alquerque's 13 points.
const MaxPath = 14

// A Move is 32 bytes (see MaxPath); this fails to compile otherwise.
var (
	_ [unsafe.Sizeof(Move{}) - 32]struct{}
	_ [32 - unsafe.Sizeof(Move{})]struct{}
)

// Move is one decision of the player to move. It is a small comparable value without
// pointers: copy it freely, compare it with ==, use it as a map key.
type Move struct {
	Kind MoveKind
	// Tag distinguishes moves that share a path, in a game-defined way (for example
	// approach versus withdrawal). Zero means none.
	Tag uint8
	// Len is the number of sites used in Path.
	Len  uint8
	Path [MaxPath]board.Site
}

// NewMove builds a move from its kind and sites. More than MaxPath sites is a bug in the
// game's generator, and it panics rather than hand out a shortened move.
func NewMove(kind MoveKind, sites ...board.Site) Move {
	if len(sites) > MaxPath {
		panic(fmt.Sprintf("rules: a %s move of %d sites exceeds MaxPath (%d)", kind, len(sites), MaxPath))
	}
	m := Move{Kind: kind, Len: uint8(len(sites))}
	copy(m.Path[:], sites)
	return m
}

// Extend appends site to the path. Like NewMove it panics when the path is full, because a
// truncated chain would be a different, wrong move.
func (m *Move) Extend(site board.Site) {
	if int(m.Len) >= MaxPath {
		panic(fmt.Sprintf("rules: a %s move cannot grow beyond MaxPath (%d) sites", m.Kind, MaxPath))
	}
	m.Path[m.Len] = site
	m.Len++
}

// Sites returns the used part of the path.
func (m *Move) Sites() []board.Site { return m.Path[:m.Len] }

// From is the first site of the path, or board.NoSite for a move without one.
func (m Move) From() board.Site {
	if m.Len == 0 {
		return board.NoSite
	}
	return m.Path[0]
}

// To is the last site of the path, or board.NoSite for a move without one.
func (m Move) To() board.Site {
	if m.Len == 0 {
		return board.NoSite
	}
	return m.Path[m.Len-1]
}

// Outcome is how a finished game ended.
type Outcome struct {
	// Winner is the winning player, or NoPlayer for a draw.
	Winner Player
	// Reason is a short stable key such as "no-moves"; the app shows it through i18n as
	// "reason.<Reason>".
	Reason string
	// Scored is true for games decided by a count (largest group, captured pieces,
	// pieces on the board); Score then holds each player's count, indexed by Player.
	Scored bool
	Score  [2]int16
}

// Scores returns an outcome decided by a count: the player with the higher score wins,
// equal scores draw.
func Scores(reason string, p0, p1 int) Outcome {
	o := Outcome{Winner: NoPlayer, Reason: reason, Scored: true, Score: [2]int16{int16(p0), int16(p1)}}
	switch {
	case p0 > p1:
		o.Winner = 0
	case p1 > p0:
		o.Winner = 1
	}
	return o
}

// State is a position of one game, including every piece of rule state that affects what
// may happen next. Implementations are structs of fixed-size arrays, so a copy of the struct
// is a deep copy and search can copy positions without touching the heap; the only pointers
// they hold are to immutable data shared by all positions of a variant.
type State interface {
	// Game returns the definition of the game this position belongs to.
	Game() *Game
	// Variant returns the options the position was created with.
	Variant() Options
	// Board returns the shared topology.
	Board() *board.Topology
	// ToMove is the player who makes the next decision. It may stay the same across several
	// decisions of one turn, and across turns when the rules give a player another turn.
	// It is NoPlayer once the game is over.
	ToMove() Player
	// MidTurn reports whether the next decision continues the turn in progress (the next
	// hop of a chain, the second placement, a flip owed after a placement) rather than
	// starting a new turn. A new turn may belong to the same player: Orochi's extra turn,
	// Mabi after the opponent passed. It is false in the initial position and once the game
	// is over. Move lists, undo and perft count turns by it.
	MidTurn() bool
	// LegalMoves appends every legal decision to dst, in a deterministic order, and returns
	// the extended slice. It returns dst unchanged exactly when the game is over.
	LegalMoves(dst []Move) []Move
	// Apply plays m, which must be one of LegalMoves; use Play to validate untrusted moves.
	Apply(m Move)
	// Clone returns an independent copy.
	Clone() State
	// CopyFrom overwrites the receiver with src, which must be a state of the same game.
	// Search uses it to reuse buffers without allocating.
	CopyFrom(src State)
	// Hash returns the position hash, kept up to date incrementally by Apply. It covers the
	// board, the player to move and any sub-turn data, but not history such as move counters,
	// so that repeated positions hash alike.
	Hash() uint64
	// ComputeHash recomputes Hash from scratch; tests compare the two.
	ComputeHash() uint64
	// AppendKey appends an encoding of the full state to dst. Two states are the same
	// position, including every rule counter and history that affects what comes next,
	// exactly when their keys are equal.
	AppendKey(dst []byte) []byte
	// Outcome reports the result once the game is over; ok is false while it is in progress.
	Outcome() (o Outcome, ok bool)
	// Pieces appends the pieces standing on s to dst, bottom first. Games without stacks
	// append at most one piece.
	Pieces(s board.Site, dst []Piece) []Piece
}

// ErrIllegalMove is wrapped by every error about a move that the rules do not allow.
var ErrIllegalMove = errors.New("illegal move")

// IsLegal reports whether m is among the legal moves of s.
func IsLegal(s State, m Move) bool {
	var buf [256]Move
	for _, lm := range s.LegalMoves(buf[:0]) {
		if lm == m {
			return true
		}
	}
	return false
}

// Play checks that m is legal in s and applies it.
func Play(s State, m Move) error {
	if !IsLegal(s, m) {
		return fmt.Errorf("rules: %s: %w", FormatMove(s, m), ErrIllegalMove)
	}
	s.Apply(m)
	return nil
}
