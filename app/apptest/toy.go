// Package apptest holds helpers for testing the app and its scenes. Its toy game exercises
// every turn shape the core supports, so that tests do not depend on which games the
// catalog holds.
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

// Zobrist keys: two owners per site, the mover, one key per count of pieces in hand and
// player, then the rich variant's extras: one per chain site, colours swapped, colour
// chosen, extra turn.
const (
	zMover   = size * size * 2
	zHand    = zMover + 1
	zChain   = zHand + 2*(hand+1)
	zSwapped = zChain + size*size
	zChosen  = zSwapped + 1
	zExtra   = zChosen + 1
	zKeys    = zExtra + 1
)

var keys = board.NewZobrist("toy", zKeys)

// Tags of the rich variant's decisions.
const (
	// Jump tags: a jump either removes the piece it passes or wins it over.
	tagCapture uint8 = 1
	tagConvert uint8 = 2
)

// ToyGame is the toy game. Pieces step orthogonally, jump enemies in straight lines, and each
// side may drop one extra piece on any empty square. A player with no piece loses.
//
// With turns=plain (the default) a whole straight jump chain is one move that may stop at
// any landing, a player who cannot move loses, and the game is drawn after maxTurns turns.
//
// With turns=rich the game uses every turn shape the core offers: Player 0 first chooses a
// colour (Choose, labelled "white" and "black"); on the third turn the player to move may
// swap colours (the pie rule: the pieces change hands, so each keeps its colour on the
// board); a jump is one hop per decision, after which the same piece may jump again in any
// direction or Stop; each jump either captures the piece it passes or converts it (moves
// that differ only by Tag, labelled, with the capture previewed); a drop earns an extra
// turn, a new turn of the same player; anyone may Pass. After maxTurns turns the player with
// more pieces on the board wins, by score.
var ToyGame = &rules.Game{
	ID:    "toy",
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.Checkered,
	Options: []rules.OptionSpec{
		{Key: "start", Values: []string{"full", "sparse"}, Default: "full"},
		{Key: "turns", Values: []string{"plain", "rich"}, Default: "plain"},
	},
	MaxTurns: maxTurns,
	New:      newState,
}

// ToyCatalog holds only the toy game.
var ToyCatalog = rules.Catalog{ToyGame}

type state struct {
	opts  rules.Options
	rich  bool
	cells [size * size]int8
	hand  [2]uint8
	// toMove is kept after the end, so that the hash stays that of the final position.
	toMove rules.Player
	turns  uint16
	// chain is the piece in the middle of a jump chain (rich variant), or board.NoSite.
	chain board.Site
	// swapped is true when the players' colours are exchanged from Game.Sides.
	swapped bool
	// chosen is true once Player 0 has chosen a colour (rich variant).
	chosen bool
	// extra is true when the player to move won this turn by a drop.
	extra  bool
	hash   uint64
	done   bool
	result rules.Outcome
}

