package scenes

// The About screen: Koma's version, its credits, and the licences of everything it
// bundles or links.

import (
	"image"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/assets"
	"koma/i18n"
	"koma/render"
	"koma/render/ui"
	"koma/rules/version"
)

// About shows the version of the running build, the credits and the licences, which
// scroll with the wheel, by dragging and with the keys. The licences are the text file
// the release archives ship (assets.Licences), shown as it is: licences are legal texts
// and stay in their original English.
type About struct {
	overlay bool

	panel image.Rectangle
	close ui.Button
	// scroll moves everything below the title.
	scroll scroller

	// The laid-out content, rebuilt when the language or the width changes.
	lang  i18n.Lang
	width float64
	unit  float64
	items []aboutItem
	// stacked puts the version under the seal rather than beside it, in a window too
	// narrow for a long version such as a pseudo-version.
	stacked bool
}

type aboutKind int

const (
	aboutHeader aboutKind = iota // the seal, the name, the version
	aboutHeading
	aboutParagraph
	aboutLicence      // one line of the licences file
	aboutLicenceTitle // a title in the licences file: underlined there, or after a rule
	aboutRule         // the rule between two entries of the licences file
)

type aboutItem struct {
	kind aboutKind
	text string
	y, h float64 // position in the content, from its top
}

// NewAbout returns the About screen, shown over the scene that opened it.
func NewAbout() *About { return &About{overlay: true} }

// Overlay implements app.Overlay.
func (a *About) Overlay() bool { return a.overlay }

// versionText is the version line of the header.
func versionText(ctx *app.Context) string { return ctx.T("about.version", version.String()) }

func (a *About) layout(ctx *app.Context) {
	u := ctx.Unit()
	_, h := ctx.Size()
	a.panel = dialogPanel(ctx, 880, float64(h))
	pad := 32 * u
	a.close = ui.Button{Label: ctx.T("about.close"), Primary: true}
	cw := math.Max(buttonWidth(ctx, a.close.Label), 96*u)
	a.close.Rect = rectF(float64(a.panel.Max.X)-pad-cw, float64(a.panel.Min.Y)+pad, cw, buttonHeight*u)
	top := float64(a.panel.Min.Y) + pad + math.Max(buttonHeight*u, sizeTitle*u*render.LineHeight) + 16*u
	a.scroll.view = rectF(float64(a.panel.Min.X)+pad, top, float64(a.panel.Dx())-2*pad, float64(a.panel.Max.Y)-top-pad*0.6)
	width := math.Min(float64(a.scroll.view.Dx())-16*u, 760*u)
	if a.items == nil || a.lang != ctx.Lang() || a.width != width || a.unit != u {
		a.build(ctx, width)
	}
	a.scroll.clamp()
}

