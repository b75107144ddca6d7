package tafl

import (
	"errors"
	"math/bits"

	"koma/rules"
	"koma/rules/board"
)

// The outcome reasons.
const (
	// ReasonKingEscaped: the king reached a winning square; the defenders won.
	ReasonKingEscaped = "king-escaped"
	// ReasonKingCaptured: the attackers captured the king.
	ReasonKingCaptured = "king-captured"
	// ReasonNoMoves: the player to move had no legal move and lost.
	ReasonNoMoves = "no-moves"
	// ReasonRepetition: the mover made a position occur for the third time and lost.
	ReasonRepetition = "repetition"
	// ReasonTurnLimit: MaxTurns turns passed without a result; the game is a draw.
	ReasonTurnLimit = "turn-limit"
)

// The seats.
const (
	attackers rules.Player = 0
	defenders rules.Player = 1
)

// Cell contents, also the piece kinds plus one: a soldier is kind 0, the king kind 1.
const (
	empty uint8 = iota
	attacker
	defender
	king
)

// The ends of a game as the position keeps them, indexes into reasonKeys. They start at
// 1 so that the key's status byte stays 0 for a game in progress.
const (
	kingEscaped uint8 = iota + 1
	kingCaptured
	stuck      // the player to move has no move
	repetition // the last mover made a third occurrence
	turnLimit
)

var reasonKeys = [...]string{
	kingEscaped:  ReasonKingEscaped,
	kingCaptured: ReasonKingCaptured,
	stuck:        ReasonNoMoves,
	repetition:   ReasonRepetition,
	turnLimit:    ReasonTurnLimit,
}

// maxTurns is the app's turn limit (the rulebooks have none): a game still going after
// 400 turns, 200 by each side, is a draw. It also bounds the repetition history, which
// holds the positions since the last capture, the initial one included.
const maxTurns = 400

// The history holds at most maxTurns+1 positions; this fails to compile if it could not.
var _ [512 - (maxTurns + 1)]struct{}

// maxN is the side of the largest board.
const maxN = 9

// The four orthogonal directions.
const (
	north = iota
	east
	south
	west
	numDirs
)

var errOption = errors.New("unsupported option value")

func newCard(id string, opts []rules.OptionSpec, presets []string) *rules.Game {
	return &rules.Game{
		ID:       id,
		Sides:    []rules.Side{{Colour: rules.Black, Role: "attacker"}, {Colour: rules.White, Role: "defender"}},
		Style:    rules.Plain,
		Looks:    []rules.Look{rules.Disc, rules.Crowned},
		Options:  opts,
		Presets:  presets,
		MaxTurns: maxTurns,
		// Alpha-beta beat tree search in self-play, at every level.
		Tuning: rules.Tuning{
			Full:    rules.SearchTuning{Engine: rules.AlphaBetaEngine},
			Blurred: rules.SearchTuning{Engine: rules.AlphaBetaEngine},
		},
	}
}

// The three definition cards.
var (
	// Tablut is the 9×9 game, won on the edge.
	Tablut = newCard("tablut", nil, nil)
	// Brandub is the 7×7 game with 8 attackers and 4 defenders, won in the corners.
	Brandub = newCard("brandub", nil, nil)
	// ArdRi is the 7×7 game with 16 attackers and 8 defenders, won in the corners; its
	// option move=step limits every move to one square.
	ArdRi = newCard("ardri", []rules.OptionSpec{{Key: "move", Values: []string{"rook", "step"}, Default: "rook"}},
		[]string{"", "move=step"})
)

// Games lists the three cards in menu order.
var Games = []*rules.Game{Tablut, Brandub, ArdRi}

// State is a tafl position. It is a plain value: copying it copies the position.
type State struct {
	rules.Status
	v *variant
	// pieces[attackers] holds the attackers, pieces[defenders] the defenders' soldiers
	// and the king.
	pieces [2]bitset
	// In Tablut only (lines finds them from the pieces on the one-word boards), rowOcc[r]
	// has bit c set, and colOcc[c] bit r, for each occupied square (r, c), and
	// for every position beyond the edge of a board smaller than maxN.
	rowOcc, colOcc [maxN]uint16
	cell           [maxN * maxN]uint8
	king           int8
	turns          uint16
	// kept holds the moves of the player to move, found once by Apply (which needs their
	// number to tell whether that player is stuck) and read by RandomMove.
	kept moveSet
	// hist holds the hashes of the positions since the last capture, the current one
	// included: a capture makes every earlier position unreachable.
	hist rules.History[[512]uint64]
}

