package ai

import (
	"bytes"
	"maps"
	"slices"

	"koma/rules"
)

// A full-strength tree search may start from what the previous one learnt. After the
// computer's move and the replies to it, the new position is usually deep in the previous
// tree already, with thousands of iterations below it; throwing them away would spend the
// new think time relearning them.

// keepDepth is how many decisions below the previous root a kept subtree may start: room
// for a turn of several decisions (Orochi's placement and flips, Skirt's two placements)
// followed by the opponent's.
const keepDepth = 8

// keepBudget bounds the moves applied while looking for the new root in the previous tree,
// so that a position the tree never reached (after an undo, say) costs a few milliseconds
// at most.
const keepBudget = 1 << 15

// keptFrom returns the node of prev's tree whose position is root, or nil when root is not
// among the expanded nodes within keepDepth decisions of prev's root. Shallower matches are
// found first, and at each depth the most visited moves are tried first, since the game
// most likely followed the line the search liked.
func keptFrom(prev *mcts, root rules.State) *node {
	if !prev.top.expanded || prev.root.Game() != root.Game() || !maps.Equal(prev.root.Variant(), root.Variant()) {
		return nil
	}
	want := root.AppendKey(nil)
	hash := root.Hash()
	var buf []byte
	same := func(st rules.State) bool {
		if st.Hash() != hash {
			return false
		}
		buf = st.AppendKey(buf[:0])
		return bytes.Equal(buf, want)
	}
	if same(prev.root) {
		return &prev.top
	}
	states := make([]rules.State, keepDepth+1)
	states[0] = prev.root
	for d := 1; d <= keepDepth; d++ {
		states[d] = prev.root.Clone()
	}
	budget := keepBudget
	var walk func(n *node, d, limit int) *node
	walk = func(n *node, d, limit int) *node {
		kids := prev.kids(n)
		order := make([]int, 0, len(kids))
		for i := range kids {
			if kids[i].expanded {
				order = append(order, i)
			}
		}
		slices.SortStableFunc(order, func(a, b int) int { return int(kids[b].visits) - int(kids[a].visits) })
		for _, i := range order {
			if budget == 0 {
				return nil
			}
			budget--
			k := &kids[i]
			st := states[d+1]
			st.CopyFrom(states[d])
			st.Apply(k.move)
			if d+1 == limit {
				if same(st) {
					return k
				}
				continue
			}
			if f := walk(k, d+1, limit); f != nil {
				return f
			}
		}
		return nil
	}
	for limit := 1; limit <= keepDepth && budget > 0; limit++ {
		if f := walk(&prev.top, 0, limit); f != nil {
			return f
		}
	}
	return nil
}

// takeOver makes n, a node of prev's tree, the root of s, with everything below it where it
// lies: s takes prev's arena, and the blocks of children that are not below n become spare
// for s's new nodes. So the two searches never hold two trees, and nothing is copied but
// the root. prev is left without a tree.
func (s *mcts) takeOver(prev *mcts, n *node) {
	s.top = *n
	s.top.mover = rules.NoPlayer
	s.kept = int(n.visits)
	s.tree, prev.tree = prev.tree, arena{}
	pending := []*node{&prev.top}
	for len(pending) > 0 {
		m := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		if m == n || !m.expanded {
			continue
		}
		// A released block keeps its contents until it is handed out again, which
		// happens only after this walk.
		kids := s.kids(m)
		for i := range kids {
			if kids[i].expanded {
				pending = append(pending, &kids[i])
			}
		}
		s.tree.release(m.chunk, m.first, int(m.n))
	}
	prev.top = node{mover: rules.NoPlayer}
}

// deferred is the engine of a search that may keep part of the previous one's tree. Finding
// the position and freeing the rest of the old tree take time in proportion to the tree,
// some 15 milliseconds for a full one, so they are done at the first use rather than in
// NewSearchAfter, which the app calls from its frame loop: the first Step pays for them, on
// the search's goroutine or within a browser frame's slice of work.
type deferred struct {
	build func() engine
	eng   engine
}

// get builds the engine on first use.
func (d *deferred) get() engine {
	if d.eng == nil {
		d.eng, d.build = d.build(), nil
	}
	return d.eng
}

func (d *deferred) work(units, stop int)    { d.get().work(units, stop) }
func (d *deferred) iterations() int         { return d.get().iterations() }
func (d *deferred) finished() bool          { return d.get().finished() }
func (d *deferred) bestMoveNow() rules.Move { return d.get().bestMoveNow() }
func (d *deferred) stats() Stats            { return d.get().stats() }

// spent is the engine of a finished search whose tree the next search took over: it still
// reports the move and the statistics the search ended with.
type spent struct {
	best rules.Move
	st   Stats
}

func (e spent) work(units, stop int)    {}
func (e spent) iterations() int         { return e.st.Iterations }
func (e spent) finished() bool          { return true }
func (e spent) bestMoveNow() rules.Move { return e.best }
func (e spent) stats() Stats            { return e.st }

// retire lets the next search take s's tree: s keeps answering Best and Stats as it did,
// and Line gives Best alone.
func (s *Search) retire() {
	s.eng = spent{best: s.eng.bestMoveNow(), st: s.eng.stats()}
}

// resolved is the engine behind e, built if it was deferred.
func resolved(e engine) engine {
	if d, ok := e.(*deferred); ok {
		return d.get()
	}
	return e
}
