package i18n

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// The glossary (glossary.txt) holds the terms every text uses. These tests read it, check
// each line, and hold the Japanese texts to it: no banned variant anywhere, and the chosen
// term in every place the glossary names.

// glossaryEntry is one line of glossary.txt.
type glossaryEntry struct {
	line     int
	english  string
	japanese string
	places   []string // "ui:<key>" or "rules:<game>"
	banned   []string
}

// parseGlossary reads glossary.txt. Blank lines and lines starting with "#" are skipped;
// every other line must have four non-empty fields separated by "|". A "-" field means
// none. It returns every problem found, not only the first.
func parseGlossary(src string) ([]glossaryEntry, error) {
	var entries []glossaryEntry
	var problems []string
	bad := func(n int, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("glossary line %d: %s", n, fmt.Sprintf(format, args...)))
	}
	seen := map[string]int{}
	for i, raw := range splitLines(src) {
		n := i + 1
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "|")
		if len(fields) != 4 {
			bad(n, "%d fields, want 4 (English | Japanese | where used | banned)", len(fields))
			continue
		}
		for j := range fields {
			fields[j] = strings.TrimSpace(fields[j])
		}
		e := glossaryEntry{line: n, english: fields[0], japanese: fields[1]}
		switch {
		case e.english == "" || e.english == "-":
			bad(n, "no English term")
			continue
		case e.japanese == "" || e.japanese == "-":
			bad(n, "no Japanese term for %q", e.english)
			continue
		case fields[2] == "" || fields[3] == "":
			bad(n, `empty field for %q (write "-" for none)`, e.english)
			continue
		}
		if prev, dup := seen[e.english]; dup {
			bad(n, "%q is already defined on line %d", e.english, prev)
			continue
		}
		seen[e.english] = n
		ok := true
		if fields[2] != "-" {
			for _, p := range strings.Fields(fields[2]) {
				kind, name, _ := strings.Cut(p, ":")
				if (kind != "ui" && kind != "rules") || name == "" {
					bad(n, `place %q is not "ui:<key>" or "rules:<game>"`, p)
					ok = false
				}
				e.places = append(e.places, p)
			}
		}
		if fields[3] != "-" {
			for _, b := range strings.Fields(fields[3]) {
				if strings.Contains(e.japanese, b) {
					bad(n, "banned %q is part of the term %q itself", b, e.japanese)
					ok = false
				}
				e.banned = append(e.banned, b)
			}
		}
		if ok {
			entries = append(entries, e)
		}
	}
	if len(problems) > 0 {
		return entries, fmt.Errorf("%s", strings.Join(problems, "\n"))
	}
	return entries, nil
}

