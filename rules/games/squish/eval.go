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
var (
	_ rules.RandomMover           = (*State)(nil)
	_ rules.ExplorationPreference = (*State)(nil)
)

// Exploration gives Squish's Expert a narrower exploration than the tuned 0.3. Against
// plain search, 100 games per run (2026-11-27 evening): with 0.1, 70 – 30, 65 – 35 and 63 –
// 37 on seeds 441 to 443 (66% over 300 games); 0.05 gave 55 – 45 (seed 441), 0.2 63 – 37
// (seed 301) and 0.3 59 – 41 (seed 92). Flowish keeps 0.3: 0.1 gave 74 – 26, 61 – 39 and 69
// – 31 on the same seeds (68%), within the noise of its 65%.
func (s *State) Exploration() float64 {
	if s.v.flow {
		return 0
	}
	return 0.1
}
