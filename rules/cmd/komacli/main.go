// Command komacli plays and measures Koma's games without a display.
//
//	komacli list                         one ruleset spec per line
//	komacli show <spec> [move ...]       the initial position as text, or the position
//	                                     after the moves (in the game's notation), with the
//	                                     result once the game is over
//	komacli perft <spec> <depth>         "<d> <count>" for d = 1..depth, counted by whole turns
//	komacli bench <spec> [-seconds S] [-seed N] [-baseline] [-against <spec>] [-generic]
//	                                     uniformly random playouts on one core; -baseline
//	                                     also times a fixed reference workload in the same
//	                                     run and prints the ratio, -against times another
//	                                     ruleset's playouts in the same run and prints the
//	                                     ratio of the two speeds per turn, -generic draws
//	                                     every move from LegalMoves instead of the game's
//	                                     RandomMover
//	komacli selfplay <spec> -a <setting> -b <setting> -games N [-seed S] [-timescale F] [-parallel P] [-moves]
//	                                     AI against AI, sides alternating, P games at a time
//	komacli tactics <spec> [-think D] [-setting S] [-suite FILE] [-seed N] [-wall] [-v]
//	                                     the share of the ruleset's tactics suite
//	                                     (rules/ai/testdata/tactics) that Expert thinking D
//	                                     of processor time (-wall: of wall clock) per
//	                                     position solves; with -generate N [-turns T]
//	                                     [-stable T] [-deep D] [-play S] [-budget B] [-hard]
//	                                     [-wins] [-append [-reconfirm]] [-limit D] [-out FILE]
//	                                     it makes the suite from self-play instead (one
//	                                     core; see tactics.go)
//	komacli -version                     the version of this build (also: version, --version)
//
// A setting is a level (beginner, easy, normal, hard, expert), "plain" (the first version's
// tree search at Expert's time), or a think time such as 2s, optionally followed by /mcts,
// /ab or /plain to force an engine; see ai.ParseSetting.
//
// A spec is <game>[:<option>=<value>[,...]]; a bare <game> means its defaults. A mistake in
// the command line (an unknown game, option, level or argument) prints one line on stderr
// and exits with status 2; a failure while running exits with status 1. Numbers are
// bounded, and must be finite: perft depth 1 to 64, -games 1 to 100000, -parallel 1 to
// 256, -seconds 0.01 to 86400, -timescale 0.001 to 1000.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"koma/rules"
	"koma/rules/ai"
	"koma/rules/catalog"
	"koma/rules/version"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// usageError marks mistakes in the command line, as opposed to failures while running.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// Bounds of the numbers on the command line. They are far beyond any useful run and keep
// every allocation and every duration made from them small and finite.
const (
	maxPerftDepth = 64
	maxGames      = 100_000
	maxParallel   = 256
	minSeconds    = 0.01
	maxSeconds    = 24 * 60 * 60
	minTimescale  = 0.001
	maxTimescale  = 1000
	// maxThink bounds one decision's scaled think time in selfplay.
	maxThink = 24 * time.Hour
)

// checkInt reports an error unless lo <= v <= hi.
func checkInt(what string, v, lo, hi int) error {
	if v < lo || v > hi {
		return usagef("%s must be a whole number from %d to %d, not %d", what, lo, hi, v)
	}
	return nil
}

// checkFloat reports an error unless v is finite and lo <= v <= hi.
func checkFloat(what string, v, lo, hi float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < lo || v > hi {
		return usagef("%s must be a number from %g to %g, not %g", what, lo, hi, v)
	}
	return nil
}

const usage = "usage: komacli -version | list | show <spec> | perft <spec> <depth> | bench <spec> [-seconds S] [-seed N] [-baseline] [-against <spec>] [-generic] | selfplay <spec> -a <setting> -b <setting> -games N [-seed S] [-timescale F] [-parallel P] | tactics <spec> [-think D] [-generate N]"

func run(args []string, stdout, stderr io.Writer) int {
	err := dispatch(args, stdout)
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "komacli: %v\n", err)
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