func TestParseGlossary(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    []glossaryEntry
		wantErr string // substring of the error; "" means no error
	}{
		{"comments and blanks", "# header\n\n  # indented\n", nil, ""},
		{"full line", "play again | もう一局 | ui:game.rematch | もう一度 再戦\n",
			[]glossaryEntry{{1, "play again", "もう一局", []string{"ui:game.rematch"}, []string{"もう一度", "再戦"}}}, ""},
		{"dashes for none", "king | 王 | - | -\n", []glossaryEntry{{1, "king", "王", nil, nil}}, ""},
		{"several places", "piece | 駒 | rules:konane rules:stoic | コマ\n",
			[]glossaryEntry{{1, "piece", "駒", []string{"rules:konane", "rules:stoic"}, []string{"コマ"}}}, ""},
		{"three fields", "piece | 駒 | rules:konane\n", nil, "line 1: 3 fields, want 4"},
		{"five fields", "piece | 駒 | - | - | extra\n", nil, "5 fields"},
		{"no separator", "piece 駒\n", nil, "1 fields"},
		{"empty English", " | 駒 | - | -\n", nil, "no English term"},
		{"empty Japanese", "piece |  | - | -\n", nil, "no Japanese term"},
		{"empty place field", "piece | 駒 |  | -\n", nil, "empty field"},
		{"empty banned field", "piece | 駒 | - | \n", nil, "empty field"},
		{"unknown place", "piece | 駒 | menu | -\n", nil, `place "menu"`},
		{"place without a name", "piece | 駒 | ui: | -\n", nil, `place "ui:"`},
		{"banned part of the term", "move now | すぐ指させる | - | すぐ指\n", nil, "part of the term"},
		{"duplicate English", "piece | 駒 | - | -\n\npiece | コマ | - | -\n", []glossaryEntry{{1, "piece", "駒", nil, nil}}, "line 3: \"piece\" is already defined on line 1"},
		{"good lines kept around a bad one", "piece | 駒 | - | -\nbroken\nking | 王 | - | -\n",
			[]glossaryEntry{{1, "piece", "駒", nil, nil}, {3, "king", "王", nil, nil}}, "line 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseGlossary(tt.in)
			if !slices.EqualFunc(got, tt.want, func(a, b glossaryEntry) bool {
				return a.line == b.line && a.english == b.english && a.japanese == b.japanese &&
					slices.Equal(a.places, b.places) && slices.Equal(a.banned, b.banned)
			}) {
				t.Errorf("entries\n got %+v\nwant %+v", got, tt.want)
			}
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("unexpected error: %v", err)
			case tt.wantErr != "" && err == nil:
				t.Errorf("no error, want one containing %q", tt.wantErr)
			case err != nil && !strings.Contains(err.Error(), tt.wantErr):
				t.Errorf("error %q, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

// isKatakana reports whether r belongs to a katakana word (including ー and ・).
func isKatakana(r rune) bool { return r >= 0x30A0 && r <= 0x30FF }

// containsTerm reports whether term occurs in text. A term written wholly in katakana only
// counts where it is a whole word, not part of a longer katakana word: セル is not in
// キャンセル, コマ is not in コマンド.
func containsTerm(text, term string) bool {
	if term == "" {
		return false
	}
	katakana := true
	for _, r := range term {
		katakana = katakana && isKatakana(r)
	}
	for i := 0; ; {
		j := strings.Index(text[i:], term)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(term)
		if !katakana {
			return true
		}
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if !isKatakana(before) && !isKatakana(after) {
			return true
		}
		i = start + 1
		for i < len(text) && !utf8.RuneStart(text[i]) {
			i++
		}
	}
}

func TestContainsTerm(t *testing.T) {
	tests := []struct {
		text, term string
		want       bool
	}{
		{"六角形のセルに置く", "セル", true},
		{"キャンセルを押す", "セル", false},
		{"セル", "セル", true},
		{"キャンセルとセル", "セル", true},
		{"コマンドを入力", "コマ", false},
		{"コマを取る", "コマ", true},
		{"駒を取る", "コマ", false},
		{"捕獲は義務です", "義務", true},
		{"捕獲は強制です", "義務", false},
		{"", "駒", false},
		{"駒", "", false},
	}
	for _, tt := range tests {
		if got := containsTerm(tt.text, tt.term); got != tt.want {
			t.Errorf("containsTerm(%q, %q) = %v, want %v", tt.text, tt.term, got, tt.want)
		}
	}
}

// japaneseTexts returns every Japanese text by where it lives: "ui:<key>" for each value of
// ja/ui.txt and "rules:<game>" for the whole of each ja/rules/<game>.md.
func japaneseTexts(tb testing.TB) map[string]string {
	tb.Helper()
	texts := map[string]string{}
	data, err := fs.ReadFile(locales, "locales/ja/ui.txt")
	if err != nil {
		tb.Fatal(err)
	}
	ui, err := ParseUI(data)
	if err != nil {
		tb.Fatal(err)
	}
	for k, v := range ui {
		texts["ui:"+k] = v
	}
	ids, err := RulesIDs(Japanese)
	if err != nil {
		tb.Fatal(err)
	}
	for _, id := range ids {
		data, err := fs.ReadFile(locales, path.Join("locales", "ja", "rules", id+".md"))
		if err != nil {
			tb.Fatal(err)
		}
		texts["rules:"+id] = string(data)
	}
	return texts
}

func readGlossary(tb testing.TB) []glossaryEntry {
	tb.Helper()
	data, err := os.ReadFile("glossary.txt")
	if err != nil {
		tb.Fatal(err)
	}
	entries, err := parseGlossary(string(data))
	if err != nil {
		tb.Fatal(err)
	}
	if len(entries) == 0 {
		tb.Fatal("glossary.txt has no entries")
	}
	return entries
}

// TestGlossaryBannedTerms fails when a variant the glossary bans appears in any Japanese
// text.
func TestGlossaryBannedTerms(t *testing.T) {
	texts := japaneseTexts(t)
	places := slices.Sorted(func(yield func(string) bool) {
		for p := range texts {
			if !yield(p) {
				return
			}
		}
	})
	for _, e := range readGlossary(t) {
		for _, b := range e.banned {
			for _, p := range places {
				if containsTerm(texts[p], b) {
					t.Errorf("%s uses %q; the glossary (line %d) says %q for %q", p, b, e.line, e.japanese, e.english)
				}
			}
		}
	}
}

// TestGlossaryTermsUsed checks that every place the glossary names exists and uses the
// Japanese term.
func TestGlossaryTermsUsed(t *testing.T) {
	texts := japaneseTexts(t)
	for _, e := range readGlossary(t) {
		for _, p := range e.places {
			text, ok := texts[p]
			switch {
			case !ok:
				t.Errorf("glossary line %d: %s does not exist", e.line, p)
			case !strings.Contains(text, e.japanese):
				t.Errorf("%s does not use %q for %q (glossary line %d)", p, e.japanese, e.english, e.line)
			}
		}
	}
}

// typographyProblem describes the first place where text breaks Koma's Japanese typography
// (no space between Japanese and Latin text, full-width punctuation beside Japanese), or
// returns "": an ASCII space between a Japanese character and a Latin letter or digit
// (often left by a line break inside a paragraph), or ASCII punctuation (, : ; ( ) ! ?)
// touching a Japanese character, where the full-width form belongs.
func typographyProblem(text string) string {
	runes := []rune(text)
	latin := func(r rune) bool { return r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) }
	for i, r := range runes {
		var prev, next rune
		if i > 0 {
			prev = runes[i-1]
		}
		if i+1 < len(runes) {
			next = runes[i+1]
		}
		switch {
		case r == ' ' && (isCJK(prev) && latin(next) || latin(prev) && isCJK(next)):
			return fmt.Sprintf("a space in %q", string(runes[max(i-6, 0):min(i+7, len(runes))]))
		case strings.ContainsRune(",:;()!?", r) && (isCJK(prev) || isCJK(next)):
			return fmt.Sprintf("ASCII %q in %q", r, string(runes[max(i-6, 0):min(i+7, len(runes))]))
		}
	}
	return ""
}

func TestTypographyProblem(t *testing.T) {
	tests := []struct {
		text string
		bad  bool
	}{
		{"d4に白を置きます。", false},
		{"d4 に白を置きます。", true},
		{"駒があるのも 2マスです。", true},
		{"Komaでは", false},
		{"Koma では", true},
		{"読み筋：a1xb2、b3xb1", false},
		{"読み筋: a1xb2, b3xb1", true},
		{"コナネ(Kōnane)", true},
		{"加藤香流（Kanare Kato）", false},
		{"‹ メニュー", false},
		{"Final count: White 3, Black 2.", false},
		{"6×6、連続ジャンプなし", false},
	}
	for _, tt := range tests {
		if got := typographyProblem(tt.text); (got != "") != tt.bad {
			t.Errorf("typographyProblem(%q) = %q, want a problem: %v", tt.text, got, tt.bad)
		}
	}
}

// TestJapaneseTypography holds every Japanese text, as the app shows it, to Koma's Japanese
// typography (see typographyProblem).
func TestJapaneseTypography(t *testing.T) {
	for place, text := range japaneseTexts(t) {
		if strings.HasPrefix(place, "ui:") {
			if p := typographyProblem(text); p != "" {
				t.Errorf("%s: %s", place, p)
			}
			continue
		}
		id := strings.TrimPrefix(place, "rules:")
		doc, err := Rules(Japanese, id)
		if err != nil {
			t.Errorf("%s: %v", place, err)
			continue
		}
		shown := []string{doc.Name, doc.Summary}
		for _, k := range slices.Sorted(func(yield func(string) bool) {
			for k := range doc.Labels {
				if !yield(k) {
					return
				}
			}
		}) {
			shown = append(shown, doc.Labels[k])
		}
		for _, b := range doc.Blocks {
			if b.Kind != Diagram {
				shown = append(shown, Plain(b.Text))
			}
		}
		// Diagram captions are single lines of the source.
		for _, line := range splitLines(text) {
			if c, ok := strings.CutPrefix(strings.TrimSpace(line), "caption:"); ok {
				shown = append(shown, strings.TrimSpace(c))
			}
		}
		for _, s := range shown {
			if p := typographyProblem(s); p != "" {
				t.Errorf("%s: %s", place, p)
			}
		}
	}
}
