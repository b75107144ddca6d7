package scenes

// The graph of the analysis under the board: player 0's chance after every decision of the
// game, from 0 at the foot to 1 at the top, the marked moves as dots on it, the position on
// the board as a line; a click goes to the position under the pointer. While the analysis
// runs, the part not judged yet carries its progress.

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"koma/app"
	"koma/app/match"
	"koma/render"
	"koma/rules"
)

// graphGeom is where the graph draws: the plot's rectangle and the positions it spans.
type graphGeom struct {
	x, y, w, h  float64
	first, last int
}

// newGraphGeom lays the plot out in r, for the positions from first to last decisions.
// The left edge keeps room for the sides' discs, which say which way is whose.
func newGraphGeom(ctx *app.Context, r image.Rectangle, first, last int) graphGeom {
	u := ctx.Unit()
	left, pad := 26*u, 6*u
	return graphGeom{
		x: float64(r.Min.X) + left, y: float64(r.Min.Y) + pad,
		w: float64(r.Dx()) - left - pad, h: float64(r.Dy()) - 2*pad,
		first: first, last: last,
	}
}

// px is the x of the position after n decisions.
func (g graphGeom) px(n int) float64 {
	if g.last <= g.first {
		return g.x
	}
	return g.x + g.w*float64(n-g.first)/float64(g.last-g.first)
}

// py is the y of player 0's share v. A share of 0 or 1 stays a line's width inside the
// plot, so that a won game's line is not lost in the plot's border.
func (g graphGeom) py(v float64) float64 {
	in := min(2.0, g.h/8)
	return g.y + in + (g.h-2*in)*(1-min(max(v, 0), 1))
}

// at is the position whose x is nearest to x.
func (g graphGeom) at(x float64) int {
	if g.last <= g.first || g.w <= 0 {
		return g.first
	}
	n := g.first + int(math.Round((x-g.x)/g.w*float64(g.last-g.first)))
	return min(max(n, g.first), g.last)
}

// graphRect is where the graph goes: the room the layout keeps under the board, as wide
// as the board's frame above it where that leaves a readable graph, so that the two line
// up.
func (g *Game) graphRect(ctx *app.Context) image.Rectangle {
	r := g.sidePanel.graph
	f := g.view.Rect()
	x0, x1 := max(r.Min.X, f.Min.X), min(r.Max.X, f.Max.X)
	if float64(x1-x0) < min(float64(r.Dx()), 320*ctx.Unit()) {
		return r
	}
	return image.Rect(x0, r.Min.Y, x1, r.Max.Y)
}

// showsGraph reports whether the graph is on show: there is room for it under the board,
// and the analysis has begun.
func (g *Game) showsGraph() bool {
	return g.graphRoom() && g.reviewer.analysis.until != live
}

// graphRoom reports whether the room under the board is there for the analysis: a game
// with moves, not a practice board, and a window large enough.
func (g *Game) graphRoom() bool {
	r := g.sidePanel.graph
	return !g.practice && r.Dy() > 0 && r.Dx() > 0 && g.m.Len() > g.m.Floor()
}

// offersAnalysis reports whether the room under the board offers the analysis, which
// nobody has asked for yet: the whole strip is then its button, as the move list's
// caption line has one, and a small window whose panel has no list still has this one.
func (g *Game) offersAnalysis() bool {
	return g.graphRoom() && g.reviewer.analysis.until == live
}

// drawGraphOffer draws the room under the board as the button that asks for the analysis.
func (g *Game) drawGraphOffer(dst *ebiten.Image, ctx *app.Context) {
	u := ctx.Unit()
	r := g.graphRect(ctx)
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	fill := withAlpha(render.Panel, 0.6)
	if hovered(ctx, r) {
		fill = render.ButtonHover
	}
	render.FillRoundedRect(dst, x, y, w, h, 8*u, fill)
	render.StrokeRoundedRect(dst, x, y, w, h, 8*u, u, render.PanelBorder)
	size := sizeSmall * u
	render.DrawText(dst, ctx.T("analysis.start"), size, true, x+w/2, y+h/2-size*render.LineHeight/2, render.Accent, render.AlignCenter)
}

// nearestStop is the stop of review (see stops) nearest to the position after n decisions:
// a click on the graph shows the position after a whole turn, as the move list does.
func nearestStop(m *match.Match, n int) int {
	dist := func(s int) int { return max(s-n, n-s) }
	best := m.Floor()
	for _, s := range stops(m) {
		if dist(s) < dist(best) {
			best = s
		}
	}
	return best
}

