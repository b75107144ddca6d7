package orochi

import (
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

// Board sizes offered, in cells per side. Any size plays; 4 is the rulebook's size to start
// with and 5 the one listed most often, and 127 cells still fit a two-word set.
const (
	minSize  = 3
	maxSize  = 7
	maxCells = 3*maxSize*maxSize - 3*maxSize + 1
)

// Game is the definition card of Orochi.
var Game = &rules.Game{
	ID:    "orochi",
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.HexCells,
	Looks: []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{
		{Key: "size", Values: []string{"3", "4", "5", "6", "7"}, Default: "4"},
	},
	Presets: []string{"", "size=5"},
	// A game places cells-1 pieces, one per turn except Black's opening turn of two, so it
	// lasts cells-2 turns on every board, 125 on the largest.
	MaxTurns: maxCells - 2,
	New:      newState,
	// At full strength: uniform playouts (77.7% against plain search, 72% with the policy,
	// which also cost a quarter of the time), exploration 0.15 and the all-moves statistics
	// trusted up to 100 visits (74% together, 58% with the defaults). The blurred levels keep
	// the policy: without it Easy no longer beat Beginner.
	Tuning: rules.Tuning{
		Full: rules.SearchTuning{UniformPlayouts: true, Exploration: 0.15, AllMovesVisits: 100},
	},
}

// Tags of a Place: the colour of the piece that ends up on the cell, for a placement and
// for a flip alike.
const (
	tagWhite uint8 = 1
	tagBlack uint8 = 2
)

// The outcome reasons.
const (
	// reasonLastCell: one empty cell is left and one colour's group beside it is larger.
	reasonLastCell = "last-cell"
	// reasonLastCellTie: the groups beside the last cell are the same size, so the player
	// who placed the last piece loses.
	reasonLastCellTie = "last-cell-tie"
)

// set is the kit's two-word cell set, which holds the largest board. The hot paths test
// sets through its pointer methods (Holds, Len, IsEmpty), which never copy a set.
type set = kit.Set128

// variant is the immutable data shared by every position of one board size.
type variant struct {
	board *board.Topology
	opts  rules.Options
	cells int
	all   set
	// nb is the set of each cell's neighbours, and zone the same with the cell itself: a
	// piece's friendly neighbours are then counted with two ANDs and popcounts, and a
	// flood fill grows a whole frontier at once, where walking six table entries with a
	// bit test each was more than half of a playout's time.
	nb, zone [maxCells]set
	keys     board.Zobrist
}

// Key layout: one key per cell and colour, then one for Black to move.
func (v *variant) pieceKey(site, c int) uint64 { return v.keys[2*site+c] }
func (v *variant) blackKey() uint64            { return v.keys[2*v.cells] }

var variants [maxSize + 1]func() *variant

func init() {
	for n := minSize; n <= maxSize; n++ {
		variants[n] = sync.OnceValue(func() *variant { return buildVariant(n) })
	}
}

func buildVariant(n int) *variant {
	t := board.NewHex(n)
	v := &variant{board: t, opts: rules.Options{"size": strconv.Itoa(n)}, cells: t.Len()}
	for s := range v.cells {
		v.all.Add(s)
		v.zone[s].Add(s)
		for d := range 6 {
			if x := t.Step(board.Site(s), board.Dir(d)); x != board.NoSite {
				v.nb[s].Add(int(x))
				v.zone[s].Add(int(x))
			}
		}
	}
	v.keys = board.NewZobrist(Game.ID+":"+strconv.Itoa(n), 2*v.cells+1)
	return v
}

// State is an Orochi position. White pieces belong to Player 0 and black ones to Player 1,
// whoever placed them.
type State struct {
	rules.Status
	v *variant
	// own[c] holds the pieces of colour c: 0 white, 1 black.
	own [2]set
	// hot holds the over-connected pieces: the flips still owed in the turn in progress.
	// Between turns it is empty; it is a function of own, kept to save recounting.
	hot set
	// placed counts the pieces on the board, which is the number of placements so far.
	placed uint8
	// extra is true when the turn in progress is an extra turn earned by flips. It only
	// words the prompt: what may follow does not depend on it, so it is in neither the
	// hash nor the key.
	extra  bool
	result rules.Outcome
}

func newState(opts rules.Options) (rules.State, error) {
	text := opts.Get("size")
	n, err := strconv.Atoi(text)
	if err != nil || n < minSize || n > maxSize || strconv.Itoa(n) != text {
		return nil, fmt.Errorf("orochi: size %q: want a whole number from %d to %d", text, minSize, maxSize)
	}
	s := &State{v: variants[n]()}
	s.Zobrist = s.ComputeHash()
	return s, nil
}

// Game returns the Orochi definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns a copy of the options.
func (s *State) Variant() rules.Options { return maps.Clone(s.v.opts) }

// Board returns the hex board.
func (s *State) Board() *board.Topology { return s.v.board }

// MidTurn is true while flips are owed, and between Black's two opening placements.
func (s *State) MidTurn() bool { return !s.Over && (!s.hot.IsEmpty() || s.placed == 2) }

// Memoryless is true: the pieces and the player to move decide everything that follows.
func (s *State) Memoryless() bool { return true }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be an Orochi state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes the hash from the pieces and the player to move. The flips owed
// and the opening stage follow from the pieces, so they need no keys of their own.
func (s *State) ComputeHash() uint64 {
	var h uint64
	for c := range 2 {
		for site := range s.v.cells {
			if s.own[c].Holds(site) {
				h ^= s.v.pieceKey(site, c)
			}
		}
	}
	if s.Turn == 1 {
		h ^= s.v.blackKey()
	}
	return h
}

// AppendKey encodes the full state: the size, every cell, the player to move and the end.
func (s *State) AppendKey(dst []byte) []byte {
	dst = append(dst, byte(s.v.cells))
	for site := range s.v.cells {
		dst = append(dst, s.colourAt(site)+1)
	}
	over := byte(0)
	if s.Over {
		over = 1
	}
	return append(dst, byte(s.Turn), over)
}

// colourAt returns 0 for white, 1 for black and 255 for an empty cell.
func (s *State) colourAt(site int) byte {
	switch {
	case s.own[0].Holds(site):
		return 0
	case s.own[1].Holds(site):
		return 1
	}
	return 255
}

// Outcome reports the result once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) { return s.result, s.Over }

// Pieces appends the piece on site, if any.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	if site < 0 || int(site) >= s.v.cells {
		return dst
	}
	if c := s.colourAt(int(site)); c != 255 {
		dst = append(dst, rules.Piece{Owner: rules.Player(c)})
	}
	return dst
}

