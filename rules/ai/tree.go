package ai

import (
	"math"

	"koma/rules"
)

// node is one decision in the tree. Its children sit side by side in one chunk of the arena.
type node struct {
	move     rules.Move   // the move from the parent
	mover    rules.Player // who made move; every sibling shares it
	expanded bool         // the children exist (a leaf may still be unexpanded)
	solved   bool         // the result from here under best play is known
	proven   rules.Player // that result's winner, NoPlayer for a draw
	chunk    uint32       // where the children are
	first    uint32
	n        uint32 // how many children
	visits   uint32
	score    uint32 // rewards for mover in half points, which keeps the sums exact
}

// chunkNodes is the usual capacity of an arena chunk, about half a megabyte: big enough to
// make allocations rare, small enough that allocating one never stalls a 6 ms slice.
const chunkNodes = 1 << 13

// arena stores the nodes below the root in chunks that never grow past their capacity, so
// pointers into them stay valid for the life of the search.
type arena struct {
	chunks [][]node
	used   int
	limit  int
}

// alloc reserves n contiguous nodes, or reports false when that would pass the node limit.
func (a *arena) alloc(n int, force bool) (chunk, first uint32, kids []node, ok bool) {
	if !force && a.used+n > a.limit {
		return 0, 0, nil, false
	}
	last := len(a.chunks) - 1
	if last < 0 || cap(a.chunks[last])-len(a.chunks[last]) < n {
		a.chunks = append(a.chunks, make([]node, 0, max(chunkNodes, n)))
		last++
	}
	c := a.chunks[last]
	start := len(c)
	a.chunks[last] = c[:start+n]
	a.used += n
	return uint32(last), uint32(start), a.chunks[last][start : start+n], true
}

func (s *Search) kids(n *node) []node {
	return s.tree.chunks[n.chunk][n.first : n.first+n.n]
}

// expand creates the children of n, the node of position st, in shuffled order. It reports
// false when st is over (n is then marked solved) or the node limit forbids it.
func (s *Search) expand(n *node, st rules.State, force bool) bool {
	s.moves = st.LegalMoves(s.moves[:0])
	moves := s.moves
	if len(moves) == 0 {
		s.markTerminal(n, st)
		return false
	}
	chunk, first, kids, ok := s.tree.alloc(len(moves), force)
	if !ok {
		return false
	}
	for i := len(moves) - 1; i > 0; i-- {
		j := s.rng.IntN(i + 1)
		moves[i], moves[j] = moves[j], moves[i]
	}
	mover := st.ToMove()
	for i := range kids {
		kids[i] = node{move: moves[i], mover: mover, proven: rules.NoPlayer}
	}
	n.chunk, n.first, n.n, n.expanded = chunk, first, uint32(len(moves)), true
	return true
}

func (s *Search) markTerminal(n *node, st rules.State) {
	o, ok := st.Outcome()
	if !ok {
		// A state without moves must report its outcome; scoring a broken one as a draw
		// keeps the search going without trusting it.
		o.Winner = rules.NoPlayer
	}
	n.solved, n.proven = true, o.Winner
}

// work advances the search by about units decisions, finishing iterations as it goes,
// and stops early once the count of iterations reaches stop.
func (s *Search) work(units, stop int) {
	for units > 0 && s.iters < stop && !s.done() {
		if !s.rolling {
			units -= s.begin()
			continue
		}
		used, o, ended := s.roll.advance(s.scratch, s.rng, &s.moves, units)
		units -= used
		if ended {
			units--
			leaf := s.path[len(s.path)-1]
			if s.roll.decisions == 0 && !s.roll.capped {
				// The playout found the leaf already over: that is a proof.
				leaf.solved, leaf.proven = true, o.Winner
			}
			s.rolling = false
			s.finish(o.Winner, leaf.solved)
		}
	}
}

// begin descends from the root to a leaf, expanding it when it has been visited before,
// and either starts a playout there or, at a proven node, completes the iteration at once.
// It returns the number of decisions it applied, at least 1.
func (s *Search) begin() int {
	st := s.scratch
	st.CopyFrom(s.root)
	s.path = append(s.path[:0], &s.top)
	n := &s.top
	cost := 1
	for {
		if n.solved {
			s.finish(n.proven, false)
			return cost
		}
		if !n.expanded {
			if n.visits == 0 {
				break
			}
			if !s.expand(n, st, false) {
				if n.solved { // the position is over
					s.finish(n.proven, true)
					return cost
				}
				break // the node limit is reached: sample from here
			}
		}
		n = s.pick(n)
		st.Apply(n.move)
		s.path = append(s.path, n)
		cost++
	}
	if d := len(s.path) - 1; d > s.depth {
		s.depth = d
	}
	s.roll.reset(st.Game())
	s.rolling = true
	return cost
}

