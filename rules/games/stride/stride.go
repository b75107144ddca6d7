package stride

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// Game is the definition card of Stride.
var Game = &rules.Game{
	ID:      "stride",
	Sides:   []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style:   rules.HexCells,
	Looks:   []rules.Look{rules.Disc},
	Presets: []string{""},
	// Every capture removes at least one of the 2·piecesEach pieces and resets the quiet
	// count, and QuietLimit turns without one draw the game: no game outlasts this.
	MaxTurns: (2*piecesEach + 1) * QuietLimit,
	New:      newGame,
}

const (
	// side is the rulebook's board: 5 cells per side.
	side     = 5
	numCells = 3*side*side - 3*side + 1
	// piecesEach is the number of pieces each player starts with (rulebook). Stacks never
	// mix colours, so no stack is taller than this.
	piecesEach = 13
	// QuietLimit is the number of turns in a row without a capture after which the game is
	// drawn (our rule, see the package documentation).
	QuietLimit = 100
)

// setup is the reconstructed initial position (see the package comment; no source shows
// it): the cells of each player's pieces, White then Black. It is data so that it can be
// corrected once the rulebook's diagram is seen.
var setup = [2][]string{
	{"d2", "e2", "f2", "g2", "h2", "i2", "c3", "d3", "e3", "f3", "g3", "h3", "i3"},
	{"a7", "b7", "c7", "d7", "e7", "f7", "g7", "a8", "b8", "c8", "d8", "e8", "f8"},
}

// goals is each player's goal cells, White then Black: the far row, the opponent's back
// row, which the reconstructed setup leaves empty (see the package comment).
var goals = [2][]string{
	{"a9", "b9", "c9", "d9", "e9"},
	{"e1", "f1", "g1", "h1", "i1"},
}

// The end reasons, as the rules texts name them.
const (
	reasonNone uint8 = iota
	reasonGoal
	reasonNoMoves
	reasonRepetition
	reasonQuiet
)

var reasonKeys = [...]string{"", "goal", "no-moves", "repetition", "quiet"}

var topology = board.NewHex(side)

// The tables below are built once from the topology and the setup data.
var (
	// over[c][d] is the neighbour of c in direction d (board.HexE order), land[c][d] the
	// cell beyond it, or -1.
	over, land [numCells][6]int8
	// row[c] is the row of c counted from 0 at the bottom (White's back row).
	row [numCells]int8
	// startOwn and goalMask hold the setup and the goal cells, per player.
	startOwn, goalMask [2]uint64
	// forward[p] has bit d set when direction d is diagonally forward for p: NE and NW
	// for White, who sits at row 1; SW and SE for Black (see the package comment).
	forward = [2]uint8{1<<board.HexNE | 1<<board.HexNW, 1<<board.HexSW | 1<<board.HexSE}
	// zobrist holds a key per colour, cell and height, then one for Black to move.
	zobrist = board.NewZobrist("stride", 2*numCells*piecesEach+1)
	// dirTo[c][t] is the direction of a jump from c that lands on t, or -1, so that Apply
	// checks a move without trying the six directions.
	dirTo [numCells][numCells]int8
	// jumpMove[c][d] is the move that jumps from c in direction d, built once, so that
	// RandomMove copies a ready move instead of filling one in on every turn.
	jumpMove [numCells][6]rules.Move
	// nthDir[j][k] is the k-th direction (from 0) of the direction mask j, so that
	// RandomMove picks a jump without clearing bits one by one.
	nthDir [64][6]uint8
	// overMask[d][i] holds the cells that have a landing cell in direction d and whose
	// neighbour that way lies overDist[d%3][i] cell numbers away; landMask[d][i] likewise
	// for the landing cell and landDist. jumpSets shifts masks by these distances.
	overMask, landMask [6][4]uint64
)

// overDist and landDist are the distances in cell numbers from a cell to its neighbour and
// to the cell beyond in directions E, NE and NW; W, SW and SE go the same distances down.
// Cells are numbered row by row and the rows differ in length, so a step is not one shift:
// the cells fall into at most four groups, one per distance, and each group is one masked
// shift. That tests a direction for all pieces at once instead of cell by cell, where the
// playouts spent most of their time. jumpSets repeats these numbers as constants, so that
// the compiler emits immediate shifts; init checks that every cell's step is among them.
var (
	overDist = [3][4]int{{1, 1, 1, 1}, {6, 7, 8, 9}, {5, 6, 7, 8}}
	landDist = [3][4]int{{2, 2, 2, 2}, {13, 15, 17, 18}, {11, 13, 15, 16}}
)

