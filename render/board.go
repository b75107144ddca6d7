package render

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"koma/rules"
	"koma/rules/board"
)

// BoardView draws one board with its pieces and highlights, and maps pointer positions to
// sites. It is driven only by the game's card (style, sides, looks) and the topology.
// The static part of the board is rendered once per size into an offscreen image.
type BoardView struct {
	game *rules.Game
	topo *board.Topology
	lay  *layout

	bounds image.Rectangle
	// bg holds frame, cells, lines and coordinates; it covers lay.rect grown by bgPad.
	bg      *ebiten.Image
	bgPad   int
	bgDirty bool

	sprites map[spriteKey]*ebiten.Image
	marks   map[markKey]*ebiten.Image
	// colours are the piece colours of the two players in the position being drawn.
	colours [2]rules.Colour
	// Scratch buffers reused every frame.
	pieces []rules.Piece
	line   []float64
	ruled  []rules.Mark
}

// NewBoardView returns a view of board b for game g. Call SetBounds before drawing.
func NewBoardView(g *rules.Game, b *board.Topology) *BoardView {
	return &BoardView{
		game:    g,
		topo:    b,
		lay:     newLayout(b),
		sprites: map[spriteKey]*ebiten.Image{},
		marks:   map[markKey]*ebiten.Image{},
		bgDirty: true,
	}
}

// SetBounds fits the board, its frame and coordinates inside r, as large as possible,
// centred, keeping its proportions.
func (v *BoardView) SetBounds(r image.Rectangle) {
	if r == v.bounds {
		return
	}
	v.bounds = r
	v.relayout()
}

func (v *BoardView) relayout() {
	old := v.lay.scale
	v.lay.fit(v.bounds)
	if v.lay.scale != old {
		// Sprites depend only on the cell size; the order of disposal is irrelevant.
		for k, img := range v.sprites {
			img.Deallocate()
			delete(v.sprites, k)
		}
		for k, img := range v.marks {
			img.Deallocate()
			delete(v.marks, k)
		}
	}
	v.bgDirty = true
}

// Rect returns where the board, frame included, is drawn.
func (v *BoardView) Rect() image.Rectangle { return v.lay.rect }

// SetFlipped turns the board by 180°, as seen from the other side.
func (v *BoardView) SetFlipped(flipped bool) {
	if flipped != v.lay.flipped {
		v.lay.flipped = flipped
		v.bgDirty = true
	}
}

// SetShowCoords shows or hides the coordinate labels on the frame. The frame is wider
// when they are shown, so the board gets a little smaller.
func (v *BoardView) SetShowCoords(show bool) {
	if show != v.lay.coords {
		v.lay.setCoords(show)
		v.relayout()
	}
}

// SiteAt returns the site under the pixel (x, y), if any.
func (v *BoardView) SiteAt(x, y float64) (board.Site, bool) { return v.lay.siteAt(point{x, y}) }

// SiteCenter returns the pixel at the centre of site s. For a value that is not a site of
// the board, such as board.NoSite, it returns the centre of Rect.
func (v *BoardView) SiteCenter(s board.Site) (x, y float64) {
	if s < 0 || int(s) >= len(v.lay.sites) {
		r := v.lay.rect
		return float64(r.Min.X+r.Max.X) / 2, float64(r.Min.Y+r.Max.Y) / 2
	}
	p := v.lay.toScreen(v.lay.sites[s])
	return p.x, p.y
}

// CellSize returns the distance in pixels between the centres of neighbouring sites.
func (v *BoardView) CellSize() float64 { return v.lay.scale }

// Decorations are the highlights drawn with a position.
type Decorations struct {
	// Selected is the site of the selected piece, ringed; board.NoSite for none.
	Selected board.Site
	// Targets are the legal next sites of the move being entered: dots on empty sites,
	// rings around occupied ones.
	Targets []board.Site
	// Movable are the sites where a move can start; they get a subtle marker. May be nil.
	Movable []board.Site
	// LastMove is the path of the previous move: its sites are tinted and joined by a
	// faint line.
	LastMove []board.Site
	// Anim, when non-nil and still running, is drawn instead of the position's pieces.
	Anim *Animation
	// Captures are the pieces the move being considered would take; they are crossed out.
	Captures []board.Site
	// Arrow is the path of a move being shown, as in a rules diagram: an arrow from site to
	// site, or a ring on the site of a one-site move.
	Arrow []board.Site
	// WrongArrow is a path that is not a legal move, drawn the same way in red.
	WrongArrow []board.Site
	// Rings circles sites a diagram points out.
	Rings []board.Site
	// HideMarks leaves out the marks that describe the position (paralysed pieces, a
	// chain's visited points), for players who prefer to find them themselves. The
	// variant's special squares are always drawn.
	HideMarks bool
	// Lifted, when not nil, is a piece being dragged: its site's pieces are drawn faintly
	// where they stand, to be drawn at the pointer with DrawLift (lift.go).
	Lifted *Lift
}

