package node

import (
	"encoding/binary"
	"fmt"
	"maps"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"sync"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/kit"
)

// Game is the definition card of Node.
var Game = &rules.Game{
	ID:    "node",
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.HexCells,
	Looks: []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{
		{Key: "size", Values: []string{"3", "4", "5", "6", "7", "8"}, Default: "6"},
	},
	Presets: []string{"", "size=4"},
	// Every turn fills at least one empty cell, so no game outlasts the cells of the
	// largest board.
	MaxTurns: maxCells,
	New:      newState,
	// A narrower exploration at full strength: against plain search 84% with 0.2, 73% with
	// the default 0.3.
	Tuning: rules.Tuning{Full: rules.SearchTuning{Exploration: 0.2}},
}

// The reasons a game ends.
const (
	// reasonOpposite: the mover's group joins two opposite sides.
	reasonOpposite = "opposite-sides"
	// reasonThree: the mover's group joins three pairwise non-adjacent sides.
	reasonThree = "three-sides"
	// reasonNoMoves: the player to move has no legal turn and loses (Koma's resolution).
	reasonNoMoves = "no-moves"
)

// The ends of a game as the position keeps them, indexes into reasonKeys.
const (
	endOpposite uint8 = iota
	endThree
	endNoMoves
)

var reasonKeys = [...]string{endOpposite: reasonOpposite, endThree: reasonThree, endNoMoves: reasonNoMoves}

// openingPieces is the number of anchors on the board when the main phase starts: White's
// one and Black's two.
const openingPieces = 3

// Board sizes offered, in cells per side. Any size plays; 8 is the largest whose 169
// cells fit the kit's three-word sets.
const (
	minSize = kit.MinHexSize
	maxSize = kit.MaxHex192Size
	// maxCells is the cell count of the largest board, 3n²-3n+1 for n = maxSize.
	maxCells = kit.MaxHex192Cells
)

// set is the kit's three-word cell set, which holds the largest board.
type set = kit.Set192

// variant is the immutable data shared by every position of one board size.
type variant struct {
	*kit.Hex192
	opts rules.Options
	// keys: one per cell and player, one per pending anchor, then Black to move.
	keys board.Zobrist
	// pend[i] is pendingKey(i−1), and pend[0] is 0: Apply clears the owed cell, if any,
	// with one lookup rather than a branch on it.
	pend [maxCells + 1]uint64
}

func (v *variant) pieceKey(c int, p rules.Player) uint64 { return v.keys[2*c+int(p)] }
func (v *variant) pendingKey(c int) uint64               { return v.keys[2*v.Cells+c] }
func (v *variant) sideKey() uint64                       { return v.keys[3*v.Cells] }

var variants [maxSize + 1]func() *variant

func init() {
	for n := minSize; n <= maxSize; n++ {
		variants[n] = sync.OnceValue(func() *variant {
			t := kit.Hex192Of(n)
			v := &variant{Hex192: t, opts: rules.Options{"size": strconv.Itoa(n)}, keys: board.NewZobrist(Game.ID, 3*t.Cells+1)}
			for c := 0; c < t.Cells; c++ {
				v.pend[c+1] = v.pendingKey(c)
			}
			return v
		})
	}
}

// State is a Node position.
type State struct {
	rules.Status
	v   *variant
	occ [2]set
	// choices holds the sites of the next decision's legal placements, kept by Apply.
	choices set
	// pending is the anchor just placed whose node is still owed, or -1.
	pending int16

	// The rest is derived from the pieces and kept by Apply so that a placement costs a
	// few set operations (playouts). ready is false in a state built from bare pieces (the
	// tests' positions); Apply then rebuilds the rest first.
	ready bool
	// pieces counts the pieces on the board, for placed, which MidTurn asks every decision.
	pieces uint8
	groups kit.Groups
	// seen1[p] and seen2[p] are the inner cells on a line through at least one, and at
	// least two, of p's anchors: a saturating count that tells the nodes of a new anchor
	// without pairing it with every old one.
	seen1, seen2 [2]set
	// nodes[p] is the node sites of every pair of p's anchors, occupied or not. Pieces on
	// the lines do not matter (Koma's reading), so the set only grows as anchors come.
	nodes [2]set
	// drawn is one more than the cell RandomMove last drew in this position, 0 when there
	// is none; Apply clears it. The move Apply gets has come through the AI loop's copies,
	// and reading its cell waits on them; when the cell matches the note (a branch that is
	// predicted), Apply works from the note, which it need not check for legality.
	drawn uint32
}

