package tactics_test

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/ai"
	"koma/rules/cmd/komacli/tactics"
)

// suiteDir is tactics.Dir seen from this package's directory.
const suiteDir = "../../../ai/testdata/tactics"

// required are the rulesets with captures that issue 38 asked a suite of, each with at
// least minPositions positions.
var required = []string{
	"fanorona", "fanorona:board=dimy", "alquerque", "turkish", "konane",
	"tablut", "brandub", "ardri", "collapse", "stride", "sight", "apart",
}

const minPositions = 50

// probeBudget bounds the probe's work per position, as the generator's default does: a
// position it could not settle within it would not have been kept.
const probeBudget = 200_000

func TestEverySuiteIsThere(t *testing.T) {
	for _, spec := range required {
		s, err := tactics.ReadFile(filepath.Join(suiteDir, tactics.FileName(spec)))
		if err != nil {
			t.Errorf("%s: %v", spec, err)
			continue
		}
		if s.Spec != spec {
			t.Errorf("%s: the file's spec is %q", spec, s.Spec)
		}
		if len(s.Positions) < minPositions {
			t.Errorf("%s: %d positions, want at least %d", spec, len(s.Positions), minPositions)
		}
	}
}

// TestSuites replays every position, checks that the expected moves are legal, and
// repeats the probe: the best moves, their value and their margin must be what the rules
// give today. Only the probe runs, never the deep search that confirmed the position.
func TestSuites(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(suiteDir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no suites in %s: %v", suiteDir, err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			s, err := tactics.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if want := tactics.FileName(s.Spec); filepath.Base(file) != want {
				t.Errorf("the suite of %s should be named %s", s.Spec, want)
			}
			start, err := s.Start()
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]int{}
			for i := range s.Positions {
				p := &s.Positions[i]
				st, _, err := p.State(start)
				if err != nil {
					t.Error(err)
					continue
				}
				key := string(st.AppendKey(nil))
				if l, dup := seen[key]; dup {
					t.Errorf("line %d: the same position as line %d", p.Line, l)
				}
				seen[key] = p.Line
				res, err := tactics.Probe(st, s.Turns, probeBudget)
				if err != nil {
					t.Errorf("line %d: %v", p.Line, err)
					continue
				}
				var best []string
				for _, m := range res.Best {
					best = append(best, rules.FormatMove(st, m))
				}
				want := slices.Clone(p.Best)
				slices.Sort(best)
				slices.Sort(want)
				if !slices.Equal(best, want) || res.Value != p.Value || res.Margin != p.Margin {
					t.Errorf("line %d: the probe finds %s worth %d, margin %d; the suite says %s worth %d, margin %d",
						p.Line, strings.Join(best, " "), res.Value, res.Margin, strings.Join(want, " "), p.Value, p.Margin)
				}
				if s.Stable > 0 {
					if ok, err := tactics.IsStable(st, res.Best, s.Stable, probeBudget); err != nil || !ok {
						t.Errorf("line %d: a probe over %d turns finds other best moves (%v)", p.Line, s.Stable, err)
					}
				}
				if p.Margin < 1 {
					t.Errorf("line %d: margin %d: no move stands out", p.Line, p.Margin)
				}
			}
		})
	}
}

func TestReadWriteRoundTrip(t *testing.T) {
	const text = `# a comment
spec alquerque
turns 2
stable 3
- | c2-c3 | 1 2 | why not
a1-b2 b4-b3 | c1xc3 d1xd3 | 1000 3 | wins
`
	s, err := tactics.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := s.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if buf.String() != text {
		t.Errorf("round trip:\n%s\nwant\n%s", buf.String(), text)
	}
	for _, bad := range []string{
		"spec alquerque\n",
		"turns 2\n- | a | 1 1 | x\n",
		"spec alquerque\nturns 0\n",
		"spec alquerque\nturns 2\n- | | 1 1 | x\n",
		"spec alquerque\nturns 2\n- | a | one 1 | x\n",
		"spec alquerque\nturns 2\n- | a | 1 1\n",
	} {
		if _, err := tactics.Read(strings.NewReader(bad)); err == nil {
			t.Errorf("Read(%q) succeeded", bad)
		}
	}
}

// TestProbe checks the probe on positions whose answer is plain from the rules: in
// Alquerque's first moves nothing can be taken within a turn, so no move stands out,
// and a finished record is refused.
func TestProbe(t *testing.T) {
	s := &tactics.Suite{Spec: "alquerque", Turns: 1}
	start, err := s.Start()
	if err != nil {
		t.Fatal(err)
	}
	res, err := tactics.Probe(start, 1, probeBudget)
	if err != nil {
		t.Fatal(err)
	}
	if res.Value != 0 || res.Margin != 0 || len(res.Best) != len(res.Moves) {
		t.Errorf("opening: value %d margin %d, %d best of %d moves; want an even position with every move alike",
			res.Value, res.Margin, len(res.Best), len(res.Moves))
	}
	if _, err := tactics.Probe(start, 3, 10); err != tactics.ErrBudget {
		t.Errorf("a budget of 10 positions: %v, want ErrBudget", err)
	}
	if n := tactics.Material(start, 0); n != 0 {
		t.Errorf("material at the start: %d", n)
	}
}

// bare hides every capability of a position but its evaluation, so that alpha-beta
// searches it as it did before rules.Unsettled and rules.CaptureCounter.
type bare struct{ rules.State }

func (b bare) Evaluate(p rules.Player) float64 { return b.State.(rules.Evaluator).Evaluate(p) }
func (b bare) Clone() rules.State              { return bare{b.State.Clone()} }
func (b bare) CopyFrom(src rules.State)        { b.State.CopyFrom(src.(bare).State) }

// TestCaptureExtensionSolvesMore searches the Fanorona suites with alpha-beta for a fixed
// number of positions, with the game's Unsettled and CaptureCounter and without them: the
// search that follows exchanges to their end and tries the largest captures first must
// solve at least as many positions. Counted in positions, not time, so it is exact.
func TestCaptureExtensionSolvesMore(t *testing.T) {
	const positions = 3000
	for _, spec := range []string{"fanorona", "fanorona:board=dimy"} {
		s, err := tactics.ReadFile(filepath.Join(suiteDir, tactics.FileName(spec)))
		if err != nil {
			t.Fatal(err)
		}
		start, err := s.Start()
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := start.(rules.Unsettled); !ok {
			t.Fatalf("%s does not implement rules.Unsettled", spec)
		}
		with, without := 0, 0
		for i := range s.Positions {
			st, best, err := s.Positions[i].State(start)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range []struct {
				st rules.State
				n  *int
			}{{st, &with}, {bare{st}, &without}} {
				search := ai.NewSearch(v.st, ai.Config{Seed: 1, Iterations: positions, Engine: rules.AlphaBetaEngine})
				search.StepIterations(positions)
				if slices.Contains(best, search.Best()) {
					*v.n++
				}
			}
		}
		t.Logf("%s at %d positions: %d of %d solved with the capabilities, %d without", spec, positions, with, len(s.Positions), without)
		if with < without {
			t.Errorf("%s: the capture extension solves %d, fewer than the %d without it", spec, with, without)
		}
	}
}
