package halma

import (
	"encoding/binary"
	"math/bits"

	"koma/rules"
	"koma/rules/board"
)

const gameID = "halma"

// Game is the definition card of Halma on the 8×8 board.
var Game = &rules.Game{
	ID:    gameID,
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.Plain,
	Looks: []rules.Look{rules.Disc},
	// The turn limit ends every game (our rule; see the package doc).
	MaxTurns: turnLimit,
	New:      newState,
	// Alpha-beta plays best at full strength; blurred alpha-beta played almost at random
	// and left pieces at home past the 30th turn, so the blurred levels search a tree.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Engine: rules.AlphaBetaEngine},
		Blurred: rules.SearchTuning{Engine: rules.TreeEngine},
	},
}

const (
	size     = 8
	numSites = size * size
	// turnLimit is the number of turns, both players' together, after which an unfinished
	// game is drawn.
	turnLimit = 300
	// stallTurn is the player's own turn after which none of their pieces may still stand
	// in their starting camp.
	stallTurn = 30

	fileA uint64 = 0x0101010101010101
	fileH        = fileA << 7
)

// The outcome reasons, stored as small codes so that State holds no strings.
const (
	reasonNone uint8 = iota
	reasonGoal
	reasonStalled
	reasonTurnLimit
)

var reasonKeys = [...]string{
	reasonNone:      "",
	reasonGoal:      "goal",
	reasonStalled:   "stalled",
	reasonTurnLimit: "turn-limit",
}

// Zobrist key layout: the pieces of each player, Black to move, then, during a hop chain,
// the square of the hopping piece, the square it started from and the squares of the
// pieces it has jumped.
const (
	zPieces = 0
	zSide   = 2 * numSites
	zChain  = zSide + 1
	zStart  = zChain + numSites
	zJumped = zStart + numSites
	zCount  = zJumped + numSites
)

var (
	topo    = board.NewSquare(size, size)
	zobrist = board.NewZobrist(gameID, zCount)
	// camp[p] is p's starting camp: the ten squares within three orthogonal steps of p's
	// corner (a1 for White, h8 for Black). goal[p] is the opponent's camp.
	camp, goal [2]uint64
	// dirDelta is the change of site index one square in each board direction (N, NE, E,
	// SE, S, SW, W, NW).
	dirDelta = [8]int{size, size + 1, 1, 1 - size, -size, -size - 1, -1, size - 1}
	initial  State
)

func init() {
	for s := range numSites {
		col, row := s%size, s/size
		if col+row <= 3 {
			camp[0] |= 1 << s
		}
		if (size-1-col)+(size-1-row) <= 3 {
			camp[1] |= 1 << s
		}
	}
	goal = [2]uint64{camp[1], camp[0]}
	initial = State{Status: rules.Status{Winner: rules.NoPlayer}, pieces: camp, chain: -1, start: -1}
	initial.Zobrist = initial.ComputeHash()
}

func newState(rules.Options) (rules.State, error) {
	st := initial
	return &st, nil
}

// shift moves every square of x one square in direction d, dropping those that would leave
// the board.
func shift(x uint64, d int) uint64 {
	switch d {
	case 0:
		return x << size
	case 1:
		return (x &^ fileH) << (size + 1)
	case 2:
		return (x &^ fileH) << 1
	case 3:
		return (x &^ fileH) >> (size - 1)
	case 4:
		return x >> size
	case 5:
		return (x &^ fileA) >> (size + 1)
	case 6:
		return (x &^ fileA) >> 1
	}
	return (x &^ fileA) << (size - 1)
}

// shiftAll moves x one square in every direction: out[d] is shift(x, d), spelled out
// because this is the hottest code of a playout.
func shiftAll(x uint64) (out [8]uint64) {
	l, r := x&^fileA, x&^fileH
	out[0] = x << size
	out[1] = r << (size + 1)
	out[2] = r << 1
	out[3] = r >> (size - 1)
	out[4] = x >> size
	out[5] = l >> (size + 1)
	out[6] = l >> 1
	out[7] = l << (size - 1)
	return out
}

