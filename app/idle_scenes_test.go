package app_test

import (
	"errors"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/prefs"
	"koma/i18n"
	"koma/rules/catalog"
	"koma/scenes"
)

// TestIdleScreensRest runs the real screens that build/idle.sh measures (the menu, a game
// waiting for the player's move, the rules) and checks that once they have settled, a long
// stretch with no input paints nothing and lets the game loop rest. It fails if one of them
// starts asking for frames (Invalidate, InvalidatePart) on every tick, or now and then,
// while nothing changes; or if something keeps the loop ticking 60 times a second.
func TestIdleScreensRest(t *testing.T) {
	const w, h = 800, 600
	idleTicks := 10 * 60 // ten seconds of ticks
	konane, err := catalog.All.ParseSpec("konane")
	if err != nil {
		t.Fatal(err)
	}
	for _, screen := range []string{"menu", "game", "rules"} {
		t.Run(screen, func(t *testing.T) {
			first, err := scenes.Start(scenes.StartOptions{Screen: screen, Spec: konane, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			in := &app.FakeInput{}
			a := app.New(app.Config{
				Catalog: catalog.All, Input: in, Scale: 1, DefaultLang: i18n.English,
				Store: prefs.NewMemStore(), Seed: 1,
				// The game judges the position in the background while the player thinks:
				// keep that short.
				ThinkTime: 20 * time.Millisecond,
			}, first)
			app.WatchRest(a)
			a.Layout(w, h)
			dst := ebiten.NewImage(w, h)
			defer dst.Deallocate()
			step := func() {
				if err := a.Update(); err != nil && !errors.Is(err, ebiten.Termination) {
					t.Fatal(err)
				}
				a.Draw(dst)
			}
			// Settle: the first frames, the game's background judgement (a goroutine: give
			// it time), until the loop rests.
			deadline := time.Now().Add(20 * time.Second)
			for !a.FrameStats().Resting {
				if time.Now().After(deadline) {
					t.Fatalf("the %s screen never settles: %+v", screen, a.FrameStats())
				}
				step()
				time.Sleep(time.Millisecond)
			}
			t.Logf("top %T after %d ticks: %+v", a.Top(), a.FrameStats().Ticks, a.FrameStats())
			if a.FrameStats().Painted == 0 {
				t.Fatalf("the %s screen was never painted", screen)
			}
			before := a.FrameStats()
			for i := 0; i < idleTicks; i++ {
				step()
			}
			st := a.FrameStats()
			if d := st.Painted - before.Painted; d != 0 {
				t.Errorf("the idle %s screen was repainted %d times in %d ticks", screen, d, idleTicks)
			}
			if d := st.Parts - before.Parts; d != 0 {
				t.Errorf("the idle %s screen repainted a part %d times in %d ticks", screen, d, idleTicks)
			}
			if d := st.Composed - before.Composed; d != 0 {
				t.Errorf("the idle %s screen was composed %d times in %d ticks", screen, d, idleTicks)
			}
			if !st.Resting || st.Wakes != before.Wakes {
				t.Errorf("the idle %s screen woke the loop %d times in %d ticks", screen, st.Wakes-before.Wakes, idleTicks)
			}
			// And input still reaches it: a pointer move is a change.
			in.Move(w/2, h/2)
			step()
			if st := a.FrameStats(); st.Resting || st.Painted == before.Painted {
				t.Errorf("a pointer move over the %s screen did not wake and repaint it", screen)
			}
		})
	}
}
