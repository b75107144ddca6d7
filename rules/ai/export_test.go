package ai

import (
	"fmt"

	"koma/rules"
)

// PlanText describes, in one line, the search that set would run from root: the engine and
// every setting taken from the game's tuning, as the engine that is built holds them. The
// tuning golden compares it for every ruleset and level. A move the game names in root is
// ignored: the line describes the search that runs wherever it names none.
func PlanText(root rules.State, set Setting) string {
	if set.Level == Beginner && !set.Plain && set.Engine == rules.AutoEngine {
		return "beginner"
	}
	p := planFor(root, set.config(1))
	switch p.engine {
	case rules.AlphaBetaEngine:
		return "alphabeta"
	case rules.OracleEngine:
		return "oracle"
	}
	opt := newTree(root, p.cfg, p.tree, nil).opt
	if p.hybrid {
		opt = newHybrid(root, p.cfg, p.tree, nil).tree.opt
	}
	return fmt.Sprintf("mcts exploration=%g cutoff=%d policy=%v exact=%v rave=%v raveK=%g hybrid=%v",
		p.cfg.Exploration, opt.cutoff, opt.policy, opt.exact, opt.rave, opt.raveK, p.hybrid)
}
