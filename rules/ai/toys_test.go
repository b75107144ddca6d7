package ai

import (
	"fmt"

	"koma/rules"
	"koma/rules/board"
)

// The toy games below exist only to test the search. Each is a complete rules.State kept
// deliberately small: Nim, tic-tac-toe, a two-placements-per-turn tic-tac-toe that makes one
// player decide twice in a row, and a long race whose random playouts outlast a time slice.

func keyHash(key []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, b := range key {
		h ^= uint64(b)
		h *= 1099511628211
	}
	return h
}

func twoSides() []rules.Side { return []rules.Side{{Colour: rules.White}, {Colour: rules.Black}} }

// ---- Nim: one heap, take 1 to 3, whoever takes the last object wins.

var nimGame = &rules.Game{ID: "toy-nim", Sides: twoSides(), Style: rules.Plain, MaxTurns: 200}

var nimBoard = board.NewSquare(1, 1)

type nim struct {
	heap   int
	toMove rules.Player
	winner rules.Player
}

func newNim(heap int) *nim { return &nim{heap: heap, winner: rules.NoPlayer} }

// finishedNim is a game player 1 has won.
func finishedNim() *nim { return &nim{toMove: rules.NoPlayer, winner: 1} }

func (s *nim) Game() *rules.Game        { return nimGame }
func (s *nim) Variant() rules.Options   { return nil }
func (s *nim) Board() *board.Topology   { return nimBoard }
func (s *nim) ToMove() rules.Player     { return s.toMove }
func (s *nim) MidTurn() bool            { return false }
func (s *nim) Clone() rules.State       { c := *s; return &c }
func (s *nim) CopyFrom(src rules.State) { *s = *src.(*nim) }
func (s *nim) Hash() uint64             { return s.ComputeHash() }
func (s *nim) ComputeHash() uint64      { var b [8]byte; return keyHash(s.AppendKey(b[:0])) }
func (s *nim) AppendKey(dst []byte) []byte {
	return append(dst, byte(s.heap), byte(s.heap>>8), byte(s.toMove), byte(s.winner))
}
func (s *nim) Pieces(board.Site, []rules.Piece) []rules.Piece { return nil }
func (s *nim) FormatMove(m rules.Move) string                 { return fmt.Sprintf("take%d", m.Tag) }

func (s *nim) LegalMoves(dst []rules.Move) []rules.Move {
	for k := 1; k <= 3 && k <= s.heap; k++ {
		m := rules.Move{Kind: rules.Remove, Tag: uint8(k), Len: 1}
		dst = append(dst, m)
	}
	return dst
}

func (s *nim) Apply(m rules.Move) {
	s.heap -= int(m.Tag)
	if s.heap == 0 {
		s.winner, s.toMove = s.toMove, rules.NoPlayer
		return
	}
	s.toMove = s.toMove.Other()
}

func (s *nim) Outcome() (rules.Outcome, bool) {
	if s.toMove != rules.NoPlayer {
		return rules.Outcome{}, false
	}
	return rules.Outcome{Winner: s.winner, Reason: "last-object"}, true
}

// ---- Tic-tac-toe, with one or two placements per turn.

var (
	tttGame    = &rules.Game{ID: "toy-ttt", Sides: twoSides(), Style: rules.Plain, MaxTurns: 9}
	doubleGame = &rules.Game{ID: "toy-double", Sides: twoSides(), Style: rules.Plain, MaxTurns: 9}
	tttBoard   = board.NewSquare(3, 3)
)

