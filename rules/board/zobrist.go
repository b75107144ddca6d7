package board

// Zobrist holds deterministic random keys for incremental position hashing. The keys depend
// only on the seed string and the count, so hashes are identical on every run and platform,
// which saved games, golden files and transposition tables rely on.
type Zobrist []uint64

// NewZobrist returns n keys drawn from SplitMix64 seeded with the FNV-1a hash of seed.
// Use the game ID (plus any variant that changes the key layout) as the seed.
func NewZobrist(seed string, n int) Zobrist {
	h := uint64(14695981039346656037)
	for i := 0; i < len(seed); i++ {
		h ^= uint64(seed[i])
		h *= 1099511628211
	}
	keys := make(Zobrist, n)
	for i := range keys {
		h += 0x9e3779b97f4a7c15
		z := h
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		keys[i] = z ^ (z >> 31)
	}
	return keys
}
