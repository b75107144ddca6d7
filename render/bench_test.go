package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"koma/rules"
	"koma/rules/board"
)

// benchPosition is a busy mid-game position with every kind of decoration.
func benchPosition(style rules.Style, topo *board.Topology) (*fakeState, Decorations) {
	st := newFake(testGame(style), topo)
	for s := range topo.Len() {
		switch s % 5 {
		case 0:
			st.stacks[s] = []rules.Piece{white}
		case 2:
			st.stacks[s] = []rules.Piece{black}
		case 3:
			if s%15 == 3 {
				st.stacks[s] = []rules.Piece{white, black, bKing}
			}
		}
	}
	d := Decorations{Selected: 0, Targets: []board.Site{1, 2, 3}, Movable: []board.Site{0, 5, 10}, LastMove: []board.Site{4, 6}}
	return st, d
}

func benchDraw(b *testing.B, style rules.Style, topo *board.Topology) {
	st, d := benchPosition(style, topo)
	dst := ebiten.NewImage(800, 800)
	defer dst.Deallocate()
	v := NewBoardView(st.game, topo)
	v.SetShowCoords(true)
	v.SetBounds(image.Rect(0, 0, 800, 800))
	v.Draw(dst, st, d) // builds the background and sprites
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		v.Draw(dst, st, d)
	}
	_ = dst.At(0, 0) // wait for the GPU work
}

func BenchmarkDrawSquare8(b *testing.B) { benchDraw(b, rules.Checkered, board.NewSquare(8, 8)) }
func BenchmarkDrawHex6(b *testing.B)    { benchDraw(b, rules.HexCells, board.NewHex(6)) }
func BenchmarkDrawPoints9x5(b *testing.B) {
	benchDraw(b, rules.Lines, board.NewPoints(9, 5))
}

// BenchmarkResize measures what a window resize costs: a new background and new sprites.
func BenchmarkResize(b *testing.B) {
	st, d := benchPosition(rules.Checkered, board.NewSquare(8, 8))
	dst := ebiten.NewImage(800, 800)
	defer dst.Deallocate()
	v := NewBoardView(st.game, st.topo)
	size := 600
	for b.Loop() {
		size = 1200 - size // alternate between two sizes
		v.SetBounds(image.Rect(0, 0, size, size))
		v.Draw(dst, st, d)
		_ = dst.At(0, 0) // include the GPU work, which is most of the cost
	}
}

func BenchmarkSiteAt(b *testing.B) {
	v := NewBoardView(testGame(rules.HexCells), board.NewHex(8))
	v.SetBounds(image.Rect(0, 0, 900, 900))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		v.SiteAt(float64(i%900), float64(i*7%900))
		i++
	}
}

const benchParagraph = "Players take turns. On your turn, jump one of your pieces over an adjacent enemy piece " +
	"onto the empty point beyond it and remove the enemy piece. 手番のプレイヤーは自分の駒で隣の相手の駒を" +
	"跳び越え、その先の空いている点に移って相手の駒を取ります。"

// BenchmarkWrapUncached measures line breaking itself, without WrapText's cache.
func BenchmarkWrapUncached(b *testing.B) {
	face := Face(16, false)
	rs := []rune(benchParagraph)
	b.ReportAllocs()
	for b.Loop() {
		wrapRanges(rs, 300, func(i, j int) float64 { return text.Advance(string(rs[i:j]), face) })
	}
}

func BenchmarkDrawRichText(b *testing.B) {
	dst := ebiten.NewImage(400, 400)
	defer dst.Deallocate()
	b.ReportAllocs()
	for b.Loop() {
		DrawRichText(dst, benchParagraph, 16, 0, 0, 300, Text)
	}
	_ = dst.At(0, 0)
}
