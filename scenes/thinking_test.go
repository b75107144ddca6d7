package scenes

import (
	"image"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/app/prefs"
	"koma/app/think"
	"koma/i18n"
	"koma/rules"
	"koma/rules/ai"
)

// endless is a runner that thinks for ever, so that a test can look at the screen while
// the computer thinks.
type endless struct{ busy bool }

func (r *endless) Start(think.Job)          { r.busy = true }
func (r *endless) Tick()                    {}
func (r *endless) Poll() (rules.Move, bool) { return rules.Move{}, false }
func (r *endless) Busy() bool               { return r.busy }
func (r *endless) Cancel()                  { r.busy = false }
func (r *endless) MoveNow()                 {}
func (r *endless) Last() think.Result       { return think.Result{} }

func readRGBA(img *ebiten.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	img.ReadPixels(out.Pix)
	return out
}

// differs reports whether two pixels differ by more than tol in some channel.
func differs(a, b *image.RGBA, x, y int, tol int) bool {
	i := a.PixOffset(x, y)
	for c := 0; c < 4; c++ {
		d := int(a.Pix[i+c]) - int(b.Pix[i+c])
		if d > tol || d < -tol {
			return true
		}
	}
	return false
}

// TestThinkingDotsRepaintAlone checks the partial repaint of the game: while the computer
// thinks, a step of the dots changes the dots and nothing else, and looks like what a full
// repaint draws.
func TestThinkingDotsRepaintAlone(t *testing.T) {
	spec := specs(t)[0]
	st, err := spec.New()
	if err != nil {
		t.Fatal(err)
	}
	seats := []match.Seat{match.Human(), match.Human()}
	seats[st.ToMove()] = match.Computer(ai.Expert)
	m, err := match.New(spec, seats, 3)
	if err != nil {
		t.Fatal(err)
	}
	a := app.New(app.Config{Catalog: testCatalog(), Store: prefs.NewMemStore(), DefaultLang: i18n.English,
		Input: &app.FakeInput{}, Runner: &endless{}, Seed: 1, ThinkTime: time.Hour, Scale: 1}, NewGame(m))
	a.Layout(screenW, screenH)
	screen := ebiten.NewImage(screenW, screenH)
	defer screen.Deallocate()
	ctx := a.Context()
	step := func() {
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
	}
	// Past the start-up fade, at a tick just before the dots step.
	for i := 0; i < 30 || (ctx.Now()+ctx.Tick())%(ctx.Tick()*dotTicks) != 0; i++ {
		step()
	}
	ctx.Invalidate()
	a.Draw(screen)
	g := a.Top().(*Game)
	if !g.dots.ok {
		t.Fatal("the full repaint drew no dots: is the computer thinking?")
	}
	before := readRGBA(screen)

	step() // the dots step: only they are repainted
	a.Draw(screen)
	part := readRGBA(screen)

	ctx.Invalidate()
	a.Draw(screen)
	full := readRGBA(screen)

	u := g.dots.unit
	strip := rectF(g.dots.x-2, g.dots.y-2.6*u-3, 24*u+6, 5.2*u+6)
	changed, outside, unlike := 0, 0, 0
	for y := 0; y < screenH; y++ {
		for x := 0; x < screenW; x++ {
			in := image.Pt(x, y).In(strip)
			if differs(before, part, x, y, 0) {
				changed++
				if !in {
					outside++
				}
			}
			if in && differs(part, full, x, y, 8) {
				unlike++
			}
		}
	}
	if changed == 0 {
		t.Error("the dots did not change")
	}
	if outside > 0 {
		t.Errorf("%d pixels changed outside the dots' strip %v", outside, strip)
	}
	// The partial repaint copies a dot drawn beforehand at the same position within the
	// pixel, where the full one draws the circle in place: only rounding may differ.
	if area := strip.Dx() * strip.Dy(); unlike*50 > area {
		t.Errorf("%d of %d pixels of the strip differ from a full repaint", unlike, area)
	}
	t.Logf("%d pixels changed, %d unlike a full repaint", changed, unlike)
}
