// Package squish implements Kanare Kato's unification game Squish (ID "squish") and its
// variant Flowish (ID "flowish"), on a hexagon-shaped board of hex cells.
//
// # Sources
//
// Kanare Kato's English rulebook for Squish (2021), sections "Setup", "Gameplay" and "End
// of the game", and its part "Variants (Flowish)", sections "Setup", "Definition",
// "Gameplay" and "Game end"; the project's copy lost its diagrams, only their captions
// survive. Coordinates, directions and labels are those of board.NewHex. Where the rulebook
// leaves a point open, the decision below is Koma's own and says why.
//
// # Two catalog entries
//
// Flowish is its own catalog entry rather than an option of Squish, our choice: the
// rulebook gives it its own name and recommended size (5, where Squish's default is 4),
// and its movement rule is different enough that a player looking for it should find it
// by name in the menu. Both games share this package, the setup and the end rules.
//
// # Board and setup (both games)
//
//   - A hexagon with N cells per side: N = 4 by default for Squish, 5 for Flowish (the
//     sizes the rulebook recommends for each); sizes 3 to 7 are offered because the
//     rulebook says any size works (7 is the largest board whose 127 cells fit the two-word
//     cell sets). Presets: Squish 4, 5 and 6; Flowish 5, 4 and 6.
//   - The starting pattern colours each cell by (q − y) mod 3 with axial coordinates
//     (kit.HexClass): 1 White, 2 Black, 0 empty. This is the size-4 diagram of Kato's
//     official Unlace rulebook, which starts from Squish's layout, and Ludii's Squish
//     script has the same layouts for sizes 4 and 5; "Setup" extends the same pattern to
//     larger boards. N = 4 gives 12 pieces each. White (Player 0) moves first.
//
// # Squish moves
//
//   - A turn steps one own piece to an adjacent cell that holds no friendly piece
//     ("Gameplay").
//   - The step must go towards a friendly piece on the same line: some friendly piece lies
//     further along the ray, two or more cells away ("Gameplay"; the adjacent cell itself
//     cannot hold it, since no piece enters a friendly cell). Pieces between do not block
//     it, and it need not be the nearest piece (Koma's reading, as in Ludii's Squish
//     script).
//   - An enemy piece on the target cell is captured and removed ("Gameplay").
//   - Test vectors, worked out independently: 30 moves for White at the start on N = 4, 72
//     on N = 5.
//
// # Flowish moves
//
//   - G is every piece of the mover that belongs to a group of the mover's largest size,
//     all tied groups together (Koma's reading: the rulebook's "largest group" must allow
//     ties, since they occur on the very first move); on the first move every piece is in
//     G.
//   - A piece has a flow direction u when some piece of G other than itself lies along the
//     ray from it in direction u; its distance is that of the nearest such piece. The piece
//     may step only in the flow directions of least distance, the mover picking one if
//     several tie, and not onto a friendly piece (Flowish "Gameplay", "move toward the
//     nearest piece of the largest group"). Pieces of G may move too (Koma's reading: the
//     rule does not exempt them), so a piece of a largest group of two or more, whose
//     nearest G piece is an adjacent groupmate, never moves.
//   - Fallback (Flowish "Gameplay", read by Koma per piece): when no piece outside G has a
//     flow direction, each piece outside G may also step to an adjacent cell, not friendly,
//     that is one cell closer to its nearest flowline (a line through a piece of G, in any
//     of the three families; a cell's distance to a line is the difference of the
//     coordinate that is constant along it). The flow moves of G pieces stay available
//     beside them, our reading, since the rulebook's fallback speaks of pieces that are on
//     no flowline and a G piece is always on its own. The fallback is not used merely
//     because every flow move is blocked (the literal text): such a mover has no move and
//     loses.
//   - Captures as in Squish. Test vector: 72 moves for White at the start on N = 5.
//
// # End of the game (both)
//
// Checked after every move, in this order:
//
//   - If all the mover's pieces form one group (a lone piece counts), the mover wins
//     ("unified"). This also decides the case where both players are unified at once: the
//     mover wins ("End of the game").
//   - Otherwise, if the move captured and all the opponent's remaining pieces form one
//     group, the opponent wins ("unified-by-capture"). Without a capture the opponent's
//     pieces did not change, and they were not one group, or the game would have ended.
//   - If the player now to move has no legal move, that player loses ("no-moves"; "End of
//     the game").
//   - Cycles, our rule: the rulebook lets the players agree to a draw when the game cycles
//     (Squish can; the designer says Flowish cannot, and Koma keeps the rule there as a
//     safeguard). The app needs a rule it can apply by itself: the game is drawn when a
//     position (the pieces and the player to move) occurs for the third time since the last
//     capture, the start counting as the first occurrence ("repetition", the usual test for
//     a cycle); and, to bound the game and the history, when 100 turns in a row pass
//     without a capture ("quiet"). A capture can never be undone, so positions before it
//     cannot recur. These draws are checked after the rulebook's own ends.
//   - Every game therefore ends within (captures + 1) × 100 turns, and captures are
//     bounded by the pieces (Game.MaxTurns).
//
// # Notation
//
// The generic step notation: "e1-e2" moves the piece on e1 to e2, capturing whatever enemy
// piece stands there.
//
// # Representation and hashing
//
// From package kit, the bitboard kit it shares with Unlace: the board tables (kit.Hex128:
// neighbours, rays, coordinates, colour classes, flood fills and the largest groups), the
// two-word cell sets (kit.Set128) and the one-word torus layout with its rotations, groups
// and arcs (kit.Torus), to which this package adds Flowish's lines of sight and flowlines
// and the moves RandomMove copies.
//
// A position holds each player's pieces as a two-word cell set, the moves of the player
// to move as one set per direction (filled by Apply, so that RandomMove and the no-moves
// check cost a few population counts), the quiet count and a rules.History of the
// positions since the last capture. Boards of up to 64 cells (sizes 3 to 5) also keep the
// pieces in a one-word torus layout where every hex step is one rotation (torus.go), and
// hold their moves in it: random playouts spend nearly all their time generating moves,
// and whole-board shifts answer the rays, groups and flowlines for all pieces at once.
// There Flowish also keeps each player's groups, with a label per piece and the union of
// the groups of each size, updating only the groups around the cells a move touches
// (groups.go), so that the largest groups and the unified test cost no flood fill.
// On these boards LegalMoves lists a direction's moves by torus bit rather than by site,
// so that RandomMove draws in that order without converting back. Hash is a Zobrist
// hash (keys seeded with the game's ID) of the pieces plus a key for Black to move;
// AppendKey adds the game, the size, the outcome, the quiet count and the history.
package squish
