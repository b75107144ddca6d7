package app

import (
	"fmt"
	"image"
	"strings"
)

// Describer is implemented by scenes that can say what they show in terms a test can act
// on: named click targets and, for a board, its points and the legal moves. The browser
// build publishes the description to the page (window.koma) so that its end-to-end test
// clicks where the app really draws, rather than at coordinates guessed from a screenshot.
type Describer interface {
	Describe(ctx *Context) Description
}

// Description is a scene's account of itself. Positions are in screen pixels, the space
// the scenes draw in; the page converts them to CSS pixels.
type Description struct {
	// Scene names the kind of screen: "menu", "setup", "game", "rules", "settings".
	Scene string `json:"scene"`
	// Targets are the things that react to a click, in drawing order.
	Targets []Target `json:"targets,omitempty"`
	// Status is the headline the scene shows, such as whose turn it is.
	Status string `json:"status,omitempty"`
	// Board describes the board being played, on the game screen.
	Board *BoardDescription `json:"board,omitempty"`
}

// Target is one clickable thing.
type Target struct {
	// ID is stable across languages: "start", "level:expert", "game:konane".
	ID string `json:"id"`
	// Label is the text shown, in the current language.
	Label string `json:"label,omitempty"`
	// X, Y, W and H are the target's rectangle.
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	W        float64 `json:"w"`
	H        float64 `json:"h"`
	Disabled bool    `json:"disabled,omitempty"`
	Selected bool    `json:"selected,omitempty"`
}

// TargetOf builds a target from a rectangle, or reports false when the rectangle is empty
// (a button that is not shown).
func TargetOf(id, label string, r image.Rectangle) (Target, bool) {
	if r.Empty() {
		return Target{}, false
	}
	return Target{ID: id, Label: label, X: float64(r.Min.X), Y: float64(r.Min.Y), W: float64(r.Dx()), H: float64(r.Dy())}, true
}

// BoardDescription is the board of a game in progress.
type BoardDescription struct {
	// Spec is the game and variant, as in "alquerque:rules=bell".
	Spec string `json:"spec"`
	// Plies counts the decisions made so far.
	Plies int `json:"plies"`
	// ToMove is the player to move, or -1 when the game is over.
	ToMove int `json:"toMove"`
	// HumanToMove reports that the board accepts a person's move now.
	HumanToMove bool `json:"humanToMove"`
	// Thinking reports that the computer is searching.
	Thinking bool `json:"thinking"`
	// Over reports that the game has ended.
	Over bool `json:"over"`
	// Points are the board's sites, by label, at their centres.
	Points []Point `json:"points"`
	// Legal lists the moves a person may make now, each as the sites to click in order.
	Legal []LegalMove `json:"legal,omitempty"`
	// Partial lists the sites of a move clicked so far, by label.
	Partial []string `json:"partial,omitempty"`
	// Analysed and ToAnalyse count the positions the game's analysis has judged and all
	// it was asked to judge; both are 0 until someone asks.
	Analysed  int `json:"analysed"`
	ToAnalyse int `json:"toAnalyse"`
}

// Point is a board site on the screen.
type Point struct {
	Label string  `json:"label"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
}

// LegalMove is one move a person may make.
type LegalMove struct {
	// Text is the move in the game's notation.
	Text string `json:"text"`
	// Sites are the labels of the sites to click, in order; empty for a pass or a swap,
	// which have buttons of their own.
	Sites []string `json:"sites,omitempty"`
}

// Describe returns the top scene's description. A scene that offers none is named after
// its type, so that a test can at least tell where it is.
func (a *App) Describe() Description {
	top := a.mgr.top()
	if top == nil {
		return Description{}
	}
	if d, ok := top.(Describer); ok {
		return d.Describe(a.ctx)
	}
	name := fmt.Sprintf("%T", top)
	name = name[strings.LastIndexByte(name, '.')+1:]
	return Description{Scene: strings.ToLower(name)}
}

// Scaled returns the description with every position divided by scale, which turns
// screen pixels into the page's CSS pixels.
func (d Description) Scaled(scale float64) Description {
	if scale <= 0 || scale == 1 {
		return d
	}
	out := d
	out.Targets = make([]Target, len(d.Targets))
	for i, t := range d.Targets {
		t.X, t.Y, t.W, t.H = t.X/scale, t.Y/scale, t.W/scale, t.H/scale
		out.Targets[i] = t
	}
	if d.Board != nil {
		b := *d.Board
		b.Points = make([]Point, len(d.Board.Points))
		for i, p := range d.Board.Points {
			p.X, p.Y = p.X/scale, p.Y/scale
			b.Points[i] = p
		}
		out.Board = &b
	}
	return out
}
