package scenes

// Tests for the bugs a player sees (issue 34), each driven by clicks on a real app.

import (
	"fmt"
	"image"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"koma/app"

	"koma/app/match"
	"koma/app/prefs"
	"koma/i18n"
	"koma/render"
	"koma/rules/ai"
	"koma/rules/board"
)

// humanVsComputer returns a match of spec with a person in seat human against the
// computer, after n random decisions that leave the person to move in an unfinished game.
func humanVsComputer(t *testing.T, spec string, human, n int, seed uint64) *match.Match {
	t.Helper()
	sp, err := testCatalog().ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	seats := []match.Seat{match.Computer(ai.Beginner), match.Computer(ai.Beginner)}
	seats[human] = match.Human()
	m, err := match.New(sp, seats, 5)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	for i := 0; i < n || !m.HumanToMove(); i++ {
		legal := m.State().LegalMoves(nil)
		if _, over := m.Outcome(); over || len(legal) == 0 {
			t.Fatalf("the random game ended after %d decisions", m.Len())
		}
		if err := m.Play(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// cellOf is where the move list drew turn, or an empty rectangle when it is not in view.
func cellOf(g *Game, turn int) listCell {
	for _, c := range g.listCells {
		if c.turn == turn {
			return c
		}
	}
	return listCell{turn: -1}
}

// TestMoveListShowsTheLatestMove plays a long game against the computer by clicks, drawing
// every position as the screen would: after each reply the latest move must be in the list
// on show. The list has more room while the computer thinks (no Hint button), so a list
// that followed the game only when a new row began scrolled the row into the taller view
// and left it below the shorter one once the reply came in.
func TestMoveListShowsTheLatestMove(t *testing.T) {
	m := humanVsComputer(t, "tablut", 0, 40, 1)
	h := newHarness(t, NewGame(m), nil)
	// Without animations, so that the test draws only the frames that matter.
	h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Animation = prefs.SpeedOff })
	g := h.game()
	for i := 0; i < 3; i++ {
		h.draw()
		h.playByClicks(g, firstMove(m.State().LegalMoves(nil)))
		for g.anim != nil || !g.thinking {
			h.step(1)
			if _, over := m.Outcome(); over {
				t.Fatal("the game ended")
			}
		}
		h.draw() // while the computer thinks
		h.settle(g)
		if _, over := m.Outcome(); over {
			t.Fatal("the game ended")
		}
		h.draw()
		if last := len(m.Turns()) - 1; cellOf(g, last).rect.Empty() {
			t.Fatalf("after the reply to move %d the latest move %d is not in view (rows %d to %d of %d shown)",
				last, last+1, g.listTop+1, g.listTop+g.listVisible, g.listRows)
		}
	}
}

// TestReviewKeepsTheListInPlace clicks a move in the list of a game under way and of a
// finished one, in both languages: the review that starts must leave the list where it
// was, so that the next click lands on the move under the pointer. The review's status,
// its "Back to the game" and, after the game, the balance bar used to push the list down.
func TestReviewKeepsTheListInPlace(t *testing.T) {
	tests := []struct {
		name string
		m    func(t *testing.T) *match.Match
	}{
		{"two people", func(t *testing.T) *match.Match { return playedMatch(t, "fanorona", 70, 3) }},
		{"against the computer", func(t *testing.T) *match.Match { return humanVsComputer(t, "tablut", 0, 40, 1) }},
		{"finished", func(t *testing.T) *match.Match { return playedMatch(t, "konane:size=6", 200, 4) }},
	}
	for _, tt := range tests {
		for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
			for _, size := range []image.Point{{1280, 800}, {800, 600}} {
				t.Run(fmt.Sprintf("%s/%s/%dx%d", tt.name, lang, size.X, size.Y), func(t *testing.T) {
					m := tt.m(t)
					h := newHarness(t, NewGame(m), nil)
					h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
					h.resize(size.X, size.Y)
					g := h.game()
					h.draw()
					turns := m.Turns()
					want := cellOf(g, len(turns)-3)
					if want.rect.Empty() {
						t.Fatal("the move to click is not in view")
					}
					list := g.listRect
					h.clickRect(want.rect)
					if !g.reviewing() {
						t.Fatal("clicking a move did not start a review")
					}
					h.draw()
					if g.listRect != list {
						t.Errorf("the review moved the list from %v to %v", list, g.listRect)
					}
					if got := cellOf(g, want.turn); got.rect != want.rect {
						t.Errorf("the move clicked moved from %v to %v", want.rect, got.rect)
					}
				})
			}
		}
	}
}

