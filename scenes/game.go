package scenes

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"log"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/app/prefs"
	"koma/app/think"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
	"koma/rules/ai"
	"koma/rules/board"
	"koma/scenes/picker"
)

// maxOpenBytes bounds how much of a file "Open game" reads; saved games are tiny.
const maxOpenBytes = 2 << 20

// Game is the board being played: a match, the move input, the computer's thinking, the
// animations and the side panel with the players, the result and the actions.
type Game struct {
	m       *match.Match
	view    *render.BoardView
	pick    picker.Picker
	flipped bool

	anim      *render.Animation
	animMove  rules.Move
	thinking  bool
	choices   []rules.Move
	dialog    bool // a file dialog is open: the board ignores input meanwhile
	dots      dotsSpot
	results   chan fileResult
	saveError bool // an autosave failure was already reported

	board    image.Rectangle
	panel    image.Rectangle
	portrait bool
	// narrow is a portrait screen too slim for a second column in the panel (a phone).
	narrow bool

	endMove  ui.Button
	specials []*ui.Button
	specialM []rules.Move
	choice   []*ui.Button
	footer   []*ui.Button
	undo     ui.Button
	rules    ui.Button
	settings ui.Button
	save     ui.Button
	open     ui.Button
	rematch  ui.Button
	menu     ui.Button
	hintBtn  ui.Button
	moveNow  ui.Button

	// The hint: a search for the person's move runs while hinting; its line is shown
	// from hintAt for hintShow.
	hinting  bool
	hintLine []rules.Move
	hintAt   time.Duration
	// The evaluation bar: player 0's expected share of the result after the latest
	// search, kept until the next one so that the bar does not flicker.
	evalP0 float64
	evalOK bool

	// The panel's vertical layout, in pixels from the panel's top.
	statusY, actionsY, movesY, movesBottom float64
}

type fileResult struct {
	opened bool
	path   string
	data   []byte
	err    error
}

// NewGame returns the game scene for m.
func NewGame(m *match.Match) *Game {
	g := &Game{m: m, results: make(chan fileResult, 1)}
	g.view = render.NewBoardView(m.Spec().Game, m.State().Board())
	g.flipped = shouldFlip(m)
	return g
}

// Match is the match being played.
func (g *Game) Match() *match.Match { return g.m }

// shouldFlip turns the board so that a lone human's pieces start at the bottom, judged by
// where they stand in the initial position; games that start empty are never turned.
func shouldFlip(m *match.Match) bool {
	human := rules.NoPlayer
	for p, s := range m.Seats() {
		if s.Human {
			if human != rules.NoPlayer {
				return false
			}
			human = rules.Player(p)
		}
	}
	if human == rules.NoPlayer {
		return false
	}
	st := m.Initial()
	b := st.Board()
	_, minY, _, maxY := b.Bounds()
	mid := (minY + maxY) / 2
	var sum float64
	n := 0
	var buf []rules.Piece
	for s := 0; s < b.Len(); s++ {
		buf = st.Pieces(board.Site(s), buf[:0])
		for _, pc := range buf {
			if pc.Owner == human {
				sum += b.Info(board.Site(s)).Y - mid
				n++
			}
		}
	}
	return n > 0 && sum < -1e-9
}

// Enter implements app.Enterer.
func (g *Game) Enter(ctx *app.Context) { g.prepare(ctx) }

// Exit implements app.Exiter: the computer stops thinking about a game no longer shown.
func (g *Game) Exit(ctx *app.Context) {
	ctx.Runner().Cancel()
	g.thinking = false
}

// Resume implements app.Resumer.
func (g *Game) Resume(ctx *app.Context) { ctx.Invalidate() }

// prepare readies the scene for the current position: input for a person, a search for
// the computer, and the autosave.
func (g *Game) prepare(ctx *app.Context) {
	g.choices = nil
	g.anim = nil
	if g.m.HumanToMove() {
		g.pick.Reset(g.m.State().LegalMoves(nil))
	} else {
		g.pick.Reset(nil)
	}
	ctx.Runner().Cancel()
	g.thinking = false
	g.hinting, g.hintLine = false, nil
	var err error
	if _, over := g.m.Outcome(); over {
		err = prefs.ClearAutosave(ctx.Store())
	} else {
		err = prefs.SaveAutosave(ctx.Store(), g.m)
	}
	if err != nil && !g.saveError {
		g.saveError = true
		log.Printf("scenes: %v", err)
		ctx.Notify(ctx.T("notice.autosave-failed"))
	}
	ctx.Invalidate()
}

