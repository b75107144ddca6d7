// Package scenes holds Koma's screens: the menu, the setup of a new game, the game itself,
// the rules viewer and the settings. Scenes construct each other directly; main picks the
// first one. Nothing here knows any particular game: everything comes from the game's card
// in the catalog and its texts in i18n.
package scenes

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/i18n"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
)

// Type sizes in units.
const (
	sizeDisplay = 38.0
	sizeTitle   = 28.0
	sizeHeading = 20.0
	sizeBody    = 16.0
	sizeSmall   = 14.0
	sizeCaption = 12.5
)

// Common metrics in units.
const (
	buttonHeight = 40.0
	buttonPad    = 18.0 // horizontal space between a button's label and its edges
	gap          = 12.0
	panelRadius  = 16.0
)

// rulesDoc returns the game's texts in the current language, with the game ID as its name
// when the texts are missing, so that a game without texts is still playable.
func rulesDoc(ctx *app.Context, g *rules.Game) i18n.RulesDoc {
	key := docKey{ctx.Lang(), g.ID}
	docMu.Lock()
	defer docMu.Unlock()
	if doc, ok := docCache[key]; ok {
		return doc
	}
	doc, err := i18n.Rules(ctx.Lang(), g.ID)
	if err != nil || doc.Name == "" {
		doc.Name = g.ID
	}
	if doc.Labels == nil {
		doc.Labels = map[string]string{}
	}
	docCache[key] = doc
	return doc
}

type docKey struct {
	lang i18n.Lang
	id   string
}

// The rules documents are parsed from embedded text; scenes ask for names and labels on
// every frame, so each document is parsed once per language.
var (
	docMu    sync.Mutex
	docCache = map[docKey]i18n.RulesDoc{}
)

// label returns a game-specific label, falling back to the given text.
func label(doc i18n.RulesDoc, key, fallback string) string {
	if v, ok := doc.Labels[key]; ok && v != "" {
		return v
	}
	return fallback
}

func optionName(doc i18n.RulesDoc, key string) string { return label(doc, "option."+key, key) }

func optionValue(doc i18n.RulesDoc, key, value string) string {
	return label(doc, "option."+key+"."+value, value)
}

// variantText describes the non-default options of a spec, or "" for the default variant.
func variantText(ctx *app.Context, doc i18n.RulesDoc, spec rules.Spec) string {
	text := ""
	for _, o := range spec.Game.Options {
		v := spec.Options[o.Key]
		if v == o.Default && len(o.Values) > 1 {
			continue
		}
		if text == "" {
			text = optionValue(doc, o.Key, v)
		} else {
			text = ctx.T("list.join", text, optionValue(doc, o.Key, v))
		}
	}
	return text
}

// sideName names a player as the game does: by the seat's role where it has one ("Fox",
// "Attacker"), otherwise by the colour of the player's pieces in st, which can change during
// a game. Every place that names a side goes through it.
func sideName(ctx *app.Context, st rules.State, p rules.Player) string {
	g := st.Game()
	if p < 0 || int(p) >= len(g.Sides) {
		return ""
	}
	if role := g.Sides[p].Role; role != "" {
		return label(rulesDoc(ctx, g), "side."+role, role)
	}
	return colourName(ctx, rules.ColourOf(st, p))
}

// colourName names a colour.
func colourName(ctx *app.Context, c rules.Colour) string {
	if c == rules.White {
		return ctx.T("colour.white")
	}
	return ctx.T("colour.black")
}

// gameText looks a game-specific string up in the game's rules text first, then among the
// app's own strings, and returns "" when neither has it.
func gameText(ctx *app.Context, g *rules.Game, key string) string {
	if v := label(rulesDoc(ctx, g), key, ""); v != "" {
		return v
	}
	if i18n.Has(ctx.Lang(), key) || i18n.Has(i18n.English, key) {
		return ctx.T(key)
	}
	return ""
}

// moveLabel words a decision for a button: the game's own label, then the app's wording
// of the kinds that have no sites, then the notation.
func moveLabel(ctx *app.Context, st rules.State, m rules.Move) string {
	if lb, ok := st.(rules.Labeller); ok {
		if key := lb.MoveLabel(m); key != "" {
			if v := gameText(ctx, st.Game(), "choice."+key); v != "" {
				return v
			}
		}
	}
	return moveText(ctx, st, m)
}

// moveText writes a decision for the move list: the notation, with the kinds that have no
// sites in words.
func moveText(ctx *app.Context, st rules.State, m rules.Move) string {
	switch m.Kind {
	case rules.Pass:
		return ctx.T("game.pass")
	case rules.Swap:
		return ctx.T("game.swap")
	case rules.Stop:
		return ctx.T("game.stop")
	case rules.Choose:
		if lb, ok := st.(rules.Labeller); ok {
			if v := gameText(ctx, st.Game(), "choice."+lb.MoveLabel(m)); v != "" {
				return v
			}
		}
	}
	return rules.FormatMove(st, m)
}

// promptText is what the game says the current decision is about, or "".
func promptText(ctx *app.Context, st rules.State) string {
	pr, ok := st.(rules.Prompter)
	if !ok {
		return ""
	}
	key := pr.Prompt()
	if key == "" {
		return ""
	}
	return gameText(ctx, st.Game(), "prompt."+key)
}

