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
	pieces [2]uint64
	hash   uint64
	// chainHash is the part of hash that the chain in progress adds: the keys of its
	// square, start, landings and capture, 0 between turns. Ending a chain takes it out at
	// once rather than key by key. It follows from the rest.
	chainHash uint64
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

// lineLens returns the lengths of the lines through the piece on s along the four axes
// (N–S, NE–SW, E–W, SE–NW): the piece itself and its unbroken neighbours of its colour
// both ways. Each axis's squares through s are gathered into one byte, one bit a square,
// and runLen reads the length off it. A rank is a byte already. A file shifted to the
// a-file and multiplied by fileGather, and a diagonal multiplied by fileA, come out in
// the top byte without carries, as no two of the summed bits meet; the row or the column
// numbers the bits.
func lineLens(own uint64, s int) [4]int {
	file, diag, rank, anti := axisLens(own, s)
	return [4]int{int(file), int(diag), int(rank), int(anti)}
}

// axisLens is lineLens with the four lengths as results of their own, which come back in
// registers: an array comes back through memory, and copying it 16 bytes at a time just
// after its 8-byte stores stalled the chain's every jump.
func axisLens(own uint64, s int) (file, diag, rank, anti uint) {
	q := uint(s) & 63
	col, row := q&7, q>>3
	f := (own >> col & fileA) * fileGather >> 56
	d := (own & diagLine[q]) * fileA >> 56
	r := own >> (8 * row) & 0xff
	a := (own & antiLine[q]) * fileA >> 56
	return uint(runLen[f][row]), uint(runLen[d][col]), uint(runLen[r][col]), uint(runLen[a][col])
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

// lineMove builds the move of the piece on from along a line of l pieces in direction dir:
// a Step for a line of one, a Jump otherwise. The kind comes from the sign of l-2, since
// whether a drawn move steps is as good as random.
func lineMove(dir, l, from int) rules.Move {
	kind := rules.Jump - rules.MoveKind(uint(l-2)>>63)
	return rules.Move{Kind: kind, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(from), board.Site(from + l*dirDelta[dir])}}
}

// moveCounts holds the moves between turns as sets of pieces, in LegalMoves order. Slot j
// of axis a, j = (l-1)*2 + side, holds the pieces of the lines of exactly l along the axis
// that can move l squares in direction a (side 0: N, NE, E or SE) or a+4 (side 1): the
// landing square is on the board and not their own. Each piece of a slot is one move, and
// the moves of a slot come in the order of their pieces, as their landing squares all lie
// the same way from them. sets keeps the slots of lines of one to three pieces, which are
// nearly all; longSlots finds the others again when they are needed.
type moveCounts struct {
	sets [4][6]uint64
	// ends[a+1] is the number of moves along axes 0 to a; ends[0] is 0.
	ends [5]int
}

// count fills mc for the player to move between turns and returns the number of moves.
// Each axis has its own function, written out so that its shifts are constants: a shift
// by a variable needs the CX register in the default amd64 build, and the moves in and
// out of it took more instructions than the work. With all four axes in one function the
// compiler kept too much alive at once and spilled a third of its instructions to the
// stack; one axis at a time fits in the registers, and only its count and long lines
// outlive the call.
func (s *State) count(mc *moveCounts) int {
	own := s.pieces[s.turn&1]
	n0, l0 := mc.fileSlots(own)
	n1, l1 := mc.diagSlots(own)
	n2, l2 := mc.rankSlots(own)
	n3, l3 := mc.antiSlots(own)
	if l0|l1|l2|l3 != 0 {
		c0, c1, c2, c3 := longCounts(own, l0, l1, l2, l3)
		n0, n1, n2, n3 = n0+c0, n1+c1, n2+c2, n3+c3
	}
	mc.ends[1], mc.ends[2], mc.ends[3], mc.ends[4] = n0, n0+n1, n0+n1+n2, n0+n1+n2+n3
	return n0 + n1 + n2 + n3
}

