// Package alquerque implements Alquerque on the 5×5 point board, with two rule sets: the
// simple rules and R.C. Bell's rules.
//
// # Sources
//
// Kanare Kato's English rulebook for Alquerque (2024), sections "Setup", "Gameplay", "Game
// end" and "Additional rules" (the last gives R.C. Bell's rules). The project's copy of the
// rulebook lost its diagrams, so the setup follows the layout that other implementations of
// the game agree on (Ludii, Jocly and others). Where the rulebook leaves a point open, the
// decision below is Koma's own and says why.
//
// # Board and setup
//
// The 25 points of board.NewPoints(5, 5): orthogonal lines everywhere, diagonals only
// through the 13 strong points (file+rank even, a1 strong). Each side has 12 pieces; the
// centre c3 starts empty. White (Player 0) holds ranks 1–2 plus d3 and e3 and moves first;
// Black (Player 1) holds ranks 4–5 plus a3 and b3. The rulebook lets the players choose who
// starts; Koma seats White at the bottom and lets White start, as the other implementations
// do, so that one layout and one first player serve every game.
//
// # Rules common to both sets
//
//   - A turn is either a step along a drawn line to an adjacent empty point, or a capture.
//   - A capture jumps an adjacent enemy piece along a straight drawn line to the empty
//     point beyond; the same piece may go on jumping, changing direction freely
//     ("Gameplay"). The whole chain is one Jump move whose Path lists every landing point
//     (encoding A of rules/doc.go).
//   - Every jumped piece leaves the board at once ("Gameplay" removes it as it is jumped),
//     so a chain can never jump the same piece twice. Because a jump moves a piece two
//     points along both axes or none, its landing points keep the parity of its start and
//     can never be a point it emptied by a capture; the timing therefore matters only
//     through that no-double-jump effect. The start point is empty while the chain runs, so
//     a chain may end where it began.
//
// # Simple rules (rules=simple, the default)
//
//   - Capturing is optional, and a chain may stop after any jump: every stopping point is a
//     separate Jump move with its full path.
//   - Stopping rule (Koma's resolution: "Game end" scores a game nobody wins outright by
//     pieces captured but never says when that point is reached). After each turn, in this
//     order: a side left without pieces loses ("captured-all"); otherwise the game ends and
//     is adjudicated by pieces captured (more captured wins, equal is a draw) when the
//     position (pieces plus side to move) has now occurred for the third time
//     ("repetition"), when 50 consecutive turns have passed without a capture
//     ("no-captures"), or when the player to move has no legal move ("blocked"; adjudicated
//     rather than lost, because the simple rules know no other way to decide a game). Each
//     capture clears the repetition history, since no earlier position can recur after it.
//
// # Bell's rules (rules=bell)
//
//   - Captures are mandatory and a chain must continue while its piece can jump
//     ("Additional rules"). The rulebook punishes a missed capture by huffing; Koma instead
//     makes the missed capture illegal (strict mode), so only complete chains are legal
//     moves and a huff can never arise: the rule's intent is kept without a penalty that
//     depends on the players noticing the mistake. Huffing is not implemented. Where a
//     chain branches, any branch may be taken, and there is no rule to take the most
//     pieces.
//   - A non-capturing step may go forward or sideways, never straight or diagonally
//     backward (forward is up the board for White, down for Black). Captures may go in any
//     direction: the rulebook forbids only backward moves "without capturing".
//   - No return: "Additional rules" forbids moving a piece back to its original position;
//     Koma reads this per piece, as the Alquerque implementations by OMerkel and Jocly do:
//     a step may not take a piece back to the point that same piece left with its own last
//     move. The memory travels with the piece until it steps again or captures, which
//     clears it. Since backward steps are banned anyway, the rule can only forbid undoing a
//     sideways step, so the state records just that: which pieces last stepped east and
//     which west.
//   - Far row frozen ("Additional rules"): a piece on the opponent's home rank may not
//     step, even sideways, but may still capture; a capture that carries it off that rank
//     frees it (Koma's reading: the rule speaks of a piece on the far end, so a piece that
//     has left it is an ordinary piece again).
//   - The player to move who has no legal move loses ("no-moves"). A side left without
//     pieces is reported as "captured-all"; it is the same loss under a more telling name.
//
// # Options
//
// One option, rules: "simple" (default) or "bell". Presets: "" and "rules=bell".
//
// # Hash and key
//
// Hash is an incremental Zobrist hash (keys seeded with "alquerque") of the pieces, the side
// to move and, under Bell's rules, the no-return memory. Under the simple rules it is exactly
// "pieces plus side to move", the position the repetition rule compares. AppendKey adds the
// rule set, the result of a finished game, the count of turns without capture and the
// repetition history as a sorted multiset, since only the number of times each position
// occurred can influence the future.
package alquerque
