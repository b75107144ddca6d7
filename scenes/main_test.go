package scenes

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Images can only be drawn and read back while Ebitengine's loop runs, so the tests run
// inside the first Update of a tiny game, and the process exits with their status once the
// loop has ended. The binary needs a display: run it under xvfb-run.
func TestMain(m *testing.M) {
	loop := &testLoop{m: m}
	ebiten.SetWindowSize(320, 240)
	ebiten.SetWindowTitle("koma scene tests")
	if err := ebiten.RunGame(loop); err != nil {
		fmt.Fprintln(os.Stderr, "scenes tests: game loop:", err)
		os.Exit(1)
	}
	os.Exit(loop.code)
}

type testLoop struct {
	m    *testing.M
	code int
	ran  bool
}

func (l *testLoop) Update() error {
	if !l.ran {
		l.ran = true
		l.code = l.m.Run()
	}
	return ebiten.Termination
}

func (l *testLoop) Draw(*ebiten.Image) {}

func (l *testLoop) Layout(int, int) (int, int) { return 320, 240 }
