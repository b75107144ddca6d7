package alquerque

import (
	"fmt"
	"maps"
	"math/bits"
	"slices"

	"koma/rules"
	"koma/rules/board"
)

// Game is the definition card of Alquerque.
var Game = &rules.Game{
	ID:    "alquerque",
	Sides: []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style: rules.Lines,
	Looks: []rules.Look{rules.Disc},
	Options: []rules.OptionSpec{
		{Key: "rules", Values: []string{"simple", "bell"}, Default: "simple"},
	},
	Presets: []string{"", "rules=bell"},
	// Under the simple rules at most 23 captures happen before a side is wiped out, each
	// followed by fewer than quietLimit quiet turns, so no game exceeds about 1,200 turns.
	// Bell's rules end far sooner (steps only go forward or sideways and captures are forced);
	// the same bound serves as their safety net.
	MaxTurns: 1300,
	New:      newGame,
	// Alpha-beta over the step-count evaluation beat tree search in self-play, at every level.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Engine: rules.AlphaBetaEngine},
		Blurred: rules.SearchTuning{Engine: rules.AlphaBetaEngine},
	},
}

const (
	numSites = 25
	width    = 5
	// quietLimit is the number of consecutive turns without a capture that ends a game
	// under the simple rules (Koma's stopping rule, see the package comment).
	quietLimit = 50
	// repeatLimit is the occurrence of a position that ends a game under the simple rules.
	repeatLimit = 3
	allSites    = 1<<numSites - 1
	// piecesPerSide bounds a capture chain: it takes at most every enemy piece, so its
	// path holds at most piecesPerSide+1 points.
	piecesPerSide = 12
)

// A capture chain never outgrows a Move's path, so chains are generated whole and never
// cut short; this fails to compile if that ever stops being true.
var _ [rules.MaxPath - (piecesPerSide + 1)]struct{}

// The outcome reasons, stored as small codes so that State holds no strings.
const (
	reasonNone uint8 = iota
	reasonCapturedAll
	reasonNoMoves
	reasonBlocked
	reasonRepetition
	reasonNoCaptures
)

var reasonKeys = [...]string{
	reasonNone:        "",
	reasonCapturedAll: "captured-all",
	reasonNoMoves:     "no-moves",
	reasonBlocked:     "blocked",
	reasonRepetition:  "repetition",
	reasonNoCaptures:  "no-captures",
}

// Zobrist key layout: one key per (player, site), one for Black to move, then one per site
// for each no-return memory mask.
const (
	zSide  = 2 * numSites
	zEast  = zSide + 1
	zWest  = zEast + numSites
	zCount = zWest + numSites
)

// dirDelta is the change of site index for each board direction (N, NE, E, SE, S, SW, W, NW):
// sites are numbered row*5+col, so one row up is +5.
var dirDelta = [8]int{width, width + 1, 1, 1 - width, -width, -width - 1, -1, width - 1}

// jump is one jump from a point: the point jumped over and the landing point.
type jump struct{ over, land uint8 }

// variant is the immutable data shared by every position of one rule set.
type variant struct {
	bell    bool
	opts    rules.Options
	topo    *board.Topology
	zobrist board.Zobrist
	// stepFrom[d] holds the sites with a drawn line in direction d; jumpFrom[d] those with two
	// points of line in direction d, so a jump that way stays on one straight line.
	stepFrom, jumpFrom [8]uint32
	// jumps[s][:numJumps[s]] lists the jumps from s, as jumped point and landing point, in
	// direction order; the other entries stay zero.
	jumps    [numSites][8]jump
	numJumps [numSites]uint8
	// besideJumps[s] holds the points that s can jump over: a chain can only go on from
	// s if one of them holds an enemy piece.
	besideJumps [numSites]uint32
	// farRow[p] is the opponent's home rank, where p's pieces are frozen under Bell's rules.
	farRow [2]uint32
	// initial is the starting position of the variant.
	initial State
}

var topology = board.NewPoints(width, width)

var variants = [2]*variant{newVariant(false), newVariant(true)}

