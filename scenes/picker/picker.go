// Package picker turns clicks on board sites into moves, for every game alike. It keeps the
// legal moves and the sites clicked so far, and narrows the moves to those whose path starts
// with those sites. It is pure logic, tested without a display.
package picker

import (
	"slices"

	"koma/rules"
	"koma/rules/board"
)

// Outcome says what a click or a stop request did.
type Outcome int

// The outcomes.
const (
	// Ignored: the click meant nothing (no move starts there).
	Ignored Outcome = iota
	// Selected: the partial path grew or changed; wait for more clicks.
	Selected
	// Cleared: the partial path was dropped.
	Cleared
	// Play: Result.Move is complete and should be played.
	Play
	// Choose: several moves share the clicked path (they differ in Kind or Tag); the
	// player must pick one of Result.Choices.
	Choose
)

// Result is the effect of a click.
type Result struct {
	Outcome Outcome
	Move    rules.Move
	Choices []rules.Move
}

// Picker holds the move being entered.
type Picker struct {
	legal   []rules.Move
	partial []board.Site
	cands   []rules.Move
}

// Reset starts over with the legal moves of a new position.
func (p *Picker) Reset(legal []rules.Move) {
	p.legal = append(p.legal[:0], legal...)
	p.clear()
}

func (p *Picker) clear() {
	p.partial = p.partial[:0]
	p.cands = p.cands[:0]
	for _, m := range p.legal {
		if m.Len > 0 {
			p.cands = append(p.cands, m)
		}
	}
}

// Cancel drops the partial path.
func (p *Picker) Cancel() { p.clear() }

// Partial returns the sites clicked so far; callers must not modify it.
func (p *Picker) Partial() []board.Site { return p.partial }

// Legal returns the legal moves the picker was reset with.
func (p *Picker) Legal() []rules.Move { return p.legal }

// Specials returns the legal moves without sites, such as Pass, Stop, Swap and Choose, which
// the app offers as buttons.
func (p *Picker) Specials() []rules.Move {
	var out []rules.Move
	for _, m := range p.legal {
		if m.Len == 0 {
			out = append(out, m)
		}
	}
	return out
}

func hasPrefix(m rules.Move, prefix []board.Site) bool {
	if int(m.Len) < len(prefix) {
		return false
	}
	for i, s := range prefix {
		if m.Path[i] != s {
			return false
		}
	}
	return true
}

func (p *Picker) matching(prefix []board.Site) []rules.Move {
	var out []rules.Move
	for _, m := range p.legal {
		if m.Len > 0 && hasPrefix(m, prefix) {
			out = append(out, m)
		}
	}
	return out
}

// Complete returns the candidates whose whole path has been clicked.
func (p *Picker) Complete() []rules.Move {
	if len(p.partial) == 0 {
		return nil
	}
	var out []rules.Move
	for _, m := range p.cands {
		if int(m.Len) == len(p.partial) {
			out = append(out, m)
		}
	}
	return out
}

// CanStop reports whether the clicked path is itself a move although longer ones go on
// from it (an optional chain): the app then offers to end the move here.
func (p *Picker) CanStop() bool {
	return len(p.Complete()) > 0 && len(p.cands) > len(p.Complete())
}

// Targets returns the sites that can be clicked next, in the order of the legal moves.
// With nothing selected these are the sites of one-site moves (placements, removals).
func (p *Picker) Targets() []board.Site {
	var out []board.Site
	n := len(p.partial)
	for _, m := range p.cands {
		if int(m.Len) > n && (n > 0 || m.Len == 1) && !slices.Contains(out, m.Path[n]) {
			out = append(out, m.Path[n])
		}
	}
	return out
}

// Starts returns the sites where a move of more than one site begins, in the order of the
// legal moves; the app marks them while nothing is selected.
func (p *Picker) Starts() []board.Site {
	var out []board.Site
	for _, m := range p.legal {
		if m.Len > 1 && !slices.Contains(out, m.Path[0]) {
			out = append(out, m.Path[0])
		}
	}
	return out
}

// Click handles a click on site s.
func (p *Picker) Click(s board.Site) Result {
	n := len(p.partial)
	next := append(slices.Clone(p.partial), s)
	cands := p.matching(next)
	// Clicking the selected piece or the last landing again ends an optional chain there,
	// or deselects when the path is not a move by itself; unless a chain goes on through
	// that site, as one that returns to its starting point does.
	if n > 0 && len(cands) == 0 && (s == p.partial[0] || s == p.partial[n-1]) {
		if len(p.Complete()) > 0 {
			return p.Stop()
		}
		if s == p.partial[0] {
			p.clear()
			return Result{Outcome: Cleared}
		}
		return Result{Outcome: Ignored}
	}
	if len(cands) == 0 && n > 0 {
		// A click elsewhere starts afresh from that site, as players expect when they
		// change their mind about which piece to move.
		next = []board.Site{s}
		cands = p.matching(next)
		if len(cands) == 0 {
			p.clear()
			return Result{Outcome: Cleared}
		}
	}
	if len(cands) == 0 {
		return Result{Outcome: Ignored}
	}
	p.partial, p.cands = next, cands
	complete := p.Complete()
	switch {
	case len(cands) == 1 && (int(cands[0].Len) == len(next) || len(next) >= 2):
		// One way to go: a complete move, or a destination chosen whose remaining path
		// is forced. Play it without further clicks.
		m := cands[0]
		p.clear()
		return Result{Outcome: Play, Move: m}
	case len(complete) > 0 && len(complete) == len(cands):
		return p.Stop()
	}
	return Result{Outcome: Selected}
}

// Stop ends the move at the clicked path: it plays the complete candidate, or asks to
// choose when several moves share the path.
func (p *Picker) Stop() Result {
	complete := p.Complete()
	switch len(complete) {
	case 0:
		return Result{Outcome: Ignored}
	case 1:
		p.clear()
		return Result{Outcome: Play, Move: complete[0]}
	}
	return Result{Outcome: Choose, Choices: complete}
}

// Completes returns the move a click on s would play at once, if exactly one legal move
// ends with that click: the app previews what it captures while the pointer rests there.
func (p *Picker) Completes(s board.Site) (rules.Move, bool) {
	if len(p.partial) == 0 {
		return rules.Move{}, false
	}
	next := append(slices.Clone(p.partial), s)
	cands := p.matching(next)
	if len(cands) == 1 && (int(cands[0].Len) == len(next) || len(next) >= 2) {
		return cands[0], true
	}
	return rules.Move{}, false
}
