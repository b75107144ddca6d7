package rules

import (
	"errors"
	"fmt"

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
	// Pass ends the turn without changing the board, or declines to continue a chain.
	Pass
	// Swap takes over the opponent's colour (pie rule).
	Swap
)

// MaxPath is the longest path a Move can hold.
const MaxPath = 16

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

// NewMove builds a move from its kind and sites.
func NewMove(kind MoveKind, sites ...board.Site) Move {
	m := Move{Kind: kind, Len: uint8(len(sites))}
	copy(m.Path[:], sites)
	return m
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
	// decisions of one turn. It is NoPlayer once the game is over.
	ToMove() Player
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
