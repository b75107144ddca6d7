package i18n

import (
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/image/font/sfnt"

	"koma/assets"
	"koma/rules/catalog"
)

// These tests check the shipped texts rather than the code: they grow with the catalog.

func TestCheck(t *testing.T) {
	if err := Check(); err != nil {
		t.Error(err)
	}
}

func TestUIKeyParity(t *testing.T) {
	cats, err := uiCatalogs()
	if err != nil {
		t.Fatal(err)
	}
	en, ja := Keys(English), Keys(Japanese)
	for _, k := range en {
		if !Has(Japanese, k) {
			t.Errorf("ja/ui.txt lacks %q", k)
		}
	}
	for _, k := range ja {
		if !Has(English, k) {
			t.Errorf("en/ui.txt lacks %q", k)
		}
	}
	for _, lang := range Languages() {
		for _, k := range Keys(lang) {
			if strings.TrimSpace(cats[lang][k]) == "" {
				t.Errorf("%s/ui.txt: %q is empty", lang, k)
			}
		}
	}
	t.Logf("%d English and %d Japanese keys", len(en), len(ja))
}

// TestRulesForCatalog checks that every game has rules in every language, with a label for
// each option and option value and at least one diagram, and that the languages agree on
// the labels.
func TestRulesForCatalog(t *testing.T) {
	for _, g := range catalog.All {
		t.Run(g.ID, func(t *testing.T) {
			docs := map[Lang]RulesDoc{}
			for _, lang := range Languages() {
				doc, err := Rules(lang, g.ID)
				if err != nil {
					t.Error(err)
					continue
				}
				docs[lang] = doc
				for _, o := range g.Options {
					keys := []string{"option." + o.Key}
					for _, v := range o.Values {
						keys = append(keys, "option."+o.Key+"."+v)
					}
					for _, k := range keys {
						if doc.Labels[k] == "" {
							t.Errorf("%s: no label %q", lang, k)
						}
					}
				}
				diagrams := 0
				for _, b := range doc.Blocks {
					if b.Kind != Diagram {
						continue
					}
					diagrams++
					spec, err := catalog.All.ParseSpec(b.Text)
					switch {
					case err != nil:
						t.Errorf("%s: @board %s: %v", lang, b.Text, err)
					case spec.Game.ID != g.ID:
						t.Errorf("%s: @board %s shows another game", lang, b.Text)
					default:
						if _, err := spec.New(); err != nil {
							t.Errorf("%s: @board %s: %v", lang, b.Text, err)
						}
					}
				}
				if diagrams == 0 {
					t.Errorf("%s: no @board line", lang)
				}
			}
			en, ja := docs[English], docs[Japanese]
			if en.Labels != nil && ja.Labels != nil {
				if ek, jk := slices.Sorted(maps.Keys(en.Labels)), slices.Sorted(maps.Keys(ja.Labels)); !slices.Equal(ek, jk) {
					t.Errorf("label keys differ:\n en %q\n ja %q", ek, jk)
				}
			}
		})
	}
}

// TestRulesFilesMatchCatalog catches a rules file left behind by a renamed game or written in
// one language only.
func TestRulesFilesMatchCatalog(t *testing.T) {
	ids := map[Lang][]string{}
	for _, lang := range Languages() {
		got, err := RulesIDs(lang)
		if err != nil {
			t.Fatal(err)
		}
		ids[lang] = got
		for _, id := range got {
			if _, err := catalog.All.Find(id); err != nil {
				t.Errorf("%s/rules/%s.md: %v", lang, id, err)
			}
		}
	}
	if !slices.Equal(ids[English], ids[Japanese]) {
		t.Errorf("rules files differ: en %q, ja %q", ids[English], ids[Japanese])
	}
}

// embeddedTexts lists every embedded text file, sorted.
func embeddedTexts(tb testing.TB) []string {
	tb.Helper()
	var names []string
	err := fs.WalkDir(locales, "locales", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, name)
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return names
}

// TestFontCoverage checks that the bundled fonts can draw every character of every
// embedded text, so that no text shows a missing-glyph box.
func TestFontCoverage(t *testing.T) {
	fonts := []struct {
		name string
		data []byte
	}{
		{"UIFont", assets.UIFont()},
		{"UIFontBold", assets.UIFontBold()},
	}
	// needs maps each character to the first file that uses it.
	needs := map[rune]string{}
	for _, name := range embeddedTexts(t) {
		data, err := locales.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range string(data) {
			if _, seen := needs[r]; !seen && !unicode.IsControl(r) && r != '\ufeff' {
				needs[r] = name
			}
		}
	}
	runes := slices.Sorted(maps.Keys(needs))
	for _, f := range fonts {
		t.Run(f.name, func(t *testing.T) {
			font, err := sfnt.Parse(f.data)
			if err != nil {
				t.Fatalf("parse %s: %v", f.name, err)
			}
			var buf sfnt.Buffer
			var missing []string
			for _, r := range runes {
				if g, err := font.GlyphIndex(&buf, r); err != nil || g == 0 {
					missing = append(missing, fmt.Sprintf("%q U+%04X (%s)", r, r, needs[r]))
				}
			}
			if len(missing) > 0 {
				t.Errorf("no glyph for %d characters:\n  %s\n"+
					"Re-run sh assets/fonts/subset.sh; if a character is still missing, "+
					"M PLUS 1 does not draw it (it has no arrows, circles, stars, ※ or 【】): reword.",
					len(missing), strings.Join(missing, "\n  "))
			}
			t.Logf("%d distinct characters checked", len(runes))
		})
	}
}