func newState(v *variant) *State {
	s := &State{Status: rules.Status{Turn: attackers}, v: v, king: -1}
	// The line tables are built for maxN squares: on a smaller board the squares beyond
	// the edge are marked occupied, so no move runs past it.
	pad := uint16(1<<maxN-1) &^ uint16(1<<v.n-1)
	for i := 0; i < v.n; i++ {
		s.rowOcc[i], s.colOcc[i] = pad, pad
	}
	for c := 0; c < v.cells; c++ {
		if k := v.start[c]; k != empty {
			s.put(c, k)
		}
	}
	s.Zobrist = s.ComputeHash()
	s.hist.Push(s.Zobrist)
	s.countMoves()
	return s
}

// put places contents k on the empty site c, without touching the hash.
func (s *State) put(c int, k uint8) {
	s.cell[c] = k
	if !s.v.one {
		g := &s.v.geo[c]
		s.rowOcc[g.r] |= 1 << g.f
		s.colOcc[g.f] |= 1 << g.r
	}
	if k == attacker {
		s.pieces[attackers].flip(c)
	} else {
		s.pieces[defenders].flip(c)
	}
	if k == king {
		s.king = int8(c)
	}
}

// lift empties site c, without touching the hash.
func (s *State) lift(c int) {
	k := s.cell[c]
	s.cell[c] = empty
	if !s.v.one {
		g := &s.v.geo[c]
		s.rowOcc[g.r] &^= 1 << g.f
		s.colOcc[g.f] &^= 1 << g.r
	}
	if k == attacker {
		s.pieces[attackers].flip(c)
	} else {
		s.pieces[defenders].flip(c)
	}
}

// relocate moves contents k of player p from site from to the empty site to in Tablut,
// without touching the hash: lift and put in one, without their branches on the owner.
func (s *State) relocate(from, to int, k uint8, p rules.Player) {
	gf, gt := &s.v.geo[from], &s.v.geo[to]
	s.cell[from], s.cell[to] = empty, k
	s.rowOcc[gf.r] &^= 1 << gf.f
	s.colOcc[gf.f] &^= 1 << gf.r
	s.rowOcc[gt.r] |= 1 << gt.f
	s.colOcc[gt.f] |= 1 << gt.r
	s.pieces[p&1].flip(from)
	s.pieces[p&1].flip(to)
	if k == king {
		s.king = int8(to)
	}
}

// Game returns the definition card.
func (s *State) Game() *rules.Game { return s.v.game }

// Variant returns a copy of the options the position was created with.
func (s *State) Variant() rules.Options {
	o := rules.Options{}
	for k, v := range s.v.opts {
		o[k] = v
	}
	return o
}

// Board returns the square topology.
func (s *State) Board() *board.Topology { return s.v.topo }

// MidTurn is always false: every turn is one move.
func (s *State) MidTurn() bool { return false }

// Outcome reports the winner and the reason once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	return s.Ended(reasonKeys[:])
}

// Pieces appends the piece on site c, if any, to dst.
func (s *State) Pieces(c board.Site, dst []rules.Piece) []rules.Piece {
	if c < 0 || int(c) >= s.v.cells {
		return dst
	}
	switch s.cell[c] {
	case attacker:
		dst = append(dst, rules.Piece{Owner: attackers})
	case defender:
		dst = append(dst, rules.Piece{Owner: defenders})
	case king:
		dst = append(dst, rules.Piece{Owner: defenders, Kind: 1})
	}
	return dst
}

// Marks lists the throne and the winning squares: the corners in the 7×7 games, the 32
// edge squares in Tablut.
func (s *State) Marks(dst []rules.Mark) []rules.Mark { return append(dst, s.v.marks...) }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be a tafl state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes Hash from the position.
func (s *State) ComputeHash() uint64 {
	var h uint64
	for c := 0; c < s.v.cells; c++ {
		if k := s.cell[c]; k != empty {
			h ^= s.v.zob[int(k-1)*s.v.cells+c]
		}
	}
	if s.Turn == defenders {
		h ^= s.v.zob[3*s.v.cells]
	}
	return h
}

