package scenes

// Tests for hints that stay (hinter.go, game_hint.go): on the board until the person
// moves, the position changes or they put it away, drawn as numbered arrows, with the
// button saying that the search runs.

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"testing"

	"koma/app"
	"koma/i18n"
	"koma/render"
	"koma/rules"
	"koma/rules/board"
)

// askHint presses the Hint button and waits for the hint. The button says that the
// search runs, and is disabled, from the tick that started it; shot, when not "", names
// the screenshot taken then.
func askHint(t *testing.T, h *harness, g *Game, shot string) {
	t.Helper()
	c := g.hintBtn.Rect.Min.Add(g.hintBtn.Rect.Max).Div(2) // laid out in Update
	if g.hintBtn.Rect.Empty() {
		t.Fatal("no Hint button")
	}
	h.in.Click(float64(c.X), float64(c.Y))
	h.step(1)
	if !g.hinter.hinting {
		t.Fatal("the Hint button started no search")
	}
	g.layout(h.ctx())
	if want := h.ctx().T("game.hint-busy"); g.hintBtn.Label != want || !g.hintBtn.Disabled {
		t.Errorf("while the hint is searched the button reads %q (disabled %v), want %q", g.hintBtn.Label, g.hintBtn.Disabled, want)
	}
	if head, _ := g.Status(h.ctx()); head != h.ctx().T("game.thinking") {
		t.Errorf("while the hint is searched the status reads %q", head)
	}
	if shot != "" {
		shoot(t, h, shot)
	}
	awaitTicks(h, func() bool { return g.HintLine() != nil })
	h.step(1)
	if want := h.ctx().T("game.hint-hide"); g.hintBtn.Label != want {
		t.Errorf("with the hint on show the button reads %q, want %q", g.hintBtn.Label, want)
	}
}

// TestHintStaysUntilTheMove asks for a hint in a game under way and does one thing after
// it: the hint must stay through time passing (it used to vanish after three seconds),
// a selection and a turn of the board, and go with Esc, H, the button, the move played,
// an undo and a step back through the game.
func TestHintStaysUntilTheMove(t *testing.T) {
	tests := []struct {
		name string
		act  func(h *harness, g *Game)
		stay bool
	}{
		{"ten seconds pass", func(h *harness, g *Game) { h.step(600) }, true},
		{"a piece is selected", func(h *harness, g *Game) { h.clickSite(g, g.pick.Starts()[0]) }, true},
		{"a piece is picked up and put back", func(h *harness, g *Game) {
			s := g.pick.Starts()[0]
			x, y := g.view.SiteCenter(s)
			h.drag(x, y, x+30, y+30, nil)
			h.drag(x+30, y+30, x, y, nil)
		}, true},
		{"the board is turned", func(h *harness, g *Game) { h.in.Press(app.KeyFlip); h.step(2) }, true},
		{"Esc with a piece selected", func(h *harness, g *Game) {
			h.clickSite(g, g.pick.Starts()[0])
			h.in.Press(app.KeyBack)
			h.step(2)
		}, true},
		{"Esc", func(h *harness, g *Game) { h.in.Press(app.KeyBack); h.step(2) }, false},
		{"H", func(h *harness, g *Game) { h.in.Press(app.KeyHint); h.step(2) }, false},
		{"Hide hint", func(h *harness, g *Game) { h.clickRect(g.hintBtn.Rect) }, false},
		{"the hinted move is played", func(h *harness, g *Game) { h.playByClicks(g, g.HintLine()[0]) }, false},
		{"the last move is taken back", func(h *harness, g *Game) { h.in.Press(app.KeyUndo); h.step(2) }, false},
		{"a step back through the game", func(h *harness, g *Game) { h.in.Press(app.KeyLeft); h.step(2) }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, g := langHarness(t, humanVsComputer(t, "tablut", 0, 4, 1), i18n.English)
			askHint(t, h, g, "")
			line := g.HintLine()
			tt.act(h, g)
			if got := g.HintLine() != nil; got != tt.stay {
				t.Errorf("hint on show %v, want %v", got, tt.stay)
			}
			if tt.stay && (len(g.HintLine()) != len(line) || g.HintLine()[0] != line[0]) {
				t.Errorf("the hint changed from %v to %v", line, g.HintLine())
			}
		})
	}
}

