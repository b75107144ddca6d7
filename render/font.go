package render

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"koma/assets"
)

// fontSources parses the regular and bold UI fonts once; every face shares them.
var fontSources = sync.OnceValues(func() ([2]*text.GoTextFaceSource, error) {
	var out [2]*text.GoTextFaceSource
	for i, data := range [][]byte{assets.UIFont(), assets.UIFontBold()} {
		src, err := text.NewGoTextFaceSource(bytes.NewReader(data))
		if err != nil {
			return out, fmt.Errorf("render: parse UI font: %w", err)
		}
		out[i] = src
	}
	return out, nil
})
