package rules_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
)

// pairs is a toy game for testing the core: on a 3×1 square board, each turn the player to
// move places two pieces, one decision each, on empty cells. The game ends when the board is
// full; the player with more pieces wins. It exercises turns made of several decisions and
// transpositions inside a turn.
type pairs struct {
	cells  [3]int8 // -1 empty, else owner
	toMove rules.Player
	left   uint8 // placements left in this turn
}

var pairsTopo = board.NewSquare(3, 1)

var pairsGame = &rules.Game{
	ID:    "pairs",
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.Plain,
	Options: []rules.OptionSpec{
		{Key: "size", Values: []string{"3"}, Default: "3"},
		{Key: "mode", Values: []string{"a", "b"}, Default: "a"},
	},
	Presets: []string{"", "mode=b"},
	New: func(rules.Options) (rules.State, error) {
		return &pairs{cells: [3]int8{-1, -1, -1}, left: 2}, nil
	},
}

func (p *pairs) Game() *rules.Game        { return pairsGame }
func (p *pairs) Variant() rules.Options   { return rules.Options{"size": "3", "mode": "a"} }
func (p *pairs) Board() *board.Topology   { return pairsTopo }
func (p *pairs) Clone() rules.State       { c := *p; return &c }
func (p *pairs) CopyFrom(src rules.State) { *p = *src.(*pairs) }
func (p *pairs) ToMove() rules.Player {
	if p.full() {
		return rules.NoPlayer
	}
	return p.toMove
}
func (p *pairs) full() bool    { return !slices.Contains(p.cells[:], -1) }
func (p *pairs) MidTurn() bool { return !p.full() && p.left == 1 }
func (p *pairs) LegalMoves(dst []rules.Move) []rules.Move {
	if p.full() {
		return dst
	}
	for i, c := range p.cells {
		if c < 0 {
			dst = append(dst, rules.NewMove(rules.Place, board.Site(i)))
		}
	}
	return dst
}
func (p *pairs) Apply(m rules.Move) {
	p.cells[m.Path[0]] = int8(p.toMove)
	p.left--
	if p.left == 0 {
		p.toMove, p.left = p.toMove.Other(), 2
	}
}
func (p *pairs) Hash() uint64        { return p.ComputeHash() }
func (p *pairs) ComputeHash() uint64 { return uint64(p.AppendKey(nil)[0]) }
func (p *pairs) AppendKey(dst []byte) []byte {
	var k byte
	for _, c := range p.cells {
		k = k*3 + byte(c+1)
	}
	return append(dst, k, byte(p.toMove), p.left)
}
func (p *pairs) Outcome() (rules.Outcome, bool) {
	if !p.full() {
		return rules.Outcome{}, false
	}
	n := 0
	for _, c := range p.cells {
		if c == 0 {
			n++
		}
	}
	if n >= 2 {
		return rules.Outcome{Winner: 0, Reason: "more"}, true
	}
	return rules.Outcome{Winner: 1, Reason: "more"}, true
}
func (p *pairs) Pieces(s board.Site, dst []rules.Piece) []rules.Piece {
	if c := p.cells[s]; c >= 0 {
		dst = append(dst, rules.Piece{Owner: rules.Player(c)})
	}
	return dst
}

func TestTurnsMergeTranspositions(t *testing.T) {
	st, _ := pairsGame.New(nil)
	// Placing on a1 then b1, or b1 then a1, reaches the same position: 3 distinct turns
	// ({a1,b1}, {a1,c1}, {b1,c1}) out of 6 decision sequences.
	turns := rules.Turns(st)
	if len(turns) != 3 {
		t.Fatalf("got %d turns, want 3", len(turns))
	}
	for _, c := range turns {
		if c.ToMove() != 1 {
			t.Errorf("after a whole turn the other player should move, got %d", c.ToMove())
		}
	}
	// Depth 2: after White's two pieces one cell is left; Black places there and the
	// board is full, ending the game mid-turn. Each depth-1 position has one child.
	if got := rules.Perft(st, 3); !slices.Equal(got, []uint64{3, 3, 0}) {
		t.Errorf("perft = %v, want [3 3 0]", got)
	}
}

func TestParseSpec(t *testing.T) {
	cat := rules.Catalog{pairsGame}
	tests := []struct {
		text, canonical, full, err string
	}{
		{text: "pairs", canonical: "pairs", full: "pairs:size=3,mode=a"},
		{text: "pairs:mode=b", canonical: "pairs:mode=b", full: "pairs:size=3,mode=b"},
		{text: "pairs:mode=b,size=3", canonical: "pairs:mode=b", full: "pairs:size=3,mode=b"},
		{text: "pairs:mode=a", canonical: "pairs", full: "pairs:size=3,mode=a"},
		{text: "chess", err: `unknown game "chess"`},
		{text: "pairs:mode=c", err: `option mode="c" not one of a, b`},
		{text: "pairs:colour=red", err: `unknown option "colour"`},
		{text: "pairs:mode", err: `not key=value`},
		{text: "pairs:mode=a,mode=b", err: `given twice`},
		{text: "pairs:", canonical: "pairs", full: "pairs:size=3,mode=a"},
	}
	for _, tc := range tests {
		spec, err := cat.ParseSpec(tc.text)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one containing %q", tc.text, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if spec.String() != tc.canonical || spec.FullString() != tc.full {
			t.Errorf("%q: got %q / %q, want %q / %q", tc.text, spec.String(), spec.FullString(), tc.canonical, tc.full)
		}
	}
	specs, err := cat.Specs()
	if err != nil || len(specs) != 2 || specs[1].String() != "pairs:mode=b" {
		t.Errorf("Specs = %v, %v", specs, err)
	}
}

