// Package halma implements two-player Halma on the 8×8 board (the "Grasshopper" layout).
//
// # Sources
//
// Kanare Kato's Japanese rulebook for Halma (ハルマ, 2021), sections "Setup" (セットアップ),
// "Gameplay" (ゲームプレイ) and "Victory conditions" (勝利条件); the English edition in the project's
// copy kept only its closing note on Chinese Checkers, and both lost their diagrams, so the
// camps follow the 8×8 "Grasshopper" layout as Ludii has it. A whole hop chain is one turn,
// however many decisions it takes to enter, because the rulebook calls it one turn. Where a
// decision below is ours, it says so and why.
//
// # Board and setup
//
//   - board.NewSquare(8, 8), drawn plain (rules.Plain).
//   - Each player's camp is the ten squares within three orthogonal steps of their corner:
//     White (Player 0) a1 b1 c1 d1 a2 b2 c2 a3 b3 a4, Black (Player 1) the mirror image
//     around h8 (ten pieces each, "Setup"). Each player's goal is the other's camp; Marks
//     reports both goals as rules.Goal marks owned by the player who must fill them. White
//     moves first ("Setup").
//
// # Moves
//
//   - A step goes one square in any of the eight directions to an empty square and ends the
//     turn ("Gameplay").
//   - A hop goes over an adjacent piece of either colour, in any of the eight directions,
//     to the empty square directly beyond. Nothing is captured. The same piece may hop
//     again, in any direction, and the chain may stop after any hop. A turn never mixes
//     steps and hops ("Gameplay": hops are never compulsory and a chain may stop at any
//     time).
//   - The same piece may not be hopped over twice in one turn; the squares of the hopped
//     pieces are remembered for the turn ("Gameplay"). Squares may be revisited (Koma's
//     reading: the rulebook forbids only hopping the same piece twice, which already bounds
//     a chain).
//   - A chain may pass through its starting square but not end there: it would change
//     nothing (Koma's resolution: a null move would be a pass in disguise).
//   - Goal lock: a piece that begins its turn inside its goal must end the turn inside it;
//     during a chain it may leave and come back ("Gameplay"). Returning to one's own camp
//     is free.
//   - A player with no legal move passes (Koma's resolution: the rulebook is silent, and a
//     blocked player in a race game has lost nothing yet): Pass is then the only move, and
//     a turn of its own.
//
// # Encoding: one decision per hop (encoding B)
//
// A hop chain is entered one Jump at a time, each a two-site move, and Stop ends it; between
// them MidTurn is true. Whole-path moves cannot work: 8×8 positions reach about 40,000
// distinct hop paths and paths of 17 sites, beyond MaxPath. The state keeps the hopping
// piece's square, its starting square and the hopped squares, all in the hash and the key.
//
// A chain in progress must never be left without a legal decision. So a hop is offered
// only if the turn can end after it: on its landing square, or after more hops
// (canFinish). That search runs only where the landing square itself will not do (the
// starting square, or outside the goal for a piece that began the turn inside it), and is
// otherwise skipped. Stop is offered only where the turn may end; where the piece has
// nothing more to hop over, the turn ends by itself without a Stop.
//
// # End of the game
//
// Checked after every turn, in this order:
//
//   - A player wins when their goal is completely full and holds at least one of their
//     pieces: the anti-spoiling reading of the rulebook, so that enemy pieces left in a
//     goal cannot keep its owner from winning ("Victory conditions"). The mover is checked
//     first; otherwise the opponent, who can win on the mover's turn when the mover fills
//     the last free square of the opponent's goal ("goal").
//   - Anti-stalling, our rule: a player who still has a piece in their own starting camp
//     right after their own 30th turn loses ("stalled"). The rulebook has no end for a
//     player who never leaves home; such a player would keep the other's goal blocked for
//     ever, since no enemy piece could enter it and the anti-spoiling clause needs one.
//     Thirty turns are three per piece, far more than ten pieces need to come out, and a
//     single check at a fixed turn is easy to state and to see coming. It is checked
//     once; pieces may come back home later.
//   - Turn limit, our rule: after 300 turns in all, 150 each, the game is drawn
//     ("turn-limit"). A player could still bring every piece home after turn 30 or both
//     could shuffle for ever, so the cap is generous and marked as Koma's own. Real games
//     take far fewer turns: ten pieces crossing seven diagonal squares, most of it by hops.
//     It is also Game.MaxTurns.
//
// # Hash and key
//
// Hash is an incremental Zobrist hash (keys seeded with "halma") of the pieces, the player
// to move and, during a chain, the hopping piece's square, its starting square and the
// hopped squares. AppendKey adds the result and the number of turns played, which the
// anti-stalling rule and the turn limit read; the game is therefore not Memoryless.
package halma
