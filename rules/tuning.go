package rules

// Tuning is how the AI searches a game's rulesets: settings that self-play measured as
// better than the AI's defaults for this game. It is data beside the rules, declared on the
// game card and read by rules/ai alone; nothing in it changes what is legal. The zero value
// keeps every default. A game sets a field only after measuring, and its comment gives the
// measurement in a line (the figures are in rules/ai/STRENGTH.md, their history in git).
type Tuning struct {
	// Full is the tuning of the searches at full strength: Expert, and every setting given
	// as a think time.
	Full SearchTuning
	// Blurred is the tuning of the levels that blur the game's evaluation (Easy, Normal,
	// Hard). They were calibrated against one another with it, so a change to Full alone
	// leaves them as they are.
	Blurred SearchTuning
	// Presets replaces Full and Blurred, both, for the rulesets whose options match one
	// entry; the first entry that matches wins.
	Presets []PresetTuning
}

// PresetTuning is the tuning of the rulesets that have every option value in Options.
type PresetTuning struct {
	// Options lists the option values a ruleset must have, such as {"topology": "hex"};
	// options it does not name may take any value.
	Options Options
	// Full and Blurred are as in Tuning.
	Full, Blurred SearchTuning
}

// SearchTuning is the tuning of one strength of search. The zero value of each field is
// the AI's default.
type SearchTuning struct {
	// Engine is the search that plays the game: AutoEngine means tree search. Alpha-beta
	// needs an evaluation this search uses, and falls back to tree search without one. A
	// game with an Oracle is played from it whatever this says.
	Engine Engine
	// Exploration is the exploration constant of tree search; zero keeps the AI's.
	Exploration float64
	// AllMovesVisits is the number of visits at which a tree node's own mean and the mean
	// of its move over every iteration that played it later weigh the same; zero keeps the
	// AI's.
	AllMovesVisits float64
	// PlayoutCutoff is how many turns a playout of tree search runs before the game's
	// evaluation scores it; zero keeps the AI's.
	PlayoutCutoff int
	// Unevaluated keeps the search from the game's evaluation: playouts run to the end
	// and no alpha-beta search runs beside the tree, as for a game without one.
	Unevaluated bool
	// TreeAlone drops the alpha-beta search that otherwise runs beside the tree over the
	// game's evaluation; the playouts still end with that evaluation.
	TreeAlone bool
	// UniformPlayouts plays uniformly random playouts instead of the game's PlayoutPolicy.
	UniformPlayouts bool
}

// Engine names a kind of search.
type Engine uint8

// The search engines. The zero value lets the AI decide.
const (
	// AutoEngine takes the engine of the game's Tuning, or tree search.
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
