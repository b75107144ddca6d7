package ai

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"koma/rules"
)

// Level is a playing strength, defined by think time.
type Level int

// The levels, weakest first.
const (
	Beginner Level = iota
	Easy
	Normal
	Hard
	Expert
)

// Levels lists every level, weakest first.
var Levels = []Level{Beginner, Easy, Normal, Hard, Expert}

var levelNames = []string{"beginner", "easy", "normal", "hard", "expert"}

// Each level above Beginner thinks four times as long as the one below, since search
// strength grows only with the logarithm of the work; eight seconds is about as long as a
// player will wait without wondering whether the app hung. Beginner's time is only an
// upper bound: its tiny search finishes long before.
var thinkTimes = []time.Duration{100 * time.Millisecond, 125 * time.Millisecond, 500 * time.Millisecond, 2 * time.Second, 8 * time.Second}

// levelNoise is the evaluation noise of each level (see Config.Noise). Think time alone
// leaves neighbouring levels too close where good play is drawish: two alpha-beta searches
// a factor of four apart in time drew most Alquerque games. So every level below Expert
// also misjudges positions by a pseudo-random amount that grows as the level falls, which
// makes it lose material or tempo the way a weaker player does. STRENGTH.md has the
// measurements behind the figures.
var levelNoise = []float64{0, 1.8, 1.2, 0.8, 0}

// levelBlunder is the probability that a level's decision is a deliberate mistake in a
// game the AI plays from an oracle (see Config.Blunder). Expert plays perfectly; each
// level below errs more often, by enough to lose most games to the level above.
// STRENGTH.md has the measurements behind the figures. Beginner plays its own way
// without the oracle, so its entry is unused.
var levelBlunder = []float64{0, 0.2, 0.08, 0.03, 0}

func (l Level) valid() bool { return l >= 0 && int(l) < len(levelNames) }