// canHop reports whether the piece b (one bit) has a piece next to it, not in jumped, with
// an empty square beyond, in any direction.
func canHop(b, occ, jumped uint64) bool {
	over, empty := occ&^jumped, ^occ
	l, r := b&^fileA, b&^fileH
	return (b<<size&over)<<size&empty|
		(r<<(size+1)&over&^fileH)<<(size+1)&empty|
		(r<<1&over&^fileH)<<1&empty|
		(r>>(size-1)&over&^fileH)>>(size-1)&empty|
		(b>>size&over)>>size&empty|
		(l>>(size+1)&over&^fileA)>>(size+1)&empty|
		(l>>1&over&^fileA)>>1&empty|
		(l<<(size-1)&over&^fileA)<<(size-1)&empty != 0
}

// moves finds, for each direction, the squares that movers reach by one jump over a piece
// of over and by one step, both onto empty squares. It is shiftAll and shiftEach spelled
// out in scalars, which the compiler keeps in registers: this is the hottest code of a
// playout.
func moves(movers, over, empty uint64, jumps, steps *[8]uint64) {
	l, r := movers&^fileA, movers&^fileH
	n0, n1, n2, n3 := movers<<size, r<<(size+1), r<<1, r>>(size-1)
	n4, n5, n6, n7 := movers>>size, l>>(size+1), l>>1, l<<(size-1)
	steps[0], steps[1], steps[2], steps[3] = n0&empty, n1&empty, n2&empty, n3&empty
	steps[4], steps[5], steps[6], steps[7] = n4&empty, n5&empty, n6&empty, n7&empty
	jumps[0] = (n0 & over) << size & empty
	jumps[1] = (n1 & over &^ fileH) << (size + 1) & empty
	jumps[2] = (n2 & over &^ fileH) << 1 & empty
	jumps[3] = (n3 & over &^ fileH) >> (size - 1) & empty
	jumps[4] = (n4 & over) >> size & empty
	jumps[5] = (n5 & over &^ fileA) >> (size + 1) & empty
	jumps[6] = (n6 & over &^ fileA) >> 1 & empty
	jumps[7] = (n7 & over &^ fileA) << (size - 1) & empty
}

// shiftEach moves each v[d] one square in its own direction d.
func shiftEach(v [8]uint64) (out [8]uint64) {
	out[0] = v[0] << size
	out[1] = (v[1] &^ fileH) << (size + 1)
	out[2] = (v[2] &^ fileH) << 1
	out[3] = (v[3] &^ fileH) >> (size - 1)
	out[4] = v[4] >> size
	out[5] = (v[5] &^ fileA) >> (size + 1)
	out[6] = (v[6] &^ fileA) >> 1
	out[7] = (v[7] &^ fileA) << (size - 1)
	return out
}

// State is a Halma position. Pieces are bitmasks over the 64 squares (bit s is site s,
// numbered row*8+col as board.NewSquare numbers them), so copying a State copies
// everything it owns.
type State struct {
	rules.Status
	pieces [2]uint64
	// jumped holds the squares of the pieces jumped so far in the chain in progress.
	jumped uint64
	// chain is the square of the piece in the middle of a hop chain, start the square it
	// began the turn on; both are -1 between turns.
	chain, start int8
	// turns counts the turns played, both players' together.
	turns uint16
}

// Game returns the Halma definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns the options: the game has none.
func (s *State) Variant() rules.Options { return rules.Options{} }

// Board returns the 8×8 board.
func (s *State) Board() *board.Topology { return topo }

// MidTurn reports whether a hop chain is in progress.
func (s *State) MidTurn() bool { return s.chain >= 0 }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be a Halma state.
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
	for m := s.jumped; m != 0; m &= m - 1 {
		h ^= zobrist[zJumped+bits.TrailingZeros64(m)]
	}
	return h
}