// pieceRadius is the disc radius in board units.
func (v *BoardView) pieceRadius() float64 {
	if v.topo.Kind() == board.Points {
		return 0.36
	}
	return 0.41
}

// Draw draws the board, st's pieces and d's highlights. st may be nil for an empty board.
func (v *BoardView) Draw(dst *ebiten.Image, st rules.State, d Decorations) {
	if v.lay.scale <= 0 {
		return
	}
	if v.bgDirty || v.bg == nil {
		v.renderBackground()
	}
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(float64(v.lay.rect.Min.X-v.bgPad), float64(v.lay.rect.Min.Y-v.bgPad))
	dst.DrawImage(v.bg, &op)

	v.colours = [2]rules.Colour{rules.White, rules.Black}
	if st != nil {
		for p := range v.colours {
			if c := rules.ColourOf(st, rules.Player(p)); c != 0 {
				v.colours[p] = c
			}
		}
	}
	v.drawLastMove(dst, d.LastMove)
	v.ruled = v.ruled[:0]
	if mk, ok := st.(rules.Marker); ok {
		v.ruled = mk.Marks(v.ruled)
	}
	v.drawSiteMarks(dst, d.HideMarks)
	v.drawOutlines(dst, d.HideMarks)
	for _, s := range d.Movable {
		v.drawMovable(dst, s)
	}
	anim := d.Anim != nil && !d.Anim.Done() && v.drawAnimation(dst, d.Anim)
	if !anim && st != nil {
		v.eachStack(st, func(s board.Site, ps []rules.Piece, x, y float64) {
			alpha := 1.0
			if d.lifted(s) {
				alpha = liftTrace
			}
			v.drawStack(dst, ps, x, y, alpha, 1)
		})
	}
	if d.Selected >= 0 && int(d.Selected) < v.topo.Len() {
		x, y := v.SiteCenter(d.Selected)
		v.drawMark(dst, markSelected, SelectedRing, x, y, 1, 1)
	}
	for _, s := range d.Targets {
		occupied := false
		if st != nil && !anim && int(s) >= 0 && int(s) < v.topo.Len() {
			v.pieces = st.Pieces(s, v.pieces[:0])
			occupied = len(v.pieces) > 0
		}
		v.drawTarget(dst, s, occupied)
	}
	for _, s := range d.Rings {
		if int(s) >= 0 && int(s) < v.topo.Len() {
			x, y := v.SiteCenter(s)
			v.drawMark(dst, markSelected, TargetMark, x, y, 1, 1)
		}
	}
	v.DrawMoveArrows(dst, d.Arrow, ArrowStyle{Colour: ArrowInk})
	v.DrawMoveArrows(dst, d.WrongArrow, ArrowStyle{Colour: withAlpha(AlertMark, 0.85)})
	if !anim {
		v.drawPieceMarks(dst, d.HideMarks)
		for _, s := range d.Captures {
			if int(s) >= 0 && int(s) < v.topo.Len() {
				x, y := v.SiteCenter(s)
				v.drawMark(dst, markCaptured, AlertMark, x, y, 0.85, 1)
			}
		}
	}
	// Height badges go on top of the rings so that they stay readable.
	if !anim && st != nil {
		v.eachStack(st, func(s board.Site, ps []rules.Piece, x, y float64) {
			if !d.lifted(s) {
				v.drawBadge(dst, ps, x, y, 1, 1)
			}
		})
	}
}

// positional reports whether a mark describes the position rather than the variant's board.
func positional(k rules.MarkKind) bool {
	return k == rules.Paralysed || k == rules.Visited || k == rules.Forbidden || k == rules.Outline
}