// graphClick handles a click on the graph: the board shows the position under it; or,
// before anyone asked for the analysis, the click asks for it. It reports whether the
// click was the graph's.
func (g *Game) graphClick(ctx *app.Context) bool {
	x, y, ok := ctx.Input().Clicked()
	r := g.graphRect(ctx)
	if !ok || !g.graphRoom() || !image.Pt(int(x), int(y)).In(r) {
		return false
	}
	if g.offersAnalysis() {
		g.startAnalysis(ctx)
		return true
	}
	geo := newGraphGeom(ctx, r, g.m.Floor(), g.m.Len())
	g.showTurnEnd(ctx, nearestStop(g.m, geo.at(x)))
	return true
}

// drawGraph draws the graph of the analysis under the board, when it is on show.
func (g *Game) drawGraph(dst *ebiten.Image, ctx *app.Context) {
	if g.offersAnalysis() {
		g.drawGraphOffer(dst, ctx)
		return
	}
	if !g.showsGraph() {
		return
	}
	a := &g.reviewer.analysis
	u := ctx.Unit()
	r := g.graphRect(ctx)
	render.FillRoundedRect(dst, float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), 8*u, render.Panel)
	render.StrokeRoundedRect(dst, float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), 8*u, u, render.PanelBorder)
	m := g.m
	geo := newGraphGeom(ctx, r, m.Floor(), m.Len())
	st := m.State()
	colour := func(p rules.Player) rules.Colour { return rules.ColourOf(st, p) }
	// Whose way is up: player 0's disc at the top, player 1's at the foot.
	dx := float64(r.Min.X) + 13*u
	drawPieceDisc(dst, colour(0), dx, geo.y+5*u, 5*u, u)
	drawPieceDisc(dst, colour(1), dx, geo.y+geo.h-5*u, 5*u, u)

	shares := a.shares(m)
	known := len(shares) - 1 // the last position whose share is known
	// The plot's ground: the other side's colour where the analysis has judged, the
	// panel's paper where it has not yet.
	fillRect(dst, geo.x, geo.y, geo.w, geo.h, render.Panel)
	if known > geo.first {
		x1 := geo.px(known)
		fillRect(dst, geo.x, geo.y, x1-geo.x, geo.h, pieceFill(colour(1)))
		// Player 0's share rises from the foot in its colour.
		pts := []float64{geo.x, geo.y + geo.h}
		for n := geo.first; n <= known; n++ {
			pts = append(pts, geo.px(n), geo.py(shares[n]))
		}
		pts = append(pts, x1, geo.y+geo.h)
		render.FillPolygon(dst, pts, pieceFill(colour(0)))
		var line vector.Path
		line.MoveTo(float32(pts[2]), float32(pts[3]))
		for i := 4; i+1 < len(pts)-2; i += 2 {
			line.LineTo(float32(pts[i]), float32(pts[i+1]))
		}
		render.StrokePath(dst, &line, 1.5*u, render.MutedText)
	}
	// Even chances.
	render.StrokeLine(dst, geo.x, geo.py(0.5), geo.x+geo.w, geo.py(0.5), u, withAlpha(render.MutedText, 0.7))
	strokeRect(dst, geo.x, geo.y, geo.w, geo.h, u, render.PanelBorder)

	// The position on the board, and the one under the pointer.
	at := g.shownAt()
	render.StrokeLine(dst, geo.px(at), geo.y-3*u, geo.px(at), geo.y+geo.h+3*u, 2*u, render.Accent)
	hover := -1
	if x, y, ok := ctx.Input().Cursor(); ok && image.Pt(int(x), int(y)).In(r) {
		hover = nearestStop(m, geo.at(x))
		render.StrokeLine(dst, geo.px(hover), geo.y, geo.px(hover), geo.y+geo.h, u, withAlpha(render.Accent, 0.6))
	}

	// The marked moves, where their turn ends.
	turns := m.Turns()
	for i, j := range a.turnJudgements(m) {
		if j.mark == markNone || turns[i].End >= len(shares) {
			continue
		}
		t := turns[i]
		rad := 3.5 * u
		if j.mark == markBlunder {
			rad = 4.5 * u
		}
		cx, cy := geo.px(t.End), geo.py(shares[t.End])
		render.FillCircle(dst, cx, cy, rad+1.2*u, render.Panel)
		render.FillCircle(dst, cx, cy, rad, j.mark.colour())
	}

	if done, total := a.progress(m.Floor()); a.running(m.Floor()) && total > 0 {
		g.drawGraphProgress(dst, ctx, geo, known, done, total)
	} else if hover >= 0 && hover < len(shares) {
		g.drawGraphTip(dst, ctx, geo, hover, shares[hover])
	}
}

