package main

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/ai"
	"koma/rules/catalog"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestBadInputExitsTwoWithOneLine(t *testing.T) {
	tests := [][]string{
		{},
		{"fly"},
		{"list", "extra"},
		{"show"},
		{"show", "chess"},
		{"show", "stoic:size=99"},
		{"show", "stoic:colour=red"},
		{"show", "brandub", "d4-d5"},
		{"show", "brandub", "a4-a5", "a5-a6"},
		{"perft", "stoic"},
		{"perft", "stoic", "0"},
		{"perft", "stoic", "two"},
		{"bench", "-seconds", "1"},
		{"bench", "stoic", "-seconds", "x"},
		{"bench", "stoic", "-speed", "3"},
		{"bench", "stoic", "-seconds", "-1"},
		{"selfplay", "stoic", "-a", "grandmaster", "-b", "easy", "-games", "1"},
		{"selfplay", "stoic", "-a", "easy", "-b", "easy"},
		{"selfplay", "nothing", "-a", "easy", "-b", "easy", "-games", "1"},
		{"selfplay", "stoic", "-a", "easy", "-b", "2", "-games", "1"},
		{"selfplay", "stoic", "-a", "easy/turbo", "-b", "easy", "-games", "1"},
		{"selfplay", "stoic", "-a", "easy", "-b", "easy", "-games", "1", "-parallel", "0"},
		{"selfplay", "alquad", "-a", "easy", "-b", "easy", "-games", "1", "-opening", "@c3 @c3"},
		{"selfplay", "alquad", "-a", "easy", "-b", "easy", "-games", "1", "-opening", "@c3 @z9"},
		{"selfplay", "alquad", "-a", "easy", "-b", "easy", "-games", "1", "-opening", "@c3 @b2 purple"},
		{"bench", "stoic", "-baseline=maybe"},
		{"tactics"},
		{"tactics", "chess"},
		{"tactics", "fanorona", "-think", "soon"},
		{"tactics", "fanorona", "-setting", "grandmaster"},
		{"tactics", "fanorona", "extra"},
		{"bench", "stoic", "-against", "chess"},
		{"bench", "stoic", "-against", "skirt:size=99"},
		// Numbers too large to allocate or to run, and numbers that are not finite.
		{"perft", "stoic", "9223372036854775807"},
		{"perft", "stoic", "100000000000"},
		{"perft", "stoic", "65"},
		{"perft", "stoic", "99999999999999999999"},
		{"selfplay", "stoic", "-a", "easy", "-b", "easy", "-games", "9223372036854775807"},
		{"selfplay", "stoic", "-a", "easy", "-b", "easy", "-games", "100000000000"},
		{"selfplay", "stoic", "-a", "easy", "-b", "easy", "-games", "1", "-parallel", "100000000000"},
		{"selfplay", "stoic", "-a", "easy", "-b", "easy", "-games", "1", "-timescale", "NaN"},
		{"selfplay", "stoic", "-a", "easy", "-b", "easy", "-games", "1", "-timescale", "Inf"},
		{"selfplay", "stoic", "-a", "easy", "-b", "easy", "-games", "1", "-timescale", "1e-300"},
		{"selfplay", "stoic", "-a", "easy", "-b", "easy", "-games", "1", "-timescale", "1e300"},
		{"selfplay", "stoic", "-a", "2500000h", "-b", "easy", "-games", "1", "-timescale", "1000"},
		{"selfplay", "stoic", "-a", "easy", "-b", "25h", "-games", "1"},
		{"selfplay", "stoic", "-a", "easy", "-b", "2h", "-games", "1", "-timescale", "13"},
		{"bench", "stoic", "-seconds", "NaN"},
		{"bench", "stoic", "-seconds", "Inf"},
		{"bench", "stoic", "-seconds", "-Inf"},
		{"bench", "stoic", "-seconds", "1e-300"},
		{"bench", "stoic", "-seconds", "1e300"},
	}
	for _, args := range tests {
		code, stdout, stderr := runCLI(args...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "komacli: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one line on stderr", args, code, stdout, stderr)
		}
	}
}

func TestListShowsEveryPreset(t *testing.T) {
	code, stdout, _ := runCLI("list")
	specs, err := catalog.All.Specs()
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, s := range specs {
		fmt.Fprintln(&want, s)
	}
	if code != 0 || stdout != want.String() {
		t.Fatalf("list = %q (exit %d), want %q", stdout, code, want.String())
	}
	// Every listed line must be accepted back as a spec.
	for _, line := range strings.Fields(stdout) {
		if code, _, stderr := runCLI("show", line); code != 0 {
			t.Errorf("show %s: %s", line, stderr)
		}
	}
}

