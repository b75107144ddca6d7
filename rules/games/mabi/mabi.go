package mabi

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"

	"koma/rules"
	"koma/rules/board"
)

const gameID = "mabi"

// Game is the definition card of Mabi.
var Game = &rules.Game{
	ID:    gameID,
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.Checkered,
	Looks: []rules.Look{rules.Disc},
	// The turn limit ends every game (our rule; see the package doc).
	MaxTurns: turnLimit,
	New:      newState,
	// Alpha-beta over the group evaluation beat tree search in self-play, at every level.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Engine: rules.AlphaBetaEngine},
		Blurred: rules.SearchTuning{Engine: rules.AlphaBetaEngine},
	},
}

const (
	size     = 8
	numSites = size * size
	// turnLimit is the number of turns, both players' together and passes included,
	// after which the game ends and is scored as if both players had passed.
	turnLimit = 250
	// maxRepeated is the room for boards that occurred twice; random games rarely have
	// more, and a game that has falls back on the filter of twice-seen boards.
	maxRepeated = 16

	fileA uint64 = 0x0101010101010101
	fileH        = fileA << 7
	rank1 uint64 = 0xff
	rank8        = rank1 << 56
	// edge is the ring of squares on the border of the board.
	edge = fileA | fileH | rank1 | rank8
)

// Setup is the starting position, rank 8 first, one token per square: W for White, B for
// Black, . for empty. It is a reconstruction (see the package comment): the rulebook's
// diagram was lost, and this layout satisfies everything its text fixes. It is data, so the
// real diagram can replace it without touching the rules; it must give White at least one
// piece on the edge.
const Setup = `
. B . B . B . B
W . W . W . W .
. B . B . B . B
W . W . W . W .
. B . B . B . B
W . W . W . W .
. B . B . B . B
W . W . W . W .`

// The outcome reasons, stored as small codes so that State holds no strings.
const (
	reasonNone uint8 = iota
	reasonLarger
	reasonTieBreak
	reasonTie
	reasonTurnLimit
)

var reasonKeys = [...]string{
	reasonNone:      "",
	reasonLarger:    "larger-group",
	reasonTieBreak:  "tie-break",
	reasonTie:       "tie",
	reasonTurnLimit: "turn-limit",
}

// Zobrist key layout: the pieces of each player, Black to move, then the player locked
// out by a pass.
const (
	zPieces = 0
	zSide   = 2 * numSites
	zLock   = zSide + 1
	zCount  = zLock + 2
)

// dirDelta is the change of site index one square in each direction: N, E, S, W.
var dirDelta = [4]int{size, 1, -size, -1}

var (
	topo    = board.NewSquare(size, size)
	zobrist = board.NewZobrist(gameID, zCount)
	initial State
)

func init() {
	w, b, err := parseSetup(Setup)
	if err != nil {
		panic(err)
	}
	initial = State{Status: rules.Status{Winner: rules.NoPlayer}, pieces: [2]uint64{w, b}, lock: rules.NoPlayer}
	initial.regroup(0)
	initial.regroup(1)
	initial.board = initial.boardHash()
	initial.Zobrist = initial.ComputeHash()
	initial.record()
}

// parseSetup reads a position in the format of Setup.
func parseSetup(text string) (white, black uint64, err error) {
	rows := strings.Split(strings.TrimSpace(text), "\n")
	if len(rows) != size {
		return 0, 0, fmt.Errorf("mabi: setup has %d ranks", len(rows))
	}
	for i, row := range rows {
		tokens := strings.Fields(row)
		if len(tokens) != size {
			return 0, 0, fmt.Errorf("mabi: rank %d of the setup has %d squares", size-i, len(tokens))
		}
		for col, tok := range tokens {
			bit := uint64(1) << ((size-1-i)*size + col)
			switch tok {
			case "W":
				white |= bit
			case "B":
				black |= bit
			case ".":
			default:
				return 0, 0, fmt.Errorf("mabi: bad square %q in the setup", tok)
			}
		}
	}
	if bits.OnesCount64(white) > 2*size || bits.OnesCount64(black) > 2*size {
		// The size planes hold group sizes up to 16.
		return 0, 0, fmt.Errorf("mabi: the setup has more than %d pieces of a colour", 2*size)
	}
	if white&edge == 0 {
		return 0, 0, fmt.Errorf("mabi: the setup gives White no piece on the edge")
	}
	return white, black, nil
}

func newState(rules.Options) (rules.State, error) {
	st := initial
	return &st, nil
}

