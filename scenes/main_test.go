package scenes

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// The scene tests draw, which needs a running game loop, so they run inside one, under
// xvfb-run on a headless machine. Unlike render/drawtest.Main, which runs a whole package
// inside a single Update, they hand the loop back to Ebitengine as they go (see
// nextFrame). Within one frame Ebitengine keeps every image drawn to alive, frees
// collected images only when the next frame begins, and its text package forgets cached
// glyphs and shaped strings only after 60 ticks without use: hundreds of harnesses in one
// Update kept all the screens, boards and text they ever drew, over 6 GB of software-GL
// textures and Go heap.
func TestMain(m *testing.M) {
	// The window only has to exist: a tiny one makes each frame nearly free.
	ebiten.SetWindowSize(loopSize, loopSize)
	ebiten.SetWindowTitle("koma scene tests")
	// Frames are not always cheap: Ebitengine waits out 1/60 s after each frame while its
	// window is unfocused, as it is whenever another test binary opens a window on the
	// same display. Ticks are, and at this rate many of them pass in one frame.
	ebiten.SetTPS(10000)
	ebiten.SetVsyncEnabled(false)
	// Collect garbage sooner than by default: a repaint's vertices and text layouts come to
	// tens of megabytes, and a heap left to double holds a lot of them.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(50)
	}
	loop := &frameLoop{frame: make(chan struct{}), yield: make(chan int), done: make(chan int)}
	frames = loop
	go func() {
		<-loop.frame
		code := m.Run()
		if code == 0 && !peakMemoryOK() {
			code = 1
		}
		loop.done <- code
	}()
	if err := ebiten.RunGame(loop); err != nil {
		fmt.Fprintln(os.Stderr, "scenes: game loop:", err)
		os.Exit(1)
	}
	os.Exit(loop.code)
}

const loopSize = 16

// frameLoop lends Updates to the tests, which run on their own goroutines while the
// Update waits: to Ebitengine, whatever the tests draw is drawn in that Update. Once
// the tests give it back, it lends none before the next frame and a given number of ticks.
type frameLoop struct {
	frame chan struct{} // an Update has begun and waits for the tests
	yield chan int      // the tests are done with this Update; let this many ticks pass
	done  chan int      // the tests have finished with this status
	code  int

	// Only the game's goroutine uses these.
	ticks int  // ticks still to pass before the next lending
	drawn bool // a frame has ended since the last lending
}

var frames *frameLoop

func (l *frameLoop) Update() error {
	if l.ticks > 0 || !l.drawn {
		l.ticks = max(l.ticks-1, 0)
		return nil
	}
	l.frame <- struct{}{}
	select {
	case l.ticks = <-l.yield:
		l.drawn = false
		return nil
	case l.code = <-l.done:
		return ebiten.Termination
	}
}

func (l *frameLoop) Draw(*ebiten.Image) { l.drawn = true }

func (l *frameLoop) Layout(int, int) (int, int) { return loopSize, loopSize }

// nextFrame ends the frame the tests draw in and returns once a later frame has begun
// and the given number of ticks has passed: Ebitengine then has run the drawing queued
// so far and no longer holds the images drawn to. Only the running test's goroutine may
// call it, with nothing else drawing.
func nextFrame(ticks int) {
	frames.yield <- ticks
	<-frames.frame
}

// textCacheTicks is how long Ebitengine's text package keeps a glyph image or a shaped
// string that is no longer used: text/v2 drops cache entries older than 60 ticks.
const textCacheTicks = 60

// releaseImages frees what earlier harnesses drew with, before a new one draws: the
// collector finds their images, whose textures Ebitengine deletes as the next frame
// begins, and enough ticks pass for the text caches to drop what only they used.
func releaseImages() {
	runtime.GC()
	nextFrame(textCacheTicks + 1)
}
