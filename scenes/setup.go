package scenes

import (
	"image"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/app/prefs"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
	"koma/rules/ai"
)

// twoPlayers is the side choice for two people sharing the machine.
const twoPlayers = -1

// Setup prepares a new game: the variant, the side the player takes (or two players) and
// the computer's level, with a picture of the starting position.
type Setup struct {
	game    *rules.Game
	opts    rules.Options
	side    int
	level   ai.Level
	preset  string // options given by the caller, applied on Enter
	showRul bool   // open the rules as soon as the scene starts (screenshots)

	rows    []setupRow
	back    ui.Button
	rules   ui.Button
	start   ui.Button
	header  float64 // bottom of the title block
	preview image.Rectangle
	pic     picture
	note    string
	noteY   float64
	// levelNoteY is where the line about the chosen level goes, under the levels.
	levelNoteY float64
	colW       float64
	// scroll moves everything but Start and Rules when the window is too short for the
	// page; those two then stay pinned along the bottom.
	scroll scroller
}

type setupRow struct {
	label   string
	y       float64
	buttons []*ui.Button
	choose  func(i int)
}

// NewSetup returns the setup scene for g, starting from the choices made last time.
func NewSetup(g *rules.Game) *Setup { return &Setup{game: g, side: 0, level: ai.Normal} }

// Enter implements app.Enterer.
func (s *Setup) Enter(ctx *app.Context) {
	spec := defaultSpec(s.game)
	s.opts = spec.Options
	if last, ok := ctx.Settings().Setups[s.game.ID]; ok {
		if o, err := s.game.ParseOptions(last.Options); err == nil {
			s.opts = o
		}
		if last.Side == twoPlayers || (last.Side >= 0 && last.Side < len(s.game.Sides)) {
			s.side = last.Side
		}
		if l, err := ai.ParseLevel(last.Level); err == nil {
			s.level = l
		}
	}
	if s.preset != "" {
		if o, err := s.game.ParseOptions(s.preset); err == nil {
			s.opts = o
		}
	}
	if s.showRul {
		s.showRul = false
		ctx.Push(NewRules(s.spec(), true))
	}
}

// Exit implements app.Exiter.
func (s *Setup) Exit(ctx *app.Context) { s.pic.release() }

func (s *Setup) spec() rules.Spec {
	return rules.Spec{Game: s.game, Options: s.opts}
}

// optionString is the options in spec form ("size=8"), for the settings.
func (s *Setup) optionString() string {
	spec := s.spec().String()
	_, opts, _ := strings.Cut(spec, ":")
	return opts
}

func (s *Setup) build(ctx *app.Context) {
	doc := rulesDoc(ctx, s.game)
	s.rows = s.rows[:0]
	for _, o := range s.game.Options {
		if len(o.Values) < 2 {
			continue
		}
		row := setupRow{label: optionName(doc, o.Key)}
		for _, v := range o.Values {
			row.buttons = append(row.buttons, &ui.Button{Label: optionValue(doc, o.Key, v), Selected: s.opts[o.Key] == v})
		}
		key, values := o.Key, o.Values
		row.choose = func(i int) {
			opts := make(rules.Options, len(s.opts))
			for _, spec := range s.game.Options {
				opts[spec.Key] = s.opts[spec.Key]
			}
			opts[key] = values[i]
			s.opts = opts
		}
		s.rows = append(s.rows, row)
	}
	sides := setupRow{label: ctx.T("setup.side")}
	initial := initialState(s.spec())
	for p := range s.game.Sides {
		name := ""
		if initial != nil {
			name = sideName(ctx, initial, rules.Player(p))
		}
		sides.buttons = append(sides.buttons, &ui.Button{Label: name, Selected: s.side == p})
	}
	sides.buttons = append(sides.buttons, &ui.Button{Label: ctx.T("setup.two-players"), Selected: s.side == twoPlayers})
	sides.choose = func(i int) {
		if i == len(s.game.Sides) {
			s.side = twoPlayers
		} else {
			s.side = i
		}
	}
	s.rows = append(s.rows, sides)
	levels := setupRow{label: ctx.T("setup.level")}
	for _, l := range ai.Levels {
		levels.buttons = append(levels.buttons, &ui.Button{Label: levelName(ctx, l.String()), Selected: s.level == l, Disabled: s.side == twoPlayers})
	}
	levels.choose = func(i int) { s.level = ai.Levels[i] }
	s.rows = append(s.rows, levels)

	s.back = ui.Button{Label: ctx.T("setup.back")}
	s.rules = ui.Button{Label: ctx.T("setup.rules")}
	s.start = ui.Button{Label: ctx.T("setup.start"), Primary: true}
	s.note = ""
	if initial != nil && initial.ToMove() != rules.NoPlayer {
		s.note = ctx.T("setup.first", sideName(ctx, initial, initial.ToMove()))
	}
}

