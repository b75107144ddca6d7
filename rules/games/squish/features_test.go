package squish

import (
	"path/filepath"
	"testing"

	"koma/rules"
)

// naiveFeatures works out sideFeatures for colour from scratch on the naive board: the
// moves colour would have if it were to move, and everything else by scanning cells.
func naiveFeatures(n *naive, colour byte) (f [numFeatures]float64) {
	as := n.clone()
	as.mover, as.over = colour, false
	moves := as.moves()
	other := n.clone()
	other.mover, other.over = opp(colour), false
	movers, hit := map[[2]int]bool{}, map[[2]int]bool{}
	caps := 0
	for _, m := range moves {
		movers[m[0]] = true
		if n.at(m[1]) == opp(colour) {
			caps++
		}
		after := as.clone()
		after.set(m[0], '.')
		after.set(m[1], colour)
		if len(after.groups(colour)) == 1 {
			f[8] = 1
		}
	}
	for _, m := range other.moves() {
		if n.at(m[1]) == colour {
			hit[m[1]] = true
		}
	}
	f[0], f[1], f[6], f[9] = float64(len(moves)), float64(len(movers)), float64(caps), float64(len(hit))
	own := n.pieces(colour)
	f[2] = float64(len(own))
	groups := n.groups(colour)
	f[3] = float64(len(groups))
	for _, g := range groups {
		f[4] = max(f[4], float64(len(g)))
		if len(g) == 1 {
			f[7]++
		}
	}
	for _, p := range own {
		lonely := true
		for _, d := range naiveDirs {
			for k := 1; n.inside(p[0]+k*d[0], p[1]+k*d[1]); k++ {
				if n.at([2]int{p[0] + k*d[0], p[1] + k*d[1]}) == colour {
					lonely = false
				}
			}
		}
		if lonely {
			f[5]++
		}
	}
	return f
}

// TestSideFeatures checks the learned evaluation's features of both sides against the
// naive implementation, before every move of the recorded games it was fitted to.
func TestSideFeatures(t *testing.T) {
	games, checked := 0, 0
	for _, rec := range readRecords(t, filepath.Join("testdata", "learn", "ee1.txt")) {
		if games++; games > 60 {
			break
		}
		s, n := start(t, Game, ""), newNaive(4, false)
		for _, text := range rec.moves {
			for p, colour := range map[rules.Player]byte{0: 'W', 1: 'B'} {
				if got, want := s.sideFeatures(p), naiveFeatures(n, colour); got != want {
					t.Fatalf("game %d before %s, %c: features %v, want %v\n%s", games, text, colour, got, want, n.board())
				}
				checked++
			}
			m, err := rules.ParseMove(s, text)
			if err != nil || !n.play(text) {
				t.Fatalf("game %d: %s does not replay (%v)", games, text, err)
			}
			s.Apply(m)
		}
	}
	t.Logf("%d positions checked for each side", checked/2)
}
