package scenes

import (
	"fmt"
	"image"
	"log"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/match"
	"koma/app/prefs"
	"koma/app/sound"
	"koma/app/think"
	"koma/i18n"
	"koma/render"
	"koma/rules"
	"koma/rules/board"
	"koma/scenes/picker"
)

// Game is the board being played: a match, the move input, the computer's thinking and
// the animations. The rest is in parts that each keep their own state: the panel beside
// the board and its buttons (sidePanel), the move list (moveList), looking back through
// the game (reviewer), the balance bar's judgements (evaluation), the hint (hinter) and
// saving and opening files (gameFiles). Game wires them to the match and to each other.
//
// The parts are embedded so that their fields read as the screen's own where a test looks
// at them; the game's code names the part it means. Their methods are unexported, so none
// can make Game satisfy one of the app's optional scene interfaces by accident.
type Game struct {
	m       *match.Match
	view    *render.BoardView
	pick    picker.Picker
	flipped bool
	// board is the board's part of the window.
	board image.Rectangle

	anim     *render.Animation
	animMove rules.Move
	// landing is the sound of the move being played, heard when it lands.
	landing  sound.Kind
	thinking bool
	// choices are the moves the clicks so far leave open, for the person to choose from.
	choices []rules.Move
	// practice is a board opened from a rules diagram: nothing is saved, and the way out
	// leads back to the rules. shown is the diagram's move, drawn until someone plays.
	practice bool
	shown    rules.Move
	// whyTried holds the clicks that led to no legal move, explained in the panel by
	// whyNot until the next click; nil when there is nothing to explain.
	whyTried []board.Site
	// whyText is whyTried's reason as last worded, in whyLang.
	whyText   string
	whyLang   i18n.Lang
	dots      dotsSpot
	reach     reachPick // the piece whose reach is shown (game_reach.go)
	hover     siteHover // the hex or point named under the pointer (hover.go)
	drag      dragger   // a piece carried by the pointer (drag.go)
	saveError bool      // an autosave failure was already reported

	sidePanel
	moveList
	reviewer
	evaluation
	hinter
	gameFiles
}

// NewGame returns the game scene for m.
func NewGame(m *match.Match) *Game {
	g := &Game{m: m, sidePanel: newSidePanel(), moveList: newMoveList(), reviewer: newReviewer(),
		evaluation: newEvaluation(), gameFiles: newGameFiles()}
	g.view = render.NewBoardView(m.Spec().Game, m.State().Board())
	g.flipped = shouldFlip(m)
	return g
}

// Match is the match being played.
func (g *Game) Match() *match.Match { return g.m }

// shouldFlip turns the board so that a lone human's pieces start at the bottom, judged by
// where they stand in the initial position; games that start empty are never turned.
func shouldFlip(m *match.Match) bool {
	human := rules.NoPlayer
	for p, s := range m.Seats() {
		if s.Human {
			if human != rules.NoPlayer {
				return false
			}
			human = rules.Player(p)
		}
	}
	if human == rules.NoPlayer {
		return false
	}
	st := m.Initial()
	b := st.Board()
	_, minY, _, maxY := b.Bounds()
	mid := (minY + maxY) / 2
	var sum float64
	n := 0
	var buf []rules.Piece
	for s := 0; s < b.Len(); s++ {
		buf = st.Pieces(board.Site(s), buf[:0])
		for _, pc := range buf {
			if pc.Owner == human {
				sum += b.Info(board.Site(s)).Y - mid
				n++
			}
		}
	}
	return n > 0 && sum < -1e-9
}

// Enter implements app.Enterer.
func (g *Game) Enter(ctx *app.Context) { g.prepare(ctx) }

// Exit implements app.Exiter: the computer stops thinking about a game no longer shown.
func (g *Game) Exit(ctx *app.Context) {
	ctx.Runner().Cancel()
	g.thinking = false
}

// Resume implements app.Resumer. A scene shown on top may have used the shared runner (a
// practice board opened from the rules), so a search this scene had started is begun
// again; and a piece carried when it opened was let go there, not on the board.
func (g *Game) Resume(ctx *app.Context) {
	g.drag.carry = false
	if g.thinking || g.hinter.hinting {
		g.thinking, g.hinter.hinting = false, false
		ctx.Runner().Cancel()
	}
	ctx.Invalidate()
}

// resigner is the person who would resign now: the one to move when two people play, the
// only person otherwise; NoPlayer when the game is over or nobody at the table plays.
func (g *Game) resigner() rules.Player {
	if _, over := g.m.Outcome(); over {
		return rules.NoPlayer
	}
	if g.m.HumanToMove() {
		return g.m.ToMove()
	}
	for p, s := range g.m.Seats() {
		if s.Human {
			return rules.Player(p)
		}
	}
	return rules.NoPlayer
}

