package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"koma/rules"
	"koma/rules/ai"
)

// FormatVersion is the version of the replay record written by Save. Load refuses other
// versions instead of guessing at their meaning.
const FormatVersion = 1

// Limits that keep Load cheap on hostile input: no real game comes close to them.
const (
	maxRecordBytes = 1 << 20
	maxMoves       = 20000
)

// ErrCorrupt is wrapped by every Load error caused by the content of the record.
var ErrCorrupt = errors.New("not a valid saved game")

// record is the JSON shape of a saved match: a replay rather than a position, so that
// loading re-checks every decision against the rules.
type record struct {
	Format int          `json:"format"`
	Game   string       `json:"game"`
	Seats  []seatRecord `json:"seats"`
	Seed   uint64       `json:"seed"`
	Moves  []string     `json:"moves"`
	// Resigned is the seat that resigned, when one did; absent otherwise.
	Resigned *int `json:"resigned,omitempty"`
}

type seatRecord struct {
	Player string `json:"player"`
	Level  string `json:"level,omitempty"`
}

const (
	playerHuman    = "human"
	playerComputer = "computer"
)

// Save encodes the match as a replay record: format version, game spec, seats, seed and
// the decisions in the game's notation.
func (m *Match) Save() ([]byte, error) {
	r := record{Format: FormatVersion, Game: m.spec.String(), Seed: m.seed, Moves: make([]string, len(m.moves))}
	for _, s := range m.seats {
		if s.Human {
			r.Seats = append(r.Seats, seatRecord{Player: playerHuman})
		} else {
			r.Seats = append(r.Seats, seatRecord{Player: playerComputer, Level: s.Level.String()})
		}
	}
	for i, mv := range m.moves {
		r.Moves[i] = rules.FormatMove(m.states[i], mv)
	}
	if m.resigned != rules.NoPlayer {
		p := int(m.resigned)
		r.Resigned = &p
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("match: save: %w", err)
	}
	return append(data, '\n'), nil
}

const utf8BOM = "\xEF\xBB\xBF"

// Load decodes a replay record written by Save and replays it through the rules of the
// games in cat. Every problem, from broken JSON to an illegal move, is returned as an error
// wrapping ErrCorrupt (and rules.ErrIllegalMove for a bad decision).
func Load(data []byte, cat rules.Catalog) (*Match, error) {
	if len(data) > maxRecordBytes {
		return nil, fmt.Errorf("match: load: %d bytes is too large: %w", len(data), ErrCorrupt)
	}
	// A byte-order mark is what some editors put in front of UTF-8; JSON has no use for it.
	data = bytes.TrimPrefix(data, []byte(utf8BOM))
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r record
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("match: load: %w: %w", ErrCorrupt, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("match: load: trailing data after the record: %w", ErrCorrupt)
	}
	if r.Format != FormatVersion {
		return nil, fmt.Errorf("match: load: format version %d, want %d: %w", r.Format, FormatVersion, ErrCorrupt)
	}
	spec, err := cat.ParseSpec(r.Game)
	if err != nil {
		return nil, fmt.Errorf("match: load: %w: %w", ErrCorrupt, err)
	}
	if len(r.Seats) != len(spec.Game.Sides) {
		return nil, fmt.Errorf("match: load: %d seats for %d sides: %w", len(r.Seats), len(spec.Game.Sides), ErrCorrupt)
	}
	seats := make([]Seat, len(r.Seats))
	for i, s := range r.Seats {
		switch s.Player {
		case playerHuman:
			if s.Level != "" {
				return nil, fmt.Errorf("match: load: seat %d: a human seat has no level: %w", i+1, ErrCorrupt)
			}
			seats[i] = Human()
		case playerComputer:
			l, err := ai.ParseLevel(s.Level)
			if err != nil {
				return nil, fmt.Errorf("match: load: seat %d: %w: %w", i+1, ErrCorrupt, err)
			}
			seats[i] = Computer(l)
		default:
			return nil, fmt.Errorf("match: load: seat %d: unknown player %q: %w", i+1, s.Player, ErrCorrupt)
		}
	}
	if len(r.Moves) > maxMoves {
		return nil, fmt.Errorf("match: load: %d moves is too many: %w", len(r.Moves), ErrCorrupt)
	}
	m, err := New(spec, seats, r.Seed)
	if err != nil {
		return nil, fmt.Errorf("match: load: %w: %w", ErrCorrupt, err)
	}
	for i, text := range r.Moves {
		mv, err := rules.ParseMove(m.State(), text)
		if err != nil {
			return nil, fmt.Errorf("match: load: decision %d %q: %w: %w", i+1, text, ErrCorrupt, err)
		}
		if err := m.Play(mv); err != nil {
			return nil, fmt.Errorf("match: load: %w: %w", ErrCorrupt, err)
		}
	}
	if r.Resigned != nil {
		// Checked before narrowing to a Player, which would turn 256 into seat 1.
		if *r.Resigned < 0 || *r.Resigned >= len(seats) {
			return nil, fmt.Errorf("match: load: resigned seat %d: want 0 to %d: %w", *r.Resigned, len(seats)-1, ErrCorrupt)
		}
		if err := m.Resign(rules.Player(*r.Resigned)); err != nil {
			return nil, fmt.Errorf("match: load: %w: %w", ErrCorrupt, err)
		}
	}
	return m, nil
}
