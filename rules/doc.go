// Package rules is the contract between Koma's games and everything that plays them: the
// app, the AI and the command-line tool. It is pure Go and imports nothing that needs a
// display.
//
// # The model
//
// A Game is a definition card: ID, seats, board style, piece looks, variant options and a
// constructor. A State is one position. A Move is one decision of the player to move; after
// State.Apply the state says who decides next, which may be the same player again. A turn is
// everything one player does until another player is to move or the game ends. Legality has
// one source, State.LegalMoves: the UI, the AI, ParseMove and saved games all check against it.
//
// States are fixed-size value structs, so copying one (Clone, CopyFrom) never shares memory
// with the original. Hash is an incremental Zobrist hash of the position; AppendKey encodes the
// full state, including counters and history, and decides whether two states are the same.
//
// # How each turn shape of the rulebooks is expressed
//
// Two encodings cover every multi-part turn. A whole path in one Move (encoding A) is used
// where the rules need the complete path to judge a turn; consecutive decisions by the same
// player (encoding B) are used where a turn is a sequence of independent choices, with the
// pending part of the turn kept in the state, in its hash and in its key.
//
//   - Removal opening (Kōnane): Remove moves. Black removes one of its pieces, then White
//     removes one next to the hole; each is a whole turn of its own.
//   - Optional straight multi-jumps (Kōnane): encoding A. Each legal stopping point of a
//     straight chain is a separate Jump move whose Path lists every landing square, so
//     stopping early is simply choosing a shorter move.
//   - Forced capture chains with changes of direction and a maximum-capture rule (Alquerque
//     under Bell's rules, Turkish Checkers): encoding A. The generator walks every chain to its
//     end and emits only complete chains, and only those of maximal length where the game
//     demands the maximum; pieces captured earlier in the chain are removed as the game
//     prescribes (at once in Alquerque, at the end in Turkish Checkers).
//   - Approach or withdrawal at every step of a chain, with the right to stop (Fanorona):
//     encoding B. Each capturing step is a Step move whose Tag says approach or withdrawal;
//     the state then keeps the moving piece, the points it visited and its last direction,
//     and offers further capturing steps by the same piece plus a Pass that ends the turn.
//   - Two placements in one turn (Sibling, Skirt, Node, Tiptoe's setup): encoding B. The
//     state counts the placements left in the turn; the first Place keeps the same player to
//     move.
//   - A placement followed by forced flips and extra turns (Orochi): encoding B. After the
//     Place, the state holds the flips still owed; each flip the player chooses is a decision
//     of its own, and when the rules award an extra turn the same player stays to move.
//   - Passing and pass-locks (Mabi): a Pass move, legal when the rules allow it; the state
//     records consecutive passes, and when the rules forbid a pass it is simply not generated.
//   - Choosing colours after the opening (Sibling's pie rule, Alquad): a Swap move offered to
//     the second player at the right moment; the state records that seats were exchanged.
//   - Stacks (Stride, Sight, Turkish kings): State.Pieces returns every piece on a site,
//     bottom first, and the state stores fixed-height stacks; a crowned king is a piece Kind
//     whose Look is Crowned.
//   - Special squares (the tafl throne, corners and escapes): named regions of the game's own
//     rules, listed by the game for the renderer as marked sites; movement restrictions live
//     in the game's LegalMoves.
//   - Repetition rules (the repeater loses in Tafl, a draw in Turkish Checkers, forbidden in
//     Mabi): each state keeps a History of position hashes since the last irreversible move.
//     A move that would repeat is then dropped from LegalMoves (Mabi), or ends the game with
//     the right Outcome (Tafl, Turkish Checkers). Because the history is part of the state,
//     search sees the rule without knowing about it.
//
// # Determinism
//
// LegalMoves returns moves in a fixed order, hashes come from board.NewZobrist keys seeded by
// the game ID, and no rule code iterates over maps on an observable path. The same seed
// therefore reproduces the same game on every platform.
//
// # Perft
//
// Perft counts positions by whole turns and merges turns that reach the same full state, so
// its figures do not depend on how a game encodes its moves.
package rules
