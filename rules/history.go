package rules

import (
	"slices"
)

// HistoryBuffer is the storage of a History: an array of position hashes whose length is the
// number of positions the history can hold. Each game picks the size its repetition rule
// needs.
type HistoryBuffer interface {
	~[64]uint64 | ~[128]uint64 | ~[256]uint64 | ~[512]uint64 | ~[1024]uint64
}

// History remembers positions, so that a state can apply its own repetition rule (a draw, a
// loss for the repeater, a forbidden move) without help from outside. It is a fixed-size value:
// copying a state copies its history without allocating.
//
// What a repetition compares is the game's decision, written in its doc comment: it pushes
// whatever hash its rulebook compares, the board alone (Mabi) or the board and the player to
// move (Alquerque, Tafl). A game resets the history after an irreversible move when its rule
// allows, and sizes the buffer by a bound it can prove (its no-progress rule, or MaxTurns for
// a game that remembers every position). Pushing beyond that bound panics: a history that
// silently forgot would apply the wrong rule.
//
// Most positions a game reaches are new, and most repetition checks in random playouts ask
// about one, so the history keeps a filter with a bit for the top ten bits of every hash
// it holds: Count answers a hash whose bit is clear without scanning.
type History[B HistoryBuffer] struct {
	n    uint16
	seen [16]uint64
	h    B
}

// Reset forgets every position, after an irreversible move.
func (h *History[B]) Reset() {
	h.n = 0
	h.seen = [16]uint64{}
}

// Push records a position. Past the history's bound the index check panics: this is small
// enough to inline into a game's Apply, where a call of its own would cost.
func (h *History[B]) Push(hash uint64) {
	h.h[h.n] = hash
	h.n++
	h.seen[hash>>60] |= 1 << (hash >> 54 & 63)
}

// Len is the number of positions remembered.
func (h *History[B]) Len() int { return int(h.n) }

// Cap is the number of positions the history can hold.
func (h *History[B]) Cap() int { return len(h.h) }

// Count returns how often hash occurs among the remembered positions.
func (h *History[B]) Count(hash uint64) int {
	if h.seen[hash>>60]>>(hash>>54&63)&1 == 0 {
		return 0
	}
	c := 0
	for i := range int(h.n) {
		if h.h[i] == hash {
			c++
		}
	}
	return c
}

// AppendKey appends the remembered positions to a state key as a sorted multiset: the order in
// which positions occurred never matters to a repetition rule, only how often each did.
func (h *History[B]) AppendKey(dst []byte) []byte {
	sorted := make([]uint64, h.n)
	for i := range sorted {
		sorted[i] = h.h[i]
	}
	slices.Sort(sorted)
	dst = append(dst, byte(h.n), byte(h.n>>8))
	for _, v := range sorted {
		dst = append(dst, byte(v), byte(v>>8), byte(v>>16), byte(v>>24), byte(v>>32), byte(v>>40), byte(v>>48), byte(v>>56))
	}
	return dst
}
