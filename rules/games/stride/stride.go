package stride

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// Game is the definition card of Stride.
var Game = &rules.Game{
	ID:      "stride",
	Sides:   []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style:   rules.HexCells,
	Looks:   []rules.Look{rules.Disc},
	Presets: []string{""},
	// Every capture removes at least one of the 2·piecesEach pieces and resets the quiet
	// count, and QuietLimit turns without one draw the game: no game outlasts this.
	MaxTurns: (2*piecesEach + 1) * QuietLimit,
	New:      newGame,
}

const (
	// side is the rulebook's board: 5 cells per side.
	side     = 5
	numCells = 3*side*side - 3*side + 1
	// piecesEach is the number of pieces each player starts with (rulebook). Stacks never
	// mix colours, so no stack is taller than this.
	piecesEach = 13
	// QuietLimit is the number of turns in a row without a capture after which the game is
	// drawn (our rule, see the package documentation).
	QuietLimit = 100
)

// setup is the reconstructed initial position (games-hex.md §4.2, no source found): the
// cells of each player's pieces, White then Black. It is data so that it can be corrected
// once the rulebook's diagram is seen.
var setup = [2][]string{
	{"d2", "e2", "f2", "g2", "h2", "i2", "c3", "d3", "e3", "f3", "g3", "h3", "i3"},
	{"a7", "b7", "c7", "d7", "e7", "f7", "g7", "a8", "b8", "c8", "d8", "e8", "f8"},
}

// goals is each player's goal cells, White then Black: the far row, the opponent's back
// row, which the reconstructed setup leaves empty (games-hex.md §4.2, STR-1).
var goals = [2][]string{
	{"a9", "b9", "c9", "d9", "e9"},
	{"e1", "f1", "g1", "h1", "i1"},
}

// The end reasons, as the rules texts name them.
const (
	reasonNone uint8 = iota
	reasonGoal
	reasonNoMoves
	reasonRepetition
	reasonQuiet
)

var reasonKeys = [...]string{"", "goal", "no-moves", "repetition", "quiet"}

var topology = board.NewHex(side)

// The tables below are built once from the topology and the setup data.
var (
	// over[c][d] is the neighbour of c in direction d (board.HexE order), land[c][d] the
	// cell beyond it, or -1.
	over, land [numCells][6]int8
	// row[c] is the row of c counted from 0 at the bottom (White's back row).
	row [numCells]int8
	// startOwn and goalMask hold the setup and the goal cells, per player.
	startOwn, goalMask [2]uint64
	// forward[p] has bit d set when direction d is diagonally forward for p: NE and NW
	// for White, who sits at row 1; SW and SE for Black (games-hex.md §4.1).
	forward = [2]uint8{1<<board.HexNE | 1<<board.HexNW, 1<<board.HexSW | 1<<board.HexSE}
	// zobrist holds a key per colour, cell and height, then one for Black to move.
	zobrist = board.NewZobrist("stride", 2*numCells*piecesEach+1)
)

const sideKey = 2 * numCells * piecesEach

func init() {
	for c := range numCells {
		row[c] = int8(topology.Info(board.Site(c)).Row + side - 1)
		for d := range 6 {
			over[c][d], land[c][d] = -1, -1
			a := topology.Step(board.Site(c), board.Dir(d))
			if a == board.NoSite {
				continue
			}
			over[c][d] = int8(a)
			if b := topology.Step(a, board.Dir(d)); b != board.NoSite {
				land[c][d] = int8(b)
			}
		}
	}
	for p := range 2 {
		startOwn[p] = mask(setup[p])
		goalMask[p] = mask(goals[p])
	}
}

func mask(labels []string) uint64 {
	var m uint64
	for _, l := range labels {
		s, err := topology.Parse(l)
		if err != nil {
			panic("stride: " + err.Error())
		}
		m |= 1 << s
	}
	return m
}

func key(p rules.Player, c int, h uint8) uint64 {
	return zobrist[(int(p)*numCells+c)*piecesEach+int(h)-1]
}

// State is a Stride position. A cell holds nothing or a stack of one colour: own says
// whose, height how many pieces.
type State struct {
	own    [2]uint64
	height [numCells]uint8
	hash   uint64
	// turn is the player to move; once the game is over it is unchanged from the last turn.
	turn   rules.Player
	over   bool
	winner rules.Player
	reason uint8
	// quiet counts the turns since the last capture (or the start).
	quiet uint16
	// hist holds the hashes of the positions since the last capture, the current one
	// included; QuietLimit bounds them.
	hist rules.History[[128]uint64]
}

func newGame(rules.Options) (rules.State, error) {
	s := &State{own: startOwn, winner: rules.NoPlayer}
	for p := range 2 {
		for m := startOwn[p]; m != 0; m &= m - 1 {
			s.height[bits.TrailingZeros64(m)] = 1
		}
	}
	s.hash = s.ComputeHash()
	s.hist.Push(s.hash)
	return s, nil
}