// up returns the cells of m[i] whose partner, dᵢ cell numbers higher, is in x.
func up(x uint64, m *[4]uint64, d0, d1, d2, d3 uint) uint64 {
	return x>>d0&m[0] | x>>d1&m[1] | x>>d2&m[2] | x>>d3&m[3]
}

// down returns the cells of m[i] whose partner, dᵢ cell numbers lower, is in x.
func down(x uint64, m *[4]uint64, d0, d1, d2, d3 uint) uint64 {
	return x<<d0&m[0] | x<<d1&m[1] | x<<d2&m[2] | x<<d3&m[3]
}

// group puts cell c, whose partner in direction d is t, in the group of m for its distance.
func group(m *[4]uint64, dists *[4]int, c, t int) {
	for i, dist := range dists {
		if t-c == dist || c-t == dist {
			m[i] |= 1 << c
			return
		}
	}
	panic("stride: a step is none of the distances jumpSets shifts by")
}

const sideKey = 2 * numCells * piecesEach

// grow[p][c][h] changes the hash of p's stack on c from h-1 pieces to h (0 pieces has no
// key), so that a move that raises or lowers a stack by one looks up one key, not two.
var grow [2][numCells][piecesEach + 1]uint64

func init() {
	for c := range numCells {
		for t := range numCells {
			dirTo[c][t] = -1
		}
	}
	for c := range numCells {
		row[c] = int8(topology.Info(board.Site(c)).Row + side - 1)
		for d := range 6 {
			over[c][d], land[c][d] = -1, -1
			a := topology.Step(board.Site(c), board.Dir(d))
			if a == board.NoSite {
				continue
			}
			over[c][d] = int8(a)
			if b := topology.Step(a, board.Dir(d)); b != board.NoSite {
				land[c][d] = int8(b)
				dirTo[c][b] = int8(d)
				jumpMove[c][d] = jump(c, int(b))
				group(&overMask[d], &overDist[d%3], c, int(a))
				group(&landMask[d], &landDist[d%3], c, int(b))
			}
		}
	}
	for p := range rules.Player(2) {
		for c := range numCells {
			for h := uint8(1); h <= piecesEach; h++ {
				grow[p][c][h] = key(p, c, h)
				if h > 1 {
					grow[p][c][h] ^= key(p, c, h-1)
				}
			}
		}
	}
	for j := range 64 {
		k := 0
		for d := range 6 {
			if j>>d&1 != 0 {
				nthDir[j][k] = uint8(d)
				k++
			}
		}
	}
	for p := range 2 {
		startOwn[p] = mask(setup[p])
		goalMask[p] = mask(goals[p])
	}
}

func mask(labels []string) uint64 {
	var m uint64
	for _, l := range labels {
		m |= 1 << topology.MustParse(l)
	}
	return m
}

func key(p rules.Player, c int, h uint8) uint64 {
	return zobrist[(int(p)*numCells+c)*piecesEach+int(h)-1]
}

// State is a Stride position. A cell holds nothing or a stack of one colour: own says
// whose, height how many pieces.
type State struct {
	rules.Status
	own    [2]uint64
	height [numCells]uint8
	// quiet counts the turns since the last capture (or the start).
	quiet uint16
	// short holds cells known to hold at most one piece, so that move generation checks
	// the heights only of the other climbers. It may miss such cells (a position built
	// field by field starts with none known), never include a taller stack.
	short uint64
	// hist holds the hashes of the positions since the last capture, the current one
	// included; QuietLimit bounds them.
	hist rules.History[[128]uint64]
}

func newGame(rules.Options) (rules.State, error) {
	s := &State{Status: rules.Status{Winner: rules.NoPlayer}, own: startOwn, short: 1<<numCells - 1}
	for p := range 2 {
		for m := startOwn[p]; m != 0; m &= m - 1 {
			s.height[bits.TrailingZeros64(m)] = 1
		}
	}
	s.Zobrist = s.ComputeHash()
	s.hist.Push(s.Zobrist)
	return s, nil
}

// Game returns the Stride definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns the options: Stride has none.
func (s *State) Variant() rules.Options { return rules.Options{} }

// Board returns the hex board of 5 cells per side.
func (s *State) Board() *board.Topology { return topology }

// MidTurn is always false: a turn is one jump.
func (s *State) MidTurn() bool { return false }