// hintShow is how long a hint stays on the board.
const hintShow = 3 * time.Second

// hintLen is how many moves of the hint's line are shown: the hinted move and the
// continuation after it.
const hintLen = 4

// startHint asks the runner for the move the Normal level would play for the person.
func (g *Game) startHint(ctx *app.Context) {
	ctx.Runner().Start(think.Job{State: g.m.State(), Setting: ai.Normal.Setting(), Budget: ctx.ThinkTime(ai.Normal),
		Seed: g.m.DecisionSeed(), Line: hintLen})
	g.hinting, g.hintLine = true, nil
	ctx.Invalidate()
}

// pollHint collects a finished hint search. Runners that cannot report a line give the
// move alone.
func (g *Game) pollHint(ctx *app.Context) {
	mv, ok := ctx.Runner().Poll()
	if !ok {
		return
	}
	g.hinting = false
	st := g.m.State()
	if !rules.IsLegal(st, mv) {
		log.Printf("scenes: the hint was an illegal move %s", rules.FormatMove(st, mv))
		return
	}
	g.hintLine = []rules.Move{mv}
	last := ctx.Runner().Last()
	if len(last.Line) > 0 && last.Line[0] == mv {
		g.hintLine = last.Line
	}
	g.noteEval(st.ToMove(), last.Stats)
	g.hintAt = ctx.Now()
	ctx.Invalidate()
}

// noteEval keeps the value of the latest search, seen from player 0.
func (g *Game) noteEval(mover rules.Player, st ai.Stats) {
	if st.Engine == "" || st.Engine == "beginner" {
		// The Beginner does not judge positions; its value would be noise.
		return
	}
	v := min(max(st.Value, 0), 1)
	if mover != 0 {
		v = 1 - v
	}
	g.evalP0, g.evalOK = v, true
}

// HintLine is the hint on show, the hinted move first; tests read it.
func (g *Game) HintLine() []rules.Move { return g.hintLine }

func (g *Game) startThinking(ctx *app.Context) {
	seat := g.m.Seat(g.m.ToMove())
	ctx.Runner().Start(think.Job{State: g.m.State(), Setting: seat.Level.Setting(), Budget: ctx.ThinkTime(seat.Level), Seed: g.m.DecisionSeed()})
	g.thinking = true
}

// begin starts playing mv: animated, then committed when the animation ends.
func (g *Game) begin(ctx *app.Context, mv rules.Move) {
	before := g.m.State()
	after := before.Clone()
	if err := rules.Play(after, mv); err != nil {
		log.Printf("scenes: %v", err)
		return
	}
	g.choices = nil
	g.pick.Cancel()
	if g.hinting {
		ctx.Runner().Cancel()
	}
	g.hinting, g.hintLine = false, nil
	speed := ctx.Settings().Animation
	if speed.Scale() == 0 || ctx.Shooting() {
		g.commit(ctx, mv)
		return
	}
	g.anim = render.NewAnimation(before, after, mv)
	g.animMove = mv
	ctx.Invalidate()
}

func (g *Game) commit(ctx *app.Context, mv rules.Move) {
	g.anim = nil
	if err := g.m.Play(mv); err != nil {
		log.Printf("scenes: %v", err)
	}
	g.prepare(ctx)
}

func (g *Game) takeBack(ctx *app.Context) {
	if err := g.m.Undo(); err != nil {
		return
	}
	g.prepare(ctx)
}

