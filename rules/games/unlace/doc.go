// Package unlace implements Kanare Kato's stalemate game Unlace (ID "unlace"), played from
// Squish's setup on a hexagon-shaped board of hex cells.
//
// # Sources
//
// Kanare Kato's English rulebook for Unlace (2021), sections "Setup", "Definition",
// "Gameplay" and "End of the game"; the project's copy lost its diagrams but kept their
// captions, and the setup diagram and the move example were checked against the official
// rulebook. Where the rulebook leaves a point open, the decision below is Koma's own and
// says why.
//
// # Rules as implemented
//
//   - Board and setup as Squish: N cells per side, 4 by default (the rulebook's setup
//     diagram), 3 to 7 offered because larger boards extend the pattern ("Setup"); presets
//     4 and 5. The setup is Squish's: White on the cells of colour class 1, Black on class
//     2 (kit.HexClass, (q − y) mod 3 in axial coordinates). White (Player 0) moves first.
//   - A turn steps one own piece from p to a neighbouring cell t that holds no friendly
//     piece; an enemy piece on t is captured ("Gameplay").
//   - The step is legal only if the moved piece's group after it is strictly larger than
//     its group before it ("Gameplay"): "before" is the group of p in the current position,
//     "after" the group of t once p is vacated and any capture removed. What happens to the
//     rest of the old group does not matter (Koma's reading of "larger group than the one
//     before it was moved"). Checked against Kato's move example (TestMoveExample). A piece
//     whose step leaves it with no friendly neighbour has a group of one after it, never
//     larger, so that case is settled without a flood fill.
//   - A player with no legal step on their turn loses ("no-moves"); it is the only end
//     ("End of the game"). A fully unified player can never move.
//   - No repetition rule, as none is needed: between captures each player's group sizes,
//     sorted in descending order, grow lexicographically with each of their moves (the new
//     group is larger than every group it replaces), so a player makes fewer moves between
//     two captures than there are partitions of their piece count, and captures are fewer
//     than the pieces. Game.MaxTurns is that bound for the largest board.
//   - Test vectors, worked out independently: 57 moves for White at the start on N = 4, 105
//     on N = 5.
//
// # Notation
//
// The generic step notation: "d4-d5".
//
// # Representation and hashing
//
// From package kit, the bitboard kit it shares with Squish: the board tables (kit.Hex128:
// neighbours, colour classes, flood fills), the two-word cell sets (kit.Set128) and the
// one-word torus layout of the board of five a side (kit.Torus).
//
// Each player's pieces are a two-word cell set (kit.Set128); Apply computes the steps of
// the player to move, one set per direction, so RandomMove and the no-moves check need no
// move list (on the larger boards Apply also keeps their running counts; on the packed
// ones RandomMove counts the sets itself, and leaves a note of the step it drew, which
// Apply plays without looking the move up again when it is handed that step). On boards
// of up to five cells per side the pieces are also kept in one 64-bit word: up to four in
// rows with a padding column (packed.go), where the six directions are shifts, and five
// on a torus of 61 cells (torus.go), where they are rotations. The steps are then found
// for all pieces at once from bit-sliced sums of the group sizes beside each cell, with a
// flood fill only for a piece joining two arcs of a group of four or more. Larger boards
// use Moves, which labels the groups once and flood-fills only where a step of a piece
// with two arcs of neighbours or more stays beside what is left of its own group and
// joins another group too small to settle it. Hash is a
// Zobrist hash (keys seeded with "unlace") of the pieces and a key for Black to move;
// AppendKey adds the size and the end flag. The game is Memoryless.
package unlace
