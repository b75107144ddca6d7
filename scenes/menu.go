package scenes

import (
	"image"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/app/prefs"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
)

// Menu is the start screen: every game of the catalog with a picture of its board, the
// unfinished game to continue, the settings, About and Quit. The cards scroll when the
// window is too short for all of them.
type Menu struct {
	cards    []menuCard
	settings ui.Button
	about    ui.Button
	quit     ui.Button
	resume   ui.Button
	saved    *match.Match
	banner   image.Rectangle
	loaded   bool
	// scroll moves the cards when the window is too short for all of them.
	scroll scroller
	// first is shown over the menu on its first tick (screenshots of the settings).
	first app.Scene
	// then is a game to start on the first tick, once the menu has found any unfinished
	// game (a game asked for on the command line): replacing that one asks first.
	then *match.Match
}

type menuCard struct {
	game  *rules.Game
	rect  image.Rectangle
	thumb image.Rectangle
	pic   picture
	text  image.Rectangle // where name and summary go
	// summary holds the lines of the summary as last drawn.
	summary []string
}

// NewMenu returns the menu scene.
func NewMenu() *Menu { return &Menu{} }

// Enter implements app.Enterer: it looks for an unfinished game to offer.
func (m *Menu) Enter(ctx *app.Context) {
	m.cards = m.cards[:0]
	for _, g := range ctx.Catalog() {
		m.cards = append(m.cards, menuCard{game: g})
	}
	if m.loaded {
		return
	}
	m.loaded = true
	saved, kept, err := prefs.LoadAutosave(ctx.Store(), ctx.Catalog())
	switch {
	case err != nil && kept != "":
		ctx.Notify(ctx.T("notice.autosave-corrupt", kept))
	case err != nil:
		ctx.Notify(ctx.T("notice.autosave-unreadable"))
	}
	if saved != nil {
		if _, over := saved.Outcome(); !over {
			m.saved = saved
		}
	}
}

// Exit implements app.Exiter.
func (m *Menu) Exit(ctx *app.Context) {
	for i := range m.cards {
		m.cards[i].pic.release()
	}
}

// Saved is the unfinished game the menu offers to continue, if any.
func (m *Menu) Saved() *match.Match { return m.saved }

func (m *Menu) margin(ctx *app.Context) float64 {
	w, _ := ctx.Size()
	u := ctx.Unit()
	return math.Max(20*u, math.Min(56*u, float64(w)*0.05))
}

// headerHeight is the height of the logo block.
func (m *Menu) headerHeight(ctx *app.Context) float64 { return 64 * ctx.Unit() }

