package ai

// The arithmetic of tree search, written so that a search gives the same bits on every
// platform: fixed tables where the common case would divide or take roots, explicit
// conversions that forbid fused multiply-adds, and a logarithm of its own.

import "math"

// The tables below spare the common case of pick its divisions and square roots; counts
// beyond them take the formulas the tables were built from.

// meanOf is the mean reward of a score over visits > 0.
func meanOf(score uint64, visits uint32) float64 {
	if visits < smallVisits {
		return float64(float64(score) * perVisit[visits])
	}
	return float64(score) / float64(unit*float64(visits))
}

// bonus is the exploration bonus of a child of visits > 0 under a parent of ln N = logN,
// where reach is the bonus of one visit.
func (s *mcts) bonus(visits uint32, reach, logN float64) float64 {
	if visits < smallVisits {
		return float64(reach * rootInverse[visits])
	}
	return float64(s.cfg.Exploration * math.Sqrt(logN/float64(visits)))
}

// blend is the weight of the all-moves mean against a child's own mean after visits.
func (s *mcts) blend(visits uint32) float64 {
	if visits < smallVisits {
		return s.beta[visits]
	}
	return math.Sqrt(s.opt.raveK / float64(3*float64(visits)+s.opt.raveK))
}

// smallVisits bounds the visit counts that perVisit, rootInverse and a search's beta table
// cover: most children of a big tree have fewer.
const smallVisits = 1 << 12

// perVisit[v] is 1/(unit·v), which turns a score into a mean, rootInverse[v] is 1/√v, the
// exploration bonus of v visits per unit of exploration, and logVisits[v] is ln(v). Square
// roots and divisions are correctly rounded everywhere, and ln is written to be, so the
// tables hold the same bits on every platform.
var perVisit, rootInverse, logVisits = visitTables()

func visitTables() (per, root, log *[smallVisits]float64) {
	per, root, log = new([smallVisits]float64), new([smallVisits]float64), new([smallVisits]float64)
	for v := 1; v < smallVisits; v++ {
		per[v] = 1 / float64(unit*v)
		root[v] = 1 / math.Sqrt(float64(v))
		log[v] = ln(float64(v))
	}
	log[0] = ln(0)
	return per, root, log
}

// lnVisits is ln(v), from the table when v is small.
func lnVisits(v uint32) float64 {
	if v < smallVisits {
		return logVisits[v]
	}
	return ln(float64(v))
}

// uct is the UCB1 value of a child. The explicit float64 conversions forbid fused
// multiply-adds, which some architectures would otherwise round differently.
func uct(score uint64, visits uint32, logN, c float64) float64 {
	v := float64(visits)
	mean := float64(score) / float64(unit*v)
	bonus := float64(c * math.Sqrt(logN/v))
	return mean + bonus
}

// lnSeries holds 1/(2k+1) for k = 11 down to 1: the coefficients of the series below.
var lnSeries = [...]float64{1.0 / 23, 1.0 / 21, 1.0 / 19, 1.0 / 17, 1.0 / 15, 1.0 / 13, 1.0 / 11, 1.0 / 9, 1.0 / 7, 1.0 / 5, 1.0 / 3}

// ln is the natural logarithm of x > 0, computed only with correctly rounded arithmetic so
// that it gives the same bits on every platform, which math.Log does not promise.
func ln(x float64) float64 {
	if !(x > 0) {
		return math.Inf(-1)
	}
	frac, exp := math.Frexp(x)
	if frac < math.Sqrt2/2 {
		frac *= 2
		exp--
	}
	// With frac in [0.707, 1.414), s = (frac-1)/(frac+1) is below 0.172 in size, and
	// ln(frac) = 2s(1 + s²/3 + s⁴/5 + ...), whose terms past s²² are below one part in 1e17.
	s := (frac - 1) / (frac + 1)
	s2 := float64(s * s)
	p := 0.0
	for _, c := range lnSeries {
		p = float64(p*s2) + c
	}
	p = float64(p*s2) + 1
	return float64(2*float64(s*p)) + float64(float64(exp)*math.Ln2)
}
