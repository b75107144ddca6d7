// Package alquad implements Alquad, Kanare Kato's placement game on the 5×5 Alquerque
// board, in which the first player to own a square gives check and the other player gets
// one placement to answer with a bigger square.
//
// # Sources
//
// The rulebook in seed 003 (Kanare Kato, 2024; its figures are missing) and the research
// note games-alquerque.md (§1 coordinates and strong points, §4 Alquad, §7 register #12 to
// #14), whose recommended resolutions are followed throughout. No other public description
// of the game exists (note §4).
//
// # Board and setup
//
//   - The 25 points of board.NewPoints(5, 5): orthogonal lines everywhere, diagonals only
//     through the strong points, whose file plus rank is even (a1 strong) (note §1.2).
//   - The board starts empty. The setup player, Player 0 (note §4.1 proposes seat 1, which
//     is Player 0), puts one White and then one Black piece on two distinct empty points, in
//     one turn of two decisions (rulebook; the order white first is our choice, because the
//     app then asks one clear question per click).
//   - The other player then chooses a colour, by a Choose move labelled "white" or "black"
//     (rulebook). Pieces belong to a colour; a player owns the pieces of the colour they
//     hold, so before the choice Player 0 is shown as White (Game.Sides), and afterwards
//     whoever chose White owns the white pieces (our choice, because the board must show an
//     owner before anyone has a colour).
//   - Each colour then has 11 pieces in hand, twelve counting the one already on the board
//     (rulebook). White places first (rulebook), so when the chooser takes White they also
//     make the next turn.
//
// # Turns
//
//   - A turn places one piece of one's colour on any empty point; nothing moves or is
//     captured (rulebook).
//
// # Squares
//
//   - A square counts when its four corners hold the mover's pieces and each of its sides
//     runs along drawn lines; other pieces may stand on its sides or inside (rulebook, as
//     the note §4.3 reads it, register #12). That gives 35 squares: the 30 upright ones
//     (16 of side 1, 9 of side 2, 4 of side 3, 1 of side 4) and 5 turned by 45°, whose
//     corners are all strong points: {a3 b2 c3 b4}, {b2 c1 d2 c3}, {c3 d2 e3 d4},
//     {b4 c3 d4 c5} and {a3 c1 e3 c5}. A turned square on weak points such as
//     {b3 c2 d3 c4} does not count, because its sides are not drawn (note §4.3).
//   - A square's size is its Euclidean area, dx²+dy² of one side: 1, 2, 4, 8, 9 or 16
//     (note §4.3, register #12).
//
// # Check and result
//
//   - A player who owns a square after their placement gives check; their area is the
//     largest among all their squares at that moment (rulebook, note §4.4.1).
//   - The checked player makes one more placement, and the game ends at once: they win
//     ("bigger-square") if their colour then owns a square strictly larger than the
//     checker's area, and otherwise the checker wins ("square"); an equal area is not
//     enough (rulebook, register #14). Before the check the checked player owned no square,
//     or they would have given check themselves, so only the reprieve placement can make
//     one (note §4.4.5).
//   - When the checked player has no piece left in hand, which happens when Black gives
//     check with its eleventh placement, there is no reprieve and the checker wins
//     ("no-reprieve") (note §4.4.3, register #13).
//   - When all 22 pieces in hand are placed and nobody ever made a square, the game is
//     drawn ("no-square") (rulebook). The board never fills: 2 + 22 = 24 of 25 points.
//   - So a game lasts at most 24 turns: the setup, the choice and 22 placements.
//
// # Checked independently
//
// Perft from the empty board, whole turns: 600 (setup), 1,200 (choice), 27,600, 607,200.
// The figures, and whole random games move by move, agree with a separately written
// implementation in naive_test.go that finds its squares from the lattice geometry and the
// board's drawn lines rather than from the package's tables.
package alquad
