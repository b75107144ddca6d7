package turkish

import (
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func start(t testing.TB) *State { return rulestest.Start[*State](t, Game, "") }

// position builds a position from a diagram: one line per rank, rank 8 first, one token
// per square: O a white man, K a white king, o a black man, k a black king, . empty (the
// letters rules.Text uses). The history starts afresh with this position.
func position(t testing.TB, diagram string, toMove rules.Player) *State {
	t.Helper()
	rows := strings.Split(strings.TrimSpace(diagram), "\n")
	if len(rows) != size {
		t.Fatalf("diagram has %d ranks", len(rows))
	}
	s := &State{Status: rules.Status{Turn: toMove, Winner: rules.NoPlayer}, chain: -1, dir: noDir}
	for i, row := range rows {
		tokens := strings.Fields(row)
		if len(tokens) != size {
			t.Fatalf("rank %d of the diagram has %d squares", size-i, len(tokens))
		}
		for col, tok := range tokens {
			b := uint64(1) << ((size-1-i)*size + col)
			switch tok {
			case "O":
				s.men[0] |= b
			case "K":
				s.kings[0] |= b
			case "o":
				s.men[1] |= b
			case "k":
				s.kings[1] |= b
			case ".":
			default:
				t.Fatalf("bad square %q in the diagram", tok)
			}
		}
	}
	s.Zobrist = s.ComputeHash()
	s.hist.Push(s.Zobrist)
	return s
}

// naiveOf builds the naive twin of a position made by position.
func naiveOf(s *State) *naive {
	n := &naive{white: s.Turn == 0}
	for r := range 8 {
		for f := range 8 {
			var ps []rules.Piece
			ps = s.Pieces(board.Site(r*8+f), ps)
			c := byte('.')
			if len(ps) == 1 {
				c = "Oo"[ps[0].Owner]
				if ps[0].Kind == king {
					c = "Kk"[ps[0].Owner]
				}
			}
			n.grid[r][f] = c
		}
	}
	n.history = []string{n.position()}
	return n
}

// wholeTurns returns every whole turn of s, written as one text ("a3xa5xc5" for a chain,
// "a3-a4" for a step), sorted, with the position each one reaches.
func wholeTurns(s rules.State) ([]string, map[string]rules.State) {
	out := map[string]rules.State{}
	var walk func(st rules.State, text string)
	walk = func(st rules.State, text string) {
		for _, m := range st.LegalMoves(nil) {
			mt := rules.FormatMove(st, m)
			t := mt
			if text != "" {
				_, land, _ := strings.Cut(mt, "x")
				t = text + "x" + land
			}
			c := st.Clone()
			c.Apply(m)
			if c.MidTurn() {
				walk(c, t)
				continue
			}
			out[t] = c
		}
	}
	walk(s, "")
	var texts []string
	for t := range out {
		texts = append(texts, t)
	}
	slices.Sort(texts)
	return texts, out
}

func naiveTexts(n *naive) []string {
	var out []string
	for _, t := range n.turns() {
		out = append(out, t.text())
	}
	slices.Sort(out)
	return out
}

// playTurn plays one whole turn written as wholeTurns writes it.
func playTurn(t testing.TB, s rules.State, text string) {
	t.Helper()
	_, after := wholeTurns(s)
	c, ok := after[text]
	if !ok {
		t.Fatalf("%s is not a legal turn; legal: %v\n%s", text, keys(after), rules.Text(s))
	}
	s.CopyFrom(c)
}

func keys(m map[string]rules.State) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
