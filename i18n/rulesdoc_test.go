package i18n

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"koma/rules/rulestest"
)

const front = "---\nname: Test\nsummary: A test.\n---\n"

func TestParseRulesBlocks(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []Block
	}{
		{"headings of three levels", "# One\n## Two\n### Three\n",
			[]Block{{Kind: Heading, Text: "One"}, {Kind: Heading, Text: "Two"}, {Kind: Heading, Text: "Three"}}},
		{"paragraph lines joined by a space", "First line\nsecond line.\n\nNext.\n",
			[]Block{{Kind: Paragraph, Text: "First line second line."}, {Kind: Paragraph, Text: "Next."}}},
		{"japanese lines joined without a space", "駒を\n取ります。\n次に\nKonane\nの盤。\n",
			[]Block{{Kind: Paragraph, Text: "駒を取ります。次に Konane の盤。"}}},
		{"bold markers looked through at a break", "**駒**\nを取る。\n",
			[]Block{{Kind: Paragraph, Text: "**駒**を取る。"}}},
		{"bullets with an indented continuation", "- one\n  more\n- two\nafter\n",
			[]Block{{Kind: Bullet, Text: "one more"}, {Kind: Bullet, Text: "two"}, {Kind: Paragraph, Text: "after"}}},
		{"heading ends a paragraph", "text\n## Head\ntext\n",
			[]Block{{Kind: Paragraph, Text: "text"}, {Kind: Heading, Text: "Head"}, {Kind: Paragraph, Text: "text"}}},
		{"board lines", "Look:\n@board konane:size=6\n@board  stoic \n",
			[]Block{{Kind: Paragraph, Text: "Look:"}, {Kind: Diagram, Text: "konane:size=6"}, {Kind: Diagram, Text: "stoic"}}},
		{"bold kept in text", "A **bold** word.\n",
			[]Block{{Kind: Paragraph, Text: "A **bold** word."}}},
		{"indented text starts a paragraph", "  indented\n",
			[]Block{{Kind: Paragraph, Text: "indented"}}},
		{"a diagram with a figure", "@diagram konane:size=6\nafter: xc3 xc4\n  c5xc3\nmove: a1xc1\nillegal: a1-b2\nmark: c3 d4\ncaption: A jump.\n@end\nAfter.\n",
			[]Block{{Kind: Diagram, Text: "konane:size=6", Figure: &Figure{After: []string{"xc3", "xc4", "c5xc3"}, Move: "a1xc1",
				Illegal: []string{"a1", "b2"}, Mark: []string{"c3", "d4"}, Caption: "A jump."}}, {Kind: Paragraph, Text: "After."}}},
		{"CRLF line ends", "# H\r\ntext\r\n",
			[]Block{{Kind: Heading, Text: "H"}, {Kind: Paragraph, Text: "text"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := ParseRules([]byte(front + tt.body))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(doc.Blocks, tt.want) {
				t.Errorf("blocks\n got %+v\nwant %+v", doc.Blocks, tt.want)
			}
		})
	}
}

func TestParseRulesFrontMatter(t *testing.T) {
	src := "\ufeff---\n" +
		"name:  Kōnane \n" +
		"summary: Jump: and capture.\n" +
		"\n# a comment\n" +
		"option.size: Board size\n" +
		"option.size.6: 6×6\n" +
		"reason.stuck: No jump left\n" +
		"---\nBody.\n"
	doc, err := ParseRules([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	wantLabels := map[string]string{
		"option.size":   "Board size",
		"option.size.6": "6×6",
		"reason.stuck":  "No jump left",
	}
	if doc.Name != "Kōnane" || doc.Summary != "Jump: and capture." || !maps.Equal(doc.Labels, wantLabels) {
		t.Errorf("got name %q, summary %q, labels %q", doc.Name, doc.Summary, doc.Labels)
	}
}

func TestParseRulesErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"no front matter", "# Title\n", "line 1: the front matter must open"},
		{"empty file", "", "line 1: the front matter must open"},
		{"unclosed", "---\nname: a\nsummary: b\n", `no closing "---"`},
		{"no name", "---\nsummary: b\n---\ntext\n", "no name"},
		{"no summary", "---\nname: a\n---\ntext\n", "no summary"},
		{"not key value", "---\nname a\n---\n", `line 2: not "key: value"`},
		{"spaced key", "---\nthe name: a\n---\n", `line 2: bad key "the name"`},
		{"empty value", "---\nname:\n---\n", `line 2: empty value for "name"`},
		{"duplicate", "---\nname: a\nname: b\n---\n", `line 3: key "name" given twice`},
		{"no body", front + "\n\n", "no text after the front matter"},
		{"deep heading", front + "#### Four\n", "line 5: only #, ## and ###"},
		{"heading without space", front + "##Two\n", `line 5: a heading needs a space`},
		{"empty heading", front + "##   \n", "line 5: empty heading"},
		{"unknown directive", front + "@picture x\n", `line 5: unknown directive "@picture x"`},
		{"diagram without end", front + "@diagram x\ncaption: c\n", `a diagram without "@end"`},
		{"diagram without caption", front + "@diagram x\nmove: a1-a2\n@end\n", "line 7: a diagram needs a caption"},
		{"diagram with an unknown key", front + "@diagram x\narrow: a1\n@end\n", `line 6: unknown diagram key "arrow"`},
		{"diagram key twice", front + "@diagram x\nmove: a\nmove: b\n@end\n", "line 7: move given twice"},
		{"diagram stray indent", front + "@diagram x\nmove: a\n  b\n@end\n", "line 7: only after: continues"},
		{"diagram without spec", front + "@diagram\n", "line 5: @diagram without a spec"},
		{"glued directive", front + "@boardx\n", "line 5: unknown directive"},
		{"board without spec", front + "@board\n", "line 5: @board without a spec"},
		{"empty bullet", front + "- \n", "line 5: empty bullet"},
		{"unpaired bold", front + "text\n**half bold\n\nok\n", "line 5: unpaired ** in a paragraph"},
		{"unpaired bold in heading", front + "## **H\n", "line 5: unpaired ** in a heading"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRules([]byte(tt.src))
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !strings.HasPrefix(err.Error(), "i18n: rules: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want the i18n prefix and %q", err, tt.want)
			}
		})
	}
}

