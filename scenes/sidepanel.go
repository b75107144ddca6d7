package scenes

// The panel beside the board, as a layout: where it goes for every window shape, its
// buttons, and how much of it a small window keeps.

import (
	"image"
	"math"
	"strings"

	"koma/app"
	"koma/app/match"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
)

// panelAction is a standing button of the panel and what it does. Buttons that find no
// room in a small window move into the "More" list, which runs the same action.
type panelAction struct {
	btn *ui.Button
	id  string
	act func(ctx *app.Context)
	// keep marks the buttons that stay on the panel when the others move into "More";
	// spare ones among them go too in the smallest windows. listed ones are in "More"
	// even while on the panel: Resign and Rematch take turns on the panel as the game
	// goes on and ends, and "More" lists both always, so that its other buttons keep
	// their places.
	keep, spare, listed bool
}

// panelFit is how much of the panel a layout keeps: the full set of buttons, the main
// ones plus "More", and then smaller type and rows as well.
type panelFit uint8

const (
	fitFull panelFit = iota
	fitMore
	fitCompact
)

// minListLines is the room for the move list below which the panel rather moves its
// lesser buttons into "More".
const minListLines = 4

// panelContent is what the panel shows this frame, as far as its layout depends on it.
type panelContent struct {
	// variant is set when a line under the title names the game's variant.
	variant bool
	// sides is the number of players' rows; eval is set when the balance bar is on show.
	sides int
	eval  bool
	// names are the sides' names, which decide whether two players share a row.
	names []string
	// head and detail are the status card's headline and explanation.
	head, detail string
	// reserve holds the other statuses a click on the move list or on "Back to the game"
	// brings (the review's, the game's): the card keeps room for the tallest of them and
	// its own, and evalRoom keeps the balance bar's room while the bar is hidden, so that
	// the list does not move under the pointer when a review starts or ends.
	reserve  [][2]string
	evalRoom bool
	// fitReserve and fitEval are what the choice of fit keeps room for: the most that any
	// phase of the game keeps, so that the buttons stay where they are when the game
	// ends or a review starts.
	fitReserve [][2]string
	fitEval    bool
	// actions are the buttons of the current decision on show, in order; hidden the
	// others, which must not stay where an earlier frame put them.
	actions, hidden []*ui.Button
}

// sidePanel is the panel beside the board: its place, its buttons and its layout. The
// caller says what it holds (panelContent) and what the standing buttons do (acts).
type sidePanel struct {
	rect image.Rectangle
	// graph is the room under the board for the evaluation graph of a review, as wide as
	// the board's part of the window and below the board; it has zero height when the
	// window is too small to spare it (see placeGraph). The panel never draws there.
	graph    image.Rectangle
	portrait bool
	// narrow is a portrait screen too slim for a second column in the panel (a phone).
	narrow bool

	// The buttons of the current decision: end the move, the special moves (pass, swap,
	// a choice of colour) with their moves in specialM, and the choices between moves
	// that the clicks so far left open.
	endMove  ui.Button
	specials []*ui.Button
	specialM []rules.Move
	choice   []*ui.Button
	moveNow  ui.Button

	// The standing buttons.
	undo, redo, flip, resign, rules, settings, save, open, rematch, menu, help ui.Button
	// acts are the standing buttons and their actions; footer the buttons on the panel,
	// and overflow those in "More" when the window is too small for all of them, as fit
	// says.
	acts     []panelAction
	footer   []*ui.Button
	overflow []panelAction
	more     ui.Button
	fit      panelFit
	// maxDetail caps the lines of the status card's explanation in a very small window;
	// -1 shows them all.
	maxDetail int

	// The panel's vertical layout, in pixels from the panel's top; statusH is the status
	// card's height, statusRoom the room kept for it (see panelContent.reserve), and
	// evalSpace is set when the layout left room for the balance bar.
	statusY, actionsY, movesY, movesBottom float64
	statusH, statusRoom                    float64
	evalSpace                              bool
	// playersY is where the players' rows begin, from the panel's top. In a small window
	// beside the board the game's name gives its room to the status (noTitle), and two
	// players share one row (inline) where their names fit half of it.
	playersY        float64
	noTitle, inline bool
	// inlineSize is the size of the names in a shared row, in units.
	inlineSize float64
}