func newState(opts rules.Options) (rules.State, error) {
	text := opts.Get("size")
	n, err := strconv.Atoi(text)
	if err != nil || n < minSize || n > maxSize || strconv.Itoa(n) != text {
		return nil, fmt.Errorf("node: size %q: want a whole number from %d to %d", text, minSize, maxSize)
	}
	s := &State{v: variants[n](), pending: -1}
	s.choices = s.v.Ring
	s.Zobrist = s.ComputeHash()
	s.rebuild()
	return s, nil
}

// rebuild recomputes the derived fields from the pieces.
func (s *State) rebuild() {
	t := s.v.Hex192
	s.groups = kit.Groups{}
	s.seen1, s.seen2, s.nodes = [2]set{}, [2]set{}, [2]set{}
	s.pieces = uint8(s.occ[0].Len() + s.occ[1].Len())
	for p := range s.occ {
		var own set
		for w := range s.occ[p] {
			for x := s.occ[p][w]; x != 0; x &= x - 1 {
				c := w*64 + bits.TrailingZeros64(x)
				own.Add(c)
				s.groups.Add(t, &own, c)
				if t.Ring.Has(c) {
					s.anchor(rules.Player(p), &own, c)
				}
			}
		}
	}
	s.ready = true
}

// anchor counts p's new anchor a, with anchors p's anchors so far (a among them), and
// returns the words of the node sites of a with another of them, occupied or not: the
// union of Nodes(a, b). They come back in registers, so that Apply finishes the choices
// without loading back a set just stored. A cell x on a line L from a into the inner area
// is such a node when an anchor off L sees x. The anchors on L are a and L's other end,
// and that end sees all of L, so x qualifies when seen by one old anchor, or by two when
// the other end is p's too.
func (s *State) anchor(p rules.Player, anchors *set, a int) (o0, o1, o2 uint64) {
	t := s.v.Hex192
	// p&1 spares the bounds checks.
	seen1, seen2, nodes, sight := &s.seen1[p&1], &s.seen2[p&1], &s.nodes[p&1], &t.Sight[a]
	for _, r := range t.RingRays[a] {
		if r < 0 {
			break
		}
		ray := &t.Rays[r]
		// two is all ones when the far end is p's anchor; a mask rather than a branch,
		// since which way it goes is random.
		to := uint(ray.To)
		two := -(anchors[to>>6] >> (to & 63) & 1)
		o0 |= ray.Inner[0] & (seen1[0]&^two | seen2[0]&two)
		o1 |= ray.Inner[1] & (seen1[1]&^two | seen2[1]&two)
		o2 |= ray.Inner[2] & (seen1[2]&^two | seen2[2]&two)
	}
	nodes[0] |= o0
	nodes[1] |= o1
	nodes[2] |= o2
	for w := range sight {
		seen2[w] |= seen1[w] & sight[w]
		seen1[w] |= sight[w]
	}
	return o0, o1, o2
}

// Game returns the Node definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns a copy of the options.
func (s *State) Variant() rules.Options { return maps.Clone(s.v.opts) }

// Board returns the hex board.
func (s *State) Board() *board.Topology { return s.v.Board }

func (s *State) occupied() set { return s.occ[0].Or(s.occ[1]) }

// placed is the number of pieces on the board, which tells the opening's steps apart.
func (s *State) placed() int {
	if s.ready {
		return int(s.pieces)
	}
	return s.occ[0].Len() + s.occ[1].Len()
}

// MidTurn reports whether the turn goes on: Black's second opening anchor, or the node
// owed after an anchor.
func (s *State) MidTurn() bool { return !s.Over && (s.pending >= 0 || s.placed() == 2) }

// Nodes returns the inner cells where a node may stand for the anchors a and b: on a line
// through each, where two different lines meet; the cells of a line through both anchors
// are not allowed (pieces on the lines do not matter: see the package comment).
func Nodes(t *kit.Hex192, a, b int) set {
	out := t.Sight[a].And(t.Sight[b])
	for f := 0; f < 3; f++ {
		if id := t.Line[a][f]; id == t.Line[b][f] {
			out = out.AndNot(t.InnerLine[f][id])
		}
	}
	return out
}

// nodesFor returns the empty inner cells where p may place a node with the anchor a and
// another of p's anchors.
func (s *State) nodesFor(p rules.Player, a int) set {
	var out set
	anchors := s.occ[p].And(s.v.Ring)
	anchors.Remove(a)
	for w := range anchors {
		for x := anchors[w]; x != 0; x &= x - 1 {
			out = out.Or(Nodes(s.v.Hex192, a, w*64+bits.TrailingZeros64(x)))
		}
	}
	return out.AndNot(s.occupied())
}