// levelNote says in one line what the chosen level means: how long it thinks, how it plays.
func (s *Setup) levelNote(ctx *app.Context) string {
	key := "level.about." + s.level.String()
	if s.level == ai.Beginner {
		// Beginner's search is tiny and done long before its think time: its note says how
		// it plays, not how long.
		return ctx.T(key)
	}
	secs := ctx.ThinkTime(s.level).Seconds()
	return ctx.T(key, strconv.FormatFloat(secs, 'f', -1, 64))
}

func (s *Setup) layout(ctx *app.Context) {
	s.build(ctx)
	u := ctx.Unit()
	w, h := ctx.Size()
	W, H := float64(w), float64(h)
	mg := math.Max(20*u, math.Min(56*u, W*0.05))
	doc := rulesDoc(ctx, s.game)

	bw := buttonWidth(ctx, s.back.Label)
	s.back.Rect = rectF(mg, mg, bw, buttonHeight*u)
	colW := math.Min(620*u, W-2*mg)
	wide := W-2*mg-colW >= 300*u
	if !wide {
		colW = W - 2*mg
	}
	s.colW = colW
	y := mg + buttonHeight*u + 28*u
	y += sizeDisplay * u * render.LineHeight
	y += wrappedHeight(doc.Summary, sizeBody*u, false, colW) + 24*u
	s.header = y
	for i := range s.rows {
		r := &s.rows[i]
		r.y = y
		y += sizeSmall*u*render.LineHeight + 6*u
		y += flow(ctx, r.buttons, mg, y, colW, 72*u)
		if i == len(s.rows)-2 && s.note != "" {
			s.noteY = y + 6*u
			y += sizeSmall*u*render.LineHeight + 6*u
		}
		if i == len(s.rows)-1 && s.side != twoPlayers {
			s.levelNoteY = y + 6*u
			y += wrappedHeight(s.levelNote(ctx), sizeSmall*u, false, colW) + 6*u
		}
		y += 20 * u
	}
	y += 8 * u
	sw := math.Max(buttonWidth(ctx, s.start.Label), 180*u)
	rw := math.Max(buttonWidth(ctx, s.rules.Label), 110*u)
	bh := 46 * u
	if y+bh+mg > H {
		// The page does not fit: Start and Rules stay along the bottom, the rest scrolls.
		// A wide window keeps its preview beside the scrolling column.
		bar := bh + 2*math.Min(mg, 16*u)
		viewW := W
		s.preview = image.Rectangle{}
		if wide {
			px := mg + colW + 48*u
			viewW = px - 24*u
			s.preview = rectF(px, mg+buttonHeight*u+28*u, W-mg-px, H-2*mg-buttonHeight*u-28*u)
		}
		s.scroll.view = rectF(0, 0, viewW, H-bar)
		s.scroll.content = y
		s.scroll.clamp()
		s.start.Rect = rectF(mg, H-bar+(bar-bh)/2, sw, bh)
		s.rules.Rect = rectF(mg+sw+gap*u, H-bar+(bar-bh)/2, rw, bh)
		s.shift(-s.scroll.offset)
		return
	}
	s.scroll = scroller{view: rectF(0, 0, W, H), content: 0}
	s.start.Rect = rectF(mg, y, sw, bh)
	s.rules.Rect = rectF(mg+sw+gap*u, y, rw, bh)
	y += bh

	switch {
	case wide:
		px := mg + colW + 48*u
		s.preview = rectF(px, mg+buttonHeight*u+28*u, W-mg-px, H-2*mg-buttonHeight*u-28*u)
	case H-mg-(y+24*u) >= 160*u:
		s.preview = rectF(mg, y+24*u, colW, H-mg-(y+24*u))
	default:
		s.preview = image.Rectangle{}
	}
}

// shift moves the scrolling part of the page up by -dy.
func (s *Setup) shift(dy float64) {
	d := image.Pt(0, int(math.Round(dy)))
	s.back.Rect = s.back.Rect.Add(d)
	s.header += dy
	s.noteY += dy
	s.levelNoteY += dy
	for i := range s.rows {
		s.rows[i].y += dy
		for _, b := range s.rows[i].buttons {
			b.Rect = b.Rect.Add(d)
		}
	}
}

