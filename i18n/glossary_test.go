package i18n

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// The glossary (glossary.txt) holds the terms every text uses. These tests read it, check
// each line, and hold the Japanese texts to it: no banned variant anywhere, the chosen term
// in every place the glossary names, and the chosen heading wherever the English rules have
// the matching one.

// glossaryEntry is one line of glossary.txt.
type glossaryEntry struct {
	line     int
	english  string
	japanese string
	places   []string // "ui:<key>", "rules:<game>", "rules:*" or "headings"
	banned   []string // variants as written in the file; see parseVariant
}

// variant is one banned variant of a glossary line: a text or, written "/…/", a regular
// expression, banned everywhere or, with a "heading:" or "rules:" prefix, only in the
// headings or only in the texts of the Japanese rules.
type variant struct {
	text  string
	re    *regexp.Regexp
	scope string // "", "heading" or "rules"
}

// parseVariant reads one banned variant of glossary.txt.
func parseVariant(raw string) (variant, error) {
	v := variant{text: raw}
	for _, scope := range []string{"heading", "rules"} {
		if rest, ok := strings.CutPrefix(raw, scope+":"); ok {
			v.text, v.scope = rest, scope
		}
	}
	if len(v.text) > 2 && strings.HasPrefix(v.text, "/") && strings.HasSuffix(v.text, "/") {
		re, err := regexp.Compile(v.text[1 : len(v.text)-1])
		if err != nil {
			return v, fmt.Errorf("banned %q: %v", raw, err)
		}
		v.re = re
	}
	if v.text == "" {
		return v, fmt.Errorf("banned %q is empty", raw)
	}
	return v, nil
}

// in reports whether the variant occurs in text (see containsTerm for whole katakana
// words).
func (v variant) in(text string) bool {
	if v.re != nil {
		return v.re.MatchString(text)
	}
	return containsTerm(text, v.text)
}

