package scenes

import (
	"image"
	"log"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/i18n"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
	"koma/rules/board"
)

// Rules shows a game's rules: its summary, the starting position of the variant being
// played, then the rules document with its headings, paragraphs, bullets and board
// diagrams drawn by the real board view. The text scrolls with the wheel, by dragging and
// with the keys.
type Rules struct {
	spec    rules.Spec
	overlay bool

	panel  image.Rectangle
	view   image.Rectangle // the scrolling area
	track  image.Rectangle
	close  ui.Button
	scroll float64

	// The laid-out content, rebuilt when the language or the width changes.
	lang    i18n.Lang
	width   float64
	unit    float64
	coords  bool
	viewH   int // the figures' height follows the view's
	items   []rulesItem
	content float64

	// zoom is the figure shown enlarged over the page (rules_zoom.go).
	zoom rulesZoom
	// hover names the site under the pointer on a figure of a hex or point board;
	// hoverItem is the index of that figure's item, or zoomItem for the enlarged one.
	hover     siteHover
	hoverItem int
}

type itemKind int

const (
	itemSummary itemKind = iota
	itemCaption
	itemHeading
	itemParagraph
	itemBullet
	itemBoard
	itemFigureCaption
	itemTry
)

type rulesItem struct {
	kind itemKind
	text string
	y, h float64 // position in the content, from its top
	spec rules.Spec
	pic  *picture
	// diag is the figure an itemBoard or itemTry shows; nil for a plain starting position.
	diag *diagram
	// try is the "Try it" button of an itemTry, placed as the text scrolls.
	try ui.Button
	// topo is the board of an itemBoard, and bw the width of its picture: the board fitted
	// to the page's width and the item's height h, so that the picture is just the board.
	topo *board.Topology
	bw   float64
}

// NewRules returns the rules of spec's game with spec's starting position at the top.
// overlay shows them over the current scene; otherwise closing returns to the menu.
func NewRules(spec rules.Spec, overlay bool) *Rules {
	return &Rules{spec: spec, overlay: overlay, hoverItem: -1}
}

// Overlay implements app.Overlay.
func (r *Rules) Overlay() bool { return r.overlay }

// Exit implements app.Exiter.
func (r *Rules) Exit(ctx *app.Context) {
	for _, it := range r.items {
		if it.pic != nil {
			it.pic.release()
		}
	}
	r.zoom.end()
}

func (r *Rules) layout(ctx *app.Context) {
	u := ctx.Unit()
	_, h := ctx.Size()
	r.panel = dialogPanel(ctx, 880, float64(h))
	pad := r.pad(u)
	r.close = ui.Button{Label: ctx.T("rules.close"), Rect: r.close.Rect}
	cw := math.Max(buttonWidth(ctx, r.close.Label), 96*u)
	r.close.Rect = rectF(float64(r.panel.Max.X)-pad-cw, float64(r.panel.Min.Y)+pad, cw, buttonHeight*u)
	top := float64(r.panel.Min.Y) + pad + math.Max(buttonHeight*u, sizeTitle*u*render.LineHeight) + 16*u
	r.view = rectF(float64(r.panel.Min.X)+pad, top, float64(r.panel.Dx())-2*pad, float64(r.panel.Max.Y)-top-pad*0.6)
	r.track = rectF(float64(r.panel.Max.X)-pad*0.6, top, 5*u, float64(r.view.Dy()))

	width := math.Min(float64(r.view.Dx())-16*u, 760*u)
	coords := ctx.Settings().Coords
	if r.items == nil || r.lang != ctx.Lang() || r.width != width || r.unit != u || r.coords != coords || r.viewH != r.view.Dy() {
		r.build(ctx, width)
	}
	r.clamp()
	r.placeButtons(ctx)
}

// placeButtons puts the "Try it" buttons where their items are at the current scroll;
// those scrolled out of the view get no place, so they cannot be clicked.
func (r *Rules) placeButtons(ctx *app.Context) {
	u := ctx.Unit()
	x0, top := r.origin(u)
	for i := range r.items {
		it := &r.items[i]
		if it.kind != itemTry {
			continue
		}
		it.try.Label = ctx.T("rules.try")
		w := math.Max(buttonWidth(ctx, it.try.Label), 96*u)
		rect := rectF(x0+(r.width-w)/2, top+it.y, w, it.h)
		if !rect.In(r.view) {
			rect = image.Rectangle{}
		}
		it.try.Rect = rect
	}
}

