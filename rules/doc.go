// Package rules is the contract between Koma's games and everything that plays them: the
// app, the AI and the command-line tool. It is pure Go and imports nothing that needs a
// display.
//
// # The model
//
// A Game is a definition card: ID, seats, board style, piece looks, variant options and a
// constructor. A State is one position. A Move is one decision of the player to move; after
// State.Apply the state says who decides next, which may be the same player again, and
// through MidTurn whether that decision continues the turn in progress or starts a new one.
// A turn is what the rulebook calls a turn: a whole capture chain is one turn however many
// decisions it takes to enter, while Orochi's extra turn or Mabi's move after the opponent
// passed is a new turn of the same player. Move lists number turns, undo takes back turns,
// and perft counts them. Legality has one source, State.LegalMoves: the UI, the AI,
// ParseMove and saved games all check against it.
//
// Players are people, or the AI, for the whole game. What colour a player's pieces have is
// part of the state: the pie rule and Alquad's colour choice move colours between players,
// never players between seats. ColourOf tells a player's colour in a position, and the app
// names a seat by its Side.Role when the game gives one ("fox", "attacker"), otherwise by
// that colour. Pieces belong to players; a swap hands them over with the colours, so every
// piece keeps its colour on the board. The AI maximises for players, so a swap needs
// nothing of it.
//
// States are fixed-size value structs, so copying one (Clone, CopyFrom) never shares memory
// with the original. Hash is an incremental Zobrist hash of the position; AppendKey encodes the
// full state, including counters and history, and decides whether two states are the same.
//
// What every position keeps alike is written once: a game's State embeds Status, which
// holds the player to decide, whether and how the game ended and the hash, and supplies
// ToMove and Hash; the game's Outcome is Status.Ended over its table of reason keys (plus
// the score, in a game decided by a count). The game writes the rest: its pieces, what
// its turn shape adds (a chain, a phase, placements owed) and the rules themselves.
//
// # How each turn shape of the rulebooks is expressed
//
// Two encodings cover every multi-part turn. A whole path in one Move (encoding A) is used
// where the rules need the complete path to judge a turn and the path fits in MaxPath sites;
// consecutive decisions by the same player (encoding B) are used where a turn is a sequence of
// independent choices, or where a path could outgrow MaxPath, with the pending part of the
// turn kept in the state, in its hash and in its key, and MidTurn true between them. A path
// is never cut short: NewMove and Move.Extend panic beyond MaxPath, and a game using
// encoding A proves its bound (Alquerque: 12 captures, so 13 points).
//
//   - Removal opening (Kōnane): Remove moves. Black removes one of its pieces, then White
//     removes one next to the hole; each is a whole turn of its own.
//   - Optional straight multi-jumps (Kōnane): encoding A. Each legal stopping point of a
//     straight chain is a separate Jump move whose Path lists every landing square, so
//     stopping early is simply choosing a shorter move.
//   - Forced capture chains with changes of direction (Alquerque under Bell's rules): encoding
//     A. The generator walks every chain to its end and emits only complete chains; pieces
//     captured earlier in the chain are removed at once.
//   - Forced capture chains under a maximum-capture rule, with flying kings (Turkish
//     Checkers): encoding B, one Jump per capture and no Stop, because a king's chain has no
//     bound provably within MaxPath. LegalMoves offers only the jumps that begin or continue
//     a route taking the most pieces, searched from the real board with the pieces taken so
//     far already gone; the chain ends by itself when its piece cannot capture again.
//   - Hop chains that may stop anywhere (Halma): encoding B, one Jump per hop and a Stop
//     move to end the turn, because 8×8 positions reach about 40,000 distinct hop paths and
//     paths of 17 sites.
//   - Approach or withdrawal at every step of a chain, with the right to stop (Fanorona):
//     encoding B. Each capturing step is a Step move whose Tag says approach or withdrawal,
//     labelled through Labeller and previewed through CapturePreviewer; the state then keeps
//     the moving piece, the points it visited (shown as Visited marks) and its last
//     direction, and offers further capturing steps by the same piece plus a Stop.
//   - Two placements in one turn (Sibling, Skirt, Node): encoding B. The state counts the
//     placements left in the turn; the first Place keeps the same player to move with
//     MidTurn true, and a Prompter asks for the second piece. Tiptoe's setup placements are
//     turns of their own, because its rulebook counts them so (Black's pair is one turn).
//   - A placement followed by forced flips and extra turns (Orochi): encoding B. After the
//     Place, the state holds the flips still owed (MidTurn true, each flip a decision with
//     its prompt); an extra turn keeps the same player to move with MidTurn false.
//   - Passing and pass-locks (Mabi): a Pass move gives up a turn, legal when the rules allow
//     it; the state records consecutive passes, and when the rules forbid a pass it is simply
//     not generated. Pass never ends a chain; that is Stop.
//   - Choosing colours (Sibling's pie rule, Alquad): a Swap move offered among the second
//     player's first options, or Choose moves whose Tag names the colour, labelled through
//     Labeller. The state implements SeatColours.
//   - Stacks (Stride, Sight, Turkish kings): State.Pieces returns every piece on a site,
//     bottom first, and the state stores fixed-height stacks; a crowned king is a piece Kind
//     whose Look is Crowned.
//   - Special sites: a state implementing Marker lists them, those fixed by the variant (the
//     tafl throne and escapes, Halma's camps, Skirt's outer ring) and those of the position
//     (Mabi's paralysed pieces, a Fanorona chain's visited points). The renderer draws each
//     MarkKind in every board style, in play and in the rules' diagrams; movement
//     restrictions live in the game's LegalMoves.
//   - Repetition rules (the repeater loses in Tafl, a draw in Turkish Checkers, forbidden in
//     Mabi for the whole game): each state keeps a History sized by the game, of the hashes its
//     rulebook compares (the board alone, or the board and the player to move), since the last
//     irreversible move or since the start. A move that would repeat is then dropped from
//     LegalMoves (Mabi), or ends the game with the right Outcome (Tafl, Turkish Checkers).
//     Because the history is part of the state, search sees the rule without knowing about
//     it.
//   - Counts (Mabi's largest group, Orochi, Sibling, Alquerque's simple rules, Fanorona): the
//     Outcome carries the score (Scores), which the result screen shows.
//   - Telling the player what the decision is about: Prompter, with keys worded in the game's
//     rules text or the app's strings; no code matches notation text.
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