// turnChoices is what p may place first in a main-phase turn: any empty outer cell, or a
// node for a pair of p's anchors.
func (s *State) turnChoices(p rules.Player) set {
	occ := s.occupied()
	// The ring of the largest board has 6·(MaxSize−1) cells.
	var list [6 * (maxSize - 1)]int16
	n := 0
	anchors := s.occ[p].And(s.v.Ring)
	for w := range anchors {
		for x := anchors[w]; x != 0; x &= x - 1 {
			list[n] = int16(w*64 + bits.TrailingZeros64(x))
			n++
		}
	}
	var nodes set
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			nodes = nodes.Or(Nodes(s.v.Hex192, int(list[i]), int(list[j])))
		}
	}
	return s.v.Ring.AndNot(occ).Or(nodes.AndNot(occ))
}

func place(c int) rules.Move {
	return rules.Move{Kind: rules.Place, Len: 1, Path: [rules.MaxPath]board.Site{board.Site(c)}}
}

// placements[c] is place(c). RandomMove copies its move from here: built in place, the
// move is a few narrow stores over a zeroed block, and the caller's wide copy of it cannot
// take them from the store buffer but waits for them, on the path to the next Apply.
var placements = func() (out [maxCells]rules.Move) {
	for c := range out {
		out[c] = place(c)
	}
	return out
}()

// LegalMoves lists the placements in site order.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	for w := range s.choices {
		for x := s.choices[w]; x != 0; x &= x - 1 {
			dst = append(dst, place(w*64+bits.TrailingZeros64(x)))
		}
	}
	return dst
}

// RandomMove implements rules.RandomMover from the choice set.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	c := s.choices.Draw(rng, s.v.Wide)
	s.drawn = uint32(c) + 1
	return placements[c], true
}

// Apply plays m; a move that is not legal leaves the state unchanged.
func (s *State) Apply(m rules.Move) {
	note := s.drawn
	s.drawn = 0
	if s.Over || m.Kind != rules.Place || m.Len != 1 || m.Tag != 0 {
		return
	}
	c := int(note) - 1
	if note == 0 || m.Path[0] != board.Site(c) {
		c = int(m.Path[0])
		if c < 0 || c >= s.v.Cells || !s.choices.Holds(c) {
			return
		}
	}
	if !s.ready {
		s.rebuild()
	}
	v, p := s.v, s.Turn
	occ, q := &s.occ[p], &s.occ[p.Other()]
	before := int(s.pieces)
	s.pieces++
	occ.Add(c)
	s.Zobrist ^= v.pieceKey(c, p)
	s.Zobrist ^= v.pend[s.pending+1]
	s.pending = -1
	if mask := s.groups.Add(v.Hex192, occ, c); kit.Connects(mask) {
		end := endThree
		if kit.Opposite(mask) {
			end = endOpposite
		}
		s.Finish(p, end)
		return
	}
	// The choices are built in registers and stored once, whole: the end test would
	// otherwise load back the words just stored.
	ring, wide := &v.Ring, v.Wide
	anchor := ring.Holds(c)
	var n0, n1, n2 uint64
	if anchor {
		n0, n1, n2 = s.anchor(p, occ, c)
	}
	switch {
	case before == 1:
		// Black's first opening anchor: the second follows.
		ch := &s.choices
		for w := range ch {
			ch[w] = ring[w] &^ (occ[w] | q[w])
		}
		return
	case before >= openingPieces && anchor:
		// nodesFor(p, c): the nodes anchor found, less the occupied cells.
		c0, c1 := n0&^(occ[0]|q[0]), n1&^(occ[1]|q[1])
		var c2 uint64
		if wide {
			c2 = n2 &^ (occ[2] | q[2])
		}
		if c0|c1|c2 != 0 {
			s.choices = set{c0, c1, c2}
			s.pending = int16(c)
			s.Zobrist ^= v.pendingKey(c)
			return
		}
	}
	s.Turn = p.Other()
	s.Zobrist ^= v.sideKey()
	// turnChoices, from the kept sets. In the opening the player to move has at most one
	// anchor, so their nodes are empty and this leaves the empty outer cells.
	nodes := &s.nodes[s.Turn]
	c0 := (ring[0] | nodes[0]) &^ (occ[0] | q[0])
	c1 := (ring[1] | nodes[1]) &^ (occ[1] | q[1])
	var c2 uint64
	if wide {
		c2 = (ring[2] | nodes[2]) &^ (occ[2] | q[2])
	}
	s.choices = set{c0, c1, c2}
	if c0|c1|c2 == 0 {
		// The player who cannot move loses; the turn goes back to the winner, as the
		// hash of a finished game counts it.
		s.Turn = p
		s.Zobrist ^= v.sideKey()
		s.Finish(p, endNoMoves)
	}
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State { c := *s; return &c }

// CopyFrom overwrites s with src, another Node state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes Hash from scratch.
func (s *State) ComputeHash() uint64 {
	var h uint64
	if s.Turn == 1 {
		h = s.v.sideKey()
	}
	if s.pending >= 0 {
		h ^= s.v.pendingKey(int(s.pending))
	}
	for p := rules.Player(0); p < 2; p++ {
		for w := range s.occ[p] {
			for x := s.occ[p][w]; x != 0; x &= x - 1 {
				h ^= s.v.pieceKey(w*64+bits.TrailingZeros64(x), p)
			}
		}
	}
	return h
}

// AppendKey appends the size, the player to move, the pending anchor, the end flag and both
// players' pieces; the phase, the choices and the outcome follow from them.
func (s *State) AppendKey(dst []byte) []byte {
	over := byte(0)
	if s.Over {
		over = 1
	}
	dst = append(dst, byte(s.v.Size), byte(s.Turn), byte(s.pending), over)
	for p := range s.occ {
		for _, w := range s.occ[p] {
			dst = binary.LittleEndian.AppendUint64(dst, w)
		}
	}
	return dst
}

// Outcome reports the winner once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	return s.Ended(reasonKeys[:])
}

