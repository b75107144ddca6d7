package scenes

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/prefs"
	"koma/i18n"
	"koma/render"
	"koma/render/ui"
)

// Settings lets the player change the language, the highlights, the coordinates, the
// animation speed, the sounds, the marks and the evaluation bar. Every change takes effect and is saved at once.
type Settings struct {
	overlay bool
	panel   image.Rectangle
	rows    []settingRow
	done    ui.Button
	// scroll moves the rows between the title and Done in a window too short for them.
	scroll scroller
}

type settingRow struct {
	label   string
	y       float64
	buttons []*ui.Button
	// choose applies the i-th choice.
	choose func(ctx *app.Context, i int)
}

// NewSettings returns the settings scene, shown over the scene that opened it.
func NewSettings() *Settings { return &Settings{overlay: true} }

// Overlay implements app.Overlay.
func (s *Settings) Overlay() bool { return s.overlay }

func onOff(ctx *app.Context, on bool) []*ui.Button {
	return []*ui.Button{
		{Label: ctx.T("settings.on"), Selected: on},
		{Label: ctx.T("settings.off"), Selected: !on},
	}
}

// build creates the rows from the current settings, so labels follow the language.
func (s *Settings) build(ctx *app.Context) {
	cur := ctx.Settings()
	s.rows = s.rows[:0]

	var langs []*ui.Button
	for _, l := range i18n.Languages() {
		// Each language is named in itself, so that it can be found whatever is shown.
		langs = append(langs, &ui.Button{Label: i18n.T(l, "lang.self"), Selected: l == cur.Lang})
	}
	s.rows = append(s.rows, settingRow{label: ctx.T("settings.language"), buttons: langs,
		choose: func(ctx *app.Context, i int) {
			ctx.UpdateSettings(func(st *prefs.Settings) { st.Lang = i18n.Languages()[i] })
		}})
	s.rows = append(s.rows, settingRow{label: ctx.T("settings.highlights"), buttons: onOff(ctx, cur.Highlights),
		choose: func(ctx *app.Context, i int) {
			ctx.UpdateSettings(func(st *prefs.Settings) { st.Highlights = i == 0 })
		}})
	s.rows = append(s.rows, settingRow{label: ctx.T("settings.coords"), buttons: onOff(ctx, cur.Coords),
		choose: func(ctx *app.Context, i int) {
			ctx.UpdateSettings(func(st *prefs.Settings) { st.Coords = i == 0 })
		}})
	var speeds []*ui.Button
	for _, sp := range prefs.Speeds {
		speeds = append(speeds, &ui.Button{Label: ctx.T("speed." + string(sp)), Selected: sp == cur.Animation})
	}
	s.rows = append(s.rows, settingRow{label: ctx.T("settings.animation"), buttons: speeds,
		choose: func(ctx *app.Context, i int) {
			ctx.UpdateSettings(func(st *prefs.Settings) { st.Animation = prefs.Speeds[i] })
		}})
	sounds := ctx.T("settings.sound")
	if ctx.SoundProblem() != nil {
		sounds = ctx.T("settings.sound-unavailable")
	}
	s.rows = append(s.rows, settingRow{label: sounds, buttons: onOff(ctx, cur.Sound),
		choose: func(ctx *app.Context, i int) {
			ctx.UpdateSettings(func(st *prefs.Settings) { st.Sound = i == 0 })
		}})
	s.rows = append(s.rows, settingRow{label: ctx.T("settings.marks"), buttons: onOff(ctx, !cur.HideMarks),
		choose: func(ctx *app.Context, i int) {
			ctx.UpdateSettings(func(st *prefs.Settings) { st.HideMarks = i != 0 })
		}})
	// The evaluation bar comes last: it is the least used.
	s.rows = append(s.rows, settingRow{label: ctx.T("settings.eval-bar"), buttons: onOff(ctx, cur.EvalBar),
		choose: func(ctx *app.Context, i int) {
			ctx.UpdateSettings(func(st *prefs.Settings) { st.EvalBar = i == 0 })
		}})
	s.done = ui.Button{Label: ctx.T("settings.done"), Primary: true}
}

