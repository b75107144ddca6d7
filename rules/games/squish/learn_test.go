package squish

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"koma/rules"
)

// sample is one position of a recorded game, for fitting a learned evaluation.
type sample struct {
	mine, theirs []float64 // the features of the player to move and the other's
	result       float64   // 1 if the player to move went on to win, 0 if lost, ½ drawn
	game         int       // which game, counted from 1 across the files
}

// learnt is a ruleset with a learned evaluation: where its records are, and the weights
// eval.go holds for it.
type learnt struct {
	game    *rules.Game
	options string
	records string // a glob under testdata/learn
	weights []float64
}

var learnts = []learnt{
	{Game, "size=4", "ee*.txt", squishWeights[:]},
	{Flowish, "size=5", "fl*.txt", flowishWeights[:]},
}

// features lists the features of p that l's model reads.
func (l *learnt) features(s *State, p rules.Player) []float64 {
	n := len(l.weights) / 2
	f := s.features(p, n)
	return f[:n]
}

// record is one game of a `komacli selfplay -moves` output.
type record struct {
	winner rules.Player // NoPlayer for a draw
	moves  []string
}

// readRecords reads the games of the outputs that pattern names, in name order.
func readRecords(t *testing.T, pattern string) []record {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no records match %s (%v)", pattern, err)
	}
	var out []record
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		winner := rules.NoPlayer
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			switch {
			case len(fields) >= 6 && fields[0] == "game":
				// "game 7 a=white b=black a wins (unified) turns 21"
				aSeat := rules.Player(0)
				if fields[2] != "a=white" {
					aSeat = 1
				}
				switch fields[4] + " " + fields[5] {
				case "a wins":
					winner = aSeat
				case "b wins":
					winner = aSeat.Other()
				default:
					winner = rules.NoPlayer
				}
			case len(fields) > 0 && fields[0] == "moves":
				out = append(out, record{winner: winner, moves: fields[1:]})
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return out
}

// samples replays the games of l's records and returns every position before a move.
func (l *learnt) samples(t *testing.T) []sample {
	t.Helper()
	var out []sample
	for i, rec := range readRecords(t, filepath.Join("testdata", "learn", l.records)) {
		s := start(t, l.game, l.options)
		for _, text := range rec.moves {
			p := sample{mine: l.features(s, s.Turn), theirs: l.features(s, s.Turn.Other()), result: 0.5, game: i + 1}
			switch rec.winner {
			case s.Turn:
				p.result = 1
			case s.Turn.Other():
				p.result = 0
			}
			out = append(out, p)
			m, err := rules.ParseMove(s, text)
			if err != nil {
				t.Fatalf("%s game %d: %v", l.game.ID, i+1, err)
			}
			s.Apply(m)
		}
	}
	return out
}

// fitWeights fits the logistic model by full-batch gradient descent: each input scaled to
// zero mean and unit spread over the samples, a small L2 penalty on all but the bias, and
// the weights returned on the inputs' own scale, the bias last.
func fitWeights(train []sample) []float64 {
	const rounds, rate, l2 = 3000, 1.0, 1e-4
	k := 2 * len(train[0].mine)
	xs := make([][]float64, len(train))
	mean, spread := make([]float64, k), make([]float64, k)
	for i := range train {
		xs[i] = append(append(make([]float64, 0, k), train[i].mine...), train[i].theirs...)
		for j, v := range xs[i] {
			mean[j] += v
		}
	}
	n := float64(len(train))
	for j := range mean {
		mean[j] /= n
	}
	for _, x := range xs {
		for j, v := range x {
			spread[j] += (v - mean[j]) * (v - mean[j])
		}
	}
	for j := range spread {
		spread[j] = math.Sqrt(spread[j]/n) + 1e-9
	}
	for _, x := range xs {
		for j := range x {
			x[j] = (x[j] - mean[j]) / spread[j]
		}
	}
	w, grad := make([]float64, k+1), make([]float64, k+1)
	for range rounds {
		clear(grad)
		for i, x := range xs {
			z := w[k]
			for j, v := range x {
				z += w[j] * v
			}
			e := 1/(1+math.Exp(-z)) - train[i].result
			for j, v := range x {
				grad[j] += e * v
			}
			grad[k] += e
		}
		for j := range w {
			g := grad[j] / n
			if j < k {
				g += l2 * w[j]
			}
			w[j] -= rate * g
		}
	}
	raw := make([]float64, k+1)
	raw[k] = w[k]
	for j := range k {
		raw[j] = w[j] / spread[j]
		raw[k] -= w[j] * mean[j] / spread[j]
	}
	return raw
}

// logLoss is the mean log loss of weights on samples, and the share of decided games it
// calls right.
func logLoss(weights []float64, samples []sample) (loss, right float64) {
	decided := 0
	for i := range samples {
		p := &samples[i]
		q := min(max(winChance(weights, p.mine, p.theirs), 1e-9), 1-1e-9)
		loss -= p.result*math.Log(q) + (1-p.result)*math.Log(1-q)
		if p.result != 0.5 {
			decided++
			if (q > 0.5) == (p.result == 1) {
				right++
			}
		}
	}
	return loss / float64(len(samples)), right / float64(decided)
}

// TestLearnedWeights refits each learned evaluation to its self-play records in
// testdata/learn, four games in five, and checks that eval.go holds the weights the fit
// gives, to the decimals written there, and that they call the held-out games far better
// than a coin: that is where the weights came from.
func TestLearnedWeights(t *testing.T) {
	for _, l := range learnts {
		t.Run(l.game.ID, func(t *testing.T) {
			all := l.samples(t)
			var train, held []sample
			for _, p := range all {
				if p.game%5 == 0 {
					held = append(held, p)
				} else {
					train = append(train, p)
				}
			}
			w := fitWeights(train)
			for i := range w {
				if math.Abs(w[i]-l.weights[i]) > 0.0006 {
					t.Errorf("weight %d: the fit gives %.4f, eval.go has %.4f", i, w[i], l.weights[i])
				}
			}
			loss, right := logLoss(l.weights, held)
			t.Logf("%d positions, %d held out: log loss %.3f, %.1f%% of decided games called right", len(all), len(held), loss, 100*right)
			if loss > 0.6 || right < 0.7 {
				t.Errorf("held out: log loss %.3f and %.1f%% right, want under 0.6 (a coin gives 0.693) and 70%% or more", loss, 100*right)
			}
		})
	}
}
