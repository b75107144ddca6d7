package scenes

// The move list: the game's turns as one column of numbered rows on the panel, scrolled by
// the wheel and its scrollbar, and kept on the turn shown on the board.

import (
	"fmt"
	"image"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
)

// moveRow is one numbered row of the move list: the turn of the player who moved first in
// the game, then the other player's reply. A side that had no turn there (an extra turn, a
// game begun by the other player) leaves its cell empty (-1).
type moveRow [2]int

// moveRows lays the turns out in rows, both sides on one row where the game alternates.
func moveRows(turns []match.Turn) []moveRow {
	var rows []moveRow
	if len(turns) == 0 {
		return rows
	}
	first := turns[0].Mover
	for i, t := range turns {
		col := 0
		if t.Mover != first {
			col = 1
		}
		if col == 1 && len(rows) > 0 && rows[len(rows)-1][1] == -1 {
			rows[len(rows)-1][1] = i
			continue
		}
		row := moveRow{-1, -1}
		row[col] = i
		rows = append(rows, row)
	}
	return rows
}

// rowOf is the row that holds turn, or the first row for none (-1, the starting position).
func rowOf(rows []moveRow, turn int) int {
	at := 0
	for r, row := range rows {
		if row[0] == turn || row[1] == turn {
			at = r
		}
	}
	return at
}

// listCell is a turn's place in the move list on screen.
type listCell struct {
	rect image.Rectangle
	turn int
}

// moveList is the move list's state between frames. Drawing lays it out, so input is
// tested against the list the person saw.
type moveList struct {
	// listTop is the first row on show; listFollow the row last kept in view, so that the
	// list follows the game (or the review) only when the current row changes, and a list
	// the person scrolled stays where they put it.
	listTop, listFollow int
	// listRows is how many rows there are, listVisible how many fit.
	listRows, listVisible int
	// listRect is the rows' area on screen, listTrack the scrollbar's rail (empty when
	// all rows fit); listCells the turns drawn.
	listRect, listTrack image.Rectangle
	listCells           []listCell
}

// newMoveList returns an empty list; no row has been followed yet.
func newMoveList() moveList { return moveList{listFollow: -1} }

// fitRows records rows rows of which visible fit, and brings curRow into view when it is not
// the row followed last time.
func (l *moveList) fitRows(rows, visible, curRow int) {
	l.listRows, l.listVisible = rows, visible
	if curRow != l.listFollow {
		// The current move came into the list or the review moved: keep it in view.
		l.listFollow = curRow
		if curRow < l.listTop {
			l.listTop = curRow
		} else if curRow >= l.listTop+visible {
			l.listTop = curRow - visible + 1
		}
	}
	l.clamp()
}

// clamp keeps the rows on show within the list.
func (l *moveList) clamp() {
	l.listTop = min(max(l.listTop, 0), max(0, l.listRows-l.listVisible))
}

// scroll moves the rows on show by n, down for positive n.
func (l *moveList) scroll(n int) {
	l.listTop += n
	l.clamp()
}

// page scrolls by a page towards y, a click on the scrollbar's rail: up when y is above
// the thumb's top, down otherwise.
func (l *moveList) page(y float64) {
	thumb := float64(l.listTrack.Min.Y) + float64(l.listTrack.Dy())*float64(l.listTop)/float64(max(1, l.listRows))
	if y < thumb {
		l.scroll(-l.listVisible)
	} else {
		l.scroll(l.listVisible)
	}
}

// turnAt is the turn drawn at p, if any.
func (l *moveList) turnAt(p image.Point) (int, bool) {
	for _, c := range l.listCells {
		if p.In(c.rect) {
			return c.turn, true
		}
	}
	return -1, false
}

// input scrolls the list under the pointer and pages it on a click on its scrollbar. It
// returns the turn clicked, or -1, and whether it used the click.
func (l *moveList) input(ctx *app.Context) (turn int, used bool) {
	in := ctx.Input()
	if x, y, ok := in.Cursor(); ok && image.Pt(int(x), int(y)).In(l.listRect) {
		if _, wy := in.Wheel(); wy != 0 {
			l.scroll(int(math.Round(wy * 3)))
			ctx.Invalidate()
		}
	}
	x, y, ok := in.Clicked()
	if !ok {
		return -1, false
	}
	p := image.Pt(int(x), int(y))
	if t, ok := l.turnAt(p); ok {
		return t, true
	}
	if p.In(l.listTrack) {
		l.page(y)
		ctx.Invalidate()
		return -1, true
	}
	return -1, false
}