func (m *Menu) layout(ctx *app.Context) {
	u := ctx.Unit()
	w, h := ctx.Size()
	W, H := float64(w), float64(h)
	mg := m.margin(ctx)

	m.settings.Label = ctx.T("menu.settings")
	m.quit.Label = ctx.T("menu.quit")
	right := W - mg
	top := mg + (m.headerHeight(ctx)-buttonHeight*u)/2
	if ctx.CanQuit() {
		qw := buttonWidth(ctx, m.quit.Label)
		m.quit.Rect = rectF(right-qw, top, qw, buttonHeight*u)
		right -= qw + gap*u
	} else {
		m.quit.Rect = image.Rectangle{}
	}
	sw := buttonWidth(ctx, m.settings.Label)
	m.settings.Rect = rectF(right-sw, top, sw, buttonHeight*u)
	right -= sw + gap*u
	m.about.Label = ctx.T("menu.about")
	aw := buttonWidth(ctx, m.about.Label)
	m.about.Rect = rectF(right-aw, top, aw, buttonHeight*u)

	y := mg + m.headerHeight(ctx) + 28*u
	m.banner = image.Rectangle{}
	m.resume.Rect = image.Rectangle{}
	if m.saved != nil {
		bh := 76 * u
		m.banner = rectF(mg, y, W-2*mg, bh)
		m.resume.Label = ctx.T("menu.continue")
		m.resume.Primary = true
		rw := math.Max(buttonWidth(ctx, m.resume.Label), 140*u)
		m.resume.Rect = rectF(W-mg-20*u-rw, y+(bh-buttonHeight*u)/2, rw, buttonHeight*u)
		y += bh + 28*u
	}
	y += sizeHeading * u * 1.5 // "Choose a game"
	y += 14 * u

	n := len(m.cards)
	if n == 0 {
		return
	}
	availW := W - 2*mg
	availH := H - y - mg
	g := 24 * u
	cols := int(math.Max(1, math.Floor((availW+g)/(250*u+g))))
	cols = min(cols, n)
	cardW := math.Min((availW-g*float64(cols-1))/float64(cols), 420*u)
	rows := (n + cols - 1) / cols
	pad := 18 * u
	textH := sizeHeading*u*1.5 + 8*u + 3*sizeSmall*u*render.LineHeight
	cardH := math.Min(cardW-2*pad+textH+2*pad+8*u, (availH-g*float64(rows-1))/float64(rows))
	// At the least, a card holds the game's name and two lines of its summary beside the
	// picture: one line left room for only two or three words of it.
	cardH = math.Max(cardH, 2*pad+(sizeHeading+2*sizeSmall)*u*render.LineHeight+4*u)
	totalW := float64(cols)*cardW + float64(cols-1)*g
	x0 := mg + (availW-totalW)/2
	// The cards scroll below the heading; the view starts a little above them so that a
	// lifted card's shadow is not cut off.
	above := 8 * u
	m.scroll.view = rectF(0, y-above, W, H-y+above)
	m.scroll.content = above + float64(rows)*cardH + float64(rows-1)*g + mg
	m.scroll.clamp()
	y -= m.scroll.offset
	for i := range m.cards {
		c := &m.cards[i]
		col, row := i%cols, i/cols
		cx, cy := x0+float64(col)*(cardW+g), y+float64(row)*(cardH+g)
		c.rect = rectF(cx, cy, cardW, cardH)
		thumbH := cardH - 2*pad - textH - 8*u
		if thumbH >= 72*u {
			c.thumb = rectF(cx+pad, cy+pad, cardW-2*pad, thumbH)
			c.text = rectF(cx+pad, cy+pad+thumbH+12*u, cardW-2*pad, textH)
		} else {
			// Too little height for a picture above the text: put it beside the text, no
			// bigger than it was before the cards grew to two lines of summary, so that
			// the text keeps its width.
			inner := cardH - 2*pad
			side := math.Min(inner, 60*u)
			c.thumb = rectF(cx+pad, cy+pad+(inner-side)/2, side, side)
			c.text = rectF(cx+2*pad+side, cy+pad, cardW-3*pad-side, inner)
		}
	}
}

// Update implements app.Scene.
func (m *Menu) Update(ctx *app.Context) error {
	m.layout(ctx)
	if m.first != nil {
		ctx.Push(m.first)
		m.first = nil
		return nil
	}
	if m.then != nil {
		startInstead(ctx, m.saved, m.then)
		m.then = nil
		return nil
	}
	switch {
	case hit(ctx, &m.settings):
		ctx.Push(NewSettings())
		return nil
	case hit(ctx, &m.about):
		ctx.Push(NewAbout())
		return nil
	case hit(ctx, &m.quit):
		ctx.Quit()
		return nil
	case m.saved != nil && (hit(ctx, &m.resume) || ctx.Input().Pressed(app.KeyEnter)):
		ctx.GoTo(NewGame(m.saved))
		return nil
	}
	m.scroll.handle(ctx)
	for i := range m.cards {
		if clickedIn(ctx, m.cards[i].rect.Intersect(m.scroll.view)) {
			ctx.GoTo(NewSetup(m.cards[i].game))
			return nil
		}
	}
	return nil
}