func dispatch(args []string, out io.Writer) error {
	if len(args) == 0 {
		return usagef("%s", usage)
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "-version", "--version", "version":
		if len(rest) != 0 {
			return usagef("%s takes no arguments", cmd)
		}
		fmt.Fprintln(out, "komacli", version.String())
		return nil
	case "list":
		if len(rest) != 0 {
			return usagef("list takes no arguments")
		}
		return list(out)
	case "show":
		if len(rest) == 0 {
			return usagef("show takes a spec and then any moves")
		}
		return show(out, rest[0], rest[1:])
	case "perft":
		if len(rest) != 2 {
			return usagef("perft takes a spec and a depth")
		}
		depth, err := strconv.Atoi(rest[1])
		if err != nil {
			return usagef("perft depth %q is not a whole number", rest[1])
		}
		if err := checkInt("perft depth", depth, 1, maxPerftDepth); err != nil {
			return err
		}
		return perft(out, rest[0], depth)
	case "bench":
		return bench(out, rest)
	case "selfplay":
		return selfplay(out, rest)
	case "tactics":
		return tacticsVerb(out, rest)
	}
	return usagef("unknown command %q; %s", cmd, usage)
}

func parseSpec(text string) (rules.Spec, rules.State, error) {
	spec, err := catalog.All.ParseSpec(text)
	if err != nil {
		return rules.Spec{}, nil, usageError{err.Error()}
	}
	st, err := spec.New()
	if err != nil {
		return rules.Spec{}, nil, err
	}
	return spec, st, nil
}

func list(out io.Writer) error {
	specs, err := catalog.All.Specs()
	if err != nil {
		return err
	}
	for _, s := range specs {
		fmt.Fprintln(out, s)
	}
	return nil
}

// show prints the position after moves, which are checked one by one against the rules,
// so that a line written for a rules diagram can be tried before it goes into a text.
func show(out io.Writer, text string, moves []string) error {
	spec, st, err := parseSpec(text)
	if err != nil {
		return err
	}
	for i, mv := range moves {
		m, err := rules.ParseMove(st, mv)
		if err != nil {
			return usagef("move %d: %v", i+1, err)
		}
		st.Apply(m)
	}
	fmt.Fprintf(out, "%s\n%s", spec, rules.Text(st))
	return nil
}

func perft(out io.Writer, text string, depth int) error {
	_, st, err := parseSpec(text)
	if err != nil {
		return err
	}
	for d, c := range rules.Perft(st, depth) {
		fmt.Fprintf(out, "%d %d\n", d+1, c)
	}
	return nil
}

// positional splits "<spec> -flag value ..." so flags may follow the spec.
func positional(name string, args []string) (string, []string, error) {
	if len(args) == 0 || len(args[0]) == 0 || args[0][0] == '-' {
		return "", nil, usagef("%s needs a spec first", name)
	}
	return args[0], args[1:], nil
}

func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

