package ai

import (
	"math/rand/v2"

	"koma/rules"
)

// Alpha-beta scores are integers from the point of view of the player to move at a node.
const (
	// winScore is a win at the root; a win k decisions away scores winScore-k, so the
	// search prefers the fastest win and the slowest loss.
	winScore = 1_000_000
	// mateBound separates proven results from evaluations.
	mateBound = winScore - 10_000
	// evalUnit is what an evaluation of 1 is worth.
	evalUnit = 10_000
	infScore = winScore + 1
	// contempt is what a draw costs the player the search plays for: the search avoids a
	// draw unless it expects to be worse than that, and so keeps trying to win positions
	// that are only level. A tenth of a piece in Alquerque's terms.
	contempt = evalUnit / 40
	// maxPlies bounds the depth of the search in decisions.
	maxPlies = 96
	// maxExtension bounds the decisions one line may search beyond its depth through
	// unsettled positions (rules.Unsettled): enough for a long chain and the opponent's
	// answer to it, while a line of exchanges that never settles still ends.
	maxExtension = 12
	// maxExtensionTurns bounds the turns an extension may begin: it finishes the chain in
	// progress and searches the opponent's next one, the blow a static evaluation cannot
	// see coming, and then judges the position. Following every exchange to the end
	// instead left the first iteration unfinished after 10 ms on Fanorona.
	maxExtensionTurns = 1
)

// Transposition table bounds.
const (
	boundExact uint8 = iota + 1
	boundLower
	boundUpper
)

// ttEntry is one remembered position, 16 bytes.
type ttEntry struct {
	key   uint64
	score int32
	depth int8
	bound uint8
	// exact marks a result that no evaluation went into, which therefore holds at any
	// depth.
	exact bool
	move  uint8 // 1 + the index of the best move in LegalMoves order; 0 for none or beyond 254
}

// frame is one ply of the explicit search stack. Recursion cannot be paused in the middle
// of a slice, so the search keeps its own stack and can stop after any node.
type frame struct {
	st       rules.State
	ev       rules.Evaluator      // bound to st
	un       rules.Unsettled      // bound to st, or nil
	gain     rules.CaptureCounter // bound to st, or nil
	moves    []rules.Move         // in LegalMoves order
	scores   []int32              // ordering priority of each move; done moves hold doneMark
	left     int
	mover    rules.Player
	depth    int // decisions still to search below this node
	ext      int // decisions searched beyond the depth on the way here (unsettled positions)
	extTurns int // turns begun beyond the depth on the way here
	alpha    int32
	beta     int32
	alpha0   int32 // alpha on entry, to classify the result for the table
	best     int32
	bestAt   int  // index of the best move so far, -1 before the first
	cur      int  // index of the move whose child is being searched
	same     bool // that child is to be moved by the same player
	// horizon records that an evaluation went into the result: a leaf at the depth limit,
	// or a remembered result that had one.
	horizon bool
}

const doneMark = -1 << 31

// alphaBeta is an iterative-deepening alpha-beta search over the game's evaluation, with a
// transposition table, killer moves and a history table for move ordering.
type alphaBeta struct {
	cfg   Config
	trust bool         // table scores may be reused: the game is Memoryless
	us    rules.Player // the player to move at the root, whom contempt serves
	stack []frame
	sp    int // index of the innermost frame; -1 between iterations
	table []ttEntry
	mask  uint64
	// tableCap is the size the table may grow to; it starts small (growTable).
	tableCap int
	killer   [maxPlies + 2][2]rules.Move
	hist     []int32 // indexed by historyKey
	nodes    int
	over     bool
	single   bool // the root has one legal move

	rootMoves []rules.Move // the root's moves, in the order of the next iteration
	depth     int          // depth of the iteration in progress
	doneDepth int          // deepest completed iteration
	score     int32        // value of the last completed iteration
	bestMove  rules.Move   // its best move
	exact     bool         // the last completed iteration saw no horizon: its value is exact
}

// newFrame is a frame for positions of st's game, with st's capabilities bound.
func newFrame(st rules.State) frame {
	f := frame{st: st}
	f.ev, _ = st.(rules.Evaluator)
	f.un, _ = st.(rules.Unsettled)
	f.gain, _ = st.(rules.CaptureCounter)
	return f
}

