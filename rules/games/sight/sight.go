package sight

import (
	"fmt"
	"math/bits"

	"koma/rules"
	"koma/rules/board"
)

// Game is the definition card of Sight.
var Game = &rules.Game{
	ID:    "sight",
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.Lines,
	Looks: []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{
		{Key: "priority", Values: []string{priorityStrict, priorityMovable}, Default: priorityStrict},
	},
	Presets: []string{"", "priority=" + priorityMovable},
	// Every turn fills one empty point, so the player facing the 26th turn has no move.
	MaxTurns: numSites,
	New:      newGame,
}

// The values of the priority option: which stacks may move when the tallest are boxed in.
const (
	// priorityStrict: the move must come from a tallest stack, even if all of them are
	// surrounded (Koma's reading of the rulebook, see the package comment).
	priorityStrict = "strict"
	// priorityMovable: the move comes from the tallest of the stacks that can move.
	priorityMovable = "movable"
)

const (
	size     = 5
	numSites = size * size
	allSites = 1<<numSites - 1
)

// reasonNoMoves is the only way a game ends: the player to move has no legal move.
const reasonNoMoves = "no-moves"

var topology = board.NewPoints(size, size)

// The tables below are built once from the topology.
var (
	// sightRay[s][d] is the mask of the points along the drawn line from s in direction d,
	// and increasing[d] whether those points have higher indices than s, so that the first
	// one along the ray is the lowest set bit (else the highest).
	sightRay   [numSites][8]uint32
	increasing [8]bool
	// neighbours[s] is the mask of the points joined to s by a drawn line.
	neighbours [numSites]uint32
	// stepTo[s][d] is the neighbour of s in direction d, or -1.
	stepTo [numSites][8]int8
)

// zobrist holds one key per colour and point, mixed with the height (heightKey), then one
// for Black to move.
var zobrist = board.NewZobrist("sight", 2*numSites+1)

func init() {
	for s := board.Site(0); s < numSites; s++ {
		for d := board.Dir(0); d < 8; d++ {
			stepTo[s][d] = -1
			if n := topology.Step(s, d); n != board.NoSite {
				stepTo[s][d] = int8(n)
				neighbours[s] |= 1 << n
				increasing[d] = n > s
			}
			for n := topology.Step(s, d); n != board.NoSite; n = topology.Step(n, d) {
				sightRay[s][d] |= 1 << n
			}
		}
	}
}

func newGame(o rules.Options) (rules.State, error) {
	s := &State{Status: rules.Status{Winner: rules.NoPlayer}, movable: o.Get("priority") == priorityMovable}
	s.Zobrist = s.ComputeHash()
	s.checkEnd()
	return s, nil
}

// State is a Sight position. Every point holds nothing or a single-coloured pile: owner
// masks say whose, and height how many pieces, so copying a State copies everything.
type State struct {
	own    [2]uint32
	height [numSites]uint8
	// Status follows the pieces: placed first, it slowed playouts by 2–3% (komacli
	// bench, alternating runs).
	rules.Status
	movable bool
	// movers holds the mover's piles that may move this turn (its tallest stacks, or under
	// the movable option the tallest that can step), or 0 when the mover places.
	movers uint32
}

// Game returns the Sight definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns the options the position was created with.
func (s *State) Variant() rules.Options {
	if s.movable {
		return rules.Options{"priority": priorityMovable}
	}
	return rules.Options{"priority": priorityStrict}
}

// Board returns the 5×5 point board.
func (s *State) Board() *board.Topology { return topology }

// MidTurn is always false: every turn is one placement or one step.
func (s *State) MidTurn() bool { return false }

// Memoryless is true: nothing but the piles and the player to move decide what follows.
func (s *State) Memoryless() bool { return true }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be a Sight state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// heightKey is the hash contribution of a pile of height h of colour p on site: heights
// have no upper bound, so the key is mixed from the point's key rather than looked up.
func heightKey(p int, site int, h uint8) uint64 {
	x := zobrist[p*numSites+site] + uint64(h)*0x9e3779b97f4a7c15
	x ^= x >> 31
	x *= 0xbf58476d1ce4e5b9
	return x ^ x>>29
}

// ComputeHash recomputes the hash from the piles and the side to move.
func (s *State) ComputeHash() uint64 {
	var h uint64
	for p := range 2 {
		for m := s.own[p]; m != 0; m &= m - 1 {
			site := bits.TrailingZeros32(m)
			h ^= heightKey(p, site, s.height[site])
		}
	}
	if s.Turn == 1 {
		h ^= zobrist[2*numSites]
	}
	return h
}

// AppendKey encodes the full state: the piles, the side to move and the result.
func (s *State) AppendKey(dst []byte) []byte {
	for site := range numSites {
		owner := byte(0)
		for p := range 2 {
			if s.own[p]&(1<<site) != 0 {
				owner = byte(p + 1)
			}
		}
		dst = append(dst, owner, s.height[site])
	}
	flags := byte(0)
	if s.Over {
		flags |= 1
	}
	if s.movable {
		flags |= 2
	}
	return append(dst, byte(s.Turn), flags, byte(s.Winner+1))
}

// Outcome reports the result once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	if !s.Over {
		return rules.Outcome{}, false
	}
	return rules.Outcome{Winner: s.Winner, Reason: reasonNoMoves}, true
}

// Pieces appends the pile on site, bottom first.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	if site < 0 || site >= numSites {
		return dst
	}
	for p := range 2 {
		if s.own[p]&(1<<site) != 0 {
			for range s.height[site] {
				dst = append(dst, rules.Piece{Owner: rules.Player(p)})
			}
		}
	}
	return dst
}

// Height returns how many pieces stand on site.
func (s *State) Height(site board.Site) int { return int(s.height[site]) }

