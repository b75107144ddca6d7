package fanorona

import (
	"encoding/binary"
	"fmt"
	"maps"
	"math/bits"

	"koma/rules"
	"koma/rules/board"
)

const gameID = "fanorona"

// Game is the definition card of Fanorona.
var Game = &rules.Game{
	ID:      gameID,
	Sides:   []rules.Side{{Colour: rules.White}, {Colour: rules.Black}},
	Style:   rules.Lines,
	Looks:   []rules.Look{rules.Disc},
	Options: options,
	Presets: []string{"", "board=dimy", "end=forward"},
	// Every turn that captures takes at least one of the 44 pieces, and at most quietLimit
	// turns without a capture pass between two of them, so no game outlasts 44×100 turns
	// and a few; under forward paika far fewer (see the package doc).
	MaxTurns: 4500,
	New:      newGame,
	// Alpha-beta plays best at full strength; blurred alpha-beta gave pieces away (Easy
	// beat Beginner 25 – 12 with it, 38 – 2 with tree search), so the blurred levels search
	// a tree.
	Tuning: rules.Tuning{
		Full:    rules.SearchTuning{Engine: rules.AlphaBetaEngine},
		Blurred: rules.SearchTuning{Engine: rules.TreeEngine},
	},
}

// options are the variant options: the board, and the rule that keeps a game from going
// on for ever (see the package doc for the default).
var options = []rules.OptionSpec{
	{Key: "board", Values: []string{"tsivy", "dimy"}, Default: "tsivy"},
	{Key: "end", Values: []string{"loop", "forward", "draw"}, Default: "loop"},
}

const (
	// quietLimit is the number of consecutive turns without a capture that ends a game
	// under the loop rules (Koma's safety-net trigger, see the package comment).
	quietLimit = 100
	// repeatLimit is the occurrence of a position that ends a game under the loop rules
	// (Koma's repetition trigger, see the package comment).
	repeatLimit = 3
	// maxSites is the size of the per-site tables: Tsivy's 45 points.
	maxSites = 45
)

// The tags of a Step move: a paika, or a capturing step by approach or by withdrawal.
const (
	tagPaika uint8 = iota
	tagApproach
	tagWithdrawal
)

// The outcome reasons, stored as small codes so that State holds no strings.
const (
	reasonNone uint8 = iota
	reasonCapturedAll
	reasonNoMoves
	reasonRepetition
	reasonNoCaptures
	reasonRepetitionDraw
	reasonNoCapturesDraw
)

var reasonKeys = [...]string{
	reasonNone:           "",
	reasonCapturedAll:    "captured-all",
	reasonNoMoves:        "no-moves",
	reasonRepetition:     "repetition",
	reasonNoCaptures:     "no-captures",
	reasonRepetitionDraw: "repetition-draw",
	reasonNoCapturesDraw: "no-captures-draw",
}

// Zobrist key layout, in blocks of 64 so that both boards share it: the pieces of each
// player, Black to move, then during a chain the point of the capturing piece, the points
// it visited and the direction of its last step.
const (
	zPieces  = 0
	zSide    = 128
	zAt      = zSide + 1
	zVisited = zAt + 64
	zDir     = zVisited + 64
	zCount   = zDir + 8
)

// variant is the immutable data shared by every position of one set of options.
type variant struct {
	opts    rules.Options
	topo    *board.Topology
	zobrist board.Zobrist
	width   int
	sites   int
	// all holds every point of the board.
	all uint64
	// per is the number of pieces each side starts with.
	per int
	// from[d] holds the points with a drawn line in direction d; a point shifted by
	// (x & from[d]) << shl[d] >> shr[d] is its neighbour that way.
	from     [8]uint64
	shl, shr [8]uint8
	delta    [8]int
	// dirOf maps the index change of a step, plus width+1, to its direction.
	dirOf [24]int8
	// ray[s][d] holds the points beyond s in direction d along its drawn line.
	ray [maxSites][8]uint64
	// paikaDirs[p] has bit d set when p may make a paika in direction d.
	paikaDirs [2]uint8
	// near is every point's neighbours along drawn lines.
	near [maxSites]uint64
	// forward is the forward-paika rule; loopDraw scores a loop as a draw.
	forward, loopDraw bool
	initial           State
}

var variants = map[string]*variant{}

