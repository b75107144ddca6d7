package apart

import (
	"math/bits"

	"koma/rules"
	"koma/rules/board"
)

const gameID = "apart"

// Game is the definition card of Apart.
var Game = &rules.Game{
	ID:    gameID,
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.Checkered,
	Looks: []rules.Look{rules.Disc},
	// The turn limit ends every game (our rule; see the package doc).
	MaxTurns: turnLimit,
	New:      newState,
}

const (
	size     = 8
	numSites = size * size
	// turnLimit is the number of turns, both players' together, after which an unfinished
	// game is drawn.
	turnLimit = 200
	// maxMoves bounds the decisions of one position: at most 12 pieces, 8 directions each,
	// and a Stop.
	maxMoves = 12*8 + 1

	fileA uint64 = 0x0101010101010101
	fileH        = fileA << 7
)

// The outcome reasons, stored as small codes so that State holds no strings.
const (
	reasonNone uint8 = iota
	reasonApart
	reasonBoth
	reasonNoMoves
	reasonTurnLimit
)

var reasonKeys = [...]string{
	reasonNone:      "",
	reasonApart:     "apart",
	reasonBoth:      "both-apart",
	reasonNoMoves:   "no-moves",
	reasonTurnLimit: "turn-limit",
}

// Zobrist key layout: the pieces of each player, Black to move, then, during a jump chain,
// the square of the jumping piece, the square it started from, the squares it has landed
// on and whether it has captured.
const (
	zPieces   = 0
	zSide     = 2 * numSites
	zChain    = zSide + 1
	zStart    = zChain + numSites
	zLanded   = zStart + numSites
	zCaptured = zLanded + numSites
	zCount    = zCaptured + 1
)

var (
	topo    = board.NewSquare(size, size)
	zobrist = board.NewZobrist(gameID, zCount)
	// dirCol and dirRow are the steps of the eight directions N, NE, E, SE, S, SW, W, NW;
	// direction d and d^4 are opposite, and d&3 names the axis.
	dirCol = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	dirRow = [8]int{1, 1, 0, -1, -1, -1, 0, 1}
	// ray[s][d][k] is the square k steps from s in direction d, or -1 off the board.
	ray [numSites][8][size + 1]int8
	// dirDelta is the change of site index one square in each direction.
	dirDelta = [8]int{size, size + 1, 1, 1 - size, -size, -size - 1, -1, size - 1}
	// stepMask[d][k] holds the squares from which k steps in direction d stay on the board.
	stepMask [8][size + 1]uint64
	// rayMask[s][d] holds the squares beyond s in direction d, up to the edge.
	rayMask [numSites][8]uint64
	// white and black are the starting squares: two rows of six, the a- and h-files empty
	// (games-square.md §8, confirmed from Fig. 1 of the rulebook).
	startPieces = [2]uint64{0x7e7e, 0x7e7e << 48}
	initial     State
)

func init() {
	for s := range numSites {
		for d := range 8 {
			for k := range size + 1 {
				c, r := s%size+k*dirCol[d], s/size+k*dirRow[d]
				ray[s][d][k] = -1
				if c >= 0 && c < size && r >= 0 && r < size {
					ray[s][d][k] = int8(r*size + c)
					stepMask[d][k] |= 1 << s
					if k > 0 {
						rayMask[s][d] |= 1 << (r*size + c)
					}
				}
			}
		}
	}
	initial = State{pieces: startPieces, winner: rules.NoPlayer, chain: -1, start: -1}
	initial.hash = initial.ComputeHash()
}

func newState(rules.Options) (rules.State, error) {
	st := initial
	return &st, nil
}

// neighbours returns every square next to a square of x, in any of the eight directions.
func neighbours(x uint64) uint64 {
	l, r := x&^fileA, x&^fileH
	return x<<size | x>>size | r<<1 | l>>1 | r<<(size+1) | r>>(size-1) | l<<(size-1) | l>>(size+1)
}