// standingButtons lists where the game screen's standing buttons are, as a person finds
// them: the panel's, then those of "More" once opened (closed again afterwards), each as
// its ID, its place and whether it is disabled.
func (h *harness) standingButtons() (panel, more []string) {
	h.t.Helper()
	place := func(tg app.Target) string {
		return fmt.Sprintf("%s@%.0f,%.0f%s", tg.ID, tg.X, tg.Y, map[bool]string{true: " (disabled)"}[tg.Disabled])
	}
	standing := []string{"undo", "redo", "flip", "resign", "rematch", "rules", "settings", "save", "open", "help", "menu", "more"}
	for _, tg := range h.describe().Targets {
		if slices.Contains(standing, tg.ID) {
			panel = append(panel, place(tg))
		}
	}
	if !slices.ContainsFunc(panel, func(s string) bool { return strings.HasPrefix(s, "more@") }) {
		return panel, nil
	}
	h.clickTarget("more")
	d := h.describe()
	if d.Scene != "more" {
		h.t.Fatalf("More opened the %s screen", d.Scene)
	}
	for _, tg := range d.Targets {
		more = append(more, place(tg))
	}
	h.in.Press(app.KeyBack)
	h.step(2)
	return panel, more
}

// TestMoreKeepsItsOrder opens "More" while a game goes on and again once the player has
// resigned it, in windows of several sizes: every button must be where it was, those
// that no longer apply disabled. Rematch used to come into the list second while the game
// went on and leave it at the end, moving every button after it.
func TestMoreKeepsItsOrder(t *testing.T) {
	for _, size := range []image.Point{{1280, 800}, {1000, 700}, {800, 600}, {480, 360}} {
		t.Run(fmt.Sprintf("%dx%d", size.X, size.Y), func(t *testing.T) {
			m := humanVsComputer(t, "tablut", 0, 10, 1)
			h := newHarness(t, NewGame(m), nil)
			h.resize(size.X, size.Y)
			h.step(1)
			livePanel, liveMore := h.standingButtons()
			h.clickTarget("resign")
			h.clickTarget("resign") // the question's answer
			if _, over := m.Outcome(); !over {
				t.Fatal("resigning did not end the game")
			}
			h.step(1)
			overPanel, overMore := h.standingButtons()
			if !slices.Equal(liveMore, overMore) && !(len(liveMore) == len(overMore) && sameButOne(liveMore, overMore, "resign")) {
				t.Errorf("More changed when the game ended:\n live %q\n over %q", liveMore, overMore)
			}
			if len(liveMore) == 0 && len(livePanel) != len(overPanel) {
				t.Errorf("the panel changed when the game ended:\n live %q\n over %q", livePanel, overPanel)
			}
		})
	}
}

// sameButOne reports whether a and b differ only in whether the button id is disabled.
func sameButOne(a, b []string, id string) bool {
	for i := range a {
		if a[i] != b[i] && !(strings.HasPrefix(a[i], id+"@") && strings.TrimSuffix(a[i], " (disabled)") == strings.TrimSuffix(b[i], " (disabled)")) {
			return false
		}
	}
	return true
}