var tttLines = [8][3]int8{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

type ttt struct {
	cells   [9]rules.Player
	toMove  rules.Player
	perTurn int8 // placements per turn
	left    int8 // placements left in the current turn
	winner  rules.Player
	over    bool
}

// newTTT reads a position from nine cells in reading order ('x' is player 0, 'o' player 1,
// anything else empty; '/' is ignored), the player to move and the placements per turn and
// left in this turn.
func newTTT(diagram string, toMove rules.Player, perTurn, left int) *ttt {
	s := &ttt{toMove: toMove, perTurn: int8(perTurn), left: int8(left), winner: rules.NoPlayer}
	i := 0
	for _, r := range diagram {
		if r == '/' {
			continue
		}
		if i >= 9 {
			panic(fmt.Sprintf("toy diagram %q too long", diagram))
		}
		s.cells[i] = rules.NoPlayer
		switch r {
		case 'x':
			s.cells[i] = 0
		case 'o':
			s.cells[i] = 1
		}
		i++
	}
	if i != 9 {
		panic(fmt.Sprintf("toy diagram %q too short", diagram))
	}
	return s
}

func (s *ttt) Game() *rules.Game {
	if s.perTurn == 2 {
		return doubleGame
	}
	return tttGame
}
func (s *ttt) Variant() rules.Options   { return nil }
func (s *ttt) Board() *board.Topology   { return tttBoard }
func (s *ttt) ToMove() rules.Player     { return s.toMove }
func (s *ttt) MidTurn() bool            { return !s.over && s.left < s.perTurn }
func (s *ttt) Clone() rules.State       { c := *s; return &c }
func (s *ttt) CopyFrom(src rules.State) { *s = *src.(*ttt) }
func (s *ttt) Hash() uint64             { return s.ComputeHash() }
func (s *ttt) ComputeHash() uint64      { var b [16]byte; return keyHash(s.AppendKey(b[:0])) }
func (s *ttt) AppendKey(dst []byte) []byte {
	for _, c := range s.cells {
		dst = append(dst, byte(c))
	}
	return append(dst, byte(s.toMove), byte(s.left), byte(s.winner))
}

func (s *ttt) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	if c := s.cells[site]; c != rules.NoPlayer {
		dst = append(dst, rules.Piece{Owner: c})
	}
	return dst
}

func (s *ttt) LegalMoves(dst []rules.Move) []rules.Move {
	if s.over {
		return dst
	}
	for i, c := range s.cells {
		if c == rules.NoPlayer {
			m := rules.Move{Kind: rules.Place, Len: 1}
			m.Path[0] = board.Site(i)
			dst = append(dst, m)
		}
	}
	return dst
}

func (s *ttt) Apply(m rules.Move) {
	at := int8(m.Path[0])
	p := s.toMove
	s.cells[at] = p
	for _, l := range tttLines {
		if (l[0] == at || l[1] == at || l[2] == at) && s.cells[l[0]] == p && s.cells[l[1]] == p && s.cells[l[2]] == p {
			s.over, s.winner, s.toMove = true, p, rules.NoPlayer
			return
		}
	}
	full := true
	for _, c := range s.cells {
		if c == rules.NoPlayer {
			full = false
		}
	}
	if full {
		s.over, s.toMove = true, rules.NoPlayer
		return
	}
	if s.left--; s.left == 0 {
		s.toMove, s.left = p.Other(), s.perTurn
	}
}

func (s *ttt) Outcome() (rules.Outcome, bool) {
	if !s.over {
		return rules.Outcome{}, false
	}
	if s.winner == rules.NoPlayer {
		return rules.Outcome{Winner: rules.NoPlayer, Reason: "full"}, true
	}
	return rules.Outcome{Winner: s.winner, Reason: "line"}, true
}

func (s *ttt) stones() int {
	n := 0
	for _, c := range s.cells {
		if c != rules.NoPlayer {
			n++
		}
	}
	return n
}

// ---- Race: a shared counter, each decision adds 1 or 2, whoever reaches the target wins.
// Its random playouts take tens of thousands of decisions.

var raceBoard = board.NewSquare(1, 1)

func raceCard(target, maxTurns int) *rules.Game {
	return &rules.Game{ID: fmt.Sprintf("toy-race-%d", target), Sides: twoSides(), Style: rules.Plain, MaxTurns: maxTurns}
}

type race struct {
	game   *rules.Game
	count  int32
	target int32
	toMove rules.Player
	winner rules.Player
}

func newRace(target int, g *rules.Game) *race {
	return &race{game: g, target: int32(target), winner: rules.NoPlayer}
}