// Update implements app.Scene.
func (g *Game) Update(ctx *app.Context) error {
	g.layout(ctx)
	in := ctx.Input()
	g.pollFiles(ctx)

	switch {
	case g.anim != nil:
		g.anim.Advance(ctx.Settings().Animation.Scaled(ctx.Tick()))
		ctx.Invalidate()
		if g.anim.Done() {
			g.commit(ctx, g.animMove)
		}
	case g.m.ComputerToMove():
		if !g.thinking {
			g.startThinking(ctx)
		} else if mv, ok := ctx.Runner().Poll(); ok {
			g.thinking = false
			g.noteEval(g.m.ToMove(), ctx.Runner().Last().Stats)
			if rules.IsLegal(g.m.State(), mv) {
				g.begin(ctx, mv)
			} else {
				log.Printf("scenes: the computer chose an illegal move %s", rules.FormatMove(g.m.State(), mv))
				ctx.Notify(ctx.T("notice.ai-failed"))
			}
		}
		// The dots of "Thinking" step every dotTicks ticks; they alone are repainted.
		if ctx.Now()%(ctx.Tick()*dotTicks) == 0 {
			ctx.InvalidatePart()
		}
	case g.hinting:
		g.pollHint(ctx)
		if ctx.Now()%(ctx.Tick()*dotTicks) == 0 {
			ctx.InvalidatePart()
		}
	case g.hintLine != nil && ctx.Now()-g.hintAt >= hintShow:
		g.hintLine = nil
		ctx.Invalidate()
	}

	switch {
	case hit(ctx, &g.undo) || (in.Pressed(app.KeyUndo) && g.m.CanUndo()):
		g.takeBack(ctx)
		return nil
	case hit(ctx, &g.rematch):
		if next, err := g.m.Rematch(ctx.Seed()); err == nil {
			startInstead(ctx, g.m, next) // asks first while this game is unfinished
		}
		return nil
	case hit(ctx, &g.menu):
		ctx.GoTo(NewMenu())
		return nil
	case hit(ctx, &g.rules):
		ctx.Push(NewRules(g.m.Spec(), true))
		return nil
	case hit(ctx, &g.settings):
		ctx.Push(NewSettings())
		return nil
	case hit(ctx, &g.save):
		g.saveFile(ctx)
		return nil
	case hit(ctx, &g.open):
		g.openFile(ctx)
		return nil
	case hit(ctx, &g.moveNow):
		if g.thinking {
			ctx.Runner().MoveNow()
		}
		return nil
	}
	if g.anim != nil || g.dialog || !g.m.HumanToMove() {
		return nil
	}
	if hit(ctx, &g.hintBtn) {
		g.startHint(ctx)
		return nil
	}
	if _, _, ok := in.Clicked(); ok && g.hintLine != nil {
		// The next click puts the hint away, and still counts as a click.
		g.hintLine = nil
		ctx.Invalidate()
	}
	if hit(ctx, &g.endMove) {
		g.handle(ctx, g.pick.Stop())
		return nil
	}
	for i, b := range g.specials {
		if hit(ctx, b) {
			g.begin(ctx, g.specialM[i])
			return nil
		}
	}
	for i, b := range g.choice {
		if hit(ctx, b) && i < len(g.choices) {
			g.begin(ctx, g.choices[i])
			return nil
		}
	}
	if in.Pressed(app.KeyBack) {
		g.pick.Cancel()
		g.choices = nil
		ctx.Invalidate()
	}
	if in.Pressed(app.KeyEnter) && g.pick.CanStop() {
		g.handle(ctx, g.pick.Stop())
	}
	if x, y, ok := in.Clicked(); ok && image.Pt(int(x), int(y)).In(g.view.Rect()) {
		if s, ok := g.view.SiteAt(x, y); ok {
			g.handle(ctx, g.pick.Click(s))
		} else {
			g.pick.Cancel()
			g.choices = nil
		}
		ctx.Invalidate()
	}
	return nil
}

func (g *Game) handle(ctx *app.Context, r picker.Result) {
	switch r.Outcome {
	case picker.Play:
		g.begin(ctx, r.Move)
	case picker.Choose:
		g.choices = r.Choices
	case picker.Cleared, picker.Selected:
		g.choices = nil
	}
	ctx.Invalidate()
}

// saveFile asks where to save the match and writes it, off the game loop.
func (g *Game) saveFile(ctx *app.Context) {
	d := ctx.Dialogs()
	if d == nil || g.dialog {
		return
	}
	data, err := g.m.Save()
	if err != nil {
		ctx.Notify(ctx.T("notice.save-failed"))
		return
	}
	req := app.FileRequest{Title: ctx.T("dialog.save"), FilterName: ctx.T("dialog.filter"), Ext: "json",
		StartFile: g.m.Spec().Game.ID + ".json"}
	if t, ok := d.(app.Transfer); ok {
		g.download(t, req, data)
		return
	}
	g.dialog = true
	results := g.results
	go func() {
		path, err := d.SaveFile(req)
		if err == nil {
			if filepath.Ext(path) == "" {
				path += ".json"
			}
			err = os.WriteFile(path, data, 0o644)
		}
		results <- fileResult{path: path, err: err}
	}()
}

// openFile asks for a saved game and reads it, off the game loop; pollFiles loads it.
func (g *Game) openFile(ctx *app.Context) {
	d := ctx.Dialogs()
	if d == nil || g.dialog {
		return
	}
	req := app.FileRequest{Title: ctx.T("dialog.open"), FilterName: ctx.T("dialog.filter"), Ext: "json"}
	if t, ok := d.(app.Transfer); ok {
		g.upload(t, req)
		return
	}
	g.dialog = true
	results := g.results
	go func() {
		path, err := d.OpenFile(req)
		var data []byte
		if err == nil {
			data, err = readLimited(path)
		}
		results <- fileResult{opened: true, path: path, data: data, err: err}
	}()
}

