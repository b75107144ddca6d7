// Package sight implements Sight, Kanare Kato's game of growing stacks on the 5×5
// Alquerque board, in which a player's pieces grow taller when they see each other.
//
// # Sources
//
// The rulebook in seed 003 (Kanare Kato; its figures are missing) and the research note
// games-alquerque.md (§1.2 connectivity, §5 Sight, §7 register #15 and #16), whose
// recommended resolutions are followed unless said otherwise.
//
// # Board and pieces
//
//   - The 25 points of board.NewPoints(5, 5): orthogonal lines everywhere, diagonals only
//     through the strong points, whose file plus rank is even (a1 strong) (note §1.2).
//   - The board starts empty and White moves first (rulebook).
//   - A point holds nothing, a lone piece, or a stack of two or more pieces of one colour;
//     piles never mix colours, because pieces are only ever added to friendly ones
//     (rulebook). Heights have no upper bound and each player's supply is unlimited: the
//     rulebook gives no count (note §5.3 #2, register #16).
//
// # Sight
//
//   - From a point, look along each drawn line through it: the four orthogonal directions,
//     and the four diagonals only from a strong point. The first occupied point in each
//     direction is seen, whatever its colour or height, and it hides everything beyond it
//     (rulebook; note §5.1).
//
// # A turn
//
//   - A player with no stack of their own places one piece on any empty point. Each friendly
//     pile the new piece sees grows by one piece; the new piece stays single (rulebook).
//   - A player with at least one stack may not place. They take the top piece of one of
//     their tallest stacks and step it along a drawn line to an adjacent empty point; the
//     stack loses that piece. Each friendly pile the moved piece sees then grows by one,
//     except the stack it came from, which is always seen (rulebook; note §5.2). If several
//     stacks share the greatest height the player picks one.
//   - Enemy pieces never change, the piece placed or moved never grows, and every pile that
//     grows grows by exactly one (note §5.3 #4).
//   - Option priority: with "strict" (the default, note §5.3 #1 and register #15) the move
//     must come from a tallest stack even when all of them are boxed in, and the player then
//     has no move; with "movable" it comes from the tallest of the stacks that can step.
//   - Moves are written as placements (@c3) and steps (b2-c3).
//
// # End
//
//   - A player with no legal move on their turn loses (rulebook): a full board, or stacks
//     that must move and cannot. Every turn fills one empty point, so the board is full after
//     25 turns and no game lasts longer; there are no draws (note §5.3 #3).
//
// # Checked against the note
//
// Perft with the strict priority: 25, 600, 13,800, 303,600, 4,205,376 (note §5.3 #5), and
// its example: W@a1, B@e5, W@c3 makes a1 a white stack of two, which White must then move.
package sight