func newVariant(bell bool) *variant {
	v := &variant{bell: bell, topo: topology, zobrist: board.NewZobrist("alquerque", zCount)}
	v.opts = rules.Options{"rules": "simple"}
	if bell {
		v.opts["rules"] = "bell"
	}
	for s := board.Site(0); s < numSites; s++ {
		for d := board.Dir(0); d < 8; d++ {
			n := topology.Step(s, d)
			if n == board.NoSite {
				continue
			}
			v.stepFrom[d] |= 1 << s
			if land := topology.Step(n, d); land != board.NoSite {
				v.jumpFrom[d] |= 1 << s
				v.jumps[s][v.numJumps[s]] = jump{over: uint8(n), land: uint8(land)}
				v.besideJumps[s] |= 1 << n
				v.numJumps[s]++
			}
		}
	}
	v.farRow[0] = 0b11111 << (4 * width)
	v.farRow[1] = 0b11111
	var white, black uint32
	for s := 0; s < numSites; s++ {
		row, col := s/width, s%width
		switch {
		case row < 2 || row == 2 && col > 2:
			white |= 1 << s
		case row > 2 || row == 2 && col < 2:
			black |= 1 << s
		}
	}
	v.initial.setup(v, white, black, 0)
	return v
}

func newGame(opts rules.Options) (rules.State, error) {
	var v *variant
	switch r := opts.Get("rules"); r {
	case "simple", "":
		// A caller without options (nil) gets the default rule set.
		v = variants[0]
	case "bell":
		v = variants[1]
	default:
		return nil, fmt.Errorf("alquerque: unknown rule set %q", r)
	}
	st := v.initial
	return &st, nil
}

// State is an Alquerque position. Pieces are bitmasks over the 25 points (bit s is site s,
// numbered like board.NewPoints), so copying a State copies everything it owns.
type State struct {
	rules.Status
	v *variant
	// pieces[p] holds player p's pieces.
	pieces [2]uint32
	// east and west mark pieces whose last move was a sideways step east or west; under Bell's
	// rules they may not step straight back. Always empty under the simple rules.
	east, west uint32
	// quiet counts consecutive turns without a capture (simple rules).
	quiet uint8
	// hist holds the positions since the last capture, current one included (simple rules).
	hist rules.History[[64]uint64]
}

// setup turns s into a fresh position with the given pieces, before any turn is played.
func (s *State) setup(v *variant, white, black uint32, turn rules.Player) {
	*s = State{Status: rules.Status{Turn: turn, Winner: rules.NoPlayer}, v: v, pieces: [2]uint32{white, black}}
	s.Zobrist = s.ComputeHash()
	if !v.bell {
		s.hist.Push(s.Zobrist)
	}
	s.checkEnd(turn.Other(), 1)
}

// Game returns the Alquerque definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns a copy of the options, so callers cannot alter the shared ones.
func (s *State) Variant() rules.Options { return maps.Clone(s.v.opts) }

// Board returns the 5×5 point board.
func (s *State) Board() *board.Topology { return s.v.topo }

// MidTurn is always false: every turn of this game is a single decision.
func (s *State) MidTurn() bool { return false }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be an Alquerque state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes the hash from the pieces, the side to move and the memory masks.
func (s *State) ComputeHash() uint64 {
	z := s.v.zobrist
	var h uint64
	for p := range 2 {
		for m := s.pieces[p]; m != 0; m &= m - 1 {
			h ^= z[p*numSites+bits.TrailingZeros32(m)]
		}
	}
	if s.Turn == 1 {
		h ^= z[zSide]
	}
	for m := s.east; m != 0; m &= m - 1 {
		h ^= z[zEast+bits.TrailingZeros32(m)]
	}
	for m := s.west; m != 0; m &= m - 1 {
		h ^= z[zWest+bits.TrailingZeros32(m)]
	}
	return h
}

// AppendKey encodes the full state: rule set, pieces, memory, side to move, result, the
// quiet-turn count and the repetition history as a sorted multiset of position hashes.
func (s *State) AppendKey(dst []byte) []byte {
	dst = append(dst, b2u8(s.v.bell))
	for _, m := range [4]uint32{s.pieces[0], s.pieces[1], s.east, s.west} {
		dst = append(dst, byte(m), byte(m>>8), byte(m>>16), byte(m>>24))
	}
	dst = append(dst, byte(s.Turn), b2u8(s.Over), byte(s.Winner+1), s.Reason, s.quiet)
	return s.hist.AppendKey(dst)
}

