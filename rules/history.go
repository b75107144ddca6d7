package rules

// HistoryLen is how many earlier positions a History remembers.
const HistoryLen = 100

// History remembers the hashes of the positions reached since the last irreversible move,
// so that a state can apply its own repetition rule (a draw, a loss for the repeater, a
// forbidden move) without help from outside. It is a fixed-size value: copying a state copies
// its history without allocating. When more than HistoryLen positions pass without an
// irreversible move, the oldest are forgotten; games that need longer memory bound their
// reversible stretches by a no-progress rule.
type History struct {
	n    uint8
	next uint8
	h    [HistoryLen]uint64
}

// Reset forgets every position, after an irreversible move.
func (h *History) Reset() { h.n, h.next = 0, 0 }

// Push records a position.
func (h *History) Push(hash uint64) {
	h.h[h.next] = hash
	h.next = uint8((int(h.next) + 1) % HistoryLen)
	if h.n < HistoryLen {
		h.n++
	}
}

// Len is the number of positions remembered.
func (h *History) Len() int { return int(h.n) }

// Count returns how often hash occurs among the remembered positions.
func (h *History) Count(hash uint64) int {
	c := 0
	for i := 0; i < int(h.n); i++ {
		if h.h[i] == hash {
			c++
		}
	}
	return c
}

// AppendKey appends the remembered positions, oldest first, to a state key.
func (h *History) AppendKey(dst []byte) []byte {
	start := (int(h.next) - int(h.n) + HistoryLen) % HistoryLen
	dst = append(dst, h.n)
	for i := 0; i < int(h.n); i++ {
		v := h.h[(start+i)%HistoryLen]
		dst = append(dst, byte(v), byte(v>>8), byte(v>>16), byte(v>>24), byte(v>>32), byte(v>>40), byte(v>>48), byte(v>>56))
	}
	return dst
}
