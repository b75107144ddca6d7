package match

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"koma/app/apptest"
	"koma/rules"
	"koma/rules/ai"
	"koma/rules/catalog"
	"koma/rules/rulestest"
)

// playRandom plays n seeded random decisions (fewer if the game ends) and returns their
// texts, computed independently of Save from the positions they were made in.
func playRandom(t *testing.T, m *Match, n int, seed uint64) []string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var texts []string
	for i := 0; i < n; i++ {
		moves := m.State().LegalMoves(nil)
		if len(moves) == 0 {
			break
		}
		mv := moves[rng.IntN(len(moves))]
		texts = append(texts, rules.FormatMove(m.State(), mv))
		if err := m.Play(mv); err != nil {
			t.Fatalf("decision %d: %v", i+1, err)
		}
	}
	return texts
}

func mustSpec(t *testing.T, cat rules.Catalog, text string) rules.Spec {
	t.Helper()
	spec, err := cat.ParseSpec(text)
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

func TestSaveLoadRoundTrip(t *testing.T) {
	type tc struct {
		name  string
		cat   rules.Catalog
		spec  string
		seats []Seat
		moves int
	}
	cases := []tc{
		{"toy empty", apptest.ToyCatalog, "toy", []Seat{Human(), Computer(ai.Normal)}, 0},
		{"toy midgame", apptest.ToyCatalog, "toy:start=sparse", []Seat{Computer(ai.Expert), Human()}, 7},
		{"toy to the end", apptest.ToyCatalog, "toy", []Seat{Human(), Human()}, 1000},
	}
	specs, err := catalog.All.Specs()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range specs {
		cases = append(cases, tc{"catalog " + s.String(), catalog.All, s.String(), []Seat{Human(), Computer(ai.Easy)}, 12})
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spec := mustSpec(t, c.cat, c.spec)
			seats := c.seats
			if len(seats) != len(spec.Game.Sides) {
				t.Skipf("%s has %d sides", spec.Game.ID, len(spec.Game.Sides))
			}
			m, err := New(spec, seats, uint64(100+i))
			if err != nil {
				t.Fatal(err)
			}
			texts := playRandom(t, m, c.moves, uint64(i))
			data, err := m.Save()
			if err != nil {
				t.Fatal(err)
			}
			got, err := Load(data, c.cat)
			if err != nil {
				t.Fatalf("load: %v\n%s", err, data)
			}
			if got.Spec().String() != spec.String() || got.Seed() != m.Seed() || got.Len() != len(texts) {
				t.Fatalf("loaded %s seed %d with %d decisions, want %s seed %d with %d",
					got.Spec(), got.Seed(), got.Len(), spec, m.Seed(), len(texts))
			}
			for p, s := range seats {
				if got.Seat(rules.Player(p)) != s {
					t.Errorf("seat %d: got %+v, want %+v", p, got.Seat(rules.Player(p)), s)
				}
			}
			for k, text := range texts {
				if g := rules.FormatMove(got.Before(k), got.Move(k)); g != text {
					t.Errorf("decision %d: got %q, want %q", k+1, g, text)
				}
			}
			if a, b := got.State().AppendKey(nil), m.State().AppendKey(nil); !bytes.Equal(a, b) {
				t.Error("the loaded match reached another position")
			}
			again, err := got.Save()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, data) {
				t.Errorf("saving the loaded match changed the record:\n%s\nvs\n%s", again, data)
			}
		})
	}
}

// TestSaveGolden pins the record format: a change that breaks old saves shows up here.
func TestSaveGolden(t *testing.T) {
	m, err := New(mustSpec(t, apptest.ToyCatalog, "toy"), []Seat{Human(), Computer(ai.Hard)}, 42)
	if err != nil {
		t.Fatal(err)
	}
	playRandom(t, m, 9, 3)
	data, err := m.Save()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "toy-save.json")
	rulestest.Golden(t, path, string(data))
	golden, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Load(golden, apptest.ToyCatalog); err != nil {
		t.Errorf("the golden save does not load: %v", err)
	}
}

