// Package app is Koma's shell: the Ebitengine game that owns the window, the scene stack,
// input, settings, storage, the AI runner and screenshots. It knows nothing of particular
// scenes or games; main wires the first scene in.
package app

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app/prefs"
	"koma/app/think"
	"koma/i18n"
	"koma/render"
	"koma/rules"
)

// maxDelta bounds the time one Update may account for: after a long stall (a window
// dragged, a machine asleep) an animation jumps to its end rather than skipping more.
const maxDelta = 250 * time.Millisecond

// ebitenTPS is the tick rate; Ebitengine's default, named so time can be derived from ticks.
const ebitenTPS = 60

// noticeTicks is how long a notice stays on screen.
const noticeTicks = 5 * ebitenTPS

// fadeTicks is the length of the cross-fade between scenes.
const fadeTicks = 9

// DefaultShotTicks is how many ticks a screenshot run waits before capturing, enough for
// the first scene to settle and its fade to end.
const DefaultShotTicks = 30

// Config sets up an App. Zero fields take the defaults described on each.
type Config struct {
	// Catalog lists the games offered.
	Catalog rules.Catalog
	// Store keeps settings and the autosave; nil means an in-memory store.
	Store prefs.Store
	// StoreProblem is shown to the user when the intended store could not be opened and
	// Store is a stand-in.
	StoreProblem error
	// DefaultLang is the language of a first run; "" means i18n.Detect().
	DefaultLang i18n.Lang
	// Lang, when set, overrides the saved language for this run without saving it.
	Lang i18n.Lang
	// Input is the source of user input; nil means the real devices.
	Input Input
	// Runner runs the AI; nil means the platform's runner.
	Runner think.Runner
	// Dialogs opens file dialogs; nil means none are offered.
	Dialogs Dialogs
	// Sound plays the move and capture sounds; nil means silence (tests, screenshots).
	Sound Sounder
	// Seed seeds new matches.
	Seed uint64
	// ThinkTime, when positive, replaces every level's think time (tests use a tiny one).
	ThinkTime time.Duration
	// CanQuit offers a Quit button (desktop builds).
	CanQuit bool
	// Scale, when positive, fixes the unit instead of asking the monitor.
	Scale float64
	// Shot, when set, is the path of a PNG screenshot to take after ShotTicks ticks; the
	// app then exits.
	Shot      string
	ShotTicks int
	// Rest lets the game loop rest while nothing changes (see rest.go): the desktop app
	// sets it. It must stay off where something else drives the loop, as in tests, and it
	// has no effect in a browser or with Shot.
	Rest bool
}

type notice struct {
	text  string
	until int64
}

// App implements ebiten.Game.
type App struct {
	cfg      Config
	ctx      *Context
	mgr      manager
	first    Scene
	store    prefs.Store
	settings prefs.Settings
	// savedLang is the language the settings file holds, which Config.Lang overrides for
	// one run without saving.
	savedLang i18n.Lang
	input     Input
	runner    think.Runner
	dialogs   Dialogs
	rng       *rand.Rand

	width, height int
	scale         float64
	ticks         int64
	// lastUpdate and delta time the Updates on the wall clock, for animations.
	lastUpdate time.Time
	delta      time.Duration
	// dirty asks for the scenes to be repainted, partDirty for the top scene to repaint a
	// part of itself (see Context.InvalidatePart), and overlayDirty for the fade or the
	// notices over the scenes to be laid again.
	dirty        bool
	partDirty    bool
	overlayDirty bool
	quit         bool
	notices      []notice

	drawn bool
	// layer keeps the scenes as last painted, without the fade and notices over them, while
	// those are shown: a step of the fade or a notice leaving then costs a copy of it
	// rather than a repaint of every scene. layerOK says it is current.
	layer       *ebiten.Image
	layerOK     bool
	fade        *ebiten.Image
	fadeCapture bool
	fading      bool
	fadeStart   int64

	wantShot bool
	shotDone bool
	shotErr  error

	meter  thinkMeter
	page   *page
	trace  startTrace
	pace   pacer
	frames FrameStats
}