func TestShowPlaysMoves(t *testing.T) {
	// The attackers close the king in against the empty throne's neighbours: a king beside
	// the throne falls to three attackers.
	code, stdout, stderr := runCLI("show", "brandub", "f4-f5", "d5-a5", "f5-e5", "d4-d5", "b4-b5", "d3-b3", "b5-c5")
	if code != 0 {
		t.Fatalf("show: exit %d, %s", code, stderr)
	}
	for _, want := range []string{" 5 O . o K o . .", "result: attacker wins (king-captured)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("show printed\n%s\nwant a line %q", stdout, want)
		}
	}
	code, _, stderr = runCLI("show", "brandub", "a4-a5", "a5-a6")
	if code != 2 || !strings.Contains(stderr, "move 2") {
		t.Errorf("an attacker moving twice: exit %d, %q; want exit 2 naming move 2", code, stderr)
	}
}

func TestPerftPrintsOneLinePerDepth(t *testing.T) {
	for _, g := range catalog.All {
		code, stdout, stderr := runCLI("perft", g.ID, "2")
		if code != 0 {
			t.Fatalf("perft %s: %s", g.ID, stderr)
		}
		st, _ := rules.Spec{Game: g, Options: must(g.ParseOptions(""))}.New()
		counts := rules.Perft(st, 2)
		want := fmt.Sprintf("1 %d\n2 %d\n", counts[0], counts[1])
		if stdout != want {
			t.Errorf("perft %s = %q, want %q", g.ID, stdout, want)
		}
	}
}