func (s *race) Game() *rules.Game        { return s.game }
func (s *race) Variant() rules.Options   { return nil }
func (s *race) Board() *board.Topology   { return raceBoard }
func (s *race) ToMove() rules.Player     { return s.toMove }
func (s *race) MidTurn() bool            { return false }
func (s *race) Clone() rules.State       { c := *s; return &c }
func (s *race) CopyFrom(src rules.State) { *s = *src.(*race) }
func (s *race) Hash() uint64             { return s.ComputeHash() }
func (s *race) ComputeHash() uint64      { var b [16]byte; return keyHash(s.AppendKey(b[:0])) }
func (s *race) AppendKey(dst []byte) []byte {
	return append(dst, byte(s.count), byte(s.count>>8), byte(s.count>>16), byte(s.toMove), byte(s.winner))
}
func (s *race) Pieces(board.Site, []rules.Piece) []rules.Piece { return nil }
func (s *race) FormatMove(m rules.Move) string                 { return fmt.Sprintf("+%d", m.Tag) }

func (s *race) LegalMoves(dst []rules.Move) []rules.Move {
	if s.toMove == rules.NoPlayer {
		return dst
	}
	return append(dst, rules.Move{Kind: rules.Pass, Tag: 1}, rules.Move{Kind: rules.Pass, Tag: 2})
}

func (s *race) Apply(m rules.Move) {
	s.count += int32(m.Tag)
	if s.count >= s.target {
		s.winner, s.toMove = s.toMove, rules.NoPlayer
		return
	}
	s.toMove = s.toMove.Other()
}

func (s *race) Outcome() (rules.Outcome, bool) {
	if s.toMove != rules.NoPlayer {
		return rules.Outcome{}, false
	}
	return rules.Outcome{Winner: s.winner, Reason: "target"}, true
}

// ---- Pie: player 0 splits ten points, taking k and leaving 10-k; player 1 then keeps its
// share (Pass) or swaps colours and shares (Swap). More points wins. The swap changes which
// colour each person plays, not who the players are, so a search must still maximise for
// the person who will own the points.

var pieGame = &rules.Game{ID: "toy-pie", Sides: twoSides(), Style: rules.Plain, MaxTurns: 4}

type pie struct {
	k       int8 // player 0's share once chosen, 0 before
	swapped bool
	over    bool
}

func (s *pie) Game() *rules.Game        { return pieGame }
func (s *pie) Variant() rules.Options   { return nil }
func (s *pie) Board() *board.Topology   { return nimBoard }
func (s *pie) Clone() rules.State       { c := *s; return &c }
func (s *pie) CopyFrom(src rules.State) { *s = *src.(*pie) }
func (s *pie) MidTurn() bool            { return false }
func (s *pie) Hash() uint64             { return keyHash(s.AppendKey(nil)) }
func (s *pie) ComputeHash() uint64      { return s.Hash() }
func (s *pie) Pieces(board.Site, []rules.Piece) []rules.Piece {
	return nil
}
func (s *pie) AppendKey(dst []byte) []byte {
	b := byte(s.k)
	if s.swapped {
		b |= 0x40
	}
	if s.over {
		b |= 0x80
	}
	return append(dst, b)
}

func (s *pie) ToMove() rules.Player {
	switch {
	case s.over:
		return rules.NoPlayer
	case s.k == 0:
		return 0
	}
	return 1
}

// Colour implements rules.SeatColours.
func (s *pie) Colour(p rules.Player) rules.Colour {
	if s.swapped == (p == 0) {
		return rules.Black
	}
	return rules.White
}

func (s *pie) LegalMoves(dst []rules.Move) []rules.Move {
	switch {
	case s.over:
		return dst
	case s.k == 0:
		for k := 1; k <= 9; k++ {
			dst = append(dst, rules.Move{Kind: rules.Choose, Tag: uint8(k)})
		}
		return dst
	}
	return append(dst, rules.NewMove(rules.Pass), rules.NewMove(rules.Swap))
}

func (s *pie) Apply(m rules.Move) {
	switch m.Kind {
	case rules.Choose:
		s.k = int8(m.Tag)
	case rules.Swap:
		s.swapped = true
		s.over = true
	default:
		s.over = true
	}
}

// points is each player's share: a swap hands player 0's share to player 1.
func (s *pie) points() [2]int {
	p := [2]int{int(s.k), 10 - int(s.k)}
	if s.swapped {
		p[0], p[1] = p[1], p[0]
	}
	return p
}

func (s *pie) Outcome() (rules.Outcome, bool) {
	if !s.over {
		return rules.Outcome{}, false
	}
	p := s.points()
	return rules.Scores("points", p[0], p[1]), true
}
