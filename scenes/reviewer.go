package scenes

// Looking back through the game: which earlier position is on the board, the stops the
// arrow keys step through, and the two buttons that start and end a review.

import (
	"koma/app"
	"koma/app/match"
	"koma/render/ui"
	"koma/rules"
)

// live is the value of reviewer.review while the board shows the game as it stands.
const live = -1

// reviewer is the review of a game: the position on the board when it is not the game's
// latest, and the buttons into and out of the review.
type reviewer struct {
	// review is the number of decisions behind the position on the board while the person
	// looks back through the game, or live.
	review int
	// backBtn returns to the game; reviewBtn starts reviewing a finished game.
	backBtn, reviewBtn ui.Button
	// analysis judges every position of the game, for the graph, the marks in the move
	// list and the better moves (analysis.go).
	analysis gameAnalysis
}

// newReviewer returns a reviewer showing the game as it stands.
func newReviewer() reviewer { return reviewer{review: live, analysis: newGameAnalysis()} }

// reviewing reports whether the board shows an earlier position than m's latest.
func (r *reviewer) reviewing() bool { return r.review != live }

// leave ends the review: the board shows the game as it stands.
func (r *reviewer) leave() { r.review = live }

// shownAt is how many decisions of m lie behind the position on the board.
func (r *reviewer) shownAt(m *match.Match) int {
	if r.review != live {
		return r.review
	}
	return m.Len()
}

// position is the position on the board: m as it stands, or the position under review.
func (r *reviewer) position(m *match.Match) rules.State {
	if r.review != live {
		return m.Before(r.review)
	}
	return m.State()
}

// moveTo puts the position after n decisions of m on the board, the latest ending the
// review, and reports whether that changed what is shown.
func (r *reviewer) moveTo(m *match.Match, n int) bool {
	n = min(max(n, m.Floor()), m.Len())
	if n == m.Len() {
		n = live
	}
	if n == r.review {
		return false
	}
	r.review = n
	return true
}

// holdEnd keeps the final position of a finished game m under review, where moveTo would
// end the review: a marked last move then shows what it lost and its better move, as any
// other marked move does. It reports whether that changed what is shown.
func (r *reviewer) holdEnd(m *match.Match) bool {
	if _, over := m.Outcome(); !over || r.review == m.Len() {
		return false
	}
	r.review = m.Len()
	return true
}

// stops lists the positions of m that review steps through: the start (or the position a
// practice board opened at), the start of every turn, and the game as it stands.
func stops(m *match.Match) []int {
	out := []int{m.Floor()}
	for _, t := range m.Turns() {
		if t.First > out[len(out)-1] {
			out = append(out, t.First)
		}
	}
	if n := m.Len(); n > out[len(out)-1] {
		out = append(out, n)
	}
	return out
}

// stepTarget is the stop one back (dir < 0) or forward from the position on the board;
// false at either end.
func (r *reviewer) stepTarget(m *match.Match, dir int) (int, bool) {
	stops := stops(m)
	at := r.shownAt(m)
	if dir < 0 {
		for i := len(stops) - 1; i >= 0; i-- {
			if stops[i] < at {
				return stops[i], true
			}
		}
		return 0, false
	}
	for _, s := range stops {
		if s > at {
			return s, true
		}
	}
	return 0, false
}

// request reads the buttons and the keys that move through m: the position they ask for,
// and whether any of them was used. An arrow at either end is used and asks for the
// position on the board.
func (r *reviewer) request(ctx *app.Context, m *match.Match) (n int, used bool) {
	in := ctx.Input()
	step := func(dir int) (int, bool) {
		if n, ok := r.stepTarget(m, dir); ok {
			return n, true
		}
		return r.shownAt(m), true
	}
	// In this order, should several come in one tick.
	switch {
	case hit(ctx, &r.backBtn):
		return m.Len(), true
	case hit(ctx, &r.reviewBtn):
		return m.Floor(), true
	case in.Pressed(app.KeyLeft):
		return step(-1)
	case in.Pressed(app.KeyRight):
		return step(1)
	case in.Pressed(app.KeyHome):
		return m.Floor(), true
	case in.Pressed(app.KeyEnd):
		return m.Len(), true
	}
	return 0, false
}

// label readies the buttons' labels for this frame, keeping where they were placed: the
// review's, and the analysis's of m.
func (r *reviewer) label(ctx *app.Context, m *match.Match) {
	r.backBtn = ui.Button{Label: ctx.T("review.back"), Primary: true, Rect: r.backBtn.Rect}
	r.reviewBtn = ui.Button{Label: ctx.T("game.review"), Rect: r.reviewBtn.Rect}
	r.analysis.label(ctx, m)
}

// reviewStatus is the panel's headline and explanation while the board shows an earlier
// turn of m: which turn, and whether the person may play on from it (decides). That the
// position is being judged is said by the balance bar, not here: the card then keeps one
// height through the review, and less room is kept for it (see reviewStatuses).
func (r *reviewer) reviewStatus(ctx *app.Context, m *match.Match, decides bool) (headline, detail string) {
	turns := m.Turns()
	cur := currentTurn(turns, r.shownAt(m))
	headline = ctx.T("review.start")
	if cur >= 0 {
		headline = ctx.T("review.title", moveNumber(cur), latestMove(m))
	}
	detail = ctx.T("review.detail")
	if decides {
		detail = ctx.T("review.detail-play")
	}
	if cur >= 0 && turns[cur].End == r.shownAt(m) {
		if text := r.analysis.markText(ctx, m, cur); text != "" {
			// A marked move says what it lost and what was better instead of how to move
			// through the game, which the help card and the first move's status tell.
			detail = text
		}
	}
	return headline, detail
}

// reviewStatuses lists the statuses reviewStatus may give for m, to keep room for: the
// headline at its widest and every explanation.
func (r *reviewer) reviewStatuses(ctx *app.Context, m *match.Match) [][2]string {
	n := max(latestMove(m), 1)
	heads := []string{ctx.T("review.start"), ctx.T("review.title", n, n)}
	var out [][2]string
	for _, detail := range []string{ctx.T("review.detail"), ctx.T("review.detail-play")} {
		for _, head := range heads {
			out = append(out, [2]string{head, detail})
		}
	}
	// A marked move's text too, as long as the game's could be, so that neither the
	// analysis coming in nor selecting a marked move moves the list; and the marked
	// moves' own texts, should one be longer still. A marked move is never the starting
	// position.
	out = append(out, [2]string{heads[1], r.analysis.markTextBound(ctx, m)})
	for i, j := range r.analysis.turnJudgements(m) {
		if j.mark != markNone {
			out = append(out, [2]string{heads[1], r.analysis.markText(ctx, m, i)})
		}
	}
	return out
}