// Draw implements app.Scene.
func (m *Menu) Draw(dst *ebiten.Image, ctx *app.Context) {
	m.layout(ctx)
	u := ctx.Unit()
	mg := m.margin(ctx)
	dst.Fill(render.Background)

	// The logo: the app's mark on a seal, then the name and a line about it.
	seal, tx, tagW := m.logo(ctx)
	if seal > 0 {
		// The seal stands in the middle of the header's height, whatever its size.
		sy := mg + (m.headerHeight(ctx)-seal)/2
		k := seal / (64 * u)
		render.FillRoundedRect(dst, mg, sy+u*2, seal, seal, 14*u*k, withAlpha(render.Shadow, 0.18))
		render.FillRoundedRect(dst, mg, sy, seal, seal, 14*u*k, render.Accent)
		render.DrawText(dst, ctx.T("app.mark"), 38*u*k, true, mg+seal/2, sy+(seal-38*u*k*render.LineHeight)/2, render.OnAccent, render.AlignCenter)
	}
	render.DrawText(dst, ctx.T("app.title"), sizeTitle*u, true, tx, mg-2*u, render.Text, render.AlignLeft)
	if tagW > 0 {
		tag := render.Ellipsize(ctx.T("menu.tagline"), sizeBody*u, false, tagW)
		render.DrawText(dst, tag, sizeBody*u, false, tx, mg+sizeTitle*u*render.LineHeight-6*u, render.MutedText, render.AlignLeft)
	}
	drawButton(dst, ctx, &m.settings)
	drawButton(dst, ctx, &m.about)
	drawButton(dst, ctx, &m.quit)

	if m.saved != nil && !m.banner.Empty() {
		ui.DrawPanel(dst, m.banner, render.Panel, panelRadius*u)
		b := m.banner
		render.FillRoundedRect(dst, float64(b.Min.X), float64(b.Min.Y), 6*u, float64(b.Dy()), 3*u, render.Accent)
		x := float64(b.Min.X) + 28*u
		ty := float64(b.Min.Y) + (float64(b.Dy())-(sizeCaption+sizeHeading)*u*render.LineHeight)/2
		render.DrawText(dst, ctx.T("menu.unfinished"), sizeCaption*u, true, x, ty, render.MutedText, render.AlignLeft)
		render.DrawText(dst, m.savedDetail(ctx), sizeHeading*u, true, x, ty+sizeCaption*u*render.LineHeight, render.Text, render.AlignLeft)
		drawButton(dst, ctx, &m.resume)
	}

	y := mg + m.headerHeight(ctx) + 28*u
	if m.saved != nil {
		y += 76*u + 28*u
	}
	render.DrawText(dst, ctx.T("menu.choose"), sizeHeading*u, true, mg, y, render.Text, render.AlignLeft)
	if len(m.cards) == 0 {
		render.DrawText(dst, ctx.T("menu.empty"), sizeBody*u, false, mg, y+sizeHeading*u*2, render.MutedText, render.AlignLeft)
		return
	}
	cards := m.scroll.clip(dst)
	for i := range m.cards {
		if m.cards[i].rect.Overlaps(m.scroll.view) {
			m.drawCard(cards, ctx, &m.cards[i])
		}
	}
	m.scroll.drawBar(dst, ctx)
}

// minTagline is the least width, in units, worth giving the tagline: less shows two or
// three words of it and an ellipsis.
const minTagline = 120

// logo lays out the header's left side, left of the buttons: the seal's size (0 when there
// is no room for it beside the name), where the name and the tagline start, and the
// tagline's width (0 when it is left out). In a small window the buttons would otherwise
// cover the name: the tagline goes first, then the seal; the name always stays.
func (m *Menu) logo(ctx *app.Context) (seal, tx, tagW float64) {
	u := ctx.Unit()
	mg := m.margin(ctx)
	room := float64(m.about.Rect.Min.X) - gap*u // where the buttons begin
	titleW, _ := render.MeasureText(ctx.T("app.title"), sizeTitle*u, true)
	// The full seal, a smaller one, none.
	for _, side := range []float64{64, 44, 0} {
		seal, tx = side*u, mg+side*u*1.28
		if tx+titleW <= room {
			break
		}
	}
	tagW = room - tx
	if tagW < minTagline*u {
		tagW = 0
	}
	return seal, tx, tagW
}

