package scenes

import (
	"errors"
	"slices"
	"testing"

	"koma/app/prefs"
	"koma/app/sound"
)

// TestSoundsFollowMoves plays one move by clicks and checks the sound heard when it lands:
// a knock for a move or placement, the capture sound when it took a piece.
func TestSoundsFollowMoves(t *testing.T) {
	tests := []struct {
		name   string
		spec   string
		played int // random decisions before the one tested
		want   sound.Kind
	}{
		{"Kōnane's opening removal takes the mover's own piece", "konane:size=6", 0, sound.Move},
		{"a Kōnane jump captures", "konane:size=6", 2, sound.Capture},
		{"an Alquerque step", "alquerque", 0, sound.Move},
		{"a Stoic placement", "stoic", 0, sound.Move},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := playedMatch(t, tc.spec, tc.played, 1)
			h := newHarness(t, NewGame(m), nil)
			h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Animation = prefs.SpeedOff })
			g := h.game()
			mv := firstMove(m.State().LegalMoves(nil))
			h.playByClicks(g, mv)
			h.step(2)
			if !slices.Equal(h.sound.played, []sound.Kind{tc.want}) {
				t.Errorf("heard %v, want [%v]", h.sound.played, tc.want)
			}
		})
	}
}

// TestSoundsWaitForTheLanding checks that an animated move is heard when it lands, not when
// it starts, and that undoing and reviewing are silent.
func TestSoundsWaitForTheLanding(t *testing.T) {
	m := playedMatch(t, "konane:size=6", 2, 1)
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	g.begin(h.ctx(), firstMove(m.State().LegalMoves(nil)))
	if g.anim == nil {
		t.Fatal("the move is not animated")
	}
	if len(h.sound.played) != 0 {
		t.Fatalf("heard %v before the move landed", h.sound.played)
	}
	g.anim.Finish()
	h.step(1)
	if !slices.Equal(h.sound.played, []sound.Kind{sound.Capture}) {
		t.Fatalf("heard %v when the jump landed, want the capture", h.sound.played)
	}
	h.clickTarget("undo")
	h.clickTarget("undo")
	if len(h.sound.played) != 1 {
		t.Errorf("undo made sounds: %v", h.sound.played)
	}
}

// TestSoundSetting turns the sounds off and on in Settings: off, moves are silent; on
// again, the device is readied at once.
func TestSoundSetting(t *testing.T) {
	h := newHarness(t, &Menu{first: NewSettings()}, nil)
	h.step(2)
	if h.sound.opened != 1 {
		t.Errorf("the sound device was readied %d times at start-up, want once (sounds are on by default)", h.sound.opened)
	}
	s, ok := h.app.Top().(*Settings)
	if !ok {
		t.Fatalf("the top scene is %T", h.app.Top())
	}
	row := soundRow(t, h, s, "Sounds")
	h.clickRect(row.buttons[1].Rect)
	if h.ctx().Settings().Sound {
		t.Fatal("Off did not turn the sounds off")
	}
	opened := h.sound.opened

	m := playedMatch(t, "konane:size=6", 2, 1)
	g := NewGame(m)
	h.ctx().GoTo(g)
	h.step(2)
	h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Animation = prefs.SpeedOff })
	h.playByClicks(g, firstMove(m.State().LegalMoves(nil)))
	h.step(2)
	if len(h.sound.played) != 0 {
		t.Errorf("with sounds off the move was heard: %v", h.sound.played)
	}
	if h.sound.opened != opened {
		t.Errorf("the device was readied while sounds are off")
	}
	h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Sound = true })
	if h.sound.opened == opened {
		t.Error("turning sounds on did not ready the device")
	}
}

// TestSoundSettingSaysWhenThereIsNoDevice checks that the setting's label tells the player
// why nothing is heard on a machine without a sound device.
func TestSoundSettingSaysWhenThereIsNoDevice(t *testing.T) {
	h := newHarness(t, &Menu{first: NewSettings()}, nil)
	h.sound.problem = errors.New("no device")
	h.step(2)
	s := h.app.Top().(*Settings)
	soundRow(t, h, s, "Sounds (no sound device found)")
}

// soundRow finds the settings row labelled label.
func soundRow(t *testing.T, h *harness, s *Settings, label string) settingRow {
	t.Helper()
	for _, r := range s.rows {
		if r.label == label {
			return r
		}
	}
	t.Fatalf("no settings row %q", label)
	return settingRow{}
}