// NewPractice returns a board for trying out a rules diagram: two people at the diagram's
// position, its move drawn until someone plays, nothing saved, and a way back to the rules.
func NewPractice(d *diagram) (*Game, error) {
	m, err := match.NewAt(d.spec, []match.Seat{match.Human(), match.Human()}, 1, d.after)
	if err != nil {
		return nil, fmt.Errorf("scenes: practice: %w", err)
	}
	g := NewGame(m)
	g.practice, g.shown = true, d.move
	return g, nil
}

// prepare readies the scene for the current position: input for a person, a search for
// the computer, and the autosave.
func (g *Game) prepare(ctx *app.Context) {
	g.choices, g.whyTried, g.whyText = nil, nil, ""
	g.anim = nil
	if g.reviewer.review > g.m.Len() {
		g.reviewer.leave()
	}
	g.resetPick()
	ctx.Runner().Cancel()
	g.thinking = false
	g.evaluation.reset(g.m.Len())
	g.hinter.hinting, g.hinter.hintLine = false, nil
	if g.practice {
		ctx.Invalidate()
		return
	}
	var err error
	if _, over := g.m.Outcome(); over {
		err = prefs.ClearAutosave(ctx.Store())
	} else {
		err = prefs.SaveAutosave(ctx.Store(), g.m)
	}
	if err != nil && !g.saveError {
		g.saveError = true
		log.Printf("scenes: %v", err)
		ctx.Notify(ctx.T("notice.autosave-failed"))
	}
	ctx.Invalidate()
}

func (g *Game) startThinking(ctx *app.Context) {
	g.evaluation.stopAnalysis(ctx)
	seat := g.m.Seat(g.m.ToMove())
	ctx.Runner().Start(think.Job{State: g.m.State(), Setting: seat.Level.Setting(), Budget: ctx.ThinkTime(seat.Level), Seed: g.m.DecisionSeed()})
	g.thinking = true
}

// personPlays plays the person's decision mv: in the game, or from the position under
// review once they agree to continue the game from there.
func (g *Game) personPlays(ctx *app.Context, mv rules.Move) {
	if !g.reviewer.reviewing() {
		g.begin(ctx, mv)
		return
	}
	g.pick.Cancel()
	g.choices = nil
	ctx.Push(newPlayFrom(g, g.reviewer.review, mv))
}

// begin starts playing mv in the game: animated, then committed when the animation ends.
// While the person reviews an earlier position, the board does not show the game, and a
// piece dropped by a drag is where it goes already, so the move is committed at once.
func (g *Game) begin(ctx *app.Context, mv rules.Move) {
	before := g.m.State()
	after := before.Clone()
	if err := rules.Play(after, mv); err != nil {
		log.Printf("scenes: %v", err)
		return
	}
	g.choices = nil
	g.pick.Cancel()
	g.hinter.drop(ctx)
	g.landing = landingSound(before, after)
	speed := ctx.Settings().Animation
	if speed.Scale() == 0 || ctx.Shooting() || g.reviewer.reviewing() || g.drag.dropping {
		g.commit(ctx, mv)
		return
	}
	g.anim = render.NewAnimation(before, after, mv)
	g.animMove = mv
	ctx.Invalidate()
}

func (g *Game) commit(ctx *app.Context, mv rules.Move) {
	g.anim = nil
	if err := g.m.Play(mv); err != nil {
		log.Printf("scenes: %v", err)
	} else {
		ctx.PlaySound(g.landing)
	}
	g.prepare(ctx)
}

// landingSound is the capture sound when the move left the mover's opponents with fewer
// pieces on the board (taken, or turned to the mover's colour), else the move sound.
func landingSound(before, after rules.State) sound.Kind {
	mover := before.ToMove()
	if opponentPieces(after, mover) < opponentPieces(before, mover) {
		return sound.Capture
	}
	return sound.Move
}

// opponentPieces counts the pieces on the board that do not belong to p.
func opponentPieces(st rules.State, p rules.Player) int {
	n := 0
	var buf [16]rules.Piece
	for s := range st.Board().Len() {
		for _, pc := range st.Pieces(board.Site(s), buf[:0]) {
			if pc.Owner != p {
				n++
			}
		}
	}
	return n
}

func (g *Game) takeBack(ctx *app.Context) {
	if err := g.m.Undo(); err != nil {
		return
	}
	g.prepare(ctx)
}

