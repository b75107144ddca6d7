// Package orochi implements Orochi, Kanare Kato's placement game on a hexagon-shaped board
// of hex cells (ID "orochi"), in which either player may place a piece of either colour and
// over-crowded pieces change colour.
//
// # Sources
//
// Kanare Kato's English rulebook for Orochi, sections "Definition", "Setup", "Gameplay" and
// "Game end", with its closing note on pieces that stop being over-connected; the project's
// copy lost its figures but kept their captions. Coordinates, directions and cell labels
// are those of board.NewHex. Where the rulebook leaves a point open, the decision below is
// Koma's own and says why.
//
// # Rules as implemented
//
//   - Board: N cells per side, 4 by default (the rulebook's size to start with), 3 to 7
//     offered because any size plays (rulebook); presets 4 and 5 (5 is the size other
//     listings of the game give most often). The board starts empty.
//   - Pieces are white or black. White pieces belong to White (Player 0, first to move) and
//     black ones to Black, whoever placed them: a player may place a piece of either colour
//     on any turn ("Gameplay"). The supply is unlimited.
//   - Opening ("Setup"): White places one piece of either colour on any cell; then Black
//     places two pieces, of any colours, on empty cells. Black's two placements are one
//     turn of two decisions (our choice, because the rulebook gives them to Black in one go
//     and doc.go expresses two placements in a turn so; it does not change any count: perft
//     merges the two orders). Three pieces can never be over-connected, so the opening
//     flips nothing. Normal turns then begin with White.
//   - A piece is over-connected when four or more of its six neighbours hold pieces of its
//     own colour ("Definition": "in four or more directions"; a publisher's blurb says
//     four, but the rulebook's text is explicit). A cell on the edge has four neighbours
//     and a corner three, so a corner piece is never over-connected.
//   - A turn places one piece of either colour on an empty cell. Then, while any piece on
//     the board is over-connected, the player flips one of them of their choice to the
//     other colour, one decision per flip (the order is the player's choice and can change
//     the result; rules/doc.go, encoding B). The set is judged afresh after every flip, so
//     a piece that stopped being over-connected is not flipped (the rulebook's closing
//     note), and the piece just placed may itself be flipped. The loop ends: each flip
//     removes at least four same-colour neighbour pairs and adds at most two.
//   - A turn in which at least one piece was flipped earns another turn; it is a new turn
//     of the same player (the rulebook's "another full turn"), and that turn may earn
//     another. A turn with no flip passes the move. No passing.
//   - End: the game ends when one empty cell is left once a turn's flips are done; that
//     turn earns no extra turn ("Game end"; Koma's reading: the game is over, so there is
//     no turn left to earn). A game therefore places cells-1 pieces in cells-2 turns, which
//     is Game.MaxTurns for 7 per side.
//   - Count: each colour scores the largest of its groups that touch the last empty cell, 0
//     if none does; smaller groups beside it are ignored ("Game end"). The larger score
//     wins ("last-cell", rules.Scores, White's count first). Equal scores (Koma's reading
//     of the rulebook's "equal number of groups": the sizes compared are equal) lose for
//     the player who placed the last piece, who is the player of the last turn
//     ("last-cell-tie"). There are no draws.
//
// # Decisions the sources leave open
//
//   - A flip is a Place move of the new colour on the occupied cell (the rulebook speaks of
//     replacing the piece with one of the other colour), so it is one click on the board
//     and needs no button. Our choice, because the other kinds mean something else (Remove
//     lifts a piece, Choose has no site).
//   - Whether the turn in progress is an extra turn is remembered only for the prompt. What may follow
//     depends on the pieces and the player to move alone, so neither the hash nor the key
//     holds it, and perft merges an extra turn with an ordinary turn of the same player
//     reaching the same board. The flips owed and the opening stage follow from the pieces,
//     so they need no state either. The game is Memoryless.
//   - Once the game is over the last empty cell is ringed (rules.Ring), to show which groups
//     were counted.
//
// # Representation
//
// Each colour's pieces, and the over-connected pieces owed a flip, are two-word cell sets
// from package kit (kit.Set128); per board size a table gives each cell's neighbours as
// such a set, so a piece's friendly neighbours are two ANDs and popcounts and a flood fill
// grows a whole frontier at once.
//
// # Notation
//
// A placement names the colour placed and the cell: "W@d4", "B@d4". A flip names the cell
// and the colour the piece becomes: "d4=B". Cells are labelled as board.NewHex does: the
// letter is constant along SW–NE lines, the number counts rows from the bottom. LegalMoves
// lists, while flips are owed, one flip per over-connected piece in cell order, and
// otherwise a white and a black placement per empty cell in cell order.
//
// # Explanations
//
// Prompts: "first-piece", "opening-first", "opening-second" (the opening), "place", "flip",
// "extra-turn". WhyNot: "occupied" (placing on a piece), "must-flip" (clicking an empty cell
// while flips are owed), "not-over-connected" (clicking a piece that need not flip).
// Labels of the two placements of a cell: "white", "black".
//
// # Perft
//
// No piece can be over-connected before five are on the board, so the first three turns
// are free placements and their counts follow from the number of cells C: 2C, then
// 2C·4·(C-1)(C-2)/2, then that times 2(C-3) (TestPerftOpening checks the golden files
// against it). Size 4: 74, 186,480, 12,680,640. Size 5: 122, 863,760, 100,196,160 (depth 3
// with KOMA_DEEP=1, two minutes). Size 3: 38, 23,256, 744,192. Flips first occur at
// depth 4, beyond reach, so perft is also kept from positions of seeded random games, where flips and
// extra turns are frequent (testdata/perft/midgames.txt), and checked against a separately
// written naive implementation (naive_test.go).
package orochi
