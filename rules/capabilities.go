package rules

import "math/rand/v2"

// The interfaces below are optional capabilities a game's State may implement to help the
// AI. The AI discovers them by type assertion and plays every game correctly without them:
// they only make it faster or stronger. None of them may change what is legal.

// Evaluator gives a heuristic estimate of a position that is still in progress.
type Evaluator interface {
	// Evaluate returns how good the position looks for p, from -1 (surely lost) through 0
	// (even) to 1 (surely won). It must be cheap, deterministic and antisymmetric between
	// the two players, and it is only asked about positions that are not over.
	Evaluate(p Player) float64
}

// RandomMover lets random playouts skip listing every legal move.
type RandomMover interface {
	// RandomMove returns exactly the move that LegalMoves(nil)[rng.IntN(n)] would return,
	// n being the number of legal moves, and draws from rng exactly as that expression
	// does, so playouts are the same with or without the capability. It reports false,
	// drawing nothing, when the game is over.
	RandomMove(rng *rand.Rand) (Move, bool)
}

// PlayoutPolicy biases random playouts towards plausible moves: a playout that captures
// when it can, for example, predicts the result of a capturing game far better than one
// that wanders. Search uses it only in playouts; the tree still considers every move.
type PlayoutPolicy interface {
	// PlayoutMove picks one of moves, the legal moves of the position in LegalMoves
	// order, drawing any randomness from rng, and returns its index.
	PlayoutMove(moves []Move, rng *rand.Rand) int
}

// UniformPlayout lets a game whose playout policy only acts in some positions keep the
// RandomMover's quick draw everywhere else, instead of listing every legal move for the
// policy at every decision of every playout.
type UniformPlayout interface {
	// UniformHere reports whether PlayoutMove, in this position, would return
	// rng.IntN(len(moves)) and draw nothing else, so that RandomMove gives the same move
	// from the same draws.
	UniformHere() bool
}

// NamedMove is implemented by games that know, in some positions, the move the AI should
// play there better than a search finds it: Mabi's player moving alone after the other
// passed gives up once stuck, since playing on changes nothing for the other player, who
// can only wait; Alquad's setup player takes the setup that self-play measured as the
// fairest, which playouts misjudge. The AI (every level but the plain yardstick) plays the
// named move at once instead of searching. A game names a move only where its rules or a
// measurement justify it, and writes down which.
type NamedMove interface {
	// NamedMove returns the move to play, and whether the game names one for the player
	// to move.
	NamedMove() (Move, bool)
}

// Memoryless is implemented by games whose future depends only on what Hash covers: no
// move counter, repetition history or other remembered past can change what happens next.
// Search may then reuse the value of a position it reached by another path. Without it,
// the AI assumes that equal hashes may still have different futures.
type Memoryless interface {
	Memoryless() bool
}

// SeatColours is implemented by games in which the colour a player's pieces have can change
// during the game: the pie rule lets the second player take over the first colour, and
// Alquad's opening lets a player choose one. Players stay the same people throughout; only
// their colours move. Games without it keep Game.Sides' colours.
type SeatColours interface {
	// Colour is the colour of p's pieces in this position.
	Colour(p Player) Colour
}

// ColourOf returns the colour of p's pieces in s, or 0 for a player outside the game.
func ColourOf(s State, p Player) Colour {
	if sc, ok := s.(SeatColours); ok && p >= 0 {
		return sc.Colour(p)
	}
	g := s.Game()
	if p < 0 || int(p) >= len(g.Sides) {
		return 0
	}
	return g.Sides[p].Colour
}

// Oracle is implemented by solved games: the position knows its exact result under perfect
// play, typically from a table of every position built by retrograde analysis. The AI then
// plays perfectly (or errs on purpose, at the lower levels) instead of searching, and the
// hint can say who wins and in how many turns.
//
// The work an oracle needs, such as building its table, is done in small pieces through
// PrepareOracle, so that a caller on a single thread (the browser) can spread it over
// frames and a caller with threads can do it away from the user interface. Both methods
// are safe for concurrent use, including on different positions of the same game.
type Oracle interface {
	// PrepareOracle does one small piece of the preparation, at most about a tenth of a
	// millisecond on a desktop, and reports whether Solve can now answer. Once it has
	// reported true it does nothing more and keeps reporting true.
	PrepareOracle() (ready bool)
	// Solve reports the result of the position under perfect play. It never does
	// preparation work itself: ok is false while the oracle is not prepared. A finished
	// game solves to its own outcome in zero turns.
	Solve() (sol Solution, ok bool)
}

// Solution is the result of a position when both players play perfectly: the winner wins
// as fast as it can, and the loser holds out as long as it can.
type Solution struct {
	// Winner is the player who wins whatever the other does, or NoPlayer for a draw.
	Winner Player
	// Turns is how many more turns the game lasts under that play, counted as
	// rules.Turns counts them (all the decisions of one player until the other is to
	// move); 0 for a finished game. It is 0 for a draw, which has no end to count to.
	Turns int
}

// Unsettled is implemented by games whose positions can be in the middle of an exchange
// that every legal move carries on: a capture the rules compel, or a capture chain still
// running. A static evaluation there misjudges what the exchange will still take (a chain
// of the opponent's can take a piece or more the moment the turn passes), so alpha-beta
// searches on through such positions before it trusts an evaluation: a quiescence search
// without standing pat, since the mover cannot decline. A game where every move captures
// (Kōnane, Collapse) must not implement it, or the search would extend to the end.
type Unsettled interface {
	// Unsettled reports whether every legal move of the position captures, or ends the
	// capture chain in progress, because the rules compel a capture or a chain is running.
	Unsettled() bool
}

// CaptureCounter is implemented by games that can tell cheaply how much a move takes, so
// that a search tries the strongest captures first.
type CaptureCounter interface {
	// CaptureCount is how many of the opponent's pieces m, a legal move of the position, takes
	// at once; 0 for a move that takes none.
	CaptureCount(m Move) int
}