// String is the level's stable name, also its i18n key suffix ("level.<name>"). A value
// outside Levels prints as "level(<n>)".
func (l Level) String() string {
	if !l.valid() {
		return fmt.Sprintf("level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel reads a level name, ignoring case and surrounding space.
func ParseLevel(s string) (Level, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for i, n := range levelNames {
		if n == name {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("ai: unknown level %q", s)
}

// ThinkTime is how long the level thinks per decision; it is zero for a value outside
// Levels.
func (l Level) ThinkTime() time.Duration {
	if !l.valid() {
		return 0
	}
	return thinkTimes[l]
}

// Setting is how the computer plays: the style of a level, a think time, and optionally an
// engine other than the game's own. The zero Setting is Beginner.
type Setting struct {
	// Level sets the style of play. Beginner plays its own weak way; every other level
	// plays the game's best engine at full strength for its think time.
	Level Level
	// Think, when positive, replaces the level's think time.
	Think time.Duration
	// Engine, when not rules.AutoEngine, replaces the game's preferred engine.
	Engine rules.Engine
	// Plain plays the first version's search: tree search with uniformly random playouts
	// and none of the game's helps. It serves as a yardstick.
	Plain bool
	// Novice plays like a person who has only just read the rules: a random legal move,
	// except that it takes a win in one and avoids a loss in one. It is the yardstick the
	// Beginner is calibrated against, and no level of the app.
	Novice bool
}

// Setting returns the level's standard setting.
func (l Level) Setting() Setting { return Setting{Level: l} }

// ThinkFor is the setting of a player who thinks for d per decision at full strength: the
// "think for N seconds" option.
func ThinkFor(d time.Duration) Setting { return Setting{Level: Expert, Think: d} }

// ThinkTime is how long the setting thinks per decision.
func (s Setting) ThinkTime() time.Duration {
	if s.Think > 0 {
		return s.Think
	}
	return s.Level.ThinkTime()
}

func (s Setting) check() error {
	if !s.Level.valid() {
		return fmt.Errorf("ai: unknown level %d", int(s.Level))
	}
	if s.Think < 0 {
		return fmt.Errorf("ai: negative think time %v", s.Think)
	}
	return nil
}

// engineNames spells rules.Engine values in setting strings.
var engineNames = map[rules.Engine]string{rules.AutoEngine: "auto", rules.TreeEngine: "mcts", rules.AlphaBetaEngine: "ab", rules.OracleEngine: "oracle"}

// String spells the setting so that ParseSetting reads it back: a level name, "plain",
// or a think time such as "2.5s", then "/mcts", "/ab" or "/oracle" when the engine is forced.
func (s Setting) String() string {
	var base string
	switch {
	case s.Novice:
		return "novice"
	case s.Plain && s.Level == Expert && s.Think == 0:
		return "plain"
	case s.Plain:
		base = s.Level.String() + "/plain"
		if s.Think > 0 {
			base = s.Think.String() + "/plain"
		}
		return base
	case s.Think > 0 && s.Level == Expert:
		base = s.Think.String()
	case s.Think > 0:
		base = s.Level.String() + "@" + s.Think.String()
	default:
		base = s.Level.String()
	}
	if s.Engine != rules.AutoEngine {
		base += "/" + engineNames[s.Engine]
	}
	return base
}

// ParseSetting reads a setting: a level name; "plain" (the yardstick search at Expert's
// time); "novice" (the Beginner's yardstick); a think time such as "2.5s" or "800ms", played at full strength; or a level
// name, "@" and a think time. Any of them but "plain" may be followed by "/mcts", "/ab",
// "/oracle" or "/plain" to force an engine. Case and surrounding space are ignored.
func ParseSetting(text string) (Setting, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	base, eng, hasEngine := strings.Cut(t, "/")
	var s Setting
	if lv, think, ok := strings.Cut(base, "@"); ok {
		l, err := ParseLevel(lv)
		if err != nil {
			return Setting{}, fmt.Errorf("ai: setting %q: %w", text, err)
		}
		d, err := parseThink(think)
		if err != nil {
			return Setting{}, fmt.Errorf("ai: setting %q: %w", text, err)
		}
		s = Setting{Level: l, Think: d}
	} else if base == "plain" && !hasEngine {
		return Setting{Level: Expert, Plain: true}, nil
	} else if base == "novice" && !hasEngine {
		return Setting{Level: Beginner, Novice: true}, nil
	} else if l, err := ParseLevel(base); err == nil {
		s = l.Setting()
	} else if d, err := parseThink(base); err == nil {
		s = ThinkFor(d)
	} else {
		return Setting{}, fmt.Errorf("ai: unknown setting %q", text)
	}
	if hasEngine {
		switch eng {
		case "auto":
		case "mcts":
			s.Engine = rules.TreeEngine
		case "ab":
			s.Engine = rules.AlphaBetaEngine
		case "oracle":
			s.Engine = rules.OracleEngine
		case "plain":
			s.Plain = true
		default:
			return Setting{}, fmt.Errorf("ai: setting %q: unknown engine %q", text, eng)
		}
	}
	return s, nil
}

func parseThink(text string) (time.Duration, error) {
	d, err := time.ParseDuration(text)
	if err != nil {
		if _, numErr := strconv.ParseFloat(text, 64); numErr == nil {
			return 0, fmt.Errorf("think time %q needs a unit, such as s or ms", text)
		}
		return 0, fmt.Errorf("think time %q: %w", text, err)
	}
	if d <= 0 {
		return 0, fmt.Errorf("think time %q is not positive", text)
	}
	return d, nil
}

// NewSearchFor starts the search that set describes from a copy of root. A finished (or
// nil) root gives a search that is done at once, whose Best is the zero Move.
func NewSearchFor(root rules.State, set Setting, seed uint64) *Search {
	return NewSearchAfter(nil, root, set, seed)
}

// NewSearchAfter is NewSearchFor for the next decision after prev's, which may be nil. A
// full-strength tree search keeps what prev learnt when root is a few decisions below
// prev's root in prev's tree (the computer's move and the replies to it) and prev searched
// with the same settings; otherwise it starts afresh. Either way the new search takes prev's
// tree at its first Step: prev must be finished by then, and from then on it reports the
// Best and Stats it ended with, its Line is Best alone, and it does no more work.
func NewSearchAfter(prev *Search, root rules.State, set Setting, seed uint64) *Search {
	if set.Level == Beginner && !set.Plain && set.Engine == rules.AutoEngine {
		s := &Search{cfg: Config{Seed: seed}, now: time.Now}
		if root == nil || len(root.LegalMoves(nil)) == 0 {
			s.over = true
			return s
		}
		if m, ok := namedMove(root); ok {
			s.eng = named{m}
			return s
		}
		limit := beginnerIterations
		if set.Novice {
			limit = 0
		}
		s.eng = newBeginner(root, seed, limit)
		return s
	}
	return newSearch(root, set.config(seed), prev)
}

// config is the search configuration of a setting above Beginner's own search.
func (set Setting) config(seed uint64) Config {
	cfg := Config{Seed: seed, Engine: set.Engine, Plain: set.Plain}
	if set.Level.valid() && !set.Plain {
		cfg.Noise = levelNoise[set.Level]
		cfg.Blunder = levelBlunder[set.Level]
	}
	return cfg
}
