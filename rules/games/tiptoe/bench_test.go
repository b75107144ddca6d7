package tiptoe

import (
	"testing"

	"koma/rules/rulestest"
)

func benchPresets(b *testing.B, f func(*testing.B, *State)) {
	for _, preset := range Game.Presets {
		b.Run(presetName(preset), func(b *testing.B) { f(b, start(b, preset)) })
	}
}

func BenchmarkPlayout(b *testing.B) {
	benchPresets(b, func(b *testing.B, s *State) { rulestest.BenchPlayout(b, s) })
}

func BenchmarkRandomMovePlayout(b *testing.B) {
	benchPresets(b, func(b *testing.B, s *State) { rulestest.BenchRandomMovePlayout(b, s) })
}

func BenchmarkLegalMoves(b *testing.B) {
	benchPresets(b, func(b *testing.B, s *State) { rulestest.BenchLegalMoves(b, s) })
}
