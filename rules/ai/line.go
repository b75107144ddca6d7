package ai

import (
	"koma/rules"
)

// Line returns the best line of play found so far, at most max decisions long: Best first,
// then the replies the search expects. Tree search follows the most visited children,
// alpha-beta the moves its transposition table remembers, the oracle perfect play after
// its move (see PerfectLine), and the Beginner, which looks
// no further than its own move, gives Best alone. Every move is legal when the line is
// replayed from the root; the line stops early where the search has no opinion yet.
func (s *Search) Line(max int) []rules.Move {
	if s.over || max <= 0 {
		return nil
	}
	switch e := resolved(s.eng).(type) {
	case *mcts:
		return e.line(max)
	case *alphaBeta:
		return e.line(max)
	case *oracleEngine:
		return e.line(max)
	case *hybrid:
		if e.proven() {
			return e.ab.line(max)
		}
		return e.tree.line(max)
	}
	return []rules.Move{s.Best()}
}

// line follows the most visited child from best down. Visits, not values, pick the reply
// because they are what the search trusted enough to spend its time on.
func (s *mcts) line(max int) []rules.Move {
	b := s.best()
	if b == nil {
		return nil
	}
	out := []rules.Move{b.move}
	for n := b; len(out) < max && n.expanded; {
		var next *node
		kids := s.kids(n)
		for i := range kids {
			k := &kids[i]
			if k.visits == 0 {
				continue
			}
			if next == nil || k.visits > next.visits || (k.visits == next.visits && k.score > next.score) {
				next = k
			}
		}
		if next == nil {
			break
		}
		out = append(out, next.move)
		n = next
	}
	return out
}

// line replays the best move and then each position's remembered best move. The table
// holds an index into LegalMoves, so every move is checked against the position it is
// played in; a repeated position ends the line, since the table cannot tell a cycle from
// a plan.
func (s *alphaBeta) line(max int) []rules.Move {
	best := s.bestMoveNow()
	if s.over {
		return nil
	}
	out := []rules.Move{best}
	// The root frame keeps the root position for the whole search; deeper frames hold
	// the later ones.
	st := s.stack[0].st.Clone()
	if rules.Play(st, best) != nil {
		return out
	}
	seen := map[uint64]bool{st.Hash(): true}
	var moves []rules.Move
	for len(out) < max {
		key := st.Hash()
		e := s.table[key&s.mask]
		if e.key != key || e.move == 0 {
			break
		}
		moves = st.LegalMoves(moves[:0])
		i := int(e.move) - 1
		if i >= len(moves) {
			break
		}
		m := moves[i]
		if rules.Play(st, m) != nil {
			break
		}
		out = append(out, m)
		h := st.Hash()
		if seen[h] {
			break
		}
		seen[h] = true
	}
	return out
}
