package scenes

import (
	"image"
	"testing"

	"koma/app/match"
)

// uniformRows is fitRows for rows of one line each, visible of which fit.
func (l *moveList) uniformRows(rows, visible, curRow int) {
	heights := make([]int, rows)
	for i := range heights {
		heights[i] = 1
	}
	l.fitRows(heights, visible, curRow)
}

// TestMoveListFollows checks that the list keeps the current row in view, unless the
// person scrolled it away from a row that has not changed since.
func TestMoveListFollows(t *testing.T) {
	tests := []struct {
		name                string
		top, follow         int
		scrolled            bool
		rows, visible, cur  int
		wantTop, wantFollow int
	}{
		{"a new game", 0, -1, false, 1, 5, 0, 0, 0},
		{"the latest row comes into view", 0, 4, false, 6, 5, 5, 1, 5},
		{"a row far below", 0, 0, false, 40, 10, 30, 21, 30},
		{"a row above", 20, 29, false, 40, 10, 3, 3, 3},
		{"a row in view stays", 10, 12, false, 40, 10, 14, 10, 14},
		{"a scrolled list stays while the row does not change", 0, 30, true, 40, 10, 30, 0, 30},
		{"a scrolled list follows a new row", 0, 29, true, 40, 10, 30, 21, 30},
		{"a list whose room shrank keeps the row in view", 10, 19, false, 40, 6, 19, 14, 19},
		{"the top is kept within the list", 35, 39, false, 40, 10, 39, 30, 39},
		{"a list shorter than its room starts at the top", 3, 2, false, 4, 10, 2, 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := moveList{listTop: tt.top, listFollow: tt.follow, listScrolled: tt.scrolled}
			l.uniformRows(tt.rows, tt.visible, tt.cur)
			if l.listTop != tt.wantTop || l.listFollow != tt.wantFollow {
				t.Errorf("top %d, following %d; want %d, %d", l.listTop, l.listFollow, tt.wantTop, tt.wantFollow)
			}
			if want := min(tt.visible, tt.rows-tt.wantTop); l.listRows != tt.rows || l.listRoom != tt.visible || l.listVisible != want {
				t.Errorf("rows %d, room %d, %d on show; want %d, %d, %d", l.listRows, l.listRoom, l.listVisible, tt.rows, tt.visible, want)
			}
		})
	}
}

// TestMoveListScrolls checks the wheel's and the scrollbar's steps, which stop at either
// end of the list.
func TestMoveListScrolls(t *testing.T) {
	// 40 rows, 10 on show; the rail runs from y=100 to y=200, so the thumb's top is at
	// 100 + 100*top/40.
	tests := []struct {
		name    string
		top     int
		scroll  int
		pageAt  float64 // a click on the rail at this y, when not 0
		wantTop int
	}{
		{"down", 5, 3, 0, 8},
		{"up", 5, -3, 0, 2},
		{"up past the first row", 1, -6, 0, 0},
		{"down past the last page", 28, 6, 0, 30},
		{"a click above the thumb pages up", 20, 0, 120, 10},
		{"a click below the thumb's top pages down", 20, 0, 160, 30},
		{"a page up from near the top", 4, 0, 100.5, 0},
		{"a click just below the thumb's top pages down", 20, 0, 150.5, 30},
		{"a click just above the thumb's top pages up", 20, 0, 149.5, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := moveList{listTop: tt.top, listTrack: image.Rect(300, 100, 306, 200)}
			l.uniformRows(40, 10, tt.top)
			if tt.scroll != 0 {
				l.scroll(tt.scroll)
			}
			if tt.pageAt != 0 {
				l.page(tt.pageAt)
			}
			if l.listTop != tt.wantTop {
				t.Errorf("top %d, want %d", l.listTop, tt.wantTop)
			}
		})
	}
}

// TestMoveListInput drives the list with fake input: the wheel scrolls only under the
// pointer, a click on a turn names it, a click on the rail pages, any other click is not
// the list's.
func TestMoveListInput(t *testing.T) {
	cells := []listCell{{rect: image.Rect(10, 100, 60, 120), turn: 6}, {rect: image.Rect(60, 100, 110, 120), turn: 7}}
	tests := []struct {
		name              string
		move              image.Point
		wheel             float64
		click             *image.Point
		wantTurn, wantTop int
		wantUsed          bool
	}{
		{name: "the wheel over the list", move: image.Pt(50, 150), wheel: 2, wantTurn: -1, wantTop: 16},
		{name: "the wheel beside the list", move: image.Pt(500, 150), wheel: 2, wantTurn: -1, wantTop: 10},
		{name: "a click on a turn", click: &image.Point{70, 110}, wantTurn: 7, wantTop: 10, wantUsed: true},
		{name: "a click on the rail", click: &image.Point{302, 190}, wantTurn: -1, wantTop: 20, wantUsed: true},
		{name: "a click elsewhere", click: &image.Point{500, 500}, wantTurn: -1, wantTop: 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, in := bareApp(t, 800, 600, &stubScene{}, nil)
			l := moveList{listTop: 10, listCells: cells,
				listRect: image.Rect(10, 100, 306, 300), listTrack: image.Rect(300, 100, 306, 300)}
			l.uniformRows(40, 10, 10)
			switch {
			case tt.click != nil:
				in.Click(float64(tt.click.X), float64(tt.click.Y))
				in.Update()
			default:
				in.Move(float64(tt.move.X), float64(tt.move.Y))
				in.Scroll(tt.wheel)
				in.Update()
				in.Update()
			}
			turn, used := l.input(a.Context())
			if turn != tt.wantTurn || used != tt.wantUsed || l.listTop != tt.wantTop {
				t.Errorf("turn %d, used %v, top %d; want %d, %v, %d", turn, used, l.listTop, tt.wantTurn, tt.wantUsed, tt.wantTop)
			}
		})
	}
}

// TestCurrentTurn checks which turn the list lights for the position after n decisions.
func TestCurrentTurn(t *testing.T) {
	turns := []match.Turn{{First: 0, End: 1}, {First: 1, End: 3}, {First: 3, End: 4}}
	for n, want := range []int{-1, 0, 1, 1, 2} {
		if got := currentTurn(turns, n); got != want {
			t.Errorf("after %d decisions: turn %d, want %d", n, got, want)
		}
	}
}
