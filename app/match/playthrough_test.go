package match_test

// This file guards saved games across versions. A saved game is a replay: the spec and the
// decisions in each game's notation (see record.go). A save made today keeps loading only
// while the notation, the legal moves and the spec strings stay the same, so
// TestPlaythrough pins all three for every preset: a seeded game, its record, the number
// of legal decisions at each step and the final position. A refactoring that changes any
// of them shows up as a diff here before it reaches anyone's saved files.
//
// It is an external test package (match_test) so that it sees only what other code sees of
// match, and so that its helpers cannot collide with those of the internal tests. Importing
// rules/catalog here makes no cycle: catalog imports only rules and the games.

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"koma/app/match"
	"koma/rules"
	"koma/rules/catalog"
	"koma/rules/rulestest"
)

// playthroughCap bounds a playthrough in decisions. Random play ends most games long
// before it; the long ones (Alquerque, Turkish draughts, Fanorona, Halma, Tafl, ...) are
// cut there and compared as positions in progress. 400 decisions exercise every rule a
// refactoring is likely to touch while keeping each golden under about 10 KB and the whole
// test well under a second.
const playthroughCap = 400

// playthroughStream is the PCG stream of every playthrough; the seed comes from the spec.
const playthroughStream = 0x6b6f6d61 // "koma"

// presetSeed derives a playthrough's seed from its spec string rather than its place in
// the catalog, so that adding or reordering games leaves the other goldens alone.
func presetSeed(spec string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(spec))
	return h.Sum64()
}

// playthrough is the outcome of one seeded game.
type playthrough struct {
	m *match.Match
	// texts and counts are, per decision, its notation and the number of legal decisions
	// it was chosen from.
	texts  []string
	counts []int
}

// playSeeded plays up to limit decisions of random play from the current position of m.
// The random choice is made among the legal decisions sorted by their notation, so the
// game depends only on which decisions are legal and how they are written, which is what
// a saved game depends on, and not on the order LegalMoves happens to produce them in.
func playSeeded(m *match.Match, rng *rand.Rand, limit int) (playthrough, error) {
	p := playthrough{m: m}
	type choice struct {
		text string
		mv   rules.Move
	}
	var buf []rules.Move
	var choices []choice
	for len(p.texts) < limit {
		if _, over := m.Outcome(); over {
			break
		}
		st := m.State()
		buf = st.LegalMoves(buf[:0])
		if len(buf) == 0 {
			return p, fmt.Errorf("decision %d: no legal decision although the game is not over", len(p.texts)+1)
		}
		choices = choices[:0]
		for _, mv := range buf {
			choices = append(choices, choice{rules.FormatMove(st, mv), mv})
		}
		slices.SortFunc(choices, func(a, b choice) int { return strings.Compare(a.text, b.text) })
		for i := 1; i < len(choices); i++ {
			// A save could not tell these apart: rules.ParseMove would always pick the first.
			if choices[i].text == choices[i-1].text {
				return p, fmt.Errorf("decision %d: two legal decisions are both written %q", len(p.texts)+1, choices[i].text)
			}
		}
		c := choices[rng.IntN(len(choices))]
		if err := m.Play(c.mv); err != nil {
			return p, fmt.Errorf("decision %d %q: %w", len(p.texts)+1, c.text, err)
		}
		p.texts = append(p.texts, c.text)
		p.counts = append(p.counts, len(choices))
	}
	return p, nil
}

// endText says how a match stands: the result, or that it is still in progress.
func endText(m *match.Match) string {
	o, over := m.Outcome()
	switch {
	case !over:
		return fmt.Sprintf("in progress, %s to move", rules.SideName(m.State(), m.ToMove()))
	case o.Winner == rules.NoPlayer:
		return fmt.Sprintf("draw (%s)%s", o.Reason, scoreText(o))
	default:
		return fmt.Sprintf("%s wins (%s)%s", rules.SideName(m.State(), o.Winner), o.Reason, scoreText(o))
	}
}