// savedDetail names the unfinished game and how far it went, numbered as its move list
// numbers the moves: "Tablut, move 1" once one move is played.
func (m *Menu) savedDetail(ctx *app.Context) string {
	name := rulesDoc(ctx, m.saved.Spec().Game).Name
	if n := latestMove(m.saved); n > 0 {
		return ctx.T("menu.continue.detail", name, n)
	}
	return ctx.T("menu.continue.start", name)
}

func (m *Menu) drawCard(dst *ebiten.Image, ctx *app.Context, c *menuCard) {
	u := ctx.Unit()
	hot := hovered(ctx, c.rect)
	r := c.rect
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	lift, shadow := 0.0, 0.14
	if hot {
		lift, shadow = 2*u, 0.22
	}
	render.DrawShadow(dst, x, y-lift+2*u, w, h, panelRadius*u, 12*u+3*lift, shadow)
	render.FillRoundedRect(dst, x, y-lift, w, h, panelRadius*u, render.Panel)
	if hot {
		render.StrokeRoundedRect(dst, x+u, y-lift+u, w-2*u, h-2*u, panelRadius*u-u, 2*u, render.Accent)
	} else {
		render.StrokeRoundedRect(dst, x+u/2, y-lift+u/2, w-u, h-u, panelRadius*u-u/2, u, render.PanelBorder)
	}
	spec := defaultSpec(c.game)
	c.pic.draw(dst, spec, nil, noDecorations(), c.thumb.Add(image.Pt(0, -int(lift))), false)

	doc := rulesDoc(ctx, c.game)
	tx, ty, tw := float64(c.text.Min.X), float64(c.text.Min.Y)-lift, float64(c.text.Dx())
	// The name may run into the card's right padding, clear of its border, rather than be
	// cut ("Turkish Checkers" in a narrow card); it is cut only beyond that.
	render.DrawText(dst, render.Ellipsize(doc.Name, sizeHeading*u, true, tw+10*u), sizeHeading*u, true, tx, ty, render.Text, render.AlignLeft)
	ty += sizeHeading*u*render.LineHeight + 2*u
	maxLines := int((float64(c.text.Max.Y) - ty) / (sizeSmall * u * render.LineHeight))
	c.summary = fitSummary(doc.Summary, sizeSmall*u, tw, maxLines)
	for i, l := range c.summary {
		render.DrawText(dst, l, sizeSmall*u, false, tx, ty+float64(i)*sizeSmall*u*render.LineHeight, render.MutedText, render.AlignLeft)
	}
}

// fitSummary wraps a game's summary to width in at most maxLines lines. A summary that
// needs more ends on its last line with a single ellipsis after the last whole word that
// fits (Japanese, written without spaces, after the last character that fits), never in
// the middle of a word or after a comma.
func fitSummary(text string, size, width float64, maxLines int) []string {
	lines := render.WrapText(text, size, false, width)
	if len(lines) <= maxLines {
		return lines
	}
	if maxLines <= 0 {
		return nil
	}
	out := append([]string(nil), lines[:maxLines]...)
	out[maxLines-1] = withEllipsis(out[maxLines-1], size, width)
	return out
}

// withEllipsis shortens line by whole words until it fits width with "…" after it. A line
// without a space (Japanese, or one long word) loses characters instead.
func withEllipsis(line string, size, width float64) string {
	const ellipsis = "…"
	// Punctuation that would stand before the ellipsis ("game:…", "駒を、…") goes too.
	const trailing = " \t,.;:!?-–—、。，．・：；"
	for {
		line = strings.TrimRight(line, trailing)
		if line == "" {
			return ellipsis
		}
		if w, _ := render.MeasureText(line+ellipsis, size, false); w <= width {
			return line + ellipsis
		}
		if i := strings.LastIndexAny(line, " \t"); i > 0 {
			line = line[:i]
		} else {
			r := []rune(line)
			line = string(r[:len(r)-1])
		}
	}
}
