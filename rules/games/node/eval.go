package node

import "koma/rules"

// Node has no evaluation: one that weighed the most sides a group touches (and the anchors
// on the ring) made Expert win only 11 – 9 against plain search (20 games), and without it
// Expert won 15 – 5, its playouts running to the real connection, as Skirt's do
// (rules/ai/STRENGTH.md).
//
// Nor has it a playout policy: one that takes a winning placement, or the anchor that
// opens a winning node, and else blocks the opponent's single winning cell won 79 – 21
// against plain search where the search without it won 82 – 18 (100 games, seed 83,
// 2026-11-27), its playouts taking over twice as long.
var (
	_ rules.RandomMover           = (*State)(nil)
	_ rules.ExplorationPreference = (*State)(nil)
)

// Exploration gives Expert's search a narrower exploration than the tuned 0.3. Against
// plain search, 100 games per run (2026-11-27): 84 – 16 with 0.2 and 76 – 24 with 0.3 on
// seed 301, and 87 – 13 with 0.2 on seed 302, where 0.3 had made 189 – 71 over 260 games
// (72.7%) on earlier seeds.
func (s *State) Exploration() float64 { return 0.2 }