func TestLoadRejectsCorruptRecords(t *testing.T) {
	valid := `{"format":1,"game":"toy","seats":[{"player":"human"},{"player":"computer","level":"easy"}],"seed":5,"moves":["a1-a2"]}`
	if _, err := Load([]byte(valid), apptest.ToyCatalog); err != nil {
		t.Fatalf("the reference record must load: %v", err)
	}
	cases := []struct {
		name    string
		data    string
		illegal bool
	}{
		{"empty", ``, false},
		{"not json", `hello`, false},
		{"truncated", valid[:40], false},
		{"array", `[1,2]`, false},
		{"trailing data", valid + `{}`, false},
		{"unknown field", strings.Replace(valid, `"seed"`, `"sneaky":1,"seed"`, 1), false},
		{"old format", strings.Replace(valid, `"format":1`, `"format":0`, 1), false},
		{"future format", strings.Replace(valid, `"format":1`, `"format":2`, 1), false},
		{"unknown game", strings.Replace(valid, `"toy"`, `"chess"`, 1), false},
		{"bad option", strings.Replace(valid, `"toy"`, `"toy:start=odd"`, 1), false},
		{"one seat", strings.Replace(valid, `{"player":"human"},`, ``, 1), false},
		{"three seats", strings.Replace(valid, `{"player":"human"},`, `{"player":"human"},{"player":"human"},`, 1), false},
		{"unknown player", strings.Replace(valid, `"human"`, `"robot"`, 1), false},
		{"unknown level", strings.Replace(valid, `"easy"`, `"godlike"`, 1), false},
		{"human with level", strings.Replace(valid, `{"player":"human"}`, `{"player":"human","level":"easy"}`, 1), false},
		{"illegal move", strings.Replace(valid, `"a1-a2"`, `"b1-b3"`, 1), true},
		{"garbled move", strings.Replace(valid, `"a1-a2"`, `"zz99"`, 1), true},
		{"opponent's piece", strings.Replace(valid, `"a1-a2"`, `"a5-a4"`, 1), true},
		{"seed as text", strings.Replace(valid, `"seed":5`, `"seed":"5"`, 1), false},
		{"resigned seat 256", strings.Replace(valid, `"seed":5`, `"seed":5,"resigned":256`, 1), false},
		{"resigned seat -1", strings.Replace(valid, `"seed":5`, `"seed":5,"resigned":-1`, 1), false},
		{"resigned seat 2", strings.Replace(valid, `"seed":5`, `"seed":5,"resigned":2`, 1), false},
		{"two byte-order marks", "\uFEFF\uFEFF" + valid, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := Load([]byte(c.data), apptest.ToyCatalog)
			if err == nil {
				t.Fatalf("loaded %s, want an error", m.Spec())
			}
			if !errors.Is(err, ErrCorrupt) {
				t.Errorf("error %q does not wrap ErrCorrupt", err)
			}
			if c.illegal != errors.Is(err, rules.ErrIllegalMove) {
				t.Errorf("error %q: wraps ErrIllegalMove = %v, want %v", err, !c.illegal, c.illegal)
			}
			if !strings.HasPrefix(err.Error(), "match: load") {
				t.Errorf("error %q lacks its context", err)
			}
		})
	}
}

// TestLoadAcceptsWhatEditorsWrite covers records that a text editor may have touched: a
// byte-order mark in front (Windows' Notepad writes one), a resignation kept by seat.
func TestLoadAcceptsWhatEditorsWrite(t *testing.T) {
	valid := `{"format":1,"game":"toy","seats":[{"player":"human"},{"player":"computer","level":"easy"}],"seed":5,"moves":["a1-a2"]}`
	cases := []struct {
		name     string
		data     string
		resigned rules.Player
	}{
		{"plain", valid, rules.NoPlayer},
		{"byte-order mark", "\uFEFF" + valid, rules.NoPlayer},
		{"byte-order mark and CRLF", "\uFEFF" + valid + "\r\n", rules.NoPlayer},
		{"resigned seat 0", strings.Replace(valid, `"seed":5`, `"seed":5,"resigned":0`, 1), 0},
		{"resigned seat 1", strings.Replace(valid, `"seed":5`, `"seed":5,"resigned":1`, 1), 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := Load([]byte(c.data), apptest.ToyCatalog)
			if err != nil {
				t.Fatal(err)
			}
			if m.Len() != 1 {
				t.Errorf("%d decisions, want 1", m.Len())
			}
			o, over := m.Outcome()
			resigned := c.resigned != rules.NoPlayer
			if over != resigned || (resigned && o.Winner != 1-c.resigned) {
				t.Errorf("outcome %+v (over %v), want seat %d resigned", o, over, c.resigned)
			}
		})
	}
}

