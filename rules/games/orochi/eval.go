package orochi

import "koma/rules"

// Orochi has no evaluation: one that compared the largest groups of the two colours made
// Expert lose 6 – 14 to plain search (20 games), whose playouts run to the real count at
// the last empty cell, and 10 – 10 without it (rules/ai/STRENGTH.md).
var (
	_ rules.RandomMover = (*State)(nil)
	_ rules.Memoryless  = (*State)(nil)
)
