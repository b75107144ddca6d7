// Package assets embeds the files the app ships with: the interface fonts and their
// licence. It is pure Go so that tests, tools and the rules side can use it without a
// display.
package assets

import _ "embed"

// The fonts are embedded one by one rather than as an embed.FS so that a missing file is
// a build error, not a run-time one.
var (
	//go:embed fonts/Mplus1-Medium.subset.otf
	uiFont []byte
	//go:embed fonts/Mplus1-Bold.subset.otf
	uiFontBold []byte
	//go:embed fonts/LICENSE-MPLUS.txt
	fontLicence string
)

// UIFont returns the interface font (M PLUS 1 Medium, OpenType/CFF, subset to Latin, kana,
// JIS X 0208 symbols and level-1 kanji plus every character of the bundled texts). The
// slice is shared: callers must not modify it.
func UIFont() []byte { return uiFont }

// UIFontBold returns the bold interface font, with the same character set as UIFont. The
// slice is shared: callers must not modify it.
func UIFontBold() []byte { return uiFontBold }

// FontLicence returns the licence text of the bundled fonts (SIL Open Font License 1.1),
// which the app's about screen can show.
func FontLicence() string { return fontLicence }