// emptyCells returns the cells without a piece.
func (s *State) emptyCells() set {
	return set{s.v.all[0] &^ (s.own[0][0] | s.own[1][0]), s.v.all[1] &^ (s.own[0][1] | s.own[1][1])}
}

// LegalMoves appends, while flips are owed, one flip per over-connected piece in cell order;
// otherwise two placements per empty cell in cell order, a white piece first.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	if !s.hot.IsEmpty() {
		for w := range 2 {
			for m := s.hot[w]; m != 0; m &= m - 1 {
				site := 64*w + bits.TrailingZeros64(m)
				dst = append(dst, s.flip(site))
			}
		}
		return dst
	}
	e := s.emptyCells()
	for w := range 2 {
		for m := e[w]; m != 0; m &= m - 1 {
			site := board.Site(64*w + bits.TrailingZeros64(m))
			dst = append(dst, place(site, tagWhite), place(site, tagBlack))
		}
	}
	return dst
}

func place(site board.Site, tag uint8) rules.Move {
	return rules.Move{Kind: rules.Place, Tag: tag, Len: 1, Path: [rules.MaxPath]board.Site{site}}
}

// flip is the decision that turns the piece on site over: a Place of the other colour.
func (s *State) flip(site int) rules.Move {
	tag := tagBlack
	if s.own[1].Holds(site) {
		tag = tagWhite
	}
	return place(board.Site(site), tag)
}

// RandomMove draws the move LegalMoves(nil)[rng.IntN(n)] would, without listing them.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	if !s.hot.IsEmpty() {
		return s.flip(s.hot.Select(rng.IntN(s.hot.Len()))), true
	}
	// Every piece fills a cell for good (flips only recolour), so the empty cells number
	// cells-placed and need no counting.
	k := rng.IntN(2 * (s.v.cells - int(s.placed)))
	return place(board.Site(s.emptyCells().Select(k/2)), tagWhite+uint8(k&1)), true
}

// overConnected reports whether the piece on site (of colour c) has friendly pieces in
// four or more of its six directions.
func (s *State) overConnected(site, c int) bool {
	n, o := &s.v.nb[site], &s.own[c]
	return bits.OnesCount64(n[0]&o[0])+bits.OnesCount64(n[1]&o[1]) >= 4
}