// seen returns the mask of the occupied points first seen from site: along each drawn line
// through it, the nearest occupied point, whatever its owner.
func seen(site int, occupied uint32) uint32 {
	var out uint32
	for d := range 8 {
		hit := sightRay[site][d] & occupied
		if hit == 0 {
			continue
		}
		if increasing[d] {
			out |= hit & -hit
		} else {
			out |= 1 << (31 - bits.LeadingZeros32(hit))
		}
	}
	return out
}

// movers returns the piles of p that may move: empty when p has no stack (p places);
// otherwise the tallest stacks, or with the movable option the tallest among the stacks
// with an empty neighbour.
func (s *State) computeMovers(p rules.Player) uint32 {
	empty := allSites &^ (s.own[0] | s.own[1])
	best, out := uint8(2), uint32(0)
	for m := s.own[p]; m != 0; m &= m - 1 {
		site := bits.TrailingZeros32(m)
		h := s.height[site]
		if h < best || s.movable && neighbours[site]&empty == 0 {
			continue
		}
		if h > best {
			best, out = h, 0
		}
		out |= 1 << site
	}
	return out
}

// hasStack reports whether p has a pile of two or more pieces.
func (s *State) hasStack(p rules.Player) bool {
	for m := s.own[p]; m != 0; m &= m - 1 {
		if s.height[bits.TrailingZeros32(m)] >= 2 {
			return true
		}
	}
	return false
}

// LegalMoves appends the placements on every empty point in point order when the mover
// has no stack; otherwise the steps of the movable stacks, by stack and then by direction
// (N, NE, E, SE, S, SW, W, NW).
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	empty := allSites &^ (s.own[0] | s.own[1])
	if s.movers == 0 {
		for m := empty; m != 0; m &= m - 1 {
			dst = append(dst, rules.Move{Kind: rules.Place, Len: 1, Path: [rules.MaxPath]board.Site{board.Site(bits.TrailingZeros32(m))}})
		}
		return dst
	}
	for m := s.movers; m != 0; m &= m - 1 {
		from := bits.TrailingZeros32(m)
		for d := range 8 {
			if to := stepTo[from][d]; to >= 0 && empty&(1<<to) != 0 {
				dst = append(dst, rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(from), board.Site(to)}})
			}
		}
	}
	return dst
}

// Apply plays m, which must be one of LegalMoves.
func (s *State) Apply(m rules.Move) {
	p := int(s.Turn)
	to := int(m.To())
	origin := uint32(0)
	if m.Kind == rules.Step {
		from := int(m.Path[0])
		origin = 1 << from
		s.setHeight(p, from, s.height[from]-1)
	}
	s.own[p] |= 1 << to
	s.setHeight(p, to, 1)
	grow := seen(to, s.own[0]|s.own[1]) & s.own[p] &^ origin
	for g := grow; g != 0; g &= g - 1 {
		site := bits.TrailingZeros32(g)
		s.setHeight(p, site, s.height[site]+1)
	}
	s.Turn = s.Turn.Other()
	s.Zobrist ^= zobrist[2*numSites]
	s.checkEnd()
}

// setHeight changes the height of p's pile on site (already marked as p's), keeping the
// hash up to date.
func (s *State) setHeight(p, site int, h uint8) {
	if old := s.height[site]; old != 0 {
		s.Zobrist ^= heightKey(p, site, old)
	}
	s.height[site] = h
	s.Zobrist ^= heightKey(p, site, h)
}

// checkEnd finds which piles the player to move may move, and ends the game when that
// player has no legal move: a full board, or stacks that cannot step.
func (s *State) checkEnd() {
	empty := allSites &^ (s.own[0] | s.own[1])
	s.movers = 0
	if !s.hasStack(s.Turn) {
		if empty == 0 {
			s.Over, s.Winner = true, s.Turn.Other()
		}
		return
	}
	s.movers = s.computeMovers(s.Turn)
	for m := s.movers; m != 0; m &= m - 1 {
		if neighbours[bits.TrailingZeros32(m)]&empty != 0 {
			return
		}
	}
	s.Over, s.Winner = true, s.Turn.Other()
}

// String describes the position for test failures.
func (s *State) String() string {
	return fmt.Sprintf("%s\n%s to move", rules.Text(s), rules.SideName(s, s.Turn))
}

// Prompt implements rules.Prompter: whether the mover places a piece or must move a stack.
func (s *State) Prompt() string {
	switch {
	case s.Over:
		return ""
	case s.movers == 0:
		return "place"
	case s.movable:
		return "move-tallest-movable"
	}
	return "move-tallest"
}

// WhyNot implements rules.Explainer.
func (s *State) WhyNot(path []board.Site) string {
	if s.Over || len(path) == 0 {
		return ""
	}
	for _, site := range path {
		if site < 0 || site >= numSites {
			return ""
		}
	}
	p := s.Turn
	occupied := s.own[0] | s.own[1]
	first := uint32(1) << path[0]
	switch {
	case s.movers == 0 && occupied&first != 0:
		return "occupied"
	case s.movers == 0:
		return ""
	case occupied&first == 0:
		return "must-move"
	case s.own[p]&first == 0:
		return "not-yours"
	case s.height[path[0]] < 2:
		return "single"
	case s.movers&first == 0 && s.movable:
		return "not-tallest-movable"
	case s.movers&first == 0:
		return "not-tallest"
	case neighbours[path[0]]&^occupied == 0:
		return "boxed-in"
	case len(path) < 2:
		return ""
	case neighbours[path[0]]&(1<<path[1]) == 0:
		return "not-a-line"
	case occupied&(1<<path[1]) != 0:
		return "occupied"
	}
	return ""
}
