package assets

import (
	"strings"
	"testing"

	"golang.org/x/image/font/sfnt"
)

// maxFontBytes guards the web download: a font that grows past it was probably subset with
// the wrong character set.
const maxFontBytes = 1 << 20

func TestFonts(t *testing.T) {
	fonts := []struct {
		name string
		data []byte
	}{
		{"UIFont", UIFont()},
		{"UIFontBold", UIFontBold()},
	}
	// One character from every range the subset keeps that M PLUS 1 draws at all (it has no
	// arrows, no white shapes and no half-width katakana).
	sample := []rune("Aaz09~é ōŒ—…×≠■▲　、。「」ぁんァヶー！０〜亜腕駒盤跳")
	for _, f := range fonts {
		t.Run(f.name, func(t *testing.T) {
			if len(f.data) == 0 || len(f.data) > maxFontBytes {
				t.Fatalf("%d bytes, want 1..%d", len(f.data), maxFontBytes)
			}
			font, err := sfnt.Parse(f.data)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			var buf sfnt.Buffer
			for _, r := range sample {
				if g, err := font.GlyphIndex(&buf, r); err != nil || g == 0 {
					t.Errorf("no glyph for %q (U+%04X): %v", r, r, err)
				}
			}
		})
	}
}

func TestFontsDiffer(t *testing.T) {
	if string(UIFont()) == string(UIFontBold()) {
		t.Error("UIFont and UIFontBold are the same file")
	}
}

func TestFontLicence(t *testing.T) {
	for _, want := range []string{"SIL Open Font License", "M+ FONTS Project Authors"} {
		if !strings.Contains(FontLicence(), want) {
			t.Errorf("licence does not mention %q", want)
		}
	}
}
