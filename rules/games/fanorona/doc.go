// Package fanorona implements Fanorona, the capture game of Madagascar, on the 9×5
// Fanorona-Tsivy board and the 5×5 Fanorona-Dimy board, with both anti-draw rules of the
// rulebook as options.
//
// # Sources
//
// Kanare Kato's English rulebook for Fanorona (2024), sections "Setup", "Gameplay",
// "Capture", "Consecutive captures", "Game end", "Additional rules" and "Variant"; the
// project's copy lost its figures, so the setups follow the traditional layouts that other
// implementations agree on (Ludii, Abstract Play, vchess). A whole chain is one turn,
// however many decisions it takes to enter, because the rulebook calls it one turn. Where
// the rulebook leaves a point open, the decision below is Koma's own and says why.
//
// # Board and setup
//
//   - The points of board.NewPoints(9, 5) (Tsivy) or board.NewPoints(5, 5) (Dimy):
//     orthogonal lines everywhere, diagonals only through the strong points, whose file
//     plus rank is even (a1 strong), the usual drawing of the board.
//   - Tsivy: 22 pieces each; White (Player 0) holds ranks 1–2 and b3 d3 g3 i3, Black ranks
//     4–5 and a3 c3 f3 h3; e3 is empty. Dimy: 12 each; White holds ranks 1–2, a3 and d3,
//     Black b3, e3 and ranks 4–5; c3 is empty (the traditional layouts; White sits at the
//     bottom, and the mirror images play the same). White moves first ("Gameplay").
//
// # Moves
//
//   - A move is a step of one piece along a drawn line to the adjacent empty point
//     ("Gameplay").
//   - Approach: after the step, the enemy piece on the next point in the same direction is
//     captured, with every enemy piece behind it in an unbroken line; the line stops at an
//     empty point, an own piece or the edge. Withdrawal: the step leads directly away from
//     an enemy piece on the point just behind the start, which is captured with its
//     unbroken line the same way ("Capture"). The capture line is the straight continuation
//     of the step's line, so it follows drawn lines too.
//   - Capturing is compulsory: while any capture exists, only captures are legal. There is
//     no rule to take the most pieces ("Gameplay" asks only for a capture). A step that is
//     not a capture is a paika, legal only when no piece can capture.
//   - When one step can capture both ways, the player chooses one and the other line stays
//     ("Capture"). The two are separate moves, told apart by their Tag.
//   - After a capture the same piece may capture again, and again; the player may stop at
//     any time ("Consecutive captures"). A chain never includes a paika; it may not enter a
//     point the piece has stood on this turn, its starting point included (Koma's reading
//     of "the same intersection twice", as in Abstract Play's Fanorona: the piece has
//     visited its start too), and may not step in the same direction as the step just
//     before, whether that one approached or withdrew ("Consecutive captures", with its own
//     example; only the previous step counts, because the rule forbids moving in the same
//     direction "continuously").
//   - Every captured piece leaves the board at once, so later steps of a chain see the
//     board without it (the rulebook removes captured pieces as they are taken).
//   - The first turn of the game is not limited to a single capture and Vela is not played
//     (neither is in the rulebook).
//
// # Encoding (encoding B of rules/doc.go)
//
// Each capturing step is a Step move whose Tag says approach or withdrawal; a paika is a
// Step with Tag 0. After a capturing step the state keeps the moving piece, the points it
// visited (shown as Visited marks) and its last direction, and offers that piece's further
// capturing steps and a Stop, with MidTurn true. When the piece has no further capture the
// turn ends by itself, without a Stop. Koma's notation: "d2-e3" for a paika, "d2-e3A" and
// "d2-e3W" for an approach and a withdrawal, "stop".
//
// # End of the game
//
//   - Capturing every enemy piece wins ("captured-all"; "Game end").
//   - A player who has no legal move at the start of a turn loses ("no-moves"). This is the
//     rulebook's own rule under forward paika ("Additional rules"), and Koma's resolution
//     otherwise, where the rulebook is silent: one rule serves every option, and
//     traditional play counts leaving the opponent without a move as a win.
//
// # Options
//
// board: "tsivy" (default) or "dimy".
//
// end: the rule that keeps a game from going on for ever. The rulebook offers two remedies
// for games that can no longer be won ("Additional rules"), two independent choices; as one
// option with three values they cover every combination that plays differently, since under
// forward paika no loop can happen and the loop rule never applies.
//
//   - end=loop (the default): the loop rule. A loop is detected when the same position,
//     pieces plus player to move, occurs for the third time (the initial position is its
//     first occurrence), or after 100 turns in a row without a capture. The side that has
//     captured more then wins; equal counts draw ("repetition", "no-captures"). The result
//     is the rulebook's; the trigger is Koma's, because the rulebook does not say how a
//     loop is recognised: a third occurrence is the usual test, and the 100 quiet turns are
//     a safety net for loops too long to repeat a position. A capture clears both counts,
//     since no earlier position can recur after it.
//   - end=forward: forward paika. A paika may only go straight or diagonally forward (up
//     the board for White, down for Black; diagonals only from strong points); captures,
//     chains included, keep every direction, and a player who cannot move loses
//     ("Additional rules"). Positions can then never repeat and every game ends by itself,
//     so no loop trigger is applied.
//   - end=draw: neither remedy, the traditional game: the loop triggers still end the game
//     (an engine's safety net), as a draw whatever the counts ("repetition-draw",
//     "no-captures-draw").
//
// Why the loop rule by default: it keeps the traditional way of moving, which is what the
// rulebook teaches first and what players of Fanorona know, and only settles the games the
// traditional rules cannot end, by the captures each side made. Forward paika changes how
// the whole game is played (pieces can never retreat), so it is offered as a choice, as the
// rulebook does ("if a draw is to be avoided completely").
//
// Presets: "" (Tsivy), "board=dimy" and "end=forward".
//
// # Termination
//
// Under the loop rules every turn that captures takes at least one of the 44 (24) pieces
// and at most 100 quiet turns pass between two captures, so no game outlasts about 4,450
// turns (Game.MaxTurns is 4,500). Under forward paika each piece can make at most four
// forward steps, so at most 176 paikas and 43 capturing turns are ever played.
//
// # Hash and key
//
// Hash is an incremental Zobrist hash (keys seeded with "fanorona") of the pieces, the
// player to move and, during a chain, the capturing piece, its visited points and its
// last direction. Between turns it is exactly "pieces plus player to move", the position
// the repetition rule compares. AppendKey adds the options, the result of a finished game,
// the quiet-turn count and the repetition history as a sorted multiset.
package fanorona
