package turkish

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"koma/rules"
	"koma/rules/board"
)

const gameID = "turkish"

// Game is the definition card of Turkish Checkers.
var Game = &rules.Game{
	ID:    gameID,
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.Plain,
	Looks: []rules.Look{rules.Disc, rules.Crowned},
	// Every turn either captures, moves a man forward, or counts towards quietLimit. A game
	// has at most 30 capturing turns (it ends when one piece each is left) and at most 176
	// forward steps of men (8 men of each side need at most 6 steps each and 8 at most 5),
	// and fewer than quietLimit turns follow each of those 207 turns, or the start, without
	// another: no game lasts more than 208 × 100 = 20,800 turns.
	MaxTurns: 20800,
	New:      newState,
	// Alpha-beta plays best at full strength; blurred alpha-beta leaves pieces to be taken,
	// so the blurred levels search a tree, whose playouts average the blur out.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Engine: rules.AlphaBetaEngine},
		Blurred: rules.SearchTuning{Engine: rules.TreeEngine},
	},
}

const (
	size     = 8
	numSites = size * size
	// quietLimit is the number of turns in a row without a capture and without a man
	// stepping forward after which the game is drawn (our rule; see the package doc).
	quietLimit = 100
	// repeatLimit is the occurrence of a position that draws the game.
	repeatLimit = 3

	fileA uint64 = 0x0101010101010101
	fileH        = fileA << 7
	rank1 uint64 = 0xff
	rank8        = rank1 << 56
)

// Pieces kinds.
const (
	man  uint8 = 0
	king uint8 = 1
)

// The four directions, clockwise from north; the reverse of d is d^2.
const (
	dirN = iota
	dirE
	dirS
	dirW
	noDir = -1
)

// dirDelta is the change of site index one square in each direction.
var dirDelta = [4]int{size, 1, -size, -1}

// The outcome reasons, stored as small codes so that State holds no strings.
const (
	reasonNone uint8 = iota
	reasonCapturedAll
	reasonNoMoves
	reasonOneEach
	reasonRepetition
	reasonNoProgress
)

var reasonKeys = [...]string{
	reasonNone:        "",
	reasonCapturedAll: "captured-all",
	reasonNoMoves:     "no-moves",
	reasonOneEach:     "one-each",
	reasonRepetition:  "repetition",
	reasonNoProgress:  "no-progress",
}

// Zobrist key layout: men of each player, kings of each player, Black to move, the site of
// the piece in the middle of a capture chain, and the direction of its last jump.
const (
	zMen   = 0
	zKings = zMen + 2*numSites
	zSide  = zKings + 2*numSites
	zChain = zSide + 1
	zDir   = zChain + numSites
	zCount = zDir + 4
)

var (
	topo    = board.NewSquare(size, size)
	zobrist = board.NewZobrist(gameID, zCount)
	// rays[d][s] lists the sites from s outwards in direction d, nearest first;
	// rayLen[d][s] is how many there are.
	rays   [4][numSites][size - 1]int8
	rayLen [4][numSites]uint8
	// rayMask[d][s] holds the same sites as a mask.
	rayMask [4][numSites]uint64
	// manDirs[p] lists the directions p's men move and capture in: forward, then sideways.
	manDirs = [2][3]int{{dirN, dirE, dirW}, {dirS, dirE, dirW}}
	// farRank[p] is where p's men are promoted.
	farRank = [2]uint64{rank8, rank1}
	initial State
)

func init() {
	for s := range numSites {
		col, row := s%size, s/size
		for d := range 4 {
			c, r := col, row
			for {
				c += [4]int{0, 1, 0, -1}[d]
				r += [4]int{1, 0, -1, 0}[d]
				if c < 0 || c >= size || r < 0 || r >= size {
					break
				}
				rays[d][s][rayLen[d][s]] = int8(r*size + c)
				rayLen[d][s]++
				rayMask[d][s] |= 1 << (r*size + c)
			}
		}
	}
	initial = State{
		men:    [2]uint64{0xffff << size, 0xffff << (5 * size)},
		Status: rules.Status{Turn: 0, Winner: rules.NoPlayer},
		chain:  -1,
		dir:    noDir,
	}
	initial.Zobrist = initial.ComputeHash()
	initial.hist.Push(initial.Zobrist)
}

func newState(rules.Options) (rules.State, error) {
	st := initial
	return &st, nil
}