// TestHintDrawsNumberedArrows asks for a hint on a square, a hex and a point board in both
// languages and looks at the board: along the hinted move's first hop the arrow is
// drawn in the person's colour, and it is gone once the hint is put away. With
// KOMA_SHOTS set it saves the screen with the arrows.
func TestHintDrawsNumberedArrows(t *testing.T) {
	for _, spec := range []string{"tablut", "squish", "alquerque"} {
		for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese} {
			t.Run(spec+"/"+string(lang), func(t *testing.T) {
				h, g := langHarness(t, humanVsComputer(t, spec, 0, 4, 3), lang)
				askHint(t, h, g, fmt.Sprintf("hint-thinking-%s-%s.png", spec, lang))
				first := g.HintLine()[0]
				if first.Len < 2 {
					t.Skipf("the hint %v is not a move from point to point", first)
				}
				route := g.view.ArrowRoute(first.Path[0], first.Path[1])
				// Near the end of the first leg: past the label, in the shaft or the head.
				x0, y0 := g.view.SiteCenter(route[0])
				x1, y1 := g.view.SiteCenter(route[1])
				l := math.Hypot(x1-x0, y1-y0)
				f := 1 - 0.45*g.view.CellSize()/l
				x, y := int(x0+(x1-x0)*f), int(y0+(y1-y0)*f)
				h.draw()
				shoot(t, h, fmt.Sprintf("hint-arrows-%s-%s.png", spec, lang))
				with := readRGBA(h.screen).RGBAAt(x, y)
				h.in.Press(app.KeyBack)
				h.step(2)
				h.draw()
				without := readRGBA(h.screen).RGBAAt(x, y)
				if !redder(with, without) {
					t.Errorf("at (%d, %d) the board is %v with the hint and %v without: no arrow in %v", x, y, with, without, render.ArrowPlayer)
				}
			})
		}
	}
}

// redder reports whether a is clearly more vermilion than b: more red against blue.
func redder(a, b color.RGBA) bool {
	return int(a.R)-int(a.B) > int(b.R)-int(b.B)+25
}

// backAndForth finds, in the position of m, a move a-b of the side to move after which
// b-a and a-b are legal again with a reply of the other side in between that touches
// neither point, and returns the line a-b, reply, b-a, reply, a-b.
func backAndForth(t *testing.T, st rules.State) []rules.Move {
	t.Helper()
	touches := func(mv rules.Move, s ...board.Site) bool {
		for _, p := range mv.Sites() {
			if slices.Contains(s, p) {
				return true
			}
		}
		return false
	}
	for _, there := range st.LegalMoves(nil) {
		if there.Len != 2 {
			continue
		}
		a, b := there.Path[0], there.Path[1]
		line := []rules.Move{there}
		cur := st.Clone()
		ok := rules.Play(cur, there) == nil
		for i := 0; ok && i < 4; i++ {
			var want rules.Move
			found := false
			for _, mv := range cur.LegalMoves(nil) {
				switch {
				case i%2 == 0 && !touches(mv, a, b), i == 1 && mv.Len == 2 && mv.Path[0] == b && mv.Path[1] == a,
					i == 3 && mv.Len == 2 && mv.Path[0] == a && mv.Path[1] == b:
					want, found = mv, true
				}
				if found {
					break
				}
			}
			ok = found && rules.Play(cur, want) == nil
			line = append(line, want)
		}
		if ok {
			return line
		}
	}
	t.Fatal("no piece can go back and forth")
	return nil
}

// TestLineArrows lays out lines of play for the board: numbered in order, the side to
// move in one colour and the other side in another, and a move along the path of an
// earlier one of the same side numbered on that arrow rather than drawn over it.
func TestLineArrows(t *testing.T) {
	m := humanVsComputer(t, "tablut", 0, 0, 1)
	st := m.State()
	bf := backAndForth(t, st)
	type want struct {
		path  []board.Site
		label string
		own   bool
	}
	tests := []struct {
		name string
		line []rules.Move
		want []want
	}{
		{"one move", bf[:1], []want{{bf[0].Sites(), "1", true}}},
		{"a reply", bf[:2], []want{{bf[0].Sites(), "1", true}, {bf[1].Sites(), "2", false}}},
		{"there and back again", bf, []want{
			{bf[0].Sites(), "1, 5", true}, {bf[1].Sites(), "2", false}, {bf[2].Sites(), "3", true}, {bf[3].Sites(), "4", false}}},
		{"no line", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := lineArrows(st, tt.line)
			if len(got) != len(tt.want) {
				t.Fatalf("%d arrows, want %d: %+v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				colour := render.ArrowOpponent
				if w.own {
					colour = render.ArrowPlayer
				}
				if g := got[i]; !slices.Equal(g.path, w.path) || g.style.Label != w.label || g.style.Colour != colour {
					t.Errorf("arrow %d: %v %q %v, want %v %q %v", i, g.path, g.style.Label, g.style.Colour, w.path, w.label, colour)
				}
			}
		})
	}
}