// pick chooses the child of n to descend into by UCT, from the point of view of the
// children's mover. Unvisited children come first, in their shuffled order. Children proven
// lost for the mover are skipped, since their value is settled; one always remains, because
// a node whose children are all proven is solved itself and never descended into.
func (s *Search) pick(n *node) *node {
	kids := s.kids(n)
	logN := ln(float64(n.visits))
	var best *node
	bestScore := math.Inf(-1)
	for i := range kids {
		k := &kids[i]
		if k.solved && k.proven != k.mover && k.proven != rules.NoPlayer {
			continue
		}
		if k.visits == 0 {
			return k
		}
		if v := uct(k.score, k.visits, logN, s.cfg.Exploration); v > bestScore {
			best, bestScore = k, v
		}
	}
	if best == nil {
		return &kids[0]
	}
	return best
}

// uct is the UCB1 value of a child. The explicit float64 conversions forbid fused
// multiply-adds, which some architectures would otherwise round differently.
func uct(score, visits uint32, logN, c float64) float64 {
	v := float64(visits)
	mean := float64(score) / float64(2*v)
	bonus := float64(c * math.Sqrt(logN/v))
	return mean + bonus
}

// finish backs the result of an iteration up the path: each node is credited from its own
// mover's point of view. When the leaf was just proven, the proof climbs as far as it holds.
func (s *Search) finish(winner rules.Player, proved bool) {
	for _, n := range s.path {
		n.visits++
		switch winner {
		case n.mover:
			n.score += 2
		case rules.NoPlayer:
			n.score++
		}
	}
	if proved {
		for i := len(s.path) - 2; i >= 0 && s.prove(s.path[i]); i-- {
		}
	}
	s.iters++
}

// prove tries to settle n from its children, whose mover p is the player to move at n: one
// child won for p settles n as a win for p; otherwise n settles only when every child is
// proven, as a draw if p can reach one and else as the first proven result (with two
// players, a loss for p).
func (s *Search) prove(n *node) bool {
	kids := s.kids(n)
	draw := false
	for i := range kids {
		k := &kids[i]
		if !k.solved {
			continue
		}
		if k.proven == k.mover {
			n.solved, n.proven = true, k.proven
			return true
		}
		if k.proven == rules.NoPlayer {
			draw = true
		}
	}
	for i := range kids {
		if !kids[i].solved {
			return false
		}
	}
	n.solved, n.proven = true, kids[0].proven
	if draw {
		n.proven = rules.NoPlayer
	}
	return true
}

// best is the root child to play: a proven win if there is one, else the most visited
// child that is not proven lost (all children when every one is), preferring a proven draw
// once the root is settled as one. Ties go to the higher score, then to the earlier child.
func (s *Search) best() *node {
	if s.over {
		return nil
	}
	kids := s.kids(&s.top)
	mover := kids[0].mover
	lost := func(k *node) bool { return k.solved && k.proven != mover && k.proven != rules.NoPlayer }
	allLost := true
	for i := range kids {
		k := &kids[i]
		if k.solved && k.proven == mover {
			return k
		}
		if !lost(k) {
			allLost = false
		}
	}
	wantDraw := s.top.solved && s.top.proven == rules.NoPlayer
	var b *node
	for i := range kids {
		k := &kids[i]
		if (!allLost && lost(k)) || (wantDraw && !(k.solved && k.proven == rules.NoPlayer)) {
			continue
		}
		if b == nil || k.visits > b.visits || (k.visits == b.visits && k.score > b.score) {
			b = k
		}
	}
	return b
}

// lnSeries holds 1/(2k+1) for k = 11 down to 1: the coefficients of the series below.
var lnSeries = [...]float64{1.0 / 23, 1.0 / 21, 1.0 / 19, 1.0 / 17, 1.0 / 15, 1.0 / 13, 1.0 / 11, 1.0 / 9, 1.0 / 7, 1.0 / 5, 1.0 / 3}

// ln is the natural logarithm of x > 0, computed only with correctly rounded arithmetic so
// that it gives the same bits on every platform, which math.Log does not promise.
func ln(x float64) float64 {
	if !(x > 0) {
		return math.Inf(-1)
	}
	frac, exp := math.Frexp(x)
	if frac < math.Sqrt2/2 {
		frac *= 2
		exp--
	}
	// With frac in [0.707, 1.414), s = (frac-1)/(frac+1) is below 0.172 in size, and
	// ln(frac) = 2s(1 + s²/3 + s⁴/5 + ...), whose terms past s²² are below one part in 1e17.
	s := (frac - 1) / (frac + 1)
	s2 := float64(s * s)
	p := 0.0
	for _, c := range lnSeries {
		p = float64(p*s2) + c
	}
	p = float64(p*s2) + 1
	return float64(2*float64(s*p)) + float64(float64(exp)*math.Ln2)
}