// State is a Turkish Checkers position. Pieces are bitmasks over the 64 squares (bit s is
// site s, numbered row*8+col as board.NewSquare numbers them), so copying a State copies
// everything it owns.
type State struct {
	men, kings [2]uint64
	// Status follows the pieces: placed first, it slowed playouts by 2–3% (komacli
	// bench, alternating runs).
	rules.Status
	// chain is the site of the piece in the middle of a capture chain, or -1 between turns;
	// dir is the direction of its last jump, or noDir.
	chain, dir int8
	// quiet counts the turns in a row without a capture and without a man stepping forward.
	quiet uint8
	// hist holds the positions (board and player to move) since the last capture or
	// forward step of a man, the current one included.
	hist rules.History[[128]uint64]
}

// Game returns the Turkish Checkers definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns the options: the game has none.
func (s *State) Variant() rules.Options { return rules.Options{} }

// Board returns the 8×8 board.
func (s *State) Board() *board.Topology { return topo }

// MidTurn reports whether a capture chain is in progress.
func (s *State) MidTurn() bool { return s.chain >= 0 }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be a Turkish Checkers state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes the hash from the pieces, the player to move and the chain.
func (s *State) ComputeHash() uint64 {
	var h uint64
	for p := range 2 {
		for m := s.men[p]; m != 0; m &= m - 1 {
			h ^= zobrist[zMen+p*numSites+bits.TrailingZeros64(m)]
		}
		for m := s.kings[p]; m != 0; m &= m - 1 {
			h ^= zobrist[zKings+p*numSites+bits.TrailingZeros64(m)]
		}
	}
	if s.Turn == 1 {
		h ^= zobrist[zSide]
	}
	if s.chain >= 0 {
		h ^= zobrist[zChain+int(s.chain)] ^ zobrist[zDir+int(s.dir)]
	}
	return h
}

// AppendKey encodes the full state: pieces, player to move, chain, result, the quiet-turn
// count and the repetition history as a sorted multiset of position hashes.
func (s *State) AppendKey(dst []byte) []byte {
	for _, m := range [4]uint64{s.men[0], s.men[1], s.kings[0], s.kings[1]} {
		dst = binary.LittleEndian.AppendUint64(dst, m)
	}
	over := byte(0)
	if s.Over {
		over = 1
	}
	dst = append(dst, byte(s.Turn), byte(s.chain), byte(s.dir), over, byte(s.Winner+1), s.Reason, s.quiet)
	return s.hist.AppendKey(dst)
}

// Outcome reports the result once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	return s.Ended(reasonKeys[:])
}

// Pieces appends the piece on site, if any: kind 1 is a king.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	if site < 0 || site >= numSites {
		return dst
	}
	b := uint64(1) << site
	for p := range 2 {
		switch {
		case s.men[p]&b != 0:
			dst = append(dst, rules.Piece{Owner: rules.Player(p), Kind: man})
		case s.kings[p]&b != 0:
			dst = append(dst, rules.Piece{Owner: rules.Player(p), Kind: king})
		}
	}
	return dst
}

func (s *State) occupied() uint64 { return s.men[0] | s.men[1] | s.kings[0] | s.kings[1] }

// manStepTargets returns, for each of the man directions of p (forward, east, west), the
// empty squares p's men may step to that way.
func (s *State) manStepTargets(p rules.Player) (fwd, east, west uint64) {
	empty := ^s.occupied()
	m := s.men[p]
	if p == 0 {
		fwd = m << size & empty
	} else {
		fwd = m >> size & empty
	}
	east = (m &^ fileH) << 1 & empty
	west = (m &^ fileA) >> 1 & empty
	return fwd, east, west
}

// rayRun returns the empty squares from s in direction d up to the first piece, as a mask.
func rayRun(d, s int, occ uint64) uint64 {
	ray := rayMask[d][s]
	block := ray & occ
	if block == 0 {
		return ray
	}
	if d == dirN || d == dirE {
		// Sites grow outwards: keep those below the nearest blocker.
		return ray & (block&-block - 1)
	}
	// Sites shrink outwards: keep those above the nearest blocker.
	return ray &^ (uint64(1)<<(63-bits.LeadingZeros64(block))<<1 - 1)
}

