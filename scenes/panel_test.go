package scenes

import (
	"fmt"
	"image"
	"slices"
	"testing"

	"koma/render"
	"koma/render/ui"
)

// TestPanelChooseFooter checks which standing buttons stay on the panel at each fit and
// which go into "More".
func TestPanelChooseFooter(t *testing.T) {
	tests := []struct {
		fit              panelFit
		footer, overflow []string
	}{
		{fitFull, []string{"undo", "redo", "flip", "menu"}, nil},
		{fitMore, []string{"undo", "redo", "more"}, []string{"flip", "menu"}},
		{fitCompact, []string{"undo", "more"}, []string{"redo", "flip", "menu"}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.fit), func(t *testing.T) {
			p := newSidePanel()
			p.more.Label = "more"
			for _, a := range []struct {
				id          string
				keep, spare bool
			}{{"undo", true, false}, {"redo", true, true}, {"flip", false, false}, {"menu", false, false}} {
				p.acts = append(p.acts, panelAction{btn: &ui.Button{Label: a.id}, id: a.id, keep: a.keep, spare: a.spare})
			}
			p.fit = tt.fit
			p.chooseFooter()
			var footer, overflow []string
			for _, b := range p.footer {
				footer = append(footer, b.Label)
			}
			for _, a := range p.overflow {
				overflow = append(overflow, a.id)
			}
			if !slices.Equal(footer, tt.footer) || !slices.Equal(overflow, tt.overflow) {
				t.Errorf("footer %v, in More %v; want %v, %v", footer, overflow, tt.footer, tt.overflow)
			}
		})
	}
}

// TestPanelLayoutFits lays the panel out alone in windows from a desktop's to a phone's
// and checks what every layout must keep: the buttons on the panel and clear of the
// status card and of each other, every button on the panel or in "More", and the full set
// wherever the move list still has room.
func TestPanelLayoutFits(t *testing.T) {
	m := toyMatch(t, 0, 2)
	tests := []struct {
		w, h             int
		portrait, narrow bool
		fit              panelFit
	}{
		{1920, 1080, false, false, fitFull},
		{1280, 800, false, false, fitMore},
		{900, 600, false, false, fitCompact},
		{560, 420, false, false, fitCompact},
		{480, 360, false, false, fitCompact},
		{1000, 1400, true, false, fitCompact},
		{360, 740, true, true, fitCompact},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d", tt.w, tt.h), func(t *testing.T) {
			a, _ := bareApp(t, tt.w, tt.h, &stubScene{}, nil)
			ctx := a.Context()
			p := newSidePanel()
			board := p.place(ctx)
			if p.portrait != tt.portrait || p.narrow != tt.narrow {
				t.Fatalf("portrait %v, narrow %v; want %v, %v", p.portrait, p.narrow, tt.portrait, tt.narrow)
			}
			if board.Overlaps(p.rect) || !board.Union(p.rect).In(image.Rect(0, 0, tt.w, tt.h)) {
				t.Fatalf("board %v and panel %v overlap or leave the window", board, p.rect)
			}
			p.label(ctx, m)
			// As on the game's panel: Resign is kept, and listed in More as well.
			for _, b := range []struct {
				btn                 *ui.Button
				keep, spare, listed bool
			}{{&p.undo, true, false, false}, {&p.redo, true, true, false}, {&p.flip, false, false, false},
				{&p.resign, true, false, true}, {&p.rematch, false, false, true}, {&p.rules, false, false, false},
				{&p.settings, false, false, false}, {&p.help, false, false, false}, {&p.menu, false, false, false}} {
				p.acts = append(p.acts, panelAction{btn: b.btn, id: b.btn.Label, keep: b.keep, spare: b.spare, listed: b.listed})
			}
			hint := &ui.Button{Label: ctx.T("game.ai-hint")}
			c := panelContent{sides: 2, head: ctx.T("game.your-turn"), detail: ctx.T("game.hint.move"), actions: []*ui.Button{hint}, hidden: []*ui.Button{&p.moveNow}}
			p.moveNow.Rect = image.Rect(1, 1, 5, 5) // left over from an earlier frame
			p.layout(ctx, c)

			if p.fit != tt.fit {
				t.Errorf("fit %d, want %d", p.fit, tt.fit)
			}
			if !p.moveNow.Rect.Empty() {
				t.Error("a hidden action kept its place")
			}
			// Every button is on the panel or in More (the listed ones may be in both).
			for _, a := range p.acts {
				inMore := slices.ContainsFunc(p.overflow, func(o panelAction) bool { return o.btn == a.btn })
				if !inMore && !slices.Contains(p.footer, a.btn) {
					t.Errorf("%q is neither on the panel nor in More", a.btn.Label)
				}
			}
			lineH := sizeSmall * ctx.Unit() * render.LineHeight * 1.15
			if p.fit != fitCompact && p.movesBottom-p.movesY < minListLines*lineH {
				t.Errorf("fit %d leaves %.0f pixels for the move list", p.fit, p.movesBottom-p.movesY)
			}
			px, pw := p.column(ctx)
			status := rectF(px, float64(p.rect.Min.Y)+p.statusY, pw, p.statusHeight(ctx, c.head, c.detail, pw))
			shown := append(slices.Clone(p.footer), hint)
			for i, b := range shown {
				if b.Rect.Empty() || !b.Rect.In(p.rect) {
					t.Errorf("%q at %v, off the panel %v", b.Label, b.Rect, p.rect)
				}
				if b.Rect.Overlaps(status) {
					t.Errorf("%q at %v covers the status card %v", b.Label, b.Rect, status)
				}
				for _, o := range shown[i+1:] {
					if b.Rect.Overlaps(o.Rect) {
						t.Errorf("%q at %v covers %q at %v", b.Label, b.Rect, o.Label, o.Rect)
					}
				}
			}
			for _, o := range p.overflow {
				if !o.btn.Rect.Empty() && !o.listed {
					t.Errorf("%q is in More and on the panel at %v", o.btn.Label, o.btn.Rect)
				}
			}
		})
	}
}