// The axis functions below fill the slots of lines of one to three pieces along their
// axis and return the number of those moves and the pieces of longer lines. A piece alone
// along the axis steps onto a square that is not own, as it has no friend on either side,
// so only the edge of the board can stop it. A piece belongs to one line per axis, so
// the slots of one direction are disjoint and are counted together: two population
// counts an axis, made last, when little else is alive, as the default amd64 build tests
// the CPU before each and the compiler spills around the fallback call. The slots are
// stored one word at a time: an array literal is built on the stack and copied 16 bytes
// at a time, and a load of 16 bytes just stored in two halves stalls until the stores
// reach the cache.

// fileSlots does the N–S axis. A shift by whole rows cannot wrap round the board, so it
// needs no mask.
func (mc *moveCounts) fileSlots(own uint64) (n int, long uint64) {
	free := ^own
	e1, e2, e3, long := exactLines(own, own&(own<<8), own&(own>>8), ^uint64(0), 8)
	u1, d1 := e1&upMask[0][1], e1&downMask[0][1]
	u2, d2 := movers(e2, free, 16, ^uint64(0), ^uint64(0))
	u3, d3 := movers(e3, free, 24, ^uint64(0), ^uint64(0))
	sets := &mc.sets[0]
	sets[0], sets[1], sets[2], sets[3], sets[4], sets[5] = u1, d1, u2, d2, u3, d3
	return bits.OnesCount64(u1|u2|u3) + bits.OnesCount64(d1|d2|d3), long
}

// diagSlots does the NE–SW axis.
func (mc *moveCounts) diagSlots(own uint64) (n int, long uint64) {
	free := ^own
	e1, e2, e3, long := exactLines(own, own&(own&upMask[1][1]<<9), own&(own&downMask[1][1]>>9), upMask[1][2], 9)
	u1, d1 := e1&upMask[1][1], e1&downMask[1][1]
	u2, d2 := movers(e2, free, 18, upMask[1][2], downMask[1][2])
	u3, d3 := movers(e3, free, 27, upMask[1][3], downMask[1][3])
	sets := &mc.sets[1]
	sets[0], sets[1], sets[2], sets[3], sets[4], sets[5] = u1, d1, u2, d2, u3, d3
	return bits.OnesCount64(u1|u2|u3) + bits.OnesCount64(d1|d2|d3), long
}

// rankSlots does the E–W axis.
func (mc *moveCounts) rankSlots(own uint64) (n int, long uint64) {
	free := ^own
	e1, e2, e3, long := exactLines(own, own&(own&upMask[2][1]<<1), own&(own&downMask[2][1]>>1), upMask[2][2], 1)
	u1, d1 := e1&upMask[2][1], e1&downMask[2][1]
	u2, d2 := movers(e2, free, 2, upMask[2][2], downMask[2][2])
	u3, d3 := movers(e3, free, 3, upMask[2][3], downMask[2][3])
	sets := &mc.sets[2]
	sets[0], sets[1], sets[2], sets[3], sets[4], sets[5] = u1, d1, u2, d2, u3, d3
	return bits.OnesCount64(u1|u2|u3) + bits.OnesCount64(d1|d2|d3), long
}

// antiSlots does the SE–NW axis, where SE, which falls, comes before NW.
func (mc *moveCounts) antiSlots(own uint64) (n int, long uint64) {
	free := ^own
	e1, e2, e3, long := exactLines(own, own&(own&upMask[3][1]<<7), own&(own&downMask[3][1]>>7), upMask[3][2], 7)
	u1, d1 := e1&upMask[3][1], e1&downMask[3][1]
	u2, d2 := movers(e2, free, 14, upMask[3][2], downMask[3][2])
	u3, d3 := movers(e3, free, 21, upMask[3][3], downMask[3][3])
	sets := &mc.sets[3]
	sets[0], sets[1], sets[2], sets[3], sets[4], sets[5] = d1, u1, d2, u2, d3, u3
	return bits.OnesCount64(u1|u2|u3) + bits.OnesCount64(d1|d2|d3), long
}

