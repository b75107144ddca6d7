package scenes

// The analysis of a whole game, for a review that teaches: every position searched at a
// fixed amount of work in the background, turn by turn the chance each side lost, and the
// turns that lost the most marked as inaccuracies, mistakes and blunders, with the move the
// analysis preferred. The graph of it is in graph.go; the marks are drawn by the move list.

import (
	"image"
	"image/color"

	"koma/app"
	"koma/app/match"
	"koma/app/think"
	"koma/render/ui"
	"koma/rules"
	"koma/rules/ai"
)

// analysisIterations is the work the analysis gives each position: iterations of tree
// search, or positions of alpha-beta. A fixed amount rather than a time, so that the same
// game gives the same judgements on any machine, in the browser as on the desktop (see
// think.Job.Iterations). It is about a fifth of a second of tree search on a desktop, as
// much as the Normal level's move, so a game of sixty decisions takes about ten seconds
// there and a minute or two in the browser, which gives the search a third of its time.
// Tests make it smaller.
var analysisIterations = 20000

// analysisSeed is the seed of every search of the analysis: the judgement of a position
// depends on the position alone.
const analysisSeed = 0x6b6f6d61 // "koma"

// markKind is how much a turn lost of its mover's chance, as the move list marks it.
type markKind uint8

const (
	markNone markKind = iota
	markInaccuracy
	markMistake
	markBlunder
)

// markThresholds are the least drops, in the mover's expected share of the result (0 to
// 1, a draw counting half), that make a turn an inaccuracy, a mistake and a blunder. The
// help card states them (help.analysis); change both together.
var markThresholds = [...]float64{markInaccuracy: 0.10, markMistake: 0.20, markBlunder: 0.30}

// classify is the mark of a turn that lost drop of its mover's chance. A turn that played
// the analysis's own best move throughout (left false) is never marked, whatever the
// numbers say: the drop is then the search's noise between two positions, not the move's.
func classify(drop float64, left bool) markKind {
	if !left {
		return markNone
	}
	for k := markBlunder; k > markNone; k-- {
		// A hair below the threshold still counts: shares are sums of floats, and a drop
		// of exactly 0.3 must not read as a mistake because it came out 0.29999999.
		if drop >= markThresholds[k]-1e-9 {
			return k
		}
	}
	return markNone
}

// symbol is the mark's sign after the move in the list, as annotators write it.
func (k markKind) symbol() string {
	return [...]string{"", "?!", "?", "??"}[k]
}

// key is the i18n key of the mark's name.
func (k markKind) key() string {
	return [...]string{"", "analysis.inaccuracy", "analysis.mistake", "analysis.blunder"}[k]
}

// colour is the mark's colour: warmer and darker as the mistake grows, all of them
// readable on the panel's paper.
func (k markKind) colour() color.NRGBA {
	return [...]color.NRGBA{
		{},
		{0xB0, 0x84, 0x10, 0xFF}, // ochre
		{0xD0, 0x6A, 0x1C, 0xFF}, // orange
		{0xC0, 0x26, 0x1E, 0xFF}, // red
	}[k]
}

// posJudgement is what the analysis made of the position after n decisions.
type posJudgement struct {
	// done is set once the position is analysed.
	done bool
	// judged is set when a search (or the game's end) gave the position a value of its
	// own, share. A position with one legal move, or a move the game names, is not
	// searched: it is worth what the position after that move is worth.
	judged bool
	share  float64
	// best is the move the analysis prefers, with line its expected continuation (best
	// first); the zero Move at the game's end.
	best rules.Move
	line []rules.Move
}

// turnJudgement is what the analysis makes of one turn.
type turnJudgement struct {
	// known is set once both ends of the turn are judged.
	known bool
	// drop is the part of the mover's chance the turn lost; negative when it gained.
	drop float64
	mark markKind
	// at is the first decision of the turn where the move played was not the analysis's
	// best, or -1 when every decision of it was.
	at int
}