// dilate returns the squares orthogonally next to a square of x, not counting x itself
// unless a square of x is next to another.
func dilate(x uint64) uint64 {
	return x<<size | x>>size | (x&^fileH)<<1 | (x&^fileA)>>1
}

// fill returns the group of the pieces in own that holds seed: every square of own
// connected to it by orthogonal steps.
func fill(seed, own uint64) uint64 {
	g := seed
	for {
		n := (g | dilate(g)) & own
		if n == g {
			return g
		}
		g = n
	}
}

// bloomBit is the bit a board hash sets in the filter of twice-seen boards, which spares
// most repetition look-ups of the steps tried.
func bloomBit(h uint64) (int, uint64) { return int(h >> 62), 1 << (h >> 56 & 63) }

// State is a Mabi position. Pieces are bitmasks over the 64 squares (bit s is site s,
// numbered row*8+col as board.NewSquare numbers them), so copying a State copies
// everything it owns.
type State struct {
	rules.Status
	pieces [2]uint64
	// hash covers the board, the player to move and the lock; board covers the board
	// alone, which is what the repetition rule compares.
	hash, board uint64
	// twice is a filter over the boards of the history that occurred at least twice: the
	// bloomBit of each. It spares the scan of the history for the steps tried once the
	// list below overflows; AppendKey leaves it out, since the history determines it.
	twice [4]uint64
	// repeated holds the pieces of the first boards of the history that occurred twice,
	// nrep of them, or more than fit when nrep exceeds its length. A step that makes one
	// of them is found by comparing masks, with no hash per step; the list too is
	// derived from the history and left out of the key.
	repeated [maxRepeated][2]uint64
	nrep     uint8
	// formed[s] is the turn at which the group of the piece on s was formed: the turn its
	// membership last changed, or 0 for a group untouched since the start.
	formed [numSites]uint16
	// planes[p][b] holds bit b of the size less one of the group of each of p's pieces,
	// kept up to date by Apply, so that paralysis and the largest groups are a few bit
	// operations with no list of groups to maintain. Sizes 1 to 16 fit in four planes,
	// and a lone piece, the commonest, is all zeros, so a lone step touches no plane.
	// The pieces determine the planes, so neither the hash nor the key includes them.
	planes [2][4]uint64
	// hist holds the board of the initial position and of the position after every step.
	hist rules.History[[256]uint64]
	// lock is the player who passed and may not take a turn until the other passes too,
	// or rules.NoPlayer.
	lock rules.Player
	// turns counts the turns played, both players' together, passes included.
	turns uint16
	// soloSize is the size of the largest group the player moving alone has had since the
	// other passed, and soloGrown the turn at which it last grew. Only NamedMove reads them;
	// the moves determine them, so neither the hash nor the key includes them.
	soloSize  uint8
	soloGrown uint16
}

// Game returns the Mabi definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns the options: the game has none.
func (s *State) Variant() rules.Options { return rules.Options{} }

// Board returns the 8×8 board.
func (s *State) Board() *board.Topology { return topo }

// MidTurn is always false: every decision is a whole turn.
func (s *State) MidTurn() bool { return false }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be a Mabi state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

func (s *State) boardHash() uint64 {
	var h uint64
	for p := range 2 {
		for m := s.pieces[p]; m != 0; m &= m - 1 {
			h ^= zobrist[zPieces+p*numSites+bits.TrailingZeros64(m)]
		}
	}
	return h
}

// ComputeHash recomputes the hash from the pieces, the player to move and the lock.
func (s *State) ComputeHash() uint64 {
	h := s.boardHash()
	if s.Turn == 1 {
		h ^= zobrist[zSide]
	}
	if s.lock >= 0 {
		h ^= zobrist[zLock+int(s.lock)]
	}
	return h
}

