package collapse

import (
	"encoding/binary"
	"math/bits"

	"koma/rules"
	"koma/rules/board"
)

// Game is the definition card of Collapse.
var Game = &rules.Game{
	ID:      "collapse",
	Sides:   []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style:   rules.Lines,
	Looks:   []rules.Look{rules.Disc},
	Presets: []string{""},
	// Each turn takes one of the 22 pieces, and a side without pieces cannot capture.
	MaxTurns: 2*pieces - 1,
	New:      newGame,
	// Tree search beat alpha-beta 11 – 9 at Expert, and held plain search to 22 – 18 where
	// alpha-beta lost 14 – 26.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Engine: rules.TreeEngine},
		Blurred: rules.SearchTuning{Engine: rules.TreeEngine},
	},
}

const (
	width    = 9
	height   = 5
	numSites = width * height
	allSites = 1<<numSites - 1
	// pieces is how many pieces each side starts with.
	pieces = 11
)

// reasonNoCapture is the only way a game ends: the player to move cannot capture.
const reasonNoCapture = "no-capture"

var topology = board.NewPoints(width, height)

// ray lists, for each point and direction, the points along the drawn line from it,
// nearest first; rayLen[s][d] is how many there are.
var (
	ray    [numSites][8][width - 1]int8
	rayLen [numSites][8]int8
)

// lineTo[d] holds the points with a drawn line to a neighbour in direction d, and
// delta[d] is how the point index changes along it (+9 for a row up).
var (
	lineTo [8]uint64
	delta  [8]int
)

// zobrist holds one key per player and point, then one for Black to move.
var zobrist = board.NewZobrist("collapse", 2*numSites+1)

// initial is the starting position.
var initial State

func init() {
	for s := board.Site(0); s < numSites; s++ {
		for d := board.Dir(0); d < 8; d++ {
			if n := topology.Step(s, d); n != board.NoSite {
				lineTo[d] |= 1 << s
				delta[d] = int(n - s)
			}
			for n := topology.Step(s, d); n != board.NoSite; n = topology.Step(n, d) {
				ray[s][d][rayLen[s][d]] = int8(n)
				rayLen[s][d]++
			}
		}
	}
	var white, black uint64
	for _, l := range []string{"a1", "c1", "e1", "g1", "i1", "a4", "i4", "b5", "d5", "f5", "h5"} {
		white |= 1 << topology.MustParse(l)
	}
	for _, l := range []string{"b1", "d1", "f1", "h1", "a2", "i2", "a5", "c5", "e5", "g5", "i5"} {
		black |= 1 << topology.MustParse(l)
	}
	initial = State{Status: rules.Status{Winner: rules.NoPlayer}, pieces: [2]uint64{white, black}}
	initial.Zobrist = initial.ComputeHash()
	initial.checkEnd()
}

func newGame(rules.Options) (rules.State, error) {
	st := initial
	return &st, nil
}

// State is a Collapse position: each side's pieces as a bitmask over the 45 points (bit s is
// site s of the topology), so copying a State copies everything it owns.
type State struct {
	rules.Status
	pieces [2]uint64
	// caps holds, per direction, the pieces of the player to move that can capture that
	// way: checkEnd needs them to see whether the game is over, and the move generators
	// reuse them.
	caps [8]uint64
}

// Game returns the Collapse definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns the options: the game has none.
func (s *State) Variant() rules.Options { return rules.Options{} }

// Board returns the 9×5 point board.
func (s *State) Board() *board.Topology { return topology }

// MidTurn is always false: every turn is a single slide.
func (s *State) MidTurn() bool { return false }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be a Collapse state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes the hash from the pieces and the side to move.
func (s *State) ComputeHash() uint64 {
	var h uint64
	for p := range 2 {
		for m := s.pieces[p]; m != 0; m &= m - 1 {
			h ^= zobrist[p*numSites+bits.TrailingZeros64(m)]
		}
	}
	if s.Turn == 1 {
		h ^= zobrist[2*numSites]
	}
	return h
}

// AppendKey encodes the full state: the pieces, the side to move and the result. Nothing
// else matters for what comes next.
func (s *State) AppendKey(dst []byte) []byte {
	for _, m := range s.pieces {
		dst = binary.LittleEndian.AppendUint64(dst, m)
	}
	over := byte(0)
	if s.Over {
		over = 1
	}
	return append(dst, byte(s.Turn), over, byte(s.Winner+1))
}