// longCounts returns the number of moves of the pieces of lines of four or more along each
// axis, l0 to l3 holding those pieces along axes 0 to 3. The pieces of a line move the
// same distance, so along an axis they are apart from the slots of the shorter lines.
// Nearly all long lines lie along a rank, mostly the starting rows, and a rank is a byte,
// so rankLong counts them row by row; the rare others go through longSlots. The counts go
// in and out one word each: arrays went through memory, and copying one 16 bytes at a
// time just after its 8-byte stores stalled.
func longCounts(own, l0, l1, l2, l3 uint64) (c0, c1, c2, c3 int) {
	for m := l2; m != 0; {
		sh := uint(bits.TrailingZeros64(m)) &^ 7
		c2 += int(rankLong[own>>sh&0xff])
		m &^= 0xff << sh
	}
	if l0|l1|l3 != 0 {
		c0, c1, c3 = longCount(own, 0, l0), longCount(own, 1, l1), longCount(own, 3, l3)
	}
	return c0, c1, c2, c3
}

// longCount returns the number of moves of the pieces of long, the lines of four or more
// along axis a.
func longCount(own uint64, a int, long uint64) int {
	if long == 0 {
		return 0
	}
	var slots [10]uint64
	u, d := longSlots(own, a, &slots)
	return bits.OnesCount64(u) + bits.OnesCount64(d)
}

// rankLong[b] is the number of moves along a rank whose pieces are the bits of b made by
// the pieces of its lines of four or more: l squares east or west for a line of l, onto a
// square of the rank that is not one of b.
var rankLong = func() (t [256]uint8) {
	for b := range 256 {
		for i := range 8 {
			// The piece's line runs from lo to hi.
			lo, hi := i, i
			for lo > 0 && b>>(lo-1)&1 != 0 {
				lo--
			}
			for hi < 7 && b>>(hi+1)&1 != 0 {
				hi++
			}
			l := hi - lo + 1
			if b>>i&1 == 0 || l < 4 {
				continue
			}
			for _, to := range [2]int{i + l, i - l} {
				if to >= 0 && to < 8 && b>>to&1 == 0 {
					t[b]++
				}
			}
		}
	}
	return t
}()

// exactLines returns the pieces of the lines of exactly one, two and three pieces along an
// axis, and the pieces of longer lines, from the pieces with a friend below and above, u
// being the change of site number one square up the axis and up2 the squares from which
// two squares up stay on the board. The first and last pieces of the lines are those
// without a friend below or above, and a line of two or three is a first piece with a
// friend above whose next or next-but-one square, on the board, holds a last piece: the
// squares between are own, as that friend is. Shifts of last past the edge of the board
// drop off it or wrap round to a square that up2 or the friend above rules out.
func exactLines(own, below, above, up2 uint64, u uint) (e1, e2, e3, long uint64) {
	first, last := own&^below, own&^above
	goes := first & above
	g2 := goes & (last >> u)
	g3 := goes & up2 & (last >> (2 * u))
	e1, e2, e3 = first&last, g2|g2<<u, g3|g3<<u|g3<<(2*u)
	return e1, e2, e3, own &^ (e1 | e2 | e3)
}

// movers returns the pieces of e that can move sh site numbers up and down: their landing
// square is on the board (upm, downm) and free.
func movers(e, free uint64, sh uint, upm, downm uint64) (ups, downs uint64) {
	return e & upm & (free >> sh), e & downm & (free << sh)
}

// longSlots fills slots with the slots of axis a for the lines of four to eight pieces,
// slots[j-6] for slot j, and returns the pieces among them that can move up the axis and
// those that can move down.
func longSlots(own uint64, a int, slots *[10]uint64) (ups, downs uint64) {
	up, down, u := &upMask[a], &downMask[a], axisUnit[a]&63
	// g keeps the first pieces of the lines at least l+1 long: their (l+1)th piece is own.
	g := own &^ (own & up[1] << u)
	for l := 1; l < 4; l++ {
		g &= own & down[l] >> (u * uint(l) & 63)
	}
	for l := 4; g != 0; l++ {
		sh := u * uint(l) & 63
		next := g & (own & down[l] >> sh)
		m := (g &^ next) * spread[a][l]
		up, down := m&up[l]&^(own>>sh), m&down[l]&^(own<<sh)
		ups, downs = ups|up, downs|down
		if a == 3 {
			up, down = down, up
		}
		slots[2*l-8], slots[2*l-7] = up, down
		g = next
	}
	return ups, downs
}

// slotMove returns the direction and line length of the moves of slot j of axis a.
func slotMove(a, j int) (dir, l int) { return a + j&1*4, j>>1 + 1 }