func init() {
	for _, b := range options[0].Values {
		for _, e := range options[1].Values {
			variants[b+","+e] = newVariant(b, e)
		}
	}
}

func newVariant(boardName, end string) *variant {
	w := 9
	if boardName == "dimy" {
		w = 5
	}
	topo := board.NewPoints(w, 5)
	v := &variant{
		opts:     rules.Options{"board": boardName, "end": end},
		topo:     topo,
		zobrist:  board.NewZobrist(gameID, zCount),
		width:    w,
		sites:    w * 5,
		all:      1<<(w*5) - 1,
		forward:  end == "forward",
		loopDraw: end == "draw",
	}
	v.delta = [8]int{w, w + 1, 1, 1 - w, -w, -w - 1, -1, w - 1}
	for i := range v.dirOf {
		v.dirOf[i] = -1
	}
	for d, k := range v.delta {
		v.dirOf[k+w+1] = int8(d)
		if k > 0 {
			v.shl[d] = uint8(k)
		} else {
			v.shr[d] = uint8(-k)
		}
	}
	for s := range v.sites {
		for d := range 8 {
			n := topo.Step(board.Site(s), board.Dir(d))
			if n == board.NoSite {
				continue
			}
			v.from[d] |= 1 << s
			v.near[s] |= 1 << n
			for ; n != board.NoSite; n = topo.Step(n, board.Dir(d)) {
				v.ray[s][d] |= 1 << n
			}
		}
	}
	if v.forward {
		// Straight and diagonally forward: up the board for White, down for Black.
		v.paikaDirs = [2]uint8{1<<board.N | 1<<board.NE | 1<<board.NW, 1<<board.S | 1<<board.SE | 1<<board.SW}
	} else {
		v.paikaDirs = [2]uint8{0xff, 0xff}
	}
	var white, black uint64
	for s := range v.sites {
		row, col := s/w, s%w
		switch {
		case row < 2:
			white |= 1 << s
		case row > 2:
			black |= 1 << s
		case w == 9 && (col == 1 || col == 3 || col == 6 || col == 8):
			white |= 1 << s
		case w == 9 && col != 4:
			black |= 1 << s
		case w == 5 && (col == 0 || col == 3):
			white |= 1 << s
		case w == 5 && col != 2:
			black |= 1 << s
		}
	}
	v.per = bits.OnesCount64(white)
	v.initial.setup(v, white, black, 0)
	return v
}

func newGame(opts rules.Options) (rules.State, error) {
	get := func(key string) string {
		if x := opts.Get(key); x != "" {
			return x
		}
		// A caller without options (nil) gets the defaults.
		for _, o := range options {
			if o.Key == key {
				return o.Default
			}
		}
		return ""
	}
	v := variants[get("board")+","+get("end")]
	if v == nil {
		return nil, fmt.Errorf("fanorona: unknown options %v", opts)
	}
	st := v.initial
	return &st, nil
}

// State is a Fanorona position. Pieces are bitmasks over the points (bit s is site s,
// numbered row*width+col as board.NewPoints numbers them), so copying a State copies
// everything it owns.
type State struct {
	rules.Status
	v *variant
	// pieces[p] holds player p's pieces.
	pieces [2]uint64
	// visited holds, during a chain, the points the capturing piece has stood on this turn,
	// its starting point and its current point included; empty between turns.
	visited uint64
	// at is the point of the capturing piece during a chain, -1 between turns; last is the
	// direction of its last step, -1 between turns.
	at, last int8
	// quiet counts consecutive turns without a capture (loop rules).
	quiet uint8
	// hist holds the positions, pieces and player to move, at the start of each turn since
	// the last capture, the current one included (loop rules). A quiet run ends the game
	// after quietLimit turns, so it never holds more than quietLimit+1 positions.
	hist rules.History[[128]uint64]
}

// setup turns s into a fresh position with the given pieces, before any turn is played.
func (s *State) setup(v *variant, white, black uint64, turn rules.Player) {
	*s = State{Status: rules.Status{Turn: turn, Winner: rules.NoPlayer}, v: v, pieces: [2]uint64{white, black}, at: -1, last: -1}
	s.Zobrist = s.ComputeHash()
	if !v.forward {
		s.hist.Push(s.Zobrist)
	}
}

// Game returns the Fanorona definition.
func (s *State) Game() *rules.Game { return Game }