func bench(out io.Writer, args []string) error {
	text, rest, err := positional("bench", args)
	if err != nil {
		return err
	}
	fs := newFlags("bench")
	seconds := fs.Float64("seconds", 5, "how long to run")
	seed := fs.Uint64("seed", 1, "random seed")
	withBaseline := fs.Bool("baseline", false, "also time the reference workload")
	againstText := fs.String("against", "", "another ruleset to time in the same run")
	generic := fs.Bool("generic", false, "draw moves from LegalMoves only")
	if err := fs.Parse(rest); err != nil {
		return usagef("bench: %v", err)
	}
	if fs.NArg() != 0 {
		return usagef("bench: unexpected arguments %q", fs.Args())
	}
	if err := checkFloat("bench: -seconds", *seconds, minSeconds, maxSeconds); err != nil {
		return err
	}
	_, start, err := parseSpec(text)
	if err != nil {
		return err
	}
	var against rules.State
	if *againstText != "" {
		if _, against, err = parseSpec(*againstText); err != nil {
			return fmt.Errorf("bench -against: %w", err)
		}
	}
	if *generic {
		start = &genericState{start}
		if against != nil {
			against = &genericState{against}
		}
	}
	runtime.GOMAXPROCS(1) // one core, as the figures are quoted
	r := benchRun(start, against, *seed, time.Duration(*seconds*float64(time.Second)), *withBaseline)
	fmt.Fprintf(out, "playouts/s %.0f\n", r.playouts.perWall())
	fmt.Fprintf(out, "turns/playout %.2f\n", float64(r.turns)/r.playouts.count)
	if against != nil {
		// Both speeds are per turn: the turns each side's slices played over their time.
		own, other := float64(r.turns), float64(r.otherTurns)
		fmt.Fprintf(out, "turns/s %.0f\n", own/r.playouts.wall.Seconds())
		fmt.Fprintf(out, "against playouts/s %.0f\n", r.other.perWall())
		fmt.Fprintf(out, "against turns/playout %.2f\n", other/r.other.count)
		fmt.Fprintf(out, "against turns/s %.0f\n", other/r.other.wall.Seconds())
		fmt.Fprintf(out, "turn ratio %.4f\n", own/r.playouts.wall.Seconds()/(other/r.other.wall.Seconds()))
		if r.playouts.cpu > 0 && r.other.cpu > 0 {
			fmt.Fprintf(out, "cpu turn ratio %.4f\n", own/r.playouts.cpu.Seconds()/(other/r.other.cpu.Seconds()))
		}
	}
	if *withBaseline {
		fmt.Fprintf(out, "baseline/s %.0f\n", r.baseline.perWall())
		fmt.Fprintf(out, "ratio %.4f\n", r.playouts.perWall()/r.baseline.perWall())
		if r.playouts.cpu > 0 && r.baseline.cpu > 0 {
			fmt.Fprintf(out, "cpu playouts/s %.0f\n", r.playouts.perCPU())
			fmt.Fprintf(out, "cpu baseline/s %.0f\n", r.baseline.perCPU())
			fmt.Fprintf(out, "cpu ratio %.4f\n", r.playouts.perCPU()/r.baseline.perCPU())
		}
	}
	return nil
}

func selfplay(out io.Writer, args []string) error {
	text, rest, err := positional("selfplay", args)
	if err != nil {
		return err
	}
	fs := newFlags("selfplay")
	settingA := fs.String("a", "", "setting of player a")
	settingB := fs.String("b", "", "setting of player b")
	games := fs.Int("games", 0, "number of games")
	seed := fs.Uint64("seed", 1, "random seed")
	timescale := fs.Float64("timescale", 1, "factor applied to every think time")
	parallel := fs.Int("parallel", 1, "games played at the same time")
	withMoves := fs.Bool("moves", false, "print each game's moves, for komacli show")
	opening := fs.String("opening", "", "decisions played before the AIs take over, in move notation, separated by spaces")
	if err := fs.Parse(rest); err != nil {
		return usagef("selfplay: %v", err)
	}
	if fs.NArg() != 0 {
		return usagef("selfplay: unexpected arguments %q", fs.Args())
	}
	a, err := ai.ParseSetting(*settingA)
	if err != nil {
		return usageError{err.Error()}
	}
	b, err := ai.ParseSetting(*settingB)
	if err != nil {
		return usageError{err.Error()}
	}
	if err := checkInt("selfplay: -games", *games, 1, maxGames); err != nil {
		return err
	}
	if err := checkFloat("selfplay: -timescale", *timescale, minTimescale, maxTimescale); err != nil {
		return err
	}
	if err := checkInt("selfplay: -parallel", *parallel, 1, maxParallel); err != nil {
		return err
	}
	// The think time is scaled in floating point and then turned back into a Duration, which
	// would overflow silently (and play instantly) for a product past about 292 years.
	for _, s := range []struct {
		flag string
		set  ai.Setting
	}{{"-a", a}, {"-b", b}} {
		if scaled := s.set.ThinkTime().Seconds() * *timescale; scaled > maxThink.Seconds() {
			return usagef("selfplay: %s's think time %v times -timescale %g is %.3gs: at most %v", s.flag, s.set.ThinkTime(), *timescale, scaled, maxThink)
		}
	}
	spec, _, err := parseSpec(text)
	if err != nil {
		return err
	}
	start, err := spec.New()
	if err != nil {
		return err
	}
	openingTurns, err := playOpening(start, *opening)
	if err != nil {
		return err
	}
	type game struct {
		o     rules.Outcome
		turns int
		moves []string
		err   error
		done  chan struct{}
	}
	results := make([]game, *games)
	for g := range results {
		results[g].done = make(chan struct{})
	}
	// Games are handed out in order to the workers and reported in order, so the output
	// is the same whatever -parallel is, up to the timing of each search.
	next := make(chan int)
	go func() {
		for g := range results {
			next <- g
		}
		close(next)
	}()
	for range *parallel {
		go func() {
			for g := range next {
				// Player a takes the first seat in even games and the second seat in odd ones.
				aSeat := rules.Player(g % 2)
				var settings [2]ai.Setting
				settings[aSeat], settings[1-aSeat] = a, b
				r := &results[g]
				r.o, r.turns, r.moves, r.err = playOne(start, settings, *seed+uint64(g)*7919, *timescale)
				r.turns += openingTurns
				r.moves = append(strings.Fields(*opening), r.moves...)
				close(r.done)
			}
		}()
	}
	initial, err := spec.New()
	if err != nil {
		return err
	}
	var winsA, winsB, draws int
	// aFirst is a's record in the games where a held the first seat, bFirst b's where b did.
	var aFirst, bFirst seatRecord
	for g := range results {
		r := &results[g]
		<-r.done
		if r.err != nil {
			return fmt.Errorf("game %d: %w", g+1, r.err)
		}
		aSeat := rules.Player(g % 2)
		result := "draw"
		first := &aFirst
		if aSeat != 0 {
			first = &bFirst
		}
		switch r.o.Winner {
		case aSeat:
			winsA++
			result = "a wins"
		case 1 - aSeat:
			winsB++
			result = "b wins"
		default:
			draws++
		}
		// The record is the first seat's holder's: a win for the first seat is its win.
		switch r.o.Winner {
		case 0:
			first.wins++
		case 1:
			first.losses++
		default:
			first.draws++
		}
		fmt.Fprintf(out, "game %d a=%s b=%s %s (%s) turns %d\n", g+1,
			rules.SideName(initial, aSeat), rules.SideName(initial, 1-aSeat), result, r.o.Reason, r.turns)
		if *withMoves {
			fmt.Fprintf(out, "moves %s\n", strings.Join(r.moves, " "))
		}
	}
	fmt.Fprintf(out, "a %d b %d draws %d\n", winsA, winsB, draws)
	fmt.Fprintln(out, ratingLine(aFirst, bFirst))
	return nil
}

