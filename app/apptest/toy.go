// Package apptest holds helpers for testing the app and its scenes. Its toy game exercises
// placements, steps and optional jump chains, so that tests do not depend on which games
// the catalog holds.
package apptest

import (
	"koma/rules"
	"koma/rules/board"
)

const (
	size     = 5
	maxTurns = 40
	hand     = 1
)

var topo = board.NewSquare(size, size)

// zobrist keys: two owners per site, then the mover, then one key per piece in hand.
var keys = board.NewZobrist("toy", size*size*2+1+2*(hand+1))

// ToyGame is the toy game: pieces step orthogonally, jump enemies in straight chains that may
// stop at any landing, and each side may drop one extra piece on any empty square. A player
// who cannot move loses; the game is drawn after maxTurns decisions.
var ToyGame = &rules.Game{
	ID:       "toy",
	Sides:    []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style:    rules.Checkered,
	Options:  []rules.OptionSpec{{Key: "start", Values: []string{"full", "sparse"}, Default: "full"}},
	MaxTurns: maxTurns,
	New:      newState,
}

// ToyCatalog holds only the toy game.
var ToyCatalog = rules.Catalog{ToyGame}

type state struct {
	opts   rules.Options
	cells  [size * size]int8
	hand   [2]uint8
	toMove rules.Player
	turns  uint16
	hash   uint64
	done   bool
	result rules.Outcome
}

func newState(o rules.Options) (rules.State, error) {
	s := &state{opts: o}
	for i := range s.cells {
		s.cells[i] = -1
	}
	cols := []int{0, 2, 4}
	if o.Get("start") == "sparse" {
		cols = []int{1, 3}
	}
	for _, c := range cols {
		s.cells[topo.At(c, 0)] = 0
		s.cells[topo.At(c, size-1)] = 1
	}
	s.hand = [2]uint8{hand, hand}
	s.hash = s.ComputeHash()
	return s, nil
}

func (s *state) Game() *rules.Game        { return ToyGame }
func (s *state) Variant() rules.Options   { return s.opts }
func (s *state) Board() *board.Topology   { return topo }
func (s *state) Hash() uint64             { return s.hash }
func (s *state) Clone() rules.State       { c := *s; return &c }
func (s *state) CopyFrom(src rules.State) { *s = *src.(*state) }

func (s *state) ToMove() rules.Player {
	if s.done {
		return rules.NoPlayer
	}
	return s.toMove
}

func (s *state) ComputeHash() uint64 {
	var h uint64
	for i, c := range s.cells {
		if c >= 0 {
			h ^= keys[i*2+int(c)]
		}
	}
	if s.toMove == 1 {
		h ^= keys[size*size*2]
	}
	for p := 0; p < 2; p++ {
		h ^= keys[size*size*2+1+p*(hand+1)+int(s.hand[p])]
	}
	return h
}

func (s *state) AppendKey(dst []byte) []byte {
	for _, c := range s.cells {
		dst = append(dst, byte(c))
	}
	return append(dst, s.hand[0], s.hand[1], byte(s.toMove), byte(s.turns), byte(s.turns>>8))
}

func (s *state) Outcome() (rules.Outcome, bool) { return s.result, s.done }

func (s *state) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	if c := s.cells[site]; c >= 0 {
		dst = append(dst, rules.Piece{Owner: rules.Player(c)})
	}
	return dst
}

var orth = []board.Dir{board.N, board.E, board.S, board.W}

func (s *state) LegalMoves(dst []rules.Move) []rules.Move {
	if s.done {
		return dst
	}
	return s.generate(dst)
}

func (s *state) generate(dst []rules.Move) []rules.Move {
	me := int8(s.toMove)
	for i, c := range s.cells {
		from := board.Site(i)
		if c != me {
			continue
		}
		for _, d := range orth {
			if to := topo.Step(from, d); to != board.NoSite && s.cells[to] < 0 {
				dst = append(dst, rules.NewMove(rules.Step, from, to))
			}
			path := []board.Site{from}
			at := from
			for {
				over := topo.Step(at, d)
				if over == board.NoSite || s.cells[over] != 1-me {
					break
				}
				land := topo.Step(over, d)
				if land == board.NoSite || s.cells[land] >= 0 {
					break
				}
				path = append(path, land)
				dst = append(dst, rules.NewMove(rules.Jump, path...))
				at = land
			}
		}
	}
	if s.hand[s.toMove] > 0 {
		for i, c := range s.cells {
			if c < 0 {
				dst = append(dst, rules.NewMove(rules.Place, board.Site(i)))
			}
		}
	}
	return dst
}

func (s *state) set(site board.Site, v int8) {
	if old := s.cells[site]; old >= 0 {
		s.hash ^= keys[int(site)*2+int(old)]
	}
	s.cells[site] = v
	if v >= 0 {
		s.hash ^= keys[int(site)*2+int(v)]
	}
}

func (s *state) Apply(m rules.Move) {
	me := int8(s.toMove)
	switch m.Kind {
	case rules.Place:
		p := int(s.toMove)
		s.hash ^= keys[size*size*2+1+p*(hand+1)+int(s.hand[p])]
		s.hand[p]--
		s.hash ^= keys[size*size*2+1+p*(hand+1)+int(s.hand[p])]
		s.set(m.Path[0], me)
	case rules.Step:
		s.set(m.Path[0], -1)
		s.set(m.Path[1], me)
	case rules.Jump:
		s.set(m.Path[0], -1)
		for i := 1; i < int(m.Len); i++ {
			a, b := topo.Info(m.Path[i-1]), topo.Info(m.Path[i])
			s.set(topo.At((a.Col+b.Col)/2, (a.Row+b.Row)/2), -1)
		}
		s.set(m.To(), me)
	}
	s.turns++
	s.toMove = s.toMove.Other()
	s.hash ^= keys[size*size*2]
	switch {
	case !s.hasPieces(s.toMove):
		s.finish(s.toMove.Other(), "captured-all")
	case len(s.generate(nil)) == 0:
		s.finish(s.toMove.Other(), "no-moves")
	case int(s.turns) >= maxTurns:
		s.finish(rules.NoPlayer, "turn-limit")
	}
}

func (s *state) hasPieces(p rules.Player) bool {
	if s.hand[p] > 0 {
		return true
	}
	for _, c := range s.cells {
		if c == int8(p) {
			return true
		}
	}
	return false
}

func (s *state) finish(winner rules.Player, reason string) {
	s.done = true
	s.result = rules.Outcome{Winner: winner, Reason: reason}
}
