// Package rulestest checks that a game honours the rules.State contract. Every game in the
// catalog runs Conformance; game packages use the helpers for their own tests.
package rulestest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"koma/rules"
)

// Playouts is how many seeded random games Conformance plays per spec.
const Playouts = 40

// Conformance plays seeded random games of spec and checks, after every decision, that:
// legal moves exist exactly while the game is in progress and come out in the same order
// twice; every move formats to a unique text that parses back; a clone is independent of
// the original; the incremental hash equals a recomputed one; an optional RandomMove agrees
// with LegalMoves; an outcome appears only when the game is over; and the game ends within
// the game's MaxTurns. It also replays each game
// from its move texts and checks that the same seed gives the same game.
func Conformance(t *testing.T, spec rules.Spec) {
	t.Helper()
	for seed := uint64(1); seed <= Playouts; seed++ {
		texts, finalHash := playChecked(t, spec, seed)
		if t.Failed() {
			return
		}
		again, againHash := playChecked(t, spec, seed)
		if strings.Join(again, " ") != strings.Join(texts, " ") || againHash != finalHash {
			t.Fatalf("%s seed %d: the same seed gave a different game", spec, seed)
		}
		st, err := spec.New()
		if err != nil {
			t.Fatal(err)
		}
		for i, text := range texts {
			m, err := rules.ParseMove(st, text)
			if err != nil {
				t.Fatalf("%s seed %d: replaying decision %d %q: %v", spec, seed, i, text, err)
			}
			st.Apply(m)
		}
		if st.Hash() != finalHash {
			t.Fatalf("%s seed %d: replaying the move texts reached another position", spec, seed)
		}
	}
}

func playChecked(t *testing.T, spec rules.Spec, seed uint64) ([]string, uint64) {
	t.Helper()
	st, err := spec.New()
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6b6f6d61))
	var texts []string
	turns := 0
	if st.MidTurn() {
		t.Fatalf("%s: the initial position is in the middle of a turn", spec)
	}
	maxTurns := spec.Game.MaxTurns
	if maxTurns <= 0 {
		maxTurns = 100000
	}
	for {
		if st.Hash() != st.ComputeHash() {
			t.Fatalf("%s seed %d after %v: incremental hash %x, recomputed %x\n%s", spec, seed, texts, st.Hash(), st.ComputeHash(), rules.Text(st))
		}
		moves := st.LegalMoves(nil)
		again := st.LegalMoves(make([]rules.Move, 0, 3))
		if fmt.Sprint(moves) != fmt.Sprint(again) {
			t.Fatalf("%s seed %d after %v: legal moves changed order between calls", spec, seed, texts)
		}
		o, over := st.Outcome()
		if over != (len(moves) == 0) {
			t.Fatalf("%s seed %d after %v: over=%v with %d legal moves\n%s", spec, seed, texts, over, len(moves), rules.Text(st))
		}
		if over {
			if st.ToMove() != rules.NoPlayer {
				t.Fatalf("%s seed %d: game over but ToMove=%d", spec, seed, st.ToMove())
			}
			if o.Reason == "" || o.Winner < rules.NoPlayer || int(o.Winner) >= len(spec.Game.Sides) {
				t.Fatalf("%s seed %d: malformed outcome %+v", spec, seed, o)
			}
			if st.MidTurn() {
				t.Fatalf("%s seed %d: the game is over in the middle of a turn", spec, seed)
			}
			return texts, st.Hash()
		}
		RandomMoveAgrees(t, st, seed+uint64(len(texts)))
		checkMarks(t, spec, st)
		CapturesAreEnemies(t, st)
		if st.ToMove() < 0 || int(st.ToMove()) >= len(spec.Game.Sides) {
			t.Fatalf("%s seed %d: ToMove=%d during play", spec, seed, st.ToMove())
		}
		seen := make(map[string]bool, len(moves))
		for _, m := range moves {
			text := rules.FormatMove(st, m)
			if seen[text] {
				t.Fatalf("%s seed %d after %v: two legal moves both written %q", spec, seed, texts, text)
			}
			seen[text] = true
		}
		m := moves[rng.IntN(len(moves))]
		text := rules.FormatMove(st, m)
		// Texts are unique, so parsing the chosen one back checks the round trip without
		// parsing every move of every position.
		if back, err := rules.ParseMove(st, text); err != nil || back != m {
			t.Fatalf("%s seed %d: %q does not parse back: %v", spec, seed, text, err)
		}

		// A clone must not share memory with the original.
		before, beforeKey := st.Hash(), st.AppendKey(nil)
		c := st.Clone()
		c.Apply(m)
		if st.Hash() != before || !bytes.Equal(st.AppendKey(nil), beforeKey) {
			t.Fatalf("%s seed %d: applying %s to a clone changed the original", spec, seed, text)
		}
		mover := st.ToMove()
		st.Apply(m)
		if st.Hash() != c.Hash() || !bytes.Equal(st.AppendKey(nil), c.AppendKey(nil)) {
			t.Fatalf("%s seed %d: %s gave different results on a clone", spec, seed, text)
		}
		// CopyFrom must give an equal, independent state too.
		cp := st.Clone()
		cp.CopyFrom(c)
		if !bytes.Equal(cp.AppendKey(nil), st.AppendKey(nil)) {
			t.Fatalf("%s seed %d: CopyFrom did not copy the state", spec, seed)
		}
		texts = append(texts, text)
		if st.MidTurn() {
			if st.ToMove() != mover {
				t.Fatalf("%s seed %d after %v: the turn goes on but %d moves instead of %d", spec, seed, texts, st.ToMove(), mover)
			}
		} else {
			turns++
		}
		if turns > maxTurns {
			t.Fatalf("%s seed %d: no end after %d turns", spec, seed, turns)
		}
	}
}