// newAlphaBeta starts a search from root, which must implement rules.Evaluator.
func newAlphaBeta(root rules.State, cfg Config) *alphaBeta {
	s := &alphaBeta{cfg: cfg, sp: -1, hist: make([]int32, historySize)}
	if m, ok := root.(rules.Memoryless); ok && m.Memoryless() {
		s.trust = true
	}
	size := 1
	for size < cfg.MaxNodes && size < 1<<24 {
		size <<= 1
	}
	s.tableCap = size
	s.table = make([]ttEntry, min(size, firstTable))
	s.mask = uint64(len(s.table) - 1)
	s.rootMoves = root.LegalMoves(nil)
	if len(s.rootMoves) == 0 {
		s.over = true
		return s
	}
	// The seed decides between moves the search finds equal.
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x61622d6169))
	rng.Shuffle(len(s.rootMoves), func(i, j int) { s.rootMoves[i], s.rootMoves[j] = s.rootMoves[j], s.rootMoves[i] })
	s.bestMove = s.rootMoves[0]
	s.single = len(s.rootMoves) == 1
	s.us = root.ToMove()
	s.stack = []frame{newFrame(root.Clone())}
	return s
}

func (s *alphaBeta) iterations() int { return s.nodes }

func (s *alphaBeta) finished() bool {
	return s.over || s.single || s.exact || s.doneDepth >= maxPlies ||
		(s.doneDepth > 0 && (s.score > mateBound || s.score < -mateBound)) ||
		(s.cfg.Iterations > 0 && s.nodes >= s.cfg.Iterations) || s.nodes >= maxIterations
}

func (s *alphaBeta) bestMoveNow() rules.Move {
	if s.over {
		return rules.Move{}
	}
	// Within an iteration, the previous best move is searched first, so once a root move
	// is finished the iteration's choice is at least as well informed as the last one.
	if s.sp >= 0 && s.stack[0].bestAt >= 0 {
		return s.stack[0].moves[s.stack[0].bestAt]
	}
	return s.bestMove
}

func (s *alphaBeta) stats() Stats {
	st := Stats{Iterations: s.nodes, Nodes: s.nodes, Depth: s.doneDepth, Engine: "alphabeta"}
	switch {
	case s.doneDepth == 0:
		st.Value = 0.5
	case s.score > mateBound:
		st.Value, st.Solved = 1, true
	case s.score < -mateBound:
		st.Value, st.Solved = 0, true
	case s.exact:
		// Without evaluated leaves, a value short of a win or a loss is a draw, give or
		// take the contempt.
		st.Value, st.Solved = 0.5, true
	default:
		st.Value = min(max((1+float64(s.score)/evalUnit)/2, 0), 1)
	}
	return st
}

// firstTable is the number of entries the transposition table starts with. A full-size
// table (16 MB by default) cost about 5 ms to allocate and fault in, half of a 10 ms
// search, before the search had stored anything in it.
const firstTable = 1 << 12

// work searches about units nodes, or until the node count reaches stop.
func (s *alphaBeta) work(units, stop int) {
	for ; units > 0 && s.nodes < stop && !s.finished(); units-- {
		if s.sp < 0 {
			s.startIteration()
		}
		s.step()
	}
}

// growTable makes the table four times larger, up to its cap, once the search has visited
// twice as many positions as it holds. Entries keep their place modulo the old size, so
// none collide. step calls it, so when it grows depends only on the node count, however
// the work is sliced.
func (s *alphaBeta) growTable() {
	t := make([]ttEntry, min(4*len(s.table), s.tableCap))
	mask := uint64(len(t) - 1)
	for _, e := range s.table {
		if e.key != 0 {
			t[e.key&mask] = e
		}
	}
	s.table, s.mask = t, mask
}

// startIteration pushes the root frame for the next depth, its moves in the order the
// last iteration ranked them.
func (s *alphaBeta) startIteration() {
	s.depth = s.doneDepth + 1
	f := &s.stack[0]
	f.horizon = false
	f.moves = append(f.moves[:0], s.rootMoves...)
	f.scores = f.scores[:0]
	for i := range f.moves {
		// Earlier moves first: the last best move leads.
		f.scores = append(f.scores, int32(len(f.moves)-i))
	}
	f.left = len(f.moves)
	f.mover = f.st.ToMove()
	f.depth = s.depth
	f.ext, f.extTurns = 0, 0
	f.alpha, f.beta, f.alpha0 = -infScore, infScore, -infScore
	f.best, f.bestAt = -infScore, -1
	s.sp = 0
}