// newSidePanel returns a panel that has not been laid out.
func newSidePanel() sidePanel { return sidePanel{maxDetail: -1} }

// minBoardShare is the part of the window's shorter side that the board's square keeps at
// every window size, however much the panel would like: a board much smaller is hard to
// read and to click. Above the 60 % promised, since a square board drawn with a whole
// number of pixels a cell comes out up to a cell's worth of pixels smaller than its room.
const minBoardShare = 0.65

// minPortraitPanel is the least height, in units, of a panel below the board: a title,
// the players, a short status and a row of buttons. A window too square to give the panel
// that much below a board of its share puts the panel beside the board instead, as a
// narrow strip.
const minPortraitPanel = 260

// graphHeight is the height, in units, of the room under the board for the evaluation
// graph of a review, with its gap to the board.
const graphHeight = 72

// place splits the window between the board and the panel: the panel beside the board in
// a wide window, below it in a tall one. It returns the board's part, and sets p.graph.
func (p *sidePanel) place(ctx *app.Context) image.Rectangle {
	u := ctx.Unit()
	w, h := ctx.Size()
	W, H := float64(w), float64(h)
	short := math.Min(W, H)
	mg := math.Max(12*u, math.Min(32*u, short*0.03))
	if short < 520*u {
		// In the smallest windows every pixel of margin comes out of the board.
		mg = 10 * u
	}
	minBoard := short * minBoardShare
	p.portrait = W < H*1.1 && H-3*mg-minBoard >= minPortraitPanel*u
	p.narrow = p.portrait && W-2*mg-48*u < 560*u
	var board image.Rectangle
	if p.portrait {
		ph := math.Min(math.Max(H*0.36, 300*u), H*0.5)
		if p.narrow {
			// One column of information plus a band of buttons needs more height.
			ph = H * 0.6
		}
		ph = math.Min(ph, H-3*mg-minBoard)
		p.rect = rectF(mg, H-mg-ph, W-2*mg, ph)
		board = rectF(mg, mg, W-2*mg, H-3*mg-ph)
	} else {
		pw := math.Min(math.Max(W*0.28, 300*u), 400*u)
		// The panel gives up width before the board gives up its share.
		pw = math.Max(0, math.Min(pw, W-3*mg-minBoard))
		p.rect = rectF(W-mg-pw, mg, pw, H-2*mg)
		board = rectF(mg, mg, W-3*mg-pw, H-2*mg)
	}
	return p.placeGraph(ctx, board, minBoard)
}

// placeGraph keeps room under the board for the evaluation graph of a review (p.graph):
// always where the board is narrower than its part of the window, since the graph then
// costs it nothing, and in a large window where the board gives up less than a tenth of
// its size. Elsewhere p.graph is an empty rectangle of zero height at the board's foot.
// The room is kept whether or not a graph is on show, so that the board does not move
// when a review begins. It returns the board's part without the graph's.
func (p *sidePanel) placeGraph(ctx *app.Context, board image.Rectangle, minBoard float64) image.Rectangle {
	gh := int(math.Round(graphHeight * ctx.Unit()))
	side := min(board.Dx(), board.Dy())
	after := min(board.Dx(), board.Dy()-gh)
	if after <= 0 || (after < side && (float64(after) < 0.9*float64(side) || float64(after) < minBoard)) {
		p.graph = image.Rect(board.Min.X, board.Max.Y, board.Max.X, board.Max.Y)
		return board
	}
	// The graph takes the foot of the board's part; the board is centred in the rest.
	top := board.Max.Y - gh
	gap := int(math.Round(8 * ctx.Unit()))
	p.graph = image.Rect(board.Min.X, top+gap, board.Max.X, top+gh)
	return image.Rect(board.Min.X, board.Min.Y, board.Max.X, top)
}

