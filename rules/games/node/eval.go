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
	_ rules.RandomMover = (*State)(nil)
)
