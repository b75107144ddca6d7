package ai

import (
	"math/rand/v2"

	"koma/rules"
)

// Verdict is the exact result of a position under perfect play, from the game's
// rules.Oracle: what the hint shows as "wins in N" or "loses in N".
type Verdict struct {
	// Known is false when the game has no oracle, or its oracle is not prepared yet; the
	// other fields are then meaningless.
	Known bool
	// Winner is the player who wins whatever the other does, or rules.NoPlayer for a draw.
	Winner rules.Player
	// Turns is how many more turns the game lasts when the winner wins as fast as it can
	// and the loser holds out as long as it can; 0 for a finished game or a draw. A turn
	// is one player's whole go, so both players' turns count: the winner's own turns are
	// Turns/2 rounded up when it is to move, Turns/2 rounded down otherwise (OwnTurns).
	Turns int
	// Reason is the rules.Outcome Reason of the game's end under that play, such as
	// "fox-trapped": how the winner wins. It is "" for a draw and for a finished game.
	Reason string
}

// OwnTurns is how many of the remaining turns are p's, under the perfect play Turns counts,
// in a position where toMove is to move: "wins in N of its turns". In a game of
// alternating single-decision turns, the player to move has the first, third, … of them.
func (v Verdict) OwnTurns(p, toMove rules.Player) int {
	if p == toMove {
		return (v.Turns + 1) / 2
	}
	return v.Turns / 2
}

// Solve returns the verdict of st from its game's rules.Oracle. It never does the oracle's
// preparation, so it is cheap enough for the user interface: Known is false when the game
// has no oracle or the oracle is not prepared yet. Any search of the game above the
// Beginner level prepares it, and so does PrepareOracle.
func Solve(st rules.State) Verdict {
	sol, ok := oracleSolve(st)
	if !ok {
		return Verdict{}
	}
	v := Verdict{Known: true, Winner: sol.Winner, Turns: sol.Turns}
	if sol.Winner != rules.NoPlayer && sol.Turns > 0 {
		end := st.Clone()
		for _, m := range PerfectLine(st, sol.Turns*decisionsPerTurn) {
			end.Apply(m)
		}
		if o, over := end.Outcome(); over {
			v.Reason = o.Reason
		}
	}
	return v
}

// PrepareOracle does a small piece of the preparation of st's oracle, at most about a
// tenth of a millisecond, and reports whether it is ready; false for a game without one.
func PrepareOracle(st rules.State) bool {
	or, ok := st.(rules.Oracle)
	return ok && or.PrepareOracle()
}

// PerfectLine returns up to max decisions of perfect play from st, as Expert plays it
// with ties broken by LegalMoves order: the winner wins as fast as it can, the loser holds
// out as long as it can. It is empty when st is over, has no oracle, or the oracle is not
// prepared.
func PerfectLine(st rules.State, max int) []rules.Move {
	var line []rules.Move
	if _, ok := oracleSolve(st); !ok {
		return nil
	}
	c := st.Clone()
	scratch := st.Clone()
	for len(line) < max {
		moves := c.LegalMoves(nil)
		if len(moves) == 0 {
			break
		}
		best, bestRank := -1, 0
		for i, m := range moves {
			scratch.CopyFrom(c)
			scratch.Apply(m)
			r, ok := moveRank(c.ToMove(), scratch)
			if !ok {
				return line
			}
			if best < 0 || r > bestRank {
				best, bestRank = i, r
			}
		}
		line = append(line, moves[best])
		c.Apply(moves[best])
	}
	return line
}

// HintSetting is the setting a hint should search st with: Expert where the game's oracle
// makes perfect play cost nothing, since the lower levels err on purpose there, and Normal
// elsewhere.
func HintSetting(st rules.State) Setting {
	if _, ok := st.(rules.Oracle); ok {
		return Expert.Setting()
	}
	return Normal.Setting()
}

// oracleSolve is the oracle's solution of st, finished games included.
func oracleSolve(st rules.State) (rules.Solution, bool) {
	if o, over := st.Outcome(); over {
		return rules.Solution{Winner: o.Winner}, true
	}
	if or, ok := st.(rules.Oracle); ok {
		return or.Solve()
	}
	return rules.Solution{Winner: rules.NoPlayer}, false
}

