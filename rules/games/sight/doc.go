// Package sight implements Sight, Kanare Kato's game of growing stacks on the 5×5
// Alquerque board, in which a player's pieces grow taller when they see each other.
//
// # Sources
//
// Kanare Kato's English rulebook for Sight, sections "Setup", "Definitions", "Gameplay" and
// "Game end"; the project's copy lost its figures. No other public description of the game
// was found. Where the rulebook leaves a point open, the decision below is Koma's own and
// says why.
//
// # Board and pieces
//
//   - The 25 points of board.NewPoints(5, 5): orthogonal lines everywhere, diagonals only
//     through the strong points, whose file plus rank is even (a1 strong), the usual
//     drawing of the Alquerque board.
//   - The board starts empty and White moves first ("Setup", "Gameplay").
//   - A point holds nothing, a lone piece, or a stack of two or more pieces of one colour;
//     piles never mix colours, because pieces are only ever added to friendly ones
//     ("Definitions"). Heights have no upper bound and each player's supply is unlimited
//     (Koma's resolution: the rulebook gives no count and never says what happens when
//     pieces run out; random games rarely need more than two dozen pieces a side).
//
// # Sight
//
//   - From a point, look along each drawn line through it: the four orthogonal directions,
//     and the four diagonals only from a strong point. The first occupied point in each
//     direction is seen, whatever its colour or height, and it hides everything beyond it
//     ("Definitions": pieces on one grid line with nothing between them see each other).
//
// # A turn
//
//   - A player with no stack of their own places one piece on any empty point. Each
//     friendly pile the new piece sees grows by one piece; the new piece stays single
//     ("Gameplay", case A).
//   - A player with at least one stack may not place. They take the top piece of one of
//     their tallest stacks and step it along a drawn line to an adjacent empty point; the
//     stack loses that piece. Each friendly pile the moved piece sees then grows by one,
//     except the stack it came from, which is always seen ("Gameplay", case B). If several
//     stacks share the greatest height the player picks one.
//   - Enemy pieces never change, the piece placed or moved never grows, and every pile that
//     grows grows by exactly one ("Gameplay": one piece is added to each pile seen).
//   - Option priority: with "strict" (the default) the move must come from a tallest stack
//     even when all of them are boxed in, and the player then has no move; with "movable"
//     it comes from the tallest of the stacks that can step. Strict is Koma's reading of
//     "the highest stack has priority": it is the literal text, and it fits the game's aim
//     of taking the opponent's legal moves away.
//   - Moves are written as placements (@c3) and steps (b2-c3).
//
// # End
//
//   - A player with no legal move on their turn loses ("Game end"): a full board, or stacks
//     that must move and cannot. Every turn fills one empty point, so the board is full
//     after 25 turns and no game lasts longer; there are no draws.
//
// # Checked independently
//
// Perft with the strict priority: 25, 600, 13,800, 303,600, 4,205,376, as computed
// independently when the rules were settled, and a worked example: W@a1, B@e5, W@c3 makes
// a1 a white stack of two, which White must then move.
package sight
