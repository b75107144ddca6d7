// Package mabi implements Mabi, Kanare Kato's game of groups and paralysis on an 8×8
// board.
//
// # Sources
//
// The rulebook texts in seeds 000 (English) and 004 (Japanese), the reference note
// games-square.md §6, whose recommended resolutions are followed, and resolutions.md
// ("What a turn is" and the Mabi entry). Where a decision below is ours, it says so and
// why.
//
// # Board and setup
//
//   - board.NewSquare(8, 8), drawn checkered (rules.Checkered); a1 is a dark square.
//   - The starting position is a reconstruction, not from a source: the rulebook's diagram
//     was lost and no copy could be found (§6). It is §6's "Reconstruction A", every dark
//     square filled, each rank of dark squares one colour: White on ranks 1, 3, 5 and 7,
//     Black on ranks 2, 4, 6 and 8, 16 pieces each. It satisfies everything the text
//     fixes: seven White pieces on the edge, empty squares to move into, and at least 14
//     pieces a side for the rulebook's 14 to 12 example. It is kept as data (Setup), so
//     the real diagram can replace it, and the rules text says it is a reconstruction.
//   - White (Player 0) moves first (rulebook).
//
// # Groups
//
//   - Adjacency is orthogonal only; a group is a maximal orthogonally connected set of
//     pieces of one colour, a lone piece being a group of one (rulebook).
//
// # A turn
//
// A turn is one step or one pass (resolutions.md: after a pass, each of the other
// player's turns is a turn of its own).
//
//   - Step: one of the mover's pieces goes one square orthogonally to an empty square
//     (rulebook). Nothing is ever captured.
//   - Paralysis: a piece orthogonally next to an enemy group strictly larger than its own
//     group may not move (rulebook; "larger" is strict, §6 and resolutions.md). Only the
//     pieces touching the larger group are paralysed, not the rest of their group. It is
//     judged on the position at the start of the turn. Marks reports the paralysed pieces
//     of both players as rules.Paralysed.
//   - The single largest group: when exactly one group on the board, of either colour, is
//     larger than every other, its pieces may not move (the Japanese text's "regardless of
//     colour", §6 and resolutions.md). When two or more groups share the largest size,
//     nothing is frozen. Only its owner could move it, so in effect a player's largest
//     group is frozen while it is the single largest on the board.
//   - White's first turn: the piece moved must be one on the edge of the board (rulebook:
//     "one of seven pieces touching the edge"), and White may not pass then (§6's
//     recommendation: the text says White "must" move one), unless White had no step at
//     all, which the setup cannot give.
//   - Repetition: a step may not make a board occur for the third time in the game
//     (rulebook). Only the placement of the pieces is compared, not the player to move or
//     the pass state; the initial board counts; a pass adds no occurrence, so only steps
//     can be illegal by repetition (§6, resolutions.md). Nothing is irreversible, so the
//     history (rules.History) holds every board of the game: the initial one and one per
//     step, at most 251 under the turn limit below.
//   - Pass: allowed whenever the player wants, except on White's first turn (rulebook and
//     resolutions.md). A player who passes may not take a turn until the other player
//     also passes: the other player takes every turn from then on, each a turn of its
//     own, and the game ends when they pass (rulebook; §6's recommended reading).
//     Passing is always possible, so a player is never without a legal turn.
//
// # End of the game and score
//
//   - Two passes in succession end the game (rulebook): the second pass comes from the
//     player who was moving alone.
//   - Each player's score is the size of their largest group; the larger score wins
//     (rulebook). The Outcome carries both scores (rules.Scores) for the result screen.
//   - Tie-break: with equal scores, the player who formed their largest group first wins
//     (rulebook). As §6 recommends, a group is formed at the turn its membership last
//     changed: a step that breaks a group up, or joins groups, forms new groups, while a
//     step that keeps a group's pieces together (or moves a lone piece that stays alone)
//     keeps its time; "the count is reset if you dismantle a group". Groups untouched
//     since the start count as formed at turn 0. A player's time is the earliest among
//     their groups of the winning size, and the earlier time wins ("tie-break").
//   - Our choice: when both times are 0, which happens only if both players' largest
//     groups are lone pieces never joined to another, neither player made the group first,
//     and the game is drawn ("tie"). §6 expected equal times to be impossible; they are
//     not, in that one case.
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