// AppendKey encodes the full state: pieces, player to move, chain, result and the number
// of turns played.
func (s *State) AppendKey(dst []byte) []byte {
	for _, m := range [3]uint64{s.pieces[0], s.pieces[1], s.jumped} {
		dst = binary.LittleEndian.AppendUint64(dst, m)
	}
	over := byte(0)
	if s.Over {
		over = 1
	}
	return append(dst, byte(s.Turn), byte(s.chain), byte(s.start), over, byte(s.Winner+1), s.Reason, byte(s.turns), byte(s.turns>>8))
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

// Marks implements rules.Marker: both goal camps, each owned by the player who must fill
// it, and during a hop chain the square the piece started from.
func (s *State) Marks(dst []rules.Mark) []rules.Mark {
	for p := range 2 {
		for m := goal[p]; m != 0; m &= m - 1 {
			dst = append(dst, rules.Mark{Site: board.Site(bits.TrailingZeros64(m)), Kind: rules.Goal, Owner: rules.Player(p)})
		}
	}
	if s.chain >= 0 {
		dst = append(dst, rules.Mark{Site: board.Site(s.start), Kind: rules.Visited, Owner: rules.NoPlayer})
	}
	return dst
}

// targets returns, for each direction, the squares the player to move may reach by one
// jump and by one step that way: every square is the end of exactly one move, since the
// direction fixes where it came from. Between turns any piece may move; during a chain
// only the hopping piece may jump on.
func (s *State) targets(jumps, steps *[8]uint64) {
	p := s.Turn
	occ := s.pieces[0] | s.pieces[1]
	empty := ^occ
	over := occ &^ s.jumped
	g := goal[p]
	var movers uint64
	if s.chain >= 0 {
		movers = 1 << s.chain
	} else {
		movers = s.pieces[p]
	}
	moves(movers, over, empty, jumps, steps)
	if s.chain < 0 {
		// A piece that began the turn in its goal must end it there.
		locked := movers & g
		if locked == 0 {
			return
		}
		nearFree := shiftAll(movers &^ g)
		nearLocked := shiftAll(locked)
		for d := range 8 {
			steps[d] = (nearFree[d] | nearLocked[d]&g) & empty
		}
		// Jumps of locked pieces that land outside the goal must lead back into it.
		far := shiftAll(locked)
		var lockedMid [8]uint64
		for d := range 8 {
			lockedMid[d] = far[d] & over
		}
		lockedLand := shiftEach(lockedMid)
		for d := range 8 {
			if risky := jumps[d] & lockedLand[d] &^ g; risky != 0 {
				jumps[d] &^= s.deadEnds(risky, d, -1, true, occ)
			}
		}
		return
	}
	// In a chain there are no steps, and a jump back to the start, or out of the goal for a piece that began the
	// turn inside it, must lead on to a square where the turn may end.
	*steps = [8]uint64{}
	start := uint64(1) << s.start
	lockedStart := g&start != 0
	for d := range 8 {
		risky := jumps[d] & start
		if lockedStart {
			risky |= jumps[d] &^ g
		}
		if risky != 0 {
			jumps[d] &^= s.deadEnds(risky, d, int(s.start), lockedStart, occ)
		}
	}
}

// deadEnds returns the landing squares among risky, reached by jumps in direction d, after
// which the turn could not end. start is the chain's starting square, or -1 for a first
// jump, whose start is the square it leaves.
func (s *State) deadEnds(risky uint64, d, start int, locked bool, occ uint64) uint64 {
	var dead uint64
	for r := risky; r != 0; r &= r - 1 {
		land := bits.TrailingZeros64(r)
		from := land - 2*dirDelta[d]
		mid := land - dirDelta[d]
		st := start
		if st < 0 {
			st = from
		}
		if !canFinish(land, st, locked, goal[s.Turn], occ&^(1<<from)|1<<land, s.jumped|1<<mid) {
			dead |= 1 << land
		}
	}
	return dead
}

// canFinish reports whether a piece standing on at, in a chain that began on start, can
// end its turn here or after more jumps: not on start, and inside goal when locked.
func canFinish(at, start int, locked bool, goal, occ, jumped uint64) bool {
	if at != start && (!locked || goal>>at&1 != 0) {
		return true
	}
	b := uint64(1) << at
	for d := range 8 {
		mid := shift(b, d) & occ &^ jumped
		land := shift(mid, d) &^ occ
		if land == 0 {
			continue
		}
		l := bits.TrailingZeros64(land)
		if canFinish(l, start, locked, goal, occ&^b|land, jumped|mid) {
			return true
		}
	}
	return false
}

// canStop reports whether the chain in progress may end where its piece stands.
func (s *State) canStop() bool {
	at := int(s.chain)
	if at == int(s.start) {
		return false
	}
	g := goal[s.Turn]
	return g>>s.start&1 == 0 || g>>at&1 != 0
}

// LegalMoves appends the legal decisions: the jumps by direction (N, NE, E, SE, S, SW, W,
// NW) and then by landing square, then the steps the same way, then Stop when a chain may
// end here. A player with no move at all at the start of a turn has exactly one: Pass.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	var jumps, steps [8]uint64
	s.targets(&jumps, &steps)
	n := len(dst)
	for d, t := range jumps {
		for ; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			dst = append(dst, rules.Move{Kind: rules.Jump, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(to - 2*dirDelta[d]), board.Site(to)}})
		}
	}
	for d, t := range steps {
		for ; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			dst = append(dst, rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(to - dirDelta[d]), board.Site(to)}})
		}
	}
	switch {
	case s.chain >= 0 && s.canStop():
		dst = append(dst, rules.Move{Kind: rules.Stop})
	case s.chain < 0 && len(dst) == n:
		dst = append(dst, rules.Move{Kind: rules.Pass})
	}
	return dst
}