// New creates the app; first becomes the current scene on the first tick.
func New(cfg Config, first Scene) *App {
	a := &App{cfg: cfg, first: first, dirty: true, scale: 1, trace: newStartTrace()}
	a.ctx = &Context{app: a}
	a.store = cfg.Store
	if a.store == nil {
		a.store = prefs.NewMemStore()
	}
	a.input = cfg.Input
	if a.input == nil {
		a.input = &DeviceInput{}
	}
	a.runner = cfg.Runner
	if a.runner == nil {
		a.runner = think.New()
	}
	a.dialogs = cfg.Dialogs
	a.rng = rand.New(rand.NewPCG(cfg.Seed, 0x6b6f6d61))
	lang := cfg.DefaultLang
	if lang == "" {
		lang = i18n.Detect()
	}
	settings, kept, problem := prefs.LoadSettings(a.store, lang)
	a.settings = settings
	a.savedLang = settings.Lang
	if cfg.Lang != "" {
		a.settings.Lang = cfg.Lang
	}
	if cfg.StoreProblem != nil {
		a.ctx.Notify(a.ctx.T("notice.storage-unavailable"))
	}
	switch {
	case problem != nil && kept != "":
		a.ctx.Notify(a.ctx.T("notice.settings-reset", kept))
	case problem != nil:
		a.ctx.Notify(a.ctx.T("notice.settings-unreadable"))
	}
	a.openSound()
	a.page = newPage(a)
	if cfg.Rest && cfg.Shot == "" {
		a.pace.ctl = newRester()
	}
	return a
}

// openSound readies the sound device when sounds are on, so that the first one is heard.
func (a *App) openSound() {
	if a.cfg.Sound != nil && a.settings.Sound {
		a.cfg.Sound.Open()
	}
}

// Context returns the context handed to scenes, for tests that drive the app.
func (a *App) Context() *Context { return a.ctx }

// Top returns the scene receiving input.
func (a *App) Top() Scene { return a.mgr.top() }

// Notices returns the messages currently shown, oldest first.
func (a *App) Notices() []string {
	out := make([]string, len(a.notices))
	for i, n := range a.notices {
		out[i] = n.text
	}
	return out
}

// ShotError reports a failure to write the screenshot.
func (a *App) ShotError() error { return a.shotErr }

// Title is the window title in the current language.
func (a *App) Title() string { return a.ctx.T("app.title") }

func (a *App) languageChanged() {
	ebiten.SetWindowTitle(a.Title())
}

func (a *App) startFade() {
	if a.drawn && a.cfg.Shot == "" {
		a.fadeCapture = true
	}
}

