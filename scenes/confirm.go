package scenes

import (
	"image"
	"log"
	"math"
	"path/filepath"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/app/prefs"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
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

// openInstead is startInstead for a game opened from a file, asked about as such.
func openInstead(ctx *app.Context, old, next *match.Match) {
	if !unfinished(old) {
		ctx.GoTo(NewGame(next))
		return
	}
	ctx.Push(NewOpenGame(old, next))
}

// Question asks the player to confirm an action that would lose something: replacing an
// unfinished game, resigning. The safe answer is the default (also Escape, Enter or a click
// beside the panel); the other runs the action.
type Question struct {
	// title, yes and no are keys of the interface strings; body words the question.
	title, yes, no string
	body           func(ctx *app.Context) string
	act            func(ctx *app.Context)
	// scene and the IDs name the question and its answers for page scripts and tests.
	scene, yesID, noID string

	panel     image.Rectangle
	yesButton ui.Button
	noButton  ui.Button
	bodyY     float64
}

// ReplaceGame asks before an unfinished game is replaced by a new one, since there is only
// one autosave: "Start new game" starts it, "Keep my game" closes the question and nothing
// is lost. It is shown over the game for a rematch or an opened record (worded for
// opening, see NewOpenGame), over the setup screen for a new game, and over the menu, with
// its Continue, for a game asked for on the command line.
type ReplaceGame struct {
	Question
	next *match.Match
}

// NewReplaceGame returns the question whether next may replace the unfinished game old.
func NewReplaceGame(old, next *match.Match) *ReplaceGame {
	return &ReplaceGame{next: next, Question: Question{
		title: "replace.title", yes: "replace.new", no: "replace.keep",
		body: func(ctx *app.Context) string {
			return ctx.T("replace.body", rulesDoc(ctx, old.Spec().Game).Name, latestMove(old))
		},
		act:   func(ctx *app.Context) { ctx.GoTo(NewGame(next)) },
		scene: "replace", yesID: "replace", noID: "keep",
	}}
}

// NewOpenGame returns the question whether next, a game opened from a file, may replace
// the unfinished game old. Opening replaces it exactly as a new game does: the one autosave
// then holds the opened game (or nothing, when that game is over), so the unfinished one is
// lost unless the player saved it. The question says so, under its own title and answer,
// so that it is not read as the question before a new game.
func NewOpenGame(old, next *match.Match) *ReplaceGame {
	r := NewReplaceGame(old, next)
	r.title, r.yes = "open.title", "open.yes"
	r.body = func(ctx *app.Context) string {
		return ctx.T("open.body", rulesDoc(ctx, old.Spec().Game).Name, latestMove(old))
	}
	return r
}

// Next is the game that would start.
func (r *ReplaceGame) Next() *match.Match { return r.next }

// newResign asks whether the person really gives up the game of g.
func newResign(g *Game, p rules.Player) *Question {
	return &Question{
		title: "resign.title", yes: "resign.yes", no: "resign.no",
		body: func(ctx *app.Context) string { return ctx.T("resign.body") },
		act: func(ctx *app.Context) {
			if err := g.m.Resign(p); err != nil {
				log.Printf("scenes: %v", err)
			}
			ctx.Pop()
			g.prepare(ctx)
		},
		scene: "resign", yesID: "resign", noID: "keep",
	}
}

// newReplaceFile asks whether a saved game may replace the file at path, which the save
// dialog did not ask about because the player's name had no ".json" yet.
func newReplaceFile(path string, data []byte) *Question {
	return &Question{
		title: "overwrite.title", yes: "overwrite.yes", no: "overwrite.no",
		body: func(ctx *app.Context) string { return ctx.T("overwrite.body", filepath.Base(path)) },
		act: func(ctx *app.Context) {
			ctx.Pop()
			if err := writeSave(path, data); err != nil {
				log.Printf("scenes: %v", err)
				ctx.Notify(ctx.T("notice.save-failed"))
				return
			}
			ctx.Notify(ctx.T("notice.saved", filepath.Base(path)))
		},
		scene: "overwrite", yesID: "overwrite", noID: "keep",
	}
}

// Overlay implements app.Overlay.
func (q *Question) Overlay() bool { return true }

func (q *Question) layout(ctx *app.Context) {
	u := ctx.Unit()
	const maxW = 520.0
	pad := 28 * u
	q.yesButton = ui.Button{Label: ctx.T(q.yes), Rect: q.yesButton.Rect}
	q.noButton = ui.Button{Label: ctx.T(q.no), Primary: true, Rect: q.noButton.Rect}
	probe := dialogPanel(ctx, maxW, 10000)
	inner := float64(probe.Dx()) - 2*pad
	titleH := wrappedHeight(ctx.T(q.title), sizeHeading*u, true, inner)
	q.bodyY = pad + titleH + 10*u
	y := q.bodyY + wrappedHeight(q.body(ctx), sizeBody*u, false, inner) + 24*u
	bh := buttonHeight * u
	nw := math.Max(buttonWidth(ctx, q.noButton.Label), 120*u)
	yw := math.Max(buttonWidth(ctx, q.yesButton.Label), 120*u)
	// Side by side when they fit, the default on the right; else stacked, full width.
	side := nw+yw+gap*u <= inner
	height := y + bh + pad
	if !side {
		height += bh + gap*u*0.75
	}
	q.panel = dialogPanel(ctx, maxW, height)
	x0, y0 := float64(q.panel.Min.X), float64(q.panel.Min.Y)
	right := float64(q.panel.Max.X) - pad
	if side {
		q.noButton.Rect = rectF(right-nw, y0+y, nw, bh)
		q.yesButton.Rect = rectF(right-nw-gap*u-yw, y0+y, yw, bh)
		return
	}
	q.noButton.Rect = rectF(x0+pad, y0+y, inner, bh)
	q.yesButton.Rect = rectF(x0+pad, y0+y+bh+gap*u*0.75, inner, bh)
}

// Update implements app.Scene.
func (q *Question) Update(ctx *app.Context) error {
	q.layout(ctx)
	in := ctx.Input()
	if hit(ctx, &q.yesButton) {
		q.act(ctx)
		return nil
	}
	if hit(ctx, &q.noButton) || in.Pressed(app.KeyBack) || in.Pressed(app.KeyEnter) {
		ctx.Pop()
		return nil
	}
	if x, y, ok := in.Clicked(); ok && !image.Pt(int(x), int(y)).In(q.panel) {
		ctx.Pop()
	}
	return nil
}

// Draw implements app.Scene.
func (q *Question) Draw(dst *ebiten.Image, ctx *app.Context) {
	q.layout(ctx)
	u := ctx.Unit()
	pad := 28 * u
	veil(dst)
	drawDialog(dst, ctx, q.panel)
	x0, y0 := float64(q.panel.Min.X), float64(q.panel.Min.Y)
	inner := float64(q.panel.Dx()) - 2*pad
	drawWrapped(dst, ctx.T(q.title), sizeHeading*u, true, x0+pad, y0+pad, inner, render.Text)
	drawWrapped(dst, q.body(ctx), sizeBody*u, false, x0+pad, y0+q.bodyY, inner, render.MutedText)
	drawButton(dst, ctx, &q.yesButton)
	drawButton(dst, ctx, &q.noButton)
}

// Describe implements app.Describer.
func (q *Question) Describe(ctx *app.Context) app.Description {
	q.layout(ctx)
	d := app.Description{Scene: q.scene, Status: ctx.T(q.title)}
	addTarget(&d, q.yesID, &q.yesButton)
	addTarget(&d, q.noID, &q.noButton)
	return d
}