// Variant returns a copy of the options, so callers cannot alter the shared ones.
func (s *State) Variant() rules.Options { return maps.Clone(s.v.opts) }

// Board returns the point board of the variant.
func (s *State) Board() *board.Topology { return s.v.topo }

// MidTurn reports whether a capture chain is in progress.
func (s *State) MidTurn() bool { return s.at >= 0 }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom overwrites s with src, which must be a Fanorona state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// ComputeHash recomputes the hash from the pieces, the player to move and the chain.
func (s *State) ComputeHash() uint64 {
	z := s.v.zobrist
	var h uint64
	for p := range 2 {
		for m := s.pieces[p]; m != 0; m &= m - 1 {
			h ^= z[zPieces+64*p+bits.TrailingZeros64(m)]
		}
	}
	if s.Turn == 1 {
		h ^= z[zSide]
	}
	if s.at >= 0 {
		h ^= z[zAt+int(s.at)] ^ z[zDir+int(s.last)]
	}
	for m := s.visited; m != 0; m &= m - 1 {
		h ^= z[zVisited+bits.TrailingZeros64(m)]
	}
	return h
}

// AppendKey encodes the full state: the options, pieces, chain, player to move, result,
// the quiet-turn count and the repetition history as a sorted multiset.
func (s *State) AppendKey(dst []byte) []byte {
	v := s.v
	dst = append(dst, byte(v.width), b2u8(v.loopDraw), b2u8(v.forward))
	for _, m := range [3]uint64{s.pieces[0], s.pieces[1], s.visited} {
		dst = binary.LittleEndian.AppendUint64(dst, m)
	}
	dst = append(dst, byte(s.Turn), byte(s.at), byte(s.last), b2u8(s.Over), byte(s.Winner+1), s.Reason, s.quiet)
	return s.hist.AppendKey(dst)
}

func b2u8(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// captured returns how many of the opponent's pieces p has taken.
func (s *State) captured(p rules.Player) int {
	return s.v.per - bits.OnesCount64(s.pieces[p.Other()])
}

// Outcome reports the result once the game is over. A loop carries each side's captures,
// which decide it (or are shown beside the draw when loops are drawn).
func (s *State) Outcome() (rules.Outcome, bool) {
	o, over := s.Ended(reasonKeys[:])
	if !over {
		return o, false
	}
	switch s.Reason {
	case reasonRepetition, reasonNoCaptures, reasonRepetitionDraw, reasonNoCapturesDraw:
		o.Scored = true
		o.Score = [2]int16{int16(s.captured(0)), int16(s.captured(1))}
	}
	return o, true
}

// Pieces appends the piece on site, if any.
func (s *State) Pieces(site board.Site, dst []rules.Piece) []rules.Piece {
	if site < 0 || int(site) >= s.v.sites {
		return dst
	}
	for p := range 2 {
		if s.pieces[p]>>site&1 != 0 {
			dst = append(dst, rules.Piece{Owner: rules.Player(p)})
		}
	}
	return dst
}

// pairs lists the directions whose step raises the point index (N, NE, E, NW); each pairs
// with the opposite direction, its index xor 4, whose step lowers it by as much.
var pairs = [4]int{int(board.N), int(board.NE), int(board.E), int(board.NW)}

// captureMasks fills, for each direction d, the movers that capture by approach
// (all[2d]) and by withdrawal (all[2d+1]) with a step that way onto a point of dest. It
// reports whether any capture exists. Each pair of opposite directions shares its shifts:
// a point whose neighbour one way is empty withdraws from an enemy the other way.
func (v *variant) captureMasks(movers, dest, enemy uint64, all *[24]uint64) bool {
	var found uint64
	for _, dp := range pairs {
		dn := dp ^ 4
		k := uint(v.shl[dp]) & 63
		fp, fn := v.from[dp], v.from[dn]
		// xp, xn: points whose neighbour up (down) the index is an enemy.
		xp := enemy >> k & fp
		xn := enemy << k & fn
		ap := movers & ((dest & xp) >> k) & fp
		an := movers & ((dest & xn) << k) & fn
		wp := movers & (dest >> k) & fp & xn
		wn := movers & (dest << k) & fn & xp
		all[2*dp], all[2*dp+1], all[2*dn], all[2*dn+1] = ap, wp, an, wn
		found |= ap | an | wp | wn
	}
	return found != 0
}

// canCapture reports whether any of movers captures with a step onto dest, not in
// direction skip (-1 for none).
func (v *variant) canCapture(movers, dest, enemy uint64, skip int) bool {
	for _, dp := range pairs {
		dn := dp ^ 4
		k := uint(v.shl[dp]) & 63
		fp, fn := v.from[dp], v.from[dn]
		xp := enemy >> k & fp
		xn := enemy << k & fn
		up := movers & fp & ((dest&xp)>>k | dest>>k&xn)
		down := movers & fn & ((dest&xn)<<k | dest<<k&xp)
		if dp == skip {
			up = 0
		}
		if dn == skip {
			down = 0
		}
		if up|down != 0 {
			return true
		}
	}
	return false
}

// masks fills the move masks of the position in LegalMoves order: for each direction the
// approaches, then the withdrawals (all[2d], all[2d+1]), or, when there is no capture, the
// paikas of each direction in all[16+d]. It reports whether the moves are captures; the
// masks of the other kind are then left as they were.
func (s *State) masks(all *[24]uint64) bool {
	v := s.v
	p := s.Turn
	enemy := s.pieces[p.Other()]
	empty := v.all &^ (s.pieces[0] | s.pieces[1])
	if s.at >= 0 {
		v.captureMasks(1<<s.at, empty&^s.visited, enemy, all)
		all[2*s.last], all[2*s.last+1] = 0, 0
		return true
	}
	movers := s.pieces[p]
	if v.captureMasks(movers, empty, enemy, all) {
		return true
	}
	dirs := v.paikaDirs[p]
	for _, dp := range pairs {
		dn := dp ^ 4
		k := uint(v.shl[dp]) & 63
		all[16+dp] = movers & (empty >> k) & v.from[dp] & -uint64(dirs>>dp&1)
		all[16+dn] = movers & (empty << k) & v.from[dn] & -uint64(dirs>>dn&1)
	}
	return false
}

// moveAt builds the move of mask i from the point from, as masks lays them out.
func (s *State) moveAt(i, from int) rules.Move {
	var d int
	tag := tagPaika
	if i < 16 {
		d = i / 2
		tag = tagApproach + uint8(i&1)
	} else {
		d = i - 16
	}
	return rules.Move{Kind: rules.Step, Tag: tag, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(from), board.Site(from + s.v.delta[d])}}
}