// AppendKey encodes the full state: pieces, player to move, lock, result, the number of
// turns, the formation turn of every piece's group and the boards of the history.
func (s *State) AppendKey(dst []byte) []byte {
	for _, m := range s.pieces {
		dst = binary.LittleEndian.AppendUint64(dst, m)
	}
	over := byte(0)
	if s.Over {
		over = 1
	}
	dst = append(dst, byte(s.Turn), byte(s.lock+1), over, byte(s.Winner+1), s.Reason, byte(s.turns), byte(s.turns>>8))
	for m := s.pieces[0] | s.pieces[1]; m != 0; m &= m - 1 {
		f := s.formed[bits.TrailingZeros64(m)]
		dst = append(dst, byte(f), byte(f>>8))
	}
	return s.hist.AppendKey(dst)
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

// regroup computes p's size planes from scratch.
func (s *State) regroup(p rules.Player) {
	s.planes[p] = [4]uint64{}
	for rest := s.pieces[p]; rest != 0; {
		grp := fill(rest&-rest, rest)
		rest &^= grp
		setPlanes(&s.planes[p], grp)
	}
}

// setPlanes writes the size of grp, less one, into the size planes for its pieces.
func setPlanes(pl *[4]uint64, grp uint64) {
	n := bits.OnesCount64(grp) - 1
	for b := range 4 {
		pl[b] |= grp & -uint64(n>>b&1)
	}
}

// largestOf returns the size of the largest group among the pieces in among, whose size
// planes are pl (the planes of one player, or of both together), and the pieces of that
// size: one or more whole groups. It is 0 and 0 without pieces.
func largestOf(pl [4]uint64, among uint64) (size int, pieces uint64) {
	if among == 0 {
		return 0, 0
	}
	return largestIn(pl, among)
}

// largestIn is largestOf for a nonempty among. Plane by plane from the top bit, it keeps
// the pieces whose size has the largest prefix so far; unrolled, each plane is a
// conditional move rather than a loop.
func largestIn(pl [4]uint64, among uint64) (size int, pieces uint64) {
	top := 1
	if x := among & pl[3]; x != 0 {
		among, top = x, top+8
	}
	if x := among & pl[2]; x != 0 {
		among, top = x, top+4
	}
	if x := among & pl[1]; x != 0 {
		among, top = x, top+2
	}
	if x := among & pl[0]; x != 0 {
		among, top = x, top+1
	}
	return top, among
}

// frozen returns the single largest group of the board, or 0 when two or more groups
// share the largest size.
func (s *State) frozen() uint64 {
	a, b := &s.planes[0], &s.planes[1]
	n, at := largestIn([4]uint64{a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]}, s.pieces[0]|s.pieces[1])
	// The pieces of the largest size are whole groups: exactly one when they number
	// the size.
	if bits.OnesCount64(at) == n {
		return at
	}
	return 0
}

// paralysed returns p's pieces next to an enemy group larger than their own group.
func (s *State) paralysed(p rules.Player) uint64 {
	return s.paralysedAmong(p, s.pieces[p])
}

// paralysedAmong returns the paralysed pieces of p among own, a subset of p's pieces. For
// each direction it brings the size planes of the enemy's neighbouring pieces onto p's
// squares and compares them with p's own sizes, bit plane by bit plane: an empty square
// reads as size 1, like a lone enemy piece, and neither exceeds a piece's own size.
func (s *State) paralysedAmong(p rules.Player, own uint64) uint64 {
	e := &s.planes[p.Other()]
	m := &s.planes[p]
	e0, e1, e2, e3 := e[0], e[1], e[2], e[3]
	m0, m1, m2, m3 := m[0], m[1], m[2], m[3]
	if e0|e1|e2|e3 == 0 {
		// The enemy has lone pieces only, which paralyse nothing.
		return 0
	}
	greater := func(n0, n1, n2, n3 uint64) uint64 {
		gt := n3 &^ m3
		eq := ^(n3 ^ m3)
		gt |= eq & n2 &^ m2
		eq &^= n2 ^ m2
		gt |= eq & n1 &^ m1
		eq &^= n1 ^ m1
		return gt | eq&n0&^m0
	}
	out := greater(e0>>size, e1>>size, e2>>size, e3>>size)
	out |= greater(e0<<size, e1<<size, e2<<size, e3<<size)
	out |= greater((e0&^fileA)>>1, (e1&^fileA)>>1, (e2&^fileA)>>1, (e3&^fileA)>>1)
	out |= greater((e0&^fileH)<<1, (e1&^fileH)<<1, (e2&^fileH)<<1, (e3&^fileH)<<1)
	return out & own
}

// moversOf returns the pieces of p that could step if p were to move: not paralysed, not
// in the single largest group, and on White's first turn only those on the edge.
func (s *State) moversOf(p rules.Player) uint64 {
	// Only pieces with an empty neighbour could step at all; paralysis is looked up for
	// those alone.
	m := s.pieces[p] & dilate(^(s.pieces[0] | s.pieces[1])) &^ s.frozen()
	if s.turns == 0 && p == 0 {
		m &= edge
	}
	return m &^ s.paralysedAmong(p, m)
}

// targets returns, for each direction, the squares the player to move may step to that
// way: every square is the end of exactly one move, since the direction fixes where it
// came from. Steps that would make a board occur for the third time are left out.
func (s *State) targets(out *[4]uint64) { s.targetsOf(s.Turn, out) }

