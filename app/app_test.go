package app

import (
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app/prefs"
	"koma/i18n"
)

// probe is a scene that records what the app does to it.
type probe struct {
	name    string
	log     *[]string
	overlay bool
	draws   int
	// onUpdate runs inside Update, to request scene changes or redraws.
	onUpdate func(ctx *Context)
}

func (p *probe) Update(ctx *Context) error {
	if p.onUpdate != nil {
		f := p.onUpdate
		p.onUpdate = nil
		f(ctx)
	}
	return nil
}
func (p *probe) Draw(dst *ebiten.Image, ctx *Context) { p.draws++ }
func (p *probe) Enter(ctx *Context)                   { *p.log = append(*p.log, "enter "+p.name) }
func (p *probe) Exit(ctx *Context)                    { *p.log = append(*p.log, "exit "+p.name) }
func (p *probe) Resume(ctx *Context)                  { *p.log = append(*p.log, "resume "+p.name) }
func (p *probe) Overlay() bool                        { return p.overlay }

func newTestApp(t *testing.T, first Scene, in Input) (*App, *ebiten.Image) {
	t.Helper()
	if in == nil {
		in = &FakeInput{}
	}
	a := New(Config{Input: in, Scale: 1, DefaultLang: i18n.English, Store: prefs.NewMemStore()}, first)
	a.Layout(320, 240)
	screen := ebiten.NewImage(320, 240)
	t.Cleanup(screen.Deallocate)
	return a, screen
}

func tick(t *testing.T, a *App, screen *ebiten.Image, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		if err := a.Update(); err != nil && !errors.Is(err, ebiten.Termination) {
			t.Fatal(err)
		}
		a.Draw(screen)
	}
}

func TestSceneStack(t *testing.T) {
	var log []string
	menu := &probe{name: "menu", log: &log}
	game := &probe{name: "game", log: &log}
	rules := &probe{name: "rules", log: &log, overlay: true}
	a, screen := newTestApp(t, menu, nil)
	steps := []struct {
		name    string
		request func(ctx *Context)
		on      *probe
		top     Scene
		visible []Scene
		log     []string
	}{
		{"first scene", nil, nil, menu, []Scene{menu}, []string{"enter menu"}},
		{"go to the game", func(ctx *Context) { ctx.GoTo(game) }, menu, game, []Scene{game}, []string{"exit menu", "enter game"}},
		{"push the rules", func(ctx *Context) { ctx.Push(rules) }, game, rules, []Scene{game, rules}, []string{"enter rules"}},
		{"pop the rules", func(ctx *Context) { ctx.Pop() }, rules, game, []Scene{game}, []string{"exit rules", "resume game"}},
		{"pop the last scene does nothing", func(ctx *Context) { ctx.Pop() }, game, game, []Scene{game}, nil},
		{"push, then go elsewhere", func(ctx *Context) { ctx.Push(rules) }, game, rules, []Scene{game, rules}, []string{"enter rules"}},
		{"going away exits every scene", func(ctx *Context) { ctx.GoTo(menu) }, rules, menu, []Scene{menu}, []string{"exit rules", "exit game", "enter menu"}},
	}
	for _, s := range steps {
		log = log[:0]
		if s.on != nil {
			s.on.onUpdate = s.request
		}
		tick(t, a, screen, 1)
		if a.Top() != s.top {
			t.Errorf("%s: top is %s", s.name, a.Top().(*probe).name)
		}
		if got := a.mgr.visible(); !slices.Equal(got, s.visible) {
			t.Errorf("%s: %d scenes visible, want %d", s.name, len(got), len(s.visible))
		}
		if !slices.Equal(log, s.log) {
			t.Errorf("%s: hooks %q, want %q", s.name, log, s.log)
		}
	}
}

// TestIdleFramesAreSkipped checks the dirty flag: the first scene is painted once, nothing
// is drawn while nothing happens, and input, Invalidate and resizing each bring one redraw.
func TestIdleFramesAreSkipped(t *testing.T) {
	var log []string
	p := &probe{name: "p", log: &log}
	in := &FakeInput{}
	a, screen := newTestApp(t, p, in)
	tick(t, a, screen, fadeTicks+5) // the start-up frames
	// There is nothing to fade from at start-up: one paint, not one per tick of a fade.
	if p.draws != 1 {
		t.Errorf("start-up: the first scene was painted %d times, want once", p.draws)
	}
	cases := []struct {
		name  string
		cause func()
		want  int
	}{
		{"idle", func() {}, 0},
		{"click", func() { in.Click(10, 10) }, 1},
		{"key", func() { in.Press(KeyDown) }, 1},
		{"invalidate", func() { p.onUpdate = func(ctx *Context) { ctx.Invalidate() } }, 1},
		{"resize", func() { a.Layout(400, 300) }, 1},
		{"idle again", func() {}, 0},
	}
	for _, c := range cases {
		before := p.draws
		c.cause()
		tick(t, a, screen, 1)
		tick(t, a, screen, 3) // the following idle ticks must not draw either
		if got := p.draws - before; got != c.want {
			t.Errorf("%s: %d draws, want %d", c.name, got, c.want)
		}
	}
}

