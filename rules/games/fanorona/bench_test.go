package fanorona

import (
	"testing"

	"koma/rules/rulestest"
)

func BenchmarkPlayout(b *testing.B) { rulestest.BenchPlayout(b, start(b, "")) }
func BenchmarkRandomMovePlayout(b *testing.B) {
	rulestest.BenchRandomMovePlayout(b, start(b, ""))
}
func BenchmarkRandomMovePlayoutDimy(b *testing.B) {
	rulestest.BenchRandomMovePlayout(b, start(b, "board=dimy"))
}
func BenchmarkLegalMoves(b *testing.B) { rulestest.BenchLegalMoves(b, start(b, "")) }
