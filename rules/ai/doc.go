// Package ai plays any game through the rules.State interface alone: a Monte Carlo tree
// search (UCT) with uniformly random playouts and a small win/loss/draw solver. It knows
// nothing about any particular game and imports only the standard library, rules and
// rules/board.
//
// # Sliceable search
//
// A Search advances only inside Step(budget), which does about budget of work and returns.
// The desktop app calls it from a goroutine; the browser build cannot, because Go on
// js/wasm does not pre-empt a busy goroutine to let the page's event loop run, so there the
// app calls Step for a few milliseconds per frame. One engine thus serves both. To keep a
// slice short even in games whose random playouts are long, Step looks at the clock after
// every few dozen decisions, and an unfinished playout is parked inside the Search and
// resumed by the next Step rather than being cut short or run to the end. Every random
// choice comes from one seeded PCG generator in a fixed order, so the tree after a given
// number of iterations is the same however the work was sliced; only how many iterations
// fit into a time budget depends on the clock. StepIterations and Config.Iterations give a
// clock-free mode for tests and benchmarks.
//
// # Mover-keyed backups
//
// A turn may consist of several decisions by the same player (a second placement, a capture
// chain, owed flips), so the search never assumes that players alternate. Every node
// records the player who made the move leading to it, and a backup credits each node from
// that player's point of view: 1 for a win, 0.5 for a draw, 0 for a loss. Selection at a
// node compares its children, which all share one mover (the player to move at the node),
// by their own scores. The solver follows the same rule: a node is proven won for the
// player to move as soon as one child is, and otherwise settles only when every child is
// proven, taking the result that is best for that player.
//
// # Memory and determinism
//
// Nodes live in large fixed-capacity chunks, with each node's children contiguous, so the
// tree costs one allocation per chunk instead of one per node, and a chunk never moves once
// made; the total is bounded by Config.MaxNodes, beyond which the search keeps sampling
// without growing. Children are shuffled once at expansion with the seeded generator, so
// move-generation order does not bias ties. The exploration term uses a logarithm written
// here from basic arithmetic, because math.Log runs in assembly on some architectures and
// could round differently from the browser build.
package ai
