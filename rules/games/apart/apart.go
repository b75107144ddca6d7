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
	// shiftL[d][k] and shiftR[d][k] are the left and right shifts of the site numbers that
	// move a square k squares in direction d; one of them is zero.
	shiftL, shiftR [8][size + 1]uint8
	// jumpRay[s][d][l] is the square l steps from s in direction d, where a chain's jump
	// along a line of l may land: 64, no square, when l is below 2 or the square is off
	// the board.
	jumpRay [numSites][8][size + 1]uint8
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
				jumpRay[s][d][k] = 64
				if c >= 0 && c < size && r >= 0 && r < size {
					ray[s][d][k] = int8(r*size + c)
					if k >= 2 {
						jumpRay[s][d][k] = uint8(r*size + c)
					}
					stepMask[d][k] |= 1 << s
					if k > 0 {
						rayMask[s][d] |= 1 << (r*size + c)
					}
				}
			}
		}
	}
	for d := range 8 {
		for k := range size + 1 {
			if amt := dirDelta[d] * k; amt > 0 {
				shiftL[d][k] = uint8(amt)
			} else {
				shiftR[d][k] = uint8(-amt)
			}
		}
	}
	for a := range 4 {
		upMask[a], downMask[a] = stepMask[axisUp[a]], stepMask[axisDown[a]]
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
	// jumps[:nJumps] are the landing squares of the chain's legal jumps, in LegalMoves
	// order (see findJumps); nJumps is 0 between turns. They follow from the rest.
	jumps  [8]int8
	nJumps uint8
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

// upRun and downRun count the pieces of own along ray, the squares beyond a square in one
// direction, one after another without a gap: the squares of the ray before its first
// square without such a piece. A ray that climbs in site number meets that square as its
// lowest bit, one that falls as its highest.
func upRun(own, ray uint64) int {
	gaps := ray &^ own
	return bits.OnesCount64(ray & (gaps&-gaps - 1))
}

func downRun(own, ray uint64) int {
	gaps := ray &^ own
	return bits.OnesCount64(ray &^ (^uint64(0) >> bits.LeadingZeros64(gaps)))
}

// lineLens returns the lengths of the lines through the piece on s along the four axes
// (N–S, NE–SW, E–W, SE–NW): the piece itself and its unbroken neighbours of its colour
// both ways. Each ray's direction of climb is written out, so that no branch asks it.
func lineLens(own uint64, s int) [4]int {
	r := &rayMask[s]
	return [4]int{
		1 + upRun(own, r[0]) + downRun(own, r[4]),
		1 + upRun(own, r[1]) + downRun(own, r[5]),
		1 + upRun(own, r[2]) + downRun(own, r[6]),
		1 + downRun(own, r[3]) + upRun(own, r[7]),
	}
}

// lineLen returns the length of the line through the piece on s along direction d's axis.
func lineLen(own uint64, s, d int) int { return lineLens(own, s)[d&3] }

// shiftBy moves every square of x k squares in direction d, dropping those that would leave
// the board. One of the two shift amounts is zero, so no branch asks which way d goes.
func shiftBy(x uint64, d, k int) uint64 {
	return x & stepMask[d][k] << (shiftL[d][k] & 63) >> (shiftR[d][k] & 63)
}

// Between turns the moves are found by whole lines rather than piece by piece: along each
// axis (N–S, NE–SW, E–W, SE–NW), the pieces of the runs of exactly l pieces move l squares
// either way, so a few shifts of the whole board give the landing squares of all of them
// at once. Each landing square of such a set is the end of exactly one move, whose piece
// stands l squares back. LegalMoves lists the moves by axis, then l, then the direction
// N, NE, E or SE before the opposite one, then by landing square; RandomMove counts the
// same sets and builds only the move its draw falls on.
//
// The scan works with each axis's two directions as the one that climbs in site number
// (axisUp) and the one that falls (axisDown), so every shift has a known sign and the
// compiler sees plain shifts and masks.
var (
	axisUp   = [4]int{0, 1, 2, 7}
	axisDown = [4]int{4, 5, 6, 3}
	// axisUnit is the change of site number one square up an axis.
	axisUnit = [4]uint{size, size + 1, 1, size - 1}
	// upMask[a][k] and downMask[a][k] hold the squares from which k squares up or down
	// axis a stay on the board.
	upMask, downMask [4][size + 1]uint64
)

// lineMove builds the move of a line of l pieces that lands on to, coming from direction
// dir: a Step for a line of one, a Jump otherwise.
func lineMove(dir, l, to int) rules.Move {
	kind := rules.Jump
	if l == 1 {
		kind = rules.Step
	}
	return rules.Move{Kind: kind, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(to - l*dirDelta[dir]), board.Site(to)}}
}

// moveCounts holds the moves between turns set by set, in LegalMoves order. Axis a's sets
// are slots first[a] to first[a+1]-1, two per line length l from 1: direction a, then
// a+4. Slots 2j and 2j+1 are the moves of the pieces members[j], and end[i] is the number
// of moves in slots 0 to i. Sets may be empty: every length up to the longest run of the
// axis has its slots, since the tests a skip would need cost more in mispredicted branches
// than the few shifts they save. A player has at most 96 moves and an axis at most eight
// lengths, so the sizes suffice.
type moveCounts struct {
	end     [64]uint8
	members [32]uint64
	first   [5]uint8
}