func b2u8(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// Outcome reports the result once the game is over.
func (s *State) Outcome() (rules.Outcome, bool) {
	o, over := s.Ended(reasonKeys[:])
	if !over {
		return o, false
	}
	switch s.Reason {
	case reasonRepetition, reasonNoCaptures, reasonBlocked:
		// Decided by the captures each side made, which the result shows.
		o.Scored = true
		o.Score = [2]int16{int16(piecesPerSide - bits.OnesCount32(s.pieces[1])), int16(piecesPerSide - bits.OnesCount32(s.pieces[0]))}
	}
	return o, true
}

// Pieces appends the piece on site, if any.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	if site < 0 || site >= numSites {
		return dst
	}
	for p := range 2 {
		if s.pieces[p]&(1<<site) != 0 {
			dst = append(dst, rules.Piece{Owner: rules.Player(p)})
		}
	}
	return dst
}

// LegalMoves appends the legal moves: captures first (by starting point, then direction),
// then steps (by direction, then destination).
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	p := s.Turn
	n := len(dst)
	dst = s.appendCaptures(dst, p)
	if s.v.bell && len(dst) > n {
		return dst
	}
	return s.appendSteps(dst, p)
}

func (s *State) appendSteps(dst []rules.Move, p rules.Player) []rules.Move {
	to := s.stepTargets(p)
	total := 0
	for _, t := range to {
		total += bits.OnesCount32(t)
	}
	// The slice grows once and the moves are written in place: appending them one by one
	// costs more than finding them.
	n := len(dst)
	dst = slices.Grow(dst, total)[:n+total]
	for d, t := range to {
		k := dirDelta[d]
		for ; t != 0; t &= t - 1 {
			site := bits.TrailingZeros32(t)
			dst[n] = rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(site - k), board.Site(site)}}
			n++
		}
	}
	return dst
}

// stepTargets returns, for each direction, the empty points p's pieces may step to in that
// direction. The shifts are spelled out per direction (see dirDelta) because this is the
// hottest code of a playout.
func (s *State) stepTargets(p rules.Player) (to [8]uint32) {
	v := s.v
	sf := &v.stepFrom
	empty := allSites &^ (s.pieces[0] | s.pieces[1])
	own := s.pieces[p]
	if !v.bell {
		to[board.N] = (own & sf[board.N]) << 5 & empty
		to[board.NE] = (own & sf[board.NE]) << 6 & empty
		to[board.E] = (own & sf[board.E]) << 1 & empty
		to[board.SE] = (own & sf[board.SE]) >> 4 & empty
		to[board.S] = (own & sf[board.S]) >> 5 & empty
		to[board.SW] = (own & sf[board.SW]) >> 6 & empty
		to[board.W] = (own & sf[board.W]) >> 1 & empty
		to[board.NW] = (own & sf[board.NW]) << 4 & empty
		return to
	}
	// Bell: frozen pieces never step, a piece never undoes its own sideways step, and only
	// forward and sideways directions are open.
	own &^= v.farRow[p]
	to[board.E] = (own &^ s.west & sf[board.E]) << 1 & empty
	to[board.W] = (own &^ s.east & sf[board.W]) >> 1 & empty
	if p == 0 {
		to[board.N] = (own & sf[board.N]) << 5 & empty
		to[board.NE] = (own & sf[board.NE]) << 6 & empty
		to[board.NW] = (own & sf[board.NW]) << 4 & empty
	} else {
		to[board.SE] = (own & sf[board.SE]) >> 4 & empty
		to[board.S] = (own & sf[board.S]) >> 5 & empty
		to[board.SW] = (own & sf[board.SW]) >> 6 & empty
	}
	return to
}

// chain is the scratch state of the capture search: the path so far and the board as the
// jumping piece sees it, with captured pieces already gone.
type chain struct {
	move  rules.Move
	enemy uint32
	empty uint32
	// every is set under the simple rules, where each stopping point is a move of its own.
	every bool
}

func (s *State) appendCaptures(dst []rules.Move, p rules.Player) []rules.Move {
	v := s.v
	jumpers := s.jumpers(p)
	if jumpers == 0 {
		return dst
	}
	c := chain{enemy: s.pieces[p.Other()], empty: allSites &^ (s.pieces[0] | s.pieces[1]), every: !v.bell}
	c.move.Kind = rules.Jump
	c.move.Len = 1
	for ; jumpers != 0; jumpers &= jumpers - 1 {
		from := bits.TrailingZeros32(jumpers)
		c.move.Path[0] = board.Site(from)
		dst = v.extend(dst, &c, from)
	}
	return dst
}

