package ai

import (
	"math"
	"math/rand/v2"

	"koma/rules"
)

// unit is the reward of a win in a node's score; a draw earns half of it. A fine unit lets
// an evaluation credit fractions of a win while wins and draws stay exact: the mean
// score/(unit*visits) is the same number the half-point counts of the first version gave.
const unit = 2048

// node is one decision in the tree. Its children sit side by side in one chunk of the arena.
type node struct {
	move     rules.Move   // the move from the parent
	mover    rules.Player // who made move; every sibling shares it
	expanded bool         // the children exist (a leaf may still be unexpanded)
	solved   bool         // the result from here under best play is known
	proven   rules.Player // that result's winner, NoPlayer for a draw
	plies    uint16       // once solved, decisions from here to the end under best play
	// key is historyKey(move), kept because the all-moves update reads it for every
	// child of every node of every iteration's path; it fills what was padding.
	key    uint16
	chunk  uint32 // where the children are
	first  uint32
	n      uint32 // how many children
	visits uint32
	score  uint64 // rewards for mover, in units of 1/unit of a win
	// amafVisits and amafScore count the iterations in which mover played move at any
	// later point, not only here (all moves as first), when the rave option is on.
	amafVisits uint32
	amafScore  uint64
}

// treeOptions are the game-provided helps the tree search may use. The zero value is the
// plain search: uniformly random playouts to the end of the game.
type treeOptions struct {
	// cutoff, when positive, stops a playout after that many turns and scores it with the
	// game's evaluation.
	cutoff int
	// policy lets the game's PlayoutPolicy pick playout moves.
	policy bool
	// exact prefers the shortest proven win and the longest proven loss; the plain search
	// takes the first proven win it finds.
	exact bool
	// rave blends each child's mean with the mean of the iterations in which its move was
	// played later by the same player (rapid action value estimation), which speeds up
	// learning in games where a move is worth much the same whenever it is played.
	rave bool
	// raveK, when positive, replaces the constant raveK in that blend.
	raveK float64
}

// raveK is the number of visits at which a child's own mean and its all-moves mean weigh
// the same in the rave blend.
const raveK = 300

// played is one decision of an iteration, for the all-moves statistics.
type played struct {
	key   uint32 // historyKey of the move
	mover rules.Player
}

// mcts is a Monte Carlo tree search in progress.
type mcts struct {
	cfg     Config
	opt     treeOptions
	root    rules.State // the position searched, never modified
	scratch rules.State // the position of the iteration in progress
	eval    *evaluation
	rng     *rand.Rand
	top     node // the root node; its children are the root's legal moves
	tree    arena
	path    []*node // the nodes of the iteration in progress, root first
	moves   []rules.Move
	roll    rollout
	steer   *steering // the game's playout policy in scratch, when opt.policy is set
	rolling bool      // a playout of the iteration in progress is under way in scratch
	over    bool      // the root position has no legal move
	iters   int
	kept    int // the root's visits inherited from the previous search
	depth   int
	// The decisions of the iteration in progress, and for each player and move key the
	// first of them in which the player made that move (the low 16 bits), valid where
	// the bits above hold iters+1. One word per key costs one cache miss, not two.
	trail []played
	seq   []played
	marks [2][]uint64
	// beta[v] is the weight of the all-moves mean in the blend for a child of v visits.
	beta []float64
}