func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("scenes: open game: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxOpenBytes))
	if err != nil {
		return nil, fmt.Errorf("scenes: open game: %w", err)
	}
	return data, nil
}

func (g *Game) pollFiles(ctx *app.Context) {
	var r fileResult
	select {
	case r = <-g.results:
	default:
		return
	}
	g.dialog = false
	ctx.Invalidate()
	switch {
	case errors.Is(r.err, app.ErrDialogCancelled):
	case r.err != nil && r.opened:
		log.Printf("scenes: %v", r.err)
		ctx.Notify(ctx.T("notice.open-failed"))
	case r.err != nil:
		log.Printf("scenes: %v", r.err)
		ctx.Notify(ctx.T("notice.save-failed"))
	case r.opened:
		m, err := match.Load(r.data, ctx.Catalog())
		if err != nil {
			log.Printf("scenes: %s: %v", r.path, err)
			ctx.Notify(ctx.T("notice.open-failed"))
			return
		}
		ctx.GoTo(NewGame(m))
	default:
		ctx.Notify(ctx.T("notice.saved", filepath.Base(r.path)))
	}
}

// layout places the board and the panel, and builds the panel's buttons.
func (g *Game) layout(ctx *app.Context) {
	u := ctx.Unit()
	w, h := ctx.Size()
	W, H := float64(w), float64(h)
	mg := math.Max(12*u, math.Min(32*u, math.Min(W, H)*0.03))
	g.portrait = W < H*1.1
	g.narrow = g.portrait && W-2*mg-48*u < 560*u
	if g.portrait {
		ph := math.Min(math.Max(H*0.36, 300*u), H*0.5)
		if g.narrow {
			// One column of information plus a band of buttons needs more height.
			ph = H * 0.6
		}
		g.panel = rectF(mg, H-mg-ph, W-2*mg, ph)
		g.board = rectF(mg, mg, W-2*mg, H-3*mg-ph)
	} else {
		pw := math.Min(math.Max(W*0.28, 300*u), 400*u)
		g.panel = rectF(W-mg-pw, mg, pw, H-2*mg)
		g.board = rectF(mg, mg, W-3*mg-pw, H-2*mg)
	}
	set := ctx.Settings()
	g.view.SetShowCoords(set.Coords)
	g.view.SetFlipped(g.flipped)
	g.view.SetBounds(g.board)

	g.buildButtons(ctx)
	pad := 24 * u
	px, py := float64(g.panel.Min.X)+pad, float64(g.panel.Min.Y)+pad
	pw := float64(g.panel.Dx()) - 2*pad
	footW := pw
	if g.narrow {
		// The buttons run in a band across the bottom of the panel, placed below once the
		// actions of the current decision are known.
	} else if g.portrait {
		// Two columns: the game on the left, the actions on the right.
		footW = math.Min(pw*0.42, 360*u)
		px2 := float64(g.panel.Max.X) - pad - footW
		grid(ctx, g.footer, px2, py, footW, 2)
		pw -= footW + pad
	} else {
		fh := grid(ctx, g.footer, px, 0, footW, 2)
		grid(ctx, g.footer, px, float64(g.panel.Max.Y)-pad-fh, footW, 2)
	}

	// Header, players, status, then the actions of the current decision.
	y := py
	y += sizeTitle * u * render.LineHeight
	if variantText(ctx, rulesDoc(ctx, g.m.Spec().Game), g.m.Spec()) != "" {
		y += sizeSmall * u * render.LineHeight
	}
	y += 16 * u
	y += float64(len(g.m.Spec().Game.Sides)) * 50 * u
	if ctx.Settings().EvalBar {
		y += evalBarSpace * u
	}
	y += 14 * u
	g.statusY = y - float64(g.panel.Min.Y)
	y += g.statusHeight(ctx, pw)
	y += 12 * u
	g.actionsY = y - float64(g.panel.Min.Y)
	var actions []*ui.Button
	if g.pick.CanStop() && g.anim == nil {
		actions = append(actions, &g.endMove)
	} else {
		g.endMove.Rect = image.Rectangle{}
	}
	actions = append(actions, g.specials...)
	actions = append(actions, g.choice...)
	if g.canHint() {
		actions = append(actions, &g.hintBtn)
	} else {
		g.hintBtn.Rect = image.Rectangle{}
	}
	if g.thinking && g.m.ComputerToMove() && g.anim == nil {
		actions = append(actions, &g.moveNow)
	} else {
		g.moveNow.Rect = image.Rectangle{}
	}
	if g.narrow {
		// No room for a row of actions under the status: they take the band's free
		// places after the standing buttons.
		band := append(append(make([]*ui.Button, 0, len(g.footer)+len(actions)), g.footer...), actions...)
		fh := grid(ctx, band, px, 0, footW, 4)
		grid(ctx, band, px, float64(g.panel.Max.Y)-pad-fh, footW, 4)
	} else if len(actions) > 0 {
		y += flow(ctx, actions, px, y, pw, 96*u) + 16*u
	}
	g.movesY = y - float64(g.panel.Min.Y)
	bottom := float64(g.panel.Max.Y) - pad
	if (!g.portrait || g.narrow) && len(g.footer) > 0 {
		bottom = float64(g.footer[0].Rect.Min.Y) - 16*u
	}
	g.movesBottom = bottom - float64(g.panel.Min.Y)
}

