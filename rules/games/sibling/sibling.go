package sibling

import (
	"encoding/binary"
	"fmt"
	"maps"
	"math/bits"
	"slices"
	"strconv"
	"sync"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/kit"
)

// Board sizes offered, in cells per side.
const (
	minSize = 3
	maxSize = 8
	// maxCells is the cell count of the largest board, 3n²-3n+1 for n = maxSize.
	maxCells = 3*maxSize*maxSize - 3*maxSize + 1
	// words is the number of 64-bit words in a cell set of the largest board.
	words = len(cellSet{})
)

// The values of the pie option.
const (
	pieOff = "off"
	pieOn  = "on"
)

// The outcome reasons: which entry of the sorted group lists decided the game.
const (
	// reasonSecond: the second-largest groups differed (the rulebook's main rule).
	reasonSecond = "second-group"
	// reasonLargest: the second-largest groups tied and the largest decided.
	reasonLargest = "largest-group"
	// reasonSmaller: the two largest tied, and the third or a later group decided.
	reasonSmaller = "smaller-groups"
)

// The prompt keys, looked up as "prompt.<key>" in the rules text.
const (
	promptOpening     = "opening"
	promptFirst       = "first"
	promptFirstOrSwap = "first-or-swap"
	promptSecond      = "second"
)

// The keys of WhyNot, looked up as "why.<key>".
const (
	whyOccupied  = "occupied"
	whyNoPartner = "no-partner"
	whyNotInLine = "not-in-line"
	whyAdjacent  = "adjacent"
)

// labelSwap is the label of the Swap button, "choice.take-white".
const labelSwap = "take-white"

// Game is the definition card of Sibling.
var Game = &rules.Game{
	ID:    "sibling",
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.HexCells,
	Looks: []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{
		{Key: "size", Values: []string{"3", "4", "5", "6", "7", "8"}, Default: "5"},
		{Key: "pie", Values: []string{pieOff, pieOn}, Default: pieOff},
	},
	Presets: []string{"", "size=4", "pie=on"},
	// Every turn but the swap places at least one piece, the first turn one and every
	// later one two, and the swap happens at most once: 1 + 1 + (cells-1)/2 turns at most.
	MaxTurns: maxCells/2 + 2,
	New:      newState,
	// Playouts run twenty turns before the evaluation scores them, since group sizes settle
	// late (Expert against plain search 56 – 24 with twenty, 37 – 43 with ten). At full
	// strength: exploration 0.15 and no alpha-beta beside the tree (82% against plain
	// search, 73% with neither).
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{PlayoutCutoff: 20, Exploration: 0.15, TreeAlone: true},
		Blurred: rules.SearchTuning{PlayoutCutoff: 20},
	},
}

// cellSet is the kit's three-word cell set, which holds the largest board.
type cellSet = kit.Set192

// The largest board fits a cellSet; this fails to compile otherwise.
var _ [len(cellSet{})*64 - maxCells]struct{}

// countBits is the number of bit planes in State.left: enough for the largest far set
// less one, 35, at the centre of the largest board.
const countBits = 6

// variant is the immutable data shared by every position of one board size and pie rule.
type variant struct {
	size  int
	cells int
	// words is the number of words of a cell set that this board uses.
	words int
	pie   bool
	topo  *board.Topology
	opts  rules.Options
	all   cellSet
	keys  board.Zobrist
	// far[c] holds the cells on the six lines through c at distance two or more: the
	// partners c may have once they are empty. line[c] adds the neighbours.
	far, line []cellSet
	// nb[c] is the set of c's neighbours, so that a flood fill grows a whole frontier
	// with a few word operations instead of testing six neighbours one by one.
	nb []cellSet
	// nb1[c] is nb[c] on a board of one word: a flat table, with no bounds check, for
	// groups1.
	nb1 [64]uint64
	// planes is the number of planes of State.left that this board needs: enough for its
	// largest far set less one. The rest stay 0, and fill skips them.
	planes int
}

// The layout of the Zobrist keys: Black to move, then two piece keys per cell, one key
// per cell for a first piece waiting for its partner, and one for swapped colours.
const sideKey = 0

