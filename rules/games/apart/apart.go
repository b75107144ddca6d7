package apart

import (
	"encoding/binary"
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
	// Tree search at every level: at full strength it beat Hard 34 – 6 where alpha-beta
	// managed 58 – 42 of 100; the blurred levels' noise swamps the crowding evaluation, and
	// blurred alpha-beta played close to at random.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Engine: rules.TreeEngine},
		Blurred: rules.SearchTuning{Engine: rules.TreeEngine},
	},
}

const (
	size     = 8
	numSites = size * size
	// turnLimit is the number of turns, both players' together, after which an unfinished
	// game is drawn.
	turnLimit = 200

	fileA uint64 = 0x0101010101010101
	fileH        = fileA << 7
	// fileGather moves the square of row r of the a-file to bit 56+r.
	fileGather uint64 = 1<<56 | 1<<49 | 1<<42 | 1<<35 | 1<<28 | 1<<21 | 1<<14 | 1<<7
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
	// along a line of l may land, or s itself when l is below 2 or the square is off the
	// board: the jumping piece stands there, so it is never open to a landing, and a
	// square on the board needs no guard in shifts.
	jumpRay [numSites][8][size + 1]uint8
	// rayMask[s][d] holds the squares beyond s in direction d, up to the edge.
	rayMask [numSites][8]uint64
	// diagLine[s] and antiLine[s] hold the squares of the NE–SW and SE–NW lines through s.
	diagLine, antiLine [numSites]uint64
	// spread[a][l] has bits 0, u, ..., (l-1)u for u the change of site number one square
	// up axis a: the first pieces of lines of l along the axis times spread[a][l] are
	// their lines, the lines being apart, so that no two products' bits meet.
	spread [4][size + 1]uint64
	// runLen[b][i] is the length of the run of set bits of b that holds bit i, 0 if bit i
	// is clear.
	runLen [256][8]uint8
	// pieceKeys, chainKeys, startKeys, landedKeys, sideKey and capturedKey are the keys of
	// zobrist by kind, in arrays that masked indexes read without bounds checks.
	pieceKeys                        [2][numSites]uint64
	chainKeys, startKeys, landedKeys [numSites]uint64
	sideKey, capturedKey             uint64
	// white and black are the starting squares: two rows of six, the a- and h-files empty
	// (figure 1 of the official rulebook).
	startPieces = [2]uint64{0x7e7e, 0x7e7e << 48}
	initial     State
)