// label readies the standing buttons for this frame, keeping where they were placed.
func (p *sidePanel) label(ctx *app.Context, m *match.Match) {
	_, over := m.Outcome()
	p.endMove = ui.Button{Label: ctx.T("game.end-move"), Primary: true, Rect: p.endMove.Rect}
	p.undo = ui.Button{Label: ctx.T("game.undo"), Disabled: !m.CanUndo(), Rect: p.undo.Rect}
	p.redo = ui.Button{Label: ctx.T("game.redo"), Disabled: !m.CanRedo(), Rect: p.redo.Rect}
	p.flip = ui.Button{Label: ctx.T("game.flip"), Rect: p.flip.Rect}
	p.resign = ui.Button{Label: ctx.T("game.resign"), Rect: p.resign.Rect}
	p.rules = ui.Button{Label: ctx.T("game.rules"), Rect: p.rules.Rect}
	p.settings = ui.Button{Label: ctx.T("game.settings"), Rect: p.settings.Rect}
	p.save = ui.Button{Label: ctx.T("game.save"), Rect: p.save.Rect}
	p.open = ui.Button{Label: ctx.T("game.open"), Rect: p.open.Rect}
	p.rematch = ui.Button{Label: ctx.T("game.rematch"), Primary: over, Rect: p.rematch.Rect}
	p.menu = ui.Button{Label: ctx.T("game.menu"), Rect: p.menu.Rect}
	p.more = ui.Button{Label: ctx.T("game.more"), Rect: p.more.Rect}
	p.help = ui.Button{Label: ctx.T("game.help"), Rect: p.help.Rect}
	p.moveNow = ui.Button{Label: ctx.T("game.move-now"), Rect: p.moveNow.Rect}
}

// decisions makes a button for each special move and each choice open in st. Their
// places are new each frame, since the moves are.
func (p *sidePanel) decisions(ctx *app.Context, st rules.State, specials, choices []rules.Move) {
	p.specials, p.specialM = p.specials[:0], p.specialM[:0]
	for _, mv := range specials {
		p.specials = append(p.specials, &ui.Button{Label: moveLabel(ctx, st, mv), Primary: mv.Kind == rules.Choose})
		p.specialM = append(p.specialM, mv)
	}
	p.choice = p.choice[:0]
	for _, mv := range choices {
		p.choice = append(p.choice, &ui.Button{Label: moveLabel(ctx, st, mv)})
	}
}

// typicalStatus is the status card's height for a headline of one line and an
// explanation of two.
func typicalStatus(ctx *app.Context) float64 {
	u := ctx.Unit()
	return sizeHeading*u*render.LineHeight + 28*u + 2*sizeSmall*u*render.LineHeight + 2*u
}

// pad is the panel's inner margin.
func (p *sidePanel) pad(ctx *app.Context) float64 {
	if p.fit == fitCompact {
		return 14 * ctx.Unit()
	}
	return 24 * ctx.Unit()
}

// titleSize is the size of the game's name at the top of the panel.
func (p *sidePanel) titleSize() float64 {
	if p.fit == fitCompact {
		return sizeHeading
	}
	return sizeTitle
}

// playersHeight is the height of the players' rows, one row when they share it.
func (p *sidePanel) playersHeight(ctx *app.Context, sides int) float64 {
	_, step := p.playerRow(ctx)
	if p.inline {
		sides = 1
	}
	return float64(sides) * step
}

// inlineNameSize is the size, in units, at which each name fits half a row of width pw
// beside its disc: the names' usual size, else a size smaller, else 0 for none.
func inlineNameSize(ctx *app.Context, names []string, pw float64) float64 {
	u := ctx.Unit()
	for _, size := range []float64{sizeBody, sizeSmall} {
		fits := true
		for _, n := range names {
			if w, _ := render.MeasureText(n, size*u, true); inlineNameX*u+w+4*u > pw/2 {
				fits = false
			}
		}
		if fits {
			return size
		}
	}
	return 0
}

// inlineNameX is where a name starts in its half of a shared row, in units: after the
// disc.
const inlineNameX = 28

// titleText is the game's name as the panel's title shows it, cut with an ellipsis where
// a narrow panel has no room for all of it.
func (p *sidePanel) titleText(ctx *app.Context, name string, pw float64) string {
	return render.Ellipsize(name, p.titleSize()*ctx.Unit(), true, pw)
}

// roleFits reports whether a player's row holds the role ("You", "Computer (Normal)")
// right of the name at the panel's width pw. In a narrow panel it is left out rather
// than drawn over the name; the status still says whose turn it is.
func roleFits(ctx *app.Context, name, role string, pw float64) bool {
	u := ctx.Unit()
	nw, _ := render.MeasureText(name, sizeBody*u, true)
	rw, _ := render.MeasureText(role, sizeSmall*u, false)
	return 36*u+nw+12*u+rw <= pw
}

