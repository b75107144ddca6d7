package foxhounds

import (
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/rulestest"
)

func spec(t testing.TB, options string) rules.Spec { return rulestest.Spec(t, Game, options) }

func start(t testing.TB, options string) *State { return rulestest.Start[*State](t, Game, options) }

// presetName turns a preset into a file-friendly name for goldens and subtests.
func presetName(preset string) string {
	if preset == "" {
		return "fox-e1"
	}
	return strings.ReplaceAll(preset, "=", "-")
}

// position builds a position from a diagram: one line per rank, rank 8 first, one token
// per square: F (the fox), H (a hound) or . (empty). The variant is the default one.
func position(t testing.TB, diagram string, toMove rules.Player) *State {
	t.Helper()
	s := start(t, "")
	rows := strings.Split(strings.TrimSpace(diagram), "\n")
	if len(rows) != size {
		t.Fatalf("diagram has %d ranks", len(rows))
	}
	s.hounds, s.fox = 0, noFox
	for i, row := range rows {
		tokens := strings.Fields(row)
		if len(tokens) != size {
			t.Fatalf("rank %d of the diagram has %d squares", size-i, len(tokens))
		}
		for col, tok := range tokens {
			c := (size-1-i)*size + col
			if tok != "." && (col+size-1-i)%2 != 0 {
				t.Fatalf("%s on the light square %s", tok, topo.Label(board.Site(c)))
			}
			switch tok {
			case "H":
				s.hounds |= 1 << uint(c)
			case "F":
				if s.fox != noFox {
					t.Fatal("two foxes in the diagram")
				}
				s.fox = int8(c)
			case ".":
			default:
				t.Fatalf("bad square %q in the diagram", tok)
			}
		}
	}
	s.Turn = toMove
	s.settle()
	s.Zobrist = s.ComputeHash()
	return s
}

// draw writes a position back as a diagram in the format position reads, through the
// public Pieces method only.
func draw(s rules.State) string {
	b := s.Board()
	var sb strings.Builder
	for row := b.Height() - 1; row >= 0; row-- {
		for col := 0; col < b.Width(); col++ {
			tok := "."
			if p := s.Pieces(b.At(col, row), nil); len(p) == 1 {
				tok = map[rules.Player]string{fox: "F", hounds: "H"}[p[0].Owner]
			}
			if col > 0 {
				sb.WriteString(" ")
			}
			sb.WriteString(tok)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func clean(diagram string) string {
	var sb strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(diagram), "\n") {
		sb.WriteString(strings.Join(strings.Fields(line), " ") + "\n")
	}
	return sb.String()
}

func moveTexts(s rules.State) []string { return rulestest.MoveTexts(s) }

func play(t testing.TB, s rules.State, texts ...string) {
	t.Helper()
	rulestest.Play(t, s, texts...)
}

// prepared returns the finished tablebase, building it first if need be.
func prepared(t testing.TB) *table {
	t.Helper()
	for !prepareSlice() {
	}
	return tableReady()
}
