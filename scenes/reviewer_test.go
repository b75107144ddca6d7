package scenes

import (
	"slices"
	"testing"
)

// TestReviewerStops checks the positions review steps through and where each step leads,
// on a practice board opened after two decisions and played on for four: the position it
// opened at is as far back as review goes.
func TestReviewerStops(t *testing.T) {
	m := toyMatch(t, 2, 4)
	if len(m.Turns()) != m.Len() {
		t.Fatalf("%d turns in %d decisions: the test needs a turn per decision", len(m.Turns()), m.Len())
	}
	if got, want := stops(m), []int{2, 3, 4, 5, 6}; !slices.Equal(got, want) {
		t.Fatalf("stops %v, want %v", got, want)
	}
	tests := []struct {
		name   string
		review int
		dir    int
		want   int
		ok     bool
	}{
		{"back from the game", live, -1, 5, true},
		{"forward at the game", live, 1, 0, false},
		{"back at the start", 2, -1, 0, false},
		{"forward from the start", 2, 1, 3, true},
		{"forward to the game", 5, 1, 6, true},
		{"back in the middle", 4, -1, 3, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := reviewer{review: tt.review}
			got, ok := r.stepTarget(m, tt.dir)
			if got != tt.want || ok != tt.ok {
				t.Errorf("step to %d, %v; want %d, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestReviewerMoveTo checks which position moveTo shows: within the game, the latest
// ending the review, and whether anything changed.
func TestReviewerMoveTo(t *testing.T) {
	m := toyMatch(t, 2, 4)
	tests := []struct {
		name        string
		review, n   int
		want        int
		wantChanged bool
	}{
		{"into the review", live, 3, 3, true},
		{"before the start", live, -4, 2, true},
		{"to the latest", 3, 6, live, true},
		{"past the latest", 3, 60, live, true},
		{"the same position", 4, 4, 4, false},
		{"the game while playing", live, 6, live, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := reviewer{review: tt.review}
			changed := r.moveTo(m, tt.n)
			if r.review != tt.want || changed != tt.wantChanged {
				t.Errorf("review %d, changed %v; want %d, %v", r.review, changed, tt.want, tt.wantChanged)
			}
			if at := r.shownAt(m); (r.reviewing() && at != r.review) || (!r.reviewing() && at != m.Len()) {
				t.Errorf("shown at %d with review %d", at, r.review)
			}
			if !sameKey(r.position(m), m.Before(r.shownAt(m))) {
				t.Errorf("the position is not the one after %d decisions", r.shownAt(m))
			}
		})
	}
}