// manJumpers returns p's men that can capture from where they stand.
func (s *State) manJumpers(p rules.Player, men, enemy, empty uint64) uint64 {
	var m uint64
	if p == 0 {
		m = enemy >> size & (empty >> (2 * size))
	} else {
		m = enemy << size & (empty << (2 * size))
	}
	m |= (enemy >> 1) & (empty >> 2) &^ (fileH | fileH>>1)
	m |= (enemy << 1) & (empty << 2) &^ (fileA | fileA<<1)
	return men & m
}

// kingCanJump reports whether the king on k may capture in some direction other than
// the one barred.
func kingCanJump(k, barred int, enemy, empty uint64) bool {
	occ := ^empty
	for d := range 4 {
		if d == barred {
			continue
		}
		run := rayRun(d, k, occ)
		n := bits.OnesCount64(run)
		if int(rayLen[d][k]) < n+2 {
			continue
		}
		over, land := rays[d][k][n], rays[d][k][n+1]
		if enemy>>over&1 != 0 && empty>>land&1 != 0 {
			return true
		}
	}
	return false
}

// canCapture reports whether p has any capture at the start of a turn.
func (s *State) canCapture(p rules.Player) bool {
	enemy := s.men[p.Other()] | s.kings[p.Other()]
	empty := ^s.occupied()
	if s.manJumpers(p, s.men[p], enemy, empty) != 0 {
		return true
	}
	for k := s.kings[p]; k != 0; k &= k - 1 {
		if kingCanJump(bits.TrailingZeros64(k), noDir, enemy, empty) {
			return true
		}
	}
	return false
}

// manBest returns the most captures a man of p on at can still make, enemy and empty
// being the board as it sees it.
func manBest(p rules.Player, at int, enemy, empty uint64) int {
	best := 0
	for _, d := range manDirs[p] {
		if rayLen[d][at] < 2 {
			continue
		}
		over, land := int(rays[d][at][0]), int(rays[d][at][1])
		if enemy>>over&1 == 0 || empty>>land&1 == 0 {
			continue
		}
		if n := 1 + manBest(p, land, enemy&^(1<<over), (empty|1<<at|1<<over)&^(1<<land)); n > best {
			best = n
		}
	}
	return best
}

// kingBest returns the most captures a king on at can still make, its last jump having
// gone in direction last (noDir for none).
func kingBest(at, last int, enemy, empty uint64) int {
	best := 0
	for d := range 4 {
		if last != noDir && d == last^2 {
			continue
		}
		ray := &rays[d][at]
		n := int(rayLen[d][at])
		i := 0
		for i < n && empty>>ray[i]&1 != 0 {
			i++
		}
		if i+1 >= n || enemy>>ray[i]&1 == 0 || empty>>ray[i+1]&1 == 0 {
			continue
		}
		over := uint64(1) << ray[i]
		e2 := enemy &^ over
		for j := i + 1; j < n && empty>>ray[j]&1 != 0; j++ {
			land := int(ray[j])
			if c := 1 + kingBest(land, d, e2, (empty|1<<at|over)&^(1<<land)); c > best {
				best = c
			}
		}
	}
	return best
}

// appendHops appends every single capture of the piece on at (a king when isKing), its
// last jump having gone in direction last, and records in vals the most captures each one
// leads to, itself included.
func (s *State) appendHops(dst []rules.Move, vals []uint8, p rules.Player, at int, isKing bool, last int) ([]rules.Move, []uint8) {
	enemy := s.men[p.Other()] | s.kings[p.Other()]
	empty := ^s.occupied()
	if !isKing {
		for _, d := range manDirs[p] {
			if rayLen[d][at] < 2 {
				continue
			}
			over, land := int(rays[d][at][0]), int(rays[d][at][1])
			if enemy>>over&1 == 0 || empty>>land&1 == 0 {
				continue
			}
			n := 1 + manBest(p, land, enemy&^(1<<over), (empty|1<<at|1<<over)&^(1<<land))
			dst = append(dst, rules.Move{Kind: rules.Jump, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(at), board.Site(land)}})
			vals = append(vals, uint8(n))
		}
		return dst, vals
	}
	for d := range 4 {
		if last != noDir && d == last^2 {
			continue
		}
		ray := &rays[d][at]
		n := int(rayLen[d][at])
		i := 0
		for i < n && empty>>ray[i]&1 != 0 {
			i++
		}
		if i+1 >= n || enemy>>ray[i]&1 == 0 || empty>>ray[i+1]&1 == 0 {
			continue
		}
		over := uint64(1) << ray[i]
		e2 := enemy &^ over
		for j := i + 1; j < n && empty>>ray[j]&1 != 0; j++ {
			land := int(ray[j])
			c := 1 + kingBest(land, d, e2, (empty|1<<at|over)&^(1<<land))
			dst = append(dst, rules.Move{Kind: rules.Jump, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(at), board.Site(land)}})
			vals = append(vals, uint8(c))
		}
	}
	return dst, vals
}

