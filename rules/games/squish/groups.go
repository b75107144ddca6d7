package squish

import "math/bits"

// Flowish needs the mover's largest groups every turn. Labelling all the groups anew each
// turn was a large share of a playout, yet a move changes only the groups around two
// cells: the mover's piece leaves one group and joins the groups next to its new cell, and
// a capture takes one piece out of one enemy group. So on boards with a torus layout each
// player's groups are kept in the state and only those are redone. The largest groups
// then come from a union of the groups of each size, and "all the pieces form one group"
// is a group count.

// torusPieces bounds one player's pieces on a board with a torus layout: the starting
// pattern gives each player a third of at most 64 cells, and pieces are never added.
const torusPieces = 22

// groups holds one player's groups in torus bits.
type groups struct {
	// slot[i] is a group for each bit i of used; lab[b] is the slot of the group of the
	// piece on bit b (meaningless on other bits). The labels let a move find the groups
	// around its two cells at once, and a merge keeps the slot of its largest part so
	// that only the smaller parts are labelled anew. Only torusPieces slots are used; the
	// array has 32 so that a mask, cheaper than a remainder, keeps the index in range.
	slot [32]uint64
	used uint32
	lab  [64]uint8
	// bySize[k] is the union of the groups of k pieces; sizes has bit k set when that
	// union is not empty. It has 32 entries so that the empty mask of a player without
	// pieces indexes it.
	bySize [32]uint64
	sizes  uint32
}

// reset labels the groups of own from scratch.
func (k *groups) reset(x *torus, own uint64) {
	*k = groups{}
	for rest := own; rest != 0; {
		g := x.Group(own, bits.TrailingZeros64(rest))
		rest &^= g
		k.add(g)
	}
}

// count is the number of groups.
func (k *groups) count() int { return bits.OnesCount32(k.used) }

// add records the new group g in a free slot.
func (k *groups) add(g uint64) {
	i := bits.TrailingZeros32(^k.used) & 31
	k.used |= 1 << i
	k.keep(i, g, 0)
}

// keep puts the group g in slot i, whose cells old already carry the label i, and adds
// it to the unions by size.
func (k *groups) keep(i int, g, old uint64) {
	k.slot[i&31] = g
	for m := g &^ old; m != 0; m &= m - 1 {
		k.lab[bits.TrailingZeros64(m)&63] = uint8(i)
	}
	c := bits.OnesCount64(g)
	k.bySize[c&31] |= g
	k.sizes |= 1 << (c & 31)
}

// drop takes the group g out of the unions by size; the caller frees or reuses its slot.
func (k *groups) drop(g uint64) {
	c := bits.OnesCount64(g) & 31
	k.bySize[c] &^= g
	z := k.bySize[c]
	k.sizes &^= uint32((z|-z)>>63^1) << c
}

// largest returns the pieces in a group of the largest size, all tied groups together.
func (k *groups) largest() uint64 {
	return k.bySize[(31-bits.LeadingZeros32(k.sizes))&31]
}

// moved updates the groups for the piece that stepped from bit c to bit t, onto a cell
// that held none of this player's pieces, own being the pieces that did not move. The
// groups next to t merge with t; what is left of c's group (c is next to t) may fall
// apart, and its parts next to t merge too.
func (k *groups) moved(x *torus, own uint64, c, t uint) {
	cbit, tbit := uint64(1)<<(c&63), uint64(1)<<(t&63)
	near := x.Nbr[t&63]
	ic := int(k.lab[c&63])
	gc := k.slot[ic&31]
	if gc == cbit {
		// A lone piece that stays alone or joins one group, two thirds of all moves, takes
		// one path without a branch between the two, which random play mixes: without a
		// friendly neighbour the group g found beside t is empty, and the piece keeps its
		// slot; otherwise it frees its slot and g keeps its own.
		o := own & near
		nz := (o | -o) >> 63
		i := int(k.lab[bits.TrailingZeros64(o)&63]) & 31
		g := k.slot[i] & -nz
		if o&^g == 0 {
			j := ic ^ (ic^i)&-int(nz)
			k.used &^= uint32(nz) << (ic & 31)
			n := bits.OnesCount64(g)
			k.bySize[1] &^= cbit
			k.bySize[n&31] &^= g
			k.bySize[(n+1)&31] |= g | tbit
			z1, zn := k.bySize[1], k.bySize[n&31]
			k.sizes &^= uint32((z1|-z1)>>63^1)<<1 | uint32((zn|-zn)>>63^1)<<(n&31)
			k.sizes |= 1 << ((n + 1) & 31)
			k.slot[j&31] = g | tbit
			k.lab[t&63] = uint8(j)
			return
		}
	}
	k.drop(gc)
	k.used &^= 1 << ic
	// base is the largest part of the new group and ib its slot.
	joined, base, ib := tbit, uint64(0), -1
	var apart [6]uint64
	n := 0
	for o := own & near &^ gc; o != 0; {
		i := int(k.lab[bits.TrailingZeros64(o)&63])
		g := k.slot[i&31]
		o &^= g
		k.drop(g)
		k.used &^= 1 << i
		joined |= g
		if bits.OnesCount64(g) > bits.OnesCount64(base) {
			base, ib = g, i
		}
	}
	if rest := gc &^ cbit; rest != 0 {
		if x.Whole(rest&x.Nbr[c&63], c) {
			if rest&near == 0 {
				k.used |= 1 << ic
				k.keep(ic, rest, rest)
			} else {
				joined |= rest
				if bits.OnesCount64(rest) > bits.OnesCount64(base) {
					base, ib = rest, ic
				}
			}
		} else {
			// The parts away from t are added once the new group has its slot, which
			// they could take otherwise.
			for rest != 0 {
				g := x.Group(rest, bits.TrailingZeros64(rest))
				rest &^= g
				if g&near != 0 {
					joined |= g
				} else {
					apart[n] = g
					n++
				}
			}
		}
	}
	if ib < 0 {
		k.add(joined)
	} else {
		k.used |= 1 << ib
		k.keep(ib, joined, base)
	}
	for _, g := range apart[:n] {
		k.add(g)
	}
}

// captured updates the groups for the loss of the piece on bit b.
func (k *groups) captured(x *torus, b uint) {
	i := int(k.lab[b&63])
	g := k.slot[i&31]
	k.drop(g)
	rest := g &^ (1 << (b & 63))
	if x.Whole(rest&x.Nbr[b&63], b) {
		if rest == 0 {
			k.used &^= 1 << i
		} else {
			k.keep(i, rest, rest)
		}
		return
	}
	k.used &^= 1 << i
	// Every piece left reaches b through one of b's neighbours, so once those that remain
	// form one arc, what remains is one group and needs no fill.
	for {
		g := x.Group(rest, bits.TrailingZeros64(rest&x.Nbr[b&63]))
		rest &^= g
		k.add(g)
		if x.Whole(rest&x.Nbr[b&63], b) {
			// The arcs may also have met away from b, leaving nothing.
			if rest != 0 {
				k.add(rest)
			}
			return
		}
	}
}
