package ai

import (
	"testing"

	"koma/rules"
)

// mostVisited returns the most visited child of n, the first of equals.
func mostVisited(s *mcts, n *node) *node {
	kids := s.kids(n)
	best := &kids[0]
	for i := range kids {
		if kids[i].visits > best.visits {
			best = &kids[i]
		}
	}
	return best
}

// sameSubtree reports where the trees below a (in sa) and b (in sb) first differ in moves,
// statistics or proofs, or "" when they are the same; it counts b's nodes below b in
// *count.
func sameSubtree(sa *mcts, a *node, sb *mcts, b *node, count *int) string {
	if a.visits != b.visits || a.score != b.score || a.amafVisits != b.amafVisits || a.amafScore != b.amafScore ||
		a.solved != b.solved || a.proven != b.proven || a.plies != b.plies || a.expanded != b.expanded || a.n != b.n {
		return "statistics of " + sa.root.Game().ID
	}
	if !a.expanded {
		return ""
	}
	ka, kb := sa.kids(a), sb.kids(b)
	*count += len(kb)
	for i := range ka {
		if ka[i].move != kb[i].move || ka[i].mover != kb[i].mover || ka[i].key != kb[i].key {
			return "a child's move"
		}
		if d := sameSubtree(sa, &ka[i], sb, &kb[i], count); d != "" {
			return d
		}
	}
	return ""
}

// TestKeptTreeIsTheSubtree checks that a full-strength search of a position the previous
// search's tree reached, along the line it liked best, starts from exactly that subtree:
// the same moves, statistics and proofs at every node, and the previous search is left as it
// was. The search then goes on from the kept visits.
func TestKeptTreeIsTheSubtree(t *testing.T) {
	tests := []struct {
		name  string
		st    *ttt
		depth int // decisions from the previous root to the new one
	}{
		{"the same position", newTTT(".../.../...", 0, 1, 1), 0},
		{"after the move and the reply", newTTT(".../.../...", 0, 1, 1), 2},
		{"four decisions on", newTTT(".../.../...", 0, 1, 1), 4},
		{"two placements a turn, then the reply", newTTT(".../.../...", 0, 2, 1), 3},
	}
	const iterations = 1500
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{Seed: 7, Iterations: iterations}
			prev := NewSearch(tc.st, cfg)
			prev.StepIterations(iterations)
			old := prev.tree()
			before := prev.Stats()
			n, st := &old.top, tc.st.Clone()
			for range tc.depth {
				n = mostVisited(old, n)
				st.Apply(n.move)
			}
			if !n.expanded {
				t.Fatalf("bad test: the node %d decisions down is not expanded", tc.depth)
			}
			next := newSearch(st, cfg, prev)
			// The copy is made at the first use; the caller's position may change before.
			root := st.Clone()
			if moves := st.LegalMoves(nil); len(moves) > 0 {
				st.Apply(moves[0])
			}
			st = root
			kept := next.tree()
			count := 0
			if d := sameSubtree(old, n, kept, &kept.top, &count); d != "" {
				t.Fatalf("the kept tree differs in %s", d)
			}
			if got := next.Stats(); got.Nodes != count || got.Kept != int(n.visits) {
				t.Errorf("Stats() gives %d nodes and %d kept iterations, want the %d nodes and %d visits of the kept root",
					got.Nodes, got.Kept, count, n.visits)
			}
			if after := prev.Stats(); after != before {
				t.Errorf("the previous search changed: %+v, was %+v", after, before)
			}
			from := kept.top.visits
			next.StepIterations(200)
			if kept.top.solved {
				return
			}
			if kept.top.visits != from+200 {
				t.Errorf("root visits %d after 200 more iterations, want %d", kept.top.visits, from+200)
			}
			if !rules.IsLegal(st, next.Best()) {
				t.Errorf("Best %v is not legal", next.Best())
			}
		})
	}
}

// TestNothingKept checks the searches that must start afresh, beside one that keeps its
// tree: a position the previous tree
// never reached, a previous search with other settings, and the plain and blurred searches,
// whose strength was calibrated without a kept tree.
func TestNothingKept(t *testing.T) {
	empty := newTTT(".../.../...", 0, 1, 1)
	reply := func() rules.State {
		st := empty.Clone()
		st.Apply(st.LegalMoves(nil)[4])
		st.Apply(st.LegalMoves(nil)[0])
		return st
	}
	tests := []struct {
		name     string
		prev     Config
		next     Config
		position rules.State
		keep     bool
	}{
		{"the reply to the best move, kept", Config{}, Config{}, reply(), true},
		{"a position off the tree", Config{}, Config{}, newTTT("o../.../...", 0, 1, 1), false},
		{"another game", Config{}, Config{}, newNim(7), false},
		{"after a plain search", Config{Plain: true}, Config{}, reply(), false},
		{"a plain search", Config{}, Config{Plain: true}, reply(), false},
		{"a blurred search", Config{}, Config{Noise: 0.2}, reply(), false},
		{"after a blurred search", Config{Noise: 0.2}, Config{}, reply(), false},
		{"another exploration", Config{}, Config{Exploration: 1}, reply(), false},
	}
	const iterations = 3000
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.prev.Seed, tc.prev.Iterations = 3, iterations
			prev := NewSearch(empty, tc.prev)
			prev.StepIterations(iterations)
			next := newSearch(tc.position, tc.next, prev)
			tr := next.tree()
			if tr == nil {
				t.Fatalf("the new search runs %T, not tree search", next.eng)
			}
			if kept := tr.top.visits != 0 || next.Stats().Kept != 0; kept != tc.keep {
				t.Errorf("kept a tree: %v, want %v (%+v)", kept, tc.keep, next.Stats())
			}
		})
	}
}