// extend appends the chains that continue c from site at, which holds the jumping piece.
// The scratch is restored before it returns, and unused path entries stay zero so that the
// emitted moves compare equal to moves built with rules.NewMove.
func (v *variant) extend(dst []rules.Move, c *chain, at int) []rules.Move {
	jumped := false
	js := &v.jumps[at]
	for i := range v.numJumps[at] {
		j := js[i]
		over, land := uint32(1)<<j.over, uint32(1)<<j.land
		if c.enemy&over == 0 || c.empty&land == 0 {
			continue
		}
		jumped = true
		c.enemy &^= over
		c.empty = (c.empty | 1<<at | over) &^ land
		c.move.Path[c.move.Len] = board.Site(j.land)
		c.move.Len++
		if c.every {
			dst = append(dst, c.move)
		}
		dst = v.extend(dst, c, int(j.land))
		c.move.Len--
		c.move.Path[c.move.Len] = 0
		c.empty = c.empty&^(1<<at|over) | land
		c.enemy |= over
	}
	if !jumped && !c.every && c.move.Len > 1 {
		dst = append(dst, c.move)
	}
	return dst
}

// jumpers returns the pieces of p that can jump, with the shifts spelled out per direction
// as in stepTargets.
func (s *State) jumpers(p rules.Player) uint32 {
	jf := &s.v.jumpFrom
	own, enemy := s.pieces[p], s.pieces[p.Other()]
	empty := allSites &^ (own | enemy)
	m := jf[board.N]&(enemy>>5)&(empty>>10) |
		jf[board.NE]&(enemy>>6)&(empty>>12) |
		jf[board.E]&(enemy>>1)&(empty>>2) |
		jf[board.SE]&(enemy<<4)&(empty<<8) |
		jf[board.S]&(enemy<<5)&(empty<<10) |
		jf[board.SW]&(enemy<<6)&(empty<<12) |
		jf[board.W]&(enemy<<1)&(empty<<2) |
		jf[board.NW]&(enemy>>4)&(empty>>8)
	return own & m
}

// canMove reports whether p has any legal move. It runs after every turn, so it folds the
// step targets of stepTargets into one mask instead of listing them per direction.
func (s *State) canMove(p rules.Player) bool {
	v := s.v
	sf := &v.stepFrom
	empty := allSites &^ (s.pieces[0] | s.pieces[1])
	own := s.pieces[p]
	// A step straight up or down the board needs no edge mask (shifted-out points leave the
	// 25 bits), and one is open in nearly every position: try it first.
	if !v.bell && (own<<5|own>>5)&empty != 0 {
		return true
	}
	var to uint32
	switch {
	case !v.bell:
		to = (own&sf[board.N])<<5 | (own&sf[board.NE])<<6 | (own&sf[board.E])<<1 | (own&sf[board.SE])>>4 |
			(own&sf[board.S])>>5 | (own&sf[board.SW])>>6 | (own&sf[board.W])>>1 | (own&sf[board.NW])<<4
	case p == 0:
		own &^= v.farRow[0]
		to = (own&^s.west&sf[board.E])<<1 | (own&^s.east&sf[board.W])>>1 |
			(own&sf[board.N])<<5 | (own&sf[board.NE])<<6 | (own&sf[board.NW])<<4
	default:
		own &^= v.farRow[1]
		to = (own&^s.west&sf[board.E])<<1 | (own&^s.east&sf[board.W])>>1 |
			(own&sf[board.S])>>5 | (own&sf[board.SE])>>4 | (own&sf[board.SW])>>6
	}
	return to&empty != 0 || s.jumpers(p) != 0
}

