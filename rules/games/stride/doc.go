// Package stride implements Kanare Kato's Stride (ID "stride"), a race across a hexagonal
// board in which pieces move only by jumping, stack on friendly pieces and capture whole
// enemy stacks.
//
// # Sources
//
// Kanare Kato's English rulebook for Stride, sections "Setup", "Gameplay", "Movement
// restrictions" and "Game end"; the project's copy lost its diagrams, only their captions
// survive. Coordinates and directions are those of board.NewHex. Where the rulebook leaves
// a point open, the decision below is Koma's own and says why.
//
// # Board and setup
//
//   - A hexagon of hex cells, 5 per side (61 cells), the only size the rulebook gives;
//     there are no options. Rows are horizontal; White sits at row 1, Black at row 9
//     (Koma's choice: only this orientation gives the three kinds of direction the rulebook
//     names, two of each: diagonally forward, sideways and diagonally backward).
//   - Each player has 13 pieces ("Setup"). Where they stand is a RECONSTRUCTION by Koma:
//     the rulebook's setup diagram is lost and no other source shows it. White fills rows 2
//     and 3 (d2–i2, c3–i3), Black rows 8 and 7 (a8–f8, a7–g7); the two back rows stay
//     empty. Rows 2 and 3 are the only two neighbouring rows with exactly 13 cells, the
//     empty back rows explain the goal dots the diagram's caption mentions, and the
//     position is point-symmetric. The setup is data (setup), so that it can be corrected
//     once the diagram is seen, and the rules texts say that it is a reconstruction.
//   - Goal cells ("Game end": the cells at the far end, on the opponent's side): the
//     opponent's back row, a9–e9 for White and e1–i1 for Black (Koma's reading, with the
//     reconstructed setup). They are data too (goals) and are shown as rules.Goal marks
//     owned by the player who wins there.
//   - White moves first ("Gameplay").
//
// # Moves
//
//   - A turn is one jump by one piece; passing is not allowed and jumps never chain
//     ("Gameplay").
//   - A piece jumps over the adjacent cell in one of the six directions, which must hold a
//     piece or a stack of either colour (a stack counts as one piece), and lands on the
//     next cell along the line, which must be on the board. The jumped piece or stack is
//     not affected ("Gameplay").
//   - Landing on an empty cell moves the piece there; on a friendly piece or stack, it goes
//     on top, with no height limit; on an enemy piece or stack, the whole of it is captured
//     and the piece stands there alone ("Gameplay", however tall the enemy stack). Stacks
//     are therefore always of one colour.
//   - Only the top piece of a stack moves ("Gameplay").
//   - Directions are relative to the player: White's diagonally forward directions are NE
//     and NW, Black's SW and SE; E and W are sideways; the other two are diagonally
//     backward. A forward jump is always allowed. A sideways or backward jump is allowed
//     only when it captures, or when it lands on a friendly stack and the piece ends higher
//     than it stood: the stack it lands on is at least as tall as the stack it leaves
//     ("Movement restrictions"; Koma reads "a higher position" as absolute levels, counted
//     from the board: the piece is higher when its new level, the stack's height plus one,
//     exceeds its old one). A sideways or backward jump onto an empty cell is never
//     allowed.
//   - Test vector, worked out independently: White has 30 first moves, 12 forward and 18
//     sideways stackings.
//
// # End of the game
//
// Checked at the start of each turn, after the previous player's jump, in this order:
//
//   - If the player to move has a piece on one of their own goal cells, they win ("goal").
//     The piece arrived on their previous turn and the opponent's turn did not capture it,
//     which is the rulebook's condition ("Game end"), known only once that turn is over. A
//     piece that reaches the goal by a capture must survive the reply too (the rulebook
//     makes no exception for it).
//   - Otherwise a player without a legal jump loses ("no-moves"), which covers a player
//     without pieces ("Game end": "no pieces to move" read as no legal move).
//   - Cycles, our rule (the rulebook has none): Stride can cycle, since a piece can jump
//     forward off a friendly piece and climb back onto it. The game is drawn when a
//     position (the stacks and the player to move) occurs for the third time since the last
//     capture, the start counting as the first occurrence ("repetition"); and, to bound the
//     game and the history, when 100 turns in a row pass without a capture ("quiet"), the
//     same rule as Squish's. A capture can never be undone, so positions before it cannot
//     recur. These draws come after the rulebook's ends.
//   - Every capture removes at least one of the 26 pieces, so every game ends within
//     27 × 100 turns (Game.MaxTurns), and the history holds at most 101 positions.
//
// # Notation
//
// The generic jump notation, the cell left and the landing cell: "d2xd4". The jumped cell
// lies between them; an "x" does not mean a capture.
//
// # Explanations and AI help
//
// Marks shows the goal cells; Captures (rules.CapturePreviewer) names the enemy stack a
// jump lands on, since the notation does not say; Prompt asks the player to capture an
// enemy piece standing on its goal row ("capture-goal"), otherwise to jump ("jump");
// WhyNot explains a refused click: "empty", "not-yours", "stuck", "not-a-jump",
// "nothing-to-jump", "needs-capture-or-climb" (sideways or backward onto an empty cell)
// and "not-higher" (onto a friendly stack lower than the one left). Evaluate weighs
// pieces, progress towards the goal row and a piece on the goal; RandomMove draws without
// listing the moves; PlayoutMove captures a piece on the goal row, or reaches one's own,
// when it can.
//
// # Representation and hashing
//
// A position holds each player's occupied cells as a 64-bit mask (61 cells) and the height
// of every cell's stack, the quiet count and a rules.History of the positions since the
// last capture. Hash is a Zobrist hash (keys seeded with the game's ID) with a key per
// colour, cell and height, plus a key for Black to move; AppendKey adds the outcome, the
// quiet count and the history. The state is not Memoryless, since the repetition and quiet
// rules remember the past. Moves are found for all pieces at once: per direction, masks
// shifted by the few distances between a cell and its neighbour in the row-by-row
// numbering (jumpSets); only a climb from a stack of two or more is checked cell by cell,
// and the state keeps a mask of the cells known to hold one piece or none to skip it.
//
// # Perft
//
// From the start: 30, 900, 21,900, 532,970 (testdata/perft/stride.txt), matched by the
// naive implementation of naive_test.go.
package stride
