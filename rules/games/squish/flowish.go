package squish

import (
	"math/bits"

	"koma/rules"
	"koma/rules/kit"
)

// This file holds what Flowish adds to Squish: its card, its step on the boards with a
// torus layout, and its moves on the general cell sets of the larger boards.

// Flowish is the definition card of Flowish, Squish with flowlines.
var Flowish = &rules.Game{
	ID:    "flowish",
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.HexCells,
	Looks: []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{
		{Key: "size", Values: []string{"3", "4", "5", "6", "7"}, Default: "5"},
	},
	Presets:  []string{"", "size=4", "size=6"},
	MaxTurns: (maxPieces + 1) * QuietLimit,
	New:      func(o rules.Options) (rules.State, error) { return newState(o, true) },
	// The learned evaluation was fitted on the 5-cell board, for Expert alone, as Squish's
	// (Flowish keeps the default exploration: 0.1 measured within the noise of it). The
	// blurred levels, and every other size, play out to the end.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Unevaluated: true},
		Blurred: rules.SearchTuning{Unevaluated: true},
		Presets: []rules.PresetTuning{{
			Options: rules.Options{"size": "5"},
			Full:    rules.SearchTuning{PlayoutCutoff: 1, TreeAlone: true},
			Blurred: rules.SearchTuning{Unevaluated: true},
		}},
	},
}

// stepFlow is stepTorus for Flowish, which keeps its groups, in one piece with settle and
// generate: their calls, and the values saved across them, were a share of a turn. It
// repeats stepTorus's move of the pieces rather than calling a shared one, which the
// compiler cannot inline: the call cost Flowish 3–4% of its playout speed.
func (s *State) stepFlow(x *torus, c, t, cb, tb uint) {
	v := s.v
	p := s.Turn & 1
	q := p ^ 1
	tm := uint64(1) << (tb & 63)
	captured := s.tocc[q]&tm != 0
	capt := -(s.tocc[q] >> (tb & 63) & 1)
	s.occ[p][0] ^= 1<<(c&63) | 1<<(t&63)
	s.occ[q][0] &^= 1 << (t & 63)
	s.Zobrist ^= v.pieceKey(int(c), p) ^ v.pieceKey(int(t), p) ^ v.keys[sideKey] ^ v.pieceKey(int(t), q)&capt
	s.tocc[p] ^= 1<<(cb&63) | tm
	own := s.tocc[q] &^ tm
	s.tocc[q] = own
	s.Turn = q
	s.grp[p].moved(x, s.tocc[p]^tm, cb, tb)
	k := &s.grp[q]
	if captured {
		k.captured(x, tb)
	}
	// From here on as settle and generate do.
	switch {
	case s.grp[p].count() == 1:
		s.finish(p, reasonUnified)
		return
	case captured && k.count() == 1:
		s.finish(q, reasonUnifiedByCapture)
		return
	}
	repeated := s.remember(captured)
	g := k.largest()
	// starOf(g), whose halves inline where starOf does not.
	seeing := own & (starsOf(&x.stars[0], uint32(g)) | starsOf(&x.stars[1], uint32(g>>32)))
	mv := &s.tmoves
	if x.N == 61 {
		flowMoves61(own, g, seeing, mv)
	} else {
		x.flowMoves(own, g, seeing, mv)
	}
	s.fallback = seeing&^g == 0 && own&^g != 0
	if s.fallback {
		x.fallbackMoves(own, g, own&^g, mv)
	}
	switch {
	case mv[0]|mv[1]|mv[2]|mv[3]|mv[4]|mv[5] == 0:
		s.finish(p, reasonNoMoves)
	case repeated:
		s.finish(rules.NoPlayer, reasonRepetition)
	case s.quiet >= QuietLimit:
		s.finish(rules.NoPlayer, reasonQuiet)
	}
}