// Apply plays m, which must be one of LegalMoves.
func (s *State) Apply(m rules.Move) {
	z := s.v.zobrist
	p := s.Turn
	o := p.Other()
	from, to := int(m.Path[0]), int(m.Path[m.Len-1])
	s.forget(from)
	s.pieces[p] &^= 1 << from
	s.pieces[p] |= 1 << to
	s.Zobrist ^= z[int(p)*numSites+from] ^ z[int(p)*numSites+to]
	captured := m.Kind == rules.Jump
	if captured {
		for i := 1; i < int(m.Len); i++ {
			// A jump covers two points in a straight line, so the jumped point is the
			// midpoint of the two site indices.
			mid := (int(m.Path[i-1]) + int(m.Path[i])) / 2
			s.forget(mid)
			s.pieces[o] &^= 1 << mid
			s.Zobrist ^= z[int(o)*numSites+mid]
		}
	} else if s.v.bell {
		switch to - from {
		case 1:
			s.east |= 1 << to
			s.Zobrist ^= z[zEast+to]
		case -1:
			s.west |= 1 << to
			s.Zobrist ^= z[zWest+to]
		}
	}
	s.Turn = o
	s.Zobrist ^= z[zSide]
	occurrences := 1
	if !s.v.bell {
		if captured {
			s.quiet = 0
			s.hist.Reset()
		} else {
			s.quiet++
		}
		// Counted before the push, when the history's filter answers a new position
		// without a scan.
		occurrences += s.hist.Count(s.Zobrist)
		s.hist.Push(s.Zobrist)
	}
	s.checkEnd(p, occurrences)
}

// forget clears the no-return memory of the piece on site.
func (s *State) forget(site int) {
	z := s.v.zobrist
	if s.east&(1<<site) != 0 {
		s.east &^= 1 << site
		s.Zobrist ^= z[zEast+site]
	}
	if s.west&(1<<site) != 0 {
		s.west &^= 1 << site
		s.Zobrist ^= z[zWest+site]
	}
}

// checkEnd decides whether the game is over after mover's turn, with s.Turn to move next.
// occurrences is how often the position has now occurred under the simple rules since the
// last capture, which clears the history (1 under Bell's, which keep none).
func (s *State) checkEnd(mover rules.Player, occurrences int) {
	next := s.Turn
	switch {
	case s.pieces[next] == 0:
		s.finish(mover, reasonCapturedAll)
	case s.pieces[mover] == 0:
		s.finish(next, reasonCapturedAll)
	case s.v.bell:
		if !s.canMove(next) {
			s.finish(mover, reasonNoMoves)
		}
	case occurrences >= repeatLimit:
		s.adjudicate(reasonRepetition)
	case s.quiet >= quietLimit:
		s.adjudicate(reasonNoCaptures)
	case !s.canMove(next):
		s.adjudicate(reasonBlocked)
	}
}

// adjudicate ends a game under the simple rules in favour of the side that captured more,
// that is the side with more pieces left, since both start with twelve.
func (s *State) adjudicate(reason uint8) {
	w, b := bits.OnesCount32(s.pieces[0]), bits.OnesCount32(s.pieces[1])
	switch {
	case w > b:
		s.finish(0, reason)
	case b > w:
		s.finish(1, reason)
	default:
		s.finish(rules.NoPlayer, reason)
	}
}

func (s *State) finish(winner rules.Player, reason uint8) {
	s.Finish(winner, reason)
}

// Captures implements rules.CapturePreviewer: a jump takes the piece halfway between each
// pair of consecutive landings.
func (s *State) Captures(m rules.Move, dst []board.Site) []board.Site {
	return rules.JumpedSites(s.Board(), m, dst)
}

// WhyNot implements rules.Explainer for Bell's rules, whose restrictions surprise players
// who know the simple ones: a capture is compulsory, and some steps along a line are
// forbidden (backwards, straight back after a sideways step, sideways on the far row).
func (s *State) WhyNot(path []board.Site) string {
	if !s.v.bell || s.Over || len(path) == 0 {
		return ""
	}
	from := path[0]
	if from < 0 || int(from) >= numSites || s.pieces[s.Turn]&(1<<from) == 0 {
		return ""
	}
	if s.jumpers(s.Turn) != 0 {
		return "must-capture"
	}
	if len(path) == 2 {
		to := path[1]
		b := s.Board()
		for d := range b.NumDirs() {
			if b.Step(from, board.Dir(d)) == to && to >= 0 && (s.pieces[0]|s.pieces[1])&(1<<to) == 0 {
				return "bell-step"
			}
		}
	}
	return ""
}