// AppendKey appends the variant, the player to move, the result, the turn count, the
// board and the remembered positions to dst.
func (s *State) AppendKey(dst []byte) []byte {
	status := byte(0)
	if s.Over {
		status = s.Reason
	}
	dst = append(dst, s.v.index, byte(s.Turn), status, byte(s.turns), byte(s.turns>>8))
	dst = append(dst, s.cell[:s.v.cells]...)
	return s.hist.AppendKey(dst)
}

// lines returns the occupancy of column f (as row bits) and of row r (as column bits),
// with the positions beyond the edge of a smaller board marked occupied.
func (s *State) lines(r, f int) (col, row uint16) {
	if !s.v.one {
		return s.colOcc[f], s.rowOcc[r]
	}
	const (
		line = 1<<small - 1
		pad  = 1<<maxN - 1 - line
		// colBits holds the first column; colGather moves its square of row i, site 7i,
		// to bit 56+i, and no other product or carry reaches bits 56 to 62 (tried on
		// every column by TestLinesMatchBoard).
		colBits   = 0x40810204081
		colGather = 0x0104104104100000
	)
	occ := s.pieces[attackers].lo | s.pieces[defenders].lo
	row = uint16(occ>>uint(small*r)&line) | pad
	col = uint16((occ>>uint(f)&colBits)*colGather>>56&line) | pad
	return col, row
}

// targets returns the squares the piece on site c can move to in Tablut, from the kept
// line masks: along its column (as row bits) and along its row (as column bits).
func (s *State) targets(c int) (col, row uint16) {
	g := &s.v.geo[c]
	col = s.v.reach[g.r][s.colOcc[g.f]&(1<<maxN-1)]
	row = s.v.reach[g.f][s.rowOcc[g.r]&(1<<maxN-1)]
	if c != int(s.king) {
		col &^= g.fc
		row &^= g.fr
	}
	return col, row
}

// anyTargets is targets on every board: the one-word boards keep no line masks.
func (s *State) anyTargets(c int) (col, row uint16) {
	if !s.v.one {
		return s.targets(c)
	}
	g := &s.v.geo[c]
	col, row = s.lines(int(g.r), int(g.f))
	col = s.v.reach[g.r][col&(1<<maxN-1)]
	row = s.v.reach[g.f][row&(1<<maxN-1)]
	if c != int(s.king) {
		col &^= g.fc
		row &^= g.fr
	}
	return col, row
}

func stepMove(from, to int) rules.Move {
	m := rules.Move{Kind: rules.Step, Len: 2}
	m.Path[0], m.Path[1] = board.Site(from), board.Site(to)
	return m
}

// LegalMoves appends the legal moves to dst. On the 7×7 boards they come by direction
// (every move down the board, then up, left and right), each direction's by the site they
// end on. In Tablut they come by the moving piece's site, then its moves along its column
// from the bottom up, then along its row from left to right.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	if s.v.one {
		return s.appendLineMoves(dst)
	}
	n := s.v.n
	own := s.pieces[s.Turn]
	for w, x := range [2]uint64{own.lo, own.hi} {
		for ; x != 0; x &= x - 1 {
			c := 64*w + bits.TrailingZeros64(x)
			col, row := s.targets(c)
			f, r := c%n, c/n
			for y := uint32(col); y != 0; y &= y - 1 {
				dst = append(dst, stepMove(c, bits.TrailingZeros32(y)*n+f))
			}
			for y := uint32(row); y != 0; y &= y - 1 {
				dst = append(dst, stepMove(c, r*n+bits.TrailingZeros32(y)))
			}
		}
	}
	return dst
}

// friend reports whether contents k belong to player p.
func friend(k uint8, p rules.Player) bool {
	if p == attackers {
		return k == attacker
	}
	return k == defender || k == king
}

