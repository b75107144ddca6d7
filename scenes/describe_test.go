package scenes

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"koma/app"
	"koma/i18n"
	"koma/rules"
	"koma/rules/ai"
)

// describe returns the top scene's description, checking what every description promises:
// targets with unique IDs, inside the screen.
func (h *harness) describe() app.Description {
	h.t.Helper()
	d := h.app.Describe()
	seen := map[string]bool{}
	for _, tg := range d.Targets {
		if seen[tg.ID] {
			h.t.Errorf("%s: target %q twice", d.Scene, tg.ID)
		}
		seen[tg.ID] = true
		if tg.W <= 0 || tg.H <= 0 || tg.X < 0 || tg.Y < 0 || tg.X+tg.W > screenW || tg.Y+tg.H > screenH {
			h.t.Errorf("%s: target %q at %v,%v size %vx%v is not on the screen", d.Scene, tg.ID, tg.X, tg.Y, tg.W, tg.H)
		}
	}
	return d
}

// clickTarget clicks the centre of the described target id, the way the browser test does:
// a button moved into the game panel's More list is found there.
func (h *harness) clickTarget(id string) {
	h.t.Helper()
	d := h.describe()
	if ids := targetIDs(d); !slices.Contains(ids, id) && slices.Contains(ids, "more") {
		h.clickTarget("more")
		d = h.describe()
	}
	// A target scrolled out of view is not described: scroll down with the wheel, as a
	// person would, until it shows (the menu's last cards in a short window).
	for tries := 0; tries < 20 && !slices.Contains(targetIDs(d), id); tries++ {
		w, ht := h.ctx().Size()
		h.in.Move(float64(w)/2, float64(ht)*3/4)
		h.in.Scroll(2)
		h.step(2)
		d = h.describe()
	}
	for _, tg := range d.Targets {
		if tg.ID == id {
			h.click(tg.X+tg.W/2, tg.Y+tg.H/2)
			return
		}
	}
	h.t.Fatalf("no target %q on the %s screen", id, d.Scene)
}

func targetIDs(d app.Description) []string {
	var ids []string
	for _, tg := range d.Targets {
		ids = append(ids, tg.ID)
	}
	return ids
}

// TestDescribeMenuToGame walks from the menu to a game by described targets alone, as
// the browser test does, for every game and level.
func TestDescribeMenuToGame(t *testing.T) {
	for _, g := range testCatalog() {
		for _, level := range []ai.Level{ai.Beginner, ai.Expert} {
			t.Run(g.ID+"/"+level.String(), func(t *testing.T) {
				h := newHarness(t, NewMenu(), nil)
				if d := h.describe(); d.Scene != "menu" {
					t.Fatalf("first screen %q", d.Scene)
				}
				h.clickTarget("game:" + g.ID)
				d := h.describe()
				if d.Scene != "setup" {
					t.Fatalf("after the card: %q", d.Scene)
				}
				for _, id := range targetIDs(d) {
					if strings.HasPrefix(id, "row") {
						t.Errorf("setup target %q has no name: the rows changed without describe.go", id)
					}
				}
				h.clickTarget("side:1")
				h.clickTarget("level:" + level.String())
				d = h.describe()
				for _, tg := range d.Targets {
					want := tg.ID == "side:1" || tg.ID == "level:"+level.String()
					if (strings.HasPrefix(tg.ID, "side:") || strings.HasPrefix(tg.ID, "level:")) && tg.Selected != want {
						t.Errorf("%s selected = %v", tg.ID, tg.Selected)
					}
				}
				h.clickTarget("start")
				game := h.game()
				if s := game.m.Seat(0); s.Human || s.Level != level {
					t.Errorf("seat 0 is %+v, want the computer at %v", s, level)
				}
				if !game.m.Seat(1).Human {
					t.Error("seat 1 is not the person")
				}
			})
		}
	}
}