// checkMarks checks that a game's marks name real sites and known kinds.
func checkMarks(t *testing.T, spec rules.Spec, st rules.State) {
	t.Helper()
	mk, ok := st.(rules.Marker)
	if !ok {
		return
	}
	for _, m := range mk.Marks(nil) {
		if m.Site < 0 || int(m.Site) >= st.Board().Len() || m.Kind < rules.Throne || m.Kind > rules.Outline ||
			m.Owner < rules.NoPlayer || int(m.Owner) >= len(spec.Game.Sides) {
			t.Fatalf("%s: malformed mark %+v", spec, m)
		}
	}
}

// Perft compares rules.Perft of the spec's initial position with the golden file
// testdata/perft/<name>.txt, which holds lines "<depth> <count>". With -update (see Update)
// it rewrites the file instead.
func Perft(t *testing.T, spec rules.Spec, name string, depth int) {
	t.Helper()
	st, err := spec.New()
	if err != nil {
		t.Fatal(err)
	}
	counts := rules.Perft(st, depth)
	var got strings.Builder
	for d, c := range counts {
		fmt.Fprintf(&got, "%d %d\n", d+1, c)
	}
	Golden(t, filepath.Join("testdata", "perft", name+".txt"), got.String())
}

// Update is true when KOMA_UPDATE=1 is set in the environment: golden tests then rewrite
// their files instead of comparing, without each test package declaring a flag.
var Update = os.Getenv("KOMA_UPDATE") == "1"

// Golden compares got with the file at path, or writes it when Update is set.
func Golden(t *testing.T, path, got string) {
	t.Helper()
	if Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden file: %v (run with KOMA_UPDATE=1 to create it)", err)
	}
	if msg := FirstDiff(string(want), got); msg != "" {
		t.Errorf("%s differs from this run (KOMA_UPDATE=1 rewrites it): %s", path, msg)
	}
}

// FirstDiff describes the first line where want and got differ, with the line before it
// for context, or returns "" when they are equal.
func FirstDiff(want, got string) string {
	if want == got {
		return ""
	}
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; ; i++ {
		if i < len(w) && i < len(g) && w[i] == g[i] {
			continue
		}
		line := func(lines []string) string {
			if i >= len(lines) {
				return "(end of file)"
			}
			return fmt.Sprintf("%q", lines[i])
		}
		context := ""
		if i > 0 {
			context = fmt.Sprintf("\n  after line %d: %q", i, w[i-1])
		}
		return fmt.Sprintf("first difference at line %d:%s\n  golden:   %s\n  this run: %s", i+1, context, line(w), line(g))
	}
}

// ParseCounts reads "<depth> <count>" lines, for tests that compare perft figures with an
// independent count.
func ParseCounts(text string) ([]uint64, error) {
	var out []uint64
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, fmt.Errorf("rulestest: bad perft line %q", line)
		}
		n, err := strconv.ParseUint(f[1], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("rulestest: bad perft line %q: %w", line, err)
		}
		out = append(out, n)
	}
	return out, nil
}

// RandomMoveAgrees checks, for a state implementing rules.RandomMover, that RandomMove
// returns the move the generic draw from LegalMoves would, and consumes the generator the
// same way, so playouts are identical with or without the capability. States without the
// capability pass.
func RandomMoveAgrees(t testing.TB, s rules.State, seed uint64) {
	t.Helper()
	rm, ok := s.(rules.RandomMover)
	if !ok {
		return
	}
	a := rand.New(rand.NewPCG(seed, 1))
	b := rand.New(rand.NewPCG(seed, 1))
	got, ok := rm.RandomMove(a)
	moves := s.LegalMoves(nil)
	if ok != (len(moves) > 0) {
		t.Fatalf("RandomMove ok=%v with %d legal moves\n%s", ok, len(moves), rules.Text(s))
	}
	if ok {
		if want := moves[b.IntN(len(moves))]; got != want {
			t.Fatalf("RandomMove %s, LegalMoves draws %s\n%s", rules.FormatMove(s, got), rules.FormatMove(s, want), rules.Text(s))
		}
	}
	if a.Uint64() != b.Uint64() {
		t.Fatalf("RandomMove drew differently from the generic draw\n%s", rules.Text(s))
	}
}

