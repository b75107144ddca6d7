// Package skirt implements Kanare Kato's connection game Skirt (ID "skirt") on a
// hexagon-shaped board of hex cells, whose outer ring is the launching pad for the pieces
// inside.
//
// # Sources
//
// Kanare Kato's English rulebook for Skirt, sections "The board", "Gameplay" and "End of
// the game"; the project's copy lost its figures but kept their captions. Coordinates and
// labels are those of board.NewHex. Where the rulebook leaves a point open, the decision
// below is Koma's own and says why.
//
// # Rules as implemented
//
//   - The board: N cells per side. The outer area is the ring of cells at distance N−1 from
//     the centre; everything else is the inner area ("The board"). The ring has six sides
//     of N cells; each corner belongs to the two sides it joins ("The board"). The sides
//     are numbered S0 (top edge), S1 (upper right), S2 (lower right), S3 (bottom edge), S4
//     (lower left) and S5 (upper left); Sk and Sk+3 are opposite, and {S0, S2, S4} and {S1,
//     S3, S5} are the two sets of three pairwise non-adjacent sides. The board starts
//     empty; White (Player 0) moves first.
//   - White's first turn is a single piece on any empty outer cell ("Gameplay").
//   - Every later turn, from Black's first, is one of ("Gameplay"):
//     (a) a piece on an empty outer cell A, then a piece on an inner cell reachable from A;
//     (b) no outer piece, only an inner piece reachable from any of the mover's outer
//     pieces already on the board;
//     (c) only the outer piece, and only when nothing is reachable from it (Koma's
//     resolution: the rulebook is silent, and the text of its sister game Node allows it).
//     There is no pass ("Gameplay"). Both placements are one turn, as the rulebook counts
//     turns.
//   - Reachable from an outer piece A: along each of the six lines from A that enters the
//     inner area, every empty inner cell up to the first piece of either colour. If the
//     cell next to A holds a piece, the piece and the unbroken run of pieces behind it on
//     the same line are jumped, and the empty inner cells after the run, up to the next
//     piece, are reachable instead; only one run is jumped ("Gameplay"; Koma's reading: the
//     run is along the line, in either colour, not a group-shaped blob, and a piece further
//     away simply blocks, since only a piece next to A can be jumped). Ring cells are never
//     targets, and a line that runs along the ring reaches nothing.
//   - The win: a player wins at once when, after any single placement (the outer one in the
//     middle of a turn too), a group of their pieces holds ring cells on two opposite sides
//     ("opposite-sides") or on three pairwise non-adjacent sides ("three-sides"); a corner
//     counts for both its sides, and no sides belong to either player ("End of the game").
//     A winning outer piece ends the turn; no inner piece follows (Koma's resolution: the
//     rulebook's win is immediate). When one group does both, the reason is
//     "opposite-sides".
//   - A player with no legal turn loses ("no-moves"; Koma's resolution: the rulebook is
//     silent, and Kato's other games treat a player who cannot move this way). It needs a
//     full ring and no reachable inner cell.
//   - Every turn fills at least one cell, so a game lasts at most as many turns as there are
//     cells; Game.MaxTurns is the cell count of the largest board.
//   - Ludii's "Skirt" is a different game by Dale Walton; nothing is taken from it.
//
// # Options
//
//   - size: cells per side, "3" to "8", default "6" (the rulebook's figure uses 6 and says
//     any size plays; 8 is the largest board that fits the three-word cell sets). Presets:
//     the default and size=4.
//
// # Notation
//
// The generic placement notation, one decision at a time: "@f1" then "@f2". A turn of kind
// (a) is two decisions, kinds (b) and (c) one; the Prompter says which piece is asked for
// ("first-outer", "outer-or-inner", "inner").
//
// # Representation and hashing
//
// From package kit, the bitboard kit it shares with Node: the board tables of the rim
// (kit.Hex192: ring, inner area, sides, lines, and the rays that cross the inner area from
// the ring), the three-word cell sets (kit.Set192, whose Draw picks RandomMove's cell), the
// group labels with the sides each group touches (kit.Groups) and the win test on them
// (kit.Connects, kit.Opposite).
//
// Each player's pieces are a three-word cell set; the state also keeps the outer cell whose
// inner piece is owed and the set of legal sites of the next decision, which Apply
// recomputes, so LegalMoves and RandomMove read one set. For fast playouts Apply also keeps,
// updated per placement, the occupancy and reach of every ray (a line into the inner area
// seen from one ring end), per player and ray direction the set of cells reached (the rays
// of one direction cross each cell once, so a ray rewrites its own stretch), and the group
// label of every piece with the sides each group touches (kit.Groups). RandomMove leaves a note
// of the cell it drew, which Apply, given that placement, takes instead of reading the
// move's copy (TestDrawnMove). Hash is a Zobrist hash (keys seeded
// with "skirt") of the pieces, the owed outer cell and Black to move; AppendKey adds the
// size and the end flag. The game is Memoryless.
//
// # Explanations
//
// Prompts: "first-outer", "outer-or-inner", "inner". WhyNot for a clicked cell:
// "occupied", "first-outer" (an inner cell on White's first turn), "inner-now" (a ring
// cell while the inner piece is owed), "not-in-line" (no line from any own outer piece),
// "not-in-line-new" (no line from the outer piece just placed), "blocked" (on such a line,
// but a piece is in the way). Marks: every ring cell as rules.Ring.
//
// # Perft
//
// Whole turns, positions reached by the same turn merged (testdata/perft): size 6: 30,
// 10,614, 3,585,096; size 4: 18, 1,938, 191,556. The naive implementation in naive_test.go
// agrees on sizes 3, 4 (to depth 3) and 6 (to depth 2) and referees random games on every
// size.
package skirt
