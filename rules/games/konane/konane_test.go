package konane

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
	"koma/rules/kit"
	"koma/rules/rulestest"
)

// presetName turns a preset into a file-friendly name for goldens and subtests.
func presetName(preset string) string {
	if preset == "" {
		return "size-10"
	}
	return strings.NewReplacer("=", "-", ",", "-").Replace(preset)
}

func spec(t testing.TB, options string) rules.Spec { return rulestest.Spec(t, Game, options) }

func start(t testing.TB, options string) *State { return rulestest.Start[*State](t, Game, options) }

// position builds a capture-phase position from a diagram: one line per rank, top rank
// first, one token per cell: B (Black), W (White) or . (empty).
func position(t testing.TB, options, diagram string, toMove rules.Player) *State {
	t.Helper()
	s := start(t, options)
	rows := strings.Split(strings.TrimSpace(diagram), "\n")
	if len(rows) != s.v.n {
		t.Fatalf("diagram has %d ranks, the board %d", len(rows), s.v.n)
	}
	s.pieces = [2]bitset{}
	for i, row := range rows {
		tokens := strings.Fields(row)
		if len(tokens) != s.v.n {
			t.Fatalf("rank %d of the diagram has %d cells", s.v.n-i, len(tokens))
		}
		for col, tok := range tokens {
			c := (s.v.n-1-i)*s.v.n + col
			switch tok {
			case "B":
				s.pieces[black] = s.pieces[black].Or(kit.PairBit(c))
			case "W":
				s.pieces[white] = s.pieces[white].Or(kit.PairBit(c))
			case ".":
			default:
				t.Fatalf("bad cell %q in the diagram", tok)
			}
		}
	}
	s.Turn, s.phase = toMove, phaseCaptures
	s.Zobrist = s.ComputeHash()
	s.Over = !s.hasMoves()
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
				tok = map[rules.Player]string{black: "B", white: "W"}[p[0].Owner]
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

func TestInitialPosition(t *testing.T) {
	const six = `
		W B W B W B
		B W B W B W
		W B W B W B
		B W B W B W
		W B W B W B
		B W B W B W`
	tests := []struct {
		options string
		n       int
	}{{"size=6", 6}, {"size=8", 8}, {"", 10}, {"size=6,jumps=single", 6}}
	for _, tc := range tests {
		s := start(t, tc.options)
		if got := s.Board().Width(); got != tc.n || s.Board().Height() != tc.n {
			t.Errorf("%q: board %d×%d, want %d×%d", tc.options, got, s.Board().Height(), tc.n, tc.n)
		}
		// Black holds a1 and every cell whose 1-based file + rank is even.
		for row := 0; row < tc.n; row++ {
			for col := 0; col < tc.n; col++ {
				want := white
				if (col+1+row+1)%2 == 0 {
					want = black
				}
				got := s.Pieces(s.Board().At(col, row), nil)
				if len(got) != 1 || got[0] != (rules.Piece{Owner: want}) {
					t.Errorf("%q: %s holds %v, want one piece of player %d", tc.options, s.Board().Label(s.Board().At(col, row)), got, want)
				}
			}
		}
		if s.ToMove() != black {
			t.Errorf("%q: %d to move, want Black", tc.options, s.ToMove())
		}
		if _, over := s.Outcome(); over {
			t.Errorf("%q: over at the start", tc.options)
		}
	}
	if got := draw(start(t, "size=6")); got != clean(six) {
		t.Errorf("6×6 start:\n%s\nwant:\n%s", got, clean(six))
	}
}

func TestBlackOpeningRemoval(t *testing.T) {
	tests := []struct {
		options string
		want    []string
	}{
		{"size=6", []string{"xa1", "xc3", "xd4", "xf6"}},
		{"size=8", []string{"xa1", "xd4", "xe5", "xh8"}},
		{"", []string{"xa1", "xe5", "xf6", "xj10"}},
		{"size=8,jumps=single", []string{"xa1", "xd4", "xe5", "xh8"}},
	}
	for _, tc := range tests {
		if got := moveTexts(start(t, tc.options)); !slices.Equal(got, tc.want) {
			t.Errorf("%q: %v, want %v", tc.options, got, tc.want)
		}
	}
}

func TestWhiteOpeningRemoval(t *testing.T) {
	tests := []struct {
		options, black string
		want           []string
	}{
		{"size=6", "xa1", []string{"xa2", "xb1"}},
		{"size=6", "xf6", []string{"xe6", "xf5"}},
		{"size=6", "xc3", []string{"xb3", "xc2", "xc4", "xd3"}},
		{"size=6", "xd4", []string{"xc4", "xd3", "xd5", "xe4"}},
		{"size=8", "xe5", []string{"xd5", "xe4", "xe6", "xf5"}},
		{"", "xj10", []string{"xi10", "xj9"}},
		{"", "xe5", []string{"xd5", "xe4", "xe6", "xf5"}},
	}
	for _, tc := range tests {
		s := start(t, tc.options)
		play(t, s, tc.black)
		if s.ToMove() != white {
			t.Errorf("%q %s: %d to move, want White", tc.options, tc.black, s.ToMove())
		}
		if got := moveTexts(s); !slices.Equal(got, tc.want) {
			t.Errorf("%q %s: %v, want %v", tc.options, tc.black, got, tc.want)
		}
	}
}

// TestOpeningExamples follows the rulebook's two opening pictures, from the centre and
// from a corner, up to Black's first capture.
func TestOpeningExamples(t *testing.T) {
	tests := []struct {
		name    string
		opening []string
		want    []string
		board   string
	}{
		{"centre", []string{"xc3", "xc4"}, []string{"a3xc3", "c1xc3", "e3xc3"}, `
			W B W B W B
			B W B W B W
			W B . B W B
			B W . W B W
			W B W B W B
			B W B W B W`},
		{"corner", []string{"xa1", "xb1"}, []string{"a3xa1"}, `
			W B W B W B
			B W B W B W
			W B W B W B
			B W B W B W
			W B W B W B
			. . B W B W`},
	}
	for _, tc := range tests {
		s := start(t, "size=6")
		play(t, s, tc.opening...)
		if got := draw(s); got != clean(tc.board) {
			t.Errorf("%s: board\n%s\nwant\n%s", tc.name, got, clean(tc.board))
		}
		if s.ToMove() != black {
			t.Errorf("%s: %d to move, want Black to capture first", tc.name, s.ToMove())
		}
		if got := moveTexts(s); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestCaptures(t *testing.T) {
	tests := []struct {
		name, options, board string
		toMove               rules.Player
		want                 []string
	}{
		{"one jump in each direction", "size=6", `
			. . . . . .
			. . . . . .
			. . W . . .
			. W B W . .
			. . W . . .
			. . . . . .`, black, []string{"c3xa3", "c3xc1", "c3xc5", "c3xe3"}},
		{"own pieces, occupied landings and edges block jumps", "size=6", `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			W B W . . .
			B W B . . .`, black, []string{"a1xa3", "b2xd2", "c1xc3"}},
		{"no jump leaves the board or wraps to the next rank", "size=6", `
			. . . W . .
			W B . B . .
			. . . . . .
			. . . . B W
			. . B . . .
			. . W . . .`, white, []string{"a5xc5", "a5xc5xe5", "c1xc3", "d6xd4", "f3xd3"}},
		{"straight multi-jumps stop anywhere", "size=6", `
			W . . . . .
			. . . . . .
			W . . . . .
			. . . . . .
			W . . . . .
			B W . W . W`, black, []string{"a1xa3", "a1xa3xa5", "a1xc1", "a1xc1xe1"}},
		{"single-jump variant", "size=6,jumps=single", `
			W . . . . .
			. . . . . .
			W . . . . .
			. . . . . .
			W . . . . .
			B W . W . W`, black, []string{"a1xa3", "a1xc1"}},
		{"no turning and no jumping two pieces at once", "size=6", `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . W . . .
			B W . W W .`, black, []string{"a1xc1"}},
		{"white continuous jump", "size=6", `
			. . . . W .
			. . . . B .
			. . . . . .
			. . . . B .
			. . . . . .
			. . . . . .`, white, []string{"e6xe4", "e6xe4xe2"}},
		{"long chain on the largest board", "", `
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			B W . W . W . W . W`, black, []string{"a1xc1", "a1xc1xe1", "a1xc1xe1xg1", "a1xc1xe1xg1xi1"}},
		{"wrapping on the largest board", "", `
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . . .
			. . . . . . . . B W`, black, nil},
	}
	for _, tc := range tests {
		s := position(t, tc.options, tc.board, tc.toMove)
		if got := moveTexts(s); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestApplyJump(t *testing.T) {
	tests := []struct {
		name, before, move, after string
		want                      []string
	}{
		{"double jump removes both pieces", `
			W . . . . .
			. . . . . .
			W . . . . .
			. . . . . .
			W . . . . .
			B W . W . W`, "a1xc1xe1", `
			W . . . . .
			. . . . . .
			W . . . . .
			. . . . . .
			W . . . . .
			. . . . B W`, []string{"f1xd1"}},
		{"stopping early keeps the rest", `
			W . . . . .
			. . . . . .
			W . . . . .
			. . . . . .
			W . . . . .
			B W . W . W`, "a1xc1", `
			W . . . . .
			. . . . . .
			W . . . . .
			. . . . . .
			W . . . . .
			. . B W . W`, []string{"d1xb1"}},
	}
	for _, tc := range tests {
		s := position(t, "size=6", tc.before, black)
		play(t, s, tc.move)
		if got := draw(s); got != clean(tc.after) {
			t.Errorf("%s: board\n%s\nwant\n%s", tc.name, got, clean(tc.after))
		}
		if s.ToMove() != white {
			t.Errorf("%s: %d to move, want White", tc.name, s.ToMove())
		}
		if s.Hash() != s.ComputeHash() {
			t.Errorf("%s: incremental hash %x, recomputed %x", tc.name, s.Hash(), s.ComputeHash())
		}
		if got := moveTexts(s); !slices.Equal(got, tc.want) {
			t.Errorf("%s: White may play %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestNoCaptureLoses(t *testing.T) {
	tests := []struct {
		name, board string
		toMove      rules.Player
		moves       []string
		winner      rules.Player
	}{
		{"White has pieces but no capture", `
			. . . . . .
			. . . . . .
			. . W . . .
			. W B W . .
			. . W . . .
			. . . . . .`, white, nil, black},
		{"more pieces do not help (Walker rule 12)", `
			B . B . B .
			. . . . . .
			B . . . . .
			. . . . . .
			. . . . . W
			B . . . . .`, black, nil, white},
		{"the last capture leaves Black nothing", `
			. . . . W .
			. . . . B .
			. . . . . .
			. . . . B .
			. . . . . .
			. . . . . .`, white, []string{"e6xe4xe2"}, white},
		{"a capture that blocks the reply wins", `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			B . . . . .
			W B . . . .`, white, []string{"a1xa3"}, white},
	}
	for _, tc := range tests {
		s := position(t, "size=6", tc.board, tc.toMove)
		play(t, s, tc.moves...)
		o, over := s.Outcome()
		if !over {
			t.Fatalf("%s: game not over; moves %v", tc.name, moveTexts(s))
		}
		if want := (rules.Outcome{Winner: tc.winner, Reason: "no-moves"}); o != want {
			t.Errorf("%s: outcome %+v, want %+v", tc.name, o, want)
		}
		if s.ToMove() != rules.NoPlayer || len(s.LegalMoves(nil)) != 0 {
			t.Errorf("%s: over, yet ToMove=%d with moves %v", tc.name, s.ToMove(), moveTexts(s))
		}
	}
}

func TestIllegalMovesAreRejected(t *testing.T) {
	tests := []struct {
		name    string
		opening []string
		texts   []string
	}{
		{"Black's first removal", nil, []string{
			"xb2",   // a Black piece, but neither corner nor centre
			"xa6",   // White's corner
			"xc4",   // White's central cell
			"a1xa3", // no captures before the removals
			"pass", "", "a1", "xz9",
		}},
		{"White's removal", []string{"xa1"}, []string{
			"xb2", // diagonal neighbour, and Black's
			"xd1", // White's, but not next to the hole
			"xa1", // the hole itself
			"a3xa1",
		}},
		{"captures", []string{"xa1", "xb1"}, []string{
			"c1xa1",     // over the empty b1
			"a3xa1xc1",  // a turn
			"a5xa3",     // onto an occupied cell
			"a2xa0",     // off the board, and not Black's piece
			"xc3",       // removals are over
			"a3 x a1",   // not the notation
			"a3xa1xa-1", // garbage path
		}},
	}
	for _, tc := range tests {
		s := start(t, "size=6")
		play(t, s, tc.opening...)
		for _, text := range tc.texts {
			if m, err := rules.ParseMove(s, text); !errors.Is(err, rules.ErrIllegalMove) {
				t.Errorf("%s: %q parsed as %v, err %v", tc.name, text, m, err)
			}
		}
	}
}

func TestTranspositionsShareHashAndKey(t *testing.T) {
	const board = `
		B W . . . .
		. . . . . B
		. . . . . W
		W . . . . .
		B . . . W B
		. . . . . .`
	a := position(t, "size=6", board, black)
	b := a.Clone()
	play(t, a, "a6xc6", "a3xa1", "f2xd2")
	play(t, b, "f2xd2", "a3xa1", "a6xc6")
	if !bytes.Equal(a.AppendKey(nil), b.AppendKey(nil)) || a.Hash() != b.Hash() {
		t.Fatalf("the same position by two move orders differs:\n%s\n%s", rules.Text(a), rules.Text(b))
	}
	play(t, a, "f4xf6")
	if bytes.Equal(a.AppendKey(nil), b.AppendKey(nil)) || a.Hash() == b.Hash() {
		t.Errorf("different positions share a key or hash")
	}
	play(t, b, "f4xf6")
	if !bytes.Equal(a.AppendKey(nil), b.AppendKey(nil)) || a.Hash() != b.Hash() {
		t.Errorf("the same position by two move orders differs after White's reply")
	}
}

func TestKeyCoversVariantAndSide(t *testing.T) {
	const board = `
		. . . . . .
		. . . . . .
		. . W . . .
		. W B W . .
		. . W . . .
		. . . . . .`
	base := position(t, "size=6", board, black)
	others := []*State{
		position(t, "size=6", board, white),
		position(t, "size=6,jumps=single", board, black),
	}
	for i, o := range others {
		if bytes.Equal(base.AppendKey(nil), o.AppendKey(nil)) {
			t.Errorf("state %d shares the key of a different state", i)
		}
	}
	if base.Hash() == others[0].Hash() {
		t.Errorf("the player to move does not change the hash")
	}
}

func TestNewRejectsBadOptions(t *testing.T) {
	tests := []rules.Options{
		{"size": "7", "jumps": "multi"},
		{"size": "10", "jumps": "double"},
		{},
	}
	for _, opts := range tests {
		if _, err := Game.New(opts); !errors.Is(err, errOption) {
			t.Errorf("New(%v): err %v, want errOption", opts, err)
		}
	}
}

func TestVariantAndPieces(t *testing.T) {
	for _, preset := range Game.Presets {
		sp := spec(t, preset)
		s := start(t, preset)
		got := s.Variant()
		for _, o := range Game.Options {
			if got[o.Key] != sp.Options[o.Key] {
				t.Errorf("%q: Variant()[%s]=%q, want %q", preset, o.Key, got[o.Key], sp.Options[o.Key])
			}
		}
		got["size"] = "x"
		if s.Variant()["size"] == "x" {
			t.Errorf("%q: Variant shares its map", preset)
		}
		for _, site := range []board.Site{board.NoSite, board.Site(s.Board().Len()), 1000} {
			if p := s.Pieces(site, nil); len(p) != 0 {
				t.Errorf("%q: Pieces(%d)=%v", preset, site, p)
			}
		}
	}
}

func TestConformance(t *testing.T) {
	for _, preset := range Game.Presets {
		t.Run(presetName(preset), func(t *testing.T) {
			t.Parallel()
			rulestest.Conformance(t, spec(t, preset))
		})
	}
}

// perftDepths keeps the whole perft suite, golden and independent, well under a second.
var perftDepths = map[string]int{
	"size=6":              7,
	"size=8":              7,
	"":                    6,
	"size=6,jumps=single": 7,
	"size=8,jumps=single": 7,
}

func TestPerft(t *testing.T) {
	for _, preset := range Game.Presets {
		rulestest.Perft(t, spec(t, preset), presetName(preset), perftDepths[preset])
	}
}

func TestMovesDoNotAllocate(t *testing.T) {
	for _, preset := range Game.Presets {
		s := start(t, preset)
		buf := make([]rules.Move, 0, 256)
		work := *s
		allocs := testing.AllocsPerRun(20, func() {
			work = *s
			for {
				moves := work.LegalMoves(buf[:0])
				if len(moves) == 0 {
					break
				}
				work.Apply(moves[len(moves)/2])
			}
		})
		if allocs != 0 {
			t.Errorf("%q: %v allocations per game", preset, allocs)
		}
	}
}
