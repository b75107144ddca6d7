package scenes

import (
	"errors"
	"image"
	"runtime"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/apptest"
	"koma/app/match"
	"koma/app/prefs"
	"koma/app/sound"
	"koma/app/think"
	"koma/i18n"
	"koma/rules"
	"koma/rules/ai"
	"koma/rules/catalog"
)

const screenW, screenH = 1280, 800

// testCatalog is every real game plus the toy game, so that the scene tests run whether or
// not the catalog has been filled yet.
func testCatalog() rules.Catalog {
	return append(append(rules.Catalog{}, catalog.All...), apptest.ToyGame)
}

// harness drives a real App tick by tick with fake input, the way Ebitengine would.
type harness struct {
	t      *testing.T
	app    *app.App
	in     *app.FakeInput
	store  prefs.Store
	screen *ebiten.Image
	sound  *fakeSound
}

// fakeSound records the sounds the app asks for instead of opening a sound device.
type fakeSound struct {
	opened  int
	played  []sound.Kind
	problem error
}

func (f *fakeSound) Open()             { f.opened++ }
func (f *fakeSound) Play(k sound.Kind) { f.played = append(f.played, k) }
func (f *fakeSound) Problem() error    { return f.problem }

func newHarness(t *testing.T, first app.Scene, store prefs.Store) *harness {
	t.Helper()
	if store == nil {
		store = prefs.NewMemStore()
	}
	// Earlier tests' harnesses are unreachable by now: free their images first, so that
	// the tests hold the memory of one harness at a time.
	releaseImages()
	in := &app.FakeInput{}
	snd := &fakeSound{}
	a := app.New(app.Config{
		Sound:       snd,
		Catalog:     testCatalog(),
		Store:       store,
		DefaultLang: i18n.English,
		Input:       in,
		Runner:      think.NewGoroutine(),
		Seed:        7,
		ThinkTime:   3 * time.Millisecond,
		Scale:       1,
		CanQuit:     true,
	}, first)
	a.Layout(screenW, screenH)
	h := &harness{t: t, app: a, in: in, store: store, screen: ebiten.NewImage(screenW, screenH), sound: snd}
	t.Cleanup(func() {
		a.Context().Runner().Cancel()
		h.screen.Deallocate()
	})
	h.step(1)
	return h
}

func (h *harness) ctx() *app.Context { return h.app.Context() }

// resize gives the app a window of w×ht pixels, and the screen it draws into that size.
func (h *harness) resize(w, ht int) {
	h.app.Layout(w, ht)
	h.screen.Deallocate()
	h.screen = ebiten.NewImage(w, ht)
	h.step(1)
}

// draw draws the screen now, whatever changed, and ends the frame: a full repaint leaves
// behind large images (such as Ebitengine's antialiasing buffers, dropped whenever the
// area they cover changes) that only a new frame and the collector free.
func (h *harness) draw() {
	h.ctx().Invalidate()
	h.app.Draw(h.screen)
	nextFrame(0)
	runtime.GC()
}

// step runs n ticks of Update.
func (h *harness) step(n int) {
	h.t.Helper()
	for i := 0; i < n; i++ {
		if err := h.app.Update(); err != nil && !errors.Is(err, ebiten.Termination) {
			h.t.Fatal(err)
		}
		// Drawing is left to explicit draw calls: software rendering under Xvfb makes
		// every frame expensive, and scenes lay themselves out in Update, so input does
		// not depend on drawing.
	}
}

// click clicks at (x, y) and runs the tick that delivers it plus one more, so that any
// scene change requested by the click has happened.
func (h *harness) click(x, y float64) {
	h.t.Helper()
	h.in.Click(x, y)
	h.step(2)
}

// clickRect clicks the centre of a rectangle, such as a button's.
func (h *harness) clickRect(r image.Rectangle) {
	h.t.Helper()
	if r.Empty() {
		h.t.Fatal("clicking an empty rectangle: the button is not laid out")
	}
	c := r.Min.Add(r.Max).Div(2)
	h.click(float64(c.X), float64(c.Y))
}

func (h *harness) game() *Game {
	h.t.Helper()
	g, ok := h.app.Top().(*Game)
	if !ok {
		h.t.Fatalf("the top scene is %T, not the game", h.app.Top())
	}
	return g
}

// newMatch starts a match of spec with the person on the side to move first.
func newMatch(t *testing.T, spec rules.Spec, level ai.Level) *match.Match {
	t.Helper()
	st, err := spec.New()
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]match.Seat, len(spec.Game.Sides))
	for p := range seats {
		seats[p] = match.Computer(level)
	}
	seats[st.ToMove()] = match.Human()
	m, err := match.New(spec, seats, 99)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// specs returns the default variant of every game in the test catalog.
func specs(t *testing.T) []rules.Spec {
	t.Helper()
	var out []rules.Spec
	for _, g := range testCatalog() {
		spec, err := testCatalog().ParseSpec(g.ID)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, spec)
	}
	return out
}