func (v *variant) pieceKey(c int, p rules.Player) uint64 { return v.keys[1+2*c+int(p)] }
func (v *variant) pendingKey(c int) uint64               { return v.keys[1+2*v.cells+c] }
func (v *variant) swappedKey() uint64                    { return v.keys[1+3*v.cells] }

// variants[size][pie] builds each variant once, on first use.
var variants [maxSize + 1][2]func() *variant

func init() {
	for n := minSize; n <= maxSize; n++ {
		for pie := range 2 {
			variants[n][pie] = sync.OnceValue(func() *variant { return buildVariant(n, pie == 1) })
		}
	}
}

func buildVariant(n int, pie bool) *variant {
	t := board.NewHex(n)
	opts := rules.Options{"size": strconv.Itoa(n), "pie": pieOff}
	if pie {
		opts["pie"] = pieOn
	}
	v := &variant{
		size: n, cells: t.Len(), words: (t.Len() + 63) / 64, pie: pie, topo: t, opts: opts,
		keys: board.NewZobrist(Game.ID, 2+3*t.Len()),
		far:  make([]cellSet, t.Len()),
		line: make([]cellSet, t.Len()),
		nb:   make([]cellSet, t.Len()),
	}
	for c := 0; c < v.cells; c++ {
		v.all.Add(c)
		for d := 0; d < 6; d++ {
			if a := t.Step(board.Site(c), board.Dir(d)); a != board.NoSite {
				v.nb[c].Add(int(a))
			}
			dist := 1
			for a := t.Step(board.Site(c), board.Dir(d)); a != board.NoSite; a = t.Step(a, board.Dir(d)) {
				v.line[c].Add(int(a))
				if dist >= 2 {
					v.far[c].Add(int(a))
				}
				dist++
			}
		}
		if v.words == 1 {
			v.nb1[c] = v.nb[c][0]
		}
		if v.words == 1 && v.cells >= 64 {
			// groups1 uses cell 63, with no neighbours, as a spare.
			panic("sibling: a board of one word uses cell 63")
		}
		if v.far[c].IsEmpty() {
			// RandomMove and allowed rely on every cell having a partner on the empty board.
			panic("sibling: a cell of the empty board has no partner")
		}
		v.planes = max(v.planes, bits.Len(uint(v.far[c].Len()-1)))
	}
	return v
}

// State is a Sibling position.
type State struct {
	rules.Status
	v   *variant
	occ [2]cellSet
	// left counts, for every cell c, the empty cells in far[c] less one: the partners a
	// pair started on c could have, minus one. Plane i holds bit i of the counts of all
	// cells at once, so a placement decrements the counts of all the cells it concerns
	// with a few word operations (see fill), and the cells whose last partner goes are
	// those that borrow out of the top plane, with no test of the planes. Testing every
	// empty cell for a partner afresh, for every decision, was a third of a playout's time.
	left [countBits]cellSet
	// open holds the empty cells that have a partner, an empty cell two or more away on
	// one of their lines: the cells that may take the first piece of a pair. fill
	// keeps it, so that a decision reads it in one go.
	open cellSet
	// pending is the first piece of the pair being placed, or -1 between turns.
	pending int16
	// swapped is true once the second player has taken over White (the pie rule).
	swapped bool
	result  rules.Outcome
}

func newState(opts rules.Options) (rules.State, error) {
	text := opts.Get("size")
	n, err := strconv.Atoi(text)
	if err != nil || n < minSize || n > maxSize || strconv.Itoa(n) != text {
		return nil, fmt.Errorf("sibling: size %q: want a whole number from %d to %d", text, minSize, maxSize)
	}
	pie := 0
	switch opts.Get("pie") {
	case pieOff:
	case pieOn:
		pie = 1
	default:
		return nil, fmt.Errorf("sibling: pie %q: want %s or %s", opts.Get("pie"), pieOff, pieOn)
	}
	s := &State{v: variants[n][pie](), pending: -1}
	s.countPartners()
	s.Zobrist = s.ComputeHash()
	return s, nil
}

