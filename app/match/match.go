// Package match is the referee of one game in the app: who sits where, the decisions made
// so far, snapshots for undo, and the replay record used for autosaves and saved files. It
// is pure Go so that it can be tested, fuzzed and reused without a display.
package match

import (
	"errors"
	"fmt"
	"slices"

	"koma/rules"
	"koma/rules/ai"
)

// Seat says who plays one side of a match.
type Seat struct {
	// Human is true for a person at this machine; otherwise the computer plays the seat.
	Human bool
	// Level is the computer's strength; it is ignored for human seats.
	Level ai.Level
}

// Human is a seat played by a person.
func Human() Seat { return Seat{Human: true} }

// Computer is a seat played by the AI at the given level.
func Computer(l ai.Level) Seat { return Seat{Level: l} }

// Match is one game in progress or finished. The zero value is not usable; create one with
// New or Load.
type Match struct {
	spec  rules.Spec
	seats []Seat
	seed  uint64
	// states[i] is the position before decision i; the last entry is the current position.
	states []rules.State
	moves  []rules.Move
	// floor is how many of the first decisions are fixed: a match opened at a position
	// (a rules diagram) cannot be undone past it.
	floor int
	// redo holds what each Undo took back, the latest last, until a new decision is made.
	redo [][]rules.Move
	// resigned is the player who resigned, or NoPlayer: the game is then over although
	// the position is not.
	resigned rules.Player
}

// ReasonResigned is the Outcome reason of a game a player resigned.
const ReasonResigned = "resigned"

// ErrNoUndo is returned by Undo when no human decision is left to take back.
var ErrNoUndo = errors.New("match: nothing to undo")

// ErrNoRedo is returned by Redo when no Undo is waiting to be replayed.
var ErrNoRedo = errors.New("match: nothing to redo")

// New starts a match of spec with one seat per side of the game. The seed makes every
// computer decision of the match reproducible.
func New(spec rules.Spec, seats []Seat, seed uint64) (*Match, error) {
	if spec.Game == nil {
		return nil, errors.New("match: no game")
	}
	if len(seats) != len(spec.Game.Sides) {
		return nil, fmt.Errorf("match: %s has %d sides, got %d seats", spec.Game.ID, len(spec.Game.Sides), len(seats))
	}
	for i, s := range seats {
		if !s.Human && (s.Level < 0 || int(s.Level) >= len(ai.Levels)) {
			return nil, fmt.Errorf("match: seat %d: unknown level %d", i, s.Level)
		}
	}
	st, err := spec.New()
	if err != nil {
		return nil, fmt.Errorf("match: %w", err)
	}
	return &Match{
		spec:     spec,
		seats:    append([]Seat(nil), seats...),
		seed:     seed,
		states:   []rules.State{st},
		resigned: rules.NoPlayer,
	}, nil
}

// NewAt starts a match of spec at the position the given decisions reach, as a rules
// diagram shows it; undo never takes those decisions back.
func NewAt(spec rules.Spec, seats []Seat, seed uint64, moves []rules.Move) (*Match, error) {
	m, err := New(spec, seats, seed)
	if err != nil {
		return nil, err
	}
	for _, mv := range moves {
		if err := m.Play(mv); err != nil {
			return nil, err
		}
	}
	m.floor = len(moves)
	return m, nil
}

// Floor is the number of decisions the match was opened with by NewAt.
func (m *Match) Floor() int { return m.floor }

// Spec is the game and variant being played.
func (m *Match) Spec() rules.Spec { return m.spec }

// Seats returns a copy of the seats, indexed by player.
func (m *Match) Seats() []Seat { return append([]Seat(nil), m.seats...) }

// Seat returns the seat of player p; a player outside the game gets a human seat so that
// callers never hand a finished game to the AI.
func (m *Match) Seat(p rules.Player) Seat {
	if p < 0 || int(p) >= len(m.seats) {
		return Human()
	}
	return m.seats[p]
}

// Seed is the seed the match was created with.
func (m *Match) Seed() uint64 { return m.seed }

// DecisionSeed derives the seed for the computer's next decision, so that replaying a
// match with the same seed reproduces the same computer play.
func (m *Match) DecisionSeed() uint64 {
	return m.seed ^ (uint64(len(m.moves)+1) * 0x9e3779b97f4a7c15)
}

// State is the current position. Callers must not modify it; Clone it to experiment.
func (m *Match) State() rules.State { return m.states[len(m.states)-1] }

// Initial is the position the match started from.
func (m *Match) Initial() rules.State { return m.states[0] }

// Len is the number of decisions made so far.
func (m *Match) Len() int { return len(m.moves) }

// Move returns decision i (0-based).
func (m *Match) Move(i int) rules.Move { return m.moves[i] }

// Before returns the position in which decision i was made.
func (m *Match) Before(i int) rules.State { return m.states[i] }

// Mover returns the player who made decision i.
func (m *Match) Mover(i int) rules.Player { return m.states[i].ToMove() }

