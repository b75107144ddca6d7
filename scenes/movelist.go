package scenes

// The move list: the game's turns in numbered cells on the panel, two to a row, scrolled by
// the wheel and its scrollbar, and kept on the turn shown on the board.

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
)

// moveRow is one row of the move list: the turn of the player who moved first in the game,
// then the other player's reply. A side that had no turn there (an extra turn, a game begun
// by the other player) leaves its cell empty (-1).
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
// The starting position is looked for apart: -1 also marks the empty cells, and matching
// those would put the start on the last row with a gap.
func rowOf(rows []moveRow, turn int) int {
	if turn < 0 {
		return 0
	}
	for r, row := range rows {
		if row[0] == turn || row[1] == turn {
			return r
		}
	}
	return 0
}

// moveNumber is the number the move list gives the turn with index turn: every turn is a
// move, counted from 1, whichever side played it. The review's headline, the menu's
// Continue card and the question before a game is replaced count the same way.
func moveNumber(turn int) int { return turn + 1 }

// latestMove is the number of m's latest move, 0 before the first.
func latestMove(m *match.Match) int { return moveNumber(len(m.Turns()) - 1) }

// listCell is a turn's place in the move list on screen, with the number and the lines of
// it shown.
type listCell struct {
	rect   image.Rectangle
	turn   int
	number int
	lines  []string
}

// moveList is the move list's state between frames. Drawing lays it out, so input is
// tested against the list the person saw.
type moveList struct {
	// listTop is the first row on show; listFollow the row of the current move when the list
	// last followed it, so that a new current move is brought into view.
	listTop, listFollow int
	// listScrolled is set when the person scrolled the list: it then stays where they put
	// it until the current move changes. Otherwise the current move is kept in view every
	// frame, since the list's room changes while the current row does not (an explanation
	// makes the status card taller, a choice's buttons come and go, the second move of a
	// row comes in below a taller status).
	listScrolled bool
	// listRows is how many rows there are, listVisible how many are on show from listTop;
	// listHeights is each row's height in lines (a long turn wraps onto more lines of its
	// row), listRoom the lines the list has room for.
	listRows, listVisible int
	listHeights           []int
	listRoom              int
	// listRect is the rows' area on screen, listTrack the scrollbar's rail (empty when
	// all rows fit); listCells the turns drawn.
	listRect, listTrack image.Rectangle
	listCells           []listCell
	// listLegend is the key to the notation drawn under the list, if any.
	listLegend string
}

// newMoveList returns an empty list; no row has been followed yet.
func newMoveList() moveList { return moveList{listFollow: -1} }

// fitRows records the rows' heights and the room for them, in lines, and keeps curRow in
// view: always when it is new, and otherwise unless the person scrolled the list away.
func (l *moveList) fitRows(heights []int, room, curRow int) {
	l.listHeights = append(l.listHeights[:0], heights...)
	l.listRows, l.listRoom = len(heights), max(1, room)
	if curRow != l.listFollow {
		// The current move came into the list or the review moved: follow it again.
		l.listFollow, l.listScrolled = curRow, false
	}
	if !l.listScrolled && curRow >= 0 && curRow < l.listRows {
		if curRow < l.listTop {
			l.listTop = curRow
		}
		for l.listTop < curRow && l.linesBetween(l.listTop, curRow+1) > l.listRoom {
			l.listTop++
		}
	}
	l.clamp()
}

// linesBetween is the height in lines of rows [from, to).
func (l *moveList) linesBetween(from, to int) int {
	n := 0
	for r := max(from, 0); r < min(to, len(l.listHeights)); r++ {
		n += l.listHeights[r]
	}
	return n
}

// shownFrom is how many rows from top fit the room; at least one, so that a row taller
// than the whole list is still shown (cut).
func (l *moveList) shownFrom(top int) int {
	n, lines := 0, 0
	for r := top; r < l.listRows; r++ {
		lines += l.listHeights[r]
		if lines > l.listRoom && n > 0 {
			break
		}
		n++
	}
	return n
}

// lastTop is the first row of the last page: the top that shows the list's end.
func (l *moveList) lastTop() int {
	top := l.listRows
	for top > 0 && l.linesBetween(top-1, l.listRows) <= l.listRoom {
		top--
	}
	return min(top, max(0, l.listRows-1))
}