// TestDescribeBoardPlaysTheMove plays the first legal move of every game by clicking the
// described points of its sites, and checks the description follows the game.
func TestDescribeBoardPlaysTheMove(t *testing.T) {
	for _, spec := range specs(t) {
		t.Run(spec.String(), func(t *testing.T) {
			h := newHarness(t, NewGame(newMatch(t, spec, ai.Beginner)), nil)
			d := h.describe()
			b := d.Board
			if d.Scene != "game" || b == nil || !b.HumanToMove || b.Thinking || b.Over || b.Plies != 0 {
				t.Fatalf("at the start: %+v", b)
			}
			st := h.game().m.State()
			if len(b.Points) != st.Board().Len() {
				t.Fatalf("%d points for %d sites", len(b.Points), st.Board().Len())
			}
			if len(b.Legal) != len(st.LegalMoves(nil)) {
				t.Fatalf("%d legal moves described, %d in the rules", len(b.Legal), len(st.LegalMoves(nil)))
			}
			where := map[string]app.Point{}
			for _, p := range b.Points {
				where[p.Label] = p
			}
			mv := b.Legal[0]
			for _, lm := range b.Legal {
				if len(lm.Sites) >= 2 {
					mv = lm
					break
				}
			}
			if len(mv.Sites) == 0 {
				t.Skipf("the first move, %s, has no sites to click", mv.Text)
			}
			for i, label := range mv.Sites {
				p, ok := where[label]
				if !ok {
					t.Fatalf("no point %q", label)
				}
				h.click(p.X, p.Y)
				if d := h.describe(); i < len(mv.Sites)-1 && !slices.Equal(d.Board.Partial, mv.Sites[:i+1]) {
					t.Fatalf("after clicking %s the partial move is %v", label, d.Board.Partial)
				}
			}
			// Moves that share their sites (Orochi's white and black placement on one cell)
			// are told apart by a choice, offered in the order of the legal moves.
			if d := h.describe(); d.Board.Plies == 0 && slices.ContainsFunc(d.Targets, func(tg app.Target) bool { return tg.ID == "choice:0" }) {
				i := 0
				for _, lm := range b.Legal {
					if lm.Text == mv.Text {
						break
					}
					if slices.Equal(lm.Sites, mv.Sites) {
						i++
					}
				}
				h.clickTarget(fmt.Sprintf("choice:%d", i))
			}
			if d := h.describe(); d.Board.Plies == 0 && slices.ContainsFunc(d.Targets, func(tg app.Target) bool { return tg.ID == "end-move" }) {
				h.clickTarget("end-move")
			}
			g := h.game()
			h.settle(g)
			if g.m.Len() < 1 {
				t.Fatalf("clicking %v did not play %s", mv.Sites, mv.Text)
			}
			if got := rules.FormatMove(g.m.Before(0), g.m.Move(0)); got != mv.Text {
				t.Errorf("played %s, meant %s", got, mv.Text)
			}
			if d := h.describe(); d.Board.Plies != g.m.Len() {
				t.Errorf("described %d plies, the match has %d", d.Board.Plies, g.m.Len())
			}
		})
	}
}

// TestDescribeSettingsAndRules checks the overlays' targets by using them.
func TestDescribeSettingsAndRules(t *testing.T) {
	h := newHarness(t, NewMenu(), nil)
	h.clickTarget("settings")
	if d := h.describe(); d.Scene != "settings" {
		t.Fatalf("after Settings: %q", d.Scene)
	}
	h.clickTarget("lang:" + string(i18n.Japanese))
	if got := h.ctx().Lang(); got != i18n.Japanese {
		t.Errorf("language %q after lang:ja", got)
	}
	h.clickTarget("speed:off")
	if got := h.ctx().Settings().Animation; got != "off" {
		t.Errorf("animation %q after speed:off", got)
	}
	h.clickTarget("done")
	if d := h.describe(); d.Scene != "menu" {
		t.Fatalf("after Done: %q", d.Scene)
	}

	spec := specs(t)[0]
	h = newHarness(t, NewGame(newMatch(t, spec, ai.Beginner)), nil)
	h.clickTarget("rules")
	d := h.describe()
	if d.Scene != "rules" || d.Status == "" {
		t.Fatalf("after Rules: %+v", d)
	}
	h.clickTarget("close")
	if d := h.describe(); d.Scene != "game" {
		t.Fatalf("after Close: %q", d.Scene)
	}
}

func TestDescribeNamesEveryFooterButton(t *testing.T) {
	h := newHarness(t, NewGame(newMatch(t, specs(t)[0], ai.Beginner)), nil)
	ids := targetIDs(h.describe())
	if slices.Contains(ids, "more") {
		h.clickTarget("more")
		ids = append(ids, targetIDs(h.describe())...)
	}
	for _, id := range ids {
		var n int
		if _, err := fmt.Sscanf(id, "footer:%d", &n); err == nil {
			t.Errorf("footer button %q has no name: a new button needs one in describe.go", id)
		}
	}
	for _, want := range []string{"undo", "rules", "settings", "rematch", "menu"} {
		if !slices.Contains(ids, want) {
			t.Errorf("no %q among %v", want, ids)
		}
	}
}