// TestUnreachableClickSaysWhatTheBoardShows plays Tablut as the defender: e7 selected, a
// click on f8, which e7 cannot reach, puts the piece down, as on most boards. The panel
// used to say that the piece's destinations were marked, over a board with nothing
// selected and nothing marked.
func TestUnreachableClickSaysWhatTheBoardShows(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		t.Run(string(lang), func(t *testing.T) {
			spec, err := testCatalog().ParseSpec("tablut")
			if err != nil {
				t.Fatal(err)
			}
			m, err := match.New(spec, []match.Seat{match.Computer(ai.Beginner), match.Human()}, 5)
			if err != nil {
				t.Fatal(err)
			}
			h := newHarness(t, NewGame(m), nil)
			h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
			g := h.game()
			h.settle(g) // the attackers open
			site := func(label string) board.Site {
				s, err := m.State().Board().Parse(label)
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			h.clickSite(g, site("e7"))
			if len(g.pick.Partial()) != 1 || len(g.pick.Targets()) == 0 {
				t.Fatalf("e7 is not selected with its destinations marked: %v", g.pick.Partial())
			}
			h.clickSite(g, site("f8"))
			_, detail := g.Status(h.ctx())
			switch {
			case len(g.pick.Partial()) > 0:
				t.Errorf("the click on f8 kept the selection %v; the picker puts it down", g.pick.Partial())
			case detail == h.ctx().T("why.not-reachable"):
				t.Errorf("with nothing selected the panel says %q", detail)
			case detail != h.ctx().T("why.put-down"):
				t.Errorf("the panel says %q, want %q", detail, h.ctx().T("why.put-down"))
			}
			shoot(t, h, "issue34-why-"+string(lang)+".png")
		})
	}
}

// TestMoveListAtTheStart steps back to the starting position of a game with an odd number
// of turns, whose last row has an empty cell: the list must show its first row. The start
// is "turn -1", the value of the empty cells, and used to scroll the list to the last row.
func TestMoveListAtTheStart(t *testing.T) {
	m := playedMatch(t, "konane", 61, 3)
	if len(m.Turns())%2 == 0 {
		t.Fatalf("%d turns: the test needs a last row with an empty cell", len(m.Turns()))
	}
	h := newHarness(t, NewGame(m), nil)
	h.resize(900, 600)
	g := h.game()
	h.draw()
	if g.listTop == 0 {
		t.Fatal("the whole list is in view: the test needs a longer game")
	}
	h.in.Press(app.KeyHome)
	h.step(2)
	h.draw()
	if g.review != 0 || g.listTop != 0 {
		t.Errorf("at the start (review %d) the list shows rows from %d", g.review, g.listTop+1)
	}
}

// TestOneMoveNumbering plays Tablut against the computer by clicks and reads every place
// that numbers moves: the list's cells, the review's headline, the menu's Continue card
// and the question before the game is replaced. Each turn is a move, numbered from 1 as
// the list numbers it; the card said "move 2" after one move and the review "Move 3"
// where the list showed "2.".
func TestOneMoveNumbering(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		t.Run(string(lang), func(t *testing.T) {
			spec, err := testCatalog().ParseSpec("tablut")
			if err != nil {
				t.Fatal(err)
			}
			m, err := match.New(spec, []match.Seat{match.Human(), match.Computer(ai.Beginner)}, 5)
			if err != nil {
				t.Fatal(err)
			}
			store := prefs.NewMemStore()
			h := newHarness(t, NewGame(m), store)
			h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
			g := h.game()
			tr := h.ctx().T
			name := rulesDoc(h.ctx(), spec.Game).Name

			h.playByClicks(g, firstMove(m.State().LegalMoves(nil)))
			for g.anim != nil {
				h.step(1)
			}
			if len(m.Turns()) != 1 {
				t.Fatalf("%d turns after the first move", len(m.Turns()))
			}
			h.clickTarget("menu")
			menu, ok := h.app.Top().(*Menu)
			if !ok || menu.Saved() == nil {
				t.Fatalf("the menu (%T) offers no game to continue", h.app.Top())
			}
			if got, want := menu.savedDetail(h.ctx()), tr("menu.continue.detail", name, 1); got != want {
				t.Errorf("after one move the card reads %q, want %q", got, want)
			}
			h.clickTarget("continue")
			g = h.game()
			m = g.Match()
			h.settle(g)
			h.playByClicks(g, firstMove(m.State().LegalMoves(nil)))
			h.settle(g)
			turns := len(m.Turns())
			if turns != 4 {
				t.Fatalf("%d turns after two moves each", turns)
			}
			h.draw()
			c := cellOf(g, 1)
			if c.rect.Empty() {
				t.Fatal("the second move is not in the list")
			}
			if c.number != 2 {
				t.Errorf("the list numbers the second move %d", c.number)
			}
			h.clickRect(c.rect)
			if head, _ := g.Status(h.ctx()); head != tr("review.title", c.number, 4) {
				t.Errorf("the second move reviewed reads %q, want %q", head, tr("review.title", c.number, 4))
			}
			h.clickRect(g.backBtn.Rect)
			h.clickTarget("rematch")
			q := h.replaceQuestion()
			if got, want := q.body(h.ctx()), tr("replace.body", name, 4); got != want {
				t.Errorf("the question reads %q, want %q", got, want)
			}
		})
	}
}

