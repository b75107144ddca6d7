package sibling

import (
	"math/bits"

	"koma/rules"
)

// This file holds the final count: each player's group sizes, largest first, and their
// comparison by the rulebook's order.

// score compares the players' group sizes: the second-largest first, then the largest,
// then the third, fourth and so on, a missing group counting as 0. The outcome carries
// the sizes that decided.
func (s *State) score() rules.Outcome {
	var a, b groupList
	s.groups(0, &a)
	s.groups(1, &b)
	return compare(&a, &b)
}

// groupList holds one player's group sizes, largest first.
type groupList struct {
	size [maxCells]int16
	n    int
}

func (g *groupList) at(i int) int {
	if i < g.n {
		return int(g.size[i])
	}
	return 0
}

// compare decides between two group lists as the rulebook orders them.
func compare(a, b *groupList) rules.Outcome {
	n := max(a.n, b.n, 2)
	for k := range n {
		i := k
		switch k {
		case 0:
			i = 1
		case 1:
			i = 0
		}
		if x, y := a.at(i), b.at(i); x != y {
			reason := reasonSmaller
			switch i {
			case 1:
				reason = reasonSecond
			case 0:
				reason = reasonLargest
			}
			return rules.Scores(reason, x, y)
		}
	}
	// Unreachable: one player always has an odd number of pieces and the other an even
	// number, so the lists differ. Scored as a draw by the second groups all the same.
	return rules.Scores(reasonSecond, a.at(1), b.at(1))
}

// groups fills out with the sizes of p's groups, largest first. The search takes a
// piece's unseen friendly neighbours with one mask per word, and only over the words the
// board uses: this count ends every playout, and walking neighbours one by one over all
// three words of the largest board was a sixth of a playout's time.
func (s *State) groups(p rules.Player, out *groupList) {
	own := &s.occ[p]
	nw := s.v.words
	if nw == 1 {
		s.groups1(own[0], out)
		return
	}
	var seen cellSet
	var stack [maxCells]int16
	out.n = 0
	for w := range nw {
		for word := own[w] &^ seen[w]; word != 0; word = own[w] &^ seen[w] {
			c := w*64 + bits.TrailingZeros64(word)
			seen.Add(c)
			stack[0] = int16(c)
			top, size := 1, 0
			for top > 0 {
				top--
				size++
				n := &s.v.nb[stack[top]]
				for i := range nw {
					fresh := n[i] & own[i] &^ seen[i]
					seen[i] |= fresh
					for ; fresh != 0; fresh &= fresh - 1 {
						stack[top] = int16(i*64 + bits.TrailingZeros64(fresh))
						top++
					}
				}
			}
			// Insertion keeps the list sorted, largest first; lists are short.
			i := out.n
			for i > 0 && int(out.size[i-1]) < size {
				out.size[i] = out.size[i-1]
				i--
			}
			out.size[i] = int16(size)
			out.n++
		}
	}
}

// groups1 is groups for a board of at most 64 cells, the default size among them: the
// whole search stays in registers, each piece of the frontier costing one load and OR.
// Such a board has at most 61 cells, so cell 63 has no neighbours. (Growing a group by whole rings with a shift per neighbour offset, with no branch per
// piece, was slower: the large groups take many rings.)
func (s *State) groups1(own uint64, out *groupList) {
	nb := &s.v.nb1
	out.n = 0
	for rest := own; rest != 0; {
		g := rest & -rest
		for front := g; front != 0; {
			var next uint64
			// Two pieces a round, the second the spare cell 63 once the frontier has
			// run out: half the rounds, for the short frontiers of small groups.
			for front != 0 {
				i := bits.TrailingZeros64(front)
				front &= front - 1
				j := bits.TrailingZeros64(front | 1<<63)
				front &= front - 1
				next |= nb[i] | nb[j]
			}
			front = next & rest &^ g
			g |= front
		}
		rest &^= g
		size := bits.OnesCount64(g)
		// Insertion keeps the list sorted, largest first; lists are short.
		i := out.n
		for i > 0 && int(out.size[i-1]) < size {
			out.size[i] = out.size[i-1]
			i--
		}
		out.size[i] = int16(size)
		out.n++
	}
}

// GroupSizes returns p's group sizes, largest first, as the final count lists them.
func (s *State) GroupSizes(p rules.Player) []int {
	var g groupList
	s.groups(p, &g)
	out := make([]int, g.n)
	for i := range out {
		out[i] = int(g.size[i])
	}
	return out
}
