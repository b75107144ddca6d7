package scenes

import (
	"testing"

	"koma/render/drawtest"
)

func TestMain(m *testing.M) { drawtest.Main(m) }