// build lays the content out once for a language and width; drawing then only offsets it.
// The licences run to hundreds of lines, so each is wrapped here rather than every frame.
func (a *About) build(ctx *app.Context, width float64) {
	u := ctx.Unit()
	a.lang, a.width, a.unit = ctx.Lang(), width, u
	a.items = a.items[:0]
	y := 0.0
	add := func(it aboutItem, before, after float64) {
		y += before
		it.y = y
		y += it.h + after
		a.items = append(a.items, it)
	}
	vw, _ := render.MeasureText(versionText(ctx), sizeBody*u, true)
	bw, _ := render.MeasureText(builtText(ctx), sizeSmall*u, false)
	a.stacked = max(vw, bw) > width-(sealSize+20)*u
	header := sealSize * u
	if a.stacked {
		header += 10*u + wrappedHeight(versionText(ctx), sizeBody*u, true, width) + sizeSmall*u*render.LineHeight
	}
	add(aboutItem{kind: aboutHeader, h: header}, 0, 20*u)
	heading := func(key string) {
		text := ctx.T(key)
		add(aboutItem{kind: aboutHeading, text: text, h: wrappedHeight(text, sizeHeading*u, true, width)}, 12*u, 8*u)
	}
	paragraph := func(text string) {
		add(aboutItem{kind: aboutParagraph, text: text, h: wrappedHeight(text, sizeBody*u, false, width)}, 0, 10*u)
	}
	heading("about.credits")
	paragraph(ctx.T("about.credits.games"))
	paragraph(ctx.T("about.credits.font"))
	paragraph(ctx.T("about.credits.engine"))
	heading("about.licences")
	paragraph(ctx.T("about.licences.intro"))
	y += 6 * u
	line := sizeSmall * u * render.LineHeight
	lines := strings.Split(strings.ReplaceAll(assets.Licences(), "\t", "    "), "\n")
	// The file is plain text, for a text editor: its underlines and rules of = and - become
	// bold titles and hairlines here.
	afterRule := false
	for i, l := range lines {
		switch {
		case strings.TrimSpace(l) == "":
			y += line * 0.6
			continue
		case isTextRule(l) && i > 0 && strings.TrimSpace(lines[i-1]) != "":
			continue // the underline of the title before it
		case isTextRule(l):
			add(aboutItem{kind: aboutRule, h: u}, 10*u, 10*u)
			afterRule = true
			continue
		}
		kind := aboutLicence
		if afterRule || i+1 < len(lines) && isTextRule(lines[i+1]) {
			kind = aboutLicenceTitle
		}
		afterRule = false
		for _, w := range render.WrapText(l, sizeSmall*u, kind == aboutLicenceTitle, width) {
			add(aboutItem{kind: kind, text: w, h: line}, 0, 0)
		}
	}
	a.scroll.content = y + 24*u
}

// isTextRule reports whether a line of plain text is a rule or an underline: three or more
// = or - and nothing else.
func isTextRule(l string) bool {
	l = strings.TrimSpace(l)
	return len(l) >= 3 && (strings.Trim(l, "=") == "" || strings.Trim(l, "-") == "")
}

// sealSize is the side of the seal in the header, in units.
const sealSize = 72.0

// Update implements app.Scene.
func (a *About) Update(ctx *app.Context) error {
	a.layout(ctx)
	in := ctx.Input()
	if hit(ctx, &a.close) || in.Pressed(app.KeyBack) || in.Pressed(app.KeyEnter) {
		closeOrBack(ctx, a.overlay)
		return nil
	}
	if x, y, ok := in.Clicked(); ok && a.overlay && !image.Pt(int(x), int(y)).In(a.panel) {
		closeOrBack(ctx, a.overlay)
		return nil
	}
	before := a.scroll.offset
	a.scroll.handle(ctx)
	switch {
	case in.Pressed(app.KeyHome):
		a.scroll.offset = 0
	case in.Pressed(app.KeyEnd):
		a.scroll.offset = a.scroll.content
	}
	a.scroll.clamp()
	if a.scroll.offset != before {
		ctx.Invalidate()
	}
	return nil
}

// Draw implements app.Scene.
func (a *About) Draw(dst *ebiten.Image, ctx *app.Context) {
	a.layout(ctx)
	u := ctx.Unit()
	drawPage(dst, ctx, a.panel, a.overlay)
	pad := 32 * u
	view := a.scroll.view
	drawPageHead(dst, ctx, a.panel, pad, ctx.T("about.title"), &a.close, view, a.scroll.offset > 0)

	clip := dst.SubImage(view).(*ebiten.Image)
	x0 := float64(view.Min.X) + (float64(view.Dx())-16*u-a.width)/2
	top := float64(view.Min.Y) - a.scroll.offset
	for _, it := range a.items {
		y := top + it.y
		if y > float64(view.Max.Y) || y+it.h < float64(view.Min.Y) {
			continue
		}
		switch it.kind {
		case aboutHeader:
			hx, hy := a.headerOrigin(ctx)
			a.drawHeader(clip, ctx, hx, hy)
		case aboutHeading:
			drawWrapped(clip, it.text, sizeHeading*u, true, x0, y, a.width, render.Text)
		case aboutParagraph:
			drawWrapped(clip, it.text, sizeBody*u, false, x0, y, a.width, render.Text)
		case aboutLicence:
			render.DrawText(clip, it.text, sizeSmall*u, false, x0, y, render.MutedText, render.AlignLeft)
		case aboutLicenceTitle:
			render.DrawText(clip, it.text, sizeSmall*u, true, x0, y, render.Text, render.AlignLeft)
		case aboutRule:
			render.FillRoundedRect(clip, x0, y, a.width, it.h, 0, render.PanelBorder)
		}
	}
	if a.scroll.scrolls() {
		track := rectF(float64(a.panel.Max.X)-pad*0.6, float64(view.Min.Y), 5*u, float64(view.Dy()))
		ui.DrawScrollbar(dst, track, a.scroll.offset, a.scroll.content, float64(view.Dy()))
	}
}