// isolated reports whether no square of x has a neighbour in x: the winning condition.
func isolated(x uint64) bool { return x&neighbours(x) == 0 }

// State is an Apart position. Pieces are bitmasks over the 64 squares (bit s is site s,
// numbered row*8+col as board.NewSquare numbers them), so copying a State copies
// everything it owns.
type State struct {
	pieces [2]uint64
	hash   uint64
	// landed holds the squares the piece has landed on in the chain in progress.
	landed uint64
	// turn is the player who decides next, kept after the end so that the hash stays that
	// of the final position.
	turn   rules.Player
	over   bool
	winner rules.Player
	reason uint8
	// chain is the square of the piece in the middle of a jump chain, start the square it
	// began the turn on; both are -1 between turns. captured is true once the chain has
	// taken a piece.
	chain, start int8
	captured     bool
	// turns counts the turns played, both players' together.
	turns uint16
}

// Game returns the Apart definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns the options: the game has none.
func (s *State) Variant() rules.Options { return rules.Options{} }

// Board returns the 8×8 board.
func (s *State) Board() *board.Topology { return topo }

// ToMove returns the player to decide, or rules.NoPlayer once the game is over.
func (s *State) ToMove() rules.Player {
	if s.over {
		return rules.NoPlayer
	}
	return s.turn
}

// MidTurn reports whether a jump chain is in progress.
func (s *State) MidTurn() bool { return s.chain >= 0 }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be an Apart state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// Hash returns the incrementally maintained Zobrist hash.
func (s *State) Hash() uint64 { return s.hash }

// ComputeHash recomputes the hash from the pieces, the player to move and the chain.
func (s *State) ComputeHash() uint64 {
	var h uint64
	for p := range 2 {
		for m := s.pieces[p]; m != 0; m &= m - 1 {
			h ^= zobrist[zPieces+p*numSites+bits.TrailingZeros64(m)]
		}
	}
	if s.turn == 1 {
		h ^= zobrist[zSide]
	}
	if s.chain >= 0 {
		h ^= zobrist[zChain+int(s.chain)] ^ zobrist[zStart+int(s.start)]
	}
	for m := s.landed; m != 0; m &= m - 1 {
		h ^= zobrist[zLanded+bits.TrailingZeros64(m)]
	}
	if s.captured {
		h ^= zobrist[zCaptured]
	}
	return h
}

// AppendKey encodes the full state: pieces, player to move, chain, result and the number
// of turns played.
func (s *State) AppendKey(dst []byte) []byte {
	for _, m := range [3]uint64{s.pieces[0], s.pieces[1], s.landed} {
		for i := range 8 {
			dst = append(dst, byte(m>>(8*i)))
		}
	}
	var flags byte
	if s.over {
		flags |= 1
	}
	if s.captured {
		flags |= 2
	}
	return append(dst, byte(s.turn), byte(s.chain), byte(s.start), flags, byte(s.winner+1), s.reason, byte(s.turns), byte(s.turns>>8))
}

// Outcome reports the result once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	if !s.over {
		return rules.Outcome{}, false
	}
	return rules.Outcome{Winner: s.winner, Reason: reasonKeys[s.reason]}, true
}

// Pieces appends the piece on site, if any.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	if site < 0 || site >= numSites {
		return dst
	}
	for p := range 2 {
		if s.pieces[p]>>site&1 != 0 {
			dst = append(dst, rules.Piece{Owner: rules.Player(p)})
		}
	}
	return dst
}

// Marks implements rules.Marker: during a jump chain, the squares the piece has already
// landed on, where it may not land again.
func (s *State) Marks(dst []rules.Mark) []rules.Mark {
	if s.chain < 0 {
		return dst
	}
	for m := s.landed &^ (1 << s.chain); m != 0; m &= m - 1 {
		dst = append(dst, rules.Mark{Site: board.Site(bits.TrailingZeros64(m)), Kind: rules.Visited, Owner: rules.NoPlayer})
	}
	return dst
}

