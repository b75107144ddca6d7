package scenes

// The hint: a search for the person's move, its expected line drawn on the board for a
// few seconds, and the line written out for the status card.

import (
	"fmt"
	"log"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/think"
	"koma/render"
	"koma/render/ui"
	"koma/rules"
	"koma/rules/ai"
	"koma/rules/board"
)

// hintShow is how long a hint stays on the board.
const hintShow = 3 * time.Second

// hintLen is how many moves of the hint's line are shown: the hinted move and the
// continuation after it.
const hintLen = 4

// hinter is the hint: the search under way, and the answer on show.
type hinter struct {
	// hinting is set while a search for the person's move runs.
	hinting bool
	// hintLine is the hint on show, the hinted move first; it is shown from hintAt for
	// hintShow.
	hintLine []rules.Move
	hintAt   time.Duration
	// hintVerdict is the exact result behind the hint, in a game the AI has solved.
	hintVerdict ai.Verdict
	hintBtn     ui.Button
}

// start asks the runner for the move the Normal level would play from st, or the perfect
// move in a game the AI has solved.
func (h *hinter) start(ctx *app.Context, st rules.State, seed uint64) {
	ctx.Runner().Start(think.Job{State: st, Setting: ai.HintSetting(st), Budget: ctx.ThinkTime(ai.Normal),
		Seed: seed, Line: hintLen})
	h.hinting, h.hintLine, h.hintVerdict = true, nil, ai.Verdict{}
	ctx.Invalidate()
}

// poll collects a finished search for a hint from st. Runners that cannot report a line
// give the move alone. It returns the search's judgement of st, when it found a legal
// move.
func (h *hinter) poll(ctx *app.Context, st rules.State) (ai.Stats, bool) {
	mv, ok := ctx.Runner().Poll()
	if !ok {
		return ai.Stats{}, false
	}
	h.hinting = false
	if !rules.IsLegal(st, mv) {
		log.Printf("scenes: the hint was an illegal move %s", rules.FormatMove(st, mv))
		return ai.Stats{}, false
	}
	h.hintLine = []rules.Move{mv}
	last := ctx.Runner().Last()
	if len(last.Line) > 0 && last.Line[0] == mv {
		h.hintLine = last.Line
	}
	h.hintVerdict = last.Stats.Verdict
	h.hintAt = ctx.Now()
	ctx.Invalidate()
	return last.Stats, true
}

// drop stops a search under way, and puts away the hint on show.
func (h *hinter) drop(ctx *app.Context) {
	if h.hinting {
		ctx.Runner().Cancel()
	}
	h.hinting, h.hintLine = false, nil
}

// expired reports whether a hint is on show and its time was up at now.
func (h *hinter) expired(now time.Duration) bool {
	return h.hintLine != nil && now-h.hintAt >= hintShow
}

// fade is how opaque the hint is drawn at now: fully until its last second, then less and
// less.
func (h *hinter) fade(now time.Duration) float64 {
	if left := hintShow - (now - h.hintAt); left < time.Second {
		return max(float64(left)/float64(time.Second), 0)
	}
	return 1
}

// label readies the hint button for this frame, keeping where it was placed.
func (h *hinter) label(ctx *app.Context) {
	h.hintBtn = ui.Button{Label: ctx.T("game.ai-hint"), Disabled: h.hinting, Rect: h.hintBtn.Rect}
}

// hintText writes the hint's line from st in notation, each move from the position it is
// played in, after verdict, what perfect play leads to, when known.
func (h *hinter) hintText(ctx *app.Context, st rules.State, verdict string) string {
	st = st.Clone()
	var parts []string
	for _, mv := range h.hintLine {
		parts = append(parts, moveText(ctx, st, mv))
		if rules.Play(st, mv) != nil {
			break
		}
	}
	text := ctx.T("hint.move", parts[0])
	if len(parts) > 1 {
		line := parts[1]
		for _, p := range parts[2:] {
			line = ctx.T("list.join", line, p)
		}
		text = ctx.T("hint.with-line", parts[0], line)
	}
	if verdict != "" {
		text = ctx.T("sentence.join", verdict, text)
	}
	return text
}

// draw marks the hinted move's path on view with rings and the moves expected after it
// with small numbered discs where they land, fading out over the last second of the hint.
func (h *hinter) draw(dst *ebiten.Image, ctx *app.Context, view *render.BoardView) {
	if len(h.hintLine) == 0 {
		return
	}
	u := ctx.Unit()
	fade := h.fade(ctx.Now())
	r := view.CellSize()
	first := h.hintLine[0]
	for i, s := range first.Sites() {
		x, y := view.SiteCenter(s)
		w := 3 * u
		if i == len(first.Sites())-1 {
			w = 5 * u
		}
		render.StrokeCircle(dst, x, y, r*0.36, w, withAlpha(render.Accent, fade))
	}
	for i, mv := range h.hintLine[1:] {
		s := mv.To()
		if s == board.NoSite {
			continue
		}
		x, y := view.SiteCenter(s)
		x, y = x+r*0.3, y-r*0.3
		render.FillCircle(dst, x, y, 10*u, withAlpha(render.Accent, 0.85*fade))
		render.DrawText(dst, fmt.Sprint(i+1), sizeCaption*u, true, x, y-sizeCaption*u*render.LineHeight/2,
			withAlpha(render.OnAccent, fade), render.AlignCenter)
	}
	if fade < 1 {
		ctx.Invalidate()
	}
}
