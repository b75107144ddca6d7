package squish

import (
	"testing"

	"koma/rules/rulestest"
)

func BenchmarkPlayout(b *testing.B) { rulestest.BenchPlayout(b, start(b, Game, "")) }
func BenchmarkRandomMovePlayout(b *testing.B) {
	rulestest.BenchRandomMovePlayout(b, start(b, Game, ""))
}
func BenchmarkFlowishRandomMovePlayout(b *testing.B) {
	rulestest.BenchRandomMovePlayout(b, start(b, Flowish, ""))
}
func BenchmarkLegalMoves(b *testing.B) { rulestest.BenchLegalMoves(b, start(b, Game, "")) }