// whyNot explains in one line why the clicks in tried lead to no legal move: the game's own
// reason where it gives one, otherwise what the player can do instead, as the board shows
// it after the click (the selection kept or put down). Clicking the selected piece again
// to put it down needs no explanation.
func (g *Game) whyNot(ctx *app.Context, tried []board.Site) string {
	if len(tried) == 0 {
		return ""
	}
	st := g.position()
	if ex, ok := st.(rules.Explainer); ok {
		if key := ex.WhyNot(tried); key != "" {
			if v := gameText(ctx, st.Game(), "why."+key); v != "" {
				return v
			}
		}
	}
	last := tried[len(tried)-1]
	own := false
	for _, p := range st.Pieces(last, nil) {
		own = own || p.Owner == st.ToMove()
	}
	switch {
	case len(tried) > 1 && last == tried[0]:
		return "" // the selected piece clicked again: it was put down
	case len(tried) > 1 && !own && len(g.pick.Partial()) == 0:
		// A click the selected piece cannot reach puts it down, as on most boards
		// (Lichess, chess.com): nothing is marked any more, so the text must not say so.
		return ctx.T("why.put-down")
	case len(tried) > 1 && !own:
		return ctx.T("why.not-reachable")
	case own:
		return ctx.T("why.piece-stuck")
	}
	return ctx.T("why.not-a-move")
}

func (g *Game) handle(ctx *app.Context, r picker.Result) {
	switch r.Outcome {
	case picker.Play:
		g.personPlays(ctx, r.Move)
	case picker.Choose:
		g.choices = r.Choices
	case picker.Cleared, picker.Selected:
		g.choices = nil
	}
	ctx.Invalidate()
}

func (g *Game) drawBoard(dst *ebiten.Image, ctx *app.Context) {
	set := ctx.Settings()
	d := render.Decorations{Selected: board.NoSite, Anim: g.anim, HideMarks: set.HideMarks}
	shown, at := g.boardPosition()
	if at > 0 {
		if last := g.m.Move(at - 1); last.Len > 0 {
			d.LastMove = last.Sites()
		}
	}
	partial := g.pick.Partial()
	if len(partial) > 0 {
		d.Selected = partial[0]
	}
	if set.Highlights && g.anim == nil && g.personDecides() && len(g.choices) == 0 {
		d.Targets = g.pick.Targets()
		if len(partial) == 0 {
			d.Movable = g.pick.Starts()
		}
	}
	d.Captures = g.preview(ctx)
	g.reachDecorate(ctx, &d) // which pieces reach what (game_reach.go)
	if g.practice && g.m.Len() == g.m.Floor() && g.anim == nil {
		// The diagram's move, until the player tries it or another.
		d.Arrow = g.shown.Sites()
		if len(d.Captures) == 0 {
			d.Captures = captures(g.m.State(), g.shown) // as the diagram crossed them out
		}
	}
	g.dragDecorate(&d) // a piece being dragged (drag.go)
	g.view.Draw(dst, shown, d)
	if g.anim == nil && g.hintOnShow() {
		g.hinter.draw(dst, g.view, g.m.State())
	}
	// The landings clicked so far in a chain: rings, so the path being built stays visible.
	u := ctx.Unit()
	for _, s := range partial[min(1, len(partial)):] {
		x, y := g.view.SiteCenter(s)
		render.StrokeCircle(dst, x, y, g.view.CellSize()*0.32, 3*u, render.SelectedRing)
	}
	g.hover.draw(dst, ctx, g.view, g.m.State().Board(), image.Point{}, g.board)
	if d.Lifted != nil {
		g.view.DrawLift(dst, shown, *d.Lifted) // over everything, under the pointer
	}
}

// preview returns the pieces that the move under consideration would take: the choice
// whose button the pointer is on, or the move a click on the hovered site would complete.
func (g *Game) preview(ctx *app.Context) []board.Site {
	st := g.position()
	pv, ok := st.(rules.CapturePreviewer)
	if !ok || g.anim != nil || !g.personDecides() {
		return nil
	}
	for i, b := range g.sidePanel.choice {
		if i < len(g.choices) && hovered(ctx, b.Rect) {
			return pv.Captures(g.choices[i], nil)
		}
	}
	x, y, ok := ctx.Input().Cursor()
	if !ok || len(g.choices) > 0 {
		return nil
	}
	s, ok := g.view.SiteAt(x, y)
	if !ok {
		return nil
	}
	if m, ok := g.pick.Completes(s); ok {
		return pv.Captures(m, nil)
	}
	return nil
}
