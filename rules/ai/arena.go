package ai

import mathbits "math/bits"

// chunkNodes is the usual capacity of an arena chunk, a few hundred kilobytes: big enough
// to make allocations rare, small enough that allocating one never stalls a 6 ms slice.
const chunkNodes = 1 << 13

// arena stores the nodes below the root in chunks that never grow past their capacity, so
// pointers into them stay valid for the life of the search. A search that takes over the
// previous one's arena (keep.go) finds the blocks of children its tree no longer needs
// among the spare blocks, and fills them before it takes new room, so that one arena, no
// larger than the largest tree and never past limit nodes, serves every search of a game.
type arena struct {
	chunks [][]node
	used   int // nodes in the tree
	taken  int // nodes handed out from the chunks, in the tree or spare
	limit  int
	// spare[n] are blocks of n nodes that the tree no longer uses; bit n of sizes is set
	// when there is one.
	spare [][]span
	sizes []uint64
}

// span is where a block of nodes starts.
type span struct{ chunk, first uint32 }

// alloc reserves n contiguous nodes, or reports false when that would pass the node limit
// and no spare block is large enough. Spare blocks come first, one of exactly n nodes or
// else the front of the smallest larger one, so that the arena grows only when the tree
// outgrows what the previous search left.
func (a *arena) alloc(n int, force bool) (chunk, first uint32, kids []node, ok bool) {
	if m, ok := a.spareFor(n); ok {
		return a.reuse(m, n)
	}
	if !force && a.taken+n > a.limit {
		return 0, 0, nil, false
	}
	last := len(a.chunks) - 1
	if last < 0 || cap(a.chunks[last])-len(a.chunks[last]) < n {
		a.chunks = append(a.chunks, make([]node, 0, max(chunkNodes, n)))
		last++
	}
	c := a.chunks[last]
	start := len(c)
	a.chunks[last] = c[:start+n]
	a.used += n
	a.taken += n
	return uint32(last), uint32(start), a.chunks[last][start : start+n], true
}

// reuse hands out the first n nodes of the last spare block of m nodes, m >= n, and keeps
// the rest of it spare.
func (a *arena) reuse(m, n int) (chunk, first uint32, kids []node, ok bool) {
	list := a.spare[m]
	sp := list[len(list)-1]
	a.spare[m] = list[:len(list)-1]
	if len(list) == 1 {
		a.sizes[m/64] &^= 1 << (m % 64)
	}
	if m > n {
		a.addSpare(sp.chunk, sp.first+uint32(n), m-n)
	}
	a.used += n
	return sp.chunk, sp.first, a.chunks[sp.chunk][sp.first : sp.first+uint32(n)], true
}

// release makes the block of n nodes at first in chunk spare; the tree must no longer
// point into it.
func (a *arena) release(chunk, first uint32, n int) {
	a.addSpare(chunk, first, n)
	a.used -= n
}

func (a *arena) addSpare(chunk, first uint32, n int) {
	for len(a.spare) <= n {
		a.spare = append(a.spare, nil)
	}
	for len(a.sizes) <= n/64 {
		a.sizes = append(a.sizes, 0)
	}
	a.spare[n] = append(a.spare[n], span{chunk, first})
	a.sizes[n/64] |= 1 << (n % 64)
}

// spareFor finds the size of the smallest spare block of n nodes or more.
func (a *arena) spareFor(n int) (int, bool) {
	for w := n / 64; w < len(a.sizes); w++ {
		bits := a.sizes[w]
		if w == n/64 {
			bits &^= 1<<(n%64) - 1
		}
		if bits != 0 {
			return w*64 + mathbits.TrailingZeros64(bits), true
		}
	}
	return 0, false
}