// appendCaptures appends the captures open to the player to move under the maximum
// rule: every first jump (or next jump, in a chain) of a route that takes the most pieces.
// It reports false, appending nothing, when there is no capture.
func (s *State) appendCaptures(dst []rules.Move) ([]rules.Move, bool) {
	p := s.Turn
	var valBuf [64]uint8
	vals := valBuf[:0]
	n0 := len(dst)
	if s.chain >= 0 {
		at := int(s.chain)
		dst, vals = s.appendHops(dst, vals, p, at, s.kings[p]>>at&1 != 0, int(s.dir))
	} else {
		if !s.canCapture(p) {
			return dst, false
		}
		enemy := s.men[p.Other()] | s.kings[p.Other()]
		empty := ^s.occupied()
		jumpers := s.manJumpers(p, s.men[p], enemy, empty) | s.kings[p]
		for ; jumpers != 0; jumpers &= jumpers - 1 {
			at := bits.TrailingZeros64(jumpers)
			dst, vals = s.appendHops(dst, vals, p, at, s.kings[p]>>at&1 != 0, noDir)
		}
	}
	if len(vals) == 0 {
		return dst, false
	}
	best := slices.Max(vals)
	w := n0
	for i, v := range vals {
		if v == best {
			dst[w] = dst[n0+i]
			w++
		}
	}
	return dst[:w], true
}

// LegalMoves appends the legal decisions. When a capture is possible (or a chain goes on)
// they are the jumps allowed by the maximum rule, by starting square, then direction (N,
// E, S, W), then distance. Otherwise they are the steps: the men's steps forward, east and
// west, each by destination, then the kings' steps by king, direction and distance.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	dst, ok := s.appendCaptures(dst)
	if ok {
		return dst
	}
	return s.appendSteps(dst)
}

func (s *State) appendSteps(dst []rules.Move) []rules.Move {
	p := s.Turn
	fwd, east, west := s.manStepTargets(p)
	back := -size
	if p == 1 {
		back = size
	}
	for i, t := range [3]uint64{fwd, east, west} {
		delta := [3]int{back, -1, 1}[i]
		for ; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			dst = append(dst, rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(to + delta), board.Site(to)}})
		}
	}
	occ := s.occupied()
	for k := s.kings[p]; k != 0; k &= k - 1 {
		at := bits.TrailingZeros64(k)
		for d := range 4 {
			run := bits.OnesCount64(rayRun(d, at, occ))
			for i := range run {
				dst = append(dst, rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(at), board.Site(rays[d][at][i])}})
			}
		}
	}
	return dst
}

// direction returns the direction from one square to another on the same rank or file.
func direction(from, to int) int {
	switch {
	case to > from && to/size == from/size:
		return dirE
	case to < from && to/size == from/size:
		return dirW
	case to > from:
		return dirN
	}
	return dirS
}

