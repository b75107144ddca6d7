package tactics

import (
	"errors"

	"koma/rules"
	"koma/rules/board"
)

// Probe values, in pieces from the point of view of the player to move at the root.
const (
	// WinValue is a game won at the root; a win k turns away is worth WinValue-k, so that
	// the probe prefers the fastest win and the slowest loss.
	WinValue = 1000
	negInf   = -1 << 30
	posInf   = 1 << 30
	// maxProbePlies bounds the decisions of one line, however long its chains.
	maxProbePlies = 64
)

// ErrBudget is returned by Probe when the position needs more than its node budget.
var ErrBudget = errors.New("tactics: probe over its node budget")

// Result is what Probe found.
type Result struct {
	// Moves are the legal moves of the position, in LegalMoves order.
	Moves []rules.Move
	// Best are the moves worth Value, the most of any.
	Best []rules.Move
	// Value is what the best moves are worth: the lead in pieces after the given number
	// of whole turns, both sides playing for pieces, or WinValue less the turns to a win
	// (its negation for a loss; 0 for a draw).
	Value int
	// Margin is Value less the worth of the best other move, or 0 when every move is
	// among the best.
	Margin int
	// Nodes counts the positions searched.
	Nodes int
}

// Probe searches st to the end of turns whole turns (the turn in progress counting as
// the first; every decision of a chain belongs to its turn), with both players playing
// for material, and values every leaf by the lead in pieces of the player to move at the
// root, a finished game by its result. It is exact within that horizon: it has no
// evaluation to be wrong, and only sees no further. It fails with ErrBudget once it has
// searched budget positions.
func Probe(st rules.State, turns, budget int) (Result, error) {
	p := &prober{root: st.ToMove(), budget: budget}
	p.states = append(p.states, st.Clone())
	r := Result{Moves: st.LegalMoves(nil)}
	if len(r.Moves) == 0 || turns < 1 {
		return r, errors.New("tactics: nothing to probe")
	}
	// Each root move is searched exactly once its value could matter: with a window that
	// starts just below the second-highest value so far, anything that fails low is worth
	// less than the two best and decides neither the best moves nor the margin.
	values := make([]int, len(r.Moves))
	first, second := negInf, negInf
	for i, m := range r.Moves {
		alpha := negInf
		if second > negInf {
			alpha = second - 1
		}
		v, ok := p.child(0, m, turns, 0, alpha, posInf)
		if !ok {
			r.Nodes = p.nodes
			return r, ErrBudget
		}
		values[i] = v
		switch {
		case v > first:
			first, second = v, first
		case v > second:
			second = v
		}
	}
	r.Value = first
	other := negInf
	for i, v := range values {
		if v == first {
			r.Best = append(r.Best, r.Moves[i])
		} else if v > other {
			other = v
		}
	}
	if other > negInf {
		r.Margin = first - other
	}
	r.Nodes = p.nodes
	return r, nil
}

type prober struct {
	root   rules.Player
	budget int
	nodes  int
	states []rules.State
	moves  [][]rules.Move
	pieces []rules.Piece
}

// child plays m from the position at ply and returns the value of the result, with left
// turns still to search and done turns completed since the root.
func (p *prober) child(ply int, m rules.Move, left, done, alpha, beta int) (int, bool) {
	p.nodes++
	if p.nodes > p.budget {
		return 0, false
	}
	for len(p.states) <= ply+1 {
		p.states = append(p.states, p.states[0].Clone())
	}
	c := p.states[ply+1]
	c.CopyFrom(p.states[ply])
	c.Apply(m)
	if !c.MidTurn() {
		left--
		done++
	}
	return p.value(ply+1, left, done, alpha, beta)
}

// value is the minimax value of the position at ply for the root's player, fail-soft.
func (p *prober) value(ply, left, done, alpha, beta int) (int, bool) {
	st := p.states[ply]
	if o, over := st.Outcome(); over {
		switch o.Winner {
		case rules.NoPlayer:
			return 0, true
		case p.root:
			return WinValue - done, true
		}
		return -(WinValue - done), true
	}
	if left <= 0 || ply >= maxProbePlies {
		return p.material(st), true
	}
	for len(p.moves) <= ply {
		p.moves = append(p.moves, nil)
	}
	p.moves[ply] = st.LegalMoves(p.moves[ply][:0])
	moves := p.moves[ply]
	maximise := st.ToMove() == p.root
	best := negInf
	if !maximise {
		best = posInf
	}
	for i := range moves {
		v, ok := p.child(ply, p.moves[ply][i], left, done, alpha, beta)
		if !ok {
			return 0, false
		}
		if maximise {
			best = max(best, v)
			alpha = max(alpha, v)
		} else {
			best = min(best, v)
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	return best, true
}

// material is the root player's pieces less the other's, every piece of a stack counted.
func (p *prober) material(st rules.State) int {
	n := 0
	b := st.Board()
	for s := range b.Len() {
		p.pieces = st.Pieces(board.Site(s), p.pieces[:0])
		for _, pc := range p.pieces {
			if pc.Owner == p.root {
				n++
			} else if pc.Owner != rules.NoPlayer {
				n--
			}
		}
	}
	return n
}

// Material is p's pieces less the other player's in st, every piece of a stack counted.
func Material(st rules.State, p rules.Player) int {
	pr := &prober{root: p}
	return pr.material(st)
}
