package rules

import (
	"fmt"
	"strings"
)

// Notation is an optional capability for games whose moves need more than the generic
// notation, for example a suffix for Move.Tag. FormatMove must give every legal move of a
// position a different text.
type Notation interface {
	FormatMove(m Move) string
}

// FormatMove writes m in the game's notation. The generic notation is "@c3" for a placement,
// "xc3" for a removal, "a1-b2" for a step, "a1xc3xe5" for a jump, "pass", "swap", "stop", and
// "choose1" for the Choose of Tag 1.
func FormatMove(s State, m Move) string {
	if n, ok := s.(Notation); ok {
		return n.FormatMove(m)
	}
	return GenericNotation(s, m)
}

// GenericNotation writes m in the generic notation described at FormatMove, ignoring Tag.
// Games implementing Notation can build on it.
func GenericNotation(s State, m Move) string {
	b := s.Board()
	label := func(i int) string {
		if i >= int(m.Len) || int(m.Path[i]) < 0 || int(m.Path[i]) >= b.Len() {
			return "?"
		}
		return b.Label(m.Path[i])
	}
	switch m.Kind {
	case Place:
		return "@" + label(0)
	case Remove:
		return "x" + label(0)
	case Step:
		return label(0) + "-" + label(1)
	case Jump:
		parts := make([]string, m.Len)
		for i := range parts {
			parts[i] = label(i)
		}
		return strings.Join(parts, "x")
	case Pass:
		return "pass"
	case Swap:
		return "swap"
	case Stop:
		return "stop"
	case Choose:
		return fmt.Sprintf("choose%d", m.Tag)
	}
	return fmt.Sprintf("move(%d)", m.Kind)
}

// ParseMove reads a move in the game's notation and checks that it is legal in s. The
// match is made against the notation of every legal move, so parsing can never accept a
// move the rules do not generate.
func ParseMove(s State, text string) (Move, error) {
	text = strings.TrimSpace(text)
	var buf [256]Move
	for _, m := range s.LegalMoves(buf[:0]) {
		if FormatMove(s, m) == text {
			return m, nil
		}
	}
	if _, over := s.Outcome(); over {
		return Move{}, fmt.Errorf("rules: move %q after the end of the game: %w", text, ErrIllegalMove)
	}
	return Move{}, fmt.Errorf("rules: move %q: %w", text, ErrIllegalMove)
}
