package render

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/rules"
	"koma/rules/board"
)

// TestShots writes pictures of every board kind for people to look at. It runs only when
// KOMA_SHOTS names a directory: pictures are for eyes, the other tests check pixels.
func TestShots(t *testing.T) {
	dir := os.Getenv("KOMA_SHOTS")
	if dir == "" {
		t.Skip("set KOMA_SHOTS=dir to write PNGs")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	save := func(name string, img *ebiten.Image) {
		t.Helper()
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, snapshot(img)); err != nil {
			t.Fatal(err)
		}
	}
	type shot struct {
		name    string
		game    *rules.Game
		topo    *board.Topology
		w, h    int
		coords  bool
		flipped bool
		setup   func(f *fakeState) Decorations
	}
	shots := []shot{
		{"square8.png", testGame(rules.Checkered), board.NewSquare(8, 8), 640, 640, true, false, func(f *fakeState) Decorations {
			f.put("a1", white).put("c1", white).put("e3", white).put("g1", wKing)
			f.put("b8", black).put("d6", black).put("f8", bKing).put("h6", black)
			f.put("d4", white, black, white).put("e5", black, black)
			f.put("c5", black)
			return Decorations{
				Selected: f.site("e3"),
				Targets:  []board.Site{f.site("f4"), f.site("d4"), f.site("c5")},
				Movable:  []board.Site{f.site("a1"), f.site("c1"), f.site("e3"), f.site("g1")},
				LastMove: []board.Site{f.site("b4"), f.site("d6")},
			}
		}},
		{"square6-plain-flipped.png", testGame(rules.Plain), board.NewSquare(6, 6), 480, 520, true, true, func(f *fakeState) Decorations {
			f.put("a1", black).put("b1", white).put("a2", white).put("f6", wKing).put("c3", bKing)
			return Decorations{Selected: board.NoSite, Targets: []board.Site{f.site("c4"), f.site("d5")}, LastMove: []board.Site{f.site("b3"), f.site("b5")}}
		}},
		{"hex5.png", testGame(rules.HexCells), board.NewHex(5), 640, 600, true, false, func(f *fakeState) Decorations {
			f.put("e5", white).put("f6", black).put("d4", black).put("g5", wKing).put("c3", white, black, white, white)
			f.put("e1", white).put("a9", black)
			return Decorations{Selected: f.site("e5"), Targets: []board.Site{f.site("e6"), f.site("f5"), f.site("f6")}, LastMove: []board.Site{f.site("d5"), f.site("d4")}}
		}},
		{"hex4-nocoords.png", testGame(rules.HexCells), board.NewHex(4), 420, 420, false, false, func(f *fakeState) Decorations {
			f.put("d4", white).put("e5", black).put("c3", black)
			return Decorations{Selected: board.NoSite}
		}},
		{"points5.png", testGame(rules.Lines), board.NewPoints(5, 5), 560, 560, true, false, func(f *fakeState) Decorations {
			for _, l := range []string{"a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "d3", "e3"} {
				f.put(l, white)
			}
			for _, l := range []string{"a5", "b5", "c5", "d5", "e5", "a4", "b4", "c4", "d4", "e4", "a3"} {
				f.put(l, black)
			}
			f.put("b3", bKing)
			return Decorations{Selected: f.site("d3"), Targets: []board.Site{f.site("c3")}, LastMove: []board.Site{f.site("c3"), f.site("b3")}}
		}},
		{"square8-small.png", testGame(rules.Checkered), board.NewSquare(8, 8), 220, 220, true, false, func(f *fakeState) Decorations {
			f.put("a1", white).put("b2", black).put("c3", wKing).put("d4", white, black)
			return Decorations{Selected: f.site("a1"), Targets: []board.Site{f.site("b2"), f.site("a2")}}
		}},
		{"hex3-hidpi.png", testGame(rules.HexCells), board.NewHex(3), 1100, 1000, true, true, func(f *fakeState) Decorations {
			f.put("c3", white).put("d4", bKing).put("b2", white, black, black)
			return Decorations{Selected: f.site("c3"), Targets: []board.Site{f.site("c4"), f.site("d4")}, Movable: []board.Site{f.site("c3"), f.site("a3")}, LastMove: []board.Site{f.site("e3"), f.site("d4")}}
		}},
		{"points9x5.png", testGame(rules.Lines), board.NewPoints(9, 5), 760, 460, true, false, func(f *fakeState) Decorations {
			f.put("a1", white).put("e3", white).put("i5", black).put("d4", black)
			return Decorations{Selected: board.NoSite, Movable: []board.Site{f.site("a1"), f.site("e3")}}
		}},
	}
	for _, s := range shots {
		f := newFake(s.game, s.topo)
		d := s.setup(f)
		img := ebiten.NewImage(s.w, s.h)
		img.Fill(Background)
		v := NewBoardView(s.game, s.topo)
		v.SetShowCoords(s.coords)
		v.SetFlipped(s.flipped)
		v.SetBounds(image.Rect(10, 10, s.w-10, s.h-10))
		v.Draw(img, f, d)
		save(s.name, img)
	}

	// An animation caught mid-jump, and text.
	g := testGame(rules.Checkered)
	topo := board.NewSquare(6, 6)
	before := newFake(g, topo).put("b1", white).put("c2", black).put("e4", black).put("f6", black)
	m := rules.NewMove(rules.Jump, before.site("b1"), before.site("d3"), before.site("f5"))
	after := before.Clone()
	after.Apply(m)
	a := NewAnimation(before, after, m)
	a.Advance(jumpHop + jumpHop/2)
	img := ebiten.NewImage(400, 400)
	img.Fill(Background)
	v := NewBoardView(g, topo)
	v.SetBounds(image.Rect(0, 0, 400, 400))
	v.Draw(img, after, Decorations{Selected: board.NoSite, Anim: a})
	save("anim-mid.png", img)

	img = ebiten.NewImage(560, 420)
	img.Fill(Background)
	DrawText(img, "Koma 駒 — Rules / ルール", 28, true, 20, 16, Text, AlignLeft)
	DrawText(img, "Centred\n二行目", 18, false, 280, 70, MutedText, AlignCenter)
	DrawText(img, "Right", 18, false, 540, 70, Accent, AlignRight)
	y := 140.0
	y += DrawRichText(img, "Players take turns. A **jump** must be made when possible; the jumped piece is **removed** from the board.", 17, 20, y, 520, Text)
	y += 10
	DrawRichText(img, "手番のプレイヤーは、自分の駒で相手の駒を**跳び越えて**取ります。「取れる駒」があるときは、必ず取らなければなりません。", 17, 20, y, 520, Text)
	save("text.png", img)
}