// flowDirs returns the directions in which the piece on c may flow towards g: among the
// directions with a piece of g (other than c) along the ray, those whose nearest such
// piece is closest. ok is false when no ray from c meets g.
//
// It has no branch, which random positions would mispredict: the distance to the nearest
// piece along a ray is one more than the cells of the ray before it, and the cells of a
// ray run up the site order in the first three directions and down it in the others.
// A ray that meets no piece of g counts as farther than any board.
func flowDirs(t *kit.Hex128, g set, c int) (dirs uint8, ok bool) {
	var k [6]int
	for d := 0; d < 6; d++ {
		r := &t.Ray[c][d]
		m0, m1 := g[0]&r[0], g[1]&r[1]
		none0, none1 := ((m0|-m0)>>63)^1, ((m1|-m1)>>63)^1
		var b0, b1 uint64
		if d < 3 {
			// The cells below m's lowest: all of word 0 when m0 is empty (l0 − 1
			// wraps), and then those of word 1 below its lowest.
			b0, b1 = m0&-m0-1, (m1&-m1-1)&-none0
		} else {
			// The cells above m's highest, from the top word down.
			b1 = ^uint64(0) << (64 - bits.LeadingZeros64(m1))
			b0 = ^uint64(0) << (64 - bits.LeadingZeros64(m0)) & -none1
		}
		k[d] = bits.OnesCount64(r[0]&b0) + bits.OnesCount64(r[1]&b1) + 1 + int(none0&none1)<<8
	}
	best := min(k[0], k[1], k[2], k[3], k[4], k[5])
	for d, kd := range k {
		// kd − best is zero exactly for the nearest; minus one, its sign bit is set.
		dirs |= uint8(uint(kd-best-1)>>63) << d
	}
	return dirs, best < 1<<8
}

// flowMoves returns Flowish's moves for own, per direction, and whether they come from the
// fallback rule.
func flowMoves(t *kit.Hex128, own set) (mv [6]set, fallback bool) {
	g, _ := t.Largest(own)
	onFlow := false
	for w := 0; w < 2; w++ {
		for x := own[w]; x != 0; x &= x - 1 {
			c := w*64 + bits.TrailingZeros64(x)
			dirs, ok := flowDirs(t, g, c)
			if !ok {
				continue
			}
			if !g.Has(c) {
				onFlow = true
			}
			for d := 0; d < 6; d++ {
				if dirs>>d&1 != 0 && !own.Has(int(t.Nbr[c][d])) {
					mv[d].Add(c)
				}
			}
		}
	}
	if onFlow {
		return mv, false
	}
	others := own.AndNot(g)
	if others.Empty() {
		return mv, false
	}
	fl := flowlinesOf(t, g)
	for w := 0; w < 2; w++ {
		for x := others[w]; x != 0; x &= x - 1 {
			c := w*64 + bits.TrailingZeros64(x)
			dc := lineDist(t, fl, c)
			for d := 0; d < 6; d++ {
				a := int(t.Nbr[c][d])
				if a >= 0 && !own.Has(a) && lineDist(t, fl, a) == dc-1 {
					mv[d].Add(c)
				}
			}
		}
	}
	return mv, true
}

// flowlines holds, per line family (rows by y, letters by q, the NW–SE lines by q+y),
// the lines through a piece of g as a bit mask of the coordinate plus the radius.
type flowlines [3]uint32

func flowlinesOf(t *kit.Hex128, g set) (f flowlines) {
	r := t.Size - 1
	for w := 0; w < 2; w++ {
		for x := g[w]; x != 0; x &= x - 1 {
			c := w*64 + bits.TrailingZeros64(x)
			q, y := int(t.Q[c]), int(t.Y[c])
			f[0] |= 1 << (y + r)
			f[1] |= 1 << (q + r)
			f[2] |= 1 << (q + y + r)
		}
	}
	return f
}

// lineDist is the distance from cell c to the nearest flowline: along each family, the
// difference of the coordinate to the nearest line's.
func lineDist(t *kit.Hex128, f flowlines, c int) int {
	r := t.Size - 1
	q, y := int(t.Q[c]), int(t.Y[c])
	best := 1 << 30
	for i, x := range [3]int{y + r, q + r, q + y + r} {
		if f[i] == 0 {
			continue
		}
		if lo := f[i] & (1<<(x+1) - 1); lo != 0 {
			best = min(best, x-(31-bits.LeadingZeros32(lo)))
		}
		if hi := f[i] >> x; hi != 0 {
			best = min(best, bits.TrailingZeros32(hi))
		}
	}
	return best
}