// Turn is one turn of the match: decisions First up to End (exclusive), all by Mover.
type Turn struct {
	First, End int
	Mover      rules.Player
}

// Turns groups the decisions into turns, as the game's MidTurn marks them: a chain entered
// hop by hop, or two placements, make one turn; an extra turn is a turn of its own.
func (m *Match) Turns() []Turn {
	var out []Turn
	for i := range m.moves {
		if i == 0 || !m.states[i].MidTurn() {
			out = append(out, Turn{First: i, Mover: m.Mover(i)})
		}
		out[len(out)-1].End = i + 1
	}
	return out
}

// LastMove returns the most recent decision, if any.
func (m *Match) LastMove() (rules.Move, bool) {
	if len(m.moves) == 0 {
		return rules.Move{}, false
	}
	return m.moves[len(m.moves)-1], true
}

// ToMove is the player to decide next, or rules.NoPlayer once the game is over.
func (m *Match) ToMove() rules.Player {
	if m.resigned != rules.NoPlayer {
		return rules.NoPlayer
	}
	return m.State().ToMove()
}

// HumanToMove reports whether a person makes the next decision.
func (m *Match) HumanToMove() bool {
	p := m.ToMove()
	return p != rules.NoPlayer && m.Seat(p).Human
}

// ComputerToMove reports whether the AI makes the next decision.
func (m *Match) ComputerToMove() bool {
	p := m.ToMove()
	return p != rules.NoPlayer && !m.Seat(p).Human
}

// Outcome reports the result once the game is over, by the rules or by a resignation.
func (m *Match) Outcome() (rules.Outcome, bool) {
	if m.resigned != rules.NoPlayer {
		return rules.Outcome{Winner: m.resigned.Other(), Reason: ReasonResigned}, true
	}
	return m.State().Outcome()
}

// Resign ends a game in progress: p gives it up and the other player wins.
func (m *Match) Resign(p rules.Player) error {
	if _, over := m.Outcome(); over {
		return errors.New("match: resign: the game is already over")
	}
	if p < 0 || int(p) >= len(m.seats) {
		return fmt.Errorf("match: resign: no player %d", p)
	}
	m.resigned = p
	m.redo = nil
	return nil
}

// Play validates mv against the rules and makes it the next decision.
func (m *Match) Play(mv rules.Move) error {
	next := m.State().Clone()
	if err := rules.Play(next, mv); err != nil {
		return fmt.Errorf("match: decision %d: %w", len(m.moves)+1, err)
	}
	m.states = append(m.states, next)
	m.moves = append(m.moves, mv)
	m.redo = nil
	return nil
}

// CanUndo reports whether some human decision can be taken back.
func (m *Match) CanUndo() bool {
	if m.resigned != rules.NoPlayer {
		return false // a resignation is final
	}
	for i := m.floor; i < len(m.moves); i++ {
		if m.Seat(m.Mover(i)).Human {
			return true
		}
	}
	return false
}

// Undo takes the person back to their previous decision. Inside a turn of several decisions
// it takes back the last one (a hop, a placement). Otherwise it takes back every turn played
// since the start of the last turn a person played, that turn included, so that the same
// person decides again where that turn began.
func (m *Match) Undo() error {
	if !m.CanUndo() {
		return ErrNoUndo
	}
	n := len(m.moves) - 1
	if !m.State().MidTurn() || !m.HumanToMove() {
		for !m.Seat(m.Mover(n)).Human {
			n--
		}
		for n > m.floor && m.states[n].MidTurn() {
			n--
		}
	}
	m.redo = append(m.redo, slices.Clone(m.moves[n:]))
	m.moves = m.moves[:n]
	m.states = m.states[:n+1]
	return nil
}

// CanRedo reports whether an Undo can be replayed: nothing was played since.
func (m *Match) CanRedo() bool { return len(m.redo) > 0 }

// Redo replays what the latest Undo took back.
func (m *Match) Redo() error {
	if len(m.redo) == 0 {
		return ErrNoRedo
	}
	stack := m.redo
	last := stack[len(stack)-1]
	for _, mv := range last {
		if err := m.Play(mv); err != nil {
			return fmt.Errorf("match: redo: %w", err)
		}
	}
	m.redo = stack[:len(stack)-1]
	return nil
}

// Rematch starts a new match of the same variant with the same seats and a new seed.
func (m *Match) Rematch(seed uint64) (*Match, error) { return New(m.spec, m.seats, seed) }

// Truncate goes back to the position after the first n decisions and forgets the rest, so
// that the game continues from there: a person chose to play on from a position they were
// reviewing. A resignation made later in the game is forgotten with the decisions after n.
func (m *Match) Truncate(n int) error {
	if n < m.floor || n > len(m.moves) {
		return fmt.Errorf("match: truncate to %d decisions: outside %d to %d", n, m.floor, len(m.moves))
	}
	if n == len(m.moves) {
		return nil
	}
	m.moves = m.moves[:n]
	m.states = m.states[:n+1]
	m.redo = nil
	m.resigned = rules.NoPlayer
	return nil
}
