package main

import (
	"math"
	"testing"
)

// TestRating checks the rating difference on counts worked by hand.
func TestRating(t *testing.T) {
	elo := 400 / math.Ln10
	tests := []struct {
		name           string
		aFirst, bFirst seatRecord
		delta, se      float64
	}{
		// Even: 4½ of 9 smoothed in each seat, logits 0. Every smoothed game is decisive,
		// so each seat's mean has variance ¼/9, its logit (¼/9)/(¼)² = 4/9.
		{"even", seatRecord{4, 0, 4}, seatRecord{4, 0, 4}, 0, elo / 2 * math.Sqrt(8.0/9)},
		// a scores 6 of 8 as first and b 2 of 8 as first: smoothed 6.5/9 and 2.5/9,
		// logits ±ln(6.5/2.5), so Δ is elo·ln(2.6).
		// Decisive games only: var(logit ŝ) = 1/(n s(1 − s)) = 1/(9 · 6.5/9 · 2.5/9) per seat.
		{"a stronger", seatRecord{6, 0, 2}, seatRecord{2, 0, 6}, elo * math.Log(2.6), elo / 2 * math.Sqrt(2*9/(6.5*2.5))},
		// The first seat wins every game: a wins its 10 as first, b wins its 10 as first.
		// Both smoothed scores are 10.5/11: the seat explains everything, Δ = 0.
		{"the first seat always wins", seatRecord{10, 0, 0}, seatRecord{10, 0, 0}, 0, 0},
		// Every game drawn: no difference.
		{"all drawn", seatRecord{0, 12, 0}, seatRecord{0, 12, 0}, 0, 0},
		// a wins everything from both seats: a first 10/10, b first 0/10.
		{"a always wins", seatRecord{10, 0, 0}, seatRecord{0, 0, 10}, elo * math.Log(21), 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			delta, se := rating(tc.aFirst, tc.bFirst)
			if math.Abs(delta-tc.delta) > 1e-9 {
				t.Errorf("Δ %v, want %v", delta, tc.delta)
			}
			if tc.se != 0 && math.Abs(se-tc.se) > 1e-9 {
				t.Errorf("se %v, want %v", se, tc.se)
			}
			if !(se > 0) || math.IsInf(se, 0) {
				t.Errorf("se %v: want a finite positive error", se)
			}
		})
	}
}

// TestRatingStandardError checks the delta method against the variance worked by hand for
// one seat: 3 wins, 1 draw, 1 loss, smoothed with one more draw, over 6 games.
func TestRatingStandardError(t *testing.T) {
	r := seatRecord{3, 1, 1}
	mean, variance := r.smoothed()
	// Scores 1,1,1,½,0 and the added ½ win, ½ loss: mean 4/6, mean of squares (3.5 + ¼)/6.
	wantMean := 4.0 / 6
	wantVar := ((3.75 / 6) - wantMean*wantMean) / 6
	if math.Abs(mean-wantMean) > 1e-12 || math.Abs(variance-wantVar) > 1e-12 {
		t.Fatalf("mean %v variance %v, want %v %v", mean, variance, wantMean, wantVar)
	}
	_, se := rating(r, seatRecord{1, 1, 3})
	s2 := 2.0 / 6 // b's record mirrors a's
	v2 := ((1.75 / 6) - s2*s2) / 6
	elo := 400 / math.Ln10
	want := elo / 2 * math.Sqrt(wantVar/math.Pow(wantMean*(1-wantMean), 2)+v2/math.Pow(s2*(1-s2), 2))
	if math.Abs(se-want) > 1e-9 {
		t.Errorf("se %v, want %v", se, want)
	}
}

// TestRatingLine checks the summary line's fields.
func TestRatingLine(t *testing.T) {
	got := ratingLine(seatRecord{6, 0, 2}, seatRecord{2, 0, 6})
	want := "seats a-first=0.722/8 b-first=0.278/8 elo=+166.0 se=91.4"
	if got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