// Apply plays m, which must be one of LegalMoves.
func (s *State) Apply(m rules.Move) {
	v := s.v
	if v.one {
		s.applyOne(uint(m.Path[0]), uint(m.Path[1]))
		return
	}
	from, to := int(m.Path[0]), int(m.Path[1])
	k := s.cell[from]
	mover := s.Turn
	s.relocate(from, to, k, mover)
	s.Zobrist ^= v.keys[k&3][from] ^ v.keys[k&3][to] ^ v.sideKey
	// The king is judged on the board the move leaves, before any soldier it encloses is
	// removed: all of a move's captures happen together.
	// Only a move next to the king, or any move while it is on the throne (where the
	// mover may enclose its guard instead), can capture it: kingTaken says no otherwise.
	kg := int(s.king)
	taken := mover == attackers && (kg == v.throne || v.adj[kg].has(to)) && v.kingTaken(&s.cell, kg, to)
	captured := false
	if s.pieces[mover.Other()].and(v.adj[to]) != (bitset{}) && s.anvils(mover).and(v.far[to]) != (bitset{}) {
		var caught [numDirs]int8
		nc := v.encloses(&s.cell, to, mover, &caught)
		for _, a := range caught[:nc] {
			s.Zobrist ^= v.keys[s.cell[a]&3][a]
			s.lift(int(a))
		}
		captured = nc > 0
	}
	s.Turn = mover.Other()
	s.turns++
	switch {
	case k == king && v.win.has(to):
		s.Finish(defenders, kingEscaped)
		return
	case taken:
		s.Finish(attackers, kingCaptured)
		return
	}
	if captured {
		s.hist.Reset()
	}
	seen := s.hist.Count(s.Zobrist)
	s.hist.Push(s.Zobrist)
	switch {
	case seen >= 2:
		// The last mover, who made the third occurrence, loses.
		s.Finish(s.Turn, repetition)
	case s.turns >= maxTurns:
		s.Finish(rules.NoPlayer, turnLimit)
	case s.countMoves() == 0:
		// The player to move has no move and loses.
		s.Finish(s.Turn.Other(), stuck)
	}
}

// applyOne is Apply on the one-word (7×7) boards, whose playouts it dominates: every set
// is one word and every site below 64, so it needs no bounds checks, and the tests that
// decide whether a move can capture are a few masks.
func (s *State) applyOne(from, to uint) {
	v := s.v
	from, to = from&63, to&63
	mover := s.Turn & 1
	// The sets and the hash stay in registers until the end; stored and loaded back at
	// each step, they would wait on the store every time.
	own, foe := s.pieces[mover].lo, s.pieces[mover^1].lo
	k := s.cell[from]
	s.cell[from], s.cell[to] = empty, k
	own ^= 1<<from | 1<<to
	kg := uint(s.king) & 63
	if k == king {
		kg = to
	}
	s.king = int8(kg)
	hash := s.Zobrist ^ v.keys[k&3][from] ^ v.keys[k&3][to] ^ v.sideKey
	// The king is judged on the board the move leaves, before any soldier it encloses is
	// removed: all of a move's captures happen together. Only a move next to the king,
	// or any move while it is on the throne, can capture it, and never with fewer than
	// two of its neighbours attackers or corners (one beside a corner, two beside the
	// throne, three or four on it): kingTaken says no otherwise.
	taken := false
	if mover == attackers {
		near := (own | v.hostile.lo) & v.adj[kg].lo
		taken = near&(near-1) != 0 && (int(kg) == v.throne || v.adj[kg].lo>>to&1 != 0) &&
			v.kingTaken(&s.cell, int(kg), int(to))
	}
	// Captures are found by shifts of the board, without a branch on the neighbours.
	anvil := own | v.hostile.lo | v.throneBit&^(own|foe)
	x := enclosedOne(int(to), anvil, foe&^(1<<kg), v.inner)
	foe &^= x
	s.pieces[mover].lo, s.pieces[mover^1].lo = own, foe
	captured := x != 0
	for ; x != 0; x &= x - 1 {
		a := uint(bits.TrailingZeros64(x)) & 63
		hash ^= v.keys[s.cell[a]&3][a]
		s.cell[a] = empty
	}
	s.Zobrist = hash
	s.Turn = mover ^ 1
	s.turns++
	// The end of the move repeats Apply's on purpose: sharing it through a helper that
	// reads the hash back from the state measured 3–5% slower (cpu ratio 0.469–0.473
	// against 0.478–0.500, alternating runs, 2026-11-27).
	switch {
	case k == king && v.win.lo>>to&1 != 0:
		s.Finish(defenders, kingEscaped)
		return
	case taken:
		s.Finish(attackers, kingCaptured)
		return
	}
	if captured {
		s.hist.Reset()
	}
	seen := s.hist.Count(hash)
	s.hist.Push(hash)
	switch {
	case seen >= 2:
		// The last mover, who made the third occurrence, loses.
		s.Finish(s.Turn, repetition)
	case s.turns >= maxTurns:
		s.Finish(rules.NoPlayer, turnLimit)
	case v.step:
		// keepLines, written out: the next player's pieces are at hand, its king (the
		// king moves with the defenders) included.
		var kb uint64
		if mover == attackers {
			kb = 1 << kg
		}
		free := v.all &^ (own | foe)
		if s.kept.keepDirs(stepTargets(foe&^kb, kb, free, v.stop, v.notFirst, v.notLast)) == 0 {
			// The player to move has no move and loses.
			s.Finish(s.Turn.Other(), stuck)
		}
	case s.keepLines() == 0:
		// The player to move has no move and loses.
		s.Finish(s.Turn.Other(), stuck)
	}
}

