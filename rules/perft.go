package rules

// Turns returns the distinct positions reachable from s by one complete turn of the player
// to move: every sequence of decisions until State.MidTurn says a new turn begins (which may
// be the same player's) or the game ends.
// Positions are distinct when their AppendKey encodings differ. The order is the order in
// which they are first reached, so it is deterministic. A finished game has no turns.
func Turns(s State) []State {
	if _, over := s.Outcome(); over {
		return nil
	}
	var out []State
	seen := map[string]bool{}
	var key []byte
	var walk func(st State)
	walk = func(st State) {
		for _, m := range st.LegalMoves(nil) {
			child := st.Clone()
			child.Apply(m)
			if child.MidTurn() {
				walk(child)
				continue
			}
			key = child.AppendKey(key[:0])
			if !seen[string(key)] {
				seen[string(key)] = true
				out = append(out, child)
			}
		}
	}
	walk(s)
	return out
}

// Perft counts the positions at exactly depth turns from s, following Turns. Terminal
// positions have no children, so a game that ends early contributes nothing to deeper
// counts. It returns one count per depth, 1..depth.
func Perft(s State, depth int) []uint64 {
	counts := make([]uint64, depth)
	var rec func(st State, d int)
	rec = func(st State, d int) {
		for _, c := range Turns(st) {
			counts[d]++
			if d+1 < depth {
				rec(c, d+1)
			}
		}
	}
	if depth > 0 {
		rec(s, 0)
	}
	return counts
}
