// Package tactics holds the AI's tactics suites: positions taken from self-play in which
// one move, or a few equivalent ones, is clearly better than every other, by material or
// by a result proven within a few turns. A suite measures how much of that a short search
// sees (komacli tactics), and its test checks that every stored answer is what the rules
// say.
//
// A position's answer comes from two searches. The probe (Probe) is a small, exact
// minimax over whole turns that counts only pieces and finished games: it is cheap, needs
// nothing from the game but its rules, and is what the test repeats. The deep search,
// Expert for a few seconds, confirmed that it plays one of the probe's best moves when the
// suite was made; positions where it did not are left out, since the probe's horizon may
// hide a refutation.
//
// A suite file is text, one position a line:
//
//	# comments
//	spec fanorona
//	turns 2
//	stable 3
//	<record> | <best> [<best> ...] | <value> <margin> | <why>
//
// The record is the game's decisions from the initial position in its move notation,
// separated by spaces ("-" for none); the best moves are in the same notation; value is
// the probe's value of the best moves and margin how much less the best other move is
// worth (see Probe).
package tactics

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"koma/rules"
	"koma/rules/ai"
	"koma/rules/catalog"
)

// Position is one entry of a suite.
type Position struct {
	// Record is the game's decisions from the initial position, in move notation.
	Record []string
	// Best are the expected moves, in move notation: every move the probe values highest.
	Best []string
	// Value is the probe's value of the best moves, Margin what they are worth more than
	// any other move.
	Value, Margin int
	// Why says in words what the best move gains.
	Why string
	// Line is the position's line in its file, for messages.
	Line int
}

// Suite is a game's tactics suite.
type Suite struct {
	// Spec is the ruleset, as komacli spells it.
	Spec string
	// Turns is the probe's depth in whole turns.
	Turns int
	// Stable, when above Turns, is the depth of a second probe whose best moves must all
	// be among the position's best moves: a deeper look does not change the answer.
	// Positions where the material swings from one turn to the next are left out that way.
	Stable int
	// Comments are the header lines, without their "# ".
	Comments  []string
	Positions []Position
}

// Read parses a suite file.
func Read(r io.Reader) (*Suite, error) {
	s := &Suite{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
		case strings.HasPrefix(line, "#"):
			s.Comments = append(s.Comments, strings.TrimSpace(strings.TrimPrefix(line, "#")))
		case strings.HasPrefix(line, "spec "):
			s.Spec = strings.TrimSpace(strings.TrimPrefix(line, "spec "))
		case strings.HasPrefix(line, "stable "):
			t, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "stable ")))
			if err != nil || t < 1 {
				return nil, fmt.Errorf("line %d: bad stable %q", n, line)
			}
			s.Stable = t
		case strings.HasPrefix(line, "turns "):
			t, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "turns ")))
			if err != nil || t < 1 {
				return nil, fmt.Errorf("line %d: bad turns %q", n, line)
			}
			s.Turns = t
		default:
			p, err := parsePosition(line)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
			p.Line = n
			s.Positions = append(s.Positions, p)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if s.Spec == "" || s.Turns == 0 {
		return nil, errors.New("tactics: a suite needs a spec and turns line")
	}
	return s, nil
}

// ReadFile reads the suite in the file at path.
func ReadFile(path string) (*Suite, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

func parsePosition(line string) (Position, error) {
	parts := strings.SplitN(line, "|", 4)
	if len(parts) != 4 {
		return Position{}, errors.New("want <record> | <best> | <value> <margin> | <why>")
	}
	var p Position
	if rec := strings.TrimSpace(parts[0]); rec != "-" {
		p.Record = strings.Fields(rec)
	}
	p.Best = strings.Fields(parts[1])
	if len(p.Best) == 0 {
		return Position{}, errors.New("no best move")
	}
	if _, err := fmt.Sscanf(strings.TrimSpace(parts[2]), "%d %d", &p.Value, &p.Margin); err != nil {
		return Position{}, fmt.Errorf("value and margin: %w", err)
	}
	p.Why = strings.TrimSpace(parts[3])
	return p, nil
}

// Write writes s in the format Read parses.
func (s *Suite) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, c := range s.Comments {
		fmt.Fprintf(bw, "# %s\n", c)
	}
	fmt.Fprintf(bw, "spec %s\nturns %d\n", s.Spec, s.Turns)
	if s.Stable > 0 {
		fmt.Fprintf(bw, "stable %d\n", s.Stable)
	}
	for _, p := range s.Positions {
		rec := strings.Join(p.Record, " ")
		if rec == "" {
			rec = "-"
		}
		fmt.Fprintf(bw, "%s | %s | %d %d | %s\n", rec, strings.Join(p.Best, " "), p.Value, p.Margin, p.Why)
	}
	return bw.Flush()
}

// Start returns the initial position of the suite's ruleset.
func (s *Suite) Start() (rules.State, error) {
	spec, err := catalog.All.ParseSpec(s.Spec)
	if err != nil {
		return nil, err
	}
	return spec.New()
}

// State replays p's record from start, checking every decision against the rules, and
// returns the position with the expected moves parsed in it.
func (p *Position) State(start rules.State) (rules.State, []rules.Move, error) {
	st := start.Clone()
	for i, t := range p.Record {
		m, err := rules.ParseMove(st, t)
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: decision %d: %w", p.Line, i+1, err)
		}
		st.Apply(m)
	}
	if _, over := st.Outcome(); over {
		return nil, nil, fmt.Errorf("line %d: the game is over", p.Line)
	}
	best := make([]rules.Move, 0, len(p.Best))
	for _, t := range p.Best {
		m, err := rules.ParseMove(st, t)
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: best move: %w", p.Line, err)
		}
		best = append(best, m)
	}
	return st, best, nil
}

// Think runs the search set describes on st, on the caller's goroutine, until clock has
// advanced by think, and returns its move and what the search reports of its work. With
// a clock of the process's processor time, the search gets the same work on a busy
// machine as on an idle one, give or take one slice: a slice is an eighth of think, at
// most 5 ms, and Step watches the wall clock within it.
func Think(st rules.State, set ai.Setting, think time.Duration, seed uint64, clock func() time.Duration) (rules.Move, ai.Stats) {
	s := ai.NewSearchFor(st, set, seed)
	slice := min(max(think/8, 100*time.Microsecond), 5*time.Millisecond)
	for start := clock(); ; {
		left := think - (clock() - start)
		if left <= 0 || s.Step(min(left, slice)) {
			break
		}
	}
	return s.Best(), s.Stats()
}

// WallClock is the time since the first call, for Think where processor time is not
// available.
func WallClock() time.Duration { return time.Since(wallStart) }

var wallStart = time.Now()

// FileName is the name of the suite file of a ruleset: the spec with ':', '=' and ','
// turned into '-', and ".txt".
func FileName(spec string) string {
	return strings.NewReplacer(":", "-", "=", "-", ",", "-").Replace(spec) + ".txt"
}

// IsStable reports whether every best move of a probe of st over turns whole turns is
// among best: a deeper look keeps the answer.
func IsStable(st rules.State, best []rules.Move, turns, budget int) (bool, error) {
	r, err := Probe(st, turns, budget)
	if err != nil {
		return false, err
	}
	for _, m := range r.Best {
		if !slices.Contains(best, m) {
			return false, nil
		}
	}
	return true, nil
}

// Dir is where the suites live, relative to the module's root.
const Dir = "rules/ai/testdata/tactics"