// TestOpeningAFileAsksAsSuch opens a saved game over an unfinished one and answers each
// way. The question was the new game's ("Start a new game?"); it now says that the file's
// game is opened and what becomes of the unfinished one, and that is what happens: kept
// on "Keep my game", gone from the autosave once the file's game is open.
func TestOpeningAFileAsksAsSuch(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
		for _, answer := range []string{"keep", "replace"} {
			t.Run(string(lang)+"/"+answer, func(t *testing.T) {
				store := prefs.NewMemStore()
				m := humanVsComputer(t, "tablut", 0, 10, 1)
				h := newHarness(t, NewGame(m), store)
				h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
				h.step(1)
				g := h.game()
				file := playedMatch(t, "konane:size=6", 6, 2)
				data, err := file.Save()
				if err != nil {
					t.Fatal(err)
				}
				// What the Open… dialog answers, as in TestSaveAsksBeforeReplacingTheJSONFile.
				g.dialog = true
				g.results <- fileResult{opened: true, path: "mine.json", data: data}
				h.step(2)
				q := h.replaceQuestion()
				tr := h.ctx().T
				if tr(q.title) == tr("replace.title") || tr(q.yes) == tr("replace.new") {
					t.Errorf("opening a file asks %q, answered %q: the new game's question", tr(q.title), tr(q.yes))
				}
				name := rulesDoc(h.ctx(), m.Spec().Game).Name
				if got, want := q.body(h.ctx()), tr("open.body", name, latestMove(m)); got != want {
					t.Errorf("the question reads %q, want %q", got, want)
				}
				shoot(t, h, "issue34-open-"+string(lang)+".png")
				h.answer(q, answer)
				if answer == "keep" {
					if h.game() != g || !sameGame(autosaved(t, store), m) {
						t.Error("Keep my game did not keep the unfinished game and its autosave")
					}
					return
				}
				if !sameGame(h.game().Match(), file) || !sameGame(autosaved(t, store), file) {
					t.Error("opening did not put the file's game on the board and in the autosave")
				}
			})
		}
	}
}

// TestMoveListShowsLongTurns plays a Fanorona game until a turn captures in a chain of
// three steps or more: its cell shows the whole chain, wrapped onto more lines of its row,
// and the key to A and W is under the list. The chain used to end in "…" with no way to
// read the rest, and the letters went unexplained.
func TestMoveListShowsLongTurns(t *testing.T) {
	m, long := fanoronaChain(t)
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	h.draw()
	c := cellOf(g, long)
	if c.rect.Empty() {
		t.Fatal("the long turn is not in view")
	}
	lineH := newListMetrics(h.ctx()).lineH
	if float64(c.rect.Dy()) < 1.5*lineH {
		t.Errorf("the chain %q has a row of one line", turnText(h.ctx(), m, m.Turns()[long]))
	}
	if got, want := strings.Join(c.lines, " "), turnText(h.ctx(), m, m.Turns()[long]); got != want {
		t.Errorf("the cell shows %q, want the whole turn %q", got, want)
	}
	if want := label(rulesDoc(h.ctx(), m.Spec().Game), "notation.legend", ""); want == "" || g.listLegend != want {
		t.Errorf("under the list %q, want the key to the notation %q", g.listLegend, want)
	}
	shoot(t, h, "issue34-long-turn.png")
	// Games whose notation needs no key show none.
	h2 := newHarness(t, NewGame(playedMatch(t, "tablut", 6, 1)), nil)
	h2.draw()
	if g2 := h2.game(); g2.listLegend != "" {
		t.Errorf("Tablut's list has the key %q", g2.listLegend)
	}
}

