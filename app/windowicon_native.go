//go:build !js

package app

import (
	"log"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/assets/icon"
)

// SetWindowIcon gives the window Koma's icon at the sizes desktops choose from. The icons
// are drawn from the font (a few milliseconds) on a goroutine of their own, so that the
// window does not wait for them: Ebitengine applies an icon set at any time on its next
// frame.
func SetWindowIcon() {
	go func() {
		icons, err := icon.WindowIcons()
		if err != nil {
			log.Printf("app: window icon: %v", err)
			return
		}
		ebiten.SetWindowIcon(icons)
	}()
}