// Game returns the Sibling definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns a copy of the options, so that callers cannot change the shared ones.
func (s *State) Variant() rules.Options { return maps.Clone(s.v.opts) }

// Board returns the hex board of the position's size.
func (s *State) Board() *board.Topology { return s.v.topo }

// MidTurn is true between the two placements of a pair.
func (s *State) MidTurn() bool { return !s.Over && s.pending >= 0 }

// Colour implements rules.SeatColours: after a swap, the second seat plays White.
func (s *State) Colour(p rules.Player) rules.Colour {
	if s.swapped {
		p = p.Other()
	}
	return Game.Sides[p].Colour
}

// emptyCells returns the cells holding no piece.
func (s *State) emptyCells() cellSet {
	var e cellSet
	for w := range e {
		e[w] = s.v.all[w] &^ (s.occ[0][w] | s.occ[1][w])
	}
	return e
}

// pieces counts the pieces on the board.
func (s *State) pieces() int { return s.occ[0].Len() + s.occ[1].Len() }

// opening reports whether the position is White's first turn: a single piece anywhere.
func (s *State) opening() bool { return s.occ[0].IsEmpty() && s.occ[1].IsEmpty() }

// swapOffered reports whether the pie rule lets the player to move take over White now:
// the first piece stands alone on the board and nobody has swapped.
func (s *State) swapOffered() bool {
	return s.v.pie && !s.swapped && s.pending < 0 && s.pieces() == 1
}

// countPartners computes left and open from the pieces alone, for a new position.
func (s *State) countPartners() {
	empty := s.emptyCells()
	s.left = [countBits]cellSet{}
	s.open = cellSet{}
	for w, word := range s.v.all {
		for word != 0 {
			c := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			var n int
			for i := range empty {
				n += bits.OnesCount64(s.v.far[c][i] & empty[i])
			}
			if n == 0 {
				// No partner is left, for good: fill never decrements this cell again, so
				// its planes may hold anything.
				continue
			}
			for b := range countBits {
				if (n-1)>>b&1 != 0 {
					s.left[b].Add(c)
				}
			}
			if empty.Holds(c) {
				s.open.Add(c)
			}
		}
	}
}

// fill puts a piece of p on the empty cell c and keeps left and open. The cells that lose
// a partner are those in far[c] (the relation is symmetric); each had c among its
// partners, so its count was at least one. The bit-sliced decrement carries a borrow
// through all the planes the board uses, without a branch on the borrow (a branch on
// random data mispredicts), and a cell whose count was one (held as 0) borrows out of the
// top plane: it has just lost its last partner and leaves open.
func (s *State) fill(c int, p rules.Player) {
	v := s.v
	s.occ[p].Add(c)
	s.open[c>>6] &^= 1 << (uint(c) & 63)
	s.Zobrist ^= v.pieceKey(c, p)
	far := &v.far[c]
	left := s.left[:v.planes]
	for w := range v.words {
		borrow := far[w]
		for b := range left {
			plane := left[b][w]
			left[b][w] = plane ^ borrow
			borrow &^= plane
		}
		s.open[w] &^= borrow
	}
}

// anyPair reports whether some pair may still be placed.
func (s *State) anyPair() bool {
	return !s.open.IsEmpty()
}

// partners returns the empty cells that may take the second piece after a first on c.
func (s *State) partners(c int) cellSet {
	empty := s.emptyCells()
	var out cellSet
	for w := range out {
		out[w] = s.v.far[c][w] & empty[w]
	}
	return out
}

// choices returns the cells the next Place may use, and whether Swap follows them.
func (s *State) choices() (cells cellSet, swap bool) {
	switch {
	case s.pending >= 0:
		return s.partners(int(s.pending)), false
	case s.opening():
		return s.v.all, false
	}
	return s.open, s.swapOffered()
}

// allowed reports whether the next Place may use cell c.
func (s *State) allowed(c int) bool {
	if uint(c) >= uint(s.v.cells) {
		return false
	}
	w, bit := c>>6, uint64(1)<<(uint(c)&63)
	if s.pending >= 0 {
		return s.v.far[s.pending][w]&^(s.occ[0][w]|s.occ[1][w])&bit != 0
	}
	// open holds only empty cells, and is what a first piece needs; on White's first turn
	// every cell is empty and allowed, partner or not.
	return s.open[w]&bit != 0 || s.opening()
}

