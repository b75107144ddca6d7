package alquad

import (
	"math/bits"

	"koma/rules"
	"koma/rules/board"
)

// Game is the definition card of Alquad.
var Game = &rules.Game{
	ID:      "alquad",
	Sides:   []rules.Side{{Colour: rules.White, Role: "setter"}, {Colour: rules.Black, Role: "chooser"}},
	Style:   rules.Lines,
	Looks:   []rules.Look{rules.Disc},
	Presets: []string{""},
	// The setup turn, the choice turn and at most 22 placements: every placement uses a
	// piece from a hand, and the game ends when both hands are empty.
	MaxTurns: 2 + 2*hand,
	New:      newGame,
}

const (
	width    = 5
	height   = 5
	numSites = width * height
	allSites = 1<<numSites - 1
	// hand is how many pieces each colour has in hand after the setup.
	hand = 11
)

// Colours index the piece masks and hands: pieces belong to a colour, and the players'
// colours are settled only by the choice.
const (
	white = 0
	black = 1
)

// phase is where the game stands.
type phase uint8

const (
	// setupWhite: the setup player places the white piece.
	setupWhite phase = iota
	// setupBlack: the setup player places the black piece, in the same turn.
	setupBlack
	// choosing: the other player picks a colour.
	choosing
	// playing: placements from the hands.
	playing
	// over: the game has ended.
	over
	numPhases
)

// Outcome reasons, stable keys shown through i18n as "reason.<key>".
const (
	reasonNone uint8 = iota
	// reasonSquare: the checker's square stood through the reprieve.
	reasonSquare
	// reasonBigger: the reprieve made a strictly bigger square.
	reasonBigger
	// reasonNoReprieve: the checked player had no piece left to answer with.
	reasonNoReprieve
	// reasonNoSquare: every piece was placed and nobody made a square; a draw.
	reasonNoSquare
	numReasons
)

var reasons = [numReasons]string{"", "square", "bigger-square", "no-reprieve", "no-square"}

// Choose tags of the colour choice.
const (
	tagWhite uint8 = 1
	tagBlack uint8 = 2
)

var topology = board.NewPoints(width, height)

// square is one of the 35 squares that count.
type square struct {
	mask uint32
	area uint8
	// corners go round the square, so that drawing them in order draws its sides.
	corners [4]board.Site
}

// squares lists every square that counts, and through[s] the indices of those with a
// corner on point s. Both are built once and shared by all positions.
var (
	squares []square
	through [numSites][]uint8
)

// Zobrist keys: a piece of each colour on each point, then the small fields, each value of
// which has its own key (see meta).
const (
	zPieces    = 0
	zHand      = zPieces + 2*numSites
	zPhase     = zHand + 2*(hand+1)
	zTurn      = zPhase + int(numPhases)
	zWhiteSeat = zTurn + 1
	zChecker   = zWhiteSeat + 1
	zArea      = zChecker + 2
	zResult    = zArea + 17
	zKeys      = zResult + int(numReasons)*3
)

var zobrist = board.NewZobrist("alquad", zKeys)

func init() {
	// A square starts at a corner p and runs k points along direction d and k points along
	// the direction a right angle clockwise from d; every point on the way must be reached
	// by drawn lines, so turned squares appear only where the diagonals are drawn. Each
	// square is found from several corners and directions, and kept once.
	seen := map[uint32]bool{}
	for p := board.Site(0); p < numSites; p++ {
		for d := board.Dir(0); d < 8; d++ {
			e := (d + 2) % 8
			for k := 1; k < width; k++ {
				a, ok := walk(p, d, k)
				if !ok {
					continue
				}
				b, ok := walk(a, e, k)
				if !ok {
					continue
				}
				c, ok := walk(p, e, k)
				if !ok {
					continue
				}
				if b2, ok := walk(c, d, k); !ok || b != b2 {
					continue
				}
				mask := uint32(1)<<p | 1<<a | 1<<b | 1<<c
				if seen[mask] {
					continue
				}
				seen[mask] = true
				area := k * k
				if d%2 == 1 {
					area *= 2
				}
				squares = append(squares, square{mask: mask, area: uint8(area), corners: [4]board.Site{p, a, b, c}})
			}
		}
	}
	for i, sq := range squares {
		for m := sq.mask; m != 0; m &= m - 1 {
			s := bits.TrailingZeros32(m)
			through[s] = append(through[s], uint8(i))
		}
	}
}

// walk steps k times from s in direction d along drawn lines.
func walk(s board.Site, d board.Dir, k int) (board.Site, bool) {
	for range k {
		s = topology.Step(s, d)
		if s == board.NoSite {
			return s, false
		}
	}
	return s, true
}

func newGame(rules.Options) (rules.State, error) {
	st := State{Status: rules.Status{Winner: rules.NoPlayer}, hand: [2]uint8{hand, hand}, checker: -1}
	st.Zobrist = st.ComputeHash()
	return &st, nil
}