// appliesTo reports whether the variant is banned in a text of this kind: "ui", "rules" or
// "heading".
func (v variant) appliesTo(kind string) bool {
	return v.scope == "" || v.scope == kind || v.scope == "rules" && kind == "heading"
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
				if p != "headings" && ((kind != "ui" && kind != "rules") || name == "") {
					bad(n, `place %q is not "ui:<key>", "rules:<game>", "rules:*" or "headings"`, p)
					ok = false
				}
				e.places = append(e.places, p)
			}
		}
		if fields[3] != "-" {
			for _, b := range strings.Fields(fields[3]) {
				v, err := parseVariant(b)
				switch {
				case err != nil:
					bad(n, "%v", err)
					ok = false
				case v.in(e.japanese):
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
		{"every rules text and the headings", "End of the game | 終局 | rules:* headings | heading:終了\n",
			[]glossaryEntry{{1, "End of the game", "終局", []string{"rules:*", "headings"}, []string{"heading:終了"}}}, ""},
		{"a pattern", "soldiers | 8人の兵士 | - | /[0-9]+つの兵士/\n",
			[]glossaryEntry{{1, "soldiers", "8人の兵士", nil, []string{"/[0-9]+つの兵士/"}}}, ""},
		{"a broken pattern", "soldiers | 兵士 | - | /[0-9/\n", nil, "missing closing ]"},
		{"a pattern that matches the term", "soldiers | 8つの兵士 | - | /[0-9]つ/\n", nil, "part of the term"},
		{"an empty scoped variant", "end | 終局 | - | heading:\n", nil, "is empty"},
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

func TestVariant(t *testing.T) {
	tests := []struct {
		raw, text, kind string
		want            bool
	}{
		{"セル", "六角形のセル", "ui", true},
		{"セル", "キャンセル", "rules", false},
		{"heading:終了", "終了", "ui", false},
		{"heading:終了", "対局の終了", "rules", false},
		{"heading:終了", "終了", "heading", true},
		{"rules:初期設定", "初期設定に戻す", "ui", false},
		{"rules:初期設定", "初期設定では", "rules", true},
		{"rules:初期設定", "初期設定", "heading", true},
		{"/[^a-z0-9][0-9]+つ?の兵士/", "王と8つの兵士", "rules", true},
		{"/[^a-z0-9][0-9]+つ?の兵士/", "が16の兵士", "rules", true},
		{"/[^a-z0-9][0-9]+つ?の兵士/", "d3の兵士", "rules", false},
		{"/[^a-z0-9][0-9]+つ?の兵士/", "が8人の兵士", "rules", false},
	}
	for _, tt := range tests {
		v, err := parseVariant(tt.raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.appliesTo(tt.kind) && v.in(tt.text); got != tt.want {
			t.Errorf("%q in %s text %q: %v, want %v", tt.raw, tt.kind, tt.text, got, tt.want)
		}
	}
}

// rulesHeadings returns the headings of every rules text in lang, by game.
func rulesHeadings(tb testing.TB, lang Lang) map[string][]string {
	tb.Helper()
	ids, err := RulesIDs(lang)
	if err != nil {
		tb.Fatal(err)
	}
	out := map[string][]string{}
	for _, id := range ids {
		doc, err := Rules(lang, id)
		if err != nil {
			tb.Fatal(err)
		}
		out[id] = []string{}
		for _, b := range doc.Blocks {
			if b.Kind == Heading {
				out[id] = append(out[id], b.Text)
			}
		}
	}
	return out
}

// TestGlossaryBannedTerms fails when a variant the glossary bans appears in any Japanese
// text: interface strings and rules texts, or only the rules' headings for a variant
// written "heading:…".
func TestGlossaryBannedTerms(t *testing.T) {
	texts := japaneseTexts(t)
	for id, hs := range rulesHeadings(t, Japanese) {
		for i, h := range hs {
			texts[fmt.Sprintf("heading:%s:%d", id, i+1)] = h
		}
	}
	places := slices.Sorted(func(yield func(string) bool) {
		for p := range texts {
			if !yield(p) {
				return
			}
		}
	})
	for _, e := range readGlossary(t) {
		for _, b := range e.banned {
			v, err := parseVariant(b)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range places {
				kind, _, _ := strings.Cut(p, ":")
				if v.appliesTo(kind) && v.in(texts[p]) {
					found := v.text
					if v.re != nil {
						found = v.re.FindString(texts[p])
					}
					t.Errorf("%s uses %q; the glossary (line %d) says %q for %q", p, found, e.line, e.japanese, e.english)
				}
			}
		}
	}
}

// TestGlossaryHeadings holds the rules' headings to the glossary: the English and Japanese
// texts of a game have their headings in the same order, and wherever the English heading
// is a glossary term placed in "headings", the Japanese heading at the same place is its
// Japanese term.
func TestGlossaryHeadings(t *testing.T) {
	en, ja := rulesHeadings(t, English), rulesHeadings(t, Japanese)
	for _, id := range slices.Sorted(maps.Keys(en)) {
		if len(en[id]) != len(ja[id]) {
			t.Errorf("%s: %d English headings, %d Japanese ones:\n en %q\n ja %q", id, len(en[id]), len(ja[id]), en[id], ja[id])
		}
	}
	for _, e := range readGlossary(t) {
		if !slices.Contains(e.places, "headings") {
			continue
		}
		used := false
		for _, id := range slices.Sorted(maps.Keys(en)) {
			for i, h := range en[id] {
				if h != e.english || i >= len(ja[id]) {
					continue
				}
				used = true
				if ja[id][i] != e.japanese {
					t.Errorf("%s: the heading %q is %q in Japanese; the glossary (line %d) says %q", id, h, ja[id][i], e.line, e.japanese)
				}
			}
		}
		if !used {
			t.Errorf("glossary line %d: no English rules text has the heading %q", e.line, e.english)
		}
	}
}

// TestGlossaryTermsUsed checks that every place the glossary names exists and uses the
// Japanese term.
func TestGlossaryTermsUsed(t *testing.T) {
	texts := japaneseTexts(t)
	for _, e := range readGlossary(t) {
		var places []string
		for _, p := range e.places {
			switch p {
			case "headings": // TestGlossaryHeadings
			case "rules:*":
				for q := range texts {
					if strings.HasPrefix(q, "rules:") {
						places = append(places, q)
					}
				}
			default:
				places = append(places, p)
			}
		}
		slices.Sort(places)
		for _, p := range places {
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
