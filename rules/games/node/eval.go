package node

import "koma/rules"

// Node has no evaluation: one that weighed the most sides a group touches (and the anchors
// on the ring) made Expert win only 11 – 9 against plain search (20 games), and without it
// Expert won 15 – 5, its playouts running to the real connection, as Skirt's do
// (rules/ai/STRENGTH.md).
var _ rules.RandomMover = (*State)(nil)
