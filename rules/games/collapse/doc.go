// Package collapse implements Collapse, Kanare Kato's capture game on the 9×5 Fanorona
// board, in which every move must take exactly one enemy piece.
//
// # Sources
//
// The rulebook in seed 003 (Kanare Kato, 2024; its figures are missing) and the research
// note games-alquerque.md (§1.2 connectivity, §6 Collapse, §7 register #17 and #18), whose
// recommended resolutions are followed throughout.
//
// # Board and setup
//
//   - The 45 points of board.NewPoints(9, 5): orthogonal lines everywhere, diagonals only
//     through the strong points, whose file plus rank is even (a1 strong) (note §1.2).
//   - Eleven pieces each round the edge, the colours alternating as one walks round it, with
//     a3 and i3 empty: White on a1 c1 e1 g1 i1, a4 i4, b5 d5 f5 h5; Black on b1 d1 f1 h1,
//     a2 i2, a5 c5 e5 g5 i5 (note §6.1, confirmed against the official rulebook's first
//     figure; register #17). White moves first (rulebook).
//
// # Moves
//
//   - A move slides one piece in a straight line along a drawn line, over empty points only,
//     and must end by taking the first piece it meets, which must be an enemy: that piece is
//     removed and the slider stops on the last empty point before it (rulebook; the landing
//     is the note's reconstruction, confirmed by the rulebook's second figure, g1 sliding to
//     d4 to take c5; register #18).
//   - The slider travels at least one point: an enemy directly beside it cannot be taken in
//     that direction (note §6.2, register #18; the rook-like reading that lands on the taken
//     point is not used). A line that meets a friendly piece first, or runs off the board,
//     gives no move in that direction.
//   - Every move captures exactly one piece; there is no passing and no chain (rulebook).
//     A move is written like a step, from and to: g1-d4. The piece taken is the next one
//     along the same line.
//
// # End
//
//   - A player who cannot capture at the start of their turn loses, which includes having
//     no pieces left (rulebook). Each turn removes one of the 22 pieces, so a game lasts at
//     most 21 turns and cannot be drawn (note §6.2).
//
// # Checked against the note
//
// Perft from the start: 15, 196, 2,360, 26,738 (note §6.3), and the first 15 moves it lists.
//
// # Solved
//
// Under these rules White wins with best play, whichever of its 15 opening moves it
// chooses: an exhaustive search from the start settles it (30 million positions, about 90 s;
// TestFirstPlayerWins, run with KOMA_SOLVE=1). The rules text says so, and the levels are
// measured by the games the stronger level wins as Black (rules/ai/STRENGTH.md).
package collapse
