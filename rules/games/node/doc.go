// Package node implements Kanare Kato's connection game Node (ID "node"), the sister game
// of Skirt, on a hexagon-shaped board of hex cells: anchors on the outer ring, and nodes
// inside where lines from two anchors cross.
//
// # Sources
//
// Kanare Kato's English rulebook for Node, sections "Terms", "Preparation phase", "Main
// phase" and "Game end"; the project's copy lost its figures but kept their captions.
// Coordinates and labels are those of board.NewHex, and the ring, sides and corners those
// of Skirt, whose rulebook Node shares. Where the rulebook leaves a point open, the
// decision below is Koma's own and says why.
//
// # Rules as implemented
//
//   - The board: N cells per side; the outer area is the ring at distance N−1 from the
//     centre, the rest is the inner area; six sides of N cells, a corner on two sides
//     ("Terms"; the sides are numbered as the kit numbers them, S0 the top edge and on
//     clockwise to S5 the upper left, kit.Hex192.Sides). A piece on the ring is an anchor,
//     one inside a node ("Terms"). The board starts empty.
//   - Opening ("Preparation phase"): White places one anchor on any empty ring cell; then
//     Black places two, as one turn of two decisions (Koma counts a turn as the rulebook
//     does, and Tiptoe's "Black 2" setup is one turn as well). The main phase starts with
//     White.
//   - A main-phase turn is one of ("Main phase"):
//     (a) an anchor A1 on an empty ring cell, then a node on an empty inner cell X on a line
//     through A1 and on a line through another of the mover's anchors A2, where A1, A2 and
//     X are not all on one line: X is where two different lines meet;
//     (b) no anchor, only a node for two anchors already on the board (Black's opening pair
//     may serve on Black's first main turn: they are anchors already placed);
//     (c) only the anchor, when no node exists for it ("Main phase").
//     There is no pass. Both placements are one turn, as the rulebook counts turns.
//   - Lines are the three families of hex lines, followed to the edge; pieces standing on
//     them do not matter, whatever their colour (Koma's reading: unlike Skirt, Node's text
//     sets no line-of-sight condition). A line along a side holds only ring cells, so it
//     never places a node.
//   - The win: after any single placement (an anchor in the middle of a turn too), a group
//     of the mover's pieces, anchors and nodes together, holding ring cells on two opposite
//     sides ("opposite-sides") or on three pairwise non-adjacent sides ("three-sides") wins
//     at once; a corner counts for both its sides ("Game end"). A winning anchor ends the
//     turn with no node (Koma's resolution: the rulebook's win is immediate). When one
//     group does both, the reason is "opposite-sides".
//   - A player with no legal turn (a full ring and no node for any pair of their anchors)
//     loses ("no-moves"; Koma's resolution: the rulebook is silent, and Kato's other games
//     treat a player who cannot move this way).
//   - Every turn fills at least one cell, so no game outlasts the cells of the board;
//     Game.MaxTurns is the cell count of the largest board.
//
// # Options
//
//   - size: cells per side, "3" to "8", default "6" (the rulebook's figure uses 6 and the
//     game plays on any size; 8 is the largest board that fits the three-word cell sets).
//     Presets: the default and size=4.
//
// # Notation
//
// The generic placement notation, one decision at a time: "@h1" then "@h7".
//
// # Explanations
//
// Prompts: "opening-anchor" (White's first), "opening-anchors" and "opening-second"
// (Black's pair), "anchor-or-node", "node". WhyNot for a clicked cell: "occupied",
// "opening-outer" (an inner cell in the opening), "node-now" (a ring cell while the node is
// owed), "not-in-line" (no anchor of the mover in line with it), "not-in-line-new" (not in
// line with the anchor just placed), "no-second-line" (only one anchor in line with it),
// "same-line" (the anchors in line with it are all on one line with it). Marks: every ring
// cell as rules.Ring.
//
// # Representation and hashing
//
// From package kit, the bitboard kit it shares with Skirt: the board tables of the rim
// (kit.Hex192: ring, inner area, sides, lines and the sight of every cell), the three-word
// cell sets (kit.Set192), the group labels with the sides each group touches (kit.Groups)
// and the win test on them (kit.Connects, kit.Opposite). Every ring cell has
// the set of inner cells on its three lines; the nodes of two anchors are the intersection
// of their sets, less the inner cells of a line through both. The opening's steps follow
// from the number of pieces on the board (0, 1, 2; the main phase from 3). The state keeps
// the anchor whose node is owed and the legal sites of the next decision, recomputed by
// Apply. For fast playouts Apply also keeps, per player, the cells seen by at least one and
// by at least two anchors (which give a new anchor's nodes at once), the node sites of all
// pairs so far, and the group label of every piece with the sides each group touches
// (kit.Groups). Hash is a Zobrist hash (keys seeded with "node") of the pieces, the owed
// anchor and Black to move; AppendKey adds the size and the end flag. The game is Memoryless.
//
// # Perft
//
// Whole turns, positions reached by the same turn merged (testdata/perft): size 6: 30,
// 12,180 (C(29,2)·30), 564,732; size 4: 18, 2,448, 56,880, 2,166,000. The naive
// implementation in naive_test.go agrees on sizes 3 (to depth 4), 4 (3) and 6 (2) and
// referees random games on every size.
package node