// targetsOf is targets for p, as if p were to move: the evaluation asks it of both
// players.
func (s *State) targetsOf(p rules.Player, out *[4]uint64) {
	m := s.moversOf(p)
	empty := ^(s.pieces[0] | s.pieces[1])
	out[0] = m << size & empty
	out[1] = (m &^ fileH) << 1 & empty
	out[2] = m >> size & empty
	out[3] = (m &^ fileA) >> 1 & empty
	if s.nrep == 0 {
		return
	}
	if s.nrep <= maxRepeated {
		// The step reaching a repeated board leaves the opponent's pieces as they are
		// and changes two of the mover's squares, the one left and the one entered; it
		// is left out of the targets of its direction, if there at all.
		own, other := s.pieces[p], s.pieces[p.Other()]
		for _, r := range s.repeated[:s.nrep] {
			diff := r[p] ^ own
			if r[p.Other()] != other || bits.OnesCount64(diff) != 2 {
				continue
			}
			from, to := diff&own, diff&^own
			out[0] &^= from << size & to
			out[1] &^= (from &^ fileH) << 1 & to
			out[2] &^= from >> size & to
			out[3] &^= (from &^ fileA) >> 1 & to
		}
		return
	}
	base := int(p) * numSites
	for d := range 4 {
		for t := out[d]; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			h := s.board ^ zobrist[zPieces+base+to-dirDelta[d]] ^ zobrist[zPieces+base+to]
			if i, bit := bloomBit(h); s.twice[i]&bit != 0 && s.hist.Count(h) >= 2 {
				out[d] &^= 1 << to
			}
		}
	}
}

// canPass reports whether the player to move may pass: always, except on White's first
// turn while White has a step to make.
func (s *State) canPass(n int) bool { return s.turns != 0 || n == 0 }

// LegalMoves appends the legal decisions: the steps by direction (N, E, S, W) and then by
// landing square, then Pass.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	var t [4]uint64
	s.targets(&t)
	n := len(dst)
	for d, m := range t {
		for ; m != 0; m &= m - 1 {
			to := bits.TrailingZeros64(m)
			dst = append(dst, rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(to - dirDelta[d]), board.Site(to)}})
		}
	}
	if s.canPass(len(dst) - n) {
		dst = append(dst, rules.Move{Kind: rules.Pass})
	}
	return dst
}

// Apply plays m, which must be one of LegalMoves.
func (s *State) Apply(m rules.Move) {
	p := s.Turn
	s.turns++
	if m.Kind == rules.Pass {
		if s.lock == p.Other() {
			s.finish()
			return
		}
		// The passer is locked out until the other player passes too.
		s.setLock(p)
		s.Turn = p.Other()
		n, _ := largestOf(s.planes[s.Turn], s.pieces[s.Turn])
		s.soloSize, s.soloGrown = uint8(n), s.turns
		s.Zobrist ^= zobrist[zSide]
		s.checkLimit()
		return
	}
	from, to := int(m.Path[0]), int(m.Path[1])
	s.step(p, from, to)
	if s.lock != p.Other() {
		s.Turn = p.Other()
		s.Zobrist ^= zobrist[zSide]
	} else if n, _ := largestOf(s.planes[p], s.pieces[p]); n > int(s.soloSize) {
		s.soloSize, s.soloGrown = uint8(n), s.turns
	}
	s.checkLimit()
}

// step moves p's piece from one square to the next, keeps the formation turns of the
// groups (a group whose membership changed is formed now) and records the new board.
func (s *State) step(p rules.Player, from, to int) {
	own := s.pieces[p]
	fb, tb := uint64(1)<<from, uint64(1)<<to
	after := own ^ fb ^ tb
	s.pieces[p] = after
	z := zobrist[zPieces+int(p)*numSites+from] ^ zobrist[zPieces+int(p)*numSites+to]
	s.Zobrist ^= z
	s.board ^= z
	s.formed[to] = s.formed[from]
	// A lone piece that stays alone keeps its group, and its size planes are zero on
	// both squares.
	if dilate(fb)&own == 0 && dilate(tb)&after == 0 {
		s.record()
		return
	}
	// Otherwise only the piece's old group and the groups it joins change. Compare the
	// group before and after, with the moved piece counted on its old square; a group
	// whose membership changed is formed now.
	before := fill(fb, own)
	now := fill(tb, after)
	if now^tb|fb != before {
		t := s.turns
		for x := before&^fb | now; x != 0; x &= x - 1 {
			s.formed[bits.TrailingZeros64(x)] = t
		}
	}
	// Clear the planes of the old group and of the groups merged into the new one, then
	// write the new group and the pieces of the old one it left behind, which may have
	// split: each of those is a group of its own within them, since every friendly
	// neighbour of the old group was in it.
	pl := &s.planes[p]
	changed := before | now
	for b := range 4 {
		pl[b] &^= changed
	}
	setPlanes(pl, now)
	for rest := before &^ fb &^ now; rest != 0; {
		grp := fill(rest&-rest, rest)
		rest &^= grp
		setPlanes(pl, grp)
	}
	s.record()
}

