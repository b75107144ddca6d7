// Package kit is the bitboard kit that Koma's games share: sets of sites held as words
// of bits, the precomputed tables of hex boards, and the group machinery built on them.
// It stands between the board topologies (rules/board), which it reads, and the games,
// which import it; it does not import package rules, so that rules may build on it, and
// no game needs another game for any of it.
//
// # Sets
//
// A set of sites holds site i as bit i. The width is part of the type, since the playout
// paths of the games index the words directly and a loop over a variable number of words
// costs a branch per word:
//
//   - Set128, two words: the hex boards of up to 7 cells a side (127 cells) and the other
//     boards of up to 128 sites.
//   - Set192, three words: the hex boards of up to 8 a side (169 cells).
//   - PairSet, two words as named fields: the grids whose steps are shifts of the whole
//     set. A struct of two words stays in registers, where the compiler keeps an
//     array of two in memory.
//
// The methods that only read come twice for the array sets: by value (Has, Count, Empty),
// which reads well in expressions, and through a pointer (Holds, Len, IsEmpty), which the
// hot paths use on sets stored in a state or table. A value method copies the whole array
// first, even when inlined, and reading the copy back soon after stalls on the store.
//
// # Hex boards
//
// Hex128 holds the tables of a hexagon of up to 7 cells a side in two-word sets:
// neighbours, rays in the six directions, axial coordinates, the three colour classes,
// flood fills and the largest groups. Torus lays the boards of up to 64 cells (5 cells a
// side at most) out in one word, so that a step in a hex direction is one rotation of the
// word for every piece at once.
//
// Hex192 holds the tables of a hexagon of up to 8 cells a side in three-word sets, seen
// from its rim: the ring of outer cells and the inner area, the six sides, the three line
// families and the rays that cross the inner area from the ring. Groups labels the pieces
// placed on it by group as they come, and Connects and Opposite read the sides a group
// touches.
package kit