func (g *Game) buildButtons(ctx *app.Context) {
	g.endMove = ui.Button{Label: ctx.T("game.end-move"), Primary: true, Rect: g.endMove.Rect}
	g.specials, g.specialM = g.specials[:0], g.specialM[:0]
	if g.m.HumanToMove() && g.anim == nil {
		for _, mv := range g.pick.Specials() {
			key := "game.pass"
			if mv.Kind == rules.Swap {
				key = "game.swap"
			}
			g.specials = append(g.specials, &ui.Button{Label: ctx.T(key)})
			g.specialM = append(g.specialM, mv)
		}
	}
	g.choice = g.choice[:0]
	for _, mv := range g.choices {
		g.choice = append(g.choice, &ui.Button{Label: rules.FormatMove(g.m.State(), mv)})
	}
	g.undo = ui.Button{Label: ctx.T("game.undo"), Disabled: !g.m.CanUndo(), Rect: g.undo.Rect}
	g.rules = ui.Button{Label: ctx.T("game.rules"), Rect: g.rules.Rect}
	g.settings = ui.Button{Label: ctx.T("game.settings"), Rect: g.settings.Rect}
	g.save = ui.Button{Label: ctx.T("game.save"), Rect: g.save.Rect}
	g.open = ui.Button{Label: ctx.T("game.open"), Rect: g.open.Rect}
	_, over := g.m.Outcome()
	g.rematch = ui.Button{Label: ctx.T("game.rematch"), Primary: over, Rect: g.rematch.Rect}
	g.menu = ui.Button{Label: ctx.T("game.menu"), Rect: g.menu.Rect}
	g.hintBtn = ui.Button{Label: ctx.T("game.ai-hint"), Disabled: g.hinting, Rect: g.hintBtn.Rect}
	g.moveNow = ui.Button{Label: ctx.T("game.move-now"), Rect: g.moveNow.Rect}
	g.footer = []*ui.Button{&g.undo, &g.rules, &g.rematch, &g.settings}
	if ctx.Dialogs() != nil {
		g.footer = append(g.footer, &g.save, &g.open)
	} else {
		g.save.Rect, g.open.Rect = image.Rectangle{}, image.Rectangle{}
	}
	g.footer = append(g.footer, &g.menu)
}

// Status is the headline and the explanation shown under the players: the result, whose
// turn it is, or what the computer is doing. Tests read it to check what the player sees.
func (g *Game) Status(ctx *app.Context) (headline, detail string) {
	spec := g.m.Spec()
	doc := rulesDoc(ctx, spec.Game)
	if o, over := g.m.Outcome(); over {
		return g.resultText(ctx, o), reasonText(ctx, doc, o.Reason)
	}
	p := g.m.ToMove()
	if g.m.ComputerToMove() {
		return ctx.T("game.thinking"), ""
	}
	if g.hinting {
		return ctx.T("game.thinking"), ctx.T("game.hint-thinking")
	}
	if len(g.hintLine) > 0 {
		return ctx.T("game.ai-hint"), g.hintText(ctx)
	}
	headline = ctx.T("game.your-turn")
	if g.humans() > 1 {
		headline = ctx.T("game.to-move", colourName(ctx, spec.Game, p))
	}
	return headline, g.hint(ctx)
}

func (g *Game) humans() int {
	n := 0
	for _, s := range g.m.Seats() {
		if s.Human {
			n++
		}
	}
	return n
}