// step searches one child of the innermost frame, or closes the frame when it is done.
func (s *alphaBeta) step() {
	if s.nodes > 2*len(s.table) && len(s.table) < s.tableCap {
		s.growTable()
	}
	f := &s.stack[s.sp]
	if f.left == 0 || f.alpha >= f.beta {
		s.closeFrame()
		return
	}
	i := pickMove(f)
	f.cur = i
	if s.sp+1 == len(s.stack) {
		s.stack = append(s.stack, newFrame(f.st.Clone()))
		f = &s.stack[s.sp]
	}
	child := &s.stack[s.sp+1]
	child.st.CopyFrom(f.st)
	child.st.Apply(f.moves[i])
	s.nodes++
	ply := s.sp + 1
	mover := child.st.ToMove()
	if mover == rules.NoPlayer {
		s.deliver(f, s.terminalScore(child.st, f.mover, ply))
		return
	}
	f.same = mover == f.mover
	depth, ext, extTurns := f.depth-1, f.ext, f.extTurns
	newTurn := 0
	if !child.st.MidTurn() {
		newTurn = 1
	}
	if f.depth <= 1 && f.ext < maxExtension && f.extTurns+newTurn <= maxExtensionTurns && ply < maxPlies-1 &&
		child.un != nil && child.un.Unsettled() {
		// An exchange is under way: its moves are searched as if one more decision were
		// left, until it settles or the extension runs out.
		depth, ext, extTurns = 1, f.ext+1, f.extTurns+newTurn
	} else if f.depth <= 1 || ply >= maxPlies {
		f.horizon = true
		e := child.ev.Evaluate(f.mover)
		if s.cfg.Noise > 0 {
			e += s.cfg.Noise * blur(child.st.Hash(), s.cfg.Seed, f.mover)
		}
		s.deliver(f, int32(e*evalUnit))
		return
	}
	alpha, beta := f.alpha, f.beta
	if !f.same {
		alpha, beta = -f.beta, -f.alpha
	}
	key := child.st.Hash()
	e := &s.table[key&s.mask]
	hashMove := -1
	if e.key == key {
		if s.trust && (e.exact || int(e.depth) >= f.depth-1) {
			v := fromTable(e.score, ply)
			if e.bound == boundExact || (e.bound == boundLower && v >= beta) || (e.bound == boundUpper && v <= alpha) {
				if !e.exact {
					f.horizon = true
				}
				if !f.same {
					v = -v
				}
				s.deliver(f, v)
				return
			}
		}
		hashMove = int(e.move) - 1
	}
	child.moves = child.st.LegalMoves(child.moves[:0])
	child.mover = mover
	child.depth = depth
	child.ext, child.extTurns = ext, extTurns
	child.alpha, child.beta, child.alpha0 = alpha, beta, alpha
	child.best, child.bestAt = -infScore, -1
	child.left = len(child.moves)
	child.horizon = false
	s.order(child, ply, hashMove)
	s.sp++
}

// pickMove returns the index of the unsearched move with the highest priority, the
// earliest one among equals, and marks it searched.
func pickMove(f *frame) int {
	best := -1
	for i, sc := range f.scores {
		if sc != doneMark && (best < 0 || sc > f.scores[best]) {
			best = i
		}
	}
	f.scores[best] = doneMark
	f.left--
	return best
}

// order gives each move of f its priority: the table's move, then the captures, the
// largest first, where the game counts them (rules.CaptureCounter), then the killers of
// this ply, then the history of moves that caused cut-offs anywhere.
func (s *alphaBeta) order(f *frame, ply, hashMove int) {
	f.scores = f.scores[:0]
	k := &s.killer[ply]
	for i, m := range f.moves {
		var sc int32
		taken := 0
		if f.gain != nil && i != hashMove {
			taken = f.gain.CaptureCount(m)
		}
		switch {
		case i == hashMove:
			sc = 1 << 30
		case taken > 0:
			// Above the killers, by size; the history breaks ties within a size.
			sc = 1<<29 + 1 + int32(min(taken, 63))<<22 + s.hist[historyKey(m)]>>7
		case m == k[0]:
			sc = 1 << 29
		case m == k[1]:
			sc = 1<<29 - 1
		default:
			sc = s.hist[historyKey(m)]
		}
		f.scores = append(f.scores, sc)
	}
}

