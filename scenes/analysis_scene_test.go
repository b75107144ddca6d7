package scenes

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/app/prefs"
	"koma/app/think"
	"koma/i18n"
	"koma/rules"
	"koma/rules/ai"
)

// smallAnalysis makes the analysis's searches small for the test, so that a whole game is
// judged in a moment.
func smallAnalysis(t *testing.T, iterations int) {
	t.Helper()
	old := analysisIterations
	analysisIterations = iterations
	t.Cleanup(func() { analysisIterations = old })
}

// finishedMatch returns a match of spec between two people, played by random moves to its
// end, or for limit decisions and then resigned by the side to move.
func finishedMatch(t *testing.T, spec string, seed uint64, limit int) *match.Match {
	t.Helper()
	m := randomMatch(t, spec, limit, rand.NewPCG(seed, 9))
	if _, over := m.Outcome(); !over {
		if err := m.Resign(m.ToMove()); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// awaitAnalysis steps the app until the analysis judged every position of the game.
func awaitAnalysis(h *harness, g *Game) {
	h.t.Helper()
	awaitTicks(h, func() bool { return g.reviewer.analysis.covers(g.m) && !g.reviewer.analysis.running(g.m.Floor()) })
}

// TestAnalysisAfterTheGame lets the analysis of a finished game run by itself, on a square,
// a hex and a point board and in a game of many decisions a turn: every position is
// judged, the same way twice; the balance bar agrees with the graph; a click on the graph
// shows the position under it; the move list marks the turns that lost the most, the
// counts add up, and a click on a marked turn says what it lost and shows a legal better
// move.
func TestAnalysisAfterTheGame(t *testing.T) {
	smallAnalysis(t, 300)
	for _, spec := range []string{"konane:size=6", "stoic:size=3", "alquerque:rules=bell", "fanorona:board=dimy", "toy:turns=rich"} {
		t.Run(spec, func(t *testing.T) {
			m := finishedMatch(t, spec, 4, 40)
			h := newHarness(t, NewGame(m), nil)
			g := h.game()
			a := &g.reviewer.analysis
			if a.until != m.Len() {
				t.Fatalf("the analysis did not start by itself after the game: until %d", a.until)
			}
			awaitAnalysis(h, g)
			shares := a.shares(m)
			if len(shares) != m.Len()+1 {
				t.Fatalf("%d shares for %d positions", len(shares), m.Len()+1)
			}
			for n, v := range shares {
				if v < 0 || v > 1 {
					t.Fatalf("share %v after %d decisions", v, n)
				}
				if g.evaluation.evals[n] != v {
					t.Errorf("after %d decisions the bar holds %v, the graph %v", n, g.evaluation.evals[n], v)
				}
			}

			// The same game is judged the same way again.
			h2 := newHarness(t, NewGame(m), nil)
			g2 := h2.game()
			awaitAnalysis(h2, g2)
			if again := g2.reviewer.analysis.shares(m); !slices.Equal(again, shares) {
				t.Errorf("a second analysis judged differently:\n%v\n%v", shares, again)
			}

			r := g.graphRect(h.ctx())
			if r.Dy() <= 0 || !g.showsGraph() {
				t.Fatal("no graph under the board at 1280×800")
			}
			geo := newGraphGeom(h.ctx(), r, m.Floor(), m.Len())
			x := geo.px(m.Len() / 3)
			h.click(x, float64(r.Min.Y+r.Dy()/2))
			if want := nearestStop(m, m.Len()/3); g.shownAt() != want {
				t.Errorf("a click on the graph at decision %d shows %d, want %d", m.Len()/3, g.shownAt(), want)
			}

			turns := m.Turns()
			js := a.turnJudgements(m)
			counts := a.counts(m)
			marked := -1
			total := 0
			for i, j := range js {
				if !j.known {
					t.Fatalf("turn %d is not judged", i)
				}
				if j.mark != markNone {
					total++
					if marked < 0 || j.mark > js[marked].mark {
						marked = i
					}
				}
			}
			sum := 0
			for p := range 2 {
				for k := markInaccuracy; k <= markBlunder; k++ {
					sum += counts[p][k]
				}
			}
			if sum != total {
				t.Errorf("the counts add up to %d, %d turns are marked", sum, total)
			}
			if marked < 0 {
				t.Skipf("the analysis marked no turn of this game")
			}
			g.showAt(h.ctx(), turns[marked].End)
			h.draw()
			var cell listCell
			for _, c := range g.listCells {
				if c.turn == marked {
					cell = c
				}
			}
			if cell.rect.Empty() {
				t.Fatalf("the marked turn %d is not in the list", marked)
			}
			if last := cell.lines[len(cell.lines)-1]; !strings.HasSuffix(last, js[marked].mark.symbol()) {
				t.Errorf("the marked turn reads %q, without %q", last, js[marked].mark.symbol())
			}
			g.showAt(h.ctx(), m.Floor())
			h.clickRect(cell.rect)
			if g.shownAt() != turns[marked].End {
				t.Fatalf("clicking the marked turn shows %d, want %d", g.shownAt(), turns[marked].End)
			}
			_, detail := g.Status(h.ctx())
			if !strings.Contains(detail, h.ctx().T(js[marked].mark.key())) {
				t.Errorf("the status of a %s says %q", h.ctx().T(js[marked].mark.key()), detail)
			}
			st, line, ok := g.betterOnShow()
			if !ok {
				t.Fatal("no better move on show for the marked turn")
			}
			st = st.Clone()
			for i, mv := range line {
				if err := rules.Play(st, mv); err != nil {
					t.Fatalf("move %d of the better line: %v", i+1, err)
				}
			}
			if line[0] == m.Move(js[marked].at) {
				t.Error("the better move is the move played")
			}
		})
	}
}

// TestAnalysisOnRequest asks for the analysis during a game with the button on the move
// list's caption line: it shows its progress while it runs, gives way to the counts of
// marks when every position is judged without moving the list, and comes back once the
// game has moved on; leaving the game stops the search.
func TestAnalysisOnRequest(t *testing.T) {
	smallAnalysis(t, 300)
	m := playedMatch(t, "konane:size=6", 8, 2)
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	a := &g.reviewer.analysis
	if a.until != live {
		t.Fatal("the analysis of an unfinished game started unasked")
	}
	h.draw() // the move list places the button on its caption line
	if a.btn.Rect.Empty() || a.btn.Label != h.ctx().T("analysis.start") {
		t.Fatalf("no Analyse game button during the game: %q at %v", a.btn.Label, a.btn.Rect)
	}
	h.clickRect(a.btn.Rect)
	if a.until != m.Len() {
		t.Fatalf("the button asked for %d decisions, the game has %d", a.until, m.Len())
	}
	h.step(1)
	if !a.btn.Disabled || !strings.Contains(a.btn.Label, "%") {
		t.Errorf("while it runs the button reads %q (disabled %v)", a.btn.Label, a.btn.Disabled)
	}
	awaitAnalysis(h, g)
	list := g.listRect
	h.draw()
	if !a.btn.Rect.Empty() {
		t.Error("the button stayed after the analysis covered the game")
	}
	if g.listRect != list {
		t.Errorf("the analysis moved the list from %v to %v", list, g.listRect)
	}
	legal := m.State().LegalMoves(nil)
	h.playByClicks(g, legal[0])
	h.settle(g)
	h.draw()
	if a.covers(m) || a.btn.Rect.Empty() {
		t.Error("after another move the button does not offer to judge it")
	}

	// Leaving the game while the analysis searches stops the search.
	h.clickRect(a.btn.Rect)
	awaitTicks(h, func() bool { return a.pending != live })
	h.ctx().GoTo(NewMenu())
	h.step(2)
	if _, ok := h.app.Top().(*Game); ok {
		t.Fatal("the Menu button did not leave the game")
	}
	if h.ctx().Runner().Busy() {
		t.Error("the analysis still searches after the player left the game")
	}
}

// aiPlayedMatch returns a match of spec between a person and the computer, played to its
// end (or for limit decisions) by two searches of the given iterations: the person's side
// with the Easy level's blurred judgement, which errs now and then as a person does.
func aiPlayedMatch(t *testing.T, spec string, seed uint64, iterations, limit int) *match.Match {
	t.Helper()
	sp, err := testCatalog().ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	m, err := match.New(sp, []match.Seat{match.Human(), match.Computer(ai.Normal)}, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < limit; i++ {
		if _, over := m.Outcome(); over {
			break
		}
		set := ai.Normal.Setting()
		if m.ToMove() == 0 {
			set = ai.Easy.Setting()
		}
		s := ai.NewSearchFor(m.State(), set, seed+uint64(i))
		s.StepIterations(iterations)
		if err := m.Play(s.Best()); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// TestAnalysisScreens saves, with KOMA_SHOTS set, the review of a game played by the
// computer on a square, a hex and a point board, analysed at the app's own budget, with a
// marked move selected and its better move on the board, in English and Japanese; it logs
// each game's decisions and marks.
func TestAnalysisScreens(t *testing.T) {
	if os.Getenv("KOMA_SHOTS") == "" {
		t.Skip("KOMA_SHOTS is not set")
	}
	for _, spec := range []string{"turkish", "squish", "fanorona"} {
		t.Run(spec, func(t *testing.T) {
			m := aiPlayedMatch(t, spec, 21, 3000, 160)
			if _, over := m.Outcome(); !over {
				if err := m.Resign(m.ToMove()); err != nil {
					t.Fatal(err)
				}
			}
			for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
				h := newHarness(t, NewGame(m), nil)
				h.ctx().UpdateSettings(func(s *prefs.Settings) { s.Lang = lang })
				g := h.game()
				a := &g.reviewer.analysis
				start := time.Now()
				if lang == i18n.English {
					// Part way: the progress on the graph and on the button.
					awaitTicks(h, func() bool { done, total := a.progress(m.Floor()); return done*5 >= total*2 })
					shoot(t, h, "analysis-progress-"+m.Spec().Game.ID+"-"+string(lang)+".png")
				}
				awaitAnalysis(h, g)
				js := a.turnJudgements(m)
				worst := -1
				for i, j := range js {
					if j.mark != markNone && (worst < 0 || j.drop > js[worst].drop) {
						worst = i
					}
				}
				if worst >= 0 {
					g.showAt(h.ctx(), m.Turns()[worst].End)
				}
				h.step(1)
				name := "analysis-" + m.Spec().Game.ID + "-" + string(lang) + ".png"
				shoot(t, h, name)
				// The pointer on the graph names the position under it.
				geo := newGraphGeom(h.ctx(), g.graphRect(h.ctx()), m.Floor(), m.Len())
				h.in.Move(geo.px(m.Len()/4), geo.y+geo.h/2)
				h.step(1)
				shoot(t, h, "analysis-hover-"+m.Spec().Game.ID+"-"+string(lang)+".png")
				c := a.counts(m)
				t.Logf("%s %s: %d decisions, %d turns, analysed in %v; %s ?!/?/?? %d/%d/%d, %s %d/%d/%d; shown: turn %d; %s",
					spec, lang, m.Len(), len(m.Turns()), time.Since(start).Round(time.Millisecond),
					sideName(h.ctx(), m.State(), 0), c[0][1], c[0][2], c[0][3],
					sideName(h.ctx(), m.State(), 1), c[1][1], c[1][2], c[1][3], worst+1, name)
			}
		})
	}
}

// TestAnalysisFromTheRoomUnderTheBoard asks for the analysis with a click on the room kept
// under the board for its graph, in a large window and in the smallest, whose panel has no
// move list (and so no button on its caption line): the click starts the analysis, and the
// room then holds the graph.
func TestAnalysisFromTheRoomUnderTheBoard(t *testing.T) {
	smallAnalysis(t, 300)
	for _, size := range [][2]int{{1280, 800}, {480, 360}} {
		m := playedMatch(t, "konane:size=6", 6, 2)
		h := newHarness(t, NewGame(m), nil)
		h.resize(size[0], size[1])
		g := h.game()
		if !g.offersAnalysis() {
			t.Fatalf("%dx%d: the room under the board does not offer the analysis (room %v)", size[0], size[1], g.sidePanel.graph)
		}
		h.clickRect(g.graphRect(h.ctx()))
		if g.reviewer.analysis.until != m.Len() || g.reviewing() {
			t.Fatalf("%dx%d: the click asked for %d decisions and reviews: %v", size[0], size[1], g.reviewer.analysis.until, g.reviewing())
		}
		awaitAnalysis(h, g)
		if !g.showsGraph() {
			t.Errorf("%dx%d: no graph once the analysis ran", size[0], size[1])
		}
	}
}

// TestAnalysisPacedLikeTheBrowser runs the analysis of a finished game on the browser's
// runner, which works inside the app's ticks for a share of the time, and expects it to
// finish with the judgements the desktop's runner makes.
func TestAnalysisPacedLikeTheBrowser(t *testing.T) {
	smallAnalysis(t, 300)
	m := finishedMatch(t, "stoic:size=3", 6, 30)
	desktop := newHarness(t, NewGame(m), nil)
	dg := desktop.game()
	awaitAnalysis(desktop, dg)
	want := dg.reviewer.analysis.shares(m)
	if len(want) != m.Len()+1 || m.Len() < 10 {
		t.Fatalf("%d shares for a game of %d decisions", len(want), m.Len())
	}

	in := &app.FakeInput{}
	a := app.New(app.Config{Catalog: testCatalog(), Store: prefs.NewMemStore(), DefaultLang: i18n.English,
		Input: in, Runner: think.NewPaced(think.BrowserShare, think.BrowserSlice), Seed: 3, ThinkTime: 3 * time.Millisecond, Scale: 1}, NewGame(m))
	a.Layout(screenW, screenH)
	h := &harness{t: t, app: a, in: in, screen: ebiten.NewImage(screenW, screenH)}
	t.Cleanup(func() {
		a.Context().Runner().Cancel()
		h.screen.Deallocate()
	})
	h.step(1)
	g := h.game()
	awaitAnalysis(h, g)
	if got := g.reviewer.analysis.shares(m); !slices.Equal(got, want) {
		t.Errorf("the browser's runner judged\n%v\nthe desktop's\n%v", got, want)
	}
}

// TestAnalysisFollowsTakeBack takes a move back while the analysis of the finished game
// runs: the analysis forgets the position taken back, judges the rest of the game as it now
// stands, and leaves the runner free (a search left uncollected would keep the app awake).
func TestAnalysisFollowsTakeBack(t *testing.T) {
	smallAnalysis(t, 300)
	m := finishedMatch(t, "konane:size=6", 5, 30)
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	a := &g.reviewer.analysis
	awaitTicks(h, func() bool { done, _ := a.progress(m.Floor()); return done >= 3 && a.pending != live })
	end := m.Len()
	h.in.Press(app.KeyUndo)
	h.step(2)
	if m.Len() >= end {
		t.Fatal("Ctrl+Z took nothing back")
	}
	awaitAnalysis(h, g)
	if len(a.res) != m.Len()+1 {
		t.Errorf("the analysis judges %d positions of a game of %d decisions", len(a.res), m.Len())
	}
	h.step(2)
	if h.ctx().Runner().Busy() {
		t.Error("a search is still out after the analysis covered the game")
	}
}

// TestAnalysisMarkedLastMove clicks a finished game's last move when the analysis marked
// it, as it often marks the move that lost: the final position is then reviewed like any
// other marked move's, with what it lost and its better move, rather than ending the
// review; End still goes back to the game.
func TestAnalysisMarkedLastMove(t *testing.T) {
	smallAnalysis(t, 300)
	m := finishedMatch(t, "konane:size=6", 7, 20)
	h := newHarness(t, NewGame(m), nil)
	g := h.game()
	a := &g.reviewer.analysis
	awaitAnalysis(h, g)
	// Make the last turn a blunder: its mover had all but won before it and lost after.
	turns := m.Turns()
	last := turns[len(turns)-1]
	before := m.Before(last.First)
	var other rules.Move
	for _, mv := range before.LegalMoves(nil) {
		if mv != m.Move(last.First) {
			other = mv
		}
	}
	if other.Kind == 0 {
		t.Skip("the last move was the only one")
	}
	won := 1.0
	if last.Mover != 0 {
		won = 0
	}
	a.record(last.First, posJudgement{judged: true, share: won, best: other, line: []rules.Move{other}})
	for n := last.First + 1; n <= last.End; n++ {
		a.record(n, posJudgement{judged: true, share: 1 - won})
	}
	if js := a.turnJudgements(m); js[len(js)-1].mark != markBlunder {
		t.Fatalf("the last turn is marked %v", js[len(js)-1].mark)
	}
	h.draw()
	var cell listCell
	for _, c := range g.listCells {
		if c.turn == len(turns)-1 {
			cell = c
		}
	}
	h.clickRect(cell.rect)
	if !g.reviewing() || g.shownAt() != m.Len() {
		t.Fatalf("clicking the marked last move: reviewing %v at %d", g.reviewing(), g.shownAt())
	}
	if _, detail := g.Status(h.ctx()); !strings.Contains(detail, h.ctx().T(markBlunder.key())) {
		t.Errorf("the status of the marked last move says %q", detail)
	}
	if _, line, ok := g.betterOnShow(); !ok || line[0] != other {
		t.Errorf("the better move on show is %v (%v), want %v", line, ok, other)
	}
	h.in.Press(app.KeyEnd)
	h.step(2)
	if g.reviewing() {
		t.Error("End did not go back to the game")
	}
}
