package squish

import (
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

func TestRandomMoveAgrees(t *testing.T) {
	for _, g := range []*rules.Game{Game, Flowish} {
		for _, p := range g.Presets {
			for seed := uint64(1); seed <= 10; seed++ {
				rulestest.WalkRandomGame(t, start(t, g, p), seed, func(s *State) {
					rulestest.RandomMoveAgrees(t, s, seed)
				})
			}
		}
	}
}

func TestPlayoutsDoNotAllocate(t *testing.T) {
	for _, g := range []*rules.Game{Game, Flowish} {
		rulestest.PlayoutsDoNotAllocate(t, start(t, g, ""))
	}
}