// drawSiteMarks draws the marks that belong under the pieces: the special squares and
// regions of the board, and the empty sites a rule forbids.
func (v *BoardView) drawSiteMarks(dst *ebiten.Image, hide bool) {
	for _, m := range v.ruled {
		if int(m.Site) < 0 || int(m.Site) >= v.topo.Len() || (hide && positional(m.Kind)) {
			continue
		}
		x, y := v.SiteCenter(m.Site)
		switch m.Kind {
		case rules.Throne:
			v.fillSite(dst, m.Site, SpecialTint)
			v.drawMark(dst, markThrone, SpecialInk, x, y, 1, 1)
		case rules.Escape:
			v.fillSite(dst, m.Site, SpecialTint)
			v.drawMark(dst, markEscape, SpecialInk, x, y, 1, 1)
		case rules.Goal:
			v.fillSite(dst, m.Site, v.goalTint(m.Owner))
		case rules.Ring:
			v.fillSite(dst, m.Site, RingTint)
		case rules.Forbidden:
			v.drawMark(dst, markForbidden, withAlpha(AlertMark, 0.75), x, y, 1, 1)
		case rules.Visited:
			v.drawMark(dst, markSmallDot, VisitedMark, x, y, 1, 1)
			// A ring as well: on a board of lines every point already has a dot, so a dot
			// alone does not show which points a Fanorona chain has passed through.
			StrokeCircle(dst, x, y, 0.2*v.lay.scale, max(2, 0.045*v.lay.scale), VisitedMark)
		}
	}
}

// drawOutlines draws the figures traced by runs of Outline marks of one owner: a closed
// line through their sites, in the colour of the owner's pieces edged in ink so that it
// shows on any board, under the pieces so that the corners stay readable.
func (v *BoardView) drawOutlines(dst *ebiten.Image, hide bool) {
	if hide {
		return
	}
	w := max(3, 0.1*v.lay.scale)
	for i := 0; i < len(v.ruled); {
		j := i
		for j < len(v.ruled) && v.ruled[j].Kind == rules.Outline && v.ruled[j].Owner == v.ruled[i].Owner {
			j++
		}
		if j == i {
			i++
			continue
		}
		v.line = v.line[:0]
		for _, m := range v.ruled[i:j] {
			if int(m.Site) >= 0 && int(m.Site) < v.topo.Len() {
				x, y := v.SiteCenter(m.Site)
				v.line = append(v.line, x, y)
			}
		}
		if len(v.line) >= 4 {
			v.line = append(v.line, v.line[0], v.line[1])
			strokePolyline(dst, v.line, w*1.6, withAlpha(SpecialInk, 0.9))
			fill := v.goalTint(v.ruled[i].Owner)
			fill.A = 0xff
			strokePolyline(dst, v.line, w, fill)
		}
		i = j
	}
}

// drawPieceMarks draws the marks that belong on top of pieces: a dot at the shoulder of a
// paralysed piece, like the rulebooks' red dots.
func (v *BoardView) drawPieceMarks(dst *ebiten.Image, hide bool) {
	if hide {
		return
	}
	r := v.pieceRadius() * v.lay.scale
	for _, m := range v.ruled {
		if m.Kind == rules.Paralysed && int(m.Site) >= 0 && int(m.Site) < v.topo.Len() {
			x, y := v.SiteCenter(m.Site)
			v.drawMark(dst, markSmallDot, AlertMark, x-0.55*r, y-0.55*r, 1, 1)
		}
	}
}

// goalTint washes a player's goal in the colour of that player's pieces.
func (v *BoardView) goalTint(p rules.Player) color.NRGBA {
	c := PieceBlack
	if p >= 0 && int(p) < len(v.colours) && v.colours[p] == rules.White {
		c = PieceWhite
	}
	return withAlpha(c, 0.45)
}

// eachStack calls f with the site, pieces and centre of every occupied site of st, in
// site order.
func (v *BoardView) eachStack(st rules.State, f func(s board.Site, ps []rules.Piece, x, y float64)) {
	for s := range v.topo.Len() {
		v.pieces = st.Pieces(board.Site(s), v.pieces[:0])
		if len(v.pieces) > 0 {
			x, y := v.SiteCenter(board.Site(s))
			f(board.Site(s), v.pieces, x, y)
		}
	}
}

func (v *BoardView) drawTarget(dst *ebiten.Image, s board.Site, occupied bool) {
	if int(s) < 0 || int(s) >= v.topo.Len() {
		return
	}
	x, y := v.SiteCenter(s)
	if occupied {
		v.drawMark(dst, markTargetRing, TargetMark, x, y, 1, 1)
		return
	}
	v.drawMark(dst, markTargetDot, TargetMark, x, y, 1, 1)
}

// drawMovable marks a site where a move can start with a hairline ring: visible around a
// piece and on an empty site, but quieter than the targets.
func (v *BoardView) drawMovable(dst *ebiten.Image, s board.Site) {
	if int(s) < 0 || int(s) >= v.topo.Len() {
		return
	}
	x, y := v.SiteCenter(s)
	v.drawMark(dst, markMovable, MovableMark, x, y, 1, 1)
}