// build lays the document out once for a language and width; drawing then only offsets it.
func (r *Rules) build(ctx *app.Context, width float64) {
	u := ctx.Unit()
	r.Exit(ctx)
	r.lang, r.width, r.unit, r.coords, r.viewH = ctx.Lang(), width, u, ctx.Settings().Coords, r.view.Dy()
	r.items = r.items[:0]
	doc := rulesDoc(ctx, r.spec.Game)
	y := 0.0
	add := func(it rulesItem, before, after float64) {
		y += before
		it.y = y
		y += it.h + after
		r.items = append(r.items, it)
	}
	if doc.Summary != "" {
		add(rulesItem{kind: itemSummary, text: doc.Summary, h: render.MeasureRichText(doc.Summary, sizeHeading*0.9*u, width)}, 0, 18*u)
	}
	// The figures take the page's width, up to a height that leaves a line of text above
	// or below them in view and stops growing where a board becomes a poster.
	boardH := math.Max(80*u, math.Min(480*u, float64(r.view.Dy())*0.88))
	caption := ctx.T("rules.start-position")
	if v := variantText(ctx, doc, r.spec); v != "" {
		caption = ctx.T("rules.start-position.variant", v)
	}
	add(boardFor(r.spec, nil, width, boardH, r.coords), 0, 6*u)
	add(rulesItem{kind: itemCaption, text: caption, h: sizeSmall * u * render.LineHeight}, 0, 8*u)
	for _, b := range doc.Blocks {
		switch b.Kind {
		case i18n.Heading:
			add(rulesItem{kind: itemHeading, text: b.Text, h: wrappedHeight(b.Text, sizeHeading*u, true, width)}, 22*u, 8*u)
		case i18n.Paragraph:
			add(rulesItem{kind: itemParagraph, text: b.Text, h: render.MeasureRichText(b.Text, sizeBody*u, width)}, 0, 12*u)
		case i18n.Bullet:
			add(rulesItem{kind: itemBullet, text: b.Text, h: render.MeasureRichText(b.Text, sizeBody*u, width-24*u)}, 0, 6*u)
		case i18n.Diagram:
			d, err := resolveDiagram(ctx.Catalog(), b.Text, b.Figure)
			if err != nil {
				// A diagram of a game or variant this build does not know: show its spec
				// rather than nothing, so the gap is explained. The rules tests reject every
				// such diagram of a game in the catalog.
				add(rulesItem{kind: itemCaption, text: b.Text, h: sizeSmall * u * render.LineHeight}, 6*u, 12*u)
				continue
			}
			it := boardFor(d.spec, d.state, width, boardH, r.coords)
			it.diag = d
			add(it, 10*u, 6*u)
			text := d.caption
			if text == "" {
				text = variantText(ctx, rulesDoc(ctx, d.spec.Game), d.spec)
			}
			if text != "" {
				add(rulesItem{kind: itemFigureCaption, text: text, h: render.MeasureRichText(text, sizeSmall*u, width*0.8)}, 0, 6*u)
			}
			if d.tryable {
				add(rulesItem{kind: itemTry, diag: d, h: buttonHeight * u * 0.85}, 2*u, 6*u)
			}
			y += 8 * u
		}
	}
	r.content = y + 24*u
	r.zoom.rebuilt(r.items)
}

// pad is the panel's inner margin: narrower in a small window, where the figures need the
// room more than the margins do.
func (r *Rules) pad(u float64) float64 {
	return math.Max(14*u, math.Min(32*u, float64(r.panel.Dx())*0.04))
}

// boardFor fits st's board into the page's width and a height of at most maxH, and
// returns the item that shows it: as tall as the fitted board and no taller, so that a wide
// board leaves no empty band under it.
func boardFor(spec rules.Spec, st rules.State, width, maxH float64, coords bool) rulesItem {
	it := rulesItem{kind: itemBoard, spec: spec, pic: &picture{}, bw: width, h: maxH}
	if st == nil {
		st = initialState(spec)
	}
	if st == nil {
		return it
	}
	it.topo = st.Board()
	v := render.NewBoardView(spec.Game, it.topo)
	v.SetShowCoords(coords)
	v.SetBounds(image.Rect(0, 0, int(width), int(maxH)))
	if fit := v.Rect(); !fit.Empty() {
		// The fitted board is centred in its bounds; the item keeps the board's own size,
		// with the few pixels of rounding on the height.
		it.bw, it.h = float64(fit.Dx()), math.Min(maxH, float64(fit.Dy())+2)
	}
	return it
}

// boardRect is where an itemBoard's picture is drawn, its top at y on the screen.
func (r *Rules) boardRect(it *rulesItem, x0, y float64) image.Rectangle {
	return rectF(x0+(r.width-it.bw)/2, y, it.bw, it.h)
}

func (r *Rules) maxScroll() float64 { return math.Max(0, r.content-float64(r.view.Dy())) }

func (r *Rules) clamp() { r.scroll = math.Max(0, math.Min(r.scroll, r.maxScroll())) }

