// Package mabi implements Mabi, Kanare Kato's game of groups and paralysis on an 8×8
// board.
//
// # Sources
//
// Kanare Kato's rulebook for Mabi, in English and in Japanese (sections "Setup",
// "Definition", "Gameplay", "Paralysis" and "Game end"); the project's copies lost their
// diagrams. Where a decision below is ours, it says so and why.
//
// # Board and setup
//
//   - board.NewSquare(8, 8), drawn checkered (rules.Checkered); a1 is a dark square.
//   - The starting position is a reconstruction, not from a source: the rulebook's diagram
//     was lost and no copy could be found. It is the simplest layout that fits the text:
//     every dark square filled, each rank of dark squares one colour: White on ranks 1, 3,
//     5 and 7, Black on ranks 2, 4, 6 and 8, 16 pieces each. It satisfies everything the
//     text fixes: seven White pieces on the edge, empty squares to move into, and at least
//     14 pieces a side for the rulebook's 14 to 12 example. It is kept as data (Setup), so
//     the real diagram can replace it, and the rules text says it is a reconstruction.
//   - White (Player 0) moves first ("Gameplay").
//
// # Groups
//
//   - Adjacency is orthogonal only; a group is a maximal orthogonally connected set of
//     pieces of one colour, a lone piece being a group of one ("Definition").
//
// # A turn
//
// A turn is one step or one pass; after a pass, each of the other player's turns is a turn
// of its own (the rulebook's passing player misses turns, so the other player takes them
// one at a time).
//
//   - Step: one of the mover's pieces goes one square orthogonally to an empty square
//     ("Gameplay"). Nothing is ever captured.
//   - Paralysis: a piece orthogonally next to an enemy group strictly larger than its own
//     group may not move ("Paralysis"; "larger" is strict, as both editions say). Only the
//     pieces touching the larger group are paralysed, not the rest of their group. It is
//     judged on the position at the start of the turn. Marks reports the paralysed pieces
//     of both players as rules.Paralysed.
//   - The single largest group: when exactly one group on the board, of either colour, is
//     larger than every other, its pieces may not move ("Gameplay"; the Japanese edition
//     adds "regardless of colour", which the English leaves unclear). When two or more
//     groups share the largest size, nothing is frozen. Only its owner could move it, so in
//     effect a player's largest group is frozen while it is the single largest on the
//     board.
//   - White's first turn: the piece moved must be one on the edge of the board (rulebook:
//     "one of seven pieces touching the edge"), and White may not pass then (Koma's
//     reading: the text says White "must" move one), unless White had no step at all, which
//     the setup cannot give.
//   - Repetition: a step may not make a board occur for the third time in the game
//     ("Gameplay"). Only the placement of the pieces is compared, not the player to move or
//     the pass state, since the rule speaks of the state of the board; the initial board
//     counts; a pass adds no occurrence, so only steps can be illegal by repetition (Koma's
//     reading, which keeps a pass always legal). Nothing is irreversible, so the history
//     (rules.History) holds every board of the game: the initial one and one per step, at
//     most 251 under the turn limit below.
//   - Pass: allowed whenever the player wants, except on White's first turn ("Gameplay"). A
//     player who passes may not take a turn until the other player also passes: the other
//     player takes every turn from then on, each a turn of its own, and the game ends when
//     they pass ("Gameplay", read this way by Koma). Passing is always possible, so a
//     player is never without a legal turn.
//
// # End of the game and score
//
//   - Two passes in succession end the game ("Game end"): the second pass comes from the
//     player who was moving alone.
//   - Each player's score is the size of their largest group; the larger score wins ("Game
//     end"). The Outcome carries both scores (rules.Scores) for the result screen.
//   - Tie-break: with equal scores, the player who formed their largest group first wins
//     ("Game end"). Koma's reading: a group is formed at the turn its membership last
//     changed: a step that breaks a group up, or joins groups, forms new groups, while a
//     step that keeps a group's pieces together (or moves a lone piece that stays alone)
//     keeps its time; "the count is reset if you dismantle a group". Groups untouched since
//     the start count as formed at turn 0. A player's time is the earliest among their
//     groups of the winning size, and the earlier time wins ("tie-break").
//   - Our choice: when both times are 0, which happens only if both players' largest groups
//     are lone pieces never joined to another, neither player made the group first, and the
//     game is drawn ("tie"). The rulebook does not foresee equal times, which arise only in
//     that case.
//   - Turn limit, our rule: the rules end a game only by two passes, and the repetition
//     rule alone does not bound its length, since there are far more boards than any game
//     visits. After 250 turns in all, passes included, the game ends and is scored
//     exactly as after two passes ("turn-limit"). Real games need far fewer turns; the
//     limit is also Game.MaxTurns and sizes the history.
//
// # Notation
//
// The generic notation: "a1-b1" for a step, "pass" for a pass.
//
// # Hash and key
//
// Hash is an incremental Zobrist hash (keys seeded with "mabi") of the pieces, the player
// to move and the player locked out by a pass. AppendKey adds the result, the number of
// turns, the formation turn of every piece's group and the boards of the history; the
// game is therefore not Memoryless. The state also keeps, as derived data left out of both,
// the size of every piece's group as bit planes (updated incrementally by each step), the
// boards that occurred twice and a filter over them, so that most steps need no scan of
// the history (whose own filter answers most boards recorded).
package mabi
