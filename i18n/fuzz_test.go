package i18n

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// addSamples seeds a fuzz corpus with the sample documents and every embedded text, so the
// fuzzer starts from realistic input.
func addSamples(f *testing.F) {
	f.Helper()
	files, _ := filepath.Glob(filepath.Join("testdata", "rules", "*.md"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, name := range embeddedTexts(f) {
		data, err := locales.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

func FuzzParseRules(f *testing.F) {
	addSamples(f)
	for _, s := range []string{
		"", "---", "---\n---", front, front + "x", front + "- a\n  b\n@board g:k=v\n## **h**\n",
		front + "駒\nを\n\n**a\n", "---\r\nname: a\r\nsummary: b\r\n---\r\n# t\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, err := ParseRules(src)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "i18n: rules: ") {
				t.Fatalf("error without context: %v", err)
			}
			return
		}
		if doc.Name == "" || doc.Summary == "" {
			t.Errorf("accepted a document without name or summary: %+v", doc)
		}
		if _, ok := doc.Labels["name"]; ok {
			t.Error("name leaked into Labels")
		}
		if len(doc.Blocks) == 0 {
			t.Error("accepted a document without blocks")
		}
		for _, b := range doc.Blocks {
			if b.Kind < Heading || b.Kind > Diagram {
				t.Errorf("block of kind %d", b.Kind)
			}
			if b.Text == "" || strings.TrimSpace(b.Text) != b.Text || strings.ContainsAny(b.Text, "\r\n") {
				t.Errorf("block text %q is empty, padded or multi-line", b.Text)
			}
			if strings.Count(b.Text, "**")%2 != 0 {
				t.Errorf("block text %q has an unpaired **", b.Text)
			}
		}
	})
}

func FuzzParseUI(f *testing.F) {
	addSamples(f)
	for _, s := range []string{"", "a = b", "a=\\n", "# c\nk = v\\\\\nk = w", "=", "a b = c", "x = \\q"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cat, err := ParseUI(data)
		if err != nil && !strings.HasPrefix(err.Error(), "i18n: ui strings: ") {
			t.Fatalf("error without context: %v", err)
		}
		// Whatever was accepted must survive being written back out and read again.
		var b strings.Builder
		for _, k := range slices.Sorted(maps.Keys(cat)) {
			if k == "" || strings.ContainsAny(k, " \t\r\n=") || strings.HasPrefix(k, "#") {
				t.Fatalf("accepted key %q", k)
			}
			v := strings.NewReplacer(`\`, `\\`, "\n", `\n`).Replace(cat[k])
			fmt.Fprintf(&b, "%s = %s\n", k, v)
		}
		again, err := ParseUI([]byte(b.String()))
		if err != nil {
			t.Fatalf("re-reading %q: %v", b.String(), err)
		}
		if !maps.Equal(cat, again) {
			t.Errorf("round trip changed the entries:\n%q\n%q", cat, again)
		}
	})
}

func FuzzSpans(f *testing.F) {
	for _, s := range []string{"", "**", "***", "a **b** c", "**a** b **c", "****", "駒**を**"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		spans := Spans(text)
		markers := strings.Count(text, "**")
		dropped := markers - markers%2
		if got, want := len(Plain(text)), len(text)-2*dropped; got != want {
			t.Errorf("Plain(%q) has %d bytes, want %d", text, got, want)
		}
		for i, s := range spans {
			if s.Text == "" {
				t.Errorf("Spans(%q) has an empty span", text)
			}
			if i > 0 && spans[i-1].Bold == s.Bold {
				t.Errorf("Spans(%q) has two neighbouring spans of the same weight", text)
			}
		}
		if markers == 0 && text != "" && (len(spans) != 1 || spans[0].Bold || spans[0].Text != text) {
			t.Errorf("Spans(%q) = %+v, want the text as one plain span", text, spans)
		}
	})
}