func TestNotationAndPlay(t *testing.T) {
	st, _ := pairsGame.New(nil)
	tests := []struct {
		move rules.Move
		text string
	}{
		{rules.NewMove(rules.Place, 1), "@b1"},
		{rules.NewMove(rules.Remove, 0), "xa1"},
		{rules.NewMove(rules.Step, 0, 1), "a1-b1"},
		{rules.NewMove(rules.Jump, 0, 2, 1), "a1xc1xb1"},
		{rules.NewMove(rules.Pass), "pass"},
		{rules.NewMove(rules.Swap), "swap"},
	}
	for _, tc := range tests {
		if got := rules.FormatMove(st, tc.move); got != tc.text {
			t.Errorf("FormatMove = %q, want %q", got, tc.text)
		}
	}
	m, err := rules.ParseMove(st, " @c1 ")
	if err != nil || m != rules.NewMove(rules.Place, 2) {
		t.Fatalf("ParseMove(@c1) = %v, %v", m, err)
	}
	for _, bad := range []string{"a1-b1", "@d1", "", "@"} {
		if _, err := rules.ParseMove(st, bad); !errors.Is(err, rules.ErrIllegalMove) {
			t.Errorf("ParseMove(%q) error %v, want ErrIllegalMove", bad, err)
		}
	}
	if err := rules.Play(st, rules.NewMove(rules.Step, 0, 1)); !errors.Is(err, rules.ErrIllegalMove) {
		t.Errorf("Play of an illegal move: %v", err)
	}
	if err := rules.Play(st, rules.NewMove(rules.Place, 0)); err != nil {
		t.Errorf("Play of a legal move: %v", err)
	}
	if !strings.Contains(rules.Text(st), "to move: white") {
		t.Errorf("Text after one placement:\n%s", rules.Text(st))
	}
}

// TestHistoryFilter compares Count, which skips the scan for a hash the filter has not
// seen, with a plain count over random hashes, many of them sharing their filter bit or
// repeating, through pushes and resets.
func TestHistoryFilter(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var h rules.History[[256]uint64]
	var held []uint64
	draw := func() uint64 {
		x := rng.Uint64()
		switch rng.IntN(4) {
		case 0:
			if len(held) > 0 { // the filter bit of a held hash, with other low bits
				x = held[rng.IntN(len(held))]&^(1<<54-1) | x&(1<<54-1)
			}
		case 1:
			if len(held) > 0 {
				x = held[rng.IntN(len(held))]
			}
		}
		return x
	}
	for i := range 20000 {
		if i%300 == 299 || h.Len() == h.Cap() {
			h.Reset()
			held = held[:0]
		}
		x := draw()
		h.Push(x)
		held = append(held, x)
		for range 3 {
			y := draw()
			want := 0
			for _, v := range held {
				if v == y {
					want++
				}
			}
			if got := h.Count(y); got != want {
				t.Fatalf("Count(%016x) = %d, want %d", y, got, want)
			}
		}
	}
}

func TestHistoryCountsAndRefusesToForget(t *testing.T) {
	var h rules.History[[64]uint64]
	h.Push(7)
	h.Push(9)
	h.Push(7)
	if h.Count(7) != 2 || h.Count(9) != 1 || h.Count(3) != 0 || h.Len() != 3 {
		t.Fatalf("counts %d %d %d len %d", h.Count(7), h.Count(9), h.Count(3), h.Len())
	}
	k1 := h.AppendKey(nil)
	g := h // a copy must be independent
	g.Push(1)
	if h.Count(1) != 0 || string(h.AppendKey(nil)) != string(k1) {
		t.Fatal("a copied history shares memory")
	}
	var other rules.History[[64]uint64]
	for _, v := range []uint64{9, 7, 7} {
		other.Push(v)
	}
	if string(other.AppendKey(nil)) != string(k1) {
		t.Error("the key depends on the order in which positions occurred")
	}
	for h.Len() < h.Cap() {
		h.Push(uint64(100 + h.Len()))
	}
	if h.Count(7) != 2 || h.Count(100+3) != 1 {
		t.Fatalf("a full history lost positions: count(7) %d", h.Count(7))
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("pushing onto a full history did not fail")
			}
		}()
		h.Push(1)
	}()
	h.Reset()
	if h.Len() != 0 || h.Count(7) != 0 {
		t.Fatal("Reset kept positions")
	}
}
