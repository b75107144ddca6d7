package squish

import (
	"path/filepath"
	"testing"

	"koma/rules"
)

// naiveFeatures works out all thirteen features for colour from scratch on the naive board (the
// first ten are sideFeatures): the moves colour would have if it were to move, and
// everything else by scanning cells.
func naiveFeatures(n *naive, colour byte) (f [numFlowFeatures]float64) {
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
	pairs, sum := 0, 0
	for i, a := range own {
		for _, b := range own[i+1:] {
			dq, dy := a[0]-b[0], a[1]-b[1]
			d := (iabs(dq) + iabs(dy) + iabs(dq+dy)) / 2
			pairs, sum = pairs+1, sum+d
			f[11] = max(f[11], float64(d))
		}
		for _, d := range naiveDirs {
			if n.at([2]int{a[0] + d[0], a[1] + d[1]}) == opp(colour) {
				f[12]++
				break
			}
		}
	}
	if pairs > 0 {
		f[10] = float64(sum) / float64(pairs)
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

// TestSideFeatures checks the learned evaluations' features of both sides against the
// naive implementation, before every move of the first recorded games they were fitted
// to: Squish's ten and Flowish's thirteen (features).
func TestSideFeatures(t *testing.T) {
	for _, l := range learnts {
		t.Run(l.game.ID, func(t *testing.T) {
			flow := l.game == Flowish
			checked := 0
			for i, rec := range readRecords(t, filepath.Join("testdata", "learn", l.records))[:40] {
				s := start(t, l.game, l.options)
				n := newNaive(s.v.Size, flow)
				for _, text := range rec.moves {
					for p, colour := range map[rules.Player]byte{0: 'W', 1: 'B'} {
						want := naiveFeatures(n, colour)
						got := l.features(s, p)
						if !flow {
							want[10], want[11], want[12] = 0, 0, 0
							got = append(got, 0, 0, 0)
						}
						if [numFlowFeatures]float64(got) != want {
							t.Fatalf("game %d before %s, %c: features %v, want %v\n%s", i+1, text, colour, got, want, n.board())
						}
						checked++
					}
					m, err := rules.ParseMove(s, text)
					if err != nil || !n.play(text) {
						t.Fatalf("game %d: %s does not replay (%v)", i+1, text, err)
					}
					s.Apply(m)
				}
			}
			t.Logf("%d positions checked for each side", checked/2)
		})
	}
}