// Outcome reports the result once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	if !s.Over {
		return rules.Outcome{}, false
	}
	return rules.Outcome{Winner: s.Winner, Reason: reasonNoCapture}, true
}

// Pieces appends the piece on site, if any.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	if site < 0 || site >= numSites {
		return dst
	}
	for p := range 2 {
		if s.pieces[p]&(1<<site) != 0 {
			dst = append(dst, rules.Piece{Owner: rules.Player(p)})
		}
	}
	return dst
}

// back moves every bit of x from point s+k·delta[d] to point s: each point learns about
// the point k steps further along direction d.
func back(x uint64, d, k int) uint64 {
	if sh := k * delta[d]; sh > 0 {
		return x >> sh
	}
	return x << -(k * delta[d])
}

// capturers returns, per direction, p's pieces that can capture by sliding that way. It
// works on whole boards: first the empty points from which a slide in direction d,
// through empty points only, runs into an enemy piece (grown backwards from the enemies
// in three doubling steps, enough for the longest line of 8 points), then the pieces of
// p just behind such a point.
func (s *State) capturers(p rules.Player) (c [8]uint64) {
	own, enemy := s.pieces[p], s.pieces[p.Other()]
	empty := allSites &^ (own | enemy)
	for d := range 8 {
		open := empty & lineTo[d]
		reach := open & back(enemy, d, 1)
		reach |= open & back(reach, d, 1)
		open &= back(open, d, 1)
		reach |= open & back(reach, d, 2)
		open &= back(open, d, 2)
		reach |= open & back(reach, d, 4)
		c[d] = own & lineTo[d] & back(reach, d, 1)
	}
	return c
}

// landing is where the piece on from stops sliding in direction d: the last empty point
// before the first piece on its line. The caller knows the slide is a capture.
func (s *State) landing(from, d int) int {
	occupied := s.pieces[0] | s.pieces[1]
	to := from
	for _, next := range ray[from][d][:rayLen[from][d]] {
		if occupied&(1<<next) != 0 {
			break
		}
		to = int(next)
	}
	return to
}

// LegalMoves appends the legal slides, by starting point and then by direction
// (N, NE, E, SE, S, SW, W, NW).
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	c := &s.caps
	all := c[0] | c[1] | c[2] | c[3] | c[4] | c[5] | c[6] | c[7]
	for m := all; m != 0; m &= m - 1 {
		from := bits.TrailingZeros64(m)
		for d := range 8 {
			if c[d]&(1<<from) != 0 {
				dst = append(dst, rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(from), board.Site(s.landing(from, d))}})
			}
		}
	}
	return dst
}

// taken returns the point of the piece a legal slide from→to captures: the next point
// along the same line.
func taken(from, to board.Site) board.Site {
	dc := sign(topology.Info(to).Col - topology.Info(from).Col)
	dr := sign(topology.Info(to).Row - topology.Info(from).Row)
	return to + board.Site(dr*width+dc)
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// Apply plays m, which must be one of LegalMoves.
func (s *State) Apply(m rules.Move) {
	p, o := s.Turn, s.Turn.Other()
	from, to := m.Path[0], m.Path[1]
	victim := taken(from, to)
	s.pieces[p] ^= 1<<from | 1<<to
	s.pieces[o] &^= 1 << victim
	s.Zobrist ^= zobrist[int(p)*numSites+int(from)] ^ zobrist[int(p)*numSites+int(to)] ^ zobrist[int(o)*numSites+int(victim)] ^ zobrist[2*numSites]
	s.Turn = o
	s.checkEnd()
}

// checkEnd finds the captures of the player to move and ends the game when there are
// none: that player loses.
func (s *State) checkEnd() {
	s.caps = s.capturers(s.Turn)
	c := &s.caps
	if c[0]|c[1]|c[2]|c[3]|c[4]|c[5]|c[6]|c[7] == 0 {
		s.Over, s.Winner = true, s.Turn.Other()
	}
}

// Captures implements rules.CapturePreviewer: the piece the slide takes.
func (s *State) Captures(m rules.Move, dst []board.Site) []board.Site {
	if m.Kind != rules.Step || m.Len != 2 {
		return dst
	}
	return append(dst, taken(m.Path[0], m.Path[1]))
}