// Game returns the Stride definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns the options: Stride has none.
func (s *State) Variant() rules.Options { return rules.Options{} }

// Board returns the hex board of 5 cells per side.
func (s *State) Board() *board.Topology { return topology }

// ToMove returns the player to move, or rules.NoPlayer once the game is over.
func (s *State) ToMove() rules.Player {
	if s.over {
		return rules.NoPlayer
	}
	return s.turn
}

// MidTurn is always false: a turn is one jump.
func (s *State) MidTurn() bool { return false }

// jumps returns the directions in which p's top piece on c may jump, as a bit mask: over
// an occupied neighbour onto the board; diagonally forward always; sideways and
// backward only to capture, or onto a friendly stack at least as tall as the one it
// leaves, so that it ends higher than it was (rulebook, resolutions.md).
func (s *State) jumps(p rules.Player, c int) uint8 {
	occ := s.own[0] | s.own[1]
	var out uint8
	for d := range 6 {
		a, b := over[c][d], land[c][d]
		if b < 0 || occ>>a&1 == 0 {
			continue
		}
		switch {
		case forward[p]>>d&1 != 0,
			s.own[p.Other()]>>b&1 != 0,
			s.own[p]>>b&1 != 0 && s.height[b] >= s.height[c]:
			out |= 1 << d
		}
	}
	return out
}

func jump(from, to int) rules.Move {
	return rules.Move{Kind: rules.Jump, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(from), board.Site(to)}}
}

// LegalMoves lists the jumps by the cell they leave, and for each cell by direction
// (board.HexE order).
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.over {
		return dst
	}
	for m := s.own[s.turn]; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		for j := s.jumps(s.turn, c); j != 0; j &= j - 1 {
			dst = append(dst, jump(c, int(land[c][bits.TrailingZeros8(j)])))
		}
	}
	return dst
}

// RandomMove implements rules.RandomMover: it counts the jumps, draws one index as
// LegalMoves(nil)[rng.IntN(n)] would, and builds only that move.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.over {
		return rules.Move{}, false
	}
	var js [numCells]uint8
	n := 0
	for m := s.own[s.turn]; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		js[c] = s.jumps(s.turn, c)
		n += bits.OnesCount8(js[c])
	}
	k := rng.IntN(n)
	for m := s.own[s.turn]; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		if k >= bits.OnesCount8(js[c]) {
			k -= bits.OnesCount8(js[c])
			continue
		}
		j := js[c]
		for ; k > 0; k-- {
			j &= j - 1
		}
		return jump(c, int(land[c][bits.TrailingZeros8(j)])), true
	}
	panic("stride: RandomMove miscounted")
}

// direction returns the direction of a jump from c to t, or -1 when t is not two cells
// away along a line.
func direction(c, t int) int {
	for d := range 6 {
		if int(land[c][d]) == t {
			return d
		}
	}
	return -1
}

// legal reports whether m is one of LegalMoves, without listing them.
func (s *State) legal(m rules.Move) bool {
	if s.over || m.Kind != rules.Jump || m.Len != 2 || m.Tag != 0 {
		return false
	}
	c, t := int(m.Path[0]), int(m.Path[1])
	if c < 0 || c >= numCells || t < 0 || t >= numCells || s.own[s.turn]>>c&1 == 0 {
		return false
	}
	d := direction(c, t)
	return d >= 0 && s.jumps(s.turn, c)>>d&1 != 0
}

// Apply plays m. A move that is not legal leaves the state unchanged; rules.Play reports
// such moves.
func (s *State) Apply(m rules.Move) {
	if !s.legal(m) {
		return
	}
	c, t := int(m.Path[0]), int(m.Path[1])
	p, q := s.turn, s.turn.Other()
	s.setHeight(p, c, s.height[c]-1)
	captured := s.own[q]>>t&1 != 0
	if captured {
		s.setHeight(q, t, 0)
	}
	s.setHeight(p, t, s.height[t]+1)
	s.turn = q
	s.hash ^= zobrist[sideKey]
	if captured {
		s.quiet = 0
		s.hist.Reset()
	} else {
		s.quiet++
	}
	repeated := s.hist.Count(s.hash) >= 2
	s.hist.Push(s.hash)
	// The rulebook's ends come first, checked at the start of q's turn: a piece of q on
	// q's goal cells survived p's turn, so q wins; otherwise q without a jump loses.
	switch {
	case s.own[q]&goalMask[q] != 0:
		s.finish(q, reasonGoal)
	case !s.hasMove(q):
		s.finish(p, reasonNoMoves)
	case repeated:
		s.finish(rules.NoPlayer, reasonRepetition)
	case s.quiet >= QuietLimit:
		s.finish(rules.NoPlayer, reasonQuiet)
	}
}