// historySize is the number of slots of the history table.
const historySize = 1 << 16

// historyKey folds the kind and the two ends of a move into a slot of the history table.
// Moves that share a slot only share an ordering hint.
func historyKey(m rules.Move) uint32 {
	k := uint32(uint8(m.From()))<<8 | uint32(uint8(m.To()))
	return (k ^ uint32(m.Kind)*0x9e37 ^ uint32(m.Tag)*0x3b1) & (historySize - 1)
}

// deliver gives f the value v, from f's mover's point of view, of the child just searched.
func (s *alphaBeta) deliver(f *frame, v int32) {
	if v > f.best {
		f.best, f.bestAt = v, f.cur
	}
	if v > f.alpha {
		f.alpha = v
	}
	if f.alpha >= f.beta {
		m := f.moves[f.cur]
		ply := s.sp
		if k := &s.killer[ply]; k[0] != m {
			k[1], k[0] = k[0], m
		}
		h := historyKey(m)
		s.hist[h] = min(s.hist[h]+int32(f.depth*f.depth), 1<<28)
	}
}

// closeFrame stores the innermost frame's result, pops it and hands the value to its
// parent; at the root it completes the iteration.
func (s *alphaBeta) closeFrame() {
	f := &s.stack[s.sp]
	ply := s.sp
	bound := boundExact
	switch {
	case f.best <= f.alpha0:
		bound = boundUpper
	case f.best >= f.beta:
		bound = boundLower
	}
	key := f.st.Hash()
	e := &s.table[key&s.mask]
	if e.key != key || int(e.depth) <= f.depth || !f.horizon {
		move := uint8(0)
		if f.bestAt < 255 {
			move = uint8(f.bestAt + 1)
		}
		*e = ttEntry{key: key, score: toTable(f.best, ply), depth: int8(min(f.depth, 127)), bound: bound, exact: !f.horizon, move: move}
	}
	if s.sp == 0 {
		s.completeIteration()
		return
	}
	v := f.best
	s.sp--
	parent := &s.stack[s.sp]
	parent.horizon = parent.horizon || f.horizon
	if !parent.same {
		v = -v
	}
	s.deliver(parent, v)
}

func (s *alphaBeta) completeIteration() {
	root := &s.stack[0]
	s.sp = -1
	s.doneDepth = s.depth
	s.score = root.best
	s.bestMove = root.moves[root.bestAt]
	s.exact = !root.horizon
	// The next iteration tries the best move first, then the rest in their old order.
	s.rootMoves = s.rootMoves[:0]
	s.rootMoves = append(s.rootMoves, s.bestMove)
	for _, m := range root.moves {
		if m != s.bestMove {
			s.rootMoves = append(s.rootMoves, m)
		}
	}
}

// terminalScore is the value of the finished position st for p, ply decisions from the
// root. A draw is worth a little less than nothing to the player the search serves.
func (s *alphaBeta) terminalScore(st rules.State, p rules.Player, ply int) int32 {
	o, ok := st.Outcome()
	switch {
	case !ok || o.Winner == rules.NoPlayer:
		if p == s.us {
			return -contempt
		}
		return contempt
	case o.Winner == p:
		return int32(winScore - ply)
	}
	return -int32(winScore - ply)
}

// toTable and fromTable store proven results relative to the node, so that a position
// reached at another depth reads the right distance to the end.
func toTable(v int32, ply int) int32 {
	switch {
	case v > mateBound:
		return v + int32(ply)
	case v < -mateBound:
		return v - int32(ply)
	}
	return v
}

func fromTable(v int32, ply int) int32 {
	switch {
	case v > mateBound:
		return v - int32(ply)
	case v < -mateBound:
		return v + int32(ply)
	}
	return v
}
