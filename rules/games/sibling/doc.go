// Package sibling implements Sibling, Kanare Kato's placement game of growing two large
// groups that must not merge (ID "sibling"), on a hexagon-shaped board of hex cells.
//
// # Sources
//
// Kanare Kato's English rulebook for Sibling (2023), sections "Definitions", "Gameplay",
// "Game end" and "Pie rule"; the project's copy lost its figures, only their captions
// survive, so figures 1 and 2-1 were transcribed from the official rulebook. Coordinates,
// directions and labels are those of board.NewHex. Where the rulebook leaves a point open,
// the decision below is Koma's own and says why.
//
// # Rules as implemented
//
//   - Board: N cells per side, empty at the start; 5 by default (the size of the rulebook's
//     figures). The rulebook lets the players choose the size, so 3 to 8 are offered (8 is
//     the largest board whose 169 cells fit three-word cell sets; Ludii's draft offers the
//     same range). Presets: 5, 4 (the size Kato's publisher lists as typical) and 5 with
//     the pie rule.
//   - White (Player 0) moves first and places one piece on any empty cell ("Gameplay").
//   - Every later turn, starting with Black's, places two pieces of the mover's colour on
//     empty cells that lie on one of the three line families and are not neighbours;
//     anything may stand between them, of either colour, or nothing ("Gameplay" and its
//     figure 1). The two placements are one turn, as the rulebook counts turns, entered as
//     two Place decisions: the first keeps the same player to move with MidTurn true, and
//     is offered only on a cell that has at least one possible partner (Koma's resolution,
//     as in Ludii's draft of the game), so a started pair can always be finished. The order
//     of the two pieces does not matter for the position, and perft merges the two orders.
//   - No passing ("Gameplay"). A player who has no pair to place ends the game ("Game
//     end"); since the pair rule does not depend on colour, the other player would be stuck
//     as well.
//   - Scoring ("Game end"; Koma reads groups of equal size as separate entries, as Kato's
//     figure 2-1 bears out): each player's group sizes are listed largest first, equal
//     sizes as separate entries (two groups of 12 give a largest and a second-largest of
//     12). The second entries are compared first, the higher winning; if equal, the first
//     entries, then the third, the fourth and so on, a missing entry counting as 0. The
//     outcome is Scored with the two entries that decided it, and its reason says which:
//     "second-group" (the rulebook's main rule), "largest-group" or "smaller-groups". A
//     draw cannot happen: White always has an odd number of pieces and Black an even one,
//     so the lists always differ.
//   - Pie rule, option pie=on ("Pie rule": optional, agreed before the game): after White's
//     first piece, Black's first turn offers a Swap beside every first placement, not as a
//     separate question before it (Koma's choice: the swap is one more option of Black's
//     turn, so the game needs no extra kind of question). Swapping is Black's whole turn:
//     the second seat takes over White and its piece, and the first seat, now Black, places
//     the next pair. Pieces change hands with the colours, so the piece stays white on the
//     board; SeatColours reports who plays which colour, so that names, records and the AI
//     (which plays for seats) stay right. The swap is offered once, never later.
//   - Checked against the official rulebook's figures, as transcribed: figure 1's legal
//     partners (a test vector of 12 cells), and figure 2-1's finished game (White 16, 11,
//     1, 1 against Black 17, 10, 1 with four empty cells and no pair: White wins 11 to 10),
//     rebuilt as a position with those groups because the transcription kept the sizes and
//     not the layout. Fig. 2-2 has only its caption (a position in which White cannot avoid
//     merging its two large groups) and gives no test.
//   - MaxTurns: every turn but the swap adds at least one piece (the first one, the others
//     two), and the swap happens at most once, so a game lasts at most 2 + (cells-1)/2
//     turns; Game.MaxTurns is that bound for the largest board.
//
// # Notation
//
// Each placement is written "@c4", so a pair is two decisions, "@c4 @c6"; the pie rule's
// move is "swap". Cells are named as in every hex game of Koma: letters along the SW–NE
// lines, rows numbered from the bottom.
//
// # Decisions not settled by the sources
//
//   - The default of the pie option is off: the rulebook calls it optional. Our choice,
//     since the basic game is what the rulebook describes first.
//   - Prompts: "opening" (White's single first piece), "first" (the first piece of a
//     pair), "first-or-swap" (the same, with the swap on offer), "second" (the partner).
//     The Swap button is labelled "take-white". WhyNot explains a click that takes no
//     piece: "occupied", "no-partner" (no empty cell two or more away on its lines),
//     "not-in-line" and "adjacent" (for the second piece).
//
// # Perft
//
// Counted by whole turns, positions merged (testdata/perft): size 5: 61, 23,364,
// 8,367,714; size 4: 37, 5,565, 748,242; size 5 with the pie rule: 61, 23,425, 8,391,078
// (one more position after each opening, the swap, then the same pairs as without it). A naive
// implementation in the tests agrees to depth 3 on size 4, depth 2 on size 5, and depth 4
// on size 3.
//
// # Representation and hashing
//
// A position holds one three-word cell set (kit.Set192, from package kit) per player, the
// first piece of a pair in progress, the player to move and the swap flag. Tables per
// variant give, for each cell, the cells on its six lines at distance two or more, so the
// possible partners are one AND with the empty cells, and whether a cell may start a pair
// is one more test. The group count is a flood fill, done once at the end (and by
// Evaluate).
//
// Hash is a Zobrist hash (keys seeded with "sibling") of the pieces, a key for Black to
// move, a key per cell for a pending first piece and a key for swapped colours. AppendKey
// adds the size, the pie option and the end flag. Nothing else affects the future, so the
// game is Memoryless.
package sibling