// moveRank scores the position after a move by p for p, larger being better: a win
// sooner beats a win later, which beats a draw, which beats a loss later, which beats a
// loss sooner. Turns are counted from before the move, so that a move that ends the turn
// and one that does not compare fairly.
func moveRank(p rules.Player, after rules.State) (int, bool) {
	sol, ok := oracleSolve(after)
	if !ok {
		return 0, false
	}
	turns := sol.Turns
	if after.ToMove() != p {
		turns++ // the move ended p's turn
	}
	const span = 1 << 20
	switch sol.Winner {
	case p:
		return 2*span - turns, true
	case rules.NoPlayer:
		return span, true
	}
	return turns, true
}

// oracleEngine plays a solved game from its rules.Oracle. It spends its work preparing the
// oracle, then ranks every move by the exact result it leads to and plays the best,
// except that with probability Config.Blunder it deliberately plays a worse one, drawn at
// random among the moves that do not keep the best result: that is how the lower levels
// err. Before the oracle is ready its best move is the first of its shuffled moves.
type oracleEngine struct {
	root    rules.State
	or      rules.Oracle
	blunder float64
	rng     *rand.Rand
	// moves are the root's moves, shuffled once so that ties fall randomly.
	moves []rules.Move
	units int
	// chosen is the index of the move played, or -1 until the oracle has answered.
	chosen int
	// value is the chosen move's result for the player to move, from 0 to 1.
	value   float64
	verdict Verdict
}

func newOracleEngine(root rules.State, cfg Config) *oracleEngine {
	o := &oracleEngine{
		root:    root.Clone(),
		or:      root.(rules.Oracle),
		blunder: cfg.Blunder,
		rng:     rand.New(rand.NewPCG(cfg.Seed, 0x6f7261636c65)),
		chosen:  -1,
	}
	o.moves = root.LegalMoves(nil)
	o.rng.Shuffle(len(o.moves), func(i, j int) { o.moves[i], o.moves[j] = o.moves[j], o.moves[i] })
	return o
}

func (o *oracleEngine) iterations() int { return o.units }

func (o *oracleEngine) finished() bool { return o.chosen >= 0 }

// oracleSlices bounds the pieces of preparation one call of work does, whatever units
// asks: a piece may take a tenth of a millisecond, and Step looks at the clock only
// between calls, so this keeps a slice of the browser's frame within half a millisecond
// of its budget.
const oracleSlices = 4

// work prepares the oracle, one piece per unit, and decides once it is ready.
func (o *oracleEngine) work(units, stop int) {
	for units = min(units, oracleSlices); units > 0 && o.units < stop && !o.finished(); units-- {
		o.units++
		if o.or.PrepareOracle() {
			o.decide()
		}
	}
}

// decide ranks the moves and chooses one. An oracle that cannot answer once prepared is
// broken; the engine then plays its first move rather than fail.
func (o *oracleEngine) decide() {
	p := o.root.ToMove()
	ranks := make([]int, len(o.moves))
	c := o.root.Clone()
	top := 0
	for i, m := range o.moves {
		c.CopyFrom(o.root)
		c.Apply(m)
		r, ok := moveRank(p, c)
		if !ok {
			o.chosen = 0
			return
		}
		ranks[i] = r
		if i == 0 || r > top {
			top = r
		}
	}
	var best, worse []int
	for i, r := range ranks {
		if r == top {
			best = append(best, i)
		} else {
			worse = append(worse, i)
		}
	}
	// Both numbers are drawn every time, so the generator's sequence does not depend on
	// the position.
	u, k := o.rng.Float64(), o.rng.Uint64()
	o.chosen = best[0]
	if u < o.blunder && len(worse) > 0 {
		o.chosen = worse[k%uint64(len(worse))]
	}
	switch r := ranks[o.chosen]; {
	case r > 1<<20:
		o.value = 1
	case r == 1<<20:
		o.value = 0.5
	}
	o.verdict = Solve(o.root)
}

func (o *oracleEngine) bestMoveNow() rules.Move {
	if o.chosen >= 0 {
		return o.moves[o.chosen]
	}
	return o.moves[0]
}

func (o *oracleEngine) stats() Stats {
	st := Stats{Iterations: o.units, Nodes: len(o.moves), Engine: "oracle", Value: 0.5}
	if o.chosen >= 0 && o.verdict.Known {
		st.Value, st.Solved, st.Depth, st.Verdict = o.value, true, o.verdict.Turns, o.verdict
	}
	return st
}

// line is the chosen move, then perfect play.
func (o *oracleEngine) line(max int) []rules.Move {
	best := o.bestMoveNow()
	c := o.root.Clone()
	c.Apply(best)
	return append([]rules.Move{best}, PerfectLine(c, max-1)...)
}