// Update implements app.Scene.
func (r *Rules) Update(ctx *app.Context) error {
	r.layout(ctx)
	if r.zoom.on {
		// The enlarged figure takes every click and Esc until it is closed.
		r.updateZoom(ctx)
		return nil
	}
	in := ctx.Input()
	u := ctx.Unit()
	if hit(ctx, &r.close) || in.Pressed(app.KeyBack) {
		closeOrBack(ctx, r.overlay)
		return nil
	}
	if x, y, ok := in.Clicked(); ok && r.overlay && !image.Pt(int(x), int(y)).In(r.panel) {
		closeOrBack(ctx, r.overlay)
		return nil
	}
	before := r.scroll
	step := 56 * u
	page := float64(r.view.Dy()) * 0.9
	_, wy := in.Wheel()
	r.scroll += wy * step
	if _, dy, ok := in.Drag(); ok {
		r.scroll -= dy
	}
	switch {
	case in.Pressed(app.KeyDown):
		r.scroll += step
	case in.Pressed(app.KeyUp):
		r.scroll -= step
	case in.Pressed(app.KeyPageDown):
		r.scroll += page
	case in.Pressed(app.KeyPageUp):
		r.scroll -= page
	case in.Pressed(app.KeyHome):
		r.scroll = 0
	case in.Pressed(app.KeyEnd):
		r.scroll = r.maxScroll()
	}
	r.clamp()
	if r.scroll != before {
		r.placeButtons(ctx)
		ctx.Invalidate()
	}
	for i := range r.items {
		if it := &r.items[i]; it.kind == itemTry && hit(ctx, &it.try) {
			g, err := NewPractice(it.diag)
			if err != nil {
				log.Printf("%v", err)
				ctx.Notify(ctx.T("notice.practice-failed"))
				return nil
			}
			ctx.Push(g)
			return nil
		}
	}
	if r.openZoom(ctx) {
		return nil
	}
	r.followHover(ctx)
	return nil
}

// TryButtons lists the "Try it" buttons in the order of the text; tests click them.
func (r *Rules) TryButtons() []*ui.Button {
	var out []*ui.Button
	for i := range r.items {
		if r.items[i].kind == itemTry {
			out = append(out, &r.items[i].try)
		}
	}
	return out
}

// Scroll is how far the text is scrolled, in pixels; tests use it.
func (r *Rules) Scroll() float64 { return r.scroll }

// Draw implements app.Scene.
func (r *Rules) Draw(dst *ebiten.Image, ctx *app.Context) {
	r.layout(ctx)
	u := ctx.Unit()
	drawPage(dst, ctx, r.panel, r.overlay)
	pad := r.pad(u)
	doc := rulesDoc(ctx, r.spec.Game)
	drawPageHead(dst, ctx, r.panel, pad, ctx.T("rules.title", doc.Name), &r.close, r.view, r.scroll > 0)

	clip := dst.SubImage(r.view).(*ebiten.Image)
	x0, top := r.origin(u)
	for i := range r.items {
		it := &r.items[i]
		y := top + it.y
		if y > float64(r.view.Max.Y) || y+it.h < float64(r.view.Min.Y) {
			continue
		}
		switch it.kind {
		case itemSummary:
			render.DrawRichText(clip, it.text, sizeHeading*0.9*u, x0, y, r.width, render.MutedText)
		case itemCaption:
			render.DrawText(clip, it.text, sizeSmall*u, false, x0+r.width/2, y, render.MutedText, render.AlignCenter)
		case itemHeading:
			drawWrapped(clip, it.text, sizeHeading*u, true, x0, y, r.width, render.Text)
		case itemParagraph:
			render.DrawRichText(clip, it.text, sizeBody*u, x0, y, r.width, render.Text)
		case itemBullet:
			render.FillCircle(clip, x0+8*u, y+sizeBody*u*render.LineHeight/2, 3*u, render.Accent)
			render.DrawRichText(clip, it.text, sizeBody*u, x0+24*u, y, r.width-24*u, render.Text)
		case itemBoard:
			var st rules.State
			deco := noDecorations()
			if it.diag != nil {
				st, deco = it.diag.state, it.diag.deco
			}
			it.pic.draw(clip, it.spec, st, deco, r.boardRect(it, x0, y), r.coords)
		case itemFigureCaption:
			render.DrawRichText(clip, it.text, sizeSmall*u, x0+r.width*0.1, y, r.width*0.8, render.MutedText)
		case itemTry:
			if !it.try.Rect.Empty() {
				drawButton(dst, ctx, &it.try)
			}
		}
	}
	if r.hoverItem >= 0 && r.hoverItem < len(r.items) && !r.zoom.on {
		it := &r.items[r.hoverItem]
		rect := r.boardRect(it, x0, top+it.y)
		r.hover.draw(clip, ctx, it.pic.view, it.topo, rect.Min, rect)
		drawZoomHint(clip, u, rect)
	}
	ui.DrawScrollbar(dst, r.track, r.scroll, r.content, float64(r.view.Dy()))
	r.drawZoom(dst, ctx)
}
