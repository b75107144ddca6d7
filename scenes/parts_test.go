package scenes

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/app/think"
	"koma/i18n"
	"koma/rules"
)

// The game screen's parts (moveList, reviewer, evaluation, hinter, sidePanel, gameFiles)
// are tested alone, without a Game. Those that need a Context get one from a bare app: no
// screen is drawn, so it costs no image memory, and nothing runs until the test calls
// Update.

// stubScene is a scene that only runs what the test hands it on each Update.
type stubScene struct{ update func(ctx *app.Context) }

func (s *stubScene) Update(ctx *app.Context) error {
	if s.update != nil {
		s.update(ctx)
	}
	return nil
}

func (s *stubScene) Draw(*ebiten.Image, *app.Context) {}

// bareApp returns an app of w×h pixels in English, with fake input and the goroutine
// runner, whose first scene is stub.
func bareApp(t *testing.T, w, h int, stub *stubScene, dialogs app.Dialogs) (*app.App, *app.FakeInput) {
	t.Helper()
	in := &app.FakeInput{}
	a := app.New(app.Config{
		Catalog:     testCatalog(),
		DefaultLang: i18n.English,
		Input:       in,
		Runner:      think.NewGoroutine(),
		Dialogs:     dialogs,
		Seed:        3,
		ThinkTime:   3 * time.Millisecond,
		Scale:       1,
	}, stub)
	a.Layout(w, h)
	t.Cleanup(func() { a.Context().Runner().Cancel() })
	return a, in
}

// toyMatch returns a match of the toy game between two people, opened at the position
// after floor decisions (as a practice board is), and then played on for more.
func toyMatch(t *testing.T, floor, more int) *match.Match {
	t.Helper()
	spec, err := testCatalog().ParseSpec("toy")
	if err != nil {
		t.Fatal(err)
	}
	people := []match.Seat{match.Human(), match.Human()}
	pre, err := match.New(spec, people, 1)
	if err != nil {
		t.Fatal(err)
	}
	play := func(m *match.Match, n int) {
		for range n {
			legal := m.State().LegalMoves(nil)
			if len(legal) == 0 {
				t.Fatalf("the toy game ended after %d decisions", m.Len())
			}
			if err := m.Play(legal[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	play(pre, floor)
	var moves []rules.Move
	for i := range pre.Len() {
		moves = append(moves, pre.Move(i))
	}
	m, err := match.NewAt(spec, people, 1, moves)
	if err != nil {
		t.Fatal(err)
	}
	play(m, more)
	return m
}
