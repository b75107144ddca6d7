// Package catalog lists every game Koma offers, in menu order. Adding a game is one line here.
package catalog

import (
	"koma/rules"
	"koma/rules/games/alquad"
	"koma/rules/games/alquerque"
	"koma/rules/games/apart"
	"koma/rules/games/collapse"
	"koma/rules/games/fanorona"
	"koma/rules/games/foxhounds"
	"koma/rules/games/halma"
	"koma/rules/games/konane"
	"koma/rules/games/mabi"
	"koma/rules/games/node"
	"koma/rules/games/orochi"
	"koma/rules/games/sibling"
	"koma/rules/games/sight"
	"koma/rules/games/skirt"
	"koma/rules/games/squish"
	"koma/rules/games/stoic"
	"koma/rules/games/stride"
	"koma/rules/games/tafl"
	"koma/rules/games/tiptoe"
	"koma/rules/games/turkish"
	"koma/rules/games/unlace"
)

// All is every game, in the order the menu shows them.
var All = rules.Catalog{
	konane.Game,
	stoic.Game,
	stride.Game,
	alquerque.Game,
	foxhounds.Game,
	tafl.Tablut,
	tafl.Brandub,
	tafl.ArdRi,
	turkish.Game,
	halma.Game,
	mabi.Game,
	apart.Game,
	tiptoe.Game,
	fanorona.Game,
	squish.Game,
	squish.Flowish,
	unlace.Game,
	skirt.Game,
	node.Game,
	orochi.Game,
	sibling.Game,
	collapse.Game,
	sight.Game,
	alquad.Game,
}