func TestJoinLines(t *testing.T) {
	tests := []struct{ a, b, want string }{
		{"one", "two", "one two"},
		{"駒を", "取る", "駒を取る"},
		{"カタカナ", "ひらがな", "カタカナひらがな"},
		{"終わり。", "次", "終わり。次"},
		{"「駒」", "（例）", "「駒」（例）"},
		{"駒", "A", "駒 A"},
		{"A", "駒", "A 駒"},
		{"6×6", "の盤", "6×6 の盤"},
		{"**盤**", "**面**", "**盤****面**"},
		{"**", "**", "** **"},
	}
	for _, tt := range tests {
		if got := joinLines(tt.a, tt.b); got != tt.want {
			t.Errorf("joinLines(%q, %q) = %q, want %q", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestSpans(t *testing.T) {
	tests := []struct {
		text string
		want []Span
	}{
		{"", nil},
		{"plain", []Span{{"plain", false}}},
		{"**bold**", []Span{{"bold", true}}},
		{"a **b** c", []Span{{"a ", false}, {"b", true}, {" c", false}}},
		{"**a** and **b**", []Span{{"a", true}, {" and ", false}, {"b", true}}},
		{"x **y", []Span{{"x **y", false}}},
		{"**a** b **c", []Span{{"a", true}, {" b **c", false}}},
		{"a****b", []Span{{"ab", false}}},
		{"**", []Span{{"**", false}}},
		{"****", nil},
		{"**駒**を取る", []Span{{"駒", true}, {"を取る", false}}},
	}
	for _, tt := range tests {
		got := Spans(tt.text)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Spans(%q) = %+v, want %+v", tt.text, got, tt.want)
		}
	}
}

func TestPlain(t *testing.T) {
	tests := []struct{ text, want string }{
		{"a **b** c", "a b c"},
		{"no markers", "no markers"},
		{"odd ** marker", "odd ** marker"},
	}
	for _, tt := range tests {
		if got := Plain(tt.text); got != tt.want {
			t.Errorf("Plain(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestRulesRejects(t *testing.T) {
	tests := []struct {
		lang     Lang
		id, want string
		notExist bool
	}{
		{Lang("fr"), "konane", `unknown language "fr"`, false},
		{English, "", `invalid game ID ""`, false},
		{English, "../ui", `invalid game ID "../ui"`, false},
		{English, "a/b", `invalid game ID "a/b"`, false},
		{Japanese, "no-such-game", `no ja rules for game "no-such-game"`, true},
	}
	for _, tt := range tests {
		_, err := Rules(tt.lang, tt.id)
		if err == nil || !strings.HasPrefix(err.Error(), "i18n: ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Rules(%s, %q) error %v, want %q", tt.lang, tt.id, err, tt.want)
			continue
		}
		if got := errors.Is(err, fs.ErrNotExist); got != tt.notExist {
			t.Errorf("Rules(%s, %q): errors.Is(err, fs.ErrNotExist) = %v", tt.lang, tt.id, got)
		}
	}
}

// TestParseRulesGolden parses the sample documents in testdata/rules and compares a dump of
// each with its .golden file (KOMA_UPDATE=1 rewrites them).
func TestParseRulesGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "rules", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no samples in testdata/rules")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := ParseRules(src)
			if err != nil {
				t.Fatal(err)
			}
			rulestest.Golden(t, strings.TrimSuffix(file, ".md")+".golden", dump(doc))
		})
	}
}

// dump writes a document one line per field, label and block, labels sorted by key.
func dump(doc RulesDoc) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\nsummary: %s\n", doc.Name, doc.Summary)
	for _, k := range slices.Sorted(maps.Keys(doc.Labels)) {
		fmt.Fprintf(&b, "label %s: %s\n", k, doc.Labels[k])
	}
	for _, bl := range doc.Blocks {
		fmt.Fprintf(&b, "%s: %s\n", bl.Kind, bl.Text)
		if spans := Spans(bl.Text); len(spans) > 1 {
			for _, s := range spans {
				fmt.Fprintf(&b, "  span bold=%v: %q\n", s.Bold, s.Text)
			}
		}
	}
	return b.String()
}

func BenchmarkParseRules(b *testing.B) {
	files, err := filepath.Glob(filepath.Join("testdata", "rules", "*.md"))
	if err != nil || len(files) == 0 {
		b.Fatal("no samples in testdata/rules", err)
	}
	var srcs [][]byte
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
	}
	for b.Loop() {
		for _, src := range srcs {
			if _, err := ParseRules(src); err != nil {
				b.Fatal(err)
			}
		}
	}
}
