package skirt

import "koma/rules"

// Skirt has no evaluation: one that counted the most sides a group touches made Expert
// lose 8 – 12 to plain search (20 games), and without it Expert won 18 – 2, its playouts
// running to the real connection (rules/ai/STRENGTH.md).
//
// Nor has it a playout policy: one that takes a winning placement, or the first piece of a
// winning turn, and else blocks the opponent's single winning cell made each playout about
// two and a half times as long and won 81 – 19 against plain search where the search
// without it won 80 – 20 (100 games, seed 83, 2026-11-27).
var (
	_ rules.RandomMover           = (*State)(nil)
	_ rules.ExplorationPreference = (*State)(nil)
)

// Exploration gives Expert's search a narrower exploration than the tuned 0.3. Against
// plain search, 100 games per run (2026-11-27): 89 – 11 with 0.2, 88 – 12 with 0.15 and
// 73 – 27 with 0.3 on seed 301, and 87 – 13 with 0.2 on seed 302, where 0.3 had made
// 223 – 77 over 300 games (74.3%) on earlier seeds. (At 40 games, 0.15 had looked no
// better than 0.3: 34 – 6 against 33 – 7.)
func (s *State) Exploration() float64 { return 0.2 }