// newTree starts a tree search from a copy of root, which must not be nil. When prev, a
// finished search with the same settings, reached root, the new search keeps what prev
// learnt below it.
func newTree(root rules.State, cfg Config, opt treeOptions, prev *mcts) *mcts {
	s := &mcts{cfg: cfg, opt: opt, rng: rand.New(rand.NewPCG(cfg.Seed, 0x6b6f6d612d6169))}
	s.top.mover = rules.NoPlayer
	s.root = root.Clone()
	s.scratch = root.Clone()
	if opt.cutoff > 0 {
		// The evaluator is bound to scratch, so it always sees the playout's position.
		if e, ok := s.scratch.(rules.Evaluator); ok {
			s.eval = &evaluation{st: s.scratch, e: e, noise: cfg.Noise, seed: cfg.Seed}
		} else {
			s.opt.cutoff = 0
		}
	}
	if s.opt.policy {
		s.steer = newSteering(s.scratch, &s.moves)
		s.opt.policy = s.steer != nil
	}
	if s.opt.rave {
		if s.opt.raveK <= 0 {
			s.opt.raveK = raveK
		}
		for p := range 2 {
			s.marks[p] = make([]uint64, historySize)
		}
		s.beta = make([]float64, smallVisits)
		for v := range s.beta {
			s.beta[v] = math.Sqrt(s.opt.raveK / float64(3*float64(v)+s.opt.raveK))
		}
	}
	s.tree.limit = cfg.MaxNodes
	if prev != nil && prev.opt == s.opt && prev.cfg.Exploration == cfg.Exploration && prev.cfg.MaxNodes == cfg.MaxNodes &&
		prev.cfg.Noise == cfg.Noise {
		if n := keptFrom(prev, root); n != nil {
			s.takeOver(prev, n)
		}
	}
	// The root is expanded whatever the node limit, so that Best is a real move from the
	// start; the children are shuffled, so an early Best is a fair random choice.
	if !s.top.expanded && !s.expand(&s.top, s.root, true) {
		s.over = true
	}
	return s
}

// expandAt is how many visits a leaf needs before it is expanded. One while the tree has
// room; once more than half the node limit is used, the full search asks for more as the room
// shrinks (two at half full, four at three quarters, and so on), so that the last nodes go
// to the leaves it visits most rather than to the first it happens upon. At a long think
// time the limit comes within the first second or two, and without this the rest of the
// search would only refine a tree that no longer grows. The plain search and the Beginner
// keep expanding at once, as they always did.
func (s *mcts) expandAt() uint32 {
	free := s.tree.limit - s.tree.used
	if !s.opt.rave || 2*free >= s.tree.limit {
		return 1
	}
	if free <= 0 {
		return math.MaxUint32
	}
	return uint32(s.tree.limit / free)
}

func (s *mcts) kids(n *node) []node {
	return s.tree.chunks[n.chunk][n.first : n.first+n.n]
}

// expand creates the children of n, the node of position st, in shuffled order. It reports
// false when st is over (n is then marked solved) or the node limit forbids it.
func (s *mcts) expand(n *node, st rules.State, force bool) bool {
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
		kids[i] = node{move: moves[i], mover: mover, proven: rules.NoPlayer, key: uint16(historyKey(moves[i]))}
	}
	n.chunk, n.first, n.n, n.expanded = chunk, first, uint32(len(moves)), true
	return true
}

func (s *mcts) markTerminal(n *node, st rules.State) {
	o, ok := st.Outcome()
	if !ok {
		// A state without moves must report its outcome; scoring a broken one as a draw
		// keeps the search going without trusting it.
		o.Winner = rules.NoPlayer
	}
	n.solved, n.proven, n.plies = true, o.Winner, 0
}

// finished reports whether further work cannot change the result.
func (s *mcts) finished() bool {
	return s.over || s.top.n == 1 || s.top.solved ||
		(s.cfg.Iterations > 0 && s.iters >= s.cfg.Iterations) || s.iters >= maxIterations
}

func (s *mcts) iterations() int { return s.iters }

// work advances the search by about units decisions, finishing iterations as it goes,
// and stops early once the count of iterations reaches stop.
func (s *mcts) work(units, stop int) {
	for units > 0 && s.iters < stop && !s.finished() {
		if !s.rolling {
			units -= s.begin()
			continue
		}
		var trail *[]played
		if s.opt.rave {
			trail = &s.trail
		}
		used, r, ended := s.roll.advance(s.scratch, s.rng, &s.moves, units, s.eval, s.steer, trail)
		units -= used
		if ended {
			units--
			leaf := s.path[len(s.path)-1]
			if s.roll.decisions == 0 && !s.roll.capped && !s.roll.evaluated {
				// The playout found the leaf already over: that is a proof.
				leaf.solved, leaf.proven, leaf.plies = true, r.winner, 0
			}
			s.rolling = false
			s.finish(r, leaf.solved)
		}
	}
}

