package scenes

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/app/prefs"
	"koma/render"
	"koma/render/ui"
)

// unfinished reports whether m is a game the player could lose something by replacing: one
// that has begun and is not over.
func unfinished(m *match.Match) bool {
	if m == nil || m.Len() == 0 {
		return false
	}
	_, over := m.Outcome()
	return !over
}

// savedGame returns the autosaved game, or nil. An autosave that no longer loads is kept
// aside, and the player told, as the menu does.
func savedGame(ctx *app.Context) *match.Match {
	m, kept, err := prefs.LoadAutosave(ctx.Store(), ctx.Catalog())
	switch {
	case err != nil && kept != "":
		ctx.Notify(ctx.T("notice.autosave-corrupt", kept))
	case err != nil:
		ctx.Notify(ctx.T("notice.autosave-unreadable"))
	}
	return m
}

// startInstead starts next in place of old: at once when old has nothing to lose, and
// otherwise only once the player agrees, through a ReplaceGame question shown over the
// current scene. Declining pops the question and leaves that scene as it was.
func startInstead(ctx *app.Context, old, next *match.Match) {
	if !unfinished(old) {
		ctx.GoTo(NewGame(next))
		return
	}
	ctx.Push(NewReplaceGame(old, next))
}

// ReplaceGame asks before an unfinished game is replaced by a new one, since there is only
// one autosave: "Start new game" starts it, "Keep my game" (the default, also Escape,
// Enter or a click beside the panel) closes the question and nothing is lost. It is shown
// over the game for a rematch, over the setup screen for a new game, and over the menu,
// with its Continue, for a game asked for on the command line.
type ReplaceGame struct {
	old, next *match.Match
	panel     image.Rectangle
	replace   ui.Button
	keep      ui.Button
	bodyY     float64
}

// NewReplaceGame returns the question whether next may replace the unfinished game old.
func NewReplaceGame(old, next *match.Match) *ReplaceGame {
	return &ReplaceGame{old: old, next: next}
}

// Overlay implements app.Overlay.
func (r *ReplaceGame) Overlay() bool { return true }

// Next is the game that would start.
func (r *ReplaceGame) Next() *match.Match { return r.next }

func (r *ReplaceGame) body(ctx *app.Context) string {
	return ctx.T("replace.body", rulesDoc(ctx, r.old.Spec().Game).Name, r.old.Len()+1)
}

func (r *ReplaceGame) layout(ctx *app.Context) {
	u := ctx.Unit()
	const maxW = 520.0
	pad := 28 * u
	r.replace = ui.Button{Label: ctx.T("replace.new"), Rect: r.replace.Rect}
	r.keep = ui.Button{Label: ctx.T("replace.keep"), Primary: true, Rect: r.keep.Rect}
	probe := dialogPanel(ctx, maxW, 10000)
	inner := float64(probe.Dx()) - 2*pad
	titleH := wrappedHeight(ctx.T("replace.title"), sizeHeading*u, true, inner)
	r.bodyY = pad + titleH + 10*u
	y := r.bodyY + wrappedHeight(r.body(ctx), sizeBody*u, false, inner) + 24*u
	bh := buttonHeight * u
	kw := math.Max(buttonWidth(ctx, r.keep.Label), 120*u)
	rw := math.Max(buttonWidth(ctx, r.replace.Label), 120*u)
	// Side by side when they fit, the default on the right; else stacked, full width.
	side := kw+rw+gap*u <= inner
	height := y + bh + pad
	if !side {
		height += bh + gap*u*0.75
	}
	r.panel = dialogPanel(ctx, maxW, height)
	x0, y0 := float64(r.panel.Min.X), float64(r.panel.Min.Y)
	right := float64(r.panel.Max.X) - pad
	if side {
		r.keep.Rect = rectF(right-kw, y0+y, kw, bh)
		r.replace.Rect = rectF(right-kw-gap*u-rw, y0+y, rw, bh)
		return
	}
	r.keep.Rect = rectF(x0+pad, y0+y, inner, bh)
	r.replace.Rect = rectF(x0+pad, y0+y+bh+gap*u*0.75, inner, bh)
}

// Update implements app.Scene.
func (r *ReplaceGame) Update(ctx *app.Context) error {
	r.layout(ctx)
	in := ctx.Input()
	if hit(ctx, &r.replace) {
		ctx.GoTo(NewGame(r.next))
		return nil
	}
	if hit(ctx, &r.keep) || in.Pressed(app.KeyBack) || in.Pressed(app.KeyEnter) {
		ctx.Pop()
		return nil
	}
	if x, y, ok := in.Clicked(); ok && !image.Pt(int(x), int(y)).In(r.panel) {
		ctx.Pop()
	}
	return nil
}

// Draw implements app.Scene.
func (r *ReplaceGame) Draw(dst *ebiten.Image, ctx *app.Context) {
	r.layout(ctx)
	u := ctx.Unit()
	pad := 28 * u
	veil(dst)
	drawDialog(dst, ctx, r.panel)
	x0, y0 := float64(r.panel.Min.X), float64(r.panel.Min.Y)
	inner := float64(r.panel.Dx()) - 2*pad
	drawWrapped(dst, ctx.T("replace.title"), sizeHeading*u, true, x0+pad, y0+pad, inner, render.Text)
	drawWrapped(dst, r.body(ctx), sizeBody*u, false, x0+pad, y0+r.bodyY, inner, render.MutedText)
	drawButton(dst, ctx, &r.replace)
	drawButton(dst, ctx, &r.keep)
}

// Describe implements app.Describer.
func (r *ReplaceGame) Describe(ctx *app.Context) app.Description {
	r.layout(ctx)
	d := app.Description{Scene: "replace", Status: ctx.T("replace.title")}
	addTarget(&d, "replace", &r.replace)
	addTarget(&d, "keep", &r.keep)
	return d
}
