package ai

import (
	"math"
	"math/rand/v2"

	"koma/rules"
)

// CapReason is the Outcome.Reason of a playout stopped by the turn cap, which scores as a
// draw.
const CapReason = "playout-cap"

// DefaultPlayoutTurns caps playouts of games whose card sets no MaxTurns.
const DefaultPlayoutTurns = 1000

// decisionsPerTurn bounds the decisions of an average turn in a playout; it only guards
// against a state that never hands the move over, which would otherwise loop forever.
const decisionsPerTurn = 256

// rollout is the progress of one random playout, kept between calls so that a long playout
// can be spread over several time slices.
type rollout struct {
	turns, decisions int
	maxTurns         int
	maxDecisions     int
	capped           bool
}

func (r *rollout) reset(g *rules.Game) {
	n := DefaultPlayoutTurns
	if g != nil && g.MaxTurns > 0 {
		n = g.MaxTurns
	}
	*r = rollout{maxTurns: n, maxDecisions: n * decisionsPerTurn}
}

// advance plays at most limit uniformly random decisions in st, reusing *buf for the legal
// moves. It reports how many it played and, once the playout is over, its outcome.
func (r *rollout) advance(st rules.State, rng *rand.Rand, buf *[]rules.Move, limit int) (used int, o rules.Outcome, ended bool) {
	for used < limit {
		moves := st.LegalMoves((*buf)[:0])
		*buf = moves
		if len(moves) == 0 {
			o, ok := st.Outcome()
			if !ok {
				o.Winner = rules.NoPlayer // a broken state: see markTerminal
			}
			return used, o, true
		}
		// The cap is checked after the end, so a game that really ends on its last turn
		// keeps its result.
		if r.turns >= r.maxTurns || r.decisions >= r.maxDecisions {
			r.capped = true
			return used, rules.Outcome{Winner: rules.NoPlayer, Reason: CapReason}, true
		}
		mover := st.ToMove()
		st.Apply(moves[rng.IntN(len(moves))])
		r.decisions++
		used++
		if st.ToMove() != mover {
			r.turns++
		}
	}
	return used, rules.Outcome{}, false
}

// Playout plays s, which it modifies in place, to the end with uniformly random legal
// decisions and returns the outcome and the number of whole turns played (a turn ends when
// the player to move changes, or the game ends). It stops as a draw with reason CapReason
// after the game's MaxTurns turns (DefaultPlayoutTurns when unset). buf is reused for the
// legal moves and returned, possibly grown, so a caller that keeps it plays without
// allocating.
func Playout(s rules.State, rng *rand.Rand, buf []rules.Move) (o rules.Outcome, turns int, bufOut []rules.Move) {
	var r rollout
	r.reset(s.Game())
	_, o, _ = r.advance(s, rng, &buf, math.MaxInt)
	return o, r.turns, buf
}