func TestFakeInputDeliversOneEventPerTick(t *testing.T) {
	in := &FakeInput{}
	in.Click(5, 6)
	in.Press(KeyBack)
	in.Scroll(2)
	in.DragBy(0, -3)
	type seen struct {
		click       bool
		key         bool
		wheel, drag float64
	}
	want := []seen{{click: true}, {key: true}, {wheel: 2}, {drag: -3}, {}}
	for i, w := range want {
		in.Update()
		_, _, click := in.Clicked()
		_, wy := in.Wheel()
		_, dy, _ := in.Drag()
		got := seen{click: click, key: in.Pressed(KeyBack), wheel: wy, drag: dy}
		if got != w {
			t.Errorf("tick %d: got %+v, want %+v", i, got, w)
		}
		if in.Active() != (w != seen{}) {
			t.Errorf("tick %d: Active() = %v", i, in.Active())
		}
	}
}

func TestShotWritesThePNGAndStops(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shot.png")
	var log []string
	a := New(Config{Input: &FakeInput{}, Scale: 1, Shot: path, ShotTicks: 3}, &probe{name: "p", log: &log})
	a.Layout(200, 100)
	screen := ebiten.NewImage(200, 100)
	defer screen.Deallocate()
	var err error
	for i := 0; i < 10 && err == nil; i++ {
		err = a.Update()
		a.Draw(screen)
	}
	if !errors.Is(err, ebiten.Termination) {
		t.Fatalf("the app did not stop after the shot: %v", err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 200 || b.Dy() != 100 {
		t.Errorf("the shot is %v, want 200x100", b)
	}
}

func TestNoticesExpire(t *testing.T) {
	var log []string
	a, screen := newTestApp(t, &probe{name: "p", log: &log}, nil)
	tick(t, a, screen, 1)
	a.Context().Notify("hello")
	if got := a.Notices(); !slices.Equal(got, []string{"hello"}) {
		t.Fatalf("notices %q", got)
	}
	tick(t, a, screen, noticeTicks+1)
	if got := a.Notices(); len(got) != 0 {
		t.Errorf("notices %q did not expire", got)
	}
}

// TestLangFlagIsNotSaved: a language given for one run (koma -lang) stays out of the
// settings file when other settings are saved, and a language the player picks is saved.
func TestLangFlagIsNotSaved(t *testing.T) {
	steps := []struct {
		name     string
		change   func(s *prefs.Settings)
		wantShow i18n.Lang
		wantSave i18n.Lang
	}{
		{"another setting", func(s *prefs.Settings) { s.Sound = !s.Sound }, i18n.Japanese, i18n.English},
		{"English picked", func(s *prefs.Settings) { s.Lang = i18n.English }, i18n.English, i18n.English},
		{"Japanese picked", func(s *prefs.Settings) { s.Lang = i18n.Japanese }, i18n.Japanese, i18n.Japanese},
		{"then another setting", func(s *prefs.Settings) { s.Coords = !s.Coords }, i18n.Japanese, i18n.Japanese},
	}
	store := prefs.NewMemStore()
	a := New(Config{Input: &FakeInput{}, Scale: 1, DefaultLang: i18n.English, Lang: i18n.Japanese, Store: store}, &probe{name: "a", log: new([]string)})
	for _, st := range steps {
		a.Context().UpdateSettings(st.change)
		if got := a.Context().Lang(); got != st.wantShow {
			t.Errorf("%s: shown in %q, want %q", st.name, got, st.wantShow)
		}
		saved, _, err := prefs.LoadSettings(store, i18n.English)
		if err != nil {
			t.Fatal(err)
		}
		if saved.Lang != st.wantSave {
			t.Errorf("%s: saved %q, want %q", st.name, saved.Lang, st.wantSave)
		}
	}
}
