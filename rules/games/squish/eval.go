package squish

import "koma/rules"

// Squish and Flowish have no evaluation, so every level plays tree search with playouts
// to the end of the game, as plain search does. The evaluation they had (one group fewer
// worth a point, each cell of gap between a lone piece and its nearest friend a quarter)
// misjudged both games: with it Expert lost 18 – 82 (Squish) and 2 – 98 (Flowish) to plain
// search over 100 games; without it Expert won 59 – 41 and 65 – 35, and every level beat
// the one below by 67% or more (rules/ai/STRENGTH.md, 2026-11-27). Most of
// plain search's wins came from Expert running out of moves, which playouts to the end
// see and a count of groups does not. A playout policy that takes a unifying move and
// avoids a capture that unifies the opponent did not help either (15 – 25 and 16 – 24
// against plain search in Squish, 19 – 21 in Flowish, 40 games each). The games are not
// Memoryless: the repetition history and the quiet count decide draws, and the hash
// leaves them out.
var _ rules.RandomMover = (*State)(nil)
