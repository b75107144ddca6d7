package rules

import (
	"fmt"
	"slices"
	"strings"
)

// Style tells the renderer how to draw the board's cells or lines; the topology says where
// the sites are, and a game's Marker adds its special sites on top.
type Style uint8

// The board styles.
const (
	// Checkered draws square cells in two alternating shades.
	Checkered Style = iota + 1
	// Plain draws square cells in one shade with grid lines.
	Plain
	// HexCells draws a hexagon per cell.
	HexCells
	// Lines draws the topology's lines with a point at every site.
	Lines
)

// Colour is the colour a side's pieces are drawn in.
type Colour uint8

// The piece colours.
const (
	White Colour = iota + 1
	Black
)

// Side describes one seat.
type Side struct {
	// Colour is the colour of the seat's pieces at the start of the game. A game whose
	// colours change hands during play (a pie rule, a colour choice) reports the current
	// colours through SeatColours; use ColourOf to ask.
	Colour Colour
	// Role names the seat when the game gives it a name of its own ("fox", "attacker"):
	// the app shows the label "side.<Role>" of the game's rules text. Empty means the seat
	// is named after its colour.
	Role string
}

// Look is how a kind of piece is drawn.
type Look uint8

// The piece looks.
const (
	// Disc is a plain round piece.
	Disc Look = iota
	// Crowned is a disc with a crown: a promoted piece or a king.
	Crowned
)

// OptionSpec declares one variant option of a game, such as the board size.
type OptionSpec struct {
	// Key is the option's name in specs ("size"); its label is "option.<key>" in the game's rules text.
	Key string
	// Values lists the allowed values, in the order the app offers them.
	Values []string
	// Default is the value used when a spec does not name the option.
	Default string
}

// Game is the definition card of one game: everything the app, the AI and the tools need to
// know about it besides its positions.
type Game struct {
	// ID names the game in specs, saves, texts and tests. It never changes once published.
	ID string
	// Sides lists the seats in seat order; Player i sits in Sides[i].
	Sides []Side
	// Style is the board drawing style.
	Style Style
	// Looks maps a piece kind to how it is drawn; kinds beyond the list are drawn as discs.
	Looks []Look
	// Options declares the variant options, in the order the app shows them.
	Options []OptionSpec
	// Presets lists the variants worth offering by name, as option strings such as
	// "size=8"; "" is the defaults. komacli list prints one line per preset.
	Presets []string
	// MaxTurns bounds the length of a game in turns, as MidTurn counts them. The game's own
	// rules must end every game within it (rules without a natural end enforce it with the
	// outcome and reason they choose), and the conformance tests fail a game that outlasts
	// it; random playouts stop there as a draw, as a safety net.
	MaxTurns int
	// New returns the initial position of a variant. The options are complete and valid.
	New func(Options) (State, error)
	// Tuning is how the AI searches the game, where self-play measured something better
	// than its defaults; the zero value keeps them.
	Tuning Tuning
}

// Options is a complete set of option values for one game, keyed by option key.
type Options map[string]string

// Get returns the value of an option.
func (o Options) Get(key string) string { return o[key] }

// Spec names a game and a variant of it: "<game>[:<key>=<value>[,...]]".
type Spec struct {
	Game    *Game
	Options Options
}

// String formats the spec canonically: every option that differs from its default, in
// the game's declared order.
func (s Spec) String() string {
	var parts []string
	for _, o := range s.Game.Options {
		if v := s.Options[o.Key]; v != o.Default {
			parts = append(parts, o.Key+"="+v)
		}
	}
	if len(parts) == 0 {
		return s.Game.ID
	}
	return s.Game.ID + ":" + strings.Join(parts, ",")
}

// FullString formats the spec with every option spelled out.
func (s Spec) FullString() string {
	if len(s.Game.Options) == 0 {
		return s.Game.ID
	}
	parts := make([]string, len(s.Game.Options))
	for i, o := range s.Game.Options {
		parts[i] = o.Key + "=" + s.Options[o.Key]
	}
	return s.Game.ID + ":" + strings.Join(parts, ",")
}

// New returns the initial position of the spec.
func (s Spec) New() (State, error) {
	st, err := s.Game.New(s.Options)
	if err != nil {
		return nil, fmt.Errorf("rules: %s: %w", s, err)
	}
	return st, nil
}

// ParseOptions checks an option string ("size=8,single=true") against the game and fills
// in defaults.
func (g *Game) ParseOptions(text string) (Options, error) {
	opts := make(Options, len(g.Options))
	for _, o := range g.Options {
		opts[o.Key] = o.Default
	}
	if text == "" {
		return opts, nil
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(text, ",") {
		key, value, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("rules: %s: option %q is not key=value", g.ID, kv)
		}
		i := slices.IndexFunc(g.Options, func(o OptionSpec) bool { return o.Key == key })
		if i < 0 {
			return nil, fmt.Errorf("rules: %s: unknown option %q", g.ID, key)
		}
		if seen[key] {
			return nil, fmt.Errorf("rules: %s: option %q given twice", g.ID, key)
		}
		seen[key] = true
		if !slices.Contains(g.Options[i].Values, value) {
			return nil, fmt.Errorf("rules: %s: option %s=%q not one of %s", g.ID, key, value,
				strings.Join(g.Options[i].Values, ", "))
		}
		opts[key] = value
	}
	return opts, nil
}

// Catalog is an ordered list of games.
type Catalog []*Game

// Find returns the game with the given ID.
func (c Catalog) Find(id string) (*Game, error) {
	for _, g := range c {
		if g.ID == id {
			return g, nil
		}
	}
	return nil, fmt.Errorf("rules: unknown game %q", id)
}

// ParseSpec parses "<game>[:<key>=<value>[,...]]".
func (c Catalog) ParseSpec(text string) (Spec, error) {
	id, opts, _ := strings.Cut(text, ":")
	g, err := c.Find(id)
	if err != nil {
		return Spec{}, err
	}
	o, err := g.ParseOptions(opts)
	if err != nil {
		return Spec{}, err
	}
	return Spec{Game: g, Options: o}, nil
}

// Specs lists every preset of every game as specs, in catalog order.
func (c Catalog) Specs() ([]Spec, error) {
	var out []Spec
	for _, g := range c {
		presets := g.Presets
		if len(presets) == 0 {
			presets = []string{""}
		}
		for _, p := range presets {
			o, err := g.ParseOptions(p)
			if err != nil {
				return nil, fmt.Errorf("rules: preset %q of %s: %w", p, g.ID, err)
			}
			out = append(out, Spec{Game: g, Options: o})
		}
	}
	return out, nil
}