// record adds the board to the history, and to the boards seen twice when it is its
// second occurrence.
func (s *State) record() {
	h := s.board
	if s.hist.Count(h) == 1 {
		i, bit := bloomBit(h)
		s.twice[i] |= bit
		if s.nrep < maxRepeated {
			s.repeated[s.nrep] = s.pieces
		}
		if s.nrep <= maxRepeated {
			s.nrep++
		}
	}
	s.hist.Push(h)
}

func (s *State) setLock(p rules.Player) {
	if s.lock >= 0 {
		s.Zobrist ^= zobrist[zLock+int(s.lock)]
	}
	s.lock = p
	if p >= 0 {
		s.Zobrist ^= zobrist[zLock+int(p)]
	}
}

func (s *State) checkLimit() {
	if s.turns >= turnLimit {
		s.finish()
		s.Reason = reasonTurnLimit
	}
}

// Largest returns the size of p's largest group and the earliest turn at which one of p's
// groups of that size was formed.
func (s *State) Largest(p rules.Player) (size int, formed int) {
	size, at := largestOf(s.planes[p], s.pieces[p])
	if size == 0 {
		return 0, -1
	}
	// Every piece of a group holds the group's formation turn.
	formed = -1
	for ; at != 0; at &= at - 1 {
		if f := int(s.formed[bits.TrailingZeros64(at)]); formed < 0 || f < formed {
			formed = f
		}
	}
	return size, formed
}

// finish ends the game: the larger largest group wins; with equal sizes, the group formed
// earlier.
func (s *State) finish() {
	s.Over = true
	a, fa := s.Largest(0)
	b, fb := s.Largest(1)
	switch {
	case a > b:
		s.Winner, s.Reason = 0, reasonLarger
	case b > a:
		s.Winner, s.Reason = 1, reasonLarger
	case fa < fb:
		s.Winner, s.Reason = 0, reasonTieBreak
	case fb < fa:
		s.Winner, s.Reason = 1, reasonTieBreak
	default:
		s.Winner, s.Reason = rules.NoPlayer, reasonTie
	}
}

// Outcome reports the result once the game is over, with each player's largest group as
// the score.
func (s *State) Outcome() (rules.Outcome, bool) {
	if !s.Over {
		return rules.Outcome{}, false
	}
	a, _ := s.Largest(0)
	b, _ := s.Largest(1)
	o := rules.Scores(reasonKeys[s.Reason], a, b)
	o.Winner = s.Winner
	return o, true
}

// Marks implements rules.Marker: the paralysed pieces of both players.
func (s *State) Marks(dst []rules.Mark) []rules.Mark {
	if s.Over {
		return dst
	}
	par := s.paralysed(0) | s.paralysed(1)
	for ; par != 0; par &= par - 1 {
		dst = append(dst, rules.Mark{Site: board.Site(bits.TrailingZeros64(par)), Kind: rules.Paralysed, Owner: rules.NoPlayer})
	}
	return dst
}

// Prompt implements rules.Prompter: it tells the player on White's first turn to move an
// edge piece, and a player whose opponent has passed that they keep moving until they
// pass too.
func (s *State) Prompt() string {
	switch {
	case s.Over:
		return ""
	case s.turns == 0:
		return "first-move"
	case s.lock == s.Turn.Other():
		return "opponent-passed"
	}
	return ""
}

// WhyNot implements rules.Explainer: why the player's own piece on path[0] may not make
// the step tried.
func (s *State) WhyNot(path []board.Site) string {
	if s.Over || len(path) == 0 {
		return ""
	}
	from := path[0]
	if from < 0 || from >= numSites || s.pieces[s.Turn]>>from&1 == 0 {
		return ""
	}
	bit := uint64(1) << from
	switch {
	case s.turns == 0 && bit&edge == 0:
		return "first-move"
	case s.paralysed(s.Turn)&bit != 0:
		return "paralysed"
	case s.frozen()&bit != 0:
		return "largest"
	}
	if len(path) == 2 {
		to := path[1]
		if to >= 0 && to < numSites && dilate(bit)>>to&1 != 0 && (s.pieces[0]|s.pieces[1])>>to&1 == 0 {
			return "repetition"
		}
	}
	return ""
}
