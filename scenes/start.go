package scenes

import (
	"fmt"
	"math/rand/v2"

	"koma/app"
	"koma/app/match"
	"koma/rules"
	"koma/rules/ai"
)

// ScreenNames lists the screens Start can open, as named on the command line.
var ScreenNames = []string{"menu", "setup", "game", "rules", "settings", "about"}

// StartOptions choose the first screen: normally the menu; for screenshots and reviews any
// screen, with a game and a position.
type StartOptions struct {
	// Screen is one of ScreenNames; "" means the menu.
	Screen string
	// Spec is the game and variant of the setup, game and rules screens.
	Spec rules.Spec
	// Play is how many seeded random decisions are made before the game screen shows, so
	// that a game in progress can be seen.
	Play int
	// Seed seeds those decisions and the match.
	Seed uint64
}

// Start returns the first scene.
func Start(opts StartOptions) (app.Scene, error) {
	needsGame := opts.Screen == "setup" || opts.Screen == "game" || opts.Screen == "rules"
	if needsGame && opts.Spec.Game == nil {
		return nil, fmt.Errorf("scenes: the %s screen needs a game", opts.Screen)
	}
	switch opts.Screen {
	case "", "menu":
		return NewMenu(), nil
	case "settings":
		return &Menu{first: NewSettings()}, nil
	case "about":
		return &Menu{first: NewAbout()}, nil
	case "setup", "rules":
		s := NewSetup(opts.Spec.Game)
		s.preset = optionsOf(opts.Spec)
		s.showRul = opts.Screen == "rules"
		return s, nil
	case "game":
		m, err := PlayedMatch(opts.Spec, opts.Play, opts.Seed)
		if err != nil {
			return nil, err
		}
		// The menu looks for an unfinished game first, so that the new one does not
		// overwrite it unasked; with none, the game opens on the first tick.
		return &Menu{then: m}, nil
	}
	return nil, fmt.Errorf("scenes: unknown screen %q", opts.Screen)
}

func optionsOf(spec rules.Spec) string {
	s := spec.String()
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			return s[i+1:]
		}
	}
	return ""
}

// PlayedMatch starts a match of spec and makes n seeded random decisions (fewer if the
// game ends). The person sits on the side to move afterwards, facing the computer.
func PlayedMatch(spec rules.Spec, n int, seed uint64) (*match.Match, error) {
	st, err := spec.New()
	if err != nil {
		return nil, fmt.Errorf("scenes: %w", err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x706c6179))
	var moves []rules.Move
	for i := 0; i < n; i++ {
		legal := st.LegalMoves(nil)
		if len(legal) == 0 {
			break
		}
		mv := legal[rng.IntN(len(legal))]
		st.Apply(mv)
		moves = append(moves, mv)
	}
	human := st.ToMove()
	if human == rules.NoPlayer {
		human = 0
	}
	seats := make([]match.Seat, len(spec.Game.Sides))
	for p := range seats {
		seats[p] = match.Computer(ai.Normal)
	}
	seats[human] = match.Human()
	m, err := match.New(spec, seats, seed)
	if err != nil {
		return nil, fmt.Errorf("scenes: %w", err)
	}
	for _, mv := range moves {
		if err := m.Play(mv); err != nil {
			return nil, fmt.Errorf("scenes: %w", err)
		}
	}
	return m, nil
}
