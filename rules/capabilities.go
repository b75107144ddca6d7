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

// Engine names a kind of search.
type Engine uint8

// The search engines. The zero value lets the AI decide.
const (
	// AutoEngine takes the game's EnginePreference, or Tree search without one.
	AutoEngine Engine = iota
	// TreeEngine is Monte Carlo tree search, helped by the game's Evaluator and
	// PlayoutPolicy when it has them.
	TreeEngine
	// AlphaBetaEngine is iterative-deepening alpha-beta over the game's Evaluator.
	AlphaBetaEngine
	// OracleEngine plays from the game's Oracle: perfect play, with deliberate mistakes
	// at the lower levels. AutoEngine chooses it for every game that has an Oracle.
	OracleEngine
)

// PlayoutHorizon sets how many turns a playout of tree search runs before the game's
// evaluation scores it, for a game whose evaluation judges better from further on than
// the default horizon (ai.DefaultCutoff). A game declares it only after measuring, and
// writes the measurement down.
type PlayoutHorizon interface {
	// PlayoutCutoff is that number of turns; it must be positive.
	PlayoutCutoff() int
}

// EvaluationScope is implemented by games whose evaluation serves only some of the AI's
// searches; without it every search uses it. A game declares it only after measuring, and
// writes the measurement down.
type EvaluationScope interface {
	// EvaluatedBy names the searches that use the evaluation in this ruleset.
	EvaluatedBy() Searches
}

// Searches names which of the AI's searches use a game's evaluation. A search that does
// not plays as if the game had none: its playouts run to the real end, and no alpha-beta
// search runs beside its tree.
type Searches uint8

// The scopes of an evaluation.
const (
	// EverySearch: the full-strength search and the blurred levels alike.
	EverySearch Searches = iota
	// BlurredSearches: the evaluation serves only as something to blur. At full strength
	// the search plays better without it; the weakened levels still blur it, since
	// misjudging positions is what makes them weaker.
	BlurredSearches
	// FullStrengthSearch: only the unblurred search uses it, the blurred levels playing as
	// they were calibrated before the evaluation existed.
	FullStrengthSearch
	// NoSearch: the ruleset's evaluation is not used at all, for a game whose evaluation
	// was made for some of its rulesets only.
	NoSearch
)

// uses reports whether a search of the given strength uses an evaluation of scope s.
func (s Searches) uses(full bool) bool {
	switch s {
	case BlurredSearches:
		return !full
	case FullStrengthSearch:
		return full
	case NoSearch:
		return false
	}
	return true
}

// Evaluated reports whether a search uses st's evaluation: st must be a rules.Evaluator,
// and its EvaluationScope, if any, must include the search's strength (full for the
// unblurred search).
func Evaluated(st State, full bool) bool {
	if _, ok := st.(Evaluator); !ok {
		return false
	}
	sc, ok := st.(EvaluationScope)
	return !ok || sc.EvaluatedBy().uses(full)
}

// UniformAtFullStrength is implemented by games whose PlayoutPolicy serves only the
// weakened levels: at full strength the search plays better with uniformly random
// playouts, while the blurred levels keep the policy, under which they were calibrated
// and without which they fall too close to one another. A game declares it only after
// measuring, and writes the measurement down.
type UniformAtFullStrength interface {
	// UniformAtFullStrength reports whether that holds for this ruleset.
	UniformAtFullStrength() bool
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

// TreeAlone is implemented by games whose tree search at full strength plays better alone,
// without the alpha-beta search that otherwise runs beside it over the game's evaluation,
// while its playouts still end with that evaluation. The blurred levels keep the pair. A
// game declares it only after measuring, and writes the measurement down.
type TreeAlone interface {
	// TreeAlone reports whether that holds for this ruleset.
	TreeAlone() bool
}

// ExplorationPreference sets the exploration constant of a game's tree search at full
// strength, for a game whose search measured better with another than ai.TunedExploration.
// The blurred levels keep the tuned constant, under which they were calibrated. A game
// declares it only after measuring, and writes the measurement down.
type ExplorationPreference interface {
	// Exploration is that constant; a value that is not positive keeps the default.
	Exploration() float64
}

// AllMovesPreference sets how soon a game's tree search at full strength stops trusting
// the all-moves statistics (a move's mean over every iteration in which it was played
// later, not only here) over a child's own mean: the number of visits at which the two
// weigh the same, for a game whose search measured better with another than ai's default.
// The blurred levels keep the default, under which they were calibrated. A game declares
// it only after measuring, and writes the measurement down.
type AllMovesPreference interface {
	// AllMovesVisits is that number of visits; a value that is not positive keeps the
	// default.
	AllMovesVisits() float64
}

// EnginePreference names the engine that plays a game best. A game declares it only
// after measuring the engines against each other, and writes down the measurement.
type EnginePreference interface {
	PreferredEngine() Engine
}

// BlurredEnginePreference names the engine for the weakened levels, those that blur the
// game's evaluation, where it differs from the engine that plays best at full strength.
// Alpha-beta over blurred leaves favours moves after which the opponent has a single reply,
// since a minimum over many blurred replies is lower than over one; in a game of forced
// captures that means leaving pieces to be taken. A game declares it only after measuring
// the levels against each other, and writes down the measurement.
type BlurredEnginePreference interface {
	PreferredBlurredEngine() Engine
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