// playOpening plays the decisions of text, in move notation and separated by spaces, on
// st, and returns the number of turns they complete.
func playOpening(st rules.State, text string) (int, error) {
	turns := 0
	for i, t := range strings.Fields(text) {
		if _, over := st.Outcome(); over {
			return turns, usagef("selfplay: -opening: the game is over before decision %d (%s)", i+1, t)
		}
		mover := st.ToMove()
		m, err := rules.ParseMove(st, t)
		if err == nil {
			err = rules.Play(st, m)
		}
		if err != nil {
			return turns, usagef("selfplay: -opening: decision %d: %v", i+1, err)
		}
		if st.ToMove() != mover {
			turns++
		}
	}
	if _, over := st.Outcome(); over {
		return turns, usagef("selfplay: -opening: the game is over after it")
	}
	return turns, nil
}

// playOne plays one game between two settings from a copy of start and returns its
// outcome, its number of turns and its decisions in move notation.
func playOne(start rules.State, settings [2]ai.Setting, seed uint64, timescale float64) (rules.Outcome, int, []string, error) {
	st := start.Clone()
	turns := 0
	var moves []string
	var last [2]*ai.Search // each seat's previous search, whose tree the next may keep
	for decision := 0; ; decision++ {
		if o, over := st.Outcome(); over {
			return o, turns, moves, nil
		}
		mover := st.ToMove()
		search := ai.NewSearchAfter(last[mover], st, settings[mover], seed+uint64(decision))
		last[mover] = search
		think := time.Duration(float64(settings[mover].ThinkTime()) * timescale)
		deadline := time.Now().Add(think)
		for left := think; left > 0 && !search.Step(min(left, 20*time.Millisecond)); left = time.Until(deadline) {
		}
		m := search.Best()
		text := rules.FormatMove(st, m)
		if err := rules.Play(st, m); err != nil {
			return rules.Outcome{}, turns, moves, fmt.Errorf("the AI chose an illegal move: %w", err)
		}
		moves = append(moves, text)
		if st.ToMove() != mover {
			turns++
		}
	}
}