// playerRow is the height of a player's row and the distance to the next.
func (p *sidePanel) playerRow(ctx *app.Context) (row, step float64) {
	if p.fit == fitCompact {
		return 30 * ctx.Unit(), 32 * ctx.Unit()
	}
	return 44 * ctx.Unit(), 50 * ctx.Unit()
}

// column is where the panel's information goes: its left edge and width, beside the
// buttons' column in a portrait window wide enough for two.
func (p *sidePanel) column(ctx *app.Context) (px, pw float64) {
	pad := p.pad(ctx)
	px = float64(p.rect.Min.X) + pad
	pw = float64(p.rect.Dx()) - 2*pad
	if p.portrait && !p.narrow {
		pw -= math.Min(pw*0.42, 360*ctx.Unit()) + pad
	}
	return px, pw
}

// layout lays the panel out for c with the most it can keep: the full set of buttons if
// the move list keeps a few lines, else fewer. The fit is chosen with room for a typical
// status and one row of actions rather than for what is on show this instant, so that the
// buttons do not jump about as the status changes from move to move.
func (p *sidePanel) layout(ctx *app.Context, c panelContent) {
	lineH := sizeSmall * ctx.Unit() * render.LineHeight * 1.15
	for _, fit := range []panelFit{fitFull, fitMore, fitCompact} {
		p.fit = fit
		if p.arrange(ctx, c, true) >= minListLines*lineH {
			break
		}
	}
	p.arrange(ctx, c, false)
}

// arrange lays the panel out for c at p.fit and returns the height left for the move
// list, negative when even the rest does not fit. A probe measures with a typical status
// and one row of actions instead of c's, and the room c.fitReserve keeps.
func (p *sidePanel) arrange(ctx *app.Context, c panelContent, probe bool) float64 {
	u := ctx.Unit()
	pad := p.pad(ctx)
	px, py := float64(p.rect.Min.X)+pad, float64(p.rect.Min.Y)+pad
	pw := float64(p.rect.Dx()) - 2*pad
	footW := pw
	p.chooseFooter()
	for _, b := range []*ui.Button{&p.undo, &p.redo, &p.flip, &p.resign, &p.rematch, &p.rules, &p.settings, &p.save, &p.open, &p.help, &p.menu, &p.more} {
		b.Rect = image.Rectangle{} // placed below if it is on show
	}
	p.maxDetail = -1
	limit := float64(p.rect.Max.Y) - pad
	band := p.narrow || (p.fit == fitCompact && !p.portrait)
	if band && p.fit == fitCompact {
		p.slimFooter(ctx, footW)
	}
	if band {
		// The buttons run in a band across the bottom of the panel, placed below once the
		// actions of the current decision are known.
	} else if p.portrait {
		// Two columns: the game on the left, the actions on the right.
		footW = math.Min(pw*0.42, 360*u)
		px2 := float64(p.rect.Max.X) - pad - footW
		if fh := grid(ctx, p.footer, px2, py, footW, 2); py+fh > limit {
			return -1
		}
		pw -= footW + pad
	} else {
		fh := grid(ctx, p.footer, px, 0, footW, 2)
		grid(ctx, p.footer, px, float64(p.rect.Max.Y)-pad-fh, footW, 2)
	}

	y := p.arrangeStatus(ctx, c, py, pw, probe)
	actions := c.actions
	for _, b := range c.hidden {
		b.Rect = image.Rectangle{}
	}
	if probe {
		// The hint's button alone stands for a typical row of actions.
		actions = []*ui.Button{{Label: ctx.T("game.ai-hint")}}
	}
	bottom := limit
	if (!p.portrait || p.narrow) && len(p.footer) > 0 {
		bottom = float64(p.footer[0].Rect.Min.Y) - 16*u
	}
	switch {
	case band:
		y, bottom = p.arrangeBand(ctx, c, actions, px, y, pw, footW)
	case len(actions) > 0:
		y += flow(ctx, actions, px, y, pw, 96*u) + 16*u
	default:
		// A row is kept for the actions even when there are none this instant (a move
		// landing, the computer about to think): the list stays where it was.
		y += (buttonHeight + 16) * u
	}
	p.movesY = y - float64(p.rect.Min.Y)
	p.movesBottom = bottom - float64(p.rect.Min.Y)
	// The list's caption comes out of its room.
	return bottom - y - sizeCaption*u*render.LineHeight - 4*u
}