// Apply plays m, which must be one of LegalMoves.
func (s *State) Apply(m rules.Move) {
	p := s.Turn
	o := p.Other()
	from, to := int(m.Path[0]), int(m.Path[1])
	fb, tb := uint64(1)<<from, uint64(1)<<to
	isKing := s.kings[p]&fb != 0
	if isKing {
		s.kings[p] ^= fb | tb
		s.Zobrist ^= zobrist[zKings+int(p)*numSites+from] ^ zobrist[zKings+int(p)*numSites+to]
	} else {
		s.men[p] ^= fb | tb
		s.Zobrist ^= zobrist[zMen+int(p)*numSites+from] ^ zobrist[zMen+int(p)*numSites+to]
	}
	if s.chain >= 0 {
		s.Zobrist ^= zobrist[zChain+int(s.chain)] ^ zobrist[zDir+int(s.dir)]
		s.chain, s.dir = -1, noDir
	}
	if m.Kind == rules.Step {
		progress := !isKing && (to-from == size || from-to == size)
		s.endTurn(p, to, progress)
		return
	}
	// A jump: the one enemy piece between from and to goes at once.
	d := direction(from, to)
	over := from + dirDelta[d]
	for (s.men[o]|s.kings[o])>>over&1 == 0 {
		over += dirDelta[d]
	}
	ob := uint64(1) << over
	if s.men[o]&ob != 0 {
		s.men[o] &^= ob
		s.Zobrist ^= zobrist[zMen+int(o)*numSites+over]
	} else {
		s.kings[o] &^= ob
		s.Zobrist ^= zobrist[zKings+int(o)*numSites+over]
	}
	enemy := s.men[o] | s.kings[o]
	empty := ^s.occupied()
	var more bool
	if isKing {
		more = kingCanJump(to, d^2, enemy, empty)
	} else {
		more = s.manJumpers(p, tb, enemy, empty) != 0
	}
	if more {
		// The maximum rule chose this jump, so the route goes on from here.
		s.chain, s.dir = int8(to), int8(d)
		s.Zobrist ^= zobrist[zChain+to] ^ zobrist[zDir+d]
		return
	}
	s.endTurn(p, to, true)
}

// endTurn promotes a man that ends its move on the far rank, hands the move over and
// checks whether the game is over. progress is true after a capture or a man's forward
// step, which no later position can undo.
func (s *State) endTurn(p rules.Player, to int, progress bool) {
	tb := uint64(1) << to
	if s.men[p]&tb&farRank[p] != 0 {
		s.men[p] &^= tb
		s.kings[p] |= tb
		s.Zobrist ^= zobrist[zMen+int(p)*numSites+to] ^ zobrist[zKings+int(p)*numSites+to]
	}
	s.Turn = p.Other()
	s.Zobrist ^= zobrist[zSide]
	if progress {
		s.quiet = 0
		s.hist.Reset()
	} else {
		s.quiet++
	}
	s.hist.Push(s.Zobrist)
	s.checkEnd(p)
}

// checkEnd decides whether the game is over after mover's turn.
func (s *State) checkEnd(mover rules.Player) {
	next := s.Turn
	mine := bits.OnesCount64(s.men[mover] | s.kings[mover])
	theirs := bits.OnesCount64(s.men[next] | s.kings[next])
	switch {
	case theirs == 0:
		s.finish(mover, reasonCapturedAll)
	case mine == 1 && theirs == 1:
		s.finish(rules.NoPlayer, reasonOneEach)
	case !s.canMove(next):
		s.finish(mover, reasonNoMoves)
	case s.hist.Count(s.Zobrist) >= repeatLimit:
		s.finish(rules.NoPlayer, reasonRepetition)
	case s.quiet >= quietLimit:
		s.finish(rules.NoPlayer, reasonNoProgress)
	}
}

// canMove reports whether p, to move at the start of a turn, has any legal move.
func (s *State) canMove(p rules.Player) bool {
	fwd, east, west := s.manStepTargets(p)
	if fwd|east|west != 0 {
		return true
	}
	empty := ^s.occupied()
	k := s.kings[p]
	if (k<<size|k>>size|(k&^fileH)<<1|(k&^fileA)>>1)&empty != 0 {
		return true
	}
	return s.canCapture(p)
}

func (s *State) finish(winner rules.Player, reason uint8) {
	s.Finish(winner, reason)
}

// Captures implements rules.CapturePreviewer: a jump takes the one enemy piece between
// its two squares.
func (s *State) Captures(m rules.Move, dst []board.Site) []board.Site {
	if m.Kind != rules.Jump || m.Len != 2 {
		return dst
	}
	from, to := int(m.Path[0]), int(m.Path[1])
	d := direction(from, to)
	occ := s.occupied()
	for at := from + dirDelta[d]; at != to; at += dirDelta[d] {
		if occ>>at&1 != 0 {
			return append(dst, board.Site(at))
		}
	}
	return dst
}

// Prompt implements rules.Prompter: it says when a capture is compulsory, and that a
// chain must go on with the same piece.
func (s *State) Prompt() string {
	switch {
	case s.Over:
		return ""
	case s.chain >= 0:
		return "chain"
	case s.canCapture(s.Turn):
		return "capture"
	}
	return ""
}
