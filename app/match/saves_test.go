package match_test

// The saved-game fixtures in testdata/saves are files written by an earlier version of
// Koma, one game each, kept as a user would keep them: a record saved by today's main must
// load in the next version. Each <name>.json (the record, as match.Save wrote it) has a
// sibling <name>.txt with what loading it must give: the spec, the seats, the number of
// decisions, the result and the final position.
//
// Neither file is ever regenerated, by KOMA_UPDATE=1 or anything else: a fixture
// that is rewritten whenever it fails guards nothing. If a change makes one fail, the
// change breaks that user's saved game; fix the change, or migrate old records in Load and
// keep the fixture as it is. The only thing ever written here is the fixture of a game that
// has none yet (a game new to the catalog), with KOMA_WRITE_SAVES=1, which refuses to
// overwrite an existing file.

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"koma/app/match"
	"koma/rules"
	"koma/rules/ai"
	"koma/rules/catalog"
	"koma/rules/rulestest"
)

// savesDir holds the saved-game fixtures.
var savesDir = filepath.Join("testdata", "saves")

// writeMissingSaves asks TestSavedGamesFromEarlierVersions to save a fixture, with today's
// code, for every game of the catalog that has none. It never overwrites one.
var writeMissingSaves = os.Getenv("KOMA_WRITE_SAVES") == "1"

// saveFixtureCap bounds the decisions of a new fixture: short games are saved finished,
// long ones in the middle, which is where most autosaves are made.
const saveFixtureCap = 60

// TestSavedGamesFromEarlierVersions loads every fixture in testdata/saves with today's
// rules, checks that it replays to the position recorded beside it, and that saving it
// again gives the same bytes, so that a user's file does not change just by being opened
// and saved. It also requires a fixture for every game of the catalog.
func TestSavedGamesFromEarlierVersions(t *testing.T) {
	for _, g := range catalog.All {
		path := filepath.Join(savesDir, g.ID+".json")
		_, err := os.Stat(path)
		switch {
		case err == nil:
		case errors.Is(err, fs.ErrNotExist) && writeMissingSaves:
			if err := writeSaveFixture(g); err != nil {
				t.Errorf("%s: %v", g.ID, err)
			}
		case errors.Is(err, fs.ErrNotExist):
			t.Errorf("no saved-game fixture for %s: KOMA_WRITE_SAVES=1 go test ./app/match -run %s saves one with today's code; commit it and never regenerate it",
				g.ID, t.Name())
		default:
			t.Error(err)
		}
	}

	files, err := filepath.Glob(filepath.Join(savesDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".json")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			m, err := match.Load(data, catalog.All)
			if err != nil {
				t.Fatalf("%s, saved by an earlier version, no longer loads: %v", path, err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(path, ".json") + ".txt")
			if err != nil {
				t.Fatalf("the expected position of %s: %v", path, err)
			}
			if msg := rulestest.FirstDiff(string(want), renderLoaded(name, m)); msg != "" {
				t.Errorf("%s loads, but not as it was saved: %s", path, msg)
			}
			// Save writes FormatVersion; should it ever change, compare a migrated record
			// here instead of the bytes.
			again, err := m.Save()
			if err != nil {
				t.Fatal(err)
			}
			if msg := rulestest.FirstDiff(string(data), string(again)); msg != "" {
				t.Errorf("saving the loaded %s changes the file: %s", path, msg)
			}
		})
	}
}

// renderLoaded describes a loaded match as its fixture's .txt records it.
func renderLoaded(name string, m *match.Match) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# What loading %s.json must give. Both files were saved by an earlier version\n", name)
	sb.WriteString("# of Koma and must never be regenerated: see saves_test.go in app/match.\n")
	fmt.Fprintf(&sb, "spec: %s\n", m.Spec())
	var seats []string
	for _, s := range m.Seats() {
		if s.Human {
			seats = append(seats, "human")
		} else {
			seats = append(seats, "computer "+s.Level.String())
		}
	}
	fmt.Fprintf(&sb, "seats: %s\n", strings.Join(seats, ", "))
	fmt.Fprintf(&sb, "seed: %d\n", m.Seed())
	fmt.Fprintf(&sb, "decisions: %d\n", m.Len())
	fmt.Fprintf(&sb, "end: %s\n", endText(m))
	sb.WriteString("final:\n")
	sb.WriteString(rules.Text(m.State()))
	return sb.String()
}

// writeSaveFixture saves a seeded game of g with today's code, as a person playing the
// computer would have: the last preset of the game (so that its spec carries options when
// the game has any), a computer level and a seed that vary from game to game, and seeded
// random decisions for both seats (Load replays the record and never asks the computer).
// A game still in progress at saveFixtureCap is saved as it stands, or, for about half of
// the games, after the person resigned, so that the fixtures cover every field of the record.
func writeSaveFixture(g *rules.Game) error {
	preset := ""
	if len(g.Presets) > 0 {
		preset = g.Presets[len(g.Presets)-1]
	}
	opts, err := g.ParseOptions(preset)
	if err != nil {
		return fmt.Errorf("preset %q: %w", preset, err)
	}
	spec := rules.Spec{Game: g, Options: opts}
	seed := presetSeed("save " + g.ID)
	seats := make([]match.Seat, len(g.Sides))
	for i := range seats {
		seats[i] = match.Human()
	}
	seats[len(seats)-1] = match.Computer(ai.Levels[seed%uint64(len(ai.Levels))])
	m, err := match.New(spec, seats, seed)
	if err != nil {
		return fmt.Errorf("new match: %w", err)
	}
	if _, err := playSeeded(m, rand.New(rand.NewPCG(seed, playthroughStream)), saveFixtureCap); err != nil {
		return fmt.Errorf("play: %w", err)
	}
	if _, over := m.Outcome(); !over && seed%2 == 0 {
		if err := m.Resign(0); err != nil {
			return fmt.Errorf("resign: %w", err)
		}
	}
	data, err := m.Save()
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	base := filepath.Join(savesDir, g.ID)
	if err := createNew(base+".txt", []byte(renderLoaded(g.ID, m))); err != nil {
		return err
	}
	return createNew(base+".json", data)
}

// createNew writes a file that must not exist yet, so that a fixture is never replaced.
func createNew(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("fixture: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("fixture: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("fixture %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("fixture %s: %w", path, err)
	}
	return nil
}
