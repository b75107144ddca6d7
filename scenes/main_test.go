package scenes

import (
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// The scene tests draw, which needs a running game loop, so they run inside one, under
// xvfb-run on a headless machine. Unlike render/drawtest.Main, which runs a whole package
// inside a single Update, they hand frames back to Ebitengine as they go (see endFrames).
// Within one frame Ebitengine keeps every image drawn to alive, frees collected images
// only when the next frame begins, and its text package forgets cached glyphs and shaped
// strings only after 60 frames without use: hundreds of harnesses in one frame kept all the
// screens, boards and text they ever drew, over 6 GB of software-GL textures and Go heap.
func TestMain(m *testing.M) {
	// The window only has to exist: a tiny one makes each frame nearly free.
	ebiten.SetWindowSize(loopSize, loopSize)
	ebiten.SetWindowTitle("koma scene tests")
	// One Update per frame, and as many frames as the tests ask for, without waiting for
	// the display.
	ebiten.SetTPS(ebiten.SyncWithFPS)
	ebiten.SetVsyncEnabled(false)
	loop := &frameLoop{frame: make(chan struct{}), yield: make(chan struct{}), done: make(chan int)}
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

// frameLoop lends each of its Updates to the tests, which run on their own goroutines
// while the Update waits: to Ebitengine, whatever the tests draw is drawn in that Update.
type frameLoop struct {
	frame chan struct{} // an Update has begun and waits for the tests
	yield chan struct{} // the tests are done with this frame
	done  chan int      // the tests have finished with this status
	code  int
}

var frames *frameLoop

func (l *frameLoop) Update() error {
	l.frame <- struct{}{}
	select {
	case <-l.yield:
		return nil
	case l.code = <-l.done:
		return ebiten.Termination
	}
}

func (l *frameLoop) Draw(*ebiten.Image) {}

func (l *frameLoop) Layout(int, int) (int, int) { return loopSize, loopSize }

// endFrames ends the frame the tests draw in, and n-1 more, and returns once the next has
// begun: Ebitengine then has run the drawing queued so far and no longer holds the images
// drawn to. Only the running test's goroutine may call it, with nothing else drawing.
func endFrames(n int) {
	for range n {
		frames.yield <- struct{}{}
		<-frames.frame
	}
}

// textCacheFrames is how many frames Ebitengine's text package keeps a glyph image or a
// shaped string that is no longer used (text/v2 drops cache entries older than 60 frames).
const textCacheFrames = 60

// releaseImages frees what earlier harnesses drew with, before a new one draws: the
// collector finds their images, whose textures Ebitengine deletes as the next frame
// begins, and enough frames pass for the text caches to drop what only they used.
func releaseImages() {
	runtime.GC()
	endFrames(textCacheFrames + 1)
}