// Update implements ebiten.Game.
func (a *App) Update() error {
	if a.shotErr != nil {
		return a.shotErr
	}
	if a.quit || a.shotDone {
		return ebiten.Termination
	}
	a.trace.frameStart()
	now := time.Now()
	if a.pace.resting && !a.lastUpdate.IsZero() {
		// A resting loop ticks only now and then: count the ticks it slept through, so that
		// timers kept in ticks (notices, the scenes' own) follow the wall clock.
		if n := int64(now.Sub(a.lastUpdate) / a.ctx.Tick()); n > 1 {
			a.ticks += n - 1
		}
	}
	a.ticks++
	a.frames.Ticks++
	a.delta = a.ctx.Tick()
	if !a.lastUpdate.IsZero() && a.cfg.Shot == "" {
		a.delta = min(max(now.Sub(a.lastUpdate), a.ctx.Tick()), maxDelta)
	}
	a.lastUpdate = now
	if a.mgr.top() == nil {
		if a.first == nil {
			return fmt.Errorf("app: no scene")
		}
		a.trace.step("first Update")
		a.mgr.goTo(a.ctx, a.first)
		a.first = nil
		a.trace.step("first scene entered")
	}
	if d, ok := a.input.(*DeviceInput); ok {
		d.Scale = a.scale
	}
	a.input.Update()
	if a.input.Active() {
		a.dirty = true
	}
	if a.input.Pressed(KeyFullscreen) {
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	}
	if err := a.mgr.top().Update(a.ctx); err != nil {
		return err
	}
	if ps := a.mgr.pending; len(ps) > 0 {
		a.mgr.pending = nil
		for _, p := range ps {
			p(a.ctx)
		}
		a.dirty = true
	}
	workStart := time.Now()
	a.runner.Tick()
	a.meter.tick(workStart, time.Since(workStart), a.runner.Busy())
	kept := a.notices[:0]
	for _, n := range a.notices {
		if n.until > a.ticks {
			kept = append(kept, n)
		} else {
			a.overlayDirty = true
		}
	}
	a.notices = kept
	if a.fading {
		a.overlayDirty = true
	}
	if a.cfg.Shot != "" {
		ticks := a.cfg.ShotTicks
		if ticks <= 0 {
			ticks = DefaultShotTicks
		}
		if a.ticks >= int64(ticks) {
			a.wantShot = true
		}
	}
	a.page.update()
	busy := a.dirty || a.partDirty || a.overlayDirty || a.fading || a.fadeCapture || a.wantShot ||
		a.runner.Busy()
	if h, ok := a.input.(holder); ok && h.Holding() {
		busy = true
	}
	if a.pace.tick(busy) {
		a.trace.rested(a.pace.ranTicks, a.pace.ranSince, a.FrameStats())
	}
	return nil
}

// Draw implements ebiten.Game. It paints only what changed: the screen is not cleared
// between frames, so an idle window costs next to nothing. The scenes are repainted when
// one of them asked for it (Invalidate), after input and when the window is resized; the
// fade and the notices over them are laid again from a copy of the scenes (the layer) when
// only they change.
func (a *App) Draw(screen *ebiten.Image) {
	a.trace.frameStart()
	a.frames.Draws++
	if a.mgr.top() == nil {
		a.meter.frame(paintedNothing)
		return
	}
	if a.partDirty && !a.dirty && !a.overlayDirty {
		a.partDirty = false
		if a.drawPart(screen) {
			a.layerOK = false
			a.frames.Parts++
			a.meter.frame(paintedPart)
			a.shoot(screen)
			return
		}
		a.dirty = true
	}
	a.partDirty = false
	if !a.dirty && !a.overlayDirty {
		a.meter.frame(paintedNothing)
		a.shoot(screen)
		return
	}
	b := screen.Bounds()
	copyOp := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	if a.fadeCapture {
		a.fadeCapture = false
		a.fade = fitImage(a.fade, b)
		a.fade.DrawImage(screen, copyOp)
		a.fadeStart = a.ticks
		a.fading = true
	}
	// Keep the scenes' picture while something lies over it.
	over := a.fading || len(a.notices) > 0
	if a.dirty || !a.layerOK || a.layer.Bounds() != b {
		if !a.drawn {
			a.trace.step("first full Draw begins")
		}
		screen.Fill(render.Background)
		for _, s := range a.mgr.visible() {
			s.Draw(screen, a.ctx)
		}
		a.frames.Painted++
		a.meter.frame(paintedAll)
		a.layerOK = false
		if over {
			a.layer = fitImage(a.layer, b)
			a.layer.DrawImage(screen, copyOp)
			a.layerOK = true
		}
	} else {
		screen.DrawImage(a.layer, copyOp)
		a.frames.Composed++
		a.meter.frame(paintedLayer)
	}
	if a.fading {
		if p := float64(a.ticks-a.fadeStart) / fadeTicks; p < 1 {
			var op ebiten.DrawImageOptions
			op.ColorScale.ScaleAlpha(float32(1 - easeOut(p)))
			screen.DrawImage(a.fade, &op)
		} else {
			a.fading = false
		}
	}
	a.drawNotices(screen)
	a.dirty, a.overlayDirty = false, false
	if !a.drawn {
		a.trace.step("first full Draw returns")
		a.trace.painted = true
	}
	a.drawn = true
	a.shoot(screen)
}