func TestLoadRejectsMovesAfterTheEnd(t *testing.T) {
	m, err := New(mustSpec(t, apptest.ToyCatalog, "toy"), []Seat{Human(), Human()}, 1)
	if err != nil {
		t.Fatal(err)
	}
	playRandom(t, m, 10000, 11)
	if _, over := m.Outcome(); !over {
		t.Fatal("the random game did not end")
	}
	data, err := m.Save()
	if err != nil {
		t.Fatal(err)
	}
	end := bytes.LastIndex(data, []byte("\n  ]"))
	if end < 0 {
		t.Fatalf("no move list in\n%s", data)
	}
	extra := append(append(append([]byte(nil), data[:end]...), ",\n    \"a1-a2\""...), data[end:]...)
	if _, err := Load(extra, apptest.ToyCatalog); !errors.Is(err, rules.ErrIllegalMove) {
		t.Errorf("a move after the end gave %v, want an illegal move", err)
	}
}

func TestNewRejectsBadSeats(t *testing.T) {
	spec := mustSpec(t, apptest.ToyCatalog, "toy")
	cases := []struct {
		name  string
		seats []Seat
	}{
		{"none", nil},
		{"one", []Seat{Human()}},
		{"three", []Seat{Human(), Human(), Human()}},
		{"bad level", []Seat{Human(), Computer(ai.Level(99))}},
		{"negative level", []Seat{Computer(ai.Level(-1)), Human()}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := New(spec, c.seats, 0); err == nil {
				t.Error("New accepted the seats")
			}
		})
	}
}

func TestPlayRejectsIllegalMoves(t *testing.T) {
	m, err := New(mustSpec(t, apptest.ToyCatalog, "toy"), []Seat{Human(), Human()}, 0)
	if err != nil {
		t.Fatal(err)
	}
	b := m.State().Board()
	a1, _ := b.Parse("a1")
	a3, _ := b.Parse("a3")
	if err := m.Play(rules.NewMove(rules.Step, a1, a3)); !errors.Is(err, rules.ErrIllegalMove) {
		t.Errorf("a two-square step gave %v", err)
	}
	if m.Len() != 0 {
		t.Errorf("a rejected move was recorded")
	}
}