// Update implements app.Scene.
func (s *Setup) Update(ctx *app.Context) error {
	s.layout(ctx)
	in := ctx.Input()
	if s.scroll.handle(ctx) {
		s.layout(ctx)
		ctx.Invalidate()
	}
	switch {
	case hit(ctx, &s.rules):
		ctx.Push(NewRules(s.spec(), true))
		return nil
	case hit(ctx, &s.start) || in.Pressed(app.KeyEnter):
		s.begin(ctx)
		return nil
	case (hit(ctx, &s.back) && s.scroll.shows(s.back.Rect)) || in.Pressed(app.KeyBack):
		ctx.GoTo(NewMenu())
		return nil
	}
	for _, r := range s.rows {
		for i, b := range r.buttons {
			if hit(ctx, b) && s.scroll.shows(b.Rect) {
				r.choose(i)
				ctx.Invalidate()
				return nil
			}
		}
	}
	return nil
}

// seats turns the choices into seats.
func (s *Setup) seats() []match.Seat {
	seats := make([]match.Seat, len(s.game.Sides))
	for p := range seats {
		if s.side == twoPlayers || s.side == p {
			seats[p] = match.Human()
		} else {
			seats[p] = match.Computer(s.level)
		}
	}
	return seats
}

func (s *Setup) begin(ctx *app.Context) {
	m, err := match.New(s.spec(), s.seats(), ctx.Seed())
	if err != nil {
		ctx.Notify(ctx.T("notice.start-failed"))
		return
	}
	ctx.UpdateSettings(func(st *prefs.Settings) {
		setups := make(map[string]prefs.Setup, len(st.Setups)+1)
		for _, g := range ctx.Catalog() {
			if v, ok := st.Setups[g.ID]; ok {
				setups[g.ID] = v
			}
		}
		setups[s.game.ID] = prefs.Setup{Options: s.optionString(), Side: s.side, Level: s.level.String()}
		st.Setups = setups
	})
	startInstead(ctx, savedGame(ctx), m)
}

// Draw implements app.Scene.
func (s *Setup) Draw(dst *ebiten.Image, ctx *app.Context) {
	s.layout(ctx)
	u := ctx.Unit()
	mg := float64(s.back.Rect.Min.X)
	colW := s.colW
	dst.Fill(render.Background)
	screen := dst
	dst = s.scroll.clip(dst)
	doc := rulesDoc(ctx, s.game)
	drawButton(dst, ctx, &s.back)

	y := float64(s.back.Rect.Max.Y) + 28*u
	render.DrawText(dst, doc.Name, sizeDisplay*u, true, mg, y, render.Text, render.AlignLeft)
	y += sizeDisplay * u * render.LineHeight
	drawWrapped(dst, doc.Summary, sizeBody*u, false, mg, y, colW, render.MutedText)

	for i, r := range s.rows {
		render.DrawText(dst, strings.ToUpper(r.label), sizeSmall*u, true, mg, r.y, render.MutedText, render.AlignLeft)
		for _, b := range r.buttons {
			drawButton(dst, ctx, b)
		}
		if i == len(s.rows)-2 && s.note != "" {
			render.DrawText(dst, s.note, sizeSmall*u, false, mg, s.noteY, render.MutedText, render.AlignLeft)
		}
		if i == len(s.rows)-1 && s.side != twoPlayers {
			drawWrapped(dst, s.levelNote(ctx), sizeSmall*u, false, mg, s.levelNoteY, s.colW, render.MutedText)
		}
	}
	s.scroll.drawBar(screen, ctx)
	dst = screen
	drawButton(dst, ctx, &s.start)
	drawButton(dst, ctx, &s.rules)

	if !s.preview.Empty() {
		ui.DrawPanel(dst, s.preview, render.Panel, panelRadius*u)
		pad := int(24 * u)
		inner := s.preview.Inset(pad)
		caption := ctx.T("rules.start-position")
		if v := variantText(ctx, doc, s.spec()); v != "" {
			caption = ctx.T("rules.start-position.variant", v)
		}
		{
			render.DrawText(dst, caption, sizeSmall*u, false, float64(inner.Min.X+inner.Dx()/2), float64(inner.Max.Y)-sizeSmall*u*render.LineHeight, render.MutedText, render.AlignCenter)
			inner.Max.Y -= int(sizeSmall*u*render.LineHeight + 12*u)
		}
		s.pic.draw(dst, s.spec(), nil, noDecorations(), inner, ctx.Settings().Coords)
	}
}
