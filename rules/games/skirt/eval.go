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
	_ rules.RandomMover = (*State)(nil)
)
