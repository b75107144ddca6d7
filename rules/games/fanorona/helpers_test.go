package fanorona

import (
	"testing"

	"koma/rules/rulestest"
)

func start(t testing.TB, options string) *State { return rulestest.Start[*State](t, Game, options) }