func (g *Game) resultText(ctx *app.Context, o rules.Outcome) string {
	game := g.m.Spec().Game
	if o.Winner == rules.NoPlayer {
		return ctx.T("result.draw")
	}
	if g.humans() == 1 {
		if g.m.Seat(o.Winner).Human {
			return ctx.T("result.you-win")
		}
		return ctx.T("result.computer-wins")
	}
	return ctx.T("result.wins", colourName(ctx, game, o.Winner))
}

// hint tells a person what to click next, from the shape of the legal moves alone.
func (g *Game) hint(ctx *app.Context) string {
	switch {
	case len(g.choices) > 0:
		return ctx.T("game.hint.choose")
	case g.pick.CanStop():
		return ctx.T("game.hint.continue")
	case len(g.pick.Partial()) > 0:
		return ctx.T("game.hint.target")
	}
	kinds := map[rules.MoveKind]bool{}
	for _, mv := range g.pick.Legal() {
		kinds[mv.Kind] = true
	}
	switch {
	case len(kinds) == 1 && kinds[rules.Place]:
		return ctx.T("game.hint.place")
	case len(kinds) == 1 && kinds[rules.Remove]:
		return ctx.T("game.hint.remove")
	case len(kinds) == 1 && kinds[rules.Pass]:
		return ctx.T("game.hint.pass")
	}
	return ctx.T("game.hint.move")
}

func (g *Game) statusHeight(ctx *app.Context, width float64) float64 {
	u := ctx.Unit()
	head, detail := g.Status(ctx)
	h := wrappedHeight(head, sizeHeading*u, true, width-32*u) + 28*u
	if detail != "" {
		h += wrappedHeight(detail, sizeSmall*u, false, width-32*u) + 2*u
	}
	return h
}

// Draw implements app.Scene.
func (g *Game) Draw(dst *ebiten.Image, ctx *app.Context) {
	g.layout(ctx)
	dst.Fill(render.Background)
	g.drawBoard(dst, ctx)
	g.drawPanel(dst, ctx)
}

func (g *Game) drawBoard(dst *ebiten.Image, ctx *app.Context) {
	set := ctx.Settings()
	d := render.Decorations{Selected: board.NoSite, Anim: g.anim}
	if last, ok := g.m.LastMove(); ok && last.Len > 0 {
		d.LastMove = last.Sites()
	}
	partial := g.pick.Partial()
	if len(partial) > 0 {
		d.Selected = partial[0]
	}
	if set.Highlights && g.anim == nil && g.m.HumanToMove() && len(g.choices) == 0 {
		d.Targets = g.pick.Targets()
		if len(partial) == 0 {
			d.Movable = g.pick.Starts()
		}
	}
	g.view.Draw(dst, g.m.State(), d)
	g.drawHint(dst, ctx)
	// The landings clicked so far in a chain: rings, so the path being built stays visible.
	u := ctx.Unit()
	for _, s := range partial[min(1, len(partial)):] {
		x, y := g.view.SiteCenter(s)
		render.StrokeCircle(dst, x, y, g.view.CellSize()*0.32, 3*u, render.SelectedRing)
	}
}

