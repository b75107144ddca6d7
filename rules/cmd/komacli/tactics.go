package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"koma/rules"
	"koma/rules/ai"
	"koma/rules/cmd/komacli/tactics"
)

// tacticsVerb measures a search on a tactics suite, or with -generate makes one.
//
//	komacli tactics <spec> [-suite FILE] [-think D] [-setting S] [-seed S] [-wall] [-v]
//	komacli tactics <spec> -generate N [-out FILE] [-turns T] [-stable T] [-deep D] [-play SETTING]
//	                       [-budget B] [-hard] [-wins] [-append [-reconfirm]] [-limit D] [-seed S]
//
// Both run on one core, the way the figures are quoted and the way a shared machine
// allows, and count think times in processor time unless -wall asks for the wall clock.
func tacticsVerb(out io.Writer, args []string) error {
	text, rest, err := positional("tactics", args)
	if err != nil {
		return err
	}
	fs := newFlags("tactics")
	suitePath := fs.String("suite", "", "the suite file (default "+tactics.Dir+"/<spec>.txt)")
	think := fs.Duration("think", 10*time.Millisecond, "think time per position, in processor time")
	wall := fs.Bool("wall", false, "count think times on the wall clock instead of in processor time")
	setting := fs.String("setting", "", "the setting measured, instead of Expert for -think (a level or level@time)")
	seed := fs.Uint64("seed", 1, "random seed")
	verbose := fs.Bool("v", false, "print every position's result")
	generate := fs.Int("generate", 0, "make a suite of this many positions instead of measuring")
	outPath := fs.String("out", "", "with -generate: the file written (default the suite file)")
	turns := fs.Int("turns", 2, "with -generate: the probe's depth in whole turns")
	deep := fs.Duration("deep", 2*time.Second, "with -generate: the confirming search's think time")
	play := fs.String("play", "expert@4ms", "with -generate: the setting that plays the self-play games")
	budget := fs.Int("budget", 200_000, "with -generate: the probe's node budget per position")
	stable := fs.Int("stable", 0, "with -generate: keep only positions whose best moves a probe this many turns deep keeps (0: none)")
	wins := fs.Bool("wins", false, "with -generate: keep only positions where the best moves win within the probe's turns and no other does (games, such as Kōnane, where pieces are not the aim)")
	hard := fs.Bool("hard", true, "with -generate: keep only positions where taking the most at once is wrong")
	appendTo := fs.Bool("append", false, "with -generate: keep the positions already in the output file and add to them until there are N")
	reconfirm := fs.Bool("reconfirm", false, "with -append: search every kept position again for -deep and drop those where Expert plays another move")
	limit := fs.Duration("limit", 0, "with -generate: stop after this long with the positions found so far")
	if err := fs.Parse(rest); err != nil {
		return usagef("tactics: %v", err)
	}
	if fs.NArg() != 0 {
		return usagef("tactics: unexpected arguments %q", fs.Args())
	}
	spec, start, err := parseSpec(text)
	if err != nil {
		return err
	}
	path := *suitePath
	if path == "" {
		path = filepath.Join(tactics.Dir, tactics.FileName(spec.String()))
	}
	runtime.GOMAXPROCS(1)
	if *generate > 0 {
		if *outPath == "" {
			*outPath = path
		}
		set, err := ai.ParseSetting(*play)
		if err != nil {
			return usageError{err.Error()}
		}
		var old *tactics.Suite
		if *appendTo {
			if old, err = tactics.ReadFile(*outPath); err != nil {
				return err
			}
		}
		g := generator{clock: clockFor(*wall), old: old, out: out, start: start, spec: spec.String(), play: set, turns: *turns, deep: *deep, budget: *budget, seed: *seed, limit: *limit, hard: *hard, stable: *stable, wins: *wins, reconfirm: *reconfirm}
		suite, err := g.run(*generate)
		if err != nil {
			return err
		}
		f, err := os.Create(*outPath)
		if err != nil {
			return err
		}
		if err := suite.Write(f); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	set := ai.ThinkFor(*think)
	if *setting != "" {
		if set, err = ai.ParseSetting(*setting); err != nil {
			return usageError{err.Error()}
		}
	}
	suite, err := tactics.ReadFile(path)
	if err != nil {
		return err
	}
	if suite.Spec != spec.String() {
		return fmt.Errorf("tactics: %s is the suite of %s, not %s", path, suite.Spec, spec)
	}
	solved := 0
	for i := range suite.Positions {
		p := &suite.Positions[i]
		st, best, err := p.State(start)
		if err != nil {
			return err
		}
		m, stats := tactics.Think(st, set, set.ThinkTime(), *seed+uint64(p.Line), clockFor(*wall))
		ok := slices.Contains(best, m)
		if ok {
			solved++
		}
		if *verbose {
			fmt.Fprintf(out, "line %d %v played %s want %s (depth %d, %d positions)\n", p.Line, ok, rules.FormatMove(st, m), strings.Join(p.Best, " "), stats.Depth, stats.Nodes)
		}
	}
	n := len(suite.Positions)
	fmt.Fprintf(out, "%s %s solved %d/%d %.1f%%\n", spec, set, solved, n, 100*float64(solved)/float64(max(n, 1)))
	return nil
}

// clockFor is the clock think times are counted on: the process's processor time, so that
// a figure does not depend on what else the machine runs (as bench's cpu ratio), or the
// wall clock when asked or when processor time is not available.
func clockFor(wall bool) func() time.Duration {
	if _, ok := cpuTime(); ok && !wall {
		return func() time.Duration { d, _ := cpuTime(); return d }
	}
	return tactics.WallClock
}

// generator makes a suite: it plays games with a quick setting, probes positions along
// the way (the cheap filter), and keeps those whose probe finds a clearly best move that
// a deep search then plays too.
type generator struct {
	out    io.Writer
	start  rules.State
	spec   string
	play   ai.Setting
	turns  int
	deep   time.Duration
	budget int
	seed   uint64
	limit  time.Duration
	hard   bool
	wins   bool
	// reconfirm searches the old positions again, as long as -deep says.
	reconfirm bool
	stable    int
	old       *tactics.Suite // positions to keep, or nil
	clock     func() time.Duration
}

// candidate is a position whose probe found a clearly best move.
type candidate struct {
	record []string
	st     rules.State
	res    tactics.Result
	before int // the root player's lead in pieces before the move
}

// Self-play settings of the generator: how often a decision is random, to reach
// positions a good player would avoid as well as those it seeks, how often a position is
// probed, and how many candidates of one game go to the deep search, so that a suite
// spreads over many games.
const (
	randomShare   = 0.15
	probeShare    = 0.35
	perGame       = 2
	maxGenGames   = 5000
	minProbeMoves = 2
	maxBest       = 3
)

func (g *generator) run(want int) (*tactics.Suite, error) {
	rng := rand.New(rand.NewPCG(g.seed, 0x7461637469637321))
	suite := &tactics.Suite{Spec: g.spec, Turns: g.turns, Stable: g.stable}
	suite.Comments = []string{
		fmt.Sprintf("Tactics suite of %s, made by: komacli tactics %s -generate %d -turns %d -stable %d -deep %v -play %s -budget %d -seed %d -hard=%v -wins=%v -reconfirm=%v",
			g.spec, g.spec, want, g.turns, g.stable, g.deep, g.play, g.budget, g.seed, g.hard, g.wins, g.reconfirm),
		"Each position: a probe over " + fmt.Sprint(g.turns) + " whole turns (pieces and results only) finds the best moves, worth",
		"<margin> more than any other, and Expert thinking " + g.deep.String() + " played one of them.",
		hardNote(g.hard),
		"Format: <record> | <best moves> | <value> <margin> | <why>; see package koma/rules/cmd/komacli/tactics.",
	}
	seen := map[string]bool{}
	if g.old != nil {
		if g.old.Spec != g.spec || g.old.Turns != g.turns {
			return nil, fmt.Errorf("tactics: -append to a suite of %s over %d turns", g.old.Spec, g.old.Turns)
		}
		suite.Comments = append(slices.Clone(g.old.Comments), "Pruned and added to by: "+suite.Comments[0][strings.Index(suite.Comments[0], "komacli"):], hardNote(g.hard))
		for _, p := range g.old.Positions {
			st, best, err := p.State(g.start)
			if err != nil {
				return nil, err
			}
			seen[string(st.AppendKey(nil))] = true
			if g.stable > 0 {
				// Positions kept before the suite asked for stable answers are checked now.
				if ok, err := tactics.IsStable(st, best, g.stable, g.budget); err != nil || !ok {
					fmt.Fprintf(g.out, "line %d: not stable over %d turns: dropped\n", p.Line, g.stable)
					continue
				}
			}
			if g.reconfirm {
				m, _ := tactics.Think(st, ai.ThinkFor(g.deep), g.deep, g.seed+uint64(p.Line), g.clock)
				if !slices.Contains(best, m) {
					fmt.Fprintf(g.out, "line %d: Expert for %v plays %s: dropped\n", p.Line, g.deep, rules.FormatMove(st, m))
					continue
				}
			}
			suite.Positions = append(suite.Positions, p)
		}
	}
	tried, confirmed := 0, 0
	began := time.Now()
	for game := 0; len(suite.Positions) < want && game < maxGenGames; game++ {
		if g.limit > 0 && time.Since(began) > g.limit {
			fmt.Fprintf(g.out, "stopped after %v\n", g.limit)
			break
		}
		cands := g.playGame(rng, uint64(game), seen)
		rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		for _, c := range cands[:min(perGame, len(cands))] {
			if len(suite.Positions) >= want {
				break
			}
			tried++
			m, _ := tactics.Think(c.st, ai.ThinkFor(g.deep), g.deep, g.seed+uint64(tried), g.clock)
			if !slices.Contains(c.res.Best, m) {
				fmt.Fprintf(g.out, "game %d: deep search played %s, not %s: dropped\n", game+1, rules.FormatMove(c.st, m), formatMoves(c.st, c.res.Best))
				continue
			}
			confirmed++
			suite.Positions = append(suite.Positions, tactics.Position{
				Record: c.record,
				Best:   strings.Fields(formatMoves(c.st, c.res.Best)),
				Value:  c.res.Value,
				Margin: c.res.Margin,
				Why:    why(c, g.turns),
			})
			fmt.Fprintf(g.out, "game %d: kept %d: %s\n", game+1, len(suite.Positions), formatMoves(c.st, c.res.Best))
		}
	}
	fmt.Fprintf(g.out, "%d positions, %d of %d candidates confirmed by the deep search\n", len(suite.Positions), confirmed, tried)
	return suite, nil
}

// playGame plays one game from the start and returns the positions along it whose probe
// finds a clearly best move.
func (g *generator) playGame(rng *rand.Rand, game uint64, seen map[string]bool) []candidate {
	st := g.start.Clone()
	var record []string
	var cands []candidate
	var key []byte
	for d := 0; ; d++ {
		if _, over := st.Outcome(); over {
			return cands
		}
		moves := st.LegalMoves(nil)
		if len(moves) >= minProbeMoves && rng.Float64() < probeShare {
			key = st.AppendKey(key[:0])
			if !seen[string(key)] {
				seen[string(key)] = true
				if c, ok := g.probe(st, record); ok {
					cands = append(cands, c)
				}
			}
		}
		var m rules.Move
		if rng.Float64() < randomShare {
			m = moves[rng.IntN(len(moves))]
		} else {
			m, _ = tactics.Think(st, g.play, g.play.ThinkTime(), g.seed^game<<20+uint64(d), g.clock)
		}
		record = append(record, rules.FormatMove(st, m))
		st.Apply(m)
	}
}

// probe is the cheap filter: a position is a candidate when at most maxBest moves, and
// fewer than half of them, gain at least a piece over every other move, or win where no
// other move does, and it is not a lost position (where the best move only delays the
// loss).
func (g *generator) probe(st rules.State, record []string) (candidate, bool) {
	res, err := tactics.Probe(st, g.turns, g.budget)
	if err != nil || res.Margin < 1 || res.Value < -tactics.WinValue/2 {
		return candidate{}, false
	}
	// One move, or a few equivalent ones (the same capture by another route), stands out:
	// a position where most moves are fine and one hangs a piece asks nothing of a search.
	if len(res.Best) > maxBest || 2*len(res.Best) >= len(res.Moves) {
		return candidate{}, false
	}
	if g.wins && (res.Value < tactics.WinValue/2 || res.Value-res.Margin > tactics.WinValue/2) {
		return candidate{}, false
	}
	if g.stable > 0 {
		if ok, err := tactics.IsStable(st, res.Best, g.stable, g.budget); err != nil || !ok {
			return candidate{}, false
		}
	}
	if g.hard && g.turns > 1 {
		// A hard position is a trap for greed: some move that takes the most this turn is
		// not among the best, because of what the opponent's answer takes.
		greedy, err := tactics.Probe(st, 1, g.budget)
		if err != nil {
			return candidate{}, false
		}
		trap := false
		for _, m := range greedy.Best {
			trap = trap || !slices.Contains(res.Best, m)
		}
		if !trap {
			return candidate{}, false
		}
	}
	c := candidate{record: slices.Clone(record), st: st.Clone(), res: res}
	c.before = tactics.Material(st, st.ToMove())
	return c, true
}

func formatMoves(st rules.State, ms []rules.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = rules.FormatMove(st, m)
	}
	return strings.Join(parts, " ")
}

// why says in words what the best moves gain.
func why(c candidate, turns int) string {
	v := c.res.Value
	switch {
	case v > tactics.WinValue/2:
		if v-c.res.Margin > tactics.WinValue/2 {
			return fmt.Sprintf("wins in %d turns, %d faster than any other move", tactics.WinValue-v, c.res.Margin)
		}
		return fmt.Sprintf("wins within %d turns; no other move does", tactics.WinValue-v)
	}
	return fmt.Sprintf("lead %+d pieces after %d turns (now %+d); every other move at least %d less", v, turns, c.before, c.res.Margin)
}

func hardNote(hard bool) string {
	if hard {
		return "Every position is a trap for greed: a move that takes the most this turn is not among the best."
	}
	return "Positions need not be traps for greed: the best move may simply take the most."
}