// fillSite washes one site with clr: its cell on square and hex boards, a disc around the
// point on point boards.
func (v *BoardView) fillSite(dst *ebiten.Image, s board.Site, clr color.NRGBA) {
	x, y := v.SiteCenter(s)
	cs := v.lay.scale
	switch v.topo.Kind() {
	case board.Square:
		vector.DrawFilledRect(dst, float32(x-cs/2), float32(y-cs/2), float32(cs), float32(cs), clr, false)
	case board.Hex:
		v.drawMark(dst, markHexCell, clr, x, y, 1, 1)
	default:
		v.drawMark(dst, markPointTint, clr, x, y, 1, 1)
	}
}

func (v *BoardView) drawLastMove(dst *ebiten.Image, sites []board.Site) {
	n := 0
	for _, s := range sites {
		if int(s) >= 0 && int(s) < v.topo.Len() {
			v.fillSite(dst, s, LastMoveTint)
			n++
		}
	}
	if n < 2 || n != len(sites) {
		return
	}
	v.line = v.line[:0]
	for _, s := range sites {
		x, y := v.SiteCenter(s)
		v.line = append(v.line, x, y)
	}
	strokePolyline(dst, v.line, max(2, 0.07*v.lay.scale), withAlpha(LastMoveTint, 1.3))
}

// drawStack draws the pieces of one site, bottom first, each a little higher than the one
// below, centred as a whole on (x, y). alpha fades and scale grows the whole stack, for
// animations.
func (v *BoardView) drawStack(dst *ebiten.Image, ps []rules.Piece, x, y, alpha, scale float64) {
	cs := v.lay.scale
	r := v.pieceRadius() * cs
	rp := max(2, int(math.Round(r)))
	step := stackStep(len(ps), r)
	first := max(0, len(ps)-maxShown)
	var op ebiten.DrawImageOptions
	for i := first; i < len(ps); i++ {
		p := ps[i]
		img := v.pieceSprite(v.colourOf(p), v.lookOf(p), rp)
		half := float64(img.Bounds().Dx()) / 2
		op.GeoM.Reset()
		op.GeoM.Translate(-half, -half)
		op.GeoM.Scale(scale, scale)
		op.GeoM.Translate(x, y-float64(i-first)*step+float64(len(ps)-1-first)*step/2)
		op.ColorScale.Reset()
		op.ColorScale.ScaleAlpha(float32(alpha))
		op.Filter = ebiten.FilterLinear
		dst.DrawImage(img, &op)
	}
}

// stackStep is how far each piece of a stack of n rises above the one below it.
func stackStep(n int, r float64) float64 {
	if n < 2 {
		return 0
	}
	return min(0.2*r, 0.6*r/float64(min(n, maxShown)-1))
}

// maxShown is the number of pieces drawn of a tall stack; its badge tells the height.
const maxShown = 8

// drawBadge writes the height of a stack of two or more beside its top piece.
func (v *BoardView) drawBadge(dst *ebiten.Image, ps []rules.Piece, x, y, alpha, scale float64) {
	if len(ps) < 2 {
		return
	}
	r := v.pieceRadius() * v.lay.scale
	top := y - float64(min(len(ps), maxShown)-1)*stackStep(len(ps), r)/2
	bx, by := x+0.66*r*scale, top-0.66*r*scale
	v.drawMark(dst, markBadge, Accent, bx, by, alpha, scale)
	size := v.badgeRadius() * scale * 1.2
	DrawText(dst, strconv.Itoa(len(ps)), size, true, bx, by-size*LineHeight/2, withAlpha(OnAccent, alpha), AlignCenter)
}

// colourOf is the colour of a piece in the position being drawn: its owner's colour, which
// may have changed hands during the game.
func (v *BoardView) colourOf(p rules.Piece) rules.Colour {
	if int(p.Owner) >= 0 && int(p.Owner) < len(v.colours) {
		return v.colours[p.Owner]
	}
	if p.Owner%2 == 1 {
		return rules.Black
	}
	return rules.White
}

func (v *BoardView) lookOf(p rules.Piece) rules.Look {
	if int(p.Kind) < len(v.game.Looks) {
		return v.game.Looks[p.Kind]
	}
	return rules.Disc
}

// badgeRadius is the radius of a stack's height badge in pixels.
func (v *BoardView) badgeRadius() float64 { return max(7, 0.32*v.pieceRadius()*v.lay.scale) }

// drawPile draws a stack and its badge together, for animations, where nothing is drawn
// over pieces.
func (v *BoardView) drawPile(dst *ebiten.Image, ps []rules.Piece, x, y, alpha, scale float64) {
	v.drawStack(dst, ps, x, y, alpha, scale)
	v.drawBadge(dst, ps, x, y, alpha, scale)
}
