package tiptoe

import (
	"math/rand/v2"

	"koma/rules"
)

// This file holds what the AI may ask of a position beyond the rules: an evaluation, a
// fast uniform random move for playouts, and the engine that plays it best. None of it
// changes what is legal.

var (
	_ rules.Evaluator             = (*State)(nil)
	_ rules.RandomMover           = (*State)(nil)
	_ rules.EnginePreference      = (*State)(nil)
	_ rules.Memoryless            = (*State)(nil)
	_ rules.EvaluationScope       = (*State)(nil)
	_ rules.ExplorationPreference = (*State)(nil)
	_ rules.AllMovesPreference    = (*State)(nil)
)

// evalScale is the lead in reachable points that the evaluation maps to 0.5.
const evalScale = 4.0

// Evaluate scores mobility: how many more points p's groups reach than the opponent's.
// The game is lost by the first player left without a point, so the number of points each
// side can still use is the measure of who runs out first.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 || s.setup < normal {
		return 0
	}
	x := float64(s.reached(p).count() - s.reached(p.Other()).count())
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}

// EvaluatedBy keeps the evaluation from Expert on the diagonal and hex boards.
// It counts the points each side's groups reach, a measure written for the orthogonal
// board; where every piece has six or eight neighbours the groups reach most points, and
// the measure tells positions apart less well than playouts run to the end. Against plain
// search, 40 games each on the default size (seed 214, 2026-11-27): diagonal 26 – 14 with
// the evaluation, 31 – 9 with playouts to the end but the alpha-beta half kept, 30 – 10
// with the cut-off but no alpha-beta half, 36 – 4 with neither; hex 26 – 14 with it and
// 34 – 6 with neither. Then over 100 to 200 games: diagonal Expert – plain 77% (62%
// before), hex Expert – Hard 87% (73% before), the other rows level. The lower levels
// keep blurring it, which is what weakens them; the orthogonal board keeps it at every
// level (Expert beat plain search 98 – 2 with it).
func (s *State) EvaluatedBy() rules.Searches {
	if topologies[s.v.topology] == "orthogonal" {
		return rules.EverySearch
	}
	return rules.BlurredSearches
}

// Exploration gives Expert's search on the diagonal and hex boards, which runs without the
// evaluation (EvaluatedBy), a narrower exploration than the tuned 0.3. Against plain search,
// 100 games per run (2026-11-27): diagonal board 83 – 17 and 71 – 29 with 0.2 against
// 75 – 25 and 62 – 38 with 0.3 on the same seeds (217, 218), and 63 – 37 with 0.5 (seed
// 217); hex board 79 – 21 with 0.2 against 63 – 37 with 0.3 (seed 217). With 0.2, on seed
// 220: 73 – 27 and 79 – 21 against plain search, 84 – 16 and 86 – 14 against Hard. The
// hex board then took 0.15: on seed 301, 0.1 gave 79 – 21, 0.15 81 – 19 and 0.2 73 – 27,
// and 0.15 gave 82 – 18 and 87 – 13 on seeds 302 and 303. The diagonal board keeps 0.2
// (seeds 301 and 302: 79 – 21 with 0.2, 78 – 22 and 75 – 25 with 0.15). The orthogonal
// board keeps the default.
func (s *State) Exploration() float64 {
	switch topologies[s.v.topology] {
	case "diagonal":
		return 0.2
	case "hex":
		return 0.15
	}
	return 0
}

// AllMovesVisits makes Expert's search on the diagonal board trust the all-moves
// statistics for fewer visits than the default 300: they weigh as much as a child's own
// mean at 100 visits. Against plain search, 100 games per run with exploration 0.2
// (2026-11-27): on seed 301, 82 – 18 with 100, 79 – 21 with 300, 75 – 25 with 1,000 and 51 –
// 49 without those statistics; on seed 302, 82 – 18 with 100. The other boards keep the
// default.
func (s *State) AllMovesVisits() float64 {
	if topologies[s.v.topology] == "diagonal" {
		return 100
	}
	return 0
}

// PreferredEngine reports the engine chosen for Tiptoe by self-play measurement: tree
// search, which beat alpha-beta 7 – 5 at Expert strength (12 games only, figures in
// rules/ai/STRENGTH.md), as in Stoic, the other placement game decided by who runs out
// of points first.
func (s *State) PreferredEngine() rules.Engine { return rules.TreeEngine }

// Memoryless reports that the pieces and the player to move, which Hash covers, decide
// everything that can follow: the setup step follows from the number of pieces.
func (s *State) Memoryless() bool { return true }

// RandomMove implements rules.RandomMover: the open cells are already a set, so it draws
// an index among them and builds only that placement.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	n := s.open.count()
	if n == 0 {
		return rules.Move{}, false
	}
	c := s.open.nth(rng.IntN(n))
	return placement(s.v.siteOf[c]), true
}
