package ai

import (
	"koma/rules"
)

// hybridShare is the part of the work, in quarters, that a hybrid search gives to its
// alpha-beta half.
const hybridShare = 1

// hybrid runs tree search and, beside it, an alpha-beta search that tries to settle the
// position exactly. The tree chooses the move until alpha-beta proves a win or a loss;
// from then on alpha-beta's exact play wins fastest or resists longest. Endgames that the
// tree would need many iterations to prove are thus played perfectly.
type hybrid struct {
	tree  *mcts
	ab    *alphaBeta
	turn  int
	iters int
}

func newHybrid(root rules.State, cfg Config, opt treeOptions, prev *mcts) *hybrid {
	abCfg := cfg
	abCfg.Noise = 0
	abCfg.MaxNodes = max(cfg.MaxNodes/4, 1<<16)
	return &hybrid{tree: newTree(root, cfg, opt, prev), ab: newAlphaBeta(root, abCfg)}
}

func (h *hybrid) proven() bool {
	return h.ab.doneDepth > 0 && (h.ab.score > mateBound || h.ab.score < -mateBound)
}

func (h *hybrid) iterations() int { return h.tree.iterations() }

func (h *hybrid) finished() bool { return h.tree.finished() || h.proven() }

func (h *hybrid) work(units, stop int) {
	h.turn = (h.turn + 1) % 4
	if h.turn < hybridShare && !h.ab.finished() {
		h.ab.work(units, maxIterations)
		return
	}
	h.tree.work(units, stop)
}

func (h *hybrid) bestMoveNow() rules.Move {
	if h.proven() {
		return h.ab.bestMove
	}
	return h.tree.bestMoveNow()
}

func (h *hybrid) stats() Stats {
	if h.proven() {
		st := h.ab.stats()
		st.Iterations = h.tree.iterations()
		st.Engine = "mcts"
		return st
	}
	return h.tree.stats()
}
