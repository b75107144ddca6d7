package ai

import (
	"math/rand/v2"

	"koma/rules"
)

// The beginner plays like someone who has just read the rules: it sees a win it can take
// this turn and a move that hands the opponent a win on their very next turn, and nothing
// deeper. Among the moves left it picks at random, weighted by a tiny tree search, so it
// often plays a sensible move and sometimes a poor one.
const (
	// beginnerIterations is the size of the beginner's tree search.
	beginnerIterations = 8
	// turnWinBudget bounds the positions examined to see whether one turn can win, so
	// that games with long turns cannot make the beginner slow: one root move is
	// classified in one go, and the browser gives a search 6 ms a frame (Orochi's two-piece
	// opening reply is 21,000 positions; 4,000 of them still took 7.8 ms once).
	turnWinBudget = 1000
)

// Classes of a root move.
const (
	moveUnknown int8 = iota
	moveWins         // the mover wins this turn
	moveLoses        // the game ends lost, or the opponent can win on their next turn
)

type beginner struct {
	// limit is the size of the tiny tree search: beginnerIterations, or none for the
	// novice, who draws evenly among the moves that neither win nor lose at once.
	limit int
	root  rules.State
	rng   *rand.Rand
	moves []rules.Move // the root's moves, shuffled
	class []int8
	// classified counts the root moves classified so far, in order.
	classified int
	tree       *mcts
	scratch    []rules.State // positions by depth for turnWin
	units      int
	draw       float64 // the random number that picks among the candidates
	over       bool
}

func newBeginner(root rules.State, seed uint64, limit int) *beginner {
	b := &beginner{limit: limit, root: root.Clone(), rng: rand.New(rand.NewPCG(seed, 0x62656769))}
	b.moves = root.LegalMoves(nil)
	if len(b.moves) == 0 {
		b.over = true
		return b
	}
	b.rng.Shuffle(len(b.moves), func(i, j int) { b.moves[i], b.moves[j] = b.moves[j], b.moves[i] })
	b.draw = b.rng.Float64()
	b.tree = newTree(root, Config{Seed: seed, Exploration: DefaultExploration, MaxNodes: 4*limit + 4}, treeOptions{}, nil)
	return b
}

func (b *beginner) iterations() int { return b.units }

// finished reports the end of the beginner's fixed work. Its choice is sound once every
// root move is classified: the tiny search only shifts the weights of the draw.
func (b *beginner) finished() bool {
	return b.over || len(b.moves) == 1 || b.classified == len(b.moves) && (b.tree.iters >= b.limit || b.tree.finished())
}

func (b *beginner) stats() Stats {
	st := b.tree.stats()
	st.Engine = "beginner"
	st.Iterations = b.units
	return st
}

// work first classifies the root moves, as many as units allows in one call (at least
// one), so that games with many slow moves to check still fit a browser's time slice;
// then it grows the tiny tree. units counts positions examined and tree iterations.
func (b *beginner) work(units, stop int) {
	if b.finished() {
		return
	}
	if b.class == nil {
		b.class = make([]int8, len(b.moves))
	}
	if b.classified < len(b.moves) {
		for left := units; b.classified < len(b.moves) && left > 0; b.classified++ {
			n := b.classify(b.classified)
			b.units += n
			left -= n
		}
		return
	}
	for units > 0 && b.units < stop && !b.finished() {
		before := b.tree.iters
		b.tree.work(min(units, quantum), b.limit)
		units -= quantum
		b.units += b.tree.iters - before
	}
}

// classify sorts root move i into a class and returns the number of positions it looked at.
func (b *beginner) classify(i int) int {
	p := b.root.ToMove()
	c := b.at(0)
	c.CopyFrom(b.root)
	c.Apply(b.moves[i])
	budget := turnWinBudget
	switch o, over := c.Outcome(); {
	case over && o.Winner == p:
		b.class[i] = moveWins
	case over && o.Winner != rules.NoPlayer:
		b.class[i] = moveLoses
	case over:
	case c.ToMove() == p:
		if b.turnWin(c, 1, &budget) {
			b.class[i] = moveWins
		}
	case b.turnWin(c, 1, &budget):
		b.class[i] = moveLoses
	}
	return 1 + turnWinBudget - max(budget, 0)
}

// at returns the scratch position for depth d.
func (b *beginner) at(d int) rules.State {
	for len(b.scratch) <= d {
		b.scratch = append(b.scratch, b.root.Clone())
	}
	return b.scratch[d]
}

// turnWin reports whether the player to move at st can win before the other player moves.
// It gives up, reporting false, once it has looked at *budget positions.
func (b *beginner) turnWin(st rules.State, d int, budget *int) bool {
	p := st.ToMove()
	for _, m := range st.LegalMoves(nil) {
		if *budget--; *budget < 0 {
			return false
		}
		c := b.at(d)
		c.CopyFrom(st)
		c.Apply(m)
		if o, over := c.Outcome(); over {
			if o.Winner == p {
				return true
			}
			continue
		}
		if c.ToMove() == p && b.turnWin(c, d+1, budget) {
			return true
		}
	}
	return false
}

// bestMoveNow takes a winning move if there is one, and otherwise draws among the moves
// that do not lose at once (all of them if every one does), each weighted by one more
// than the visits the tiny search has given it so far. The draw is fixed when the search
// starts, so the choice depends only on the work done.
func (b *beginner) bestMoveNow() rules.Move {
	if b.over {
		return rules.Move{}
	}
	if b.classified == 0 {
		return b.moves[0]
	}
	for i, c := range b.class {
		if c == moveWins {
			return b.moves[i]
		}
	}
	safe := false
	for _, c := range b.class {
		if c != moveLoses {
			safe = true
		}
	}
	visits := map[rules.Move]int{}
	for _, k := range b.tree.kids(&b.tree.top) {
		visits[k.move] = int(k.visits)
	}
	total := 0
	for i, m := range b.moves {
		if !safe || b.class[i] != moveLoses {
			total += visits[m] + 1
		}
	}
	r := int(b.draw * float64(total))
	for i, m := range b.moves {
		if safe && b.class[i] == moveLoses {
			continue
		}
		if r -= visits[m] + 1; r < 0 {
			return m
		}
	}
	return b.moves[0]
}
