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

// rollout is the progress of one playout, kept between calls so that a long playout can
// be spread over several time slices.
type rollout struct {
	turns, decisions int
	maxTurns         int
	maxDecisions     int
	// cutoff, when positive, is the number of turns after which the playout stops and the
	// evaluation scores it.
	cutoff    int
	capped    bool
	evaluated bool
}

func (r *rollout) reset(g *rules.Game, cutoff int) {
	n := DefaultPlayoutTurns
	if g != nil && g.MaxTurns > 0 {
		n = g.MaxTurns
	}
	*r = rollout{maxTurns: n, maxDecisions: n * decisionsPerTurn, cutoff: cutoff}
}

// steering is how a search's playouts follow the game's PlayoutPolicy in st, its scratch
// position, listing the moves into *buf. Where the game says that the policy would draw
// uniformly (rules.UniformPlayout), it takes the RandomMover's quicker draw instead.
type steering struct {
	st      rules.State
	pol     rules.PlayoutPolicy
	uniform rules.UniformPlayout // nil when the game does not say
	draw    rules.RandomMover
	buf     *[]rules.Move
}

// newSteering returns the steering of playouts in st, or nil when the game has no policy.
func newSteering(st rules.State, buf *[]rules.Move) *steering {
	pol, ok := st.(rules.PlayoutPolicy)
	if !ok {
		return nil
	}
	s := &steering{st: st, pol: pol, buf: buf}
	if draw, ok := st.(rules.RandomMover); ok {
		s.uniform, _ = st.(rules.UniformPlayout)
		s.draw = draw
	}
	return s
}

// RandomMove implements rules.RandomMover for a game with rules.UniformPlayout.
func (s *steering) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.uniform.UniformHere() {
		return s.draw.RandomMove(rng)
	}
	moves := s.st.LegalMoves((*s.buf)[:0])
	*s.buf = moves
	if len(moves) == 0 {
		return rules.Move{}, false
	}
	return moves[s.pol.PlayoutMove(moves, rng)], true
}

// advance plays at most limit random decisions in st, reusing *buf for the legal moves.
// Moves are uniformly random, drawn by the game's RandomMover when it has one, or follow
// steer, the game's policy in st, when it is not nil. With a cutoff and an evaluator, the
// playout stops after cutoff turns and eval scores it. It reports how many decisions it
// played and, once the playout is over, its result.
func (r *rollout) advance(st rules.State, rng *rand.Rand, buf *[]rules.Move, limit int, eval *evaluation, steer *steering, trail *[]played) (used int, res result, ended bool) {
	fast, _ := st.(rules.RandomMover)
	var pol rules.PlayoutPolicy
	if steer != nil {
		pol, fast = steer.pol, nil
		if steer.uniform != nil {
			fast = steer
		}
	}
	for used < limit {
		var m rules.Move
		if fast == nil {
			moves := st.LegalMoves((*buf)[:0])
			*buf = moves
			if len(moves) == 0 {
				return used, r.end(st), true
			}
			// The cap is checked after the end, so a game that really ends on its last
			// turn keeps its result.
			if r.stop(st, eval) {
				return used, r.stopped(eval), true
			}
			if pol != nil {
				m = moves[pol.PlayoutMove(moves, rng)]
			} else {
				m = moves[rng.IntN(len(moves))]
			}
		} else {
			// RandomMove reports the end itself, so the player to move is asked only when
			// the cap stops the playout, which must not hide a game that has just ended.
			if r.stop(st, eval) {
				if st.ToMove() == rules.NoPlayer {
					return used, r.end(st), true
				}
				return used, r.stopped(eval), true
			}
			var ok bool
			if m, ok = fast.RandomMove(rng); !ok {
				return used, r.end(st), true
			}
		}
		if trail != nil {
			*trail = append(*trail, played{key: historyKey(m), mover: st.ToMove()})
		}
		st.Apply(m)
		r.decisions++
		used++
		if !st.MidTurn() {
			r.turns++
		}
	}
	return used, result{}, false
}

// end is the result of a playout that reached the end of the game.
func (r *rollout) end(st rules.State) result {
	o, ok := st.Outcome()
	if !ok {
		o.Winner = rules.NoPlayer // a broken state: see markTerminal
	}
	return outcomeResult(o.Winner)
}

// stop reports whether the playout must stop before its next decision, by the cap or the
// evaluation cutoff, and remembers why.
func (r *rollout) stop(st rules.State, eval *evaluation) bool {
	if r.turns >= r.maxTurns || r.decisions >= r.maxDecisions {
		r.capped = true
		return true
	}
	if eval != nil && r.cutoff > 0 && r.turns >= r.cutoff {
		r.evaluated = true
		return true
	}
	return false
}

func (r *rollout) stopped(eval *evaluation) result {
	if r.evaluated {
		return evalResult(eval.of0())
	}
	return outcomeResult(rules.NoPlayer)
}

// Playout plays s, which it modifies in place, to the end with uniformly random legal
// decisions and returns the outcome and the number of whole turns played (a turn ends where
// State.MidTurn says so, or when the game ends). It stops as a draw with reason CapReason
// after the game's MaxTurns turns (DefaultPlayoutTurns when unset). buf is reused for the
// legal moves and returned, possibly grown, so a caller that keeps it plays without
// allocating. A game's RandomMover draws the same moves faster.
func Playout(s rules.State, rng *rand.Rand, buf []rules.Move) (o rules.Outcome, turns int, bufOut []rules.Move) {
	var r rollout
	r.reset(s.Game(), 0)
	_, _, _ = r.advance(s, rng, &buf, math.MaxInt, nil, nil, nil)
	if r.capped {
		return rules.Outcome{Winner: rules.NoPlayer, Reason: CapReason}, r.turns, buf
	}
	o, ok := s.Outcome()
	if !ok {
		o.Winner = rules.NoPlayer
	}
	return o, r.turns, buf
}

// evaluation is the game's evaluation as tree search uses it, bound to the search's
// scratch position, with the configured noise.
type evaluation struct {
	st    rules.State
	e     rules.Evaluator
	noise float64
	seed  uint64
}

// of0 evaluates the scratch position for player 0.
func (e *evaluation) of0() float64 {
	v := e.e.Evaluate(0)
	if e.noise > 0 {
		v += e.noise * blur(e.st.Hash(), e.seed, 0)
	}
	return v
}

// blur is a pseudo-random number in [-1, 1) fixed by a position's hash and a seed, and
// antisymmetric between the two players, so that a blurred evaluation stays consistent:
// a position reached twice in one search gets the same offset, and one player's gain is
// the other's loss.
func blur(hash, seed uint64, p rules.Player) float64 {
	z := hash ^ seed*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	v := float64(z>>11)/(1<<52) - 1
	if p == 1 {
		return -v
	}
	return v
}
