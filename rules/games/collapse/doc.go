// Package collapse implements Collapse, Kanare Kato's capture game on the 9×5 Fanorona
// board, in which every move must take exactly one enemy piece.
//
// # Sources
//
// Kanare Kato's English rulebook for Collapse (2024), sections "Setup", "Gameplay" and
// "Game end"; the project's copy lost its figures. The setup and the landing point of a
// slide come from two independent implementations of the official rules, and both agree
// with figures 1 and 2 of the official rulebook. Where the rulebook leaves a point open,
// the decision below is Koma's own and says why.
//
// # Board and setup
//
//   - The 45 points of board.NewPoints(9, 5): orthogonal lines everywhere, diagonals only
//     through the strong points, whose file plus rank is even (a1 strong), the usual
//     drawing of the Fanorona board.
//   - Eleven pieces each round the edge, the colours alternating as one walks round it,
//     with a3 and i3 empty: White on a1 c1 e1 g1 i1, a4 i4, b5 d5 f5 h5; Black on b1 d1 f1
//     h1, a2 i2, a5 c5 e5 g5 i5 (the official rulebook's figure 1; "Setup" says only that
//     the pieces ring the board). White moves first ("Gameplay").
//
// # Moves
//
//   - A move slides one piece in a straight line along a drawn line, over empty points
//     only, and must end by taking the first piece it meets, which must be an enemy: that
//     piece is removed and the slider stops on the last empty point before it ("Gameplay";
//     the landing point is shown by the official rulebook's figure 2, g1 sliding to d4 to
//     take c5).
//   - The slider travels at least one point: an enemy directly beside it cannot be taken in
//     that direction (Koma's reading of "collide": the piece must move to hit anything, as
//     both implementations above have it; the rook-like reading that lands on the taken
//     point is not used). A line that meets a friendly piece first, or runs off the board,
//     gives no move in that direction.
//   - Every move captures exactly one piece; there is no passing and no chain ("Gameplay").
//     A move is written like a step, from and to: g1-d4. The piece taken is the next one
//     along the same line.
//
// # End
//
//   - A player who cannot capture at the start of their turn loses, which includes having
//     no pieces left ("Game end"). Each turn removes one of the 22 pieces, so a game lasts
//     at most 21 turns and cannot be drawn.
//
// # Checked independently
//
// Perft from the start: 15, 196, 2,360, 26,738, and the list of the 15 first moves, as
// computed independently when the rules were settled (TestOpeningMoves,
// TestIndependentPerft).
//
// # Solved
//
// Under these rules White wins with best play, whichever of its 15 opening moves it
// chooses: an exhaustive search from the start settles it (30 million positions, about 90 s;
// TestFirstPlayerWins, run with KOMA_SOLVE=1). The rules text says so, and the levels are
// measured by the games the stronger level wins as Black (rules/ai/STRENGTH.md).
package collapse