// State is an Alquad position. The pieces are kept by colour, as bitmasks over the 25
// points (bit s is site s of the topology); the players own whichever colour they hold.
// Every field is a plain value, so copying a State copies everything it owns.
type State struct {
	rules.Status
	pieces [2]uint32
	// hand holds each colour's pieces still to place.
	hand  [2]uint8
	phase phase
	// whiteSeat is the player holding White: Player 0 until the choice, as Game.Sides.
	whiteSeat rules.Player
	// checker is the colour that gave check, or -1; it stays set after the end, for the
	// marks. checkArea is the area of its largest square then.
	checker   int8
	checkArea uint8
}

// Game returns the Alquad definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns the options: the game has none.
func (s *State) Variant() rules.Options { return rules.Options{} }

// Board returns the 5×5 point board.
func (s *State) Board() *board.Topology { return topology }

// MidTurn is true between the two placements of the setup, the only turn of two decisions.
func (s *State) MidTurn() bool { return s.phase == setupBlack }

// Colour implements rules.SeatColours: the chooser's pick decides who holds White.
func (s *State) Colour(p rules.Player) rules.Colour {
	if p == s.whiteSeat {
		return rules.White
	}
	return rules.Black
}

// colourOf returns the colour index p holds.
func (s *State) colourOf(p rules.Player) int {
	if p == s.whiteSeat {
		return white
	}
	return black
}

// seatOf returns the player holding colour c.
func (s *State) seatOf(c int) rules.Player {
	if c == white {
		return s.whiteSeat
	}
	return s.whiteSeat.Other()
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be an Alquad state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// meta hashes every field but the pieces. Apply removes it before changing those fields
// and adds it back afterwards: a dozen xors, cheaper than tracking each field.
func (s *State) meta() uint64 {
	h := zobrist[zHand+int(s.hand[white])] ^ zobrist[zHand+hand+1+int(s.hand[black])] ^
		zobrist[zPhase+int(s.phase)] ^ zobrist[zArea+int(s.checkArea)] ^
		zobrist[zResult+3*int(s.Reason)+int(s.Winner+1)]
	if s.Turn == 1 {
		h ^= zobrist[zTurn]
	}
	if s.whiteSeat == 1 {
		h ^= zobrist[zWhiteSeat]
	}
	if s.checker >= 0 {
		h ^= zobrist[zChecker+int(s.checker)]
	}
	return h
}

// ComputeHash recomputes the hash from scratch: the pieces and every other field, since
// all of them bear on what comes next.
func (s *State) ComputeHash() uint64 {
	h := s.meta()
	for c := range 2 {
		for m := s.pieces[c]; m != 0; m &= m - 1 {
			h ^= zobrist[zPieces+c*numSites+bits.TrailingZeros32(m)]
		}
	}
	return h
}

// AppendKey encodes the full state. Nothing outside it, no history or counter, bears on
// what comes next.
func (s *State) AppendKey(dst []byte) []byte {
	for _, m := range s.pieces {
		dst = append(dst, byte(m), byte(m>>8), byte(m>>16), byte(m>>24))
	}
	return append(dst, s.hand[0], s.hand[1], byte(s.phase), byte(s.Turn), byte(s.whiteSeat),
		byte(s.checker), s.checkArea, s.Reason, byte(s.Winner+1))
}

// Outcome reports the result once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	return s.Ended(reasons[:])
}

// Pieces appends the piece on site, if any, owned by the player holding its colour.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	if site < 0 || site >= numSites {
		return dst
	}
	for c := range 2 {
		if s.pieces[c]&(1<<site) != 0 {
			dst = append(dst, rules.Piece{Owner: s.seatOf(c)})
		}
	}
	return dst
}

// empty returns the mask of empty points.
func (s *State) empty() uint32 { return allSites &^ (s.pieces[white] | s.pieces[black]) }

// LegalMoves appends the legal decisions: during the choice White then Black, otherwise a
// placement on each empty point, in point order.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	switch s.phase {
	case over:
		return dst
	case choosing:
		return append(dst, rules.Move{Kind: rules.Choose, Tag: tagWhite}, rules.Move{Kind: rules.Choose, Tag: tagBlack})
	}
	for m := s.empty(); m != 0; m &= m - 1 {
		dst = append(dst, place(bits.TrailingZeros32(m)))
	}
	return dst
}

func place(site int) rules.Move {
	return rules.Move{Kind: rules.Place, Len: 1, Path: [rules.MaxPath]board.Site{board.Site(site)}}
}

// largestThrough returns the area of the largest square of colour c with a corner on site,
// or 0.
func (s *State) largestThrough(c int, site board.Site) uint8 {
	own := s.pieces[c]
	var best uint8
	for _, i := range through[site] {
		if sq := &squares[i]; sq.mask&^own == 0 && sq.area > best {
			best = sq.area
		}
	}
	return best
}