// Pieces appends the piece on site, if any.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	c := int(site)
	if c < 0 || c >= s.v.Cells {
		return dst
	}
	for p := rules.Player(0); p < 2; p++ {
		if s.occ[p].Has(c) {
			return append(dst, rules.Piece{Owner: p})
		}
	}
	return dst
}

// Marks implements rules.Marker: the outer ring, where anchors stand.
func (s *State) Marks(dst []rules.Mark) []rules.Mark {
	for w := range s.v.Ring {
		for x := s.v.Ring[w]; x != 0; x &= x - 1 {
			dst = append(dst, rules.Mark{Site: board.Site(w*64 + bits.TrailingZeros64(x)), Kind: rules.Ring, Owner: rules.NoPlayer})
		}
	}
	return dst
}

// Prompt implements rules.Prompter.
func (s *State) Prompt() string {
	switch {
	case s.Over:
		return ""
	case s.pending >= 0:
		return "node"
	}
	switch s.placed() {
	case 0:
		return "opening-anchor"
	case 1:
		return "opening-anchors"
	case 2:
		return "opening-second"
	}
	return "anchor-or-node"
}

// WhyNot implements rules.Explainer for a click on a cell that takes no piece now.
func (s *State) WhyNot(path []board.Site) string {
	if s.Over || len(path) != 1 {
		return ""
	}
	c := int(path[0])
	if c < 0 || c >= s.v.Cells || s.choices.Has(c) {
		return ""
	}
	switch {
	case s.occupied().Has(c):
		return "occupied"
	case s.placed() < openingPieces:
		return "opening-outer"
	case s.pending >= 0 && s.v.Ring.Has(c):
		return "node-now"
	}
	// An empty inner cell: count the anchors in line with it.
	seers := 0
	anchors := s.occ[s.Turn].And(s.v.Ring)
	for w := range anchors {
		for x := anchors[w]; x != 0; x &= x - 1 {
			if s.v.Sight[w*64+bits.TrailingZeros64(x)].Has(c) {
				seers++
			}
		}
	}
	switch {
	case s.pending >= 0 && !s.v.Sight[s.pending].Has(c):
		return "not-in-line-new"
	case seers == 0:
		return "not-in-line"
	case seers == 1:
		return "no-second-line"
	}
	return "same-line"
}

// String describes the position for test failures.
func (s *State) String() string {
	return fmt.Sprintf("%s\n%s to move", rules.Text(s), rules.SideName(s, s.Turn))
}

// Memoryless: nothing but the pieces, the pending anchor and the player to move decides what
// comes next.
func (s *State) Memoryless() bool { return true }

var (
	_ rules.Explainer  = (*State)(nil)
	_ rules.Prompter   = (*State)(nil)
	_ rules.Marker     = (*State)(nil)
	_ rules.Memoryless = (*State)(nil)
)