func (g *Game) drawPanel(dst *ebiten.Image, ctx *app.Context) {
	u := ctx.Unit()
	ui.DrawPanel(dst, g.panel, render.Panel, panelRadius*u)
	pad := 24 * u
	px, py := float64(g.panel.Min.X)+pad, float64(g.panel.Min.Y)+pad
	pw := float64(g.panel.Dx()) - 2*pad
	if g.portrait && !g.narrow {
		pw -= math.Min(pw*0.42, 360*u) + pad
	}
	spec := g.m.Spec()
	doc := rulesDoc(ctx, spec.Game)

	render.DrawText(dst, doc.Name, sizeTitle*u, true, px, py, render.Text, render.AlignLeft)
	y := py + sizeTitle*u*render.LineHeight
	if v := variantText(ctx, doc, spec); v != "" {
		render.DrawText(dst, v, sizeSmall*u, false, px, y-4*u, render.MutedText, render.AlignLeft)
		y += sizeSmall * u * render.LineHeight
	}
	y += 16 * u

	// One row per player; the row of the player to move is lit.
	toMove := g.m.ToMove()
	o, over := g.m.Outcome()
	for p := range spec.Game.Sides {
		player := rules.Player(p)
		rowH := 44 * u
		if player == toMove && g.anim == nil {
			render.FillRoundedRect(dst, px-10*u, y, pw+20*u, rowH, 10*u, render.ButtonHover)
			render.FillRoundedRect(dst, px-10*u, y+8*u, 4*u, rowH-16*u, 2*u, render.Accent)
		}
		drawPieceDisc(dst, spec.Game, player, px+14*u, y+rowH/2, 11*u, u)
		name := colourName(ctx, spec.Game, player)
		render.DrawText(dst, name, sizeBody*u, true, px+36*u, y+(rowH-sizeBody*u*render.LineHeight)/2, render.Text, render.AlignLeft)
		role := g.roleText(ctx, player)
		if over && o.Winner == player {
			role = ctx.T("game.winner")
		}
		render.DrawText(dst, role, sizeSmall*u, false, px+pw, y+(rowH-sizeSmall*u*render.LineHeight)/2, render.MutedText, render.AlignRight)
		y += 50 * u
	}
	if ctx.Settings().EvalBar {
		g.drawEvalBar(dst, ctx, px, y, pw)
	}

	// The status card.
	sy := float64(g.panel.Min.Y) + g.statusY
	sh := g.statusHeight(ctx, pw)
	head, detail := g.Status(ctx)
	card := render.ButtonFill
	ink := render.Text
	if over {
		card, ink = render.Accent, render.OnAccent
	}
	render.FillRoundedRect(dst, px, sy, pw, sh, 12*u, card)
	hy := sy + 14*u
	headW := drawWrappedWidth(dst, head, sizeHeading*u, true, px+16*u, hy, pw-32*u, ink)
	if (g.m.ComputerToMove() || g.hinting) && !over {
		g.drawDots(dst, ctx, px+16*u+headW+6*u, hy+sizeHeading*u*render.LineHeight*0.62, ink)
	}
	hy += wrappedHeight(head, sizeHeading*u, true, pw-32*u) + 2*u
	if detail != "" {
		dink := render.MutedText
		if over {
			dink = render.OnAccent
		}
		drawWrapped(dst, detail, sizeSmall*u, false, px+16*u, hy, pw-32*u, dink)
	}

	drawButton(dst, ctx, &g.endMove)
	for _, b := range g.specials {
		drawButton(dst, ctx, b)
	}
	for _, b := range g.choice {
		drawButton(dst, ctx, b)
	}
	for _, b := range []*ui.Button{&g.hintBtn, &g.moveNow} {
		if !b.Rect.Empty() {
			drawButton(dst, ctx, b)
		}
	}
	g.drawMoves(dst, ctx, px, pw)
	for _, b := range g.footer {
		drawButton(dst, ctx, b)
	}
}

// drawWrappedWidth draws like drawWrapped and returns the width of the last line, so that
// something can follow it.
func drawWrappedWidth(dst *ebiten.Image, s string, size float64, bold bool, x, y, width float64, clr color.Color) float64 {
	lines := render.WrapText(s, size, bold, width)
	drawWrapped(dst, s, size, bold, x, y, width, clr)
	if len(lines) == 0 {
		return 0
	}
	w, _ := render.MeasureText(lines[len(lines)-1], size, bold)
	return w
}

// drawDots draws three dots that light up in turn while the computer thinks.
func (g *Game) drawDots(dst *ebiten.Image, ctx *app.Context, x, y float64, clr color.NRGBA) {
	g.dots = dotsSpot{x: x, y: y, ink: clr, unit: ctx.Unit(), ok: true}
	u := ctx.Unit()
	phase := int(ctx.Now()/(ctx.Tick()*dotTicks)) % 4
	for i := 0; i < 3; i++ {
		a := 0.25
		if i < phase {
			a = 1
		}
		render.FillCircle(dst, x+float64(i)*9*u+3*u, y, 2.6*u, withAlpha(clr, a))
	}
}

func (g *Game) roleText(ctx *app.Context, p rules.Player) string {
	seat := g.m.Seat(p)
	switch {
	case seat.Human && g.humans() == 1:
		return ctx.T("game.you")
	case seat.Human:
		return ""
	}
	return ctx.T("game.computer", levelName(ctx, seat.Level.String()))
}