// begin descends from the root to a leaf, expanding it when it has been visited before,
// and either starts a playout there or, at a proven node, completes the iteration at once.
// It returns the number of decisions it applied, at least 1.
func (s *mcts) begin() int {
	st := s.scratch
	st.CopyFrom(s.root)
	s.path = append(s.path[:0], &s.top)
	n := &s.top
	cost := 1
	for {
		if n.solved {
			s.finish(outcomeResult(n.proven), false)
			return cost
		}
		if !n.expanded {
			if n.visits < s.expandAt() {
				break
			}
			if !s.expand(n, st, false) {
				if n.solved { // the position is over
					s.finish(outcomeResult(n.proven), true)
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
	s.roll.reset(st.Game(), s.opt.cutoff)
	s.rolling = true
	return cost
}

// pick chooses the child of n to descend into by UCT, from the point of view of the
// children's mover. Unvisited children come first, in their shuffled order. Children proven
// lost for the mover are skipped, since their value is settled; one always remains, because
// a node whose children are all proven is solved itself and never descended into.
func (s *mcts) pick(n *node) *node {
	kids := s.kids(n)
	logN := lnVisits(n.visits)
	reach := float64(s.cfg.Exploration * math.Sqrt(logN)) // the exploration bonus of one visit
	var best, fresh *node
	bestScore := math.Inf(-1)
	for i := range kids {
		k := &kids[i]
		if k.solved && k.proven != k.mover && k.proven != rules.NoPlayer {
			continue
		}
		if k.visits == 0 {
			if !s.opt.rave {
				return k
			}
			// Among the untried children, the one whose move has done best elsewhere.
			if fresh == nil || amafMean(k) > amafMean(fresh) {
				fresh = k
			}
			continue
		}
		var v float64
		if s.opt.rave {
			mean := meanOf(k.score, k.visits)
			v = mean + s.bonus(k.visits, reach, logN)
			if k.amafVisits > 0 {
				v += float64(s.blend(k.visits) * (amafMean(k) - mean))
			}
		} else {
			v = uct(k.score, k.visits, logN, s.cfg.Exploration)
		}
		if v > bestScore {
			best, bestScore = k, v
		}
	}
	if fresh != nil {
		return fresh
	}
	if best == nil {
		return &kids[0]
	}
	return best
}

// amafMean is the all-moves mean of k, or one half before any such visit.
func amafMean(k *node) float64 {
	if k.amafVisits == 0 {
		return 0.5
	}
	return meanOf(k.amafScore, k.amafVisits)
}

// result is what an iteration backs up: the reward of player 0, in units; player 1 gets
// the rest.
type result struct {
	winner rules.Player // the winner of a finished game, NoPlayer otherwise
	r0     uint64
}

func outcomeResult(winner rules.Player) result {
	switch winner {
	case 0:
		return result{winner: 0, r0: unit}
	case 1:
		return result{winner: 1, r0: 0}
	}
	return result{winner: rules.NoPlayer, r0: unit / 2}
}

// evalResult turns an evaluation for player 0 into a reward.
func evalResult(e float64) result {
	e = min(max(e, -1), 1)
	return result{winner: rules.NoPlayer, r0: uint64(float64((1+e)*unit/2) + 0.5)}
}

// finish backs the result of an iteration up the path: each node is credited from its own
// mover's point of view. When the leaf was just proven, the proof climbs as far as it holds.
func (s *mcts) finish(r result, proved bool) {
	for _, n := range s.path {
		n.visits++
		switch n.mover {
		case 0:
			n.score += r.r0
		case 1:
			n.score += unit - r.r0
		default:
			if r.winner == rules.NoPlayer {
				n.score += unit / 2
			}
		}
	}
	if proved {
		for i := len(s.path) - 2; i >= 0 && s.prove(s.path[i]); i-- {
		}
	}
	if s.opt.rave {
		s.updateAMAF(r)
	}
	s.iters++
}

// updateAMAF credits, at every node of the path, each child whose move its mover made at
// that point of the iteration or later.
func (s *mcts) updateAMAF(r result) {
	stamp := uint64(uint32(s.iters+1)) << 16
	// The tree part of the iteration comes first: the moves along the path.
	trail := s.seq[:0]
	for _, n := range s.path[1:] {
		trail = append(trail, played{key: uint32(n.key), mover: n.mover})
	}
	trail = append(trail, s.trail...)
	s.seq = trail
	for j := len(trail) - 1; j >= 0; j-- {
		pm := trail[j]
		if pm.mover != 0 && pm.mover != 1 {
			continue
		}
		// Walking backwards leaves the first occurrence in place.
		s.marks[pm.mover][pm.key] = stamp | uint64(min(j, math.MaxUint16))
	}
	for i, n := range s.path[:len(s.path)-1] {
		if !n.expanded {
			break
		}
		kids := s.kids(n)
		// Siblings share their mover.
		p := kids[0].mover
		if p != 0 && p != 1 {
			continue
		}
		marks, reward := s.marks[p], r.r0
		if p == 1 {
			reward = unit - r.r0
		}
		for c := range kids {
			k := &kids[c]
			m := marks[k.key]
			if m&^0xffff != stamp || int(m&0xffff) < i {
				continue
			}
			k.amafVisits++
			k.amafScore += reward
		}
	}
	s.trail = s.trail[:0]
}

// prove tries to settle n from its children, whose mover p is the player to move at n: one
// child won for p settles n as a win for p; otherwise n settles only when every child is
// proven, as a draw if p can reach one and else as the first proven result (with two
// players, a loss for p). The length of play is the fastest win or the slowest loss.
func (s *mcts) prove(n *node) bool {
	kids := s.kids(n)
	draw := false
	for i := range kids {
		k := &kids[i]
		if !k.solved {
			continue
		}
		if k.proven == k.mover {
			n.solved, n.proven, n.plies = true, k.proven, k.plies+1
			return true
		}
		if k.proven == rules.NoPlayer {
			draw = true
		}
	}
	longest := uint16(0)
	for i := range kids {
		if !kids[i].solved {
			return false
		}
		longest = max(longest, kids[i].plies)
	}
	n.solved, n.proven, n.plies = true, kids[0].proven, min(longest, math.MaxUint16-1)+1
	if draw {
		n.proven = rules.NoPlayer
	}
	return true
}

// best is the root child to play: a proven win if there is one, else the most visited
// child that is not proven lost (all children when every one is), preferring a proven draw
// once the root is settled as one. Ties go to the higher score, then to the earlier child.
// With the exact option the win is the fastest proven one, and when every child is lost
// the choice is the one that resists longest, so that a won endgame is played out rather
// than put off, and a lost one costs the opponent the most moves.
func (s *mcts) best() *node {
	if s.over {
		return nil
	}
	kids := s.kids(&s.top)
	mover := kids[0].mover
	lost := func(k *node) bool { return k.solved && k.proven != mover && k.proven != rules.NoPlayer }
	allLost := true
	var win *node
	for i := range kids {
		k := &kids[i]
		if k.solved && k.proven == mover {
			if !s.opt.exact {
				return k
			}
			if win == nil || k.plies < win.plies {
				win = k
			}
		}
		if !lost(k) {
			allLost = false
		}
	}
	if win != nil {
		return win
	}
	if allLost && s.opt.exact {
		slowest := &kids[0]
		for i := range kids {
			if kids[i].plies > slowest.plies {
				slowest = &kids[i]
			}
		}
		return slowest
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

func (s *mcts) bestMoveNow() rules.Move {
	if b := s.best(); b != nil {
		return b.move
	}
	return rules.Move{}
}

// value is the mean reward of k for its mover, exact once k is solved.
func (k *node) value() float64 {
	switch {
	case k.solved && k.proven == k.mover:
		return 1
	case k.solved && k.proven == rules.NoPlayer:
		return 0.5
	case k.solved:
		return 0
	case k.visits > 0:
		return float64(k.score) / float64(unit*float64(k.visits))
	}
	return 0.5
}

func (s *mcts) stats() Stats {
	st := Stats{Iterations: s.iters, Nodes: s.tree.used, Depth: s.depth, Solved: s.top.solved, Kept: s.kept, Engine: "mcts"}
	if s.opt == (treeOptions{}) {
		st.Engine = "plain"
	}
	if b := s.best(); b != nil {
		st.Visits = int(b.visits)
		st.Value = b.value()
	}
	return st
}
