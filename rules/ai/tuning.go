package ai

import "koma/rules"

// plan is what a search of a position runs: its Config with the defaults filled in, the
// engine, and for tree search its options and whether alpha-beta runs beside the tree.
type plan struct {
	cfg    Config
	full   bool // the search takes the game's full-strength tuning
	engine rules.Engine
	tree   treeOptions
	hybrid bool
}

// planFor resolves what a search of root with cfg runs, from cfg, what the position can do
// and the tuning on its game's card. It is the one place where the card's Tuning is read.
func planFor(root rules.State, cfg Config) plan {
	var (
		t                 rules.SearchTuning
		evaluator, oracle bool
	)
	if root != nil {
		t = tuningOf(root.Game().Tuning, root.Variant(), cfg.Noise == 0)
		_, evaluator = root.(rules.Evaluator)
		_, oracle = root.(rules.Oracle)
	}
	return resolve(cfg, t, evaluator, oracle)
}

// tuningOf returns the half of a game's tuning, for the ruleset with options opts, that a
// search takes: Full when it is unblurred, else Blurred.
func tuningOf(t rules.Tuning, opts rules.Options, unblurred bool) rules.SearchTuning {
	full, blurred := t.Full, t.Blurred
	for _, p := range t.Presets {
		if matches(p.Options, opts) {
			full, blurred = p.Full, p.Blurred
			break
		}
	}
	if unblurred {
		return full
	}
	return blurred
}

// matches reports whether opts has every value that want names.
func matches(want, opts rules.Options) bool {
	for k, v := range want {
		if opts[k] != v {
			return false
		}
	}
	return true
}

// resolve merges the tuning t of a game into cfg. A plain search ignores the tuning, being
// the yardstick of the measurements; so, besides, do the fields that cfg sets itself.
// evaluator and oracle report whether the game has an evaluation and an oracle.
func resolve(cfg Config, t rules.SearchTuning, evaluator, oracle bool) plan {
	if cfg.Plain {
		t = rules.SearchTuning{}
	}
	p := plan{full: cfg.Noise == 0 && !cfg.Plain}
	if !(cfg.Exploration > 0) {
		switch {
		case cfg.Plain:
			cfg.Exploration = DefaultExploration
		case t.Exploration > 0:
			cfg.Exploration = t.Exploration
		default:
			cfg.Exploration = TunedExploration
		}
	}
	if cfg.MaxNodes <= 0 {
		cfg.MaxNodes = DefaultMaxNodes
	}
	p.cfg = cfg
	evaluated := evaluator && !cfg.Plain && !t.Unevaluated

	p.engine = cfg.Engine
	switch {
	case cfg.Plain:
		p.engine = rules.TreeEngine
	case oracle && (p.engine == rules.AutoEngine || p.engine == rules.OracleEngine):
		p.engine = rules.OracleEngine
	default:
		if p.engine == rules.AutoEngine || p.engine == rules.OracleEngine {
			p.engine = t.Engine
		}
		if p.engine != rules.AlphaBetaEngine || !evaluated {
			p.engine = rules.TreeEngine
		}
	}
	if p.engine != rules.TreeEngine || cfg.Plain {
		return p
	}

	p.tree = treeOptions{cutoff: cfg.Cutoff, policy: !t.UniformPlayouts, exact: true, rave: true, raveK: t.AllMovesVisits}
	if p.tree.cutoff == 0 {
		p.tree.cutoff = DefaultCutoff
		if t.PlayoutCutoff > 0 {
			p.tree.cutoff = t.PlayoutCutoff
		}
	}
	if !evaluated {
		p.tree.cutoff = -1
	}
	p.hybrid = evaluated && !t.TreeAlone
	return p
}

// EngineFor tells which engine a search of root with cfg runs: the oracle for a game that
// has one, unless cfg names another engine; else the one cfg names, else the one the
// game's tuning names for a search of this strength, else tree search; alpha-beta only
// where the game has an evaluation that this search may use, and never anything but tree
// search for a plain search.
func EngineFor(root rules.State, cfg Config) rules.Engine { return planFor(root, cfg).engine }