// resolveShares turns the judgements of the positions of a game (indexed by the number of
// decisions behind them, those before floor unused) into player 0's share at each, as far
// as they are known: a position the analysis did not search is worth the next searched
// one, since its move was bound to lead there; at the very end, the last one searched.
// The result covers the positions from 0 to the last whose share is known; the entries
// before floor are an even 0.5.
func resolveShares(res []posJudgement, floor int) []float64 {
	out := make([]float64, 0, len(res))
	for n := 0; n < floor && n < len(res); n++ {
		out = append(out, 0.5)
	}
	for n := floor; n < len(res); n++ {
		r := res[n]
		if !r.done {
			break
		}
		if r.judged {
			out = append(out, r.share)
			continue
		}
		share, found, more := 0.0, false, true
		for j := n + 1; j < len(res); j++ {
			if !res[j].done {
				more = false
				break
			}
			if res[j].judged {
				share, found = res[j].share, true
				break
			}
		}
		switch {
		case found:
		case !more:
			return out // known once a later position is
		case n > floor:
			share = out[n-1]
		default:
			share = 0.5
		}
		out = append(out, share)
	}
	return out
}

// judgeTurns judges each of turns from shares (player 0's share after n decisions, as
// resolveShares gives them): the mover's chance before the turn less its chance after,
// and the mark that earns. left gives the first decision in [first, end) where the move
// played was not the analysis's best, or -1.
func judgeTurns(turns []match.Turn, shares []float64, left func(first, end int) int) []turnJudgement {
	out := make([]turnJudgement, len(turns))
	for i, t := range turns {
		out[i].at = -1
		if t.End >= len(shares) {
			continue
		}
		before, after := shares[t.First], shares[t.End]
		if t.Mover != 0 {
			before, after = 1-before, 1-after
		}
		at := left(t.First, t.End)
		out[i] = turnJudgement{known: true, drop: before - after, mark: classify(before-after, at >= 0), at: at}
	}
	return out
}

// gameAnalysis is the analysis of the game on the screen: its judgements, the search out
// on the runner, and the button that asks for it.
type gameAnalysis struct {
	// moves are the decisions the judgements belong to; res[n] judges the position after
	// the first n of them.
	moves []rules.Move
	res   []posJudgement
	// until is the last position the analysis was asked to reach, or live when it was not
	// asked; it goes on until every position up to there is judged.
	until int
	// pending is the position whose search is out on the runner, or live. stale is set
	// when the match changed under it: the search out is then of no use, and the next
	// tick stops it.
	pending int
	stale   bool
	// turns caches the judgement of m's turns, made again when version moves on.
	turns        []turnJudgement
	turnsVersion int
	version      int
	// texts caches the words of the marked turns (analysis_view.go).
	texts markTexts
	// btn asks for the analysis during the game, and shows its progress.
	btn ui.Button
}

// newGameAnalysis returns an analysis of nothing yet.
func newGameAnalysis() gameAnalysis {
	return gameAnalysis{until: live, pending: live, turnsVersion: -1}
}

// sync keeps the judgements that still belong to m, whose decisions may have been taken
// back or replaced: those of the positions before the first decision that changed. A
// search out for a position no longer in m is marked stale.
func (a *gameAnalysis) sync(m *match.Match) {
	same := 0
	for same < len(a.moves) && same < m.Len() && a.moves[same] == m.Move(same) {
		same++
	}
	if same < len(a.moves) || len(a.moves) < m.Len() {
		a.moves = a.moves[:same]
		for n := same; n < m.Len(); n++ {
			a.moves = append(a.moves, m.Move(n))
		}
		if len(a.res) > same+1 {
			clear(a.res[same+1:])
			a.res = a.res[:same+1]
		}
		a.version++
	}
	for len(a.res) < m.Len()+1 {
		a.res = append(a.res, posJudgement{})
	}
	if a.until > m.Len() {
		a.until = m.Len()
	}
	if a.pending > m.Len() || (a.pending > same && same < m.Len()) {
		a.pending, a.stale = live, true
	}
}