// placement is the move that places on cell c, exactly as LegalMoves writes it.
func placement(c int) rules.Move { return placements[c] }

// placements[c] is the move that places on cell c. RandomMove copies its result from here
// rather than building it: a built move was written as zeros and then three small
// stores, and its caller's wide loads of the copy stalled until those stores were done.
var placements = func() (t [maxCells]rules.Move) {
	for c := range t {
		t[c] = rules.Move{Kind: rules.Place, Len: 1, Path: [rules.MaxPath]board.Site{board.Site(c)}}
	}
	return t
}()

// isPlacement reports whether m has the shape of a placement: kind Place, no tag and a
// path of one site, the rest of the path zero as LegalMoves writes it. The rest is read in
// 8-byte pieces, none across byte 16, where the caller's two 16-byte copies of the move
// meet, since a load across two stores waits for both: comparing whole moves called a
// generic memory comparison on every Apply, and reading the path site by site took
// thirteen loads, both measurably slower.
func isPlacement(m *rules.Move) bool {
	return m.Kind == rules.Place && m.Tag == 0 && m.Len == 1 &&
		m.Path[1] == 0 &&
		[4]board.Site(m.Path[2:6]) == [4]board.Site{} &&
		[4]board.Site(m.Path[6:10]) == [4]board.Site{} &&
		[4]board.Site(m.Path[10:14]) == [4]board.Site{}
}

// swapMove is the pie rule's move.
var swapMove = rules.Move{Kind: rules.Swap}

// LegalMoves appends the placements in site order: any cell on White's first turn, the
// cells with a partner for the first piece of a pair, the partners of the first piece for
// the second. Swap comes last when the pie rule offers it.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	cells, swap := s.choices()
	k := len(dst)
	n := cells.Len()
	dst = slices.Grow(dst, n+1)[:k+n]
	for w, word := range cells {
		for word != 0 {
			dst[k] = placement(w*64 + bits.TrailingZeros64(word))
			word &= word - 1
			k++
		}
	}
	if swap {
		dst = append(dst, swapMove)
	}
	return dst
}

// Apply plays m. The interface gives Apply no way to report an error, so a move that is not
// legal leaves the state unchanged instead of corrupting it; rules.Play reports such moves.
func (s *State) Apply(m rules.Move) {
	switch {
	case s.Over:
	case m.Kind == rules.Place:
		if c := int(m.Path[0]); isPlacement(&m) && s.allowed(c) {
			s.place(c)
		}
	case m == swapMove && s.swapOffered():
		s.swap()
	}
}

// place puts the mover's piece on the allowed cell c: White's opening piece or the second
// of a pair ends the turn, the first of a pair waits for its partner.
func (s *State) place(c int) {
	v := s.v
	second := s.pending >= 0
	ends := second || s.opening()
	s.fill(c, s.Turn)
	if second {
		s.Zobrist ^= v.pendingKey(int(s.pending))
		s.pending = -1
	}
	if ends {
		s.endTurn()
		return
	}
	s.pending = int16(c)
	s.Zobrist ^= v.pendingKey(c)
}

// swap makes the second player White. The pieces change hands with the colours, so the
// white piece stays white.
func (s *State) swap() {
	for p := rules.Player(0); p < 2; p++ {
		s.hashPieces(p)
	}
	s.occ[0], s.occ[1] = s.occ[1], s.occ[0]
	for p := rules.Player(0); p < 2; p++ {
		s.hashPieces(p)
	}
	s.swapped = true
	s.Zobrist ^= s.v.swappedKey()
	s.endTurn()
}

// hashPieces toggles the keys of p's pieces.
func (s *State) hashPieces(p rules.Player) {
	for w, word := range s.occ[p] {
		for word != 0 {
			s.Zobrist ^= s.v.pieceKey(w*64+bits.TrailingZeros64(word), p)
			word &= word - 1
		}
	}
}