func init() {
	for s := range numSites {
		for d := range 8 {
			for k := range size + 1 {
				c, r := s%size+k*dirCol[d], s/size+k*dirRow[d]
				ray[s][d][k] = -1
				jumpRay[s][d][k] = uint8(s)
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
	for s := range numSites {
		diagLine[s] = rayMask[s][1] | rayMask[s][5] | 1<<s
		antiLine[s] = rayMask[s][3] | rayMask[s][7] | 1<<s
	}
	for b := range 256 {
		for i := range 8 {
			for j := i; j < 8 && b>>j&1 != 0; j++ {
				runLen[b][i]++
			}
			for j := i - 1; j >= 0 && b>>i&1 != 0 && b>>j&1 != 0; j-- {
				runLen[b][i]++
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
		for l := 1; l <= size; l++ {
			spread[a][l] = spread[a][l-1] | 1<<(axisUnit[a]*uint(l-1))
		}
	}
	for p := range 2 {
		for q := range numSites {
			pieceKeys[p][q] = zobrist[zPieces+p*numSites+q]
		}
	}
	for q := range numSites {
		chainKeys[q], startKeys[q], landedKeys[q] = zobrist[zChain+q], zobrist[zStart+q], zobrist[zLanded+q]
	}
	sideKey, capturedKey = zobrist[zSide], zobrist[zCaptured]
	initial = State{Status: rules.Status{Winner: rules.NoPlayer}, pieces: startPieces, chain: -1, start: -1}
	initial.Zobrist = initial.ComputeHash()
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
// Touching is mutual, so it looks only north, north-east, east and north-west of each
// square: half the shifts of neighbours.
func isolated(x uint64) bool {
	r, l := x&^fileH, x&^fileA
	return x&(x<<size|r<<1|r<<(size+1)|l<<(size-1)) == 0
}

// State is an Apart position. Pieces are bitmasks over the 64 squares (bit s is site s,
// numbered row*8+col as board.NewSquare numbers them), so copying a State copies
// everything it owns.
type State struct {
	rules.Status
	pieces [2]uint64
	// chainHash is the part of hash that the chain in progress adds: the keys of its
	// square, start, landings and capture, 0 between turns. Ending a chain takes it out at
	// once rather than key by key. It follows from the rest.
	chainHash uint64
	// landed holds the squares the piece has landed on in the chain in progress.
	landed uint64
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

// MidTurn reports whether a jump chain is in progress.
func (s *State) MidTurn() bool { return s.chain >= 0 }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be an Apart state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes the hash from the pieces, the player to move and the chain.
func (s *State) ComputeHash() uint64 {
	var h uint64
	for p := range 2 {
		for m := s.pieces[p]; m != 0; m &= m - 1 {
			h ^= zobrist[zPieces+p*numSites+bits.TrailingZeros64(m)]
		}
	}
	if s.Turn == 1 {
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
		dst = binary.LittleEndian.AppendUint64(dst, m)
	}
	var flags byte
	if s.Over {
		flags |= 1
	}
	if s.captured {
		flags |= 2
	}
	return append(dst, byte(s.Turn), byte(s.chain), byte(s.start), flags, byte(s.Winner+1), s.Reason, byte(s.turns), byte(s.turns>>8))
}

// Outcome reports the result once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	return s.Ended(reasonKeys[:])
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

// LegalMoves appends the legal decisions. Between turns: by axis (N–S, NE–SW, E–W,
// SE–NW), then by the length of the line the piece moves along, then north, north-east,
// east or south-east before the opposite way, then by landing square; a Step for a line of
// one and a Jump otherwise. During a chain: the jumping piece's jumps by direction, then
// Stop where the turn may end.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	if s.chain < 0 {
		var mc moveCounts
		s.count(&mc)
		for a := range 4 {
			var slots [16]uint64
			copy(slots[:], mc.sets[a][:])
			longSlots(s.pieces[s.Turn], a, (*[10]uint64)(slots[6:]))
			for j, set := range slots {
				dir, l := slotMove(a, j)
				for ; set != 0; set &= set - 1 {
					dst = append(dst, lineMove(dir, l, bits.TrailingZeros64(set)))
				}
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
	own := s.pieces[s.Turn&1]
	q := int(s.chain) & 63
	l0, l1, l2, l3 := axisLens(own, q)
	l0, l1, l2, l3 = l0&7, l1&7, l2&7, l3&7
	open := ^(own | s.landed)
	// The directions are written out, so that every table index is a constant or a
	// masked line length and the compiler checks no bound. A line of 8 masks to 0, where
	// the table has no jump, as has any jump of 8; no jump gives q, which is not open.
	r := &jumpRay[q]
	j := &s.jumps
	t := uint(r[0][l0]) & 63
	j[0] = int8(t)
	n := int(open >> t & 1)
	hits := uint64(1) << t
	t = uint(r[1][l1]) & 63
	hits |= 1 << t
	j[n] = int8(t)
	n += int(open >> t & 1)
	t = uint(r[2][l2]) & 63
	hits |= 1 << t
	j[n] = int8(t)
	n += int(open >> t & 1)
	t = uint(r[3][l3]) & 63
	hits |= 1 << t
	j[n] = int8(t)
	n += int(open >> t & 1)
	t = uint(r[4][l0]) & 63
	hits |= 1 << t
	j[n&7] = int8(t)
	n += int(open >> t & 1)
	t = uint(r[5][l1]) & 63
	hits |= 1 << t
	j[n&7] = int8(t)
	n += int(open >> t & 1)
	t = uint(r[6][l2]) & 63
	hits |= 1 << t
	j[n&7] = int8(t)
	n += int(open >> t & 1)
	t = uint(r[7][l3]) & 63
	hits |= 1 << t
	j[n&7] = int8(t)
	n += int(open >> t & 1)
	s.nJumps = uint8(n)
	// Back home with nothing captured and no way on would be a pass in disguise. hits
	// holds every square tried, and q for no square, which dropHome sorts out.
	if !s.captured && hits>>(uint(s.start)&63)&1 != 0 {
		s.dropHome(q)
	}
}

// dropHome removes the chain's starting square from its jumps if the piece, landing
// there, could not jump on.
func (s *State) dropHome(q int) {
	for i, t := range s.jumps[:s.nJumps] {
		if t != s.start {
			continue
		}
		if !s.canLeave(q, int(t)) {
			copy(s.jumps[i:], s.jumps[i+1:s.nJumps])
			s.nJumps--
		}
		return
	}
}

// canLeave reports whether the piece, jumping from q back to its starting square t, could
// jump on from there to a square it has not landed on. t holds no enemy piece (the piece
// left it), so that jump captures nothing.
func (s *State) canLeave(q, t int) bool {
	t &= 63
	own := s.pieces[s.Turn&1]&^(1<<(q&63)) | 1<<t
	open := ^(own | s.landed | 1<<t)
	l0, l1, l2, l3 := axisLens(own, t)
	l0, l1, l2, l3 = l0&7, l1&7, l2&7, l3&7
	// The eight tests are or-ed rather than branched on, as in findJumps.
	r := &jumpRay[t]
	return (open>>(r[0][l0]&63)|open>>(r[1][l1]&63)|open>>(r[2][l2]&63)|open>>(r[3][l3]&63)|
		open>>(r[4][l0]&63)|open>>(r[5][l1]&63)|open>>(r[6][l2]&63)|open>>(r[7][l3]&63))&1 != 0
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
	// Masked, the players and squares index the key tables and shift without the bounds
	// checks and shift guards that were a sixth of Apply's instructions; the squares of a
	// legal move are unchanged by the mask.
	p := s.Turn & 1
	o := p ^ 1
	from, to := uint(m.Path[0])&63, uint(m.Path[1])&63
	s.pieces[p] ^= 1<<from | 1<<to
	// hit is the bit of the enemy piece taken, 0 for none: whether a landing takes one is
	// as good as random, so the capture is made without a branch.
	hit := s.pieces[o] & (1 << to)
	s.pieces[o] ^= hit
	s.Zobrist ^= pieceKeys[p][from] ^ pieceKeys[p][to] ^ pieceKeys[o][to]&-(hit>>to)
	took := hit != 0
	// The game ends at once when a landing leaves a side apart (Koma's choice, see the
	// package comment), even in the middle of a chain. The opponent's pieces, were they
	// apart, would have ended the game already, so only a capture can leave them apart. The
	// tests are made here, not in a call, as nearly every decision makes them and goes on.
	if isolated(s.pieces[p]) || took && isolated(s.pieces[o]) {
		s.endApart(took)
		return
	}
	if m.Kind == rules.Step || s.turns == 0 {
		// A step is a whole turn; so is White's very first jump, which may not go on.
		s.endTurn()
		return
	}
	// The chain's keys go into hash and chainHash alike.
	var keys uint64
	if s.chain < 0 {
		s.start = int8(from)
		keys = startKeys[from]
	} else {
		keys = chainKeys[uint(s.chain)&63]
	}
	s.chain = int8(to)
	s.landed |= 1 << to
	keys ^= chainKeys[to] ^ landedKeys[to]
	// The capture key goes in with the chain's first capture.
	keys ^= capturedKey & -(b2u(took) &^ b2u(s.captured))
	s.captured = s.captured || took
	s.Zobrist ^= keys
	s.chainHash ^= keys
	// The chain goes on while the piece can jump again. When it cannot, the square it
	// stands on is one where the turn may end, or this jump would not have been legal.
	s.findJumps()
	if s.nJumps == 0 {
		s.endTurn()
	}
}

// b2u is 1 for true and 0 for false.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// endApart ends the game after a landing, which took a piece or not, has left a side
// apart. Both sides apart at once is a loss for the mover.
func (s *State) endApart(took bool) {
	p := s.Turn
	mine, theirs := isolated(s.pieces[p&1]), took && isolated(s.pieces[p&1^1])
	switch {
	case mine && theirs:
		s.finish(p.Other(), reasonBoth)
	case mine:
		s.finish(p, reasonApart)
	default:
		s.finish(p.Other(), reasonApart)
	}
	s.closeTurn()
}

// clearChain forgets the chain in progress, if any: without one, it changes nothing.
func (s *State) clearChain() {
	s.Zobrist ^= s.chainHash
	s.chainHash = 0
	s.chain, s.start, s.landed, s.captured, s.nJumps = -1, -1, 0, false, 0
}

// endTurn closes the turn in progress, hands the move over and checks the end of the game:
// a player without a legal move loses, and the turn limit draws. hasMove's first test is
// made here, not in a call, as it settles nearly every turn.
func (s *State) endTurn() {
	s.closeTurn()
	own := s.pieces[s.Turn&1]
	empty := ^(s.pieces[0] | s.pieces[1])
	switch {
	case !quickMove(own, empty) && !s.hasMoveSlow(own, empty):
		s.finish(s.Turn.Other(), reasonNoMoves)
	case s.turns >= turnLimit:
		s.finish(rules.NoPlayer, reasonTurnLimit)
	}
}

// closeTurn forgets the chain and hands the move over.
func (s *State) closeTurn() {
	s.clearChain()
	s.Turn = s.Turn.Other()
	s.Zobrist ^= sideKey
	s.turns++
}

// hasMove reports whether the player to move, at the start of a turn, has any move. A
// piece with an empty square on one side and no friend on the other can always step there,
// which settles nearly every position at once.
func (s *State) hasMove() bool {
	own := s.pieces[s.Turn&1]
	empty := ^(s.pieces[0] | s.pieces[1])
	return quickMove(own, empty) || s.hasMoveSlow(own, empty)
}

// quickMove reports whether a piece of own can step up or down its file: it has an empty
// square on one side and no friend on the other. The shifts are constants and need no
// masks, and this settles most positions in a dozen instructions.
func quickMove(own, empty uint64) bool {
	return own&(empty>>8&^(own<<8)|empty<<8&^(own>>8)) != 0
}

// hasMoveSlow finishes hasMove after quickMove, along the other three axes and then by
// counting.
func (s *State) hasMoveSlow(own, empty uint64) bool {
	for d := 1; d < 8; d++ {
		if own&shiftBy(empty, (d+4)%8, 1)&^shiftBy(own, d, 1) != 0 {
			return true
		}
	}
	var mc moveCounts
	return s.count(&mc) > 0
}

func (s *State) finish(winner rules.Player, reason uint8) {
	s.Finish(winner, reason)
}