// TestUndo checks that undo goes back to the last human decision whatever the seating, and
// is refused when no human decision was made.
func TestUndo(t *testing.T) {
	h, c := Human(), Computer(ai.Beginner)
	cases := []struct {
		name      string
		seats     []Seat
		decisions int
		// wantLen is the number of decisions left after one undo; -1 means undo is refused.
		wantLen int
	}{
		{"nothing played", []Seat{h, c}, 0, -1},
		{"human moved, computer to move", []Seat{h, c}, 1, 0},
		{"computer answered", []Seat{h, c}, 2, 0},
		{"second human move", []Seat{h, c}, 3, 2},
		{"computer opened", []Seat{c, h}, 1, -1},
		{"computer opened, human answered", []Seat{c, h}, 2, 1},
		{"computer opened and answered", []Seat{c, h}, 3, 1},
		{"two humans", []Seat{h, h}, 3, 2},
		{"two computers", []Seat{c, c}, 4, -1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := New(mustSpec(t, apptest.ToyCatalog, "toy"), tc.seats, 9)
			if err != nil {
				t.Fatal(err)
			}
			playRandom(t, m, tc.decisions, 5)
			if m.Len() != tc.decisions {
				t.Fatalf("the game ended after %d decisions", m.Len())
			}
			err = m.Undo()
			if tc.wantLen < 0 {
				if !errors.Is(err, ErrNoUndo) || m.CanUndo() {
					t.Fatalf("undo gave %v, want ErrNoUndo", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.Len() != tc.wantLen {
				t.Errorf("%d decisions left, want %d", m.Len(), tc.wantLen)
			}
			if !m.HumanToMove() {
				t.Error("after undo a human should be to move")
			}
			if a, b := m.State().AppendKey(nil), m.Before(m.Len()).AppendKey(nil); !bytes.Equal(a, b) {
				t.Error("the current position is not the snapshot")
			}
		})
	}
}

// FuzzLoad feeds arbitrary bytes to Load: it must return a match or an error, never panic,
// and whatever it accepts must save and load again to the same record.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(`{"format":1,"game":"toy","seats":[{"player":"human"},{"player":"computer","level":"easy"}],"seed":5,"moves":["a1-a2"]}`))
	f.Add([]byte(`{"format":1,"game":"toy:start=sparse","seats":[{"player":"human"},{"player":"human"}],"seed":0,"moves":["@c3","d5-d4"]}`))
	f.Add([]byte(`{"format":1,"game":"toy","seats":[],"moves":null}`))
	f.Add([]byte(`{"format":1}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"format":1,"game":"toy:","seats":[{"player":"human"},{"player":"human"}],"moves":["a1xa3"]}`))
	if golden, err := os.ReadFile(filepath.Join("testdata", "toy-save.json")); err == nil {
		f.Add(golden)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Load(data, apptest.ToyCatalog)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("error %q does not wrap ErrCorrupt", err)
			}
			return
		}
		saved, err := m.Save()
		if err != nil {
			t.Fatal(err)
		}
		again, err := Load(saved, apptest.ToyCatalog)
		if err != nil {
			t.Fatalf("a saved match does not load: %v\n%s", err, saved)
		}
		if !bytes.Equal(again.State().AppendKey(nil), m.State().AppendKey(nil)) {
			t.Fatal("reloading reached another position")
		}
	})
}

