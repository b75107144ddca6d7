// Package alquad implements Alquad, Kanare Kato's placement game on the 5×5 Alquerque
// board, in which the first player to own a square gives check and the other player gets
// one placement to answer with a bigger square.
//
// # Sources
//
// Kanare Kato's English rulebook for Alquad (2024), sections "Setup" and "Gameplay"; the
// project's copy lost its figures. No other public description of the game was found. Where
// the rulebook leaves a point open, the decision below is Koma's own and says why.
//
// # Board and setup
//
//   - The 25 points of board.NewPoints(5, 5): orthogonal lines everywhere, diagonals only
//     through the strong points, whose file plus rank is even (a1 strong), the usual
//     drawing of the Alquerque board.
//   - The board starts empty. The setup player, Player 0 (the rulebook says only "one
//     player"; Koma gives the job to the first seat), puts one White and then one Black
//     piece on two distinct empty points, in one turn of two decisions (rulebook, "Setup";
//     the order white first is our choice, because the app then asks one clear question per
//     click).
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
//     runs along drawn lines; other pieces may stand on its sides or inside ("Gameplay": a
//     square is upright or turned by 45°, its corners are joined by grid lines, and pieces
//     on those lines do not matter). That gives 35 squares: the 30 upright ones (16 of side
//     1, 9 of side 2, 4 of side 3, 1 of side 4) and 5 turned by 45°, whose corners are all
//     strong points: {a3 b2 c3 b4}, {b2 c1 d2 c3}, {c3 d2 e3 d4}, {b4 c3 d4 c5} and {a3 c1
//     e3 c5}. A turned square on weak points such as {b3 c2 d3 c4} does not count, because
//     its sides are not drawn.
//   - A square's size is its Euclidean area, dx²+dy² of one side: 1, 2, 4, 8, 9 or 16
//     (Koma's reading of the rulebook's "larger area": the plain geometric area, so a
//     turned square of side √2 is larger than an upright one of side 1).
//
// # Check and result
//
//   - A player who owns a square after their placement gives check; their area is the
//     largest among all their squares at that moment ("Gameplay").
//   - The checked player makes one more placement, and the game ends at once: they win
//     ("bigger-square") if their colour then owns a square strictly larger than the
//     checker's area, and otherwise the checker wins ("square"); an equal area is not
//     enough ("Gameplay" asks for a larger area). Before the check the checked player owned
//     no square, or they would have given check themselves, so only the reprieve placement
//     can make one.
//   - When the checked player has no piece left in hand, which happens when Black gives
//     check with its eleventh placement, there is no reprieve and the checker wins
//     ("no-reprieve"). Koma's resolution: the rulebook does not foresee the case, and
//     without a reprieve the checked player cannot make the larger square it requires.
//   - When all 22 pieces in hand are placed and nobody ever made a square, the game is
//     drawn ("no-square") ("Gameplay"). The board never fills: 2 + 22 = 24 of 25 points.
//   - So a game lasts at most 24 turns: the setup, the choice and 22 placements.
//
// # Checked independently
//
// Perft from the empty board, whole turns: 600 (setup), 1,200 (choice), 27,600, 607,200.
// The figures, and whole random games move by move, agree with a separately written
// implementation in naive_test.go that finds its squares from the lattice geometry and the
// board's drawn lines rather than from the package's tables.
package alquad
