package fanorona

import (
	"math/bits"

	"koma/rules"
)

// This file tells the search where a position is tactically unsettled and what a move
// takes, so that a short search sees a capture chain to its end (the opponent's next one
// included) before it judges a position, and tries the largest captures first (issue 38:
// at 10 ms the search lost games to chains it only saw once they had been played).

var (
	_ rules.Unsettled      = (*State)(nil)
	_ rules.CaptureCounter = (*State)(nil)
)

// Unsettled implements rules.Unsettled: a capture is compulsory whenever one exists, and
// a chain in progress can only go on capturing or stop, so while the player to move has a
// capture every legal move belongs to the exchange.
func (s *State) Unsettled() bool { return !s.Over && s.threat() }

// CaptureCount implements rules.CaptureCounter: the pieces a capturing step takes; 0 for a
// paika and for Stop.
func (s *State) CaptureCount(m rules.Move) int {
	if m.Kind != rules.Step || m.Tag == tagPaika {
		return 0
	}
	return bits.OnesCount64(s.taken(m))
}