// anvils returns the squares against which mover's pieces enclose an enemy soldier: the
// mover's own pieces (the king among the defenders), the corners and the empty throne.
func (s *State) anvils(mover rules.Player) bitset {
	b := s.pieces[mover].or(s.v.hostile)
	if s.cell[s.v.throne] == empty {
		b.flip(s.v.throne)
	}
	return b
}

// enclosedOne is encloses on a one-word board: it returns the enemy soldiers that a piece
// just arrived on site to encloses against an anvil of its side (see anvils), as a set.
// The anvil beyond a neighbour is shifted onto it; a sideways enclosure needs both on one
// row, so the neighbour stands in an inner column (inner).
func enclosedOne(to int, anvil, enemy, inner uint64) uint64 {
	t := uint64(1) << uint(to)
	x := t>>small&(anvil<<small) | t<<small&(anvil>>small) | (t>>1&(anvil<<1)|t<<1&(anvil>>1))&inner
	return x & enemy
}

// encloses writes to caught the enemy soldiers that the mover's piece, just arrived on
// site to of the board cell, encloses against a piece of the mover or a hostile square,
// and returns how many there are.
func (v *variant) encloses(cell *[maxN * maxN]uint8, to int, mover rules.Player, caught *[numDirs]int8) int {
	enemy := attacker
	if mover == attackers {
		enemy = defender
	}
	nc := 0
	for d := 0; d < numDirs; d++ {
		a := v.nb[to][d]
		if a < 0 || cell[a] != enemy {
			continue
		}
		b := int(v.nb[a][d])
		if b < 0 {
			continue
		}
		if friend(cell[b], mover) || (b == v.throne && cell[b] == empty) || v.isCorner(b) {
			caught[nc] = a
			nc++
		}
	}
	return nc
}

// kingTaken reports whether the attacker that just moved to site to of the board cell
// captures the king, which stands on kg.
func (v *variant) kingTaken(cell *[maxN * maxN]uint8, kg, to int) bool {
	nb := &v.nb[kg]
	adjacent := nb[0] == int8(to) || nb[1] == int8(to) || nb[2] == int8(to) || nb[3] == int8(to)
	switch {
	case kg == v.throne:
		// Four attackers around the throne, or three and a defending soldier that is
		// itself enclosed on its other three sides; the mover is one of the enclosers.
		guard := -1
		for d := 0; d < numDirs; d++ {
			switch cell[nb[d]] {
			case attacker:
			case defender:
				if guard >= 0 {
					return false
				}
				guard = int(nb[d])
			default:
				return false
			}
		}
		if guard < 0 {
			return adjacent
		}
		inner := false
		for d := 0; d < numDirs; d++ {
			a := int(v.nb[guard][d])
			if a == kg {
				continue
			}
			if cell[a] != attacker {
				return false
			}
			inner = inner || a == to
		}
		return adjacent || inner
	case nb[0] == int8(v.throne) || nb[1] == int8(v.throne) || nb[2] == int8(v.throne) || nb[3] == int8(v.throne):
		// Beside the throne: attackers on the other three sides.
		if !adjacent {
			return false
		}
		for d := 0; d < numDirs; d++ {
			if a := int(nb[d]); a != v.throne && cell[a] != attacker {
				return false
			}
		}
		return true
	case !adjacent:
		return false
	}
	// Elsewhere: enclosed between the mover and an attacker or an escape beyond.
	for d := 0; d < numDirs; d++ {
		if int(nb[d]) == to {
			b := int(nb[(d+2)%numDirs])
			return b >= 0 && (cell[b] == attacker || v.isCorner(b))
		}
	}
	return false
}
