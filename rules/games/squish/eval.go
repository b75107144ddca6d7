package squish

import (
	"math"

	"koma/rules"
)

// Squish on its default board (size 4) has a learned evaluation, for Expert alone: each
// playout of Expert's tree search plays one random turn, and a logistic model over ten
// features of each side (sideFeatures) then gives the probability that the player to move
// wins. The model was fitted to self-play (TestLearnedWeights, from the records in
// testdata/learn): 400 games of Expert against itself at half its calibration time with
// playouts to the end (ee1.txt), then 400 more of Expert with a first fit to those alone
// (ee2.txt), four games in five for the fit and one held out. Against plain search, 100
// games per run (2026-11-28, rules/ai/STRENGTH.md), Expert won 647 of 700 games on seeds
// 441 to 447 (92%), against 481 of 700 (69%) with playouts to the end. One random turn
// before the model judged best: with the first fit, 88 wins on seed 441 after one turn, 79
// after two, 75 after four and 69 after eight, and 83, 85 and 76 on seeds 441 to 443 when
// the tree's leaf was scored at once. Three more features (the mean and largest distance
// between two pieces, pieces next to an enemy) predicted the held-out games better and
// played worse (230 of 300 against 254).
//
// The evaluation serves Expert only (the card's Tuning): the weakened levels keep the
// playouts to the end they were calibrated with, and so does every level on the sizes
// for which no model was fitted. Flowish on its default board (size 5) has a model of its
// own, of thirteen features (flowishWeights), used the same way. Before them, a hand-made
// evaluation (one group fewer worth a point, each cell of gap between a lone piece and its
// nearest friend a quarter) misjudged both games: as a cut-off after ten turns it made
// Expert lose 18 – 82 (Squish) and 2 – 98 (Flowish) to plain search. It counted fewer
// pieces as fewer groups to join, where the learned model sees that pieces, and the steps
// they give, are what keeps a player from running out of moves. A playout policy that takes
// a unifying move and avoids a capture that unifies the opponent did not help either (15 –
// 25 and 16 – 24 against plain search in Squish, 19 – 21 in Flowish, 40 games each). The
// games are not Memoryless: the repetition history and the quiet count decide draws, and
// the hash leaves them out.
var (
	_ rules.RandomMover = (*State)(nil)
	_ rules.Evaluator   = (*State)(nil)
)

// squishWeights are the learned evaluation's weights for Squish on the board of size 4:
// the ten features of the player to move (sideFeatures), the other player's ten, and the
// bias.
var squishWeights = [2*numFeatures + 1]float64{
	0.341, 0.084, -0.198, -0.729, 0.296, -0.654, -0.040, 0.046, 7.365, 0.312,
	-0.277, -0.153, -0.103, 1.133, 0.013, 0.923, -0.017, -0.240, -2.598, -0.063,
	0.178,
}

// flowishWeights are the learned evaluation's weights for Flowish on the board of size 5:
// the thirteen features of the player to move (features), the other player's
// thirteen, and the bias. They were fitted, as Squish's first fit was, to 300 games of
// Expert against itself at half its calibration time with playouts to the end (komacli
// selfplay flowish -a expert -b expert -games 300 -timescale 0.005 -parallel 1 -seed
// 3001 -moves; testdata/learn/fl1.txt, refitted by TestLearnedWeights), four games in
// five: 17,678 positions, held-out log loss 0.41 against 0.69 for a coin. Expert – plain,
// 100 games per run, one playout turn then the model (the tree alone, exploration 0.3 as
// before): 91, 86 and 92 on seeds 441 to 443 (89.7%), against 70.3% with playouts to the
// end. Squish's ten features alone did worse (75 on seed 441,
// and 66 when refitted to 300 more games of Expert with them).
var flowishWeights = [2*numFlowFeatures + 1]float64{
	-0.0773, 0.1208, 0.4409, -0.0726, -0.0622, -0.0763, 0.0126, -0.0190, 7.3753, -0.2074, -5.3898, -0.3788, -0.0233,
	0.0658, -0.2106, -0.4554, 0.0501, 0.0259, 0.0895, 0.0266, 0.0343, -2.2629, 0.2214, 5.0441, 0.3306, 0.0394,
	2.9428,
}

// model returns the ruleset's learned weights, or nil where none were fitted. They read
// the first n features of each side (features), n being half their number.
func (s *State) model() []float64 {
	switch {
	case s.v.tor == nil:
		return nil
	case !s.v.flow && s.v.Size == 4:
		return squishWeights[:]
	case s.v.flow && s.v.Size == 5:
		return flowishWeights[:]
	}
	return nil
}

// Evaluate implements rules.Evaluator: 2w − 1 for the player to move, w being the modelled
// probability that that player wins, and 1 − 2w for the other. A ruleset without weights
// evaluates every position as even; no search asks it (the card's Tuning).
func (s *State) Evaluate(p rules.Player) float64 {
	weights := s.model()
	if weights == nil || s.Over {
		return 0
	}
	n := len(weights) / 2
	a, b := s.features(s.Turn, n), s.features(s.Turn.Other(), n)
	w := winChance(weights, a[:n], b[:n])
	if p != s.Turn {
		return 1 - 2*w
	}
	return 2*w - 1
}

// winChance is a model's probability that the side with features mine, to move, wins
// against the side with features theirs: weights holds the weights of mine's features,
// then of theirs, then the bias.
func winChance(weights, mine, theirs []float64) float64 {
	n := len(mine)
	z := weights[2*n]
	for i := range mine {
		z += weights[i]*mine[i] + weights[n+i]*theirs[i]
	}
	return 1 / (1 + math.Exp(-z))
}
