package render

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/render/drawtest"
	"koma/rules"
	"koma/rules/board"
)

// Drawing needs a running game loop, so the tests run inside the first Update of one
// (the pattern of Ebitengine's own tests). Run them under xvfb-run on a headless machine.

func TestMain(m *testing.M) { drawtest.Main(m) }

// fakeState is the smallest rules.State that can hold any arrangement of pieces, stacks
// included. Only Pieces and the card matter to the renderer.
type fakeState struct {
	game   *rules.Game
	topo   *board.Topology
	stacks [][]rules.Piece
}

func newFake(g *rules.Game, t *board.Topology) *fakeState {
	return &fakeState{game: g, topo: t, stacks: make([][]rules.Piece, t.Len())}
}

// put places pieces (bottom first) on the site with the given label.
func (f *fakeState) put(label string, ps ...rules.Piece) *fakeState {
	s, err := f.topo.Parse(label)
	if err != nil {
		panic(err) // a typo in a test table
	}
	f.stacks[s] = append([]rules.Piece(nil), ps...)
	return f
}

func (f *fakeState) site(label string) board.Site {
	s, err := f.topo.Parse(label)
	if err != nil {
		panic(err)
	}
	return s
}

func (f *fakeState) Game() *rules.Game                      { return f.game }
func (f *fakeState) Variant() rules.Options                 { return nil }
func (f *fakeState) Board() *board.Topology                 { return f.topo }
func (f *fakeState) ToMove() rules.Player                   { return 0 }
func (f *fakeState) MidTurn() bool                          { return false }
func (f *fakeState) LegalMoves(d []rules.Move) []rules.Move { return d }
func (f *fakeState) Hash() uint64                           { return 0 }
func (f *fakeState) ComputeHash() uint64                    { return 0 }
func (f *fakeState) AppendKey(d []byte) []byte              { return d }
func (f *fakeState) Outcome() (rules.Outcome, bool)         { return rules.Outcome{}, false }
func (f *fakeState) CopyFrom(src rules.State)               { *f = *src.Clone().(*fakeState) }

// Apply moves whatever stands on the first site to the last and empties the sites jumped
// over, which is enough to animate steps and jumps.
func (f *fakeState) Apply(m rules.Move) {
	path := m.Sites()
	if len(path) < 2 {
		return
	}
	from, to := path[0], path[len(path)-1]
	mover := f.stacks[from]
	f.stacks[from] = nil
	for i := 0; i+1 < len(path); i++ {
		a, b := f.topo.Info(path[i]), f.topo.Info(path[i+1])
		mid := f.topo.At((a.Col+b.Col)/2, (a.Row+b.Row)/2)
		if mid != path[i] && mid != path[i+1] {
			f.stacks[mid] = nil
		}
	}
	f.stacks[to] = mover
}

func (f *fakeState) Clone() rules.State {
	c := &fakeState{game: f.game, topo: f.topo, stacks: make([][]rules.Piece, len(f.stacks))}
	for i, s := range f.stacks {
		c.stacks[i] = append([]rules.Piece(nil), s...)
	}
	return c
}

func (f *fakeState) Pieces(s board.Site, dst []rules.Piece) []rules.Piece {
	return append(dst, f.stacks[s]...)
}

var (
	white = rules.Piece{Owner: 0}
	black = rules.Piece{Owner: 1}
	wKing = rules.Piece{Owner: 0, Kind: 1}
	bKing = rules.Piece{Owner: 1, Kind: 1}
)

func testGame(style rules.Style) *rules.Game {
	return &rules.Game{
		ID:    "test",
		Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
		Style: style,
		Looks: []rules.Look{rules.Disc, rules.Crowned},
	}
}

// snapshot reads back every pixel of img.
func snapshot(img *ebiten.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(b)
	img.ReadPixels(out.Pix)
	return out
}

// near reports whether two colours differ by at most tol in every channel.
func near(a, b color.Color, tol int) bool {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	d := func(x, y uint32) bool {
		diff := int(x>>8) - int(y>>8)
		return diff <= tol && diff >= -tol
	}
	return d(ar, br) && d(ag, bg) && d(ab, bb)
}