func TestBenchAndSelfplayFormats(t *testing.T) {
	g := catalog.All[0]
	code, stdout, stderr := runCLI("bench", g.ID, "-seconds", "0.05", "-seed", "3")
	if code != 0 || !regexp.MustCompile(`^playouts/s \d+\nturns/playout \d+\.\d\d\n$`).MatchString(stdout) {
		t.Errorf("bench: exit %d %q %q", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI("selfplay", g.ID, "-a", "beginner", "-b", "beginner", "-games", "2", "-timescale", "0.01")
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if code != 0 || len(lines) != 4 {
		t.Fatalf("selfplay: exit %d %q %q", code, stdout, stderr)
	}
	gameLine := regexp.MustCompile(`^game \d+ a=(white|black) b=(white|black) (a wins|b wins|draw) \([a-z-]+\) turns \d+$`)
	for _, l := range lines[:2] {
		if !gameLine.MatchString(l) {
			t.Errorf("game line %q", l)
		}
	}
	// Sides alternate between games.
	if lines[0][9:14] == lines[1][9:14] {
		t.Errorf("player a kept the same side: %q / %q", lines[0], lines[1])
	}
	var a, b, d int
	if _, err := fmt.Sscanf(lines[2], "a %d b %d draws %d", &a, &b, &d); err != nil || a+b+d != 2 {
		t.Errorf("final line %q", lines[2])
	}
	// One game each in the first seat: each smoothed score is 0.25, 0.5 or 0.75.
	var s1, s2, elo, se float64
	var n1, n2 int
	if _, err := fmt.Sscanf(lines[3], "seats a-first=%f/%d b-first=%f/%d elo=%f se=%f", &s1, &n1, &s2, &n2, &elo, &se); err != nil ||
		n1 != 1 || n2 != 1 || !slices.Contains([]float64{0.25, 0.5, 0.75}, s1) || !slices.Contains([]float64{0.25, 0.5, 0.75}, s2) || !(se > 0) {
		t.Errorf("rating line %q (%v)", lines[3], err)
	}
}

// TestSelfplayMovesReplay checks that the moves -moves prints are a record that show
// replays to the same end, and that they begin with the -opening given.
func TestSelfplayMovesReplay(t *testing.T) {
	for _, tc := range []struct{ spec, opening string }{{"brandub", ""}, {"turkish", ""}, {"orochi", ""}, {"alquad", "@b1 @c3 black"}} {
		spec := tc.spec
		code, stdout, stderr := runCLI("selfplay", spec, "-a", "beginner", "-b", "beginner", "-games", "1", "-timescale", "0.01", "-moves", "-opening", tc.opening)
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		if code != 0 || len(lines) != 4 || !strings.HasPrefix(lines[1], "moves "+tc.opening) {
			t.Fatalf("selfplay %s -moves -opening %q: exit %d %q %q", spec, tc.opening, code, stdout, stderr)
		}
		m := regexp.MustCompile(`a=(\w+) b=\w+ (a wins|b wins|draw) \(([a-z-]+)\)`).FindStringSubmatch(lines[0])
		if m == nil {
			t.Fatalf("selfplay %s: game line %q", spec, lines[0])
		}
		code, shown, stderr := runCLI(append([]string{"show", spec}, strings.Fields(lines[1])[1:]...)...)
		if code != 0 {
			t.Fatalf("show %s: exit %d %s", spec, code, stderr)
		}
		want := "(" + m[3] + ")"
		if !strings.Contains(shown, want) {
			t.Errorf("%s: the replayed game does not end %s:\n%s", spec, want, shown)
		}
	}
}

func must(o rules.Options, err error) rules.Options {
	if err != nil {
		panic(err)
	}
	return o
}

func TestBenchBaseline(t *testing.T) {
	g := catalog.All[0]
	for _, extra := range [][]string{{"-baseline"}, {"-baseline", "-generic"}} {
		args := append([]string{"bench", g.ID, "-seconds", "0.2"}, extra...)
		code, stdout, stderr := runCLI(args...)
		lines := regexp.MustCompile(`^playouts/s \d+\nturns/playout \d+\.\d\d\nbaseline/s \d+\nratio \d+\.\d{4}\n` +
			`(cpu playouts/s \d+\ncpu baseline/s \d+\ncpu ratio \d+\.\d{4}\n)?$`)
		if code != 0 || !lines.MatchString(stdout) {
			t.Errorf("%q: exit %d %q %q", args, code, stdout, stderr)
		}
	}
}

// TestBenchAgainst checks the lines -against adds, and that its ratio is the ratio of the
// two turn rates it prints.
func TestBenchAgainst(t *testing.T) {
	for _, extra := range [][]string{{"-against", "skirt"}, {"-against", "skirt:size=4", "-generic"}} {
		args := append([]string{"bench", "stoic", "-seconds", "0.2"}, extra...)
		code, stdout, stderr := runCLI(args...)
		lines := regexp.MustCompile(`^playouts/s \d+\nturns/playout \d+\.\d\d\nturns/s (\d+)\n` +
			`against playouts/s \d+\nagainst turns/playout \d+\.\d\d\nagainst turns/s (\d+)\nturn ratio (\d+\.\d{4})\n` +
			`(cpu turn ratio \d+\.\d{4}\n)?$`)
		m := lines.FindStringSubmatch(stdout)
		if code != 0 || m == nil {
			t.Fatalf("%q: exit %d %q %q", args, code, stdout, stderr)
		}
		var own, other, ratio float64
		fmt.Sscan(m[1]+" "+m[2]+" "+m[3], &own, &other, &ratio)
		if other == 0 || math.Abs(own/other-ratio) > 0.001*ratio+1/other {
			t.Errorf("%q: turn ratio %v, but %v/%v turns per second", args, ratio, own, other)
		}
	}
}

// TestGenericPlayoutsMatch checks that -generic plays exactly the same games: the game's
// RandomMover must draw the moves LegalMoves would.
func TestGenericPlayoutsMatch(t *testing.T) {
	for _, g := range catalog.All {
		start, err := rules.Spec{Game: g, Options: must(g.ParseOptions(""))}.New()
		if err != nil {
			t.Fatal(err)
		}
		const n = 200
		a := benchTurns(start, 5, n)
		b := benchTurns(&genericState{start}, 5, n)
		if a != b {
			t.Errorf("%s: %d playouts took %d turns with RandomMover, %d without", g.ID, n, a, b)
		}
	}
}

// benchTurns plays n playouts with benchRun's generator and returns their total turns.
func benchTurns(start rules.State, seed uint64, n int) int {
	rng := rand.New(rand.NewPCG(seed, 0x62656e6368))
	scratch := start.Clone()
	var buf []rules.Move
	total := 0
	for range n {
		scratch.CopyFrom(start)
		var turns int
		_, turns, buf = ai.Playout(scratch, rng, buf)
		total += turns
	}
	return total
}

func TestSelfplaySettingsAndParallel(t *testing.T) {
	g := catalog.All[1]
	for _, parallel := range []string{"1", "2"} {
		code, stdout, stderr := runCLI("selfplay", g.ID, "-a", "beginner", "-b", "5ms/plain", "-games", "4", "-parallel", parallel)
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		if code != 0 || len(lines) != 6 {
			t.Fatalf("-parallel %s: exit %d %q %q", parallel, code, stdout, stderr)
		}
		for i, l := range lines[:4] {
			if !strings.HasPrefix(l, fmt.Sprintf("game %d ", i+1)) {
				t.Errorf("-parallel %s: line %d is %q", parallel, i+1, l)
			}
		}
	}
}