// Apply plays m, which must be one of LegalMoves.
func (s *State) Apply(m rules.Move) {
	s.Zobrist ^= s.meta()
	switch s.phase {
	case setupWhite:
		s.put(white, m.Path[0])
		s.phase = setupBlack
	case setupBlack:
		s.put(black, m.Path[0])
		s.phase = choosing
		s.Turn = 1
	case choosing:
		s.whiteSeat = 0
		if m.Tag == tagWhite {
			s.whiteSeat = 1
		}
		s.phase = playing
		s.Turn = s.whiteSeat
	case playing:
		s.placeInPlay(m.Path[0])
	}
	s.Zobrist ^= s.meta()
}

// put places a piece of colour c on site and hashes it.
func (s *State) put(c int, site board.Site) {
	s.pieces[c] |= 1 << site
	s.Zobrist ^= zobrist[zPieces+c*numSites+int(site)]
}

// placeInPlay plays a placement from the mover's hand and settles check and the result.
// Only squares through the new piece need looking at: the mover owned no square before, or
// they would have given check already.
func (s *State) placeInPlay(site board.Site) {
	c := s.colourOf(s.Turn)
	s.put(c, site)
	s.hand[c]--
	area := s.largestThrough(c, site)
	switch {
	case s.checker >= 0:
		// The reprieve: it ends the game either way.
		if area > s.checkArea {
			s.end(s.Turn, reasonBigger)
		} else {
			s.end(s.Turn.Other(), reasonSquare)
		}
	case area > 0:
		s.checker, s.checkArea = int8(c), area
		if s.hand[1-c] == 0 {
			s.end(s.Turn, reasonNoReprieve)
		} else {
			s.Turn = s.Turn.Other()
		}
	case s.hand[white] == 0 && s.hand[black] == 0:
		s.end(rules.NoPlayer, reasonNoSquare)
	default:
		s.Turn = s.Turn.Other()
	}
}

// end finishes the game. The phase moves to over as well, since the hash and the key
// count the phase.
func (s *State) end(winner rules.Player, reason uint8) {
	s.phase = over
	s.Finish(winner, reason)
}

// Square returns p's largest square: its corners in order round it and its area, or ok
// false when p owns none. Among squares of equal area it returns the first in a fixed
// order. Before the choice p owns the colour Game.Sides gives it.
func (s *State) Square(p rules.Player) (corners [4]board.Site, area int, ok bool) {
	if p != 0 && p != 1 {
		return corners, 0, false
	}
	own := s.pieces[s.colourOf(p)]
	best := -1
	for i := range squares {
		if sq := &squares[i]; sq.mask&^own == 0 && (best < 0 || sq.area > squares[best].area) {
			best = i
		}
	}
	if best < 0 {
		return corners, 0, false
	}
	return squares[best].corners, int(squares[best].area), true
}

// Prompt implements rules.Prompter: which piece the setup places, the colour choice, a
// placement on a point (the generic hint speaks of squares), and the reprieve of a checked
// player.
func (s *State) Prompt() string {
	switch s.phase {
	case setupWhite:
		return "place-white"
	case setupBlack:
		return "place-black"
	case choosing:
		return "choose-colour"
	case playing:
		if s.checker >= 0 {
			return "reprieve"
		}
		return "place"
	}
	return ""
}

// MoveLabel implements rules.Labeller: the two options of the colour choice.
func (s *State) MoveLabel(m rules.Move) string {
	if m.Kind != rules.Choose {
		return ""
	}
	switch m.Tag {
	case tagWhite:
		return "white"
	case tagBlack:
		return "black"
	}
	return ""
}

// Marks implements rules.Marker: from the check on, the corners of the checker's largest
// square, and at the end of a reversal also the winner's bigger square, each as the
// outline of its owner's corners in order, so that the board draws the squares that decide
// the game.
func (s *State) Marks(dst []rules.Mark) []rules.Mark {
	if s.checker < 0 {
		return dst
	}
	checker := s.seatOf(int(s.checker))
	dst = s.markSquare(dst, checker)
	if s.phase == over && s.Reason == reasonBigger {
		dst = s.markSquare(dst, s.Winner)
	}
	return dst
}

func (s *State) markSquare(dst []rules.Mark, p rules.Player) []rules.Mark {
	corners, _, ok := s.Square(p)
	if !ok {
		return dst
	}
	for _, site := range corners {
		dst = append(dst, rules.Mark{Site: site, Kind: rules.Outline, Owner: p})
	}
	return dst
}

// FormatMove implements rules.Notation: the colour choice reads "white" or "black" in
// records, which says more than the generic "choose1"; placements are "@c3".
func (s *State) FormatMove(m rules.Move) string {
	if m.Kind == rules.Choose {
		if label := s.MoveLabel(m); label != "" {
			return label
		}
	}
	return rules.GenericNotation(s, m)
}