// endTurn passes the turn and ends the game when the new mover has no pair to place.
func (s *State) endTurn() {
	s.Turn = s.Turn.Other()
	s.Zobrist ^= s.v.keys[sideKey]
	if !s.anyPair() {
		s.Over = true
		s.result = s.score()
	}
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State { c := *s; return &c }

// CopyFrom overwrites s with src, another Sibling state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes Hash from the pieces, the player to move, the first piece of a
// pair in progress and the swap.
func (s *State) ComputeHash() uint64 {
	var h uint64
	if s.Turn == 1 {
		h = s.v.keys[sideKey]
	}
	for p := rules.Player(0); p < 2; p++ {
		for w, word := range s.occ[p] {
			for word != 0 {
				h ^= s.v.pieceKey(w*64+bits.TrailingZeros64(word), p)
				word &= word - 1
			}
		}
	}
	if s.pending >= 0 {
		h ^= s.v.pendingKey(int(s.pending))
	}
	if s.swapped {
		h ^= s.v.swappedKey()
	}
	return h
}

// AppendKey appends the size, the pie rule, the turn, the pending first piece, the swap,
// the end flag and both players' pieces: everything the future depends on.
func (s *State) AppendKey(dst []byte) []byte {
	flags := byte(0)
	if s.Over {
		flags |= 1
	}
	if s.swapped {
		flags |= 2
	}
	if s.v.pie {
		flags |= 4
	}
	dst = append(dst, byte(s.v.size), byte(s.Turn), flags)
	dst = binary.LittleEndian.AppendUint16(dst, uint16(s.pending))
	for p := range s.occ {
		for _, w := range s.occ[p] {
			dst = binary.LittleEndian.AppendUint64(dst, w)
		}
	}
	return dst
}

// Outcome reports the result once no pair can be placed.
func (s *State) Outcome() (rules.Outcome, bool) { return s.result, s.Over }

// Pieces appends the piece on site, if any.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	c := int(site)
	if c < 0 || c >= s.v.cells {
		return dst
	}
	for p := rules.Player(0); p < 2; p++ {
		if s.occ[p].Holds(c) {
			return append(dst, rules.Piece{Owner: p})
		}
	}
	return dst
}

// String describes the position for test failures.
func (s *State) String() string {
	return fmt.Sprintf("%s\n%s to move", rules.Text(s), rules.SideName(s, s.Turn))
}

// Prompt implements rules.Prompter: which piece of the turn the player is placing.
func (s *State) Prompt() string {
	switch {
	case s.Over:
		return ""
	case s.opening():
		return promptOpening
	case s.pending >= 0:
		return promptSecond
	case s.swapOffered():
		return promptFirstOrSwap
	}
	return promptFirst
}

// MoveLabel implements rules.Labeller: the swap takes over White and its piece.
func (s *State) MoveLabel(m rules.Move) string {
	if m.Kind == rules.Swap {
		return labelSwap
	}
	return ""
}

// WhyNot implements rules.Explainer for a click on a cell that takes no piece now.
func (s *State) WhyNot(path []board.Site) string {
	if s.Over || len(path) != 1 {
		return ""
	}
	c := int(path[0])
	if c < 0 || c >= s.v.cells {
		return ""
	}
	empty := s.emptyCells()
	switch {
	case !empty.Holds(c):
		return whyOccupied
	case s.opening():
		return ""
	case s.pending < 0:
		if !s.v.far[c].Meets(&empty) {
			return whyNoPartner
		}
		return ""
	case !s.v.line[s.pending].Holds(c):
		return whyNotInLine
	case !s.v.far[s.pending].Holds(c):
		return whyAdjacent
	}
	return ""
}

// Memoryless: nothing but the pieces, the player to move, the first piece of a pair and
// the swap decides what comes next.
func (s *State) Memoryless() bool { return true }

var (
	_ rules.SeatColours = (*State)(nil)
	_ rules.Prompter    = (*State)(nil)
	_ rules.Labeller    = (*State)(nil)
	_ rules.Explainer   = (*State)(nil)
	_ rules.Memoryless  = (*State)(nil)
)
