package foxhounds

import (
	"math/bits"
	"sync"
	"sync/atomic"

	"koma/rules"
)

// The tablebase holds the exact result of every position with the fox to move: how many
// turns the game lasts when both sides play perfectly. Every finished position is a loss
// for the side to move (the fox is home or trapped, or the hounds are stuck), so a
// position is won for the side to move exactly when that distance is odd.
//
// Positions are indexed by the hounds' squares and the fox's. The hounds, four alike
// pieces, stand on four of the 32 dark squares; the set is numbered by its rank in
// colexicographic order, C(d0,1)+C(d1,2)+C(d2,3)+C(d3,4) for dark squares d0<d1<d2<d3,
// which gives 0 to C(32,4)-1 = 35,959. A hound step replaces one square by a lower one,
// which always lowers the rank, so every position's successors after a hound move have a
// lower rank. The table is therefore filled in rank order, each entry exactly once, by
// backward induction from the finished positions: no queue and no second pass.
//
// Positions with the hounds to move are not stored: their value follows from the at most
// eight positions after a hound move, which Solve looks up.

const (
	numDark = 32
	// numSets is C(32,4), the number of ways to place the hounds.
	numSets = 35960
	// setsPerSlice is how many hound sets PrepareOracle processes per call: about 20 µs
	// of work on a desktop.
	setsPerSlice = 48
	// unknown marks table entries that no game reaches: the fox standing on a hound, or
	// on rank 8 with the fox to move.
	unknown = 0xff
)

// darkSite[d] is the site of dark square d (a1=0, c1=1, …, h8=31); darkOf[s] is the dark
// square of site s, or -1 for a light square.
var darkSite, darkOf = buildDark()

// binom[k][n] is C(n, k) for k = 1..4.
var binom = buildBinom()

func buildDark() (sites [numDark]int8, of [64]int8) {
	for s := range of {
		of[s] = -1
	}
	d := 0
	for s := 0; s < 64; s++ {
		if (s/8+s%8)%2 == 0 {
			sites[d], of[s] = int8(s), int8(d)
			d++
		}
	}
	return sites, of
}

func buildBinom() (b [5][numDark + 1]int32) {
	for n := 0; n <= numDark; n++ {
		c := int32(1)
		for k := 1; k <= 4; k++ {
			c = c * int32(n-k+1) / int32(k)
			if n < k {
				c = 0
			}
			b[k][n] = c
		}
	}
	return b
}

// setRank returns the colexicographic rank of four hounds given by their sites.
func setRank(hounds uint64) int32 {
	var r int32
	k := 1
	// Sites and dark squares are in the same order, so walking the sites upwards walks
	// the dark squares upwards.
	for x := hounds; x != 0; x &= x - 1 {
		r += binom[k][darkOf[bits.TrailingZeros64(x)]]
		k++
	}
	return r
}

// table is the finished tablebase: dist[rank*32 + fox's dark square] with the fox to move.
type table struct {
	dist [numSets * numDark]uint8
}

// builder fills a table a slice at a time.
type builder struct {
	// next is the rank of the next hound set to fill in, and set its dark squares.
	next int32
	set  [4]int8
	t    *table
}

// slice fills in the next n hound sets and returns the table once it is complete.
func (b *builder) slice(n int) *table {
	if b.t == nil {
		b.t = new(table)
		b.set = [4]int8{0, 1, 2, 3}
	}
	for i := 0; i < n && b.next < numSets; i++ {
		var hounds uint64
		for _, d := range b.set {
			hounds |= 1 << uint(darkSite[d])
		}
		b.t.fill(b.next, hounds)
		b.next++
		nextSet(&b.set)
	}
	if b.next < numSets {
		return nil
	}
	return b.t
}

// build is the process's one tablebase, advanced a slice at a time by PrepareOracle.
var build struct {
	mu   sync.Mutex
	b    builder
	done atomic.Pointer[table]
}

// tableReady returns the finished table, or nil.
func tableReady() *table { return build.done.Load() }

// prepareSlice fills in the next slice of the shared table and reports whether it is
// complete.
func prepareSlice() bool {
	if build.done.Load() != nil {
		return true
	}
	build.mu.Lock()
	defer build.mu.Unlock()
	if build.done.Load() != nil {
		return true
	}
	if t := build.b.slice(setsPerSlice); t != nil {
		build.done.Store(t)
		build.b = builder{}
		return true
	}
	return false
}

// nextSet advances four increasing dark squares to the next set in colexicographic order.
func nextSet(s *[4]int8) {
	for i := 0; i < 4; i++ {
		limit := int8(numDark)
		if i < 3 {
			limit = s[i+1]
		}
		if s[i]+1 < limit {
			s[i]++
			for j := 0; j < i; j++ {
				s[j] = int8(j)
			}
			return
		}
	}
}

// houndMove is one hound step from a set: the square it lands on and the rank of the
// set it makes.
type houndMove struct {
	to   int8
	rank int32
}