// drawGraphProgress writes the analysis's progress on the part of the plot not judged yet,
// over a bar that fills as it goes.
func (g *Game) drawGraphProgress(dst *ebiten.Image, ctx *app.Context, geo graphGeom, known, done, total int) {
	u := ctx.Unit()
	x0 := geo.x
	if known > geo.first {
		x0 = geo.px(known)
	}
	frac := float64(done) / float64(total)
	bh := 4 * u
	by := geo.y + geo.h - bh - 3*u
	render.FillRoundedRect(dst, geo.x+4*u, by, geo.w-8*u, bh, bh/2, render.ButtonHover)
	render.FillRoundedRect(dst, geo.x+4*u, by, (geo.w-8*u)*frac, bh, bh/2, render.Accent)
	text := ctx.T("analysis.running", int(frac*100))
	size := sizeCaption * u
	tw, _ := render.MeasureText(text, size, true)
	// The words sit in the part still blank when it has room, else at the plot's right.
	tx := (x0 + geo.x + geo.w) / 2
	if geo.x+geo.w-x0 < tw+16*u {
		tx = geo.x + geo.w - tw/2 - 8*u
		render.FillRoundedRect(dst, tx-tw/2-6*u, geo.y+geo.h/2-size*render.LineHeight/2-4*u-bh, tw+12*u, size*render.LineHeight+4*u, 6*u, withAlpha(render.Panel, 0.9))
	}
	render.DrawText(dst, text, size, true, tx, geo.y+geo.h/2-size*render.LineHeight/2-2*u-bh, render.MutedText, render.AlignCenter)
}

// drawGraphTip names the position under the pointer and its chances, above the graph.
func (g *Game) drawGraphTip(dst *ebiten.Image, ctx *app.Context, geo graphGeom, n int, share float64) {
	u := ctx.Unit()
	m := g.m
	head := ctx.T("review.start")
	if cur := currentTurn(m.Turns(), n); cur >= 0 {
		head = ctx.T("analysis.tip-move", moveNumber(cur))
	}
	st := m.State()
	p0 := int(math.Round(share * 100))
	text := ctx.T("analysis.tip", head, sideName(ctx, st, 0), p0, sideName(ctx, st, 1), 100-p0)
	size := sizeCaption * u
	tw, _ := render.MeasureText(text, size, false)
	th := size*render.LineHeight + 8*u
	x := min(max(geo.px(n)-tw/2-8*u, geo.x), geo.x+geo.w-tw-16*u)
	y := geo.y - th - 8*u
	render.FillRoundedRect(dst, x, y, tw+16*u, th, 6*u, render.Text)
	render.DrawText(dst, text, size, false, x+8*u, y+4*u, render.Panel, render.AlignLeft)
}

// pieceFill is the colour a side's share is drawn in: its pieces'.
func pieceFill(c rules.Colour) color.NRGBA {
	if c == rules.White {
		return render.PieceWhite
	}
	return render.PieceBlack
}

// fillRect fills the pixels of the rectangle at (x, y) of size w×h, rounded to whole
// pixels: the graph's areas meet edge to edge, where antialiasing would leave seams.
func fillRect(dst *ebiten.Image, x, y, w, h float64, clr color.Color) {
	r := image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
	if r.Empty() {
		return
	}
	dst.SubImage(r).(*ebiten.Image).Fill(clr)
}

// strokeRect outlines the rectangle at (x, y) of size w×h with lines of the given width.
func strokeRect(dst *ebiten.Image, x, y, w, h, width float64, clr color.Color) {
	render.StrokeLine(dst, x, y, x+w, y, width, clr)
	render.StrokeLine(dst, x+w, y, x+w, y+h, width, clr)
	render.StrokeLine(dst, x+w, y+h, x, y+h, width, clr)
	render.StrokeLine(dst, x, y+h, x, y, width, clr)
}