// Apply plays m, which must be one of LegalMoves.
func (s *State) Apply(m rules.Move) {
	p := s.Turn
	switch m.Kind {
	case rules.Pass:
		s.endTurn()
		return
	case rules.Stop:
		s.endTurn()
		return
	}
	from, to := int(m.Path[0]), int(m.Path[1])
	s.pieces[p] ^= 1<<from | 1<<to
	s.Zobrist ^= zobrist[zPieces+int(p)*numSites+from] ^ zobrist[zPieces+int(p)*numSites+to]
	if m.Kind == rules.Step {
		s.endTurn()
		return
	}
	mid := (from + to) / 2
	s.jumped |= 1 << mid
	s.Zobrist ^= zobrist[zJumped+mid]
	if s.chain < 0 {
		s.start = int8(from)
		s.Zobrist ^= zobrist[zStart+from]
	} else {
		s.Zobrist ^= zobrist[zChain+int(s.chain)]
	}
	s.chain = int8(to)
	s.Zobrist ^= zobrist[zChain+to]
	// The chain goes on while the piece can jump again; when it cannot, the square it
	// stands on is one where the turn may end, or this jump would not have been legal.
	if !canHop(uint64(1)<<to, s.pieces[0]|s.pieces[1], s.jumped) {
		s.endTurn()
		return
	}
	var jumps, steps [8]uint64
	s.targets(&jumps, &steps)
	for _, j := range jumps {
		if j != 0 {
			return
		}
	}
	s.endTurn()
}

// endTurn closes the turn in progress, hands the move over and checks whether the game is
// over.
func (s *State) endTurn() {
	if s.chain >= 0 {
		s.Zobrist ^= zobrist[zChain+int(s.chain)] ^ zobrist[zStart+int(s.start)]
		for m := s.jumped; m != 0; m &= m - 1 {
			s.Zobrist ^= zobrist[zJumped+bits.TrailingZeros64(m)]
		}
		s.chain, s.start, s.jumped = -1, -1, 0
	}
	mover := s.Turn
	s.Turn = mover.Other()
	s.Zobrist ^= zobrist[zSide]
	s.turns++
	own := int(s.turns+1) / 2
	if mover == 1 {
		own = int(s.turns) / 2
	}
	switch {
	case s.filled(mover):
		s.finish(mover, reasonGoal)
	case s.filled(mover.Other()):
		s.finish(mover.Other(), reasonGoal)
	case own == stallTurn && s.pieces[mover]&camp[mover] != 0:
		s.finish(mover.Other(), reasonStalled)
	case s.turns >= turnLimit:
		s.finish(rules.NoPlayer, reasonTurnLimit)
	}
}

// filled reports whether p has won: p's goal is full and holds at least one of p's pieces,
// so that enemy pieces left in it cannot keep p from winning.
func (s *State) filled(p rules.Player) bool {
	g := goal[p]
	return (s.pieces[0]|s.pieces[1])&g == g && s.pieces[p]&g != 0
}

func (s *State) finish(winner rules.Player, reason uint8) {
	s.Finish(winner, reason)
}

// Prompt implements rules.Prompter: during a chain it says whether the piece may stop
// here, and it explains a forced pass.
func (s *State) Prompt() string {
	switch {
	case s.Over:
		return ""
	case s.chain >= 0 && s.canStop():
		return "jump-again"
	case s.chain >= 0:
		return "jump-on"
	}
	var jumps, steps [8]uint64
	s.targets(&jumps, &steps)
	for d := range 8 {
		if jumps[d]|steps[d] != 0 {
			return ""
		}
	}
	return "must-pass"
}