// jumps returns the directions in which p's top piece on c may jump, as a bit mask: over
// an occupied neighbour onto the board; diagonally forward always; sideways and
// backward only to capture, or onto a friendly stack at least as tall as the one it
// leaves, so that it ends higher than it was (rulebook, read as absolute levels).
func (s *State) jumps(p rules.Player, c int) uint8 {
	var out uint8
	for d := range 6 {
		if s.canJump(p, c, d) {
			out |= 1 << d
		}
	}
	return out
}

// canJump reports whether p's top piece on c may jump in direction d.
func (s *State) canJump(p rules.Player, c, d int) bool {
	a, b := over[c][d], land[c][d]
	if b < 0 || (s.own[0]|s.own[1])>>a&1 == 0 {
		return false
	}
	return forward[p]>>d&1 != 0 ||
		s.own[p.Other()]>>b&1 != 0 ||
		s.own[p]>>b&1 != 0 && s.height[b] >= s.height[c]
}

// jumpSets sets set[d] to the cells from which p's top piece may jump in direction d: the
// same moves as jumps, found for all pieces at once with masks (see overDist).
func (s *State) jumpSets(p rules.Player, set *[6]uint64) {
	occ, own := s.own[0]|s.own[1], s.own[p]
	// A piece with an occupied neighbour and a landing cell beyond it.
	e := occ >> 1 & overMask[board.HexE][0] & own
	ne := up(occ, &overMask[board.HexNE], 6, 7, 8, 9) & own
	nw := up(occ, &overMask[board.HexNW], 5, 6, 7, 8) & own
	w := occ << 1 & overMask[board.HexW][0] & own
	sw := down(occ, &overMask[board.HexSW], 6, 7, 8, 9) & own
	se := down(occ, &overMask[board.HexSE], 5, 6, 7, 8) & own
	// Sideways and backward, the landing cell must hold a stack: an enemy one is
	// captured, a friendly one climbed if the piece ends higher.
	e &= occ >> 2 & landMask[board.HexE][0]
	w &= occ << 2 & landMask[board.HexW][0]
	if p == 0 {
		sw &= down(occ, &landMask[board.HexSW], 13, 15, 17, 18)
		se &= down(occ, &landMask[board.HexSE], 11, 13, 15, 16)
	} else {
		ne &= up(occ, &landMask[board.HexNE], 13, 15, 17, 18)
		nw &= up(occ, &landMask[board.HexNW], 11, 13, 15, 16)
	}
	set[0], set[1], set[2], set[3], set[4], set[5] = e, ne, nw, w, sw, se
	// Only a piece leaving a stack of two or more can fail to end higher, and only when
	// it jumps sideways or backward.
	if (e|w|sw|se)&^s.short == 0 && p == 0 || (e|w|ne|nw)&^s.short == 0 && p == 1 {
		return
	}
	for d := range set {
		if forward[p]>>d&1 != 0 {
			continue
		}
		for m := set[d] &^ s.short; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			if b := land[c][d]; own>>b&1 != 0 && s.height[b] < s.height[c] {
				set[d] &^= 1 << c
			}
		}
	}
}

// jumpsOf returns the directions of the jumps from c in set, as jumps would.
func jumpsOf(set *[6]uint64, c int) uint8 {
	return uint8(set[0]>>c&1 | set[1]>>c&1<<1 | set[2]>>c&1<<2 |
		set[3]>>c&1<<3 | set[4]>>c&1<<4 | set[5]>>c&1<<5)
}

func jump(from, to int) rules.Move {
	return rules.Move{Kind: rules.Jump, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(from), board.Site(to)}}
}

// LegalMoves lists the jumps by the cell they leave, and for each cell by direction
// (board.HexE order).
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	var set [6]uint64
	s.jumpSets(s.Turn, &set)
	for m := set[0] | set[1] | set[2] | set[3] | set[4] | set[5]; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		for j := jumpsOf(&set, c); j != 0; j &= j - 1 {
			dst = append(dst, jumpMove[c][bits.TrailingZeros8(j)])
		}
	}
	return dst
}