// setHeight makes p's stack on c h pieces tall (0 empties the cell), keeping own and the
// hash up to date.
func (s *State) setHeight(p rules.Player, c int, h uint8) {
	if old := s.height[c]; old != 0 {
		s.hash ^= key(p, c, old)
	}
	s.height[c] = h
	if h == 0 {
		s.own[p] &^= 1 << c
		return
	}
	s.own[p] |= 1 << c
	s.hash ^= key(p, c, h)
}

func (s *State) hasMove(p rules.Player) bool {
	for m := s.own[p]; m != 0; m &= m - 1 {
		if s.jumps(p, bits.TrailingZeros64(m)) != 0 {
			return true
		}
	}
	return false
}

func (s *State) finish(winner rules.Player, reason uint8) {
	s.over, s.winner, s.reason = true, winner, reason
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State { c := *s; return &c }

// CopyFrom overwrites s with src, another Stride state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// Hash returns the incremental Zobrist hash of the stacks and the player to move.
func (s *State) Hash() uint64 { return s.hash }

// ComputeHash recomputes Hash from scratch.
func (s *State) ComputeHash() uint64 {
	var h uint64
	if s.turn == 1 {
		h = zobrist[sideKey]
	}
	for p := range rules.Player(2) {
		for m := s.own[p]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			h ^= key(p, c, s.height[c])
		}
	}
	return h
}

// AppendKey appends the turn, the result, the quiet count, the stacks and the positions
// since the last capture.
func (s *State) AppendKey(dst []byte) []byte {
	over := byte(0)
	if s.over {
		over = 1
	}
	dst = append(dst, byte(s.turn), over, byte(s.winner), s.reason, byte(s.quiet))
	for c := range numCells {
		owner := byte(0)
		for p := range 2 {
			if s.own[p]>>c&1 != 0 {
				owner = byte(p + 1)
			}
		}
		dst = append(dst, owner, s.height[c])
	}
	return s.hist.AppendKey(dst)
}

// Outcome reports the result once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	if !s.over {
		return rules.Outcome{}, false
	}
	return rules.Outcome{Winner: s.winner, Reason: reasonKeys[s.reason]}, true
}

// Pieces appends the stack on site, bottom first, so that the board shows its height.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	c := int(site)
	if c < 0 || c >= numCells {
		return dst
	}
	for p := range rules.Player(2) {
		if s.own[p]>>c&1 != 0 {
			for range s.height[c] {
				dst = append(dst, rules.Piece{Owner: p})
			}
		}
	}
	return dst
}

// Height returns how many pieces stand on site.
func (s *State) Height(site board.Site) int { return int(s.height[site]) }

// Marks implements rules.Marker: the goal cells, White's then Black's, each owned by the
// player who wins by reaching it.
func (s *State) Marks(dst []rules.Mark) []rules.Mark {
	for p := range rules.Player(2) {
		for m := goalMask[p]; m != 0; m &= m - 1 {
			dst = append(dst, rules.Mark{Site: board.Site(bits.TrailingZeros64(m)), Kind: rules.Goal, Owner: p})
		}
	}
	return dst
}

// Captures implements rules.CapturePreviewer: a jump takes the enemy stack it lands on, if
// any, never the piece it jumps over, which the board could not tell from the notation.
func (s *State) Captures(m rules.Move, dst []board.Site) []board.Site {
	if s.legal(m) && s.own[s.turn.Other()]>>m.Path[1]&1 != 0 {
		dst = append(dst, m.Path[1])
	}
	return dst
}

// String describes the position for test failures.
func (s *State) String() string {
	if o, ok := s.Outcome(); ok {
		return fmt.Sprintf("%s\nover: %+v", rules.Text(s), o)
	}
	return fmt.Sprintf("%s\n%s to move", rules.Text(s), rules.SideName(s, s.turn))
}

// Prompt implements rules.Prompter. When the opponent has a piece on its goal cells, the
// player must capture it this turn or lose, which the board alone does not say.
func (s *State) Prompt() string {
	switch {
	case s.over:
		return ""
	case s.own[s.turn.Other()]&goalMask[s.turn.Other()] != 0:
		return "capture-goal"
	}
	return "jump"
}

// WhyNot implements rules.Explainer.
func (s *State) WhyNot(path []board.Site) string {
	if s.over || len(path) == 0 {
		return ""
	}
	for _, site := range path {
		if site < 0 || int(site) >= numCells {
			return ""
		}
	}
	p := s.turn
	c := int(path[0])
	occ := s.own[0] | s.own[1]
	switch {
	case occ>>c&1 == 0:
		return "empty"
	case s.own[p]>>c&1 == 0:
		return "not-yours"
	case s.jumps(p, c) == 0:
		return "stuck"
	case len(path) < 2:
		return ""
	}
	t := int(path[1])
	d := direction(c, t)
	switch {
	case d < 0:
		return "not-a-jump"
	case occ>>over[c][d]&1 == 0:
		return "nothing-to-jump"
	case s.jumps(p, c)>>d&1 != 0:
		return ""
	case s.own[p]>>t&1 != 0:
		return "not-higher"
	}
	return "needs-capture-or-climb"
}