func scoreText(o rules.Outcome) string {
	if !o.Scored {
		return ""
	}
	return fmt.Sprintf(" %d-%d", o.Score[0], o.Score[1])
}

// goldenName turns a spec into a file name that every file system accepts: the ':', ','
// and '=' of "konane:size=6,jumps=single" become "konane_size-6_jumps-single".
func goldenName(spec string) string {
	return strings.NewReplacer(":", "_", ",", "_", "=", "-").Replace(spec)
}

// renderPlaythrough writes a playthrough as its golden: a header, one line per decision and
// the final position as rules.Text draws it (the drawing of komacli show).
func renderPlaythrough(spec string, seed uint64, p playthrough) string {
	var sb strings.Builder
	sb.WriteString("# Seeded random game of one preset, checked by TestPlaythrough in app/match.\n")
	sb.WriteString("# A diff means saved games of this preset may no longer load or replay the same.\n")
	fmt.Fprintf(&sb, "spec: %s\n", spec)
	fmt.Fprintf(&sb, "seed: %#016x\n", seed)
	capped := ""
	if _, over := p.m.Outcome(); !over {
		capped = fmt.Sprintf(" (stopped at the cap of %d)", playthroughCap)
	}
	fmt.Fprintf(&sb, "decisions: %d%s\n", len(p.texts), capped)
	fmt.Fprintf(&sb, "end: %s\n", endText(p.m))
	sb.WriteString("record: decision, player, notation, legal decisions\n")
	for i, text := range p.texts {
		fmt.Fprintf(&sb, "%d %d %s %d\n", i+1, p.m.Mover(i), text, p.counts[i])
	}
	sb.WriteString("final:\n")
	sb.WriteString(rules.Text(p.m.State()))
	return sb.String()
}

// TestPlaythrough plays a seeded random game of every preset of every game, from the
// start to its end or to playthroughCap decisions, and compares it with its golden in
// testdata/playthrough. The game is also saved and loaded again, so that a record of
// that length round-trips today.
func TestPlaythrough(t *testing.T) {
	specs, err := catalog.All.Specs()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	for _, spec := range specs {
		name := spec.String()
		file := goldenName(name) + ".txt"
		if other, ok := seen[file]; ok {
			t.Fatalf("presets %s and %s share the golden %s", other, name, file)
		}
		seen[file] = name
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if back, err := catalog.All.ParseSpec(name); err != nil || back.String() != name {
				t.Fatalf("the spec %q does not read back as itself: %v", name, err)
			}
			seats := make([]match.Seat, len(spec.Game.Sides))
			for i := range seats {
				seats[i] = match.Human()
			}
			seed := presetSeed(name)
			m, err := match.New(spec, seats, seed)
			if err != nil {
				t.Fatal(err)
			}
			p, err := playSeeded(m, rand.New(rand.NewPCG(seed, playthroughStream)), playthroughCap)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			rulestest.Golden(t, filepath.Join("testdata", "playthrough", file), renderPlaythrough(name, seed, p))

			data, err := m.Save()
			if err != nil {
				t.Fatal(err)
			}
			back, err := match.Load(data, catalog.All)
			if err != nil {
				t.Fatalf("today's save of the playthrough does not load: %v", err)
			}
			if !bytes.Equal(back.State().AppendKey(nil), m.State().AppendKey(nil)) {
				t.Errorf("the loaded playthrough reached another position:\n%s\nwant:\n%s", rules.Text(back.State()), rules.Text(m.State()))
			}
		})
	}
	// A golden left behind by a removed or renamed preset would otherwise go unnoticed.
	files, err := filepath.Glob(filepath.Join("testdata", "playthrough", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if _, ok := seen[filepath.Base(f)]; !ok {
			if rulestest.Update {
				if err := os.Remove(f); err != nil {
					t.Error(err)
				}
				continue
			}
			t.Errorf("%s belongs to no preset: a preset was renamed or removed, which breaks its saved games", f)
		}
	}
}