// run counts the pieces of own next to s in direction d, one after another without a gap:
// the squares of the ray before its first square without such a piece. Rays that climb in
// site number find that square as their lowest bit, the others as their highest.
func run(own uint64, s, d int) int {
	r := rayMask[s][d]
	gaps := r &^ own
	if dirDelta[d] > 0 {
		return bits.OnesCount64(r & (gaps&-gaps - 1))
	}
	return bits.OnesCount64(r & (^uint64(0) << (64 - bits.LeadingZeros64(gaps))))
}

// lineLen returns the length of the line through the piece on s along direction d's axis:
// the piece itself and its unbroken neighbours of its colour both ways.
func lineLen(own uint64, s, d int) int {
	return 1 + run(own, s, d) + run(own, s, d^4)
}

// A compact move packs the from square (bits 0–5), the to square (bits 6–11) and whether it
// is a jump (bit 12). stopMove stands for Stop. Only chains use them.
const (
	jumpBit  = 1 << 12
	stopMove = 1 << 13
)

// shiftBy moves every square of x k squares in direction d, dropping those that would leave
// the board.
func shiftBy(x uint64, d, k int) uint64 {
	x &= stepMask[d][k]
	if amt := dirDelta[d] * k; amt > 0 {
		return x << amt
	}
	return x >> (-dirDelta[d] * k)
}

// moveSets lists the moves of a position between turns as sets of landing squares that
// share one displacement: set[i] holds the landing squares of the moves that go delta[i]
// squares (in site numbers) along a line of length length[i]. Each landing square of a set
// is the end of exactly one move, whose piece stands delta[i] squares back.
//
// Thirty-two sets always suffice: along one axis a player's runs have at most four distinct
// lengths, since five would take 1+2+3+4+5 = 15 pieces and a player has 12, and each length
// gives a set each way.
type moveSets struct {
	// n is the number of sets, moves the number of moves in them.
	n, moves int
	set      [32]uint64
	delta    [32]int8
	length   [32]uint8
}

// sets finds the moves of the player to move between turns, by whole lines: along each
// axis (N–S, NE–SW, E–W, SE–NW), the pieces of the runs of exactly L pieces move L squares
// either way. Order: by axis, then L, then the positive direction before the negative.
func (s *State) sets(ms *moveSets) {
	own := s.pieces[s.turn]
	free := ^own
	ms.n, ms.moves = 0, 0
	for d := range 4 {
		back := d + 4
		// The first piece of each run: no piece of its own one square back.
		g := own &^ shiftBy(own, d, 1)
		for l := 1; g != 0; l++ {
			// next keeps the runs at least l+1 long: their (l+1)th piece is own.
			next := g & shiftBy(own, back, l)
			if exact := g &^ next; exact != 0 {
				members := exact
				for i := 1; i < l; i++ {
					members |= shiftBy(exact, d, i)
				}
				if t := shiftBy(members, d, l) & free; t != 0 {
					ms.set[ms.n], ms.delta[ms.n], ms.length[ms.n] = t, int8(l*dirDelta[d]), uint8(l)
					ms.n++
					ms.moves += bits.OnesCount64(t)
				}
				if t := shiftBy(members, back, l) & free; t != 0 {
					ms.set[ms.n], ms.delta[ms.n], ms.length[ms.n] = t, int8(l*dirDelta[back]), uint8(l)
					ms.n++
					ms.moves += bits.OnesCount64(t)
				}
			}
			g = next
		}
	}
}

// move builds the move of set i that lands on to.
func (ms *moveSets) move(i, to int) rules.Move {
	kind := rules.Jump
	if ms.length[i] == 1 {
		kind = rules.Step
	}
	return rules.Move{Kind: kind, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(to - int(ms.delta[i])), board.Site(to)}}
}

