// Package drawtest runs a package's tests inside Ebitengine's game loop, the only place
// where images can be drawn and read back. Test packages that draw call Main from their
// TestMain; the test binary then needs a display, so run it under xvfb-run.
package drawtest

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Main runs m inside the first Update of a tiny game and exits with the tests' status once
// the loop has ended.
func Main(m *testing.M) {
	loop := &loop{m: m}
	ebiten.SetWindowSize(320, 240)
	ebiten.SetWindowTitle("koma tests")
	if err := ebiten.RunGame(loop); err != nil {
		fmt.Fprintln(os.Stderr, "drawtest: game loop:", err)
		os.Exit(1)
	}
	os.Exit(loop.code)
}

type loop struct {
	m    *testing.M
	code int
	ran  bool
}

func (l *loop) Update() error {
	if !l.ran {
		l.ran = true
		l.code = l.m.Run()
	}
	return ebiten.Termination
}

func (l *loop) Draw(*ebiten.Image) {}

func (l *loop) Layout(int, int) (int, int) { return 320, 240 }