func newState(o rules.Options) (rules.State, error) {
	s := &state{opts: o, rich: o.Get("turns") == "rich", chain: board.NoSite}
	s.chosen = !s.rich
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
func (s *state) MidTurn() bool            { return !s.done && s.chain != board.NoSite }

func (s *state) ToMove() rules.Player {
	if s.done {
		return rules.NoPlayer
	}
	return s.toMove
}

// Colour implements rules.SeatColours: a swap exchanges the players' colours.
func (s *state) Colour(p rules.Player) rules.Colour {
	c := ToyGame.Sides[p].Colour
	if s.swapped {
		c = ToyGame.Sides[p.Other()].Colour
	}
	return c
}

func (s *state) ComputeHash() uint64 {
	var h uint64
	for i, c := range s.cells {
		if c >= 0 {
			h ^= keys[i*2+int(c)]
		}
	}
	if s.toMove == 1 {
		h ^= keys[zMover]
	}
	for p := 0; p < 2; p++ {
		h ^= keys[zHand+p*(hand+1)+int(s.hand[p])]
	}
	if s.chain != board.NoSite {
		h ^= keys[zChain+int(s.chain)]
	}
	for _, k := range []struct {
		on  bool
		key int
	}{{s.swapped, zSwapped}, {s.chosen, zChosen}, {s.extra, zExtra}} {
		if k.on {
			h ^= keys[k.key]
		}
	}
	return h
}

func (s *state) AppendKey(dst []byte) []byte {
	for _, c := range s.cells {
		dst = append(dst, byte(c))
	}
	return append(dst, s.hand[0], s.hand[1], byte(s.toMove), byte(s.turns), byte(s.turns>>8),
		byte(s.chain), b2u8(s.swapped), b2u8(s.chosen), b2u8(s.extra), b2u8(s.done))
}

func b2u8(b bool) byte {
	if b {
		return 1
	}
	return 0
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
	if !s.rich {
		return s.generatePlain(dst)
	}
	switch {
	case !s.chosen:
		return append(dst, rules.Move{Kind: rules.Choose, Tag: 1}, rules.Move{Kind: rules.Choose, Tag: 2})
	case s.chain != board.NoSite:
		dst = s.appendHops(dst, s.chain)
		return append(dst, rules.NewMove(rules.Stop))
	}
	me := int8(s.toMove)
	for i, c := range s.cells {
		if c != me {
			continue
		}
		from := board.Site(i)
		for _, d := range orth {
			if to := topo.Step(from, d); to != board.NoSite && s.cells[to] < 0 {
				dst = append(dst, rules.NewMove(rules.Step, from, to))
			}
		}
		dst = s.appendHops(dst, from)
	}
	dst = s.appendDrops(dst)
	if s.turns == 2 {
		dst = append(dst, rules.NewMove(rules.Swap))
	}
	return append(dst, rules.NewMove(rules.Pass))
}

// appendHops appends the single jumps of the piece on from, each as a capture and as a
// conversion.
func (s *state) appendHops(dst []rules.Move, from board.Site) []rules.Move {
	for _, d := range orth {
		if over, land := s.hop(from, d); land != board.NoSite && over != board.NoSite {
			for _, tag := range []uint8{tagCapture, tagConvert} {
				m := rules.NewMove(rules.Jump, from, land)
				m.Tag = tag
				dst = append(dst, m)
			}
		}
	}
	return dst
}

// hop returns the enemy piece next to from in direction d and the empty square beyond it,
// or NoSite for either when there is no such jump.
func (s *state) hop(from board.Site, d board.Dir) (over, land board.Site) {
	over = topo.Step(from, d)
	if over == board.NoSite || s.cells[over] != int8(s.toMove.Other()) {
		return board.NoSite, board.NoSite
	}
	land = topo.Step(over, d)
	if land == board.NoSite || s.cells[land] >= 0 {
		return board.NoSite, board.NoSite
	}
	return over, land
}

func (s *state) appendDrops(dst []rules.Move) []rules.Move {
	if s.hand[s.toMove] > 0 {
		for i, c := range s.cells {
			if c < 0 {
				dst = append(dst, rules.NewMove(rules.Place, board.Site(i)))
			}
		}
	}
	return dst
}

func (s *state) generatePlain(dst []rules.Move) []rules.Move {
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
			// A straight chain only moves forward, so it never meets a piece twice.
			path := []board.Site{from}
			for at := from; ; {
				_, land := s.hop(at, d)
				if land == board.NoSite {
					break
				}
				path = append(path, land)
				dst = append(dst, rules.NewMove(rules.Jump, path...))
				at = land
			}
		}
	}
	return s.appendDrops(dst)
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

func (s *state) setFlag(flag *bool, v bool, key int) {
	if *flag != v {
		*flag = v
		s.hash ^= keys[key]
	}
}

func (s *state) setChain(site board.Site) {
	if s.chain != board.NoSite {
		s.hash ^= keys[zChain+int(s.chain)]
	}
	s.chain = site
	if site != board.NoSite {
		s.hash ^= keys[zChain+int(site)]
	}
}

// jumped returns the square between two landings of a straight jump.
func jumped(a, b board.Site) board.Site {
	x, y := topo.Info(a), topo.Info(b)
	return topo.At((x.Col+y.Col)/2, (x.Row+y.Row)/2)
}

