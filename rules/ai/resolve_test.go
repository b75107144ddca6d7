package ai

import (
	"testing"

	"koma/rules"
)

// TestResolve is the table of how a game's tuning merges into a search's Config: which
// half a search takes, what a plain search and an explicit setting override, and how the
// engine falls back when the evaluation is out of reach.
func TestResolve(t *testing.T) {
	ab := rules.SearchTuning{Engine: rules.AlphaBetaEngine}
	tree := treeOptions{cutoff: DefaultCutoff, policy: true, exact: true, rave: true}
	tests := []struct {
		name              string
		cfg               Config
		t                 rules.SearchTuning
		evaluator, oracle bool
		engine            rules.Engine
		exploration       float64
		tree              treeOptions
		hybrid            bool
	}{
		{"untuned, no evaluation", Config{}, rules.SearchTuning{}, false, false, rules.TreeEngine, TunedExploration,
			treeOptions{cutoff: -1, policy: true, exact: true, rave: true}, false},
		{"untuned, evaluation", Config{}, rules.SearchTuning{}, true, false, rules.TreeEngine, TunedExploration, tree, true},
		{"alpha-beta named", Config{}, ab, true, false, rules.AlphaBetaEngine, TunedExploration, treeOptions{}, false},
		{"alpha-beta named, no evaluation", Config{}, ab, false, false, rules.TreeEngine, TunedExploration,
			treeOptions{cutoff: -1, policy: true, exact: true, rave: true}, false},
		{"alpha-beta named, unevaluated", Config{}, rules.SearchTuning{Engine: rules.AlphaBetaEngine, Unevaluated: true}, true, false,
			rules.TreeEngine, TunedExploration, treeOptions{cutoff: -1, policy: true, exact: true, rave: true}, false},
		{"alpha-beta asked for", Config{Engine: rules.AlphaBetaEngine}, rules.SearchTuning{Engine: rules.TreeEngine}, true, false,
			rules.AlphaBetaEngine, TunedExploration, treeOptions{}, false},
		{"tree asked for", Config{Engine: rules.TreeEngine}, ab, true, false, rules.TreeEngine, TunedExploration, tree, true},
		{"oracle", Config{}, ab, true, true, rules.OracleEngine, TunedExploration, treeOptions{}, false},
		{"oracle, tree asked for", Config{Engine: rules.TreeEngine}, ab, true, true, rules.TreeEngine, TunedExploration, tree, true},
		{"oracle asked for, none", Config{Engine: rules.OracleEngine}, ab, true, false, rules.AlphaBetaEngine, TunedExploration, treeOptions{}, false},
		{"every tree setting", Config{}, rules.SearchTuning{Exploration: 0.15, AllMovesVisits: 100, PlayoutCutoff: 20, TreeAlone: true, UniformPlayouts: true},
			true, false, rules.TreeEngine, 0.15, treeOptions{cutoff: 20, exact: true, rave: true, raveK: 100}, false},
		{"exploration and cutoff given", Config{Exploration: 0.7, Cutoff: 3}, rules.SearchTuning{Exploration: 0.15, PlayoutCutoff: 20},
			true, false, rules.TreeEngine, 0.7, treeOptions{cutoff: 3, policy: true, exact: true, rave: true}, true},
		{"plain ignores the tuning", Config{Plain: true}, rules.SearchTuning{Engine: rules.AlphaBetaEngine, Exploration: 0.15, PlayoutCutoff: 20},
			true, true, rules.TreeEngine, DefaultExploration, treeOptions{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := resolve(tc.cfg, tc.t, tc.evaluator, tc.oracle)
			if p.engine != tc.engine || p.cfg.Exploration != tc.exploration || p.tree != tc.tree || p.hybrid != tc.hybrid {
				t.Errorf("engine %d, exploration %v, tree %+v, hybrid %v; want %d, %v, %+v, %v",
					p.engine, p.cfg.Exploration, p.tree, p.hybrid, tc.engine, tc.exploration, tc.tree, tc.hybrid)
			}
			if p.cfg.MaxNodes != DefaultMaxNodes {
				t.Errorf("MaxNodes %d, want the default", p.cfg.MaxNodes)
			}
		})
	}
}

// TestTuningOf checks which half of a game's tuning a search takes, and that a preset's
// entry replaces both halves for the rulesets it matches only.
func TestTuningOf(t *testing.T) {
	full := rules.SearchTuning{Exploration: 0.2}
	blurred := rules.SearchTuning{PlayoutCutoff: 5}
	hexFull := rules.SearchTuning{Exploration: 0.15}
	tuning := rules.Tuning{Full: full, Blurred: blurred, Presets: []rules.PresetTuning{
		{Options: rules.Options{"topology": "hex"}, Full: hexFull},
		{Options: rules.Options{"topology": "hex", "size": "4"}, Full: rules.SearchTuning{Exploration: 9}},
	}}
	tests := []struct {
		name      string
		opts      rules.Options
		unblurred bool
		want      rules.SearchTuning
	}{
		{"default, full", rules.Options{"topology": "square", "size": "4"}, true, full},
		{"default, blurred", rules.Options{"topology": "square", "size": "4"}, false, blurred},
		{"preset, full", rules.Options{"topology": "hex", "size": "4"}, true, hexFull},
		{"preset, blurred", rules.Options{"topology": "hex", "size": "4"}, false, rules.SearchTuning{}},
		{"no options", nil, true, full},
	}
	for _, tc := range tests {
		if got := tuningOf(tuning, tc.opts, tc.unblurred); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