// fitImage returns img if it has bounds b, or else a new image of that size.
func fitImage(img *ebiten.Image, b image.Rectangle) *ebiten.Image {
	if img != nil && img.Bounds() == b {
		return img
	}
	if img != nil {
		img.Deallocate()
	}
	return ebiten.NewImage(b.Dx(), b.Dy())
}

// shoot writes the screenshot once it is due and something has been drawn.
func (a *App) shoot(screen *ebiten.Image) {
	if !a.wantShot || a.shotDone || !a.drawn {
		return
	}
	a.shotDone = true
	if err := writePNG(a.cfg.Shot, screen); err != nil {
		a.shotErr = err
	}
}

// drawPart lets the top scene repaint a part of the previous frame, when nothing else on
// the screen can have changed or be covering it: no overlay, fade or notice.
func (a *App) drawPart(screen *ebiten.Image) bool {
	pd, ok := a.mgr.top().(PartDrawer)
	if !ok || !a.drawn || a.fading || len(a.notices) > 0 || len(a.mgr.visible()) != 1 {
		return false
	}
	return pd.DrawPart(screen, a.ctx)
}

func easeOut(p float64) float64 { return 1 - (1-p)*(1-p) }

// NoticePlacer is implemented by scenes that keep part of the screen clear of notices,
// such as the board: notices then sit at the bottom of the area it returns.
type NoticePlacer interface {
	NoticeArea(ctx *Context) image.Rectangle
}

func (a *App) drawNotices(screen *ebiten.Image) {
	u := a.scale
	size := 15 * u
	area := image.Rect(0, 0, a.width, a.height)
	if np, ok := a.mgr.top().(NoticePlacer); ok {
		if r := np.NoticeArea(a.ctx); !r.Empty() {
			area = r
		}
	}
	y := float64(area.Max.Y) - 24*u
	for i := len(a.notices) - 1; i >= 0; i-- {
		n := a.notices[i]
		maxW := math.Min(float64(area.Dx())-48*u, 640*u)
		lines := render.WrapText(n.text, size, false, maxW-40*u)
		w := 0.0
		for _, l := range lines {
			lw, _ := render.MeasureText(l, size, false)
			w = math.Max(w, lw)
		}
		h := float64(len(lines))*size*render.LineHeight + 24*u
		w += 40 * u
		x := float64(area.Min.X) + (float64(area.Dx())-w)/2
		y -= h
		render.DrawShadow(screen, x, y, w, h, 12*u, 10*u, 0.25)
		render.FillRoundedRect(screen, x, y, w, h, 12*u, render.Text)
		for j, l := range lines {
			render.DrawText(screen, l, size, false, x+20*u, y+12*u+float64(j)*size*render.LineHeight, render.Panel, render.AlignLeft)
		}
		y -= 10 * u
	}
}

// Layout implements ebiten.Game. The screen has as many pixels as the window really shows,
// so text and boards stay sharp on high-density displays; scenes scale with Unit.
func (a *App) Layout(outsideWidth, outsideHeight int) (int, int) {
	s := a.cfg.Scale
	if s <= 0 {
		if m := ebiten.Monitor(); m != nil {
			s = m.DeviceScaleFactor()
		}
	}
	if s <= 0 {
		s = 1
	}
	w := int(math.Ceil(float64(outsideWidth) * s))
	h := int(math.Ceil(float64(outsideHeight) * s))
	if w != a.width || h != a.height || s != a.scale {
		a.width, a.height, a.scale = w, h, s
		a.dirty = true
	}
	return w, h
}

func writePNG(path string, screen *ebiten.Image) error {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("app: screenshot: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("app: screenshot: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("app: screenshot: %w", err)
	}
	return nil
}