// LegalMoves appends the legal decisions. When a capture exists: for each direction (N,
// NE, E, SE, S, SW, W, NW) the approaches by starting point, then the withdrawals, and
// during a chain a Stop last. Otherwise the paikas, by direction and starting point.
func (s *State) LegalMoves(dst []rules.Move) []rules.Move {
	if s.Over {
		return dst
	}
	var all [24]uint64
	lo, hi := 16, 24
	if s.masks(&all) {
		lo, hi = 0, 16
	}
	for i := lo; i < hi; i++ {
		for m := all[i]; m != 0; m &= m - 1 {
			dst = append(dst, s.moveAt(i, bits.TrailingZeros64(m)))
		}
	}
	if s.at >= 0 {
		dst = append(dst, rules.Move{Kind: rules.Stop})
	}
	return dst
}

// run returns the enemy pieces a capture takes: the unbroken line of them starting next
// to site in direction d.
func (s *State) run(site, d int, enemy uint64) uint64 {
	v := s.v
	ray := v.ray[site][d]
	stop := ray &^ enemy
	if stop == 0 {
		return ray
	}
	if v.delta[d] > 0 {
		return ray & (stop&-stop - 1)
	}
	return ray &^ (uint64(1)<<bits.Len64(stop) - 1)
}

// taken returns the pieces the capturing step m takes; zero for a paika.
func (s *State) taken(m rules.Move) uint64 {
	from, to := int(m.Path[0]), int(m.Path[1])
	d := int(s.v.dirOf[to-from+s.v.width+1])
	enemy := s.pieces[s.Turn.Other()]
	switch m.Tag {
	case tagApproach:
		return s.run(to, d, enemy)
	case tagWithdrawal:
		return s.run(from, d^4, enemy)
	}
	return 0
}