// RandomMove implements rules.RandomMover: it counts the jumps, draws one index as
// LegalMoves(nil)[rng.IntN(n)] would, and builds only that move.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	var set [6]uint64
	s.jumpSets(s.Turn, &set)
	// Count the jumps of every cell at once, as a three-bit number per cell in the planes
	// b0, b1, b2 (carry-save adders over the six direction masks), so that the scan below
	// reads a cell's count without gathering its directions.
	s1, s2 := set[0]^set[1]^set[2], set[3]^set[4]^set[5]
	c1 := set[0]&set[1] | set[2]&(set[0]^set[1])
	c2 := set[3]&set[4] | set[5]&(set[3]^set[4])
	b0, carry := s1^s2, s1&s2
	b1, b2 := c1^c2^carry, c1&c2|carry&(c1^c2)
	k := rng.IntN(bits.OnesCount64(b0) + 2*bits.OnesCount64(b1) + 4*bits.OnesCount64(b2))
	for m := b0 | b1 | b2; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		if n := int(b0>>c&1 | b1>>c&1<<1 | b2>>c&1<<2); k >= n {
			k -= n
			continue
		}
		return jumpMove[c][nthDir[jumpsOf(&set, c)][k]], true
	}
	panic("stride: RandomMove miscounted")
}

// legal reports whether m is one of LegalMoves, without listing them. It takes a pointer
// so that Apply does not copy the 32-byte move once more on every turn.
func (s *State) legal(m *rules.Move) bool {
	if s.Over || m.Kind != rules.Jump || m.Len != 2 || m.Tag != 0 {
		return false
	}
	c, t := int(m.Path[0]), int(m.Path[1])
	if c < 0 || c >= numCells || t < 0 || t >= numCells || s.own[s.Turn]>>c&1 == 0 {
		return false
	}
	d := int(dirTo[c][t])
	return d >= 0 && s.canJump(s.Turn, c, d)
}

// Apply plays m. A move that is not legal leaves the state unchanged; rules.Play reports
// such moves.
func (s *State) Apply(m rules.Move) {
	if !s.legal(&m) {
		return
	}
	c, t := int(m.Path[0]), int(m.Path[1])
	p, q := s.Turn, s.Turn.Other()
	s.lift(p, c)
	captured := s.own[q]>>t&1 != 0
	if captured {
		s.remove(q, t)
	}
	s.drop(p, t)
	s.Turn = q
	s.Zobrist ^= zobrist[sideKey]
	if captured {
		s.quiet = 0
		s.hist.Reset()
	} else {
		s.quiet++
	}
	// A position cannot come back two turns later: p's jump changed p's stacks and q's
	// reply, which does not capture, leaves them alone. Occurrences are thus at least
	// four turns apart, a third needs eight earlier positions, and the shorter histories
	// of most turns skip the count.
	repeated := s.hist.Len() >= 8 && s.hist.Count(s.Zobrist) >= 2
	s.hist.Push(s.Zobrist)
	// The rulebook's ends come first, checked at the start of q's turn: a piece of q on
	// q's goal cells survived p's turn, so q wins; otherwise q without a jump loses.
	switch {
	case s.own[q]&goalMask[q] != 0:
		s.finish(q, reasonGoal)
	case !s.hasMove(q):
		s.finish(p, reasonNoMoves)
	case repeated:
		s.finish(rules.NoPlayer, reasonRepetition)
	case s.quiet >= QuietLimit:
		s.finish(rules.NoPlayer, reasonQuiet)
	}
}

// lift, remove and drop change the stacks for Apply, keeping own, short and the hash up
// to date; they are small enough for the compiler to inline, unlike one general setter.

// lift takes p's top piece off c.
func (s *State) lift(p rules.Player, c int) {
	h := s.height[c]
	s.Zobrist ^= grow[p][c][h]
	s.height[c] = h - 1
	if h == 1 {
		s.own[p] &^= 1 << c
	}
	if h <= 2 {
		s.short |= 1 << c
	}
}

// remove captures p's stack on c.
func (s *State) remove(p rules.Player, c int) {
	s.Zobrist ^= key(p, c, s.height[c])
	s.own[p] &^= 1 << c
	s.height[c] = 0
}

// drop puts a piece of p on c, empty or p's.
func (s *State) drop(p rules.Player, c int) {
	h := s.height[c] + 1
	s.Zobrist ^= grow[p][c][h]
	s.height[c] = h
	s.own[p] |= 1 << c
	if h == 1 {
		s.short |= 1 << c
	} else {
		s.short &^= 1 << c
	}
}

// hasMove reports whether p has a jump. A forward jump needs no more than an occupied
// neighbour, so those are tried first; most positions stop there.
func (s *State) hasMove(p rules.Player) bool {
	occ := s.own[0] | s.own[1]
	if p == 0 && (up(occ, &overMask[board.HexNE], 6, 7, 8, 9)|up(occ, &overMask[board.HexNW], 5, 6, 7, 8))&s.own[0] != 0 ||
		p == 1 && (down(occ, &overMask[board.HexSW], 6, 7, 8, 9)|down(occ, &overMask[board.HexSE], 5, 6, 7, 8))&s.own[1] != 0 {
		return true
	}
	var set [6]uint64
	s.jumpSets(p, &set)
	return set[0]|set[1]|set[2]|set[3]|set[4]|set[5] != 0
}

