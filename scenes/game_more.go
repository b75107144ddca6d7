package scenes

// The "More" list: the panel's standing buttons that found no room in a small window.

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/render/ui"
)

// moreMenu shows the panel's remaining buttons over the game. Choosing one closes the
// list and runs the button's action, exactly as on the panel; Escape or a click beside the
// list closes it.
type moreMenu struct {
	acts    []panelAction
	buttons []ui.Button
	panel   image.Rectangle
}

func newMoreMenu(acts []panelAction) *moreMenu {
	return &moreMenu{acts: append([]panelAction(nil), acts...)}
}

// Overlay implements app.Overlay.
func (m *moreMenu) Overlay() bool { return true }

func (m *moreMenu) layout(ctx *app.Context) {
	u := ctx.Unit()
	pad := 20 * u
	m.buttons = m.buttons[:0]
	for _, a := range m.acts {
		m.buttons = append(m.buttons, ui.Button{Label: a.btn.Label, Disabled: a.btn.Disabled, Primary: a.btn.Primary})
	}
	w, h := ctx.Size()
	cols := 1
	if len(m.buttons) > 4 {
		cols = 2
	}
	bh, g := buttonHeight*u, gap*u*0.75
	rows := (len(m.buttons) + cols - 1) / cols
	height := float64(rows)*bh + float64(rows-1)*g + 2*pad
	if height > float64(h)-32*u && cols == 1 {
		cols, rows = 2, (len(m.buttons)+1)/2
		height = float64(rows)*bh + float64(rows-1)*g + 2*pad
	}
	maxW := 260.0
	if cols == 2 {
		maxW = 440
	}
	m.panel = dialogPanel(ctx, math.Min(maxW, float64(w)/u), height)
	ptrs := make([]*ui.Button, len(m.buttons))
	for i := range m.buttons {
		ptrs[i] = &m.buttons[i]
	}
	grid(ctx, ptrs, float64(m.panel.Min.X)+pad, float64(m.panel.Min.Y)+pad, float64(m.panel.Dx())-2*pad, cols)
}

// Update implements app.Scene.
func (m *moreMenu) Update(ctx *app.Context) error {
	m.layout(ctx)
	in := ctx.Input()
	for i := range m.buttons {
		if hit(ctx, &m.buttons[i]) {
			ctx.Pop()
			m.acts[i].act(ctx)
			return nil
		}
	}
	if in.Pressed(app.KeyBack) {
		ctx.Pop()
		return nil
	}
	if x, y, ok := in.Clicked(); ok && !image.Pt(int(x), int(y)).In(m.panel) {
		ctx.Pop()
	}
	return nil
}

// Draw implements app.Scene.
func (m *moreMenu) Draw(dst *ebiten.Image, ctx *app.Context) {
	m.layout(ctx)
	veil(dst)
	drawDialog(dst, ctx, m.panel)
	for i := range m.buttons {
		drawButton(dst, ctx, &m.buttons[i])
	}
}

// Describe implements app.Describer: the buttons by the IDs they have on the panel.
func (m *moreMenu) Describe(ctx *app.Context) app.Description {
	m.layout(ctx)
	d := app.Description{Scene: "more"}
	for i := range m.buttons {
		addTarget(&d, m.acts[i].id, &m.buttons[i])
	}
	return d
}