// Apply plays m, which must be one of LegalMoves.
func (s *State) Apply(m rules.Move) {
	if m.Kind == rules.Stop {
		s.endTurn()
		return
	}
	v := s.v
	z := v.zobrist
	p := s.Turn
	from, to := int(m.Path[0]), int(m.Path[1])
	s.pieces[p] ^= 1<<from | 1<<to
	zp := zPieces + 64*int(p)
	s.Zobrist ^= z[zp+from] ^ z[zp+to]
	if m.Tag == tagPaika {
		s.endTurn()
		return
	}
	d := int(v.dirOf[to-from+v.width+1])
	o := p.Other()
	var gone uint64
	if m.Tag == tagApproach {
		gone = s.run(to, d, s.pieces[o])
	} else {
		gone = s.run(from, d^4, s.pieces[o])
	}
	s.pieces[o] &^= gone
	zo := zPieces + 64*int(o)
	for ; gone != 0; gone &= gone - 1 {
		s.Zobrist ^= z[zo+bits.TrailingZeros64(gone)]
	}
	if s.at < 0 {
		s.visited = 1 << from
		s.Zobrist ^= z[zVisited+from]
	} else {
		s.Zobrist ^= z[zAt+int(s.at)] ^ z[zDir+int(s.last)]
	}
	s.at, s.last = int8(to), int8(d)
	s.visited |= 1 << to
	s.Zobrist ^= z[zAt+to] ^ z[zDir+d] ^ z[zVisited+to]
	// The chain goes on only while the piece has another capture to offer.
	empty := v.all &^ (s.pieces[0] | s.pieces[1])
	if s.pieces[o] == 0 || !v.canCapture(1<<to, empty&^s.visited, s.pieces[o], d) {
		s.endTurn()
	}
}

// endTurn closes the turn in progress, hands the move over and checks whether the game is
// over.
func (s *State) endTurn() {
	v := s.v
	z := v.zobrist
	captured := s.at >= 0
	if captured {
		s.Zobrist ^= z[zAt+int(s.at)] ^ z[zDir+int(s.last)]
		for m := s.visited; m != 0; m &= m - 1 {
			s.Zobrist ^= z[zVisited+bits.TrailingZeros64(m)]
		}
		s.at, s.last, s.visited = -1, -1, 0
	}
	mover := s.Turn
	next := mover.Other()
	s.Turn = next
	s.Zobrist ^= z[zSide]
	if s.pieces[next] == 0 {
		s.finish(mover, reasonCapturedAll)
		return
	}
	if !v.forward {
		if captured {
			s.quiet = 0
			s.hist.Reset()
		} else {
			s.quiet++
		}
		s.hist.Push(s.Zobrist)
		switch {
		case !captured && s.hist.Count(s.Zobrist) >= repeatLimit:
			s.loopEnd(reasonRepetition)
			return
		case s.quiet >= quietLimit:
			s.loopEnd(reasonNoCaptures)
			return
		}
	}
	if !s.canMove(next) {
		s.finish(mover, reasonNoMoves)
	}
}

// canMove reports whether p, to start a turn, has any legal move.
func (s *State) canMove(p rules.Player) bool {
	v := s.v
	own := s.pieces[p]
	empty := v.all &^ (s.pieces[0] | s.pieces[1])
	dirs := v.paikaDirs[p]
	for _, dp := range pairs {
		dn := dp ^ 4
		k := uint(v.shl[dp]) & 63
		if own&(empty>>k)&v.from[dp]&-uint64(dirs>>dp&1)|own&(empty<<k)&v.from[dn]&-uint64(dirs>>dn&1) != 0 {
			return true
		}
	}
	// Without a paika a capture may remain (only under forward paika, since every capture
	// is a step onto an empty neighbour).
	return v.forward && v.canCapture(own, empty, s.pieces[p.Other()], -1)
}

// loopEnd ends a game caught in a loop: the side that captured more wins, equal counts
// draw, or it is a draw whatever the counts when loops are drawn.
func (s *State) loopEnd(reason uint8) {
	if s.v.loopDraw {
		s.finish(rules.NoPlayer, reason+reasonRepetitionDraw-reasonRepetition)
		return
	}
	a, b := s.captured(0), s.captured(1)
	switch {
	case a > b:
		s.finish(0, reason)
	case b > a:
		s.finish(1, reason)
	default:
		s.finish(rules.NoPlayer, reason)
	}
}

func (s *State) finish(winner rules.Player, reason uint8) {
	s.Finish(winner, reason)
}