// fanoronaChain plays random Fanorona games between two people and returns one that ends
// on a turn of three decisions or more, with that turn's index.
func fanoronaChain(t *testing.T) (*match.Match, int) {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		m := playedMatch(t, "fanorona", 0, seed)
		rng := rand.New(rand.NewPCG(seed, 7))
		for i := 0; i < 120; i++ {
			legal := m.State().LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			if err := m.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			turns := m.Turns()
			if last := turns[len(turns)-1]; !m.State().MidTurn() && last.End-last.First >= 4 {
				return m, len(turns) - 1
			}
		}
	}
	t.Fatal("no random game had a long chain")
	return nil, 0
}

// TestMenuSummariesEndOnAWord draws the menu in both languages at several window sizes and
// reads every card's summary: it fits its card in two lines at least, and a summary too
// long for them ends in one ellipsis after a whole word (English) or character (Japanese),
// never after a comma. English cards used to show a line and a half of a word and dots.
func TestMenuSummariesEndOnAWord(t *testing.T) {
	for _, size := range []image.Point{{1280, 800}, {1000, 700}, {800, 600}, {480, 360}} {
		for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
			t.Run(fmt.Sprintf("%dx%d/%s", size.X, size.Y, lang), func(t *testing.T) {
				h := newHarness(t, NewMenu(), nil)
				h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
				h.resize(size.X, size.Y)
				menu := h.app.Top().(*Menu)
				h.draw()
				shoot(t, h, fmt.Sprintf("issue34-menu-%dx%d-%s.png", size.X, size.Y, lang))
				u := h.ctx().Unit()
				drawn := 0
				for _, c := range menu.cards {
					if len(c.summary) == 0 {
						continue
					}
					drawn++
					summary := rulesDoc(h.ctx(), c.game).Summary
					if len(c.summary) < 2 && len(render.WrapText(summary, sizeSmall*u, false, float64(c.text.Dx()))) > 1 {
						t.Errorf("%s: one line of summary, %q", c.game.ID, c.summary)
					}
					text := strings.Join(c.summary, "")
					for _, l := range c.summary {
						if w, _ := render.MeasureText(l, sizeSmall*u, false); w > float64(c.text.Dx()) {
							t.Errorf("%s: %q is wider than the card's text", c.game.ID, l)
						}
					}
					shown, cut := strings.CutSuffix(text, "…")
					flat := strings.ReplaceAll(summary, " ", "")
					shown = strings.ReplaceAll(shown, " ", "")
					switch {
					case strings.Contains(text, "..") || strings.Count(text, "…") > strings.Count(summary, "…")+1:
						t.Errorf("%s: %q ends in dots", c.game.ID, c.summary)
					case !cut && shown != flat:
						t.Errorf("%s: %q is cut without an ellipsis", c.game.ID, c.summary)
					case cut && !strings.HasPrefix(flat, shown):
						t.Errorf("%s: %q is not the start of the summary", c.game.ID, c.summary)
					case cut && strings.ContainsAny(shown[len(shown)-1:], ",;:、"):
						t.Errorf("%s: %q has the ellipsis after a comma", c.game.ID, c.summary)
					case cut && lang == i18n.English && !wordEnds(summary, c.summary[len(c.summary)-1]):
						t.Errorf("%s: %q ends inside a word", c.game.ID, c.summary)
					}
				}
				if drawn == 0 {
					t.Fatal("no summary drawn")
				}
			})
		}
	}
}

// wordEnds reports whether last, a summary's last line ending in "…", stops at the end of a
// word of summary.
func wordEnds(summary, last string) bool {
	head := strings.TrimSuffix(last, "…")
	i := strings.Index(summary, head)
	if i < 0 {
		return false
	}
	rest := summary[i+len(head):]
	return rest == "" || strings.ContainsAny(rest[:1], " ,.;:!?")
}
