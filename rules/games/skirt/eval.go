package skirt

import "koma/rules"

// Skirt has no evaluation: one that counted the most sides a group touches made Expert
// lose 8 – 12 to plain search (20 games), and without it Expert won 18 – 2, its playouts
// running to the real connection (rules/ai/STRENGTH.md).
var _ rules.RandomMover = (*State)(nil)