// houndMoves lists the steps of the hounds on their own, ignoring the fox, into dst.
func houndMoves(hounds uint64, dst *[8]houndMove) int {
	n := 0
	left, right := (hounds&^fileA)>>9&^hounds, (hounds&^fileH)>>7&^hounds
	add := func(from, to int) {
		dst[n] = houndMove{int8(to), setRank(hounds ^ 1<<uint(from) ^ 1<<uint(to))}
		n++
	}
	for x := hounds; x != 0; x &= x - 1 {
		from := bits.TrailingZeros64(x)
		if from >= 9 && left>>(from-9)&1 != 0 {
			add(from, from-9)
		}
		if from >= 7 && right>>(from-7)&1 != 0 {
			add(from, from-7)
		}
	}
	return n
}

// best combines the distances of the positions after each move into the distance of the
// position before it, for the side to move there: the fastest win if some move leaves the
// opponent lost (an even distance), otherwise the slowest loss. With no moves the side to
// move has lost at once.
type best struct {
	win, loss int
	any       bool
}

func (b *best) add(child uint8) {
	c := int(child)
	switch {
	case c%2 == 0 && (b.win < 0 || c < b.win):
		b.win = c
	case c%2 == 1 && c > b.loss:
		b.loss = c
	}
	b.any = true
}

func newBest() best { return best{win: -1, loss: -1} }

func (b *best) dist() uint8 {
	switch {
	case !b.any:
		return 0
	case b.win >= 0:
		return uint8(b.win + 1)
	}
	return uint8(b.loss + 1)
}

// houndsToMove is the distance of the position with the hounds on their sets, the fox on
// site f and the hounds to move, from the fox-to-move entries of lower ranks.
func (t *table) houndsToMove(moves []houndMove, f int) uint8 {
	if f >= 56 {
		return 0 // the fox is home: the game is over
	}
	b := newBest()
	for _, m := range moves {
		if int(m.to) != f {
			b.add(t.dist[int(m.rank)*numDark+int(darkOf[f])])
		}
	}
	return b.dist()
}

// fill computes the fox-to-move entries of hound set rank, whose squares are hounds.
func (t *table) fill(rank int32, hounds uint64) {
	var moves [8]houndMove
	n := houndMoves(hounds, &moves)
	var after [numDark]uint8 // the hounds-to-move distance with the fox on each dark square
	for d := 0; d < numDark; d++ {
		if f := int(darkSite[d]); hounds>>f&1 == 0 {
			after[d] = t.houndsToMove(moves[:n], f)
		}
	}
	row := t.dist[int(rank)*numDark:][:numDark]
	for d := 0; d < numDark; d++ {
		f := int(darkSite[d])
		if hounds>>f&1 != 0 || f >= 56 {
			row[d] = unknown
			continue
		}
		b := newBest()
		for x := foxSteps[f] &^ hounds; x != 0; x &= x - 1 {
			b.add(after[darkOf[bits.TrailingZeros64(x)]])
		}
		row[d] = b.dist()
	}
}

// distance is the number of turns left under perfect play from a position in progress
// with the fox placed.
func (t *table) distance(s *State) uint8 {
	if s.Turn == fox {
		return t.dist[int(setRank(s.hounds))*numDark+int(darkOf[s.fox])]
	}
	var moves [8]houndMove
	n := houndMoves(s.hounds, &moves)
	return t.houndsToMove(moves[:n], int(s.fox))
}

// PrepareOracle builds a slice of the tablebase and reports whether it is complete. The
// table is shared by every position and built once per process.
func (s *State) PrepareOracle() bool { return prepareSlice() }

// Solve reports the exact result of the position from the tablebase: who wins, and in how
// many turns, when the winner wins as fast as it can and the loser holds out as long as it
// can. ok is false until PrepareOracle has completed the table.
func (s *State) Solve() (rules.Solution, bool) {
	if o, over := s.Outcome(); over {
		return rules.Solution{Winner: o.Winner}, true
	}
	t := tableReady()
	if t == nil {
		return rules.Solution{Winner: rules.NoPlayer}, false
	}
	if s.fox == noFox {
		// The placement and the fox's first step are one turn: take the best start.
		b := newBest()
		c := *s
		for _, site := range foxStarts {
			c.fox = int8(site)
			b.add(t.distance(&c) + 1)
		}
		// Each start was entered one turn deeper, to count as the opponent's position in
		// b, and b adds one more: take both back off.
		return solution(fox, int(b.dist())-2), true
	}
	return solution(s.Turn, int(t.distance(s))), true
}

// solution turns a distance for the side to move into a Solution.
func solution(toMove rules.Player, d int) rules.Solution {
	if d%2 == 1 {
		return rules.Solution{Winner: toMove, Turns: d}
	}
	return rules.Solution{Winner: toMove.Other(), Turns: d}
}