// builtText names the Go release that built the app, or is "" when unknown.
func builtText(ctx *app.Context) string {
	if gv := version.Get().GoVersion; gv != "" {
		return ctx.T("about.built", gv)
	}
	return ""
}

// headerText places the header's lines for a header whose top left is (x, y): the name,
// then the version and the Go release, beside the seal or, when stacked, under it. Drawing
// and the tests both use it.
func (a *About) headerText(ctx *app.Context, x, y float64) (name, ver, built image.Point, width float64) {
	u := ctx.Unit()
	seal := sealSize * u
	pt := func(x, y float64) image.Point { return image.Pt(int(math.Round(x)), int(math.Round(y))) }
	tx := x + seal + 20*u
	if a.stacked {
		name = pt(tx, y+(seal-sizeTitle*u*render.LineHeight)/2)
		vy := y + seal + 10*u
		vh := wrappedHeight(versionText(ctx), sizeBody*u, true, a.width)
		return name, pt(x, vy), pt(x, vy+vh), a.width
	}
	ty := y + (seal-(sizeTitle+sizeBody+sizeSmall)*u*render.LineHeight)/2
	name = pt(tx, ty)
	ty += sizeTitle * u * render.LineHeight
	ver = pt(tx, ty)
	built = pt(tx, ty+sizeBody*u*render.LineHeight)
	return name, ver, built, a.width - (tx - x)
}

// drawHeader draws the app's seal, as on the menu, with the name, the version and the Go
// release that built it.
func (a *About) drawHeader(dst *ebiten.Image, ctx *app.Context, x, y float64) {
	u := ctx.Unit()
	seal := sealSize * u
	render.FillRoundedRect(dst, x, y+2*u, seal, seal, 16*u, withAlpha(render.Shadow, 0.18))
	render.FillRoundedRect(dst, x, y, seal, seal, 16*u, render.Accent)
	render.DrawText(dst, ctx.T("app.mark"), 42*u, true, x+seal/2, y+(seal-42*u*render.LineHeight)/2, render.OnAccent, render.AlignCenter)
	name, ver, built, w := a.headerText(ctx, x, y)
	render.DrawText(dst, ctx.T("app.title"), sizeTitle*u, true, float64(name.X), float64(name.Y), render.Text, render.AlignLeft)
	drawWrapped(dst, versionText(ctx), sizeBody*u, true, float64(ver.X), float64(ver.Y), w, render.Text)
	if b := builtText(ctx); b != "" {
		render.DrawText(dst, b, sizeSmall*u, false, float64(built.X), float64(built.Y), render.MutedText, render.AlignLeft)
	}
}

// headerOrigin is where the header is drawn at the current scroll.
func (a *About) headerOrigin(ctx *app.Context) (x, y float64) {
	u := ctx.Unit()
	view := a.scroll.view
	return float64(view.Min.X) + (float64(view.Dx())-16*u-a.width)/2, float64(view.Min.Y) - a.scroll.offset + a.items[0].y
}

// Describe implements app.Describer. The status is the version line, the one thing on the
// screen that differs from build to build.
func (a *About) Describe(ctx *app.Context) app.Description {
	a.layout(ctx)
	d := app.Description{Scene: "about", Status: versionText(ctx)}
	addTarget(&d, "close", &a.close)
	return d
}
