// Package ai plays any game through the rules.State interface alone. It knows nothing
// about any particular game and imports only the standard library, rules and rules/board;
// what a game can offer beyond its rules (an evaluation, a fast random move, a playout
// policy) it declares through the optional interfaces of rules/capabilities.go, which the
// search discovers by type assertion. How the search is tuned for a game (its engine,
// exploration, playout horizon and the like) is data on the game's card, rules.Tuning,
// which tuning.go alone reads and merges into the search's Config.
//
// # Engines
//
// Four engines sit behind one type, Search:
//
//   - Tree search (tree.go): Monte Carlo tree search with UCT selection and a solver for
//     proven wins, losses and draws. With the game's Evaluator, a playout stops after
//     Config.Cutoff turns (the tuning's PlayoutCutoff by default) and the evaluation
//     scores it, unless the tuning keeps this search from it (Unevaluated);
//     with its PlayoutPolicy, playouts follow the policy instead of uniform chance (and
//     take the game's RandomMover where its UniformPlayout says the policy is uniform),
//     unless the tuning asks for UniformPlayouts. The tuning may also replace
//     TunedExploration, set the weight of the all-moves statistics, and drop the
//     alpha-beta search that otherwise runs beside an evaluated tree (TreeAlone,
//     hybrid.go). Proven results are played exactly: the fastest win, and when every
//     move loses, the slowest loss.
//   - Alpha-beta (alphabeta.go): iterative deepening over the game's Evaluator, with a
//     transposition table keyed by State.Hash, killer moves and a history table for move
//     ordering, and scores that prefer faster wins and slower losses. Where the game says
//     a position is in the middle of an exchange (rules.Unsettled), the search goes on
//     past its depth through the rest of the chain and the opponent's next one before it
//     evaluates; where it counts captures (rules.CaptureCounter), the largest are tried
//     first. The table starts small and grows with the positions searched, so that a
//     search of a few milliseconds does not spend them clearing memory. Draws cost the side
//     it plays for a little (contempt), so that it does not settle for one in a level
//     position. Only games that implement rules.Memoryless may reuse a remembered value at
//     a transposition: elsewhere equal hashes may hide different histories, for example
//     different repetition counts, and the table then only suggests which move to try first.
//   - The beginner (beginner.go): it takes a win it can make this turn, avoids a move after
//     which the opponent can win at once, and otherwise draws at random among its moves,
//     weighted by a tiny tree search.
//   - The oracle (oracle.go), for solved games, whose positions implement rules.Oracle: it
//     spends its work preparing the oracle (building a table, in small pieces), then ranks
//     every move by the exact result it leads to and plays the best one, the fastest win or
//     the slowest loss. With probability Config.Blunder it deliberately plays a worse move
//     instead; that is how the levels below Expert err. AutoEngine chooses it for every game
//     that has an oracle; Plain and an engine forced by Config.Engine do without it. Its
//     Stats carry the exact Verdict of the root, and Solve, PerfectLine and HintSetting give
//     the user interface the same without a search.
//
// Config.Plain selects the tree search exactly as the first version of this package ran
// it, with uniformly random playouts and none of the game's helps; it is the yardstick of
// the strength measurements in STRENGTH.md. Config.Engine, or else the game's tuning,
// chooses between the others; alpha-beta needs an evaluation and falls back to tree search
// without one. The tuning has two halves: one for the searches at full strength, one for
// the levels that blur the evaluation (Config.Noise above zero), which may play another
// engine (Turkish Checkers, where blurred alpha-beta hangs pieces).
//
// # Turns of several decisions
//
// A turn may consist of several decisions by the same player (a second placement, a capture
// chain, owed flips), so no engine assumes that players alternate. Every tree node records
// the player who made the move leading to it, and a backup credits each node from that
// player's point of view. Alpha-beta negates a child's value, and swaps the window, only
// when the player to move changes between parent and child.
//
// # Sliceable search
//
// A Search advances only inside Step(budget), which does about budget of work and returns.
// The desktop app calls it from a goroutine; the browser build cannot, because Go on
// js/wasm does not pre-empt a busy goroutine to let the page's event loop run, so there the
// app calls Step for a few milliseconds per frame. One engine thus serves both. Step looks
// at the clock after every few dozen decisions or positions. An unfinished playout is
// parked inside the Search and resumed by the next Step; alpha-beta keeps its own stack of
// frames instead of recursing, so it can stop after any position and resume there. Every
// random choice comes from seeded PCG generators in a fixed order, so the result after a
// given amount of work is the same however the work was sliced; only how much work fits
// into a time budget depends on the clock. StepIterations and Config.Iterations give a
// clock-free mode for tests and benchmarks.
//
// # Searches that build on the last one
//
// NewSearchAfter starts the next decision's search from the previous one (keep.go). A
// full-strength tree search looks for its position among the previous tree's expanded nodes
// a few decisions down, usually the computer's move and the replies to it, and when it
// finds it, takes that subtree over where it lies in the previous search's arena and goes on
// from there: its statistics and proofs are those of the same position, so nothing is
// relearnt. The rest of the old tree becomes room for the new nodes, so a game's searches
// share one arena of at most Config.MaxNodes nodes, and the previous search, finished for
// good, still reports its Best and Stats. The plain search and
// the blurred levels always start afresh, since their strength was calibrated that way.
// The app's runners and the command-line self-play keep their last search for this.
//
// # Levels
//
// A Level names a strength; a Setting adds a think time of its own (ThinkFor) or a forced
// engine. Levels above Beginner play the game's engine for their think time, each about
// four times longer than the one below, and all but Expert blur the evaluation by an
// amount that grows as the level falls (Config.Noise), since in drawish games a longer
// search alone does not win more often. Expert thinks for its whole budget unless the
// result is proven. In a solved game the levels above Beginner play from the oracle and
// differ only in how often they err on purpose (Config.Blunder), since perfect play leaves
// no other way to be weaker.
//
// # Memory and determinism
//
// Tree nodes live in large fixed-capacity chunks, with each node's children contiguous, so
// the tree costs one allocation per chunk instead of one per node, and a chunk never moves
// once made; the total is bounded by Config.MaxNodes, beyond which the search keeps
// sampling without growing. Once more than half of it is used, the full search expands a
// leaf only after more visits, so that the last room goes where the search looks most. The alpha-beta table has a fixed size, also set by MaxNodes.
// Playouts, tree iterations and alpha-beta positions allocate nothing in steady state.
// Children are shuffled once at expansion with the seeded generator, so move-generation
// order does not bias ties. The exploration term uses a logarithm written here from basic
// arithmetic, because math.Log runs in assembly on some architectures and could round
// differently from the browser build. The full search's choice of child reads its means,
// bonuses and blend weights for small visit counts from tables built with correctly
// rounded arithmetic, which spares most of its divisions and square roots on every
// platform alike.
package ai