// currentTurn is the turn whose end is the position after at decisions, or -1 at the
// start.
func currentTurn(turns []match.Turn, at int) int {
	for i := len(turns) - 1; i >= 0; i-- {
		if turns[i].First < at {
			return i
		}
	}
	return -1
}

// draw lays the list out between top and bottom and draws it: numbered rows, the turn cur
// lit and kept in view, a scrollbar when the list is longer than its room.
func (l *moveList) draw(dst *ebiten.Image, ctx *app.Context, m *match.Match, cur int, px, top, bottom, pw float64) {
	u := ctx.Unit()
	lineH := sizeSmall * u * render.LineHeight * 1.15
	l.listCells = l.listCells[:0]
	l.listRect, l.listTrack = image.Rectangle{}, image.Rectangle{}
	turns := m.Turns()
	if len(turns) == 0 || bottom-top < lineH*2+8*u {
		return
	}
	render.DrawText(dst, strings.ToUpper(ctx.T("game.moves")), sizeCaption*u, true, px, top, render.MutedText, render.AlignLeft)
	top += sizeCaption*u*render.LineHeight + 4*u
	rows := moveRows(turns)
	visible := max(1, int((bottom-top)/lineH))
	l.fitRows(len(rows), visible, rowOf(rows, cur))
	l.listRect = rectF(px, top, pw, float64(visible)*lineH)

	barW := 0.0
	if len(rows) > visible {
		barW = 10 * u
		l.listTrack = rectF(px+pw-6*u, top, 6*u, float64(visible)*lineH)
		ui.DrawScrollbar(dst, l.listTrack, float64(l.listTop)*lineH, float64(len(rows))*lineH, float64(visible)*lineH)
	}
	numW := 34 * u
	cellW := (pw - numW - barW) / 2
	for r := l.listTop; r < min(len(rows), l.listTop+visible); r++ {
		y := top + float64(r-l.listTop)*lineH
		render.DrawText(dst, fmt.Sprintf("%d.", r+1), sizeSmall*u, false, px, y, render.MutedText, render.AlignLeft)
		for c, ti := range rows[r] {
			if ti < 0 {
				continue
			}
			x := px + numW + float64(c)*cellW
			cell := rectF(x-4*u, y, cellW-2*u, lineH)
			l.listCells = append(l.listCells, listCell{rect: cell, turn: ti})
			t := turns[ti]
			current := ti == cur
			if current {
				render.FillRoundedRect(dst, x-4*u, y, cellW-2*u, lineH, 6*u, render.ButtonHover)
			} else if hovered(ctx, cell) {
				render.FillRoundedRect(dst, x-4*u, y, cellW-2*u, lineH, 6*u, withAlpha(render.ButtonHover, 0.6))
			}
			drawPieceDisc(dst, rules.ColourOf(m.Before(t.First), t.Mover), x+5*u, y+lineH/2, 4.5*u, u*0.5)
			text := render.Ellipsize(turnText(ctx, m, t), sizeSmall*u, current, cellW-22*u)
			render.DrawText(dst, text, sizeSmall*u, current, x+14*u, y+(lineH-sizeSmall*u*render.LineHeight)/2, render.Text, render.AlignLeft)
		}
	}
}

// turnText writes one turn of m: each decision it took, a Stop left out because the line
// ends there anyway.
func turnText(ctx *app.Context, m *match.Match, t match.Turn) string {
	parts := make([]string, 0, t.End-t.First)
	for d := t.First; d < t.End; d++ {
		if m.Move(d).Kind == rules.Stop && d > t.First {
			continue
		}
		parts = append(parts, moveText(ctx, m.Before(d), m.Move(d)))
	}
	return strings.Join(parts, " ")
}