// arrangeStatus places the header, the players and the status card from py down, and
// returns where the actions of the current decision go.
func (p *sidePanel) arrangeStatus(ctx *app.Context, c panelContent, py, pw float64, probe bool) float64 {
	u := ctx.Unit()
	y := py
	beside := p.fit == fitCompact && !p.portrait
	p.noTitle = beside && float64(p.rect.Dy()) < 420*u
	p.inlineSize = 0
	if beside && len(c.names) == 2 {
		p.inlineSize = inlineNameSize(ctx, c.names, pw)
	}
	p.inline = p.inlineSize > 0
	if !p.noTitle {
		y += p.titleSize() * u * render.LineHeight
		if p.fit != fitCompact && c.variant {
			y += sizeSmall * u * render.LineHeight
		}
		y += 16 * u
		if p.fit == fitCompact {
			y -= 8 * u
		}
	}
	p.playersY = y - float64(p.rect.Min.Y)
	y += p.playersHeight(ctx, c.sides)
	p.evalSpace = c.eval || c.evalRoom || (probe && c.fitEval)
	if p.evalSpace {
		y += evalBarSpace * u
	}
	y += 14 * u
	p.statusY = y - float64(p.rect.Min.Y)
	// The card is drawn as tall as its text; the room below it, as tall as the tallest
	// status kept in reserve.
	p.statusH = typicalStatus(ctx)
	if !probe {
		p.statusH = p.statusHeight(ctx, c.head, c.detail, pw)
	}
	p.statusRoom = p.statusH
	reserve := c.reserve
	if probe {
		reserve = c.fitReserve
	}
	for _, r := range reserve {
		p.statusRoom = math.Max(p.statusRoom, p.statusHeight(ctx, r[0], r[1], pw))
	}
	y += p.statusRoom + 12*u
	p.actionsY = y - float64(p.rect.Min.Y)
	return y
}

// arrangeBand places the standing buttons in a band across the bottom of the panel, and
// the actions right above it, since there is no room for a row of actions under the
// status. y is where the status card's room ends; arrangeBand returns where the move list
// starts, which is there unless the card had to shrink to make room, and where it ends,
// above the actions.
func (p *sidePanel) arrangeBand(ctx *app.Context, c panelContent, actions []*ui.Button, px, y, pw, footW float64) (listTop, listBottom float64) {
	u := ctx.Unit()
	pad := p.pad(ctx)
	cols := bandColumns(ctx, p.footer, footW)
	fh := grid(ctx, p.footer, px, 0, footW, cols)
	top := float64(p.rect.Max.Y) - pad - fh
	grid(ctx, p.footer, px, top, footW, cols)
	if len(actions) > 0 {
		// The actions go right above the band, each as wide as its label.
		ah := flow(ctx, actions, px, 0, footW, 64*u)
		top -= ah + gap*u*0.75
		flow(ctx, actions, px, top, footW, 64*u)
	} else {
		// A row is kept for them when there are none this instant, as beside the list.
		top -= (buttonHeight + gap*0.75) * u
	}
	lineH := sizeSmall * u * render.LineHeight
	listRoom := top - 16*u - y - sizeCaption*u*render.LineHeight - 4*u
	if p.fit == fitCompact && (y > top-12*u || listRoom < 2*lineH*1.15) {
		// The last resort, also when the move list would have no room for two lines:
		// the status card gives up the room it kept for other statuses and takes what
		// is left above the actions; its explanation gives up the lines that still do
		// not fit, its headline (the result, once the game is over) never.
		statusTop := float64(p.rect.Min.Y) + p.statusY
		avail := top - 14*u - statusTop
		if p.statusHeight(ctx, c.head, c.detail, pw) > avail {
			p.maxDetail = 0
			bare := p.statusHeight(ctx, c.head, c.detail, pw)
			p.maxDetail = max(0, int(math.Floor((avail-bare-2*u)/lineH)))
		}
		p.statusH = p.statusHeight(ctx, c.head, c.detail, pw)
		y = statusTop + p.statusH + 12*u
		p.statusRoom = p.statusH
		p.actionsY = y - float64(p.rect.Min.Y)
	}
	return y, top - 16*u
}