// judge re-judges the piece on site, if any, on its own.
func (s *State) judge(site int) {
	c := s.colourAt(site)
	if c != 255 && s.overConnected(site, int(c)) {
		s.hot.Add(site)
	} else {
		s.hot.Remove(site)
	}
}

// refresh re-judges the pieces whose status a piece of colour c arriving on site can
// alter: site itself and its neighbours. An empty cell is never over-connected, so only
// the pieces among them need a look, and those of the other colour only when the piece
// was flipped from it: a placement on an empty cell leaves their counts as they were.
func (s *State) refresh(site, c int, flipped bool) {
	z := s.v.zone[site]
	colours := 1
	if flipped {
		colours = 2
	}
	for range colours {
		for w := range 2 {
			for m := z[w] & s.own[c][w]; m != 0; m &= m - 1 {
				x := 64*w + bits.TrailingZeros64(m)
				if s.overConnected(x, c) {
					s.hot.Add(x)
				} else {
					s.hot.Remove(x)
				}
			}
		}
		c = 1 - c
	}
}

func (s *State) setPiece(site, c int) {
	s.own[c].Add(site)
	s.Zobrist ^= s.v.pieceKey(site, c)
}

func (s *State) clearPiece(site, c int) {
	s.own[c].Remove(site)
	s.Zobrist ^= s.v.pieceKey(site, c)
}

// Apply plays m, which must be one of LegalMoves.
func (s *State) Apply(m rules.Move) {
	site, c := int(m.Path[0]), int(m.Tag-1)
	flipped := s.own[1-c].Holds(site)
	if flipped {
		s.clearPiece(site, 1-c)
	} else {
		s.placed++
		s.extra = false
	}
	s.setPiece(site, c)
	s.refresh(site, c, flipped)
	switch {
	case !s.hot.IsEmpty() || s.placed == 2:
		// Flips are owed, or Black has a second opening piece to place: same turn.
		return
	case int(s.placed) == s.v.cells-1:
		// One empty cell left (placements fill cells for good, flips only recolour).
		s.finish()
	case flipped:
		// At least one flip, and none left: the same player takes another turn.
		s.extra = true
	default:
		s.Turn = s.Turn.Other()
		s.Zobrist ^= s.v.blackKey()
	}
}

// finish scores the end: for each colour, the largest of its groups beside the last empty
// cell. Equal sizes lose for the player who placed the last piece, the player to move.
func (s *State) finish() {
	last := s.emptyCells().Select(0)
	var score [2]int
	for c := range 2 {
		// Each group beside the cell is filled once, from its first piece found there.
		var seen set
		for w := range 2 {
			for m := s.v.nb[last][w] & s.own[c][w]; m != 0; m &= m - 1 {
				x := 64*w + bits.TrailingZeros64(m)
				if !seen.Holds(x) {
					g := s.group(c, x)
					seen[0], seen[1] = seen[0]|g[0], seen[1]|g[1]
					score[c] = max(score[c], g.Len())
				}
			}
		}
	}
	s.Over, s.extra = true, false
	s.result = rules.Scores(reasonLastCell, score[0], score[1])
	if score[0] == score[1] {
		s.result.Reason = reasonLastCellTie
		s.result.Winner = s.Turn.Other()
	}
}

// group returns the group of colour c containing site.
// It grows the whole frontier at once: the frontier's neighbours of colour c not yet in
// the group are the next frontier.
func (s *State) group(c, site int) set {
	var g set
	g.Add(site)
	for front := g; !front.IsEmpty(); {
		var next set
		for w := range 2 {
			for m := front[w]; m != 0; m &= m - 1 {
				n := &s.v.nb[64*w+bits.TrailingZeros64(m)]
				next[0], next[1] = next[0]|n[0], next[1]|n[1]
			}
		}
		front = set{next[0] & s.own[c][0] &^ g[0], next[1] & s.own[c][1] &^ g[1]}
		g[0], g[1] = g[0]|front[0], g[1]|front[1]
	}
	return g
}

// LastCell returns the cell left empty at the end, whose neighbours are scored, or
// board.NoSite while the game goes on.
func (s *State) LastCell() board.Site {
	if !s.Over {
		return board.NoSite
	}
	return board.Site(s.emptyCells().Select(0))
}

// String describes the position for test failures.
func (s *State) String() string {
	return fmt.Sprintf("%s\n%s to move, flips owed: %d", rules.Text(s), rules.SideName(s, s.Turn), s.hot.Len())
}