// clamp keeps the rows on show within the list.
func (l *moveList) clamp() {
	l.listTop = min(max(l.listTop, 0), l.lastTop())
	l.listVisible = l.shownFrom(l.listTop)
}

// scroll moves the rows on show by n, down for positive n, as the person asked: the list
// stays there until the current move changes.
func (l *moveList) scroll(n int) {
	before := l.listTop
	l.listTop += n
	l.clamp()
	l.listScrolled = l.listScrolled || l.listTop != before
}

// page scrolls by a page towards y, a click on the scrollbar's rail: up when y is above
// the thumb's top, down otherwise.
func (l *moveList) page(y float64) {
	total := max(1, l.linesBetween(0, l.listRows))
	thumb := float64(l.listTrack.Min.Y) + float64(l.listTrack.Dy())*float64(l.linesBetween(0, l.listTop))/float64(total)
	if y < thumb {
		l.scroll(-max(1, l.listVisible))
	} else {
		l.scroll(max(1, l.listVisible))
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

// listMetrics are the move list's measures: a line's height, and in each cell the room
// for the move's number and where its text starts.
type listMetrics struct {
	lineH, numW, textX float64
}

func newListMetrics(ctx *app.Context) listMetrics {
	u := ctx.Unit()
	// Room for three digits whatever the game's length, so that the texts line up and no
	// row rewraps when the game reaches its tenth or hundredth move.
	w, _ := render.MeasureText("000", sizeCaption*u, false)
	numW := w + 6*u
	return listMetrics{lineH: sizeSmall * u * render.LineHeight * 1.15, numW: numW, textX: numW + 14*u}
}

// listMarks are the analysis's part of the move list: the mark of each turn, how many of
// each kind each side's turns earned (shown once the analysis covers the game), and the
// button that asks for the analysis or shows its progress (action, nil when none is on
// offer). Both go on the list's caption line, so that nothing of the analysis moves the
// list.
type listMarks struct {
	marks  []markKind
	counts [2][4]int
	shown  bool
	action *ui.Button
}

// of is the mark of turn ti.
func (lm listMarks) of(ti int) markKind {
	if ti < 0 || ti >= len(lm.marks) {
		return markNone
	}
	return lm.marks[ti]
}

// draw lays the list out between top and bottom and draws it: a cell per turn with its
// number and its mark from the analysis (marks), the turn cur lit and kept in view, a
// scrollbar when the list is longer than its room, the count of each side's marks above
// its column, and the game's key to its notation under it when the game has one.
func (l *moveList) draw(dst *ebiten.Image, ctx *app.Context, m *match.Match, cur int, marks listMarks, px, top, bottom, pw float64) {
	u := ctx.Unit()
	turns := m.Turns()
	mt := newListMetrics(ctx)
	lineH := mt.lineH
	l.listCells, l.listLegend = l.listCells[:0], ""
	l.listRect, l.listTrack = image.Rectangle{}, image.Rectangle{}
	if len(turns) == 0 || bottom-top < lineH*2+8*u {
		return
	}
	caption := strings.ToUpper(ctx.T("game.moves"))
	if !l.drawCaptionEnd(dst, ctx, m, marks, caption, px, top, pw, mt) {
		render.DrawText(dst, caption, sizeCaption*u, true, px, top, render.MutedText, render.AlignLeft)
	}
	top += sizeCaption*u*render.LineHeight + 4*u
	// The key to the game's notation ("A marks a capture by approach") goes right under
	// the rows, taken from their room as long as two rows still fit.
	var legend []string
	if text := notationLegend(ctx, m.Spec().Game); text != "" {
		legend = render.WrapText(text, sizeCaption*u, false, pw)
		if bottom-top-legendHeight(ctx, legend) < 2*lineH {
			legend = nil
		} else {
			bottom -= legendHeight(ctx, legend)
			l.listLegend = text
		}
	}
	rows := moveRows(turns)
	barW := 10 * u
	cellW := (pw - barW) / 2
	room := max(1, int((bottom-top)/lineH))
	lh := sizeCaption * u * render.LineHeight
	for i, s := range legend {
		render.DrawText(dst, s, sizeCaption*u, false, px, top+float64(room)*lineH+6*u+float64(i)*lh, render.MutedText, render.AlignLeft)
	}
	textW := cellW - mt.textX - 6*u
	// Each turn wraps within its cell; a row is as tall as its longer cell. The widths
	// are measured in bold, the weight of the current move, so that lighting a move never
	// rewraps its row and moves the list under the pointer.
	texts := make([][]string, len(turns))
	heights := make([]int, len(rows))
	for r, row := range rows {
		heights[r] = 1
		for _, ti := range row {
			if ti < 0 {
				continue
			}
			text := turnText(ctx, m, turns[ti])
			if k := marks.of(ti); k != markNone {
				text += " " + k.symbol()
			}
			texts[ti] = render.WrapText(text, sizeSmall*u, true, textW)
			heights[r] = max(heights[r], min(len(texts[ti]), room))
		}
	}
	l.fitRows(heights, room, rowOf(rows, cur))
	l.listRect = rectF(px, top, pw, float64(room)*lineH)
	if l.linesBetween(0, len(rows)) > room {
		l.listTrack = rectF(px+pw-6*u, top, 6*u, float64(room)*lineH)
		ui.DrawScrollbar(dst, l.listTrack, float64(l.linesBetween(0, l.listTop))*lineH,
			float64(l.linesBetween(0, len(rows)))*lineH, float64(room)*lineH)
	}
	y := top
	for r := l.listTop; r < l.listTop+l.listVisible; r++ {
		rowH := float64(heights[r]) * lineH
		for c, ti := range rows[r] {
			if ti >= 0 {
				cell := rectF(px+float64(c)*cellW, y, cellW-4*u, rowH)
				l.drawCell(dst, ctx, m, ti, ti == cur, marks.of(ti), texts[ti], heights[r], cell, mt)
			}
		}
		y += rowH
	}
}

// legendHeight is the height of the key to the notation under the list, in lines.
func legendHeight(ctx *app.Context, lines []string) float64 {
	return float64(len(lines))*sizeCaption*ctx.Unit()*render.LineHeight + 6*ctx.Unit()
}

// notationLegend is the game's key to the letters of its notation, such as Fanorona's A
// and W, from its rules text; "" for the games whose notation needs none.
func notationLegend(ctx *app.Context, g *rules.Game) string {
	return label(rulesDoc(ctx, g), "notation.legend", "")
}

// drawCell draws the turn ti in cell: its number, the mover's colour and up to maxLines
// of the turn's text, the last ending in an ellipsis if the text goes on, and the
// analysis's mark in its colour; lit when it is the current move.
func (l *moveList) drawCell(dst *ebiten.Image, ctx *app.Context, m *match.Match, ti int, current bool, mark markKind, lines []string, maxLines int, cell image.Rectangle, mt listMetrics) {
	u := ctx.Unit()
	shown := lines[:min(len(lines), maxLines)]
	number := moveNumber(ti)
	l.listCells = append(l.listCells, listCell{rect: cell, turn: ti, number: number, lines: shown})
	x, y := float64(cell.Min.X), float64(cell.Min.Y)
	w, h := float64(cell.Dx()), float64(cell.Dy())
	if current {
		render.FillRoundedRect(dst, x, y, w, h, 6*u, render.ButtonHover)
	} else if hovered(ctx, cell) {
		render.FillRoundedRect(dst, x, y, w, h, 6*u, withAlpha(render.ButtonHover, 0.6))
	}
	t := m.Turns()[ti]
	numY := y + (mt.lineH-sizeCaption*u*render.LineHeight)/2
	render.DrawText(dst, fmt.Sprint(number), sizeCaption*u, false, x+mt.numW-4*u, numY, render.MutedText, render.AlignRight)
	drawPieceDisc(dst, rules.ColourOf(m.Before(t.First), t.Mover), x+mt.numW+5*u, y+mt.lineH/2, 4.5*u, u*0.5)
	textY := y + (mt.lineH-sizeSmall*u*render.LineHeight)/2
	for i, s := range shown {
		ly := textY + float64(i)*mt.lineH
		if i == maxLines-1 && len(lines) > maxLines {
			// Only a turn longer than the whole list is cut.
			s = render.Ellipsize(s+"…", sizeSmall*u, true, w-mt.textX-6*u)
		}
		if sym := mark.symbol(); i == len(lines)-1 && sym != "" && strings.HasSuffix(s, sym) {
			// The mark ends the turn's last line, in its colour and always bold.
			s = strings.TrimSuffix(s, sym)
			sw, _ := render.MeasureText(s, sizeSmall*u, current)
			render.DrawText(dst, sym, sizeSmall*u, true, x+mt.textX+sw, ly, mark.colour(), render.AlignLeft)
		}
		render.DrawText(dst, s, sizeSmall*u, current, x+mt.textX, ly, render.Text, render.AlignLeft)
	}
}

// drawCaptionEnd draws the end of the list's caption line, right-aligned: the button
// that asks for the analysis (or its progress), else the count of each side's marks, the
// first mover's first, each as the side's disc then "?!1 ?1 ??0" in the marks' colours. It
// draws the caption itself before them and reports true when they leave it room, and
// drops it when they do not; it reports false, drawing nothing, when there is nothing to
// add.
func (l *moveList) drawCaptionEnd(dst *ebiten.Image, ctx *app.Context, m *match.Match, marks listMarks, caption string, px, y, pw float64, mt listMetrics) bool {
	u := ctx.Unit()
	size := sizeCaption * u
	capW, _ := render.MeasureText(caption, size, true)
	lh := size * render.LineHeight
	if b := marks.action; b != nil {
		w, _ := render.MeasureText(b.Label, size, true)
		b.Rect = rectF(px+pw-w-12*u, y-3*u, w+12*u, lh+6*u)
		ink := render.Accent
		if b.Disabled {
			ink = render.MutedText
		} else if hovered(ctx, b.Rect) {
			render.FillRoundedRect(dst, float64(b.Rect.Min.X), float64(b.Rect.Min.Y), float64(b.Rect.Dx()), float64(b.Rect.Dy()), 6*u, render.ButtonHover)
		}
		render.DrawText(dst, b.Label, size, true, px+pw-6*u, y, ink, render.AlignRight)
		if capW+w+24*u <= pw {
			render.DrawText(dst, caption, size, true, px, y, render.MutedText, render.AlignLeft)
		}
		return true
	}
	if !marks.shown {
		return false
	}
	// The counts, measured first: they are drawn from the right.
	type piece struct {
		text string
		ink  color.NRGBA
		bold bool
		disc rules.Colour
	}
	var pieces []piece
	turns := m.Turns()
	first := rules.Player(0)
	if len(turns) > 0 {
		first = turns[0].Mover
	}
	for i, p := range []rules.Player{first, first.Other()} {
		if i > 0 {
			pieces = append(pieces, piece{text: " "})
		}
		pieces = append(pieces, piece{disc: rules.ColourOf(m.State(), p)})
		for k := markInaccuracy; k <= markBlunder; k++ {
			n := 0
			if p >= 0 && p < 2 {
				n = marks.counts[p][k]
			}
			pieces = append(pieces, piece{text: k.symbol(), ink: k.colour(), bold: true}, piece{text: fmt.Sprint(n), ink: render.Text})
		}
	}
	widths := make([]float64, len(pieces))
	total := 0.0
	for i, pc := range pieces {
		if pc.text == "" {
			widths[i] = 14 * u
		} else {
			widths[i], _ = render.MeasureText(pc.text, size, pc.bold)
			widths[i] += 3 * u
		}
		total += widths[i]
	}
	x := px + pw - total
	if capW+total+12*u <= pw {
		render.DrawText(dst, caption, size, true, px, y, render.MutedText, render.AlignLeft)
	} else {
		x = max(px, x)
	}
	for i, pc := range pieces {
		if pc.text == "" {
			drawPieceDisc(dst, pc.disc, x+5*u, y+lh/2, 4.5*u, u*0.5)
		} else {
			render.DrawText(dst, pc.text, size, pc.bold, x, y, pc.ink, render.AlignLeft)
		}
		x += widths[i]
	}
	return true
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
