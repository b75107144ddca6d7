// Package turkish implements Turkish Checkers (Dama) on the 8×8 board.
//
// # Sources
//
// Kanare Kato's rulebook for Turkish Checkers (2021), in English (sections "Setup",
// "Gameplay", "Promote" and "Games end") and in Japanese (the same sections); the project's
// copies lost their diagrams, so the setup is the traditional one (as in Ludii and
// Wikipedia). Where a decision below is ours, it says so and why.
//
// # Board and setup
//
//   - board.NewSquare(8, 8), every square playable, drawn plain (rules.Plain): the game has
//     no checkerboard colouring (the rulebook says it needs no checkerboard).
//   - Sixteen men each: White (Player 0) on ranks 2–3, Black (Player 1) on ranks 6–7. White
//     moves first ("Gameplay").
//
// # Men
//
//   - A man steps one square forward or sideways to an empty square, never backward or
//     diagonally; forward is up the board for White, down for Black ("Gameplay").
//   - A man captures an orthogonally adjacent enemy piece forward or sideways by jumping to
//     the empty square directly beyond; never backward or diagonally ("Gameplay"; the
//     Japanese text is explicit).
//
// # Kings
//
//   - A man that ends its move on the far rank (8 for White, 1 for Black) becomes a king,
//     piece kind 1, drawn crowned (Game.Looks; the rulebook's stacked piece, "Promote").
//   - A king moves any distance along a rank or file through empty squares ("Promote").
//   - A king captures along a line: any number of empty squares, exactly one enemy piece,
//     then it lands on any empty square beyond with only empty squares in between. Two
//     enemy pieces next to each other on the line cannot be jumped; own pieces never can
//     ("Promote").
//   - Within a chain a king may not turn 180° between two jumps; 90° turns and going on
//     straight are allowed ("Promote" forbids only the opposite direction). A man can never
//     turn back anyway: the square it would jump is the one it just emptied.
//
// # Captures
//
//   - Capturing is compulsory, and a capturing piece must keep jumping while it can
//     ("Gameplay").
//   - Each jumped piece leaves the board at once, before the next jump; its square may be
//     crossed or landed on later in the chain, which can open further captures ("Promote":
//     each piece is removed on its own jump).
//   - Maximum capture: among all the player's pieces and all routes, the king's landing
//     squares included, only routes taking the most pieces are legal; men and kings count
//     the same, and ties are the player's choice ("Gameplay").
//   - Promotion during a capture: a man reaching the far rank by a capture goes on
//     capturing as a man (sideways along that rank) when it can, and must when the maximum
//     rule demands it; it is crowned when the move ends ("Promote", which lets the man go
//     on only against an adjacent enemy king, as a man would; Wikipedia agrees, while other
//     sources continue as a king or end the move). A plain step to the far rank ends the
//     turn and crowns the man.
//
// # Encoding: one decision per jump (encoding B)
//
// A turn is a step or a whole capture chain, as the rulebook counts turns. A chain is
// entered one Jump per capture, each a two-site move from the capturing piece's square to
// its landing square; between them MidTurn is true and the same player decides. There is no
// Stop: the chain ends by itself when the piece has no further capture.
//
// Encoding A (the whole chain in one Move) was rejected because its bound cannot be
// proved. For men it holds: a man keeps the parity of its file and rank, so it lands only
// on 16 squares, and it never revisits one (it never moves backward, and along a rank it
// cannot reverse, because the square it would jump is the one it just emptied), so a chain
// takes at most 15 pieces, 16 sites, already more than MaxPath (14). A flying king may turn
// freely, revisit squares and land on either parity, so nothing short of the 16 pieces a
// side owns bounds its chain: a king taking all 16 would need 17 sites. A game must never
// cut a path short, so chains are entered hop by hop.
//
// The maximum rule is then enforced on every hop: LegalMoves offers only the jumps that
// begin (or, mid-chain, continue) a route taking the most pieces. It searches each jump's
// best continuation from the real board, where the pieces taken so far are already gone,
// which is exactly the rule's timing. The state keeps the chain's piece and the direction
// of its last jump (the king's no-turning-back rule needs it), both in the hash and the
// key. After a jump the chain goes on exactly when that piece can capture again, since a
// jump of a maximal route whose piece could go on must go on.
//
// # End of the game
//
// Checked when a turn ends, in this order:
//
//   - A player left without pieces loses ("captured-all"; "Games end").
//   - Exactly one piece each, of whatever kind: a draw ("one-each"; "Games end", which
//     overrides sources that score king against lone man as a win).
//   - The player to move without a legal move loses ("no-moves"). The rulebook is silent;
//     Koma follows the traditional rule (Ludii, Wikipedia).
//   - The third occurrence of a position, comparing the board and the player to move, draws
//     ("repetition"; "Games end"). The initial position is its first occurrence. The
//     history holds the positions since the last irreversible turn, a capture or a man's
//     forward step, because no earlier position can recur; a man's sideways step is
//     reversible and keeps it.
//   - Our rule: 100 turns in a row without a capture and without a man stepping forward
//     draw ("no-progress"). The rulebook has no limit, yet kings can shuffle for longer
//     than any history could remember, and a game must end: this is the usual shape of
//     such limits (chess's 50 moves by each player), generous enough for kings to finish
//     a won ending. It also bounds the repetition history, 101 positions in a 128-slot
//     History, and the game (Game.MaxTurns).
//
// Resignation and draws by agreement are the app's business, not the rules'.
//
// # Hash and key
//
// Hash is an incremental Zobrist hash (keys seeded with "turkish") of the men and kings of
// each player, the player to move and, during a chain, the chain's piece and its last
// direction; between turns it is exactly the board and the player to move, which the
// repetition rule compares. AppendKey adds the result, the quiet-turn count and the
// history as a sorted multiset.
package turkish