// drawMoves lists the latest decisions in notation, as many as fit.
func (g *Game) drawMoves(dst *ebiten.Image, ctx *app.Context, px, pw float64) {
	u := ctx.Unit()
	top := float64(g.panel.Min.Y) + g.movesY
	bottom := float64(g.panel.Min.Y) + g.movesBottom
	lineH := sizeSmall * u * render.LineHeight
	if g.m.Len() == 0 || bottom-top < lineH*2+8*u {
		return
	}
	render.DrawText(dst, strings.ToUpper(ctx.T("game.moves")), sizeCaption*u, true, px, top, render.MutedText, render.AlignLeft)
	top += sizeCaption*u*render.LineHeight + 4*u
	cols := 2
	colW := pw / float64(cols)
	rows := int((bottom - top) / lineH)
	if rows <= 0 {
		return
	}
	n := g.m.Len()
	first := max(0, n-rows*cols)
	// Fill column by column, oldest first, so the list reads downwards.
	for i := first; i < n; i++ {
		k := i - first
		c, r := k/rows, k%rows
		x := px + float64(c)*colW
		y := top + float64(r)*lineH
		mover := g.m.Mover(i)
		drawPieceDisc(dst, g.m.Spec().Game, mover, x+6*u, y+lineH/2, 5*u, u*0.5)
		num := fmt.Sprintf("%d.", i+1)
		render.DrawText(dst, num, sizeSmall*u, false, x+18*u, y, render.MutedText, render.AlignLeft)
		text := rules.FormatMove(g.m.Before(i), g.m.Move(i))
		if text == "pass" || text == "swap" {
			text = ctx.T("game." + text)
		}
		render.DrawText(dst, text, sizeSmall*u, i == n-1, x+52*u, y, render.Text, render.AlignLeft)
	}
}

// canHint reports whether the person may ask for a hint now.
func (g *Game) canHint() bool {
	_, over := g.m.Outcome()
	return g.m.HumanToMove() && !over && g.anim == nil && !g.dialog
}

// hintText writes the hint's line in notation, each move from the position it is played
// in.
func (g *Game) hintText(ctx *app.Context) string {
	st := g.m.State().Clone()
	var parts []string
	for _, mv := range g.hintLine {
		text := rules.FormatMove(st, mv)
		if text == "pass" || text == "swap" {
			text = ctx.T("game." + text)
		}
		parts = append(parts, text)
		if rules.Play(st, mv) != nil {
			break
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return parts[0] + "  ·  " + ctx.T("game.hint-line") + ": " + strings.Join(parts[1:], ", ")
}

// drawHint marks the hinted move's path with rings and the moves expected after it with
// small numbered discs where they land, fading out over the last second of the hint.
func (g *Game) drawHint(dst *ebiten.Image, ctx *app.Context) {
	if len(g.hintLine) == 0 || g.anim != nil {
		return
	}
	u := ctx.Unit()
	fade := 1.0
	if left := hintShow - (ctx.Now() - g.hintAt); left < time.Second {
		fade = max(float64(left)/float64(time.Second), 0)
	}
	r := g.view.CellSize()
	first := g.hintLine[0]
	for i, s := range first.Sites() {
		x, y := g.view.SiteCenter(s)
		w := 3 * u
		if i == len(first.Sites())-1 {
			w = 5 * u
		}
		render.StrokeCircle(dst, x, y, r*0.36, w, withAlpha(render.Accent, fade))
	}
	for i, mv := range g.hintLine[1:] {
		s := mv.To()
		if s == board.NoSite {
			continue
		}
		x, y := g.view.SiteCenter(s)
		x, y = x+r*0.3, y-r*0.3
		render.FillCircle(dst, x, y, 10*u, withAlpha(render.Accent, 0.85*fade))
		render.DrawText(dst, fmt.Sprint(i+1), sizeCaption*u, true, x, y-sizeCaption*u*render.LineHeight/2,
			withAlpha(render.OnAccent, fade), render.AlignCenter)
	}
	if fade < 1 {
		ctx.Invalidate()
	}
}

// evalBarSpace is the height the evaluation bar takes in the panel, in units.
const evalBarSpace = 18

// drawEvalBar draws the bar below the players: player 0's share in its colour from the
// left, the rest in the other's, an even split before any search has judged the game.
func (g *Game) drawEvalBar(dst *ebiten.Image, ctx *app.Context, x, y, w float64) {
	u := ctx.Unit()
	game := g.m.Spec().Game
	share := 0.5
	if g.evalOK {
		share = g.evalP0
	}
	h := 8 * u
	y += 2 * u
	render.FillRoundedRect(dst, x, y, w, h, h/2, render.ButtonFill)
	fill := func(p rules.Player) color.NRGBA {
		if int(p) < len(game.Sides) && game.Sides[p].Colour == rules.White {
			return render.PieceWhite
		}
		return render.PieceBlack
	}
	// Keep a sliver of both sides visible, so the bar reads as a balance even when one
	// side is proven to win.
	lw := w * min(max(share, 0.03), 0.97)
	render.FillRoundedRect(dst, x, y, w, h, h/2, fill(1))
	render.FillRoundedRect(dst, x, y, lw, h, h/2, fill(0))
	render.StrokeLine(dst, x+w/2, y-2*u, x+w/2, y+h+2*u, u, withAlpha(render.MutedText, 0.8))
}
