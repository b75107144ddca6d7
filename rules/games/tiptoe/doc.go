// Package tiptoe implements Tiptoe, Kanare Kato's placement game (ID "tiptoe"): the players
// add pieces in turn, each new piece as many straight steps from one of the mover's pieces
// as that piece's group has pieces, and the first player who cannot place loses.
//
// # Sources
//
// Kanare Kato's rulebook for Tiptoe, in English (sections "Definition", "Setup",
// "Gameplay", "Game end" and "Variants") and in Japanese (the same sections); the project's
// copies lost their diagrams. Where a decision below is ours, it says so and why.
//
// # Board and setup
//
//   - The board starts empty. White (Player 0) begins ("Setup").
//   - Setup ("Setup"): White places one piece anywhere empty, Black two, White one more;
//     then normal play begins with White again, so White places twice in a row.
//   - What a turn is (as the rulebook counts turns): White's setup placement is a turn;
//     Black's two setup placements are one turn of two decisions (MidTurn true between
//     them, with a prompt for each); White's second setup placement is a turn; White's
//     first normal placement is another turn. Setup placements are unrestricted ("Setup"
//     sets no condition).
//
// # Placing
//
//   - A group is a set of one player's pieces joined through neighbours; a lone piece is a
//     group of one ("Definition").
//   - A normal turn places one new piece of the mover's colour on an empty point that is
//     exactly k straight steps from one of the mover's pieces, k being the number of pieces
//     in that piece's group; every point passed on the way must be empty, whatever the
//     colour of the piece that blocks it, and the line may not bend ("Gameplay"; exactly k,
//     not up to k, as both editions say).
//   - A point reached by several pieces is one placement: the move names the point only
//     (notation "@d4"), since which piece reached it makes no difference afterwards.
//   - There is no pass: a player who cannot place on their turn loses, reason "no-moves"
//     ("Game end").
//
// # Topologies (option "topology")
//
//   - "orthogonal" (default, the rulebook's main rules): neighbours and steps are the four
//     orthogonal directions of a square board (board.NewSquare).
//   - "diagonal" (the rulebook's first variant): groups join through all eight neighbours
//     and the steps may run in all eight directions ("Variants" allows both diagonal
//     connections and diagonal step counting).
//   - "hex" (the rulebook's second variant): a hexagon-shaped board of hex cells
//     (board.NewHex, as Stoic uses), six neighbours and six directions ("Variants": the
//     same rules on a hexagonal board).
//
// # Sizes (option "size")
//
// The rulebook allows any size and recommends none. One option serves every topology, so
// its values name sizes rather than numbers: a square side and a hexagon side are not
// comparable, and each value must give a sensible board on every topology (our choice).
//
//   - "small": 6×6, or a hexagon of 3 a side (19 cells): quick games.
//   - "medium" (default): 8×8, in line with Kato's other square games (Mabi, Apart); the
//     hexagon of 4 a side (37 cells), a size Kato recommends for his hex games (Stoic,
//     Squish, Orochi).
//   - "large": 10×10, or 5 a side (61 cells).
//   - "huge": 11×11, or 6 a side (91 cells); both fill the 121 cells that the two-word cell
//     sets hold.
//
// Presets: one per topology, each on the medium board.
//
// # The end
//
// Every turn fills a point and nothing is ever removed, so a game lasts at most as many
// turns as the board has points, cannot repeat and cannot be drawn; Game.MaxTurns is that
// bound and TestAlwaysEnds checks it.
//
// # Representation and hashing
//
// Cells live in an internal w×w grid (the square board itself, or the hexagon in axial
// coordinates, column q+n-1 and row y+n-1, two corners unused), as a two-word bit set, the
// kit's pair of words (kit.PairSet); the directions are shifts of the cell index, masked at
// the side edges so that no step wraps round. Each player's pieces are filed by the size of
// their group (class[p][k]), updated on every placement by growing the new piece's group
// through the neighbour table; pieces of groups too large to reach anywhere on the board
// are filed nowhere. The legal points of the player to move are kept in the state, computed
// once per turn by walking every class along every direction at once (reached): this is
// also how the end is detected. Boards that fit in one word (every preset) take a path of
// their own that advances the walks of all directions together, which keeps random playouts
// at least as fast per turn as Kōnane's (rules/ai/PERFORMANCE.md).
//
// Hash is a Zobrist hash (keys seeded by the game ID and the variant) of the pieces and the
// player to move. AppendKey adds the variant, the setup step and the end flag. The setup
// step and the legal points follow from the pieces, so the game is Memoryless.
package tiptoe
