package main

import (
	"fmt"
	"math"
)

// seatRecord counts one player's results in the games where it held one seat.
type seatRecord struct {
	wins, draws, losses int
}

func (r seatRecord) games() int { return r.wins + r.draws + r.losses }

// smoothed returns the player's mean score, a draw counting half, after adding one game
// split between a win and a loss: (score + ½) / (games + 1). The added game keeps a seat
// that won (or lost) every game from an infinite logit, and is the same for both seats, so
// it favours neither. It also returns the variance of that mean, from the spread of the
// per-game scores of the smoothed record; being half a win and half a loss rather than a
// draw, the added game keeps that spread above zero, however uniform the results.
func (r seatRecord) smoothed() (mean, variance float64) {
	n := float64(r.games() + 1)
	w, d := float64(r.wins)+0.5, float64(r.draws)
	mean = (w + d/2) / n
	square := (w + d/4) / n // the mean of the squared per-game scores
	return mean, (square - mean*mean) / n
}

// eloPerLogit turns a difference of logits of the expected score into Elo points.
var eloPerLogit = 400 / math.Ln10

// rating is the rating difference of player a over player b from games played with the
// seats alternating. aFirst is a's record with a in the first seat, bFirst b's record
// with b in the first seat. Under the Elo model with a term for the first seat's
// advantage, logit s₁ = Δ + t and logit s₂ = −Δ + t, so Δ = (logit s₁ − logit s₂) / 2
// in logits, whatever the seat is worth; in a game with no seat advantage it is the usual
// Elo difference of a's overall score. The standard error follows by the delta method:
// var(logit ŝ) ≈ var(ŝ) / (s(1 − s))².
func rating(aFirst, bFirst seatRecord) (delta, se float64) {
	s1, v1 := aFirst.smoothed()
	s2, v2 := bFirst.smoothed()
	logit := func(s float64) float64 { return math.Log(s / (1 - s)) }
	spread := func(s, v float64) float64 { return v / (s * (1 - s) * s * (1 - s)) }
	delta = eloPerLogit * (logit(s1) - logit(s2)) / 2
	se = eloPerLogit / 2 * math.Sqrt(spread(s1, v1)+spread(s2, v2))
	return delta, se
}

// ratingLine is selfplay's summary of the seats, in key=value fields for scripts: each
// player's smoothed score and games in the first seat, then a's rating over b in Elo
// points and its standard error.
func ratingLine(aFirst, bFirst seatRecord) string {
	s1, _ := aFirst.smoothed()
	s2, _ := bFirst.smoothed()
	delta, se := rating(aFirst, bFirst)
	return fmt.Sprintf("seats a-first=%.3f/%d b-first=%.3f/%d elo=%+.1f se=%.1f",
		s1, aFirst.games(), s2, bFirst.games(), delta, se)
}