// gen writes the compact moves of a chain in progress to out in LegalMoves order and
// returns how many there are: the jumping piece's jumps by direction N, NE, E, SE, S, SW, W,
// NW, then Stop when the chain may end here.
func (s *State) gen(out *[maxMoves]uint16) int {
	p := s.turn
	own := s.pieces[p]
	n := 0
	q := int(s.chain)
	var axis [4]int
	for a := range 4 {
		axis[a] = lineLen(own, q, a)
	}
	for d := range 8 {
		l := axis[d&3]
		if l < 2 {
			continue // a chain holds no single steps
		}
		t := int(ray[q][d][l])
		if t < 0 || own>>t&1 != 0 || s.landed>>t&1 != 0 {
			continue
		}
		if t == int(s.start) && !s.captured && !s.canLeave(q, t) {
			continue // back home with nothing changed and no way on: a pass in disguise
		}
		out[n] = uint16(q) | uint16(t)<<6 | jumpBit
		n++
	}
	if s.canStop() {
		out[n] = stopMove
		n++
	}
	return n
}

// canLeave reports whether the piece, jumping from q back to its starting square t, could
// jump on from there to a square it has not landed on. t holds no enemy piece (the piece
// left it), so that jump captures nothing.
func (s *State) canLeave(q, t int) bool {
	own := s.pieces[s.turn]&^(1<<q) | 1<<t
	landed := s.landed | 1<<t
	var axis [4]int
	for a := range 4 {
		axis[a] = lineLen(own, t, a)
	}
	for d := range 8 {
		l := axis[d&3]
		if l < 2 {
			continue
		}
		u := ray[t][d][l]
		if u >= 0 && own>>u&1 == 0 && landed>>u&1 == 0 {
			return true
		}
	}
	return false
}

// canStop reports whether the chain in progress may end where its piece stands: anywhere
// but back on its starting square with nothing captured, which would change nothing.
func (s *State) canStop() bool {
	return s.chain >= 0 && (s.chain != s.start || s.captured)
}

// decode turns a compact move into a rules.Move.
func decode(c uint16) rules.Move {
	if c == stopMove {
		return rules.Move{Kind: rules.Stop}
	}
	kind := rules.Step
	if c&jumpBit != 0 {
		kind = rules.Jump
	}
	return rules.Move{Kind: kind, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(c & 63), board.Site(c >> 6 & 63)}}
}

// LegalMoves appends the legal decisions. Between turns: by axis (N–S, NE–SW, E–W,
// SE–NW), then by the length of the line the piece moves along, then north, north-east,
// east or south-east before the opposite way, then by landing square; a Step for a line of
// one and a Jump otherwise. During a chain: the jumping piece's jumps by direction, then
// Stop where the turn may end.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.over {
		return dst
	}
	if s.chain < 0 {
		var ms moveSets
		s.sets(&ms)
		for i := range ms.n {
			for t := ms.set[i]; t != 0; t &= t - 1 {
				dst = append(dst, ms.move(i, bits.TrailingZeros64(t)))
			}
		}
		return dst
	}
	var buf [maxMoves]uint16
	n := s.gen(&buf)
	for _, c := range buf[:n] {
		dst = append(dst, decode(c))
	}
	return dst
}

