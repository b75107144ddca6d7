package render

import (
	"math"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/rules"
	"koma/rules/board"
)

// Animation shows one decision being played: the moving piece (or stack part) slides hop by
// hop along the move's path, pieces that disappear fade out (during the hop that jumps
// them, or with the last hop), and pieces that appear or change fade and grow in. It is
// computed from the positions before and after, so it needs no game-specific knowledge.
type Animation struct {
	elapsed, total time.Duration

	path     []board.Site
	hopDur   time.Duration
	moving   []rules.Piece // pieces travelling along path, bottom first
	landBase []rules.Piece // pieces already on the landing site, which stay put

	// static[s] is what stands still on s during the animation; changes are fading pieces.
	static  [][]rules.Piece
	changes []siteChange
}

// siteChange is a site whose pieces fade out, in, or both, during [from, to).
type siteChange struct {
	site     board.Site
	out, in  []rules.Piece
	from, to time.Duration
}

// Timing, tuned by eye: quick enough not to slow play, slow enough to follow a chain.
const (
	stepHop = 170 * time.Millisecond
	jumpHop = 230 * time.Millisecond
	fadeDur = 220 * time.Millisecond
)

// NewAnimation prepares the animation of m, played from before and leading to after. It
// finds captured, placed and changed pieces by comparing the pieces of every site.
func NewAnimation(before, after rules.State, m rules.Move) *Animation {
	t := before.Board()
	n := t.Len()
	a := &Animation{static: make([][]rules.Piece, n)}
	pb := make([][]rules.Piece, n)
	pa := make([][]rules.Piece, n)
	for s := range n {
		pb[s] = before.Pieces(board.Site(s), nil)
		pa[s] = after.Pieces(board.Site(s), nil)
	}
	valid := true
	for _, s := range m.Sites() {
		valid = valid && s >= 0 && int(s) < n
	}
	// A move with sites off this board is shown as a cross-fade rather than trusted.
	if valid && (m.Kind == rules.Step || m.Kind == rules.Jump) && m.Len >= 2 {
		a.path = slices.Clone(m.Sites())
		a.hopDur = stepHop
		if m.Kind == rules.Jump {
			a.hopDur = jumpHop
		}
	}
	var moverEnd time.Duration
	if a.path != nil {
		from, to := a.path[0], a.path[len(a.path)-1]
		a.moving, a.landBase = splitLanding(pb[to], pa[to])
		if from != to {
			// What stays at the origin is whatever the move did not carry away.
			rest := pb[from]
			if k := len(rest) - len(a.moving); k >= 0 && slices.Equal(rest[k:], a.moving) {
				rest = rest[:k]
			}
			pb[from] = rest
		}
		pb[to] = a.landBase // the landing site's own change is the arrival itself
		pa[to] = pb[to]
		moverEnd = time.Duration(len(a.path)-1) * a.hopDur
	}
	hops := len(a.path) - 1
	for s := range n {
		if slices.Equal(pb[s], pa[s]) {
			a.static[s] = pa[s]
			continue
		}
		c := siteChange{site: board.Site(s), out: pb[s], in: pa[s]}
		k := a.hopOver(t, board.Site(s))
		switch {
		case k >= 0:
			c.from, c.to = time.Duration(k)*a.hopDur+a.hopDur/3, time.Duration(k+1)*a.hopDur
		case hops > 0 && len(c.in) == 0:
			c.from, c.to = moverEnd-a.hopDur/2, moverEnd
		default:
			c.from, c.to = moverEnd, moverEnd+fadeDur
		}
		a.changes = append(a.changes, c)
		a.total = max(a.total, c.to)
	}
	a.total = max(a.total, moverEnd)
	return a
}

// splitLanding separates what arrives on the landing site from what was already there:
// when the old stack is the bottom of the new one, only the top travels.
func splitLanding(before, after []rules.Piece) (moving, base []rules.Piece) {
	if len(before) < len(after) && slices.Equal(after[:len(before)], before) {
		return after[len(before):], before
	}
	return after, nil
}

// hopOver returns the hop whose straight segment passes over s, or -1.
func (a *Animation) hopOver(t *board.Topology, s board.Site) int {
	p := t.Info(s)
	for k := 0; k+1 < len(a.path); k++ {
		u, w := t.Info(a.path[k]), t.Info(a.path[k+1])
		dx, dy := w.X-u.X, w.Y-u.Y
		px, py := p.X-u.X, p.Y-u.Y
		l2 := dx*dx + dy*dy
		if l2 == 0 {
			continue
		}
		f := (px*dx + py*dy) / l2
		cross := math.Abs(px*dy - py*dx)
		if f > 0 && f < 1 && cross/math.Sqrt(l2) < 0.1 {
			return k
		}
	}
	return -1
}

// Advance moves the animation on by dt and reports whether it is still running.
func (a *Animation) Advance(dt time.Duration) (running bool) {
	a.elapsed = min(a.total, a.elapsed+max(0, dt))
	return !a.Done()
}

// Done reports whether the animation has reached its end.
func (a *Animation) Done() bool { return a.elapsed >= a.total }

// Finish jumps to the end of the animation.
func (a *Animation) Finish() { a.elapsed = a.total }

// ease is a smooth start and stop.
func ease(t float64) float64 {
	t = clamp01(t)
	return t * t * (3 - 2*t)
}

// progress of [from, to) at the current time, 0..1.
func (a *Animation) progress(from, to time.Duration) float64 {
	if to <= from {
		if a.elapsed >= to {
			return 1
		}
		return 0
	}
	return clamp01(float64(a.elapsed-from) / float64(to-from))
}

// drawAnimation draws the pieces of a running animation. It reports false, drawing
// nothing, for an animation made on another board, so that the caller shows the position
// instead.
func (v *BoardView) drawAnimation(dst *ebiten.Image, a *Animation) bool {
	if len(a.static) != v.topo.Len() {
		return false
	}
	for s, ps := range a.static {
		if len(ps) > 0 {
			x, y := v.SiteCenter(board.Site(s))
			v.drawPile(dst, ps, x, y, 1, 1)
		}
	}
	for _, c := range a.changes {
		t := a.progress(c.from, c.to)
		x, y := v.SiteCenter(c.site)
		if len(c.out) > 0 && t < 1 {
			v.drawPile(dst, c.out, x, y, 1-ease(t), 1+0.1*ease(t))
		}
		if len(c.in) > 0 && t > 0 {
			e := ease(t)
			v.drawPile(dst, c.in, x, y, e, 0.7+0.3*e)
		}
	}
	if len(a.path) > 0 {
		last := a.path[len(a.path)-1]
		if len(a.landBase) > 0 {
			x, y := v.SiteCenter(last)
			v.drawPile(dst, a.landBase, x, y, 1, 1)
		}
		if len(a.moving) > 0 {
			hops := len(a.path) - 1
			k := min(hops-1, int(a.elapsed/a.hopDur))
			t := ease(a.progress(time.Duration(k)*a.hopDur, time.Duration(k+1)*a.hopDur))
			x0, y0 := v.SiteCenter(a.path[k])
			x1, y1 := v.SiteCenter(a.path[k+1])
			lift := 1 + 0.08*math.Sin(math.Pi*t)
			v.drawPile(dst, a.moving, x0+(x1-x0)*t, y0+(y1-y0)*t, 1, lift)
		}
	}
	return true
}