// next is the first position from floor to the analysis's end not yet judged.
func (a *gameAnalysis) next(floor int) (int, bool) {
	if a.until == live {
		return 0, false
	}
	for n := floor; n <= a.until && n < len(a.res); n++ {
		if !a.res[n].done {
			return n, true
		}
	}
	return 0, false
}

// covers reports whether every position of m is judged.
func (a *gameAnalysis) covers(m *match.Match) bool {
	if len(a.res) < m.Len()+1 {
		return false
	}
	for n := m.Floor(); n <= m.Len(); n++ {
		if !a.res[n].done {
			return false
		}
	}
	return true
}

// running reports whether the analysis has positions left to judge.
func (a *gameAnalysis) running(floor int) bool {
	_, ok := a.next(floor)
	return ok
}

// progress is how many of the positions the analysis was asked for it has judged, of how
// many.
func (a *gameAnalysis) progress(floor int) (done, total int) {
	if a.until == live {
		return 0, 0
	}
	for n := floor; n <= a.until && n < len(a.res); n++ {
		total++
		if a.res[n].done {
			done++
		}
	}
	return done, total
}

// any reports whether any position is judged.
func (a *gameAnalysis) any() bool {
	for _, r := range a.res {
		if r.done {
			return true
		}
	}
	return false
}

// ask asks the analysis to judge every position of m as it stands.
func (a *gameAnalysis) ask(m *match.Match) {
	a.sync(m)
	a.until = m.Len()
}

// record keeps the judgement of the position after n decisions.
func (a *gameAnalysis) record(n int, j posJudgement) {
	if n < len(a.res) {
		j.done = true
		a.res[n] = j
		a.version++
	}
}

// shares is player 0's share at each position of m, as far as known (resolveShares).
func (a *gameAnalysis) shares(m *match.Match) []float64 {
	a.sync(m)
	return resolveShares(a.res, m.Floor())
}

// turnJudgements judges every turn of m from what is known so far. The judgements follow m
// at once when it changes (a move taken back), before the next tick's stepAnalysis: a
// search out for a position no longer in m is then simply replaced by the next one.
func (a *gameAnalysis) turnJudgements(m *match.Match) []turnJudgement {
	a.sync(m)
	if a.turnsVersion == a.version && len(a.turns) == len(m.Turns()) {
		return a.turns
	}
	left := func(first, end int) int {
		for d := first; d < end && d < len(a.res); d++ {
			r := a.res[d]
			if r.done && r.best.Kind != 0 && r.best != m.Move(d) {
				return d
			}
		}
		return -1
	}
	a.turns = judgeTurns(m.Turns(), a.shares(m), left)
	a.turnsVersion = a.version
	return a.turns
}

// counts is how many turns of each side the analysis marked, by kind.
func (a *gameAnalysis) counts(m *match.Match) [2][4]int {
	var c [2][4]int
	turns := m.Turns()
	for i, j := range a.turnJudgements(m) {
		if p := turns[i].Mover; p >= 0 && p < 2 {
			c[p][j.mark]++
		}
	}
	return c
}

// listMarks gives the move list the marks of m's turns, each side's counts once the
// analysis covers the game, and otherwise the button that asks for it (practice boards
// have none).
func (a *gameAnalysis) listMarks(m *match.Match, practice bool) listMarks {
	var lm listMarks
	if !practice && m.Len() > m.Floor() && !a.covers(m) {
		lm.action = &a.btn
	} else {
		a.btn.Rect = image.Rectangle{}
	}
	if !a.any() {
		return lm
	}
	lm.shown = lm.action == nil
	lm.counts = a.counts(m)
	for _, j := range a.turnJudgements(m) {
		lm.marks = append(lm.marks, j.mark)
	}
	return lm
}