func (s *State) finish(winner rules.Player, reason uint8) {
	s.Finish(winner, reason)
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State { c := *s; return &c }

// CopyFrom overwrites s with src, another Stride state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes Hash from scratch.
func (s *State) ComputeHash() uint64 {
	var h uint64
	if s.Turn == 1 {
		h = zobrist[sideKey]
	}
	for p := range rules.Player(2) {
		for m := s.own[p]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			h ^= key(p, c, s.height[c])
		}
	}
	return h
}

// AppendKey appends the turn, the result, the quiet count, the stacks and the positions
// since the last capture.
func (s *State) AppendKey(dst []byte) []byte {
	over := byte(0)
	if s.Over {
		over = 1
	}
	dst = append(dst, byte(s.Turn), over, byte(s.Winner), s.Reason, byte(s.quiet))
	for c := range numCells {
		owner := byte(0)
		for p := range 2 {
			if s.own[p]>>c&1 != 0 {
				owner = byte(p + 1)
			}
		}
		dst = append(dst, owner, s.height[c])
	}
	return s.hist.AppendKey(dst)
}

// Outcome reports the result once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	return s.Ended(reasonKeys[:])
}

// Pieces appends the stack on site, bottom first, so that the board shows its height.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	c := int(site)
	if c < 0 || c >= numCells {
		return dst
	}
	for p := range rules.Player(2) {
		if s.own[p]>>c&1 != 0 {
			for range s.height[c] {
				dst = append(dst, rules.Piece{Owner: p})
			}
		}
	}
	return dst
}

// Height returns how many pieces stand on site.
func (s *State) Height(site board.Site) int { return int(s.height[site]) }

// Marks implements rules.Marker: the goal cells, White's then Black's, each owned by the
// player who wins by reaching it.
func (s *State) Marks(dst []rules.Mark) []rules.Mark {
	for p := range rules.Player(2) {
		for m := goalMask[p]; m != 0; m &= m - 1 {
			dst = append(dst, rules.Mark{Site: board.Site(bits.TrailingZeros64(m)), Kind: rules.Goal, Owner: p})
		}
	}
	return dst
}

// Captures implements rules.CapturePreviewer: a jump takes the enemy stack it lands on, if
// any, never the piece it jumps over, which the board could not tell from the notation.
func (s *State) Captures(m rules.Move, dst []board.Site) []board.Site {
	if s.legal(&m) && s.own[s.Turn.Other()]>>m.Path[1]&1 != 0 {
		dst = append(dst, m.Path[1])
	}
	return dst
}

// String describes the position for test failures.
func (s *State) String() string {
	if o, ok := s.Outcome(); ok {
		return fmt.Sprintf("%s\nover: %+v", rules.Text(s), o)
	}
	return fmt.Sprintf("%s\n%s to move", rules.Text(s), rules.SideName(s, s.Turn))
}

// Prompt implements rules.Prompter. When the opponent has a piece on its goal cells, the
// player must capture it this turn or lose, which the board alone does not say.
func (s *State) Prompt() string {
	switch {
	case s.Over:
		return ""
	case s.own[s.Turn.Other()]&goalMask[s.Turn.Other()] != 0:
		return "capture-goal"
	}
	return "jump"
}

// WhyNot implements rules.Explainer.
func (s *State) WhyNot(path []board.Site) string {
	if s.Over || len(path) == 0 {
		return ""
	}
	for _, site := range path {
		if site < 0 || int(site) >= numCells {
			return ""
		}
	}
	p := s.Turn
	c := int(path[0])
	occ := s.own[0] | s.own[1]
	switch {
	case occ>>c&1 == 0:
		return "empty"
	case s.own[p]>>c&1 == 0:
		return "not-yours"
	case s.jumps(p, c) == 0:
		return "stuck"
	case len(path) < 2:
		return ""
	}
	t := int(path[1])
	d := int(dirTo[c][t])
	switch {
	case d < 0:
		return "not-a-jump"
	case occ>>over[c][d]&1 == 0:
		return "nothing-to-jump"
	case s.jumps(p, c)>>d&1 != 0:
		return ""
	case s.own[p]>>t&1 != 0:
		return "not-higher"
	}
	return "needs-capture-or-climb"
}