// reasonText explains why a game ended: the game's own wording first, then the generic one.
func reasonText(ctx *app.Context, doc i18n.RulesDoc, reason string) string {
	key := "reason." + reason
	if v, ok := doc.Labels[key]; ok && v != "" {
		return v
	}
	if i18n.Has(ctx.Lang(), key) || i18n.Has(i18n.English, key) {
		return ctx.T(key)
	}
	return ""
}

func levelName(ctx *app.Context, name string) string { return ctx.T("level." + name) }

// rectF builds a pixel rectangle from float coordinates, rounding outwards consistently.
func rectF(x, y, w, h float64) image.Rectangle {
	return image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
}

// hovered reports whether the pointer is over r.
func hovered(ctx *app.Context, r image.Rectangle) bool {
	x, y, ok := ctx.Input().Cursor()
	return ok && image.Pt(int(x), int(y)).In(r)
}

// clickedIn reports a click inside r this tick.
func clickedIn(ctx *app.Context, r image.Rectangle) bool {
	x, y, ok := ctx.Input().Clicked()
	return ok && image.Pt(int(x), int(y)).In(r)
}

// hit reports a click on an enabled button this tick.
func hit(ctx *app.Context, b *ui.Button) bool {
	return b != nil && !b.Disabled && !b.Rect.Empty() && clickedIn(ctx, b.Rect)
}

func drawButton(dst *ebiten.Image, ctx *app.Context, b *ui.Button) {
	if b == nil || b.Rect.Empty() {
		return
	}
	b.Draw(dst, hovered(ctx, b.Rect), ctx.Unit())
}

// buttonWidth is the natural width of a button for its label.
func buttonWidth(ctx *app.Context, label string) float64 {
	u := ctx.Unit()
	h := int(buttonHeight * u)
	w, _ := render.MeasureText(label, ui.LabelSize(h, u), true)
	return math.Ceil(w + 2*buttonPad*u)
}

// flow lays buttons out left to right from (x, y) within width, wrapping to new rows, and
// returns the height used. Each button is as wide as its label needs, at least minW.
func flow(ctx *app.Context, buttons []*ui.Button, x, y, width, minW float64) float64 {
	u := ctx.Unit()
	h := buttonHeight * u
	cx, cy := x, y
	for _, b := range buttons {
		w := math.Min(math.Max(buttonWidth(ctx, b.Label), minW), width)
		if cx > x && cx+w > x+width {
			cx, cy = x, cy+h+gap*u*0.75
		}
		b.Rect = rectF(cx, cy, w, h)
		cx += w + gap*u*0.75
	}
	if len(buttons) == 0 {
		return 0
	}
	return cy + h - y
}

// grid lays buttons out in equal columns and returns the height used.
func grid(ctx *app.Context, buttons []*ui.Button, x, y, width float64, cols int) float64 {
	u := ctx.Unit()
	h := buttonHeight * u
	g := gap * u * 0.75
	if cols < 1 {
		cols = 1
	}
	w := (width - g*float64(cols-1)) / float64(cols)
	rows := 0
	for i, b := range buttons {
		c, r := i%cols, i/cols
		b.Rect = rectF(x+float64(c)*(w+g), y+float64(r)*(h+g), w, h)
		rows = r + 1
	}
	if rows == 0 {
		return 0
	}
	return float64(rows)*h + float64(rows-1)*g
}

// drawPieceDisc draws a small disc of a piece colour, used next to player names.
func drawPieceDisc(dst *ebiten.Image, c rules.Colour, cx, cy, r, unit float64) {
	fill, rim := render.PieceBlack, color.NRGBA{0x05, 0x05, 0x07, 0xFF}
	if c == rules.White {
		fill, rim = render.PieceWhite, color.NRGBA{0x8C, 0x7D, 0x62, 0xFF}
	}
	render.FillCircle(dst, cx, cy+unit, r, withAlpha(render.Shadow, 0.25))
	render.FillCircle(dst, cx, cy, r, rim)
	render.FillCircle(dst, cx, cy, r-1.2*unit, fill)
}

func withAlpha(c color.NRGBA, a float64) color.NRGBA {
	c.A = uint8(math.Round(float64(c.A) * math.Max(0, math.Min(1, a))))
	return c
}

// drawWrapped draws s wrapped to width and returns the height used.
func drawWrapped(dst *ebiten.Image, s string, size float64, bold bool, x, y, width float64, clr color.Color) float64 {
	lines := render.WrapText(s, size, bold, width)
	for i, l := range lines {
		render.DrawText(dst, l, size, bold, x, y+float64(i)*size*render.LineHeight, clr, render.AlignLeft)
	}
	return float64(len(lines)) * size * render.LineHeight
}

// wrappedHeight is the height drawWrapped would use.
func wrappedHeight(s string, size float64, bold bool, width float64) float64 {
	return float64(len(render.WrapText(s, size, bold, width))) * size * render.LineHeight
}

// initialState returns the starting position of a spec, or nil when the game cannot build
// it (then nothing is drawn rather than crashing).
func initialState(spec rules.Spec) rules.State {
	st, err := spec.New()
	if err != nil {
		return nil
	}
	return st
}

// defaultSpec is a game's default variant.
func defaultSpec(g *rules.Game) rules.Spec {
	opts, err := g.ParseOptions("")
	if err != nil {
		opts = rules.Options{}
	}
	return rules.Spec{Game: g, Options: opts}
}

// noDecorations is a board with no highlights at all; Selected must be NoSite explicitly.
func noDecorations() render.Decorations { return render.Decorations{Selected: -1} }