// richGame plays the toy game's rich variant with seeded random decisions until a turn of
// several decisions (a jump chain) is in progress, and returns the match there.
func richGame(t *testing.T, seats []Seat) *Match {
	t.Helper()
	spec, err := apptest.ToyCatalog.ParseSpec("toy:turns=rich")
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(100) {
		m, err := New(spec, seats, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		for {
			legal := m.State().LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			if err := m.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			if m.State().MidTurn() && m.Seat(m.ToMove()).Human {
				return m
			}
		}
	}
	t.Fatal("no jump chain in 100 random games")
	return nil
}

func TestTurnsFollowMidTurn(t *testing.T) {
	m := richGame(t, []Seat{Human(), Human()})
	turns := m.Turns()
	starts := 0
	for i := range m.Len() {
		if !m.Before(i).MidTurn() {
			starts++
		}
	}
	if len(turns) != starts {
		t.Fatalf("%d turns for %d turn starts", len(turns), starts)
	}
	next := 0
	for _, tu := range turns {
		if tu.First != next || tu.End <= tu.First || m.Before(tu.First).MidTurn() {
			t.Fatalf("turn %+v does not start where the previous ended (%d)", tu, next)
		}
		for d := tu.First; d < tu.End; d++ {
			if m.Mover(d) != tu.Mover {
				t.Fatalf("decision %d of turn %+v is by player %d", d, tu, m.Mover(d))
			}
		}
		next = tu.End
	}
	if next != m.Len() {
		t.Fatalf("the turns cover %d of %d decisions", next, m.Len())
	}
	if last := turns[len(turns)-1]; last.End-last.First < 1 || !m.State().MidTurn() {
		t.Fatal("the game is not in the middle of a chain")
	}
}

func TestUndoInsideAndAcrossTurns(t *testing.T) {
	// Inside a turn, a person takes back one decision.
	m := richGame(t, []Seat{Human(), Human()})
	n := m.Len()
	if err := m.Undo(); err != nil || m.Len() != n-1 {
		t.Fatalf("undo inside a chain: %v, %d decisions left of %d", err, m.Len(), n)
	}
	// Against the computer, undo at the start of a turn goes back to the start of the
	// person's last turn, however many decisions it took.
	m = richGame(t, []Seat{Human(), Computer(ai.Beginner)})
	me := m.ToMove()
	for m.State().MidTurn() {
		legal := m.State().LegalMoves(nil)
		stop := legal[len(legal)-1] // Stop ends the chain
		if err := m.Play(stop); err != nil {
			t.Fatal(err)
		}
	}
	turns := m.Turns()
	last := turns[len(turns)-1]
	if last.Mover != me {
		t.Fatalf("the last turn is by %d", last.Mover)
	}
	if err := m.Undo(); err != nil {
		t.Fatal(err)
	}
	if m.Len() != last.First || m.ToMove() != me || m.State().MidTurn() {
		t.Errorf("undo left %d decisions (want %d), player %d to move, mid-turn %v", m.Len(), last.First, m.ToMove(), m.State().MidTurn())
	}
}

func TestRedoReplaysUndoUntilANewDecision(t *testing.T) {
	m := richGame(t, []Seat{Human(), Computer(ai.Beginner)})
	for m.State().MidTurn() {
		legal := m.State().LegalMoves(nil)
		if err := m.Play(legal[len(legal)-1]); err != nil {
			t.Fatal(err)
		}
	}
	before := m.Len()
	key := string(m.State().AppendKey(nil))
	if m.CanRedo() {
		t.Fatal("redo offered before any undo")
	}
	if err := m.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := m.Undo(); err != nil && !errors.Is(err, ErrNoUndo) {
		t.Fatal(err)
	}
	for m.CanRedo() {
		if err := m.Redo(); err != nil {
			t.Fatal(err)
		}
	}
	if m.Len() != before || string(m.State().AppendKey(nil)) != key {
		t.Fatalf("undo twice then redo twice left %d decisions, want %d and the same position", m.Len(), before)
	}
	if err := m.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := m.Play(m.State().LegalMoves(nil)[0]); err != nil {
		t.Fatal(err)
	}
	if m.CanRedo() || !errors.Is(m.Redo(), ErrNoRedo) {
		t.Error("redo still offered after a new decision")
	}
}

func TestTruncateContinuesFromAnEarlierPosition(t *testing.T) {
	cases := []struct {
		name   string
		keep   int
		resign bool
		ok     bool
	}{
		{"back to the start", 0, false, true},
		{"back three decisions", 3, false, true},
		{"nothing to forget", 6, false, true},
		{"a resigned game plays on", 2, true, true},
		{"beyond the end", 7, false, false},
		{"before the start", -1, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spec := mustSpec(t, catalog.All, "konane")
			m, err := New(spec, []Seat{Human(), Human()}, 1)
			if err != nil {
				t.Fatal(err)
			}
			playRandom(t, m, 6, 3)
			want := string(m.Before(max(0, min(c.keep, m.Len()))).AppendKey(nil))
			if c.resign {
				if err := m.Resign(m.ToMove()); err != nil {
					t.Fatal(err)
				}
			}
			err = m.Truncate(c.keep)
			if (err == nil) != c.ok {
				t.Fatalf("Truncate(%d) = %v, want success %v", c.keep, err, c.ok)
			}
			if !c.ok {
				if m.Len() != 6 {
					t.Errorf("a refused truncate left %d decisions", m.Len())
				}
				return
			}
			if m.Len() != c.keep || string(m.State().AppendKey(nil)) != want {
				t.Errorf("after Truncate(%d): %d decisions, or another position", c.keep, m.Len())
			}
			if _, over := m.Outcome(); over || m.CanRedo() {
				t.Errorf("after Truncate(%d) the game is over (%v) or redo is offered", c.keep, over)
			}
		})
	}
}