func (s *Settings) layout(ctx *app.Context) {
	s.build(ctx)
	u := ctx.Unit()
	const maxW = 720.0
	pad := 32 * u
	// First pass with a nominal panel to learn the height, then centre it.
	panel := dialogPanel(ctx, maxW, 10000)
	inner := float64(panel.Dx()) - 2*pad
	labelW := 0.0
	for _, r := range s.rows {
		lw, _ := render.MeasureText(r.label, sizeBody*u, true)
		labelW = max(labelW, lw)
	}
	stacked := labelW+24*u > inner*0.5
	y := pad + sizeTitle*u*render.LineHeight + 20*u
	for i := range s.rows {
		r := &s.rows[i]
		r.y = y
		bx, bw := pad+labelW+24*u, inner-labelW-24*u
		if stacked {
			y += sizeBody * u * render.LineHeight
			bx, bw = pad, inner
		}
		h := flow(ctx, r.buttons, bx, y, bw, 88*u)
		if !stacked {
			r.y = y + (buttonHeight*u-sizeBody*u*render.LineHeight)/2
		}
		y += h + 22*u
	}
	y += 8 * u
	dw := max(buttonWidth(ctx, s.done.Label), 120*u)
	height := y + buttonHeight*u + pad
	s.panel = dialogPanel(ctx, maxW, height)
	top := pad + sizeTitle*u*render.LineHeight + 20*u
	doneY := y
	dy := 0.0
	if float64(s.panel.Dy()) < height {
		// Too short a window: the title and Done stay, the rows between them scroll.
		doneY = float64(s.panel.Dy()) - pad - buttonHeight*u
		s.scroll.view = rectF(float64(s.panel.Min.X), float64(s.panel.Min.Y)+top-8*u, float64(s.panel.Dx()), doneY-top-4*u)
		s.scroll.content = y - top
		s.scroll.clamp()
		dy = -s.scroll.offset
	} else {
		s.scroll = scroller{view: s.panel}
	}
	off := s.panel.Min.Add(image.Pt(0, int(math.Round(dy))))
	for i := range s.rows {
		s.rows[i].y += dy
		for _, b := range s.rows[i].buttons {
			b.Rect = b.Rect.Add(off)
		}
	}
	s.done.Rect = rectF(float64(s.panel.Max.X)-pad-dw, float64(s.panel.Min.Y)+doneY, dw, buttonHeight*u)
}

// Update implements app.Scene.
func (s *Settings) Update(ctx *app.Context) error {
	s.layout(ctx)
	if s.scroll.handle(ctx) {
		s.layout(ctx)
		ctx.Invalidate()
	}
	if hit(ctx, &s.done) || ctx.Input().Pressed(app.KeyBack) || ctx.Input().Pressed(app.KeyEnter) {
		closeOrBack(ctx, s.overlay)
		return nil
	}
	if x, y, ok := ctx.Input().Clicked(); ok && !image.Pt(int(x), int(y)).In(s.panel) {
		closeOrBack(ctx, s.overlay)
		return nil
	}
	for _, r := range s.rows {
		for i, b := range r.buttons {
			if hit(ctx, b) && s.scroll.shows(b.Rect) {
				r.choose(ctx, i)
				return nil
			}
		}
	}
	return nil
}

// Draw implements app.Scene.
func (s *Settings) Draw(dst *ebiten.Image, ctx *app.Context) {
	s.layout(ctx)
	u := ctx.Unit()
	drawPage(dst, ctx, s.panel, s.overlay)
	pad := 32 * u
	x0, y0 := float64(s.panel.Min.X), float64(s.panel.Min.Y)
	render.DrawText(dst, ctx.T("settings.title"), sizeTitle*u, true, x0+pad, y0+pad, render.Text, render.AlignLeft)
	rows := s.scroll.clip(dst)
	for _, r := range s.rows {
		render.DrawText(rows, r.label, sizeBody*u, true, x0+pad, y0+r.y, render.Text, render.AlignLeft)
		for _, b := range r.buttons {
			drawButton(rows, ctx, b)
		}
	}
	s.scroll.drawBar(dst, ctx)
	drawButton(dst, ctx, &s.done)
}