func (s *state) Apply(m rules.Move) {
	me := int8(s.toMove)
	s.setFlag(&s.extra, false, zExtra)
	sameTurn, samePlayer := false, false
	switch m.Kind {
	case rules.Choose:
		s.setFlag(&s.chosen, true, zChosen)
		s.setFlag(&s.swapped, m.Tag == 2, zSwapped)
	case rules.Swap:
		for i, c := range s.cells {
			if c >= 0 {
				s.set(board.Site(i), 1-c)
			}
		}
		for p := 0; p < 2; p++ {
			s.hash ^= keys[zHand+p*(hand+1)+int(s.hand[p])]
		}
		s.hand[0], s.hand[1] = s.hand[1], s.hand[0]
		for p := 0; p < 2; p++ {
			s.hash ^= keys[zHand+p*(hand+1)+int(s.hand[p])]
		}
		s.setFlag(&s.swapped, !s.swapped, zSwapped)
	case rules.Place:
		p := int(s.toMove)
		s.hash ^= keys[zHand+p*(hand+1)+int(s.hand[p])]
		s.hand[p]--
		s.hash ^= keys[zHand+p*(hand+1)+int(s.hand[p])]
		s.set(m.Path[0], me)
		if s.rich {
			samePlayer = true
			s.setFlag(&s.extra, true, zExtra)
		}
	case rules.Step:
		s.set(m.Path[0], -1)
		s.set(m.Path[1], me)
	case rules.Jump:
		s.set(m.Path[0], -1)
		for i := 1; i < int(m.Len); i++ {
			over := jumped(m.Path[i-1], m.Path[i])
			if m.Tag == tagConvert {
				s.set(over, me)
			} else {
				s.set(over, -1)
			}
		}
		s.set(m.To(), me)
		if s.rich {
			s.setChain(m.To())
			sameTurn = len(s.appendHops(nil, m.To())) > 0
		}
	}
	if sameTurn {
		s.checkEnd()
		return
	}
	s.setChain(board.NoSite)
	s.turns++
	if !samePlayer {
		s.toMove = s.toMove.Other()
		s.hash ^= keys[zMover]
	}
	s.checkEnd()
}

func (s *state) checkEnd() {
	switch {
	case !s.hasPieces(s.toMove):
		s.finish(rules.Outcome{Winner: s.toMove.Other(), Reason: "captured-all"})
	case !s.hasPieces(s.toMove.Other()):
		s.finish(rules.Outcome{Winner: s.toMove, Reason: "captured-all"})
	case len(s.generate(nil)) == 0:
		s.finish(rules.Outcome{Winner: s.toMove.Other(), Reason: "no-moves"})
	case int(s.turns) >= maxTurns && s.rich:
		s.setChain(board.NoSite)
		s.finish(rules.Scores("turn-limit", s.onBoard(0), s.onBoard(1)))
	case int(s.turns) >= maxTurns:
		s.finish(rules.Outcome{Winner: rules.NoPlayer, Reason: "turn-limit"})
	}
}

func (s *state) onBoard(p rules.Player) int {
	n := 0
	for _, c := range s.cells {
		if c == int8(p) {
			n++
		}
	}
	return n
}

func (s *state) hasPieces(p rules.Player) bool {
	return s.hand[p] > 0 || s.onBoard(p) > 0
}

func (s *state) finish(o rules.Outcome) {
	s.done = true
	s.result = o
}

// MoveLabel implements rules.Labeller with keys the app words itself.
func (s *state) MoveLabel(m rules.Move) string {
	switch {
	case m.Kind == rules.Choose && m.Tag == 1:
		return "white"
	case m.Kind == rules.Choose:
		return "black"
	case m.Kind == rules.Jump && m.Tag == tagCapture:
		return "capture"
	case m.Kind == rules.Jump && m.Tag == tagConvert:
		return "convert"
	}
	return ""
}

// FormatMove implements rules.Notation: a conversion is marked with "=", the colours are
// named.
func (s *state) FormatMove(m rules.Move) string {
	switch {
	case m.Kind == rules.Choose && m.Tag == 1:
		return "white"
	case m.Kind == rules.Choose:
		return "black"
	case m.Kind == rules.Jump && m.Tag == tagConvert:
		return rules.GenericNotation(s, m) + "="
	}
	return rules.GenericNotation(s, m)
}

// Captures implements rules.CapturePreviewer.
func (s *state) Captures(m rules.Move, dst []board.Site) []board.Site {
	if m.Tag == tagConvert {
		return dst
	}
	return rules.JumpedSites(topo, m, dst)
}

// Prompt implements rules.Prompter with prompts the app words itself.
func (s *state) Prompt() string {
	switch {
	case s.done:
		return ""
	case !s.chosen:
		return "choose-colour"
	case s.chain != board.NoSite:
		return "jump-again"
	case s.extra:
		return "extra-turn"
	case s.turns == 2 && s.rich:
		return "may-swap"
	}
	return ""
}