// Apply plays m, which must be one of LegalMoves.
func (s *State) Apply(m rules.Move) {
	if m.Kind == rules.Stop {
		s.endTurn()
		return
	}
	p := s.turn
	o := p.Other()
	from, to := int(m.Path[0]), int(m.Path[1])
	s.pieces[p] ^= 1<<from | 1<<to
	s.hash ^= zobrist[zPieces+int(p)*numSites+from] ^ zobrist[zPieces+int(p)*numSites+to]
	took := s.pieces[o]>>to&1 != 0
	if took {
		s.pieces[o] &^= 1 << to
		s.hash ^= zobrist[zPieces+int(o)*numSites+to]
	}
	// The game ends at once when a landing leaves a side apart (§8's recommendation), even
	// in the middle of a chain.
	if s.checkApart() {
		s.closeTurn()
		return
	}
	if m.Kind == rules.Step || s.turns == 0 {
		// A step is a whole turn; so is White's very first jump, which may not go on.
		s.endTurn()
		return
	}
	if s.chain < 0 {
		s.start = int8(from)
		s.hash ^= zobrist[zStart+from]
	} else {
		s.hash ^= zobrist[zChain+int(s.chain)]
	}
	s.chain = int8(to)
	s.hash ^= zobrist[zChain+to]
	s.landed |= 1 << to
	s.hash ^= zobrist[zLanded+to]
	if took && !s.captured {
		s.captured = true
		s.hash ^= zobrist[zCaptured]
	}
	// The chain goes on while the piece can jump again. When it cannot, the square it
	// stands on is one where the turn may end, or this jump would not have been legal.
	if !s.canJumpOn() {
		s.endTurn()
	}
}

// canJumpOn reports whether the piece of the chain in progress has a legal jump: gen's
// test, stopping at the first jump found.
func (s *State) canJumpOn() bool {
	own := s.pieces[s.turn]
	q := int(s.chain)
	var axis [4]int
	for a := range 4 {
		axis[a] = lineLen(own, q, a)
	}
	for d := range 8 {
		l := axis[d&3]
		if l < 2 {
			continue
		}
		t := int(ray[q][d][l])
		if t < 0 || own>>t&1 != 0 || s.landed>>t&1 != 0 {
			continue
		}
		if t != int(s.start) || s.captured || s.canLeave(q, t) {
			return true
		}
	}
	return false
}

// checkApart ends the game if a side is apart, and reports whether it did. Both sides
// apart at once is a loss for the mover.
func (s *State) checkApart() bool {
	p := s.turn
	mine, theirs := isolated(s.pieces[p]), isolated(s.pieces[p.Other()])
	switch {
	case mine && theirs:
		s.finish(p.Other(), reasonBoth)
	case mine:
		s.finish(p, reasonApart)
	case theirs:
		s.finish(p.Other(), reasonApart)
	default:
		return false
	}
	return true
}

// clearChain forgets the chain in progress, if any.
func (s *State) clearChain() {
	if s.chain < 0 {
		return
	}
	s.hash ^= zobrist[zChain+int(s.chain)] ^ zobrist[zStart+int(s.start)]
	for m := s.landed; m != 0; m &= m - 1 {
		s.hash ^= zobrist[zLanded+bits.TrailingZeros64(m)]
	}
	if s.captured {
		s.hash ^= zobrist[zCaptured]
	}
	s.chain, s.start, s.landed, s.captured = -1, -1, 0, false
}

// endTurn closes the turn in progress, hands the move over and checks the end of the game:
// a player without a legal move loses, and the turn limit draws.
func (s *State) endTurn() {
	s.closeTurn()
	switch {
	case !s.hasMove():
		s.finish(s.turn.Other(), reasonNoMoves)
	case s.turns >= turnLimit:
		s.finish(rules.NoPlayer, reasonTurnLimit)
	}
}

// closeTurn forgets the chain and hands the move over.
func (s *State) closeTurn() {
	s.clearChain()
	s.turn = s.turn.Other()
	s.hash ^= zobrist[zSide]
	s.turns++
}

// hasMove reports whether the player to move, at the start of a turn, has any move. A
// piece with an empty square on one side and no friend on the other can always step there,
// which settles nearly every position at once.
func (s *State) hasMove() bool {
	own := s.pieces[s.turn]
	empty := ^(s.pieces[0] | s.pieces[1])
	for d := range 8 {
		if own&shiftBy(empty, (d+4)%8, 1)&^shiftBy(own, d, 1) != 0 {
			return true
		}
	}
	var ms moveSets
	s.sets(&ms)
	return ms.n > 0
}

func (s *State) finish(winner rules.Player, reason uint8) {
	s.over, s.winner, s.reason = true, winner, reason
}