// Spec parses an option string of g, failing the test on an error.
func Spec(t testing.TB, g *rules.Game, options string) rules.Spec {
	t.Helper()
	opts, err := g.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	return rules.Spec{Game: g, Options: opts}
}

// Start returns the initial position of g with the given options as the game's own state
// type S, failing the test on an error.
func Start[S rules.State](t testing.TB, g *rules.Game, options string) S {
	t.Helper()
	st, err := Spec(t, g, options).New()
	if err != nil {
		t.Fatal(err)
	}
	s, ok := st.(S)
	if !ok {
		t.Fatalf("%s: the initial position is a %T", g.ID, st)
	}
	return s
}

// CapturesAreEnemies checks a game's CapturePreviewer against the position: every site a
// legal move is said to capture holds a piece of the opponent, and a move that captures
// nothing is said to capture nothing visible.
func CapturesAreEnemies(t *testing.T, st rules.State) {
	t.Helper()
	pv, ok := st.(rules.CapturePreviewer)
	if !ok {
		return
	}
	for _, m := range st.LegalMoves(nil) {
		for _, s := range pv.Captures(m, nil) {
			ps := st.Pieces(s, nil)
			if len(ps) == 0 || ps[len(ps)-1].Owner == st.ToMove() {
				t.Fatalf("%s is said to capture %s, which holds no enemy piece\n%s", rules.FormatMove(st, m), st.Board().Label(s), rules.Text(st))
			}
		}
	}
}

// Play applies moves written in the game's notation to s, failing the test at the first one
// the rules refuse.
func Play(t testing.TB, s rules.State, texts ...string) {
	t.Helper()
	for _, text := range texts {
		m, err := rules.ParseMove(s, text)
		if err != nil {
			t.Fatalf("%s: %v\n%s", text, err, rules.Text(s))
		}
		s.Apply(m)
	}
}

// MoveTexts returns the notation of every legal move of s, sorted, for comparing with the
// moves a rulebook lists.
func MoveTexts(s rules.State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, rules.FormatMove(s, m))
	}
	slices.Sort(out)
	return out
}

// WalkRandomGame plays a seeded random game from s, which it modifies, and calls check on
// every position, the final one included.
func WalkRandomGame[S rules.State](t testing.TB, s S, seed uint64, check func(s S)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	for {
		check(s)
		moves := s.LegalMoves(nil)
		if len(moves) == 0 {
			return
		}
		s.Apply(moves[rng.IntN(len(moves))])
	}
}

// DrawnNote checks a game's note of the drawn move: RandomMove leaves in the state a note
// of the move it returns, so that Apply can take the move from the note rather than wait
// on the caller's copy of it. Over games random games from root, at every decision, noted
// must confirm that the note describes the drawn move; the drawn move and another legal
// one must leave the same state whether Apply finds the note or not (clear removes it);
// and Apply must leave no note behind. check, when not nil, adds the game's own tests of
// each position, note in place. States are compared whole, so S must be comparable.
func DrawnNote[S comparable, P interface {
	*S
	rules.State
	rules.RandomMover
}](t testing.TB, root P, games int, seed uint64, noted func(P, rules.Move) bool, clear func(P), check func(P)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 13))
	var moves []rules.Move
	for game := range games {
		s := *root
		for turn := 0; ; turn++ {
			where := fmt.Sprintf("%s game %d decision %d", root.Game().ID, game, turn)
			moves = P(&s).LegalMoves(moves[:0])
			m, ok := P(&s).RandomMove(rng)
			if !ok {
				if len(moves) != 0 {
					t.Fatalf("%s: no move drawn with %d legal", where, len(moves))
				}
				break
			}
			if !noted(&s, m) {
				t.Fatalf("%s: the note does not describe the drawn move %v", where, m.Path[:m.Len])
			}
			if check != nil {
				check(&s)
			}
			for _, played := range []rules.Move{m, moves[rng.IntN(len(moves))]} {
				withNote, without := s, s
				clear(&without)
				P(&withNote).Apply(played)
				P(&without).Apply(played)
				if withNote != without {
					t.Fatalf("%s: playing %v with the note differs from playing it without", where, played.Path[:played.Len])
				}
				cleared := withNote
				clear(&cleared)
				if cleared != withNote {
					t.Fatalf("%s: Apply left the note after %v", where, played.Path[:played.Len])
				}
			}
			P(&s).Apply(m)
		}
	}
}
