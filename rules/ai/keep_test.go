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
// the same moves, statistics and proofs at every node, compared with a twin of the previous
// search that nothing took over. It takes the subtree over in place, in the previous
// search's arena, and the previous search still reports what it found. The search then goes
// on from the kept visits.
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
			prev, twin := NewSearch(tc.st, cfg), NewSearch(tc.st, cfg)
			prev.StepIterations(iterations)
			twin.StepIterations(iterations)
			old := twin.tree()
			before, best := prev.Stats(), prev.Best()
			taken := prev.tree().tree.taken
			n, st := &old.top, tc.st.Clone()
			for range tc.depth {
				n = mostVisited(old, n)
				st.Apply(n.move)
			}
			if !n.expanded {
				t.Fatalf("bad test: the node %d decisions down is not expanded", tc.depth)
			}
			next := newSearch(st, cfg, prev)
			// The subtree is taken over at the first use; the caller's position may
			// change before.
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
			if got := kept.tree.taken; got != taken {
				t.Errorf("the new search's arena holds %d nodes, want the previous search's %d", got, taken)
			}
			if after := prev.Stats(); after != before || prev.Best() != best {
				t.Errorf("the previous search now reports %+v and %v, was %+v and %v", after, prev.Best(), before, best)
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

// TestArenaReusesSpareBlocks checks the order in which the arena hands out nodes once some
// are spare: a spare block of the size asked for, else the front of the smallest larger
// one, whose rest stays spare, and only then new room, up to the node limit.
func TestArenaReusesSpareBlocks(t *testing.T) {
	type want struct {
		span        span
		ok          bool
		used, taken int
	}
	tests := []struct {
		name  string
		force bool
		n     int
		want  want
	}{
		{"a spare block of that size", false, 3, want{span{0, 13}, true, 8, 21}},
		{"else the front of the smallest larger one", false, 4, want{span{0, 0}, true, 12, 21}},
		{"the next smallest, 8 nodes", false, 2, want{span{0, 5}, true, 14, 21}},
		{"the rest of it, which stayed spare", false, 6, want{span{0, 7}, true, 20, 21}},
		{"new room once nothing spare is large enough", false, 2, want{span{0, 21}, true, 22, 23}},
		{"the last node left of the first block", false, 1, want{span{0, 4}, true, 23, 23}},
		{"nothing at the limit", false, 1, want{ok: false, used: 23, taken: 23}},
		{"forced past the limit", true, 1, want{span{0, 23}, true, 24, 24}},
	}
	a := arena{limit: 23}
	for _, n := range []int{5, 8, 3, 5} {
		a.alloc(n, false)
	}
	a.release(0, 0, 5)
	a.release(0, 5, 8)
	a.release(0, 13, 3)
	if a.used != 5 || a.taken != 21 {
		t.Fatalf("bad test: %d used and %d taken after the releases", a.used, a.taken)
	}
	for _, tc := range tests {
		chunk, first, kids, ok := a.alloc(tc.n, tc.force)
		got := want{span{chunk, first}, ok, a.used, a.taken}
		if got != tc.want {
			t.Errorf("%s: alloc(%d) gives %+v, want %+v", tc.name, tc.n, got, tc.want)
		}
		if ok && (len(kids) != tc.n || &kids[0] != &a.chunks[chunk][first]) {
			t.Errorf("%s: the block is %d nodes at %p, want %d at %p", tc.name, len(kids), &kids[0], tc.n, &a.chunks[chunk][first])
		}
	}
}

// TestKeptSearchesShareOneArena follows a game through a chain of searches, each keeping
// the last one's subtree, with a node limit the first search already fills: the arena never
// grows past the limit, and every later search still grows its tree in the spare blocks.
func TestKeptSearchesShareOneArena(t *testing.T) {
	const limit = 400
	cfg := Config{Seed: 5, Iterations: 3000, MaxNodes: limit}
	st := newTTT(".../.../...", 0, 1, 1)
	var prev *Search
	for decision := 0; ; decision++ {
		s := newSearch(st, cfg, prev)
		s.StepIterations(1)
		tr := s.tree()
		if decision > 0 && tr.kept == 0 {
			t.Fatalf("decision %d kept nothing", decision)
		}
		start := tr.tree.used
		s.StepIterations(cfg.Iterations)
		if tr.tree.taken > limit {
			t.Errorf("decision %d: the arena holds %d nodes, past the limit of %d", decision, tr.tree.taken, limit)
		}
		// The first search fills the arena; the next two have little room left but the
		// spare blocks, and still grow their trees by more than an eighth of the limit.
		if grown := tr.tree.used - start; (decision == 1 || decision == 2) && grown < limit/8 {
			t.Errorf("decision %d: the tree grew by %d nodes, from %d, want %d or more", decision, grown, start, limit/8)
		}
		if len(st.LegalMoves(nil)) == 0 || tr.top.solved {
			if decision < 2 {
				t.Fatalf("bad test: the game ended after %d decisions", decision)
			}
			return
		}
		st.Apply(s.Best())
		prev = s
	}
}

// TestSpareFor checks the search for the smallest spare block large enough, across the
// words of the size bitmap.
func TestSpareFor(t *testing.T) {
	var a arena
	a.chunks = [][]node{make([]node, 300)}
	a.release(0, 0, 3)
	a.release(0, 3, 64)
	a.release(0, 67, 130)
	tests := []struct {
		n, want int
		ok      bool
	}{{1, 3, true}, {3, 3, true}, {4, 64, true}, {63, 64, true}, {64, 64, true}, {65, 130, true}, {130, 130, true}, {131, 0, false}, {300, 0, false}}
	for _, tc := range tests {
		if got, ok := a.spareFor(tc.n); got != tc.want || ok != tc.ok {
			t.Errorf("spareFor(%d) = %d, %v; want %d, %v", tc.n, got, ok, tc.want, tc.ok)
		}
	}
}