// count fills mc for the player to move between turns and returns the number of moves.
func (s *State) count(mc *moveCounts) int {
	own := s.pieces[s.turn]
	n, moves := 0, 0
	for a := range 4 {
		mc.first[a] = uint8(n)
		up, down, u := &upMask[a], &downMask[a], axisUnit[a]
		// The first piece of each run, counted upwards: no piece of its own one below.
		g := own &^ (own & up[1] << u)
		for l := 1; g != 0; l++ {
			sh := u * uint(l) & 63
			// next keeps the runs at least l+1 long: their (l+1)th piece is own.
			next := g & (own & down[l] >> sh)
			exact := g &^ next
			m := exact
			for i := 1; i < l; i++ {
				m |= exact & up[i] << (u * uint(i) & 63)
			}
			cu := bits.OnesCount64(m & up[l] << sh &^ own)
			cd := bits.OnesCount64(m & down[l] >> sh &^ own)
			if axisUp[a] != a {
				cu, cd = cd, cu // SE, which falls, comes before NW
			}
			mc.members[n/2] = m
			moves += cu
			mc.end[n] = uint8(moves)
			moves += cd
			mc.end[n+1] = uint8(moves)
			n += 2
			g = next
		}
	}
	mc.first[4] = uint8(n)
	return moves
}

// slot returns the direction and line length of the moves of slot i.
func (mc *moveCounts) slot(i int) (dir, l int) {
	a := 3
	for int(mc.first[a]) > i {
		a--
	}
	j := i - int(mc.first[a])
	return a + j%2*4, j/2 + 1
}

// nth returns move k (from 0) of LegalMoves between turns, given the counts of its sets:
// it finds the slot k falls in and builds that one move.
func (s *State) nth(mc *moveCounts, k int) rules.Move {
	i := 0
	for int(mc.end[i]) <= k {
		i++
	}
	if i > 0 {
		k -= int(mc.end[i-1])
	}
	dir, l := mc.slot(i)
	return lineMove(dir, l, board.SelectBit(shiftBy(mc.members[i/2], dir, l)&^s.pieces[s.turn], k))
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
		var mc moveCounts
		s.count(&mc)
		for i := range int(mc.first[4]) {
			dir, l := mc.slot(i)
			for t := shiftBy(mc.members[i/2], dir, l) &^ s.pieces[s.turn]; t != 0; t &= t - 1 {
				dst = append(dst, lineMove(dir, l, bits.TrailingZeros64(t)))
			}
		}
		return dst
	}
	for _, t := range s.jumps[:s.nJumps] {
		dst = append(dst, s.jumpMove(int(t)))
	}
	if s.canStop() {
		dst = append(dst, rules.Move{Kind: rules.Stop})
	}
	return dst
}

// jumpMove builds the chain's jump to t.
func (s *State) jumpMove(t int) rules.Move {
	return rules.Move{Kind: rules.Jump, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(s.chain), board.Site(t)}}
}

// findJumps lists in s.jumps, by direction N, NE, E, SE, S, SW, W, NW, the landing squares
// of the legal jumps of the chain's piece. Apply finds them once, as it must know whether
// the chain goes on, and the decisions that follow read them. Every direction writes its
// square and counts only if the jump is legal, rather than branching on each test: which
// directions work is as good as random.
func (s *State) findJumps() {
	own := s.pieces[s.turn]
	q := int(s.chain)
	axis := lineLens(own, q)
	open := ^(own | s.landed)
	n := 0
	for d := range 8 {
		t := jumpRay[q][d][axis[d&3]]
		ok := int(open >> t & 1) // a t of 64, no jump, shifts everything out
		if int(t) == int(s.start) && ok != 0 && !s.captured && !s.canLeave(q, int(t)) {
			ok = 0 // back home with nothing changed and no way on: a pass in disguise
		}
		s.jumps[n] = int8(t)
		n += ok
	}
	s.nJumps = uint8(n)
}

// canLeave reports whether the piece, jumping from q back to its starting square t, could
// jump on from there to a square it has not landed on. t holds no enemy piece (the piece
// left it), so that jump captures nothing.
func (s *State) canLeave(q, t int) bool {
	own := s.pieces[s.turn]&^(1<<q) | 1<<t
	open := ^(own | s.landed | 1<<t)
	axis := lineLens(own, t)
	for d := range 8 {
		if open>>jumpRay[t][d][axis[d&3]]&1 != 0 {
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
	s.findJumps()
	if s.nJumps == 0 {
		s.endTurn()
	}
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
	s.chain, s.start, s.landed, s.captured, s.nJumps = -1, -1, 0, false, 0
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
	var mc moveCounts
	return s.count(&mc) > 0
}

func (s *State) finish(winner rules.Player, reason uint8) {
	s.over, s.winner, s.reason = true, winner, reason
}