// before returns 1 if x is at most k, and 0 otherwise, for x and k far from overflow.
func before(x, k int) int { return int(uint(k-x)>>63 ^ 1) }

// nth finds move k (from 0) of LegalMoves between turns, given the counts of its sets, and
// returns its direction, line length and piece. It finds the axis and then the slot k
// falls in, each from comparisons whose results are added rather than branched on. The
// caller builds the move: a move returned through a further call is copied 16 bytes at a
// time from stores just made, which stalls.
func (s *State) nth(mc *moveCounts, k int) (dir, l, from int) {
	a := before(mc.ends[1], k) + before(mc.ends[2], k) + before(mc.ends[3], k)
	k -= mc.ends[a]
	sets := &mc.sets[a]
	var ends [6]int
	ends[1] = bits.OnesCount64(sets[0])
	ends[2] = ends[1] + bits.OnesCount64(sets[1])
	ends[3] = ends[2] + bits.OnesCount64(sets[2])
	ends[4] = ends[3] + bits.OnesCount64(sets[3])
	ends[5] = ends[4] + bits.OnesCount64(sets[4])
	all := ends[5] + bits.OnesCount64(sets[5])
	if k >= all {
		return s.nthLong(a, k-all)
	}
	j := before(ends[1], k) + before(ends[2], k) + before(ends[3], k) + before(ends[4], k) + before(ends[5], k)
	dir, l = slotMove(a, j)
	return dir, l, board.SelectBit(sets[j], k-ends[j])
}

// nthLong finds move k of the moves of axis a's lines of four or more.
func (s *State) nthLong(a, k int) (dir, l, from int) {
	var slots [10]uint64
	longSlots(s.pieces[s.turn], a, &slots)
	for i, set := range slots {
		if c := bits.OnesCount64(set); k >= c {
			k -= c
			continue
		}
		dir, l = slotMove(a, i+6)
		return dir, l, board.SelectBit(set, k)
	}
	panic("apart: move index out of range")
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
		for a := range 4 {
			var slots [16]uint64
			copy(slots[:], mc.sets[a][:])
			longSlots(s.pieces[s.turn], a, (*[10]uint64)(slots[6:]))
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
	own := s.pieces[s.turn&1]
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
	own := s.pieces[s.turn&1]&^(1<<(q&63)) | 1<<t
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
	p := s.turn & 1
	o := p ^ 1
	from, to := uint(m.Path[0])&63, uint(m.Path[1])&63
	s.pieces[p] ^= 1<<from | 1<<to
	// hit is the bit of the enemy piece taken, 0 for none: whether a landing takes one is
	// as good as random, so the capture is made without a branch.
	hit := s.pieces[o] & (1 << to)
	s.pieces[o] ^= hit
	s.hash ^= pieceKeys[p][from] ^ pieceKeys[p][to] ^ pieceKeys[o][to]&-(hit>>to)
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
	s.hash ^= keys
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
	p := s.turn
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
	s.hash ^= s.chainHash
	s.chainHash = 0
	s.chain, s.start, s.landed, s.captured, s.nJumps = -1, -1, 0, false, 0
}

// endTurn closes the turn in progress, hands the move over and checks the end of the game:
// a player without a legal move loses, and the turn limit draws. hasMove's first test is
// made here, not in a call, as it settles nearly every turn.
func (s *State) endTurn() {
	s.closeTurn()
	own := s.pieces[s.turn&1]
	empty := ^(s.pieces[0] | s.pieces[1])
	switch {
	case !quickMove(own, empty) && !s.hasMoveSlow(own, empty):
		s.finish(s.turn.Other(), reasonNoMoves)
	case s.turns >= turnLimit:
		s.finish(rules.NoPlayer, reasonTurnLimit)
	}
}

// closeTurn forgets the chain and hands the move over.
func (s *State) closeTurn() {
	s.clearChain()
	s.turn = s.turn.Other()
	s.hash ^= sideKey
	s.turns++
}

// hasMove reports whether the player to move, at the start of a turn, has any move. A
// piece with an empty square on one side and no friend on the other can always step there,
// which settles nearly every position at once.
func (s *State) hasMove() bool {
	own := s.pieces[s.turn&1]
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
	s.over, s.winner, s.reason = true, winner, reason
}