// chooseFooter picks the standing buttons for p.fit: all of them, or the main ones and
// "More" for the rest, with the listed ones in "More" as well.
func (p *sidePanel) chooseFooter() {
	p.footer, p.overflow = p.footer[:0], p.overflow[:0]
	for _, a := range p.acts {
		onPanel := p.fit == fitFull || (a.keep && !(a.spare && p.fit == fitCompact))
		if onPanel {
			p.footer = append(p.footer, a.btn)
		}
		if !onPanel || (a.listed && p.fit != fitFull) {
			p.overflow = append(p.overflow, a)
		}
	}
	if len(p.overflow) > 0 {
		p.footer = append(p.footer, &p.more)
	}
}

// slimFooter takes the buttons that "More" lists anyway (Resign, Rematch) off a band too
// narrow to hold the footer in one row: in a small window a second row of buttons would
// take the room of the status card and the move list.
func (p *sidePanel) slimFooter(ctx *app.Context, width float64) {
	if len(p.footer) <= bandColumns(ctx, p.footer, width) {
		return
	}
	listed := map[*ui.Button]bool{}
	for _, a := range p.acts {
		if a.listed {
			listed[a.btn] = true
		}
	}
	kept := p.footer[:0]
	for _, b := range p.footer {
		if !listed[b] {
			kept = append(kept, b)
		}
	}
	p.footer = kept
}

// headSize is the size of the status card's headline, in units: a heading, or in a small
// window a size smaller where that keeps the headline on one line ("あなたの手番です"
// would otherwise break before its last character).
func (p *sidePanel) headSize(ctx *app.Context, head string, width float64) float64 {
	if p.fit != fitCompact {
		return sizeHeading
	}
	u := ctx.Unit()
	if w, _ := render.MeasureText(head, sizeHeading*u, true); w <= width-32*u {
		return sizeHeading
	}
	return sizeBody + 1
}

// statusHeight is the status card's height for head and detail at the given width.
func (p *sidePanel) statusHeight(ctx *app.Context, head, detail string, width float64) float64 {
	u := ctx.Unit()
	h := wrappedHeight(head, p.headSize(ctx, head, width)*u, true, width-32*u) + 28*u
	if detail != "" {
		h += float64(len(p.detailLines(detail, ctx, width)))*sizeSmall*u*render.LineHeight + 2*u
	}
	return h
}

// detailLines wraps the status card's explanation, cut to the lines the panel has room
// for in a very small window, the last one then ending in an ellipsis.
func (p *sidePanel) detailLines(detail string, ctx *app.Context, width float64) []string {
	u := ctx.Unit()
	lines := render.WrapText(detail, sizeSmall*u, false, width-32*u)
	if p.maxDetail == 0 {
		return nil
	}
	if p.maxDetail > 0 && len(lines) > p.maxDetail {
		lines = append([]string(nil), lines[:p.maxDetail]...)
		// Ellipsize adds the ellipsis only where it cuts, so the line is cut by hand when
		// it fits as it is.
		// A sentence's own full stop would read as a fourth dot.
		last := strings.TrimRight(lines[len(lines)-1], ".。、, ") + "…"
		lines[len(lines)-1] = render.Ellipsize(last, sizeSmall*u, false, width-32*u)
	}
	return lines
}

// bandColumns is how many of the buttons fit side by side in a band of the given width,
// from four down to one, so that no label is cut.
func bandColumns(ctx *app.Context, buttons []*ui.Button, width float64) int {
	widest := 0.0
	for _, b := range buttons {
		widest = math.Max(widest, buttonWidth(ctx, b.Label))
	}
	// A label may take most of its side padding: 6 units of air each side still read well.
	widest -= 1.3 * buttonPad * ctx.Unit()
	g := gap * ctx.Unit() * 0.75
	for cols := 4; cols > 1; cols-- {
		if (width-g*float64(cols-1))/float64(cols) >= widest {
			return cols
		}
	}
	// A strip beside the board too narrow for two stacks its buttons.
	return 1
}
