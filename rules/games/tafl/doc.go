// Package tafl implements three games of the tafl family for Koma: Tablut (9×9), Brandub
// (7×7) and Ard Rí (7×7), as three definition cards (IDs "tablut", "brandub", "ardri")
// sharing one implementation.
//
// # Sources
//
// Kanare Kato's rulebook for Tafl (2021; "the booklet" below), in English (sections
// "Setup", "Move", "Capture", "Capture the king", "Capture by the throne", "Games end" and
// "7 × 7 games") and in Japanese (the same sections); the project's copies lost their
// diagrams. Ard Rí moves like Tablut, with rook moves, because the booklet gives both 7×7
// games Tablut's rules; the one-square movement of other sources is an option, move=step.
// Where the booklet leaves a point open, the decision below is Koma's own and says why.
//
// # Rules as implemented
//
//   - Seats: Player 0 is the attackers, Black, Role "attacker", and moves first; Player 1
//     the defenders, White, Role "defender" (booklet). The king is piece Kind 1, drawn
//     rules.Crowned; soldiers are Kind 0.
//   - Setups, the traditional layouts (as in Ludii), since the booklet's diagrams are lost:
//     Tablut, 16 attackers, 8 defenders and the king on the throne e5; Brandub, 8
//     attackers, 4 defenders, king on d4; Ard Rí, Parlett's layout, 16 attackers, 8
//     defenders, king on d4. They are kept as data (the layouts in tafl.go).
//   - Moves: every piece, the king included, moves like a rook through empty squares
//     (booklet), or one square with ardri:move=step. Only the king may stop on the throne,
//     and it may return to it; any piece passes over the empty throne (booklet). In the 7×7
//     games only the king may enter the four corner escapes (booklet). No passing. Moves
//     are rules.Step moves, written "d1-d3".
//   - Soldier captures (booklet, "Capture" and "Capture by the throne"): after a move, each
//     orthogonal neighbour of the moved piece that is an enemy soldier is removed when the
//     square beyond it holds a piece of the mover (for the defenders the king counts) or is
//     hostile. Hostile squares are the empty throne, for both sides, and in the 7×7 games
//     the corners, for both sides; the throne with the king on it is just a defending
//     piece. Several directions at once, never two soldiers in a row, only the mover
//     captures, the edge is never hostile.
//   - King capture, only by an attackers' move whose moved piece is one of the enclosers
//     ("Capture the king"): on the throne, attackers on all four sides, or on three sides
//     with a defending soldier on the fourth whose other three sides hold attackers
//     (exactly one such soldier, only on the throne: Koma's reading, as the booklet speaks
//     of one side held by soldiers and shows only that case); beside the throne, attackers
//     on the three other sides; elsewhere, between two attackers in a line, or in the 7×7
//     games between an attacker and a corner. Never against the edge.
//   - Simultaneity, our choice, because the booklet treats the enclosure of king and
//     soldier as one picture: the king is judged on the board the move leaves, before the
//     soldiers it encloses are removed. This matters only in the exception above, where the
//     last attacker may also enclose the soldier by custody; the king is captured. A
//     captured king stays on the board (the game is over) so the finished position shows
//     the trap.
//   - Winning squares: the king on any of Tablut's 32 edge squares, or on a corner in the
//     7×7 games, wins for the defenders at once ("king-escaped"). Tablut's squares follow
//     the Japanese text (the English one says corners, but then says the 7×7 games differ
//     from Tablut by winning at the corners, and Tablut has no marked corners; Linnaeus'
//     Tablut is an edge-escape game too); the rules text says so. Capturing the king wins
//     for the attackers ("king-captured").
//   - A player with no legal move on their turn loses ("no-moves"; booklet, "Games end").
//     That covers defenders walled in and a side with no pieces left.
//   - Repetition (booklet, "Games end"): the same position, the board and the side to move,
//     may not occur a third time; the player whose move makes the third occurrence loses
//     ("repetition"). The initial position is the first occurrence (Koma's reading, the
//     same as in its other games with a repetition rule). The history holds the positions
//     since the last capture, which makes every earlier position unreachable; it is part of
//     the state, so the AI sees the rule. Escapes and king captures are judged before
//     repetition.
//   - Turn limit, our choice, because the booklet has no end for a game without progress:
//     after 400 turns (200 each; Game.MaxTurns) the game is a draw ("turn-limit"). It is far
//     beyond the length of real games, and it bounds the history (512 slots).
//
// # Options
//
//   - ardri: move = "rook" (default, the booklet) or "step": every piece moves one square
//     orthogonally, as in Ludii and dragonheelslair's Ard Rí; throne, corners and captures
//     stay the booklet's. Presets "" and "move=step".
//   - Tablut has no corner-escape option: the English edition's corner reading is most
//     likely a translation error (see winning squares above).
//
// # State, hash and key
//
// The board is an array of square contents, mirrored in two bitsets (attackers; defenders
// with the king). In Tablut an occupancy mask per row and per column mirrors it too, and a
// piece's moves along a line are one lookup in a table indexed by its position and the
// line's occupancy. The 7×7 boards fit one word, and their moves are found for a whole
// side at once by shifts of that word (doubling fills for rook moves): per direction, the
// squares reached are the moves, since each has a single piece behind it. LegalMoves lists
// them by direction there (down, up, left, right), by piece in Tablut.
// Apply also keeps the moves of the player to move (it needs their number to find a stuck
// player), so that RandomMove only draws one: on the 7×7 boards it picks a direction from
// the counts and the drawn square of that direction's set by a branch-free select. The
// repetition history is a rules.History, whose filter spares most positions its scan.
// Hash is a Zobrist hash of the pieces and the side to move, keyed by the game ID.
// AppendKey adds the variant, the result, the turn count and the history as a multiset.
// The game is not rules.Memoryless: the history and the turn count are outside the hash.
package tafl