// judgementOf judges the position st from a finished search's result: player 0's share
// from the value for the player to move, unless the search judged nothing (a move the
// game named, a single legal move).
func judgementOf(st rules.State, r think.Result) posJudgement {
	j := posJudgement{best: r.Move, line: r.Line}
	s := r.Stats
	if s.Engine == "" || s.Engine == "beginner" || s.Engine == "named" || (s.Iterations == 0 && !s.Solved && !s.Verdict.Known) {
		return j
	}
	v := min(max(s.Value, 0), 1)
	if st.ToMove() != 0 {
		v = 1 - v
	}
	j.judged, j.share = true, v
	return j
}

// stepAnalysis does the analysis's part of a tick when the runner is free for background
// work: it collects the search out, and starts the next one. It reports whether the
// analysis has the runner, which keeps the other background judgements off it.
func (g *Game) stepAnalysis(ctx *app.Context) bool {
	a := &g.reviewer.analysis
	if g.practice {
		return false
	}
	a.sync(g.m)
	if a.stale {
		// Nothing else has the runner while the analysis steps (see analyse), so the
		// search out is the stale one.
		ctx.Runner().Cancel()
		a.stale = false
	}
	if _, over := g.m.Outcome(); over && a.until < g.m.Len() && !a.covers(g.m) {
		// After the game, the analysis starts by itself.
		a.ask(g.m)
	}
	if a.pending != live {
		mv, ok := ctx.Runner().Poll()
		switch {
		case ok:
			st := g.m.Before(a.pending)
			j := judgementOf(st, ctx.Runner().Last())
			if !rules.IsLegal(st, mv) {
				j = posJudgement{}
			}
			g.keepJudgement(a.pending, j)
			a.pending = live
			ctx.Invalidate()
		case !ctx.Runner().Busy():
			// Another search took the runner (the computer's move, a hint, a board
			// opened from the rules): this position is searched again.
			a.pending = live
		default:
			return true
		}
	}
	n, ok := a.next(g.m.Floor())
	if !ok {
		return false
	}
	g.evaluation.stopAnalysis(ctx) // the balance bar's own judgement of one position gives way
	st := g.m.Before(n)
	if o, over := st.Outcome(); over {
		g.keepJudgement(n, posJudgement{judged: true, share: outcomeShare(o)})
		ctx.Invalidate()
		return false
	}
	if legal := st.LegalMoves(nil); len(legal) == 1 {
		// Nothing to choose: nothing to search.
		g.keepJudgement(n, posJudgement{best: legal[0], line: legal[:1:1]})
		ctx.Invalidate()
		return false
	}
	ctx.Runner().Start(think.Job{State: st, Setting: ai.Expert.Setting(), Seed: analysisSeed, Line: hintLen, Iterations: analysisIterations})
	a.pending = n
	return true
}

// keepJudgement records the analysis's judgement of the position after n decisions, and
// gives the balance bar the shares known so far, so that the bar and the graph agree and
// the bar's own background judgement finds nothing left to search.
func (g *Game) keepJudgement(n int, j posJudgement) {
	a := &g.reviewer.analysis
	a.record(n, j)
	shares := a.shares(g.m)
	for k := g.m.Floor(); k < len(shares); k++ {
		g.evaluation.evals[k] = shares[k]
	}
}

// startAnalysis asks for the analysis of the game as it stands, from the button.
func (g *Game) startAnalysis(ctx *app.Context) {
	g.reviewer.analysis.ask(g.m)
	ctx.Invalidate()
}

// label readies the analysis's button for this frame, keeping where it was placed: "Analyse
// game", or while the analysis runs its progress, disabled.
func (a *gameAnalysis) label(ctx *app.Context, m *match.Match) {
	b := ui.Button{Label: ctx.T("analysis.start"), Rect: a.btn.Rect}
	if done, total := a.progress(m.Floor()); a.running(m.Floor()) && total > 0 {
		b.Label = ctx.T("analysis.running", done*100/total)
		b.Disabled = true
	}
	a.btn = b
}
