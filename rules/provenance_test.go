package rules_test

import (
	"bytes"
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The repository must explain itself: a comment or text that sends the reader to a file the
// repository does not contain is a dead end. The rules were first worked out from rulebooks
// and research notes kept outside the repository; each game's package comment now names the
// rulebook and section a decision comes from, or says the decision is Koma's own. This file
// keeps it that way, for the repository as a whole: it lives with the rules because they
// are what those notes were about, and it needs nothing but the standard library.

// An outsideReference matches a mention of one kind of document kept outside the
// repository; what names the kind in the failure.
type outsideReference struct {
	what string
	re   *regexp.Regexp
}

// outsideReferences match the documents that stayed outside the repository: the research
// and style notes, the folder they were kept in, and the rulebook files by their number.
// They fail wherever they appear, even in code, and even if a file of the same name were
// added somewhere: they would still not be the document the text meant.
var outsideReferences = []outsideReference{
	{"an outside note", regexp.MustCompile(`\b(?:(?:resolutions|platform|aesthetics|anchors)\.md|(?:games-square|games-hex|games-alquerque|game-checklist|ja-style)(?:\.md)?)\b`)},
	{"the outside shared folder", regexp.MustCompile(`(^|[^\w./-])(\.\./)*shared/`)},
	{"an outside rulebook file", regexp.MustCompile(`\bseeds/`)},
	{"an outside rulebook file", regexp.MustCompile(`\bseeds? 00\d\b`)},
}

// fileName matches a word that names a file by one of the extensions the repository's texts
// use for files: its sources, texts and data, and the build's outputs.
var fileName = regexp.MustCompile(`[\w./@-]*\w\.(?:md|txt|json|go|mod|sum|sh|mjs|js|html|css|pdf|png|svg|otf|ttf|wasm|gz|csv|ya?ml|toml|lud)\b`)

// url matches a web address, whose path names files on another site.
var url = regexp.MustCompile(`\b[a-zA-Z][\w+.-]*://[^\s)<>\]"'` + "`" + `]*`)

// notInRepository lists the file names a text may mention although no such file is checked
// in, each for a reason of its own.
var notInRepository = map[string]string{
	"settings.json":          "the user's settings, written by the app at run time",
	"autosave.json":          "the game the app saves for the user to resume",
	"koma.wasm":              "the WebAssembly build, produced by build/web.sh",
	"koma.wasm.gz":           "the compressed WebAssembly build, produced by build/web.sh",
	"wasm_exec.js":           "Go's WebAssembly loader, copied from GOROOT by the build",
	"Node.js":                "the JavaScript runtime, not a file",
	"name.gz":                "the compressed twin the web server looks for beside any file",
	"konane-2026-11-23.json": "an example of the name the app suggests for a saved game",
}

// pendingOutsideCitations lists, by path from the repository root, files that still cite
// documents outside the repository and are being fixed by their owners: their findings are
// skipped until then. It is meant to be empty; remove a file as soon as it is fixed (the
// test fails for a listed file that cites nothing any more).
var pendingOutsideCitations = []string{}

// TestNoOutsideCitations fails for every comment or text that cites a file the repository
// does not contain. Markdown and plain text are read whole, but for Markdown's fenced code;
// of Go, shell, JavaScript and HTML files only the comments, and in Go not their indented
// code blocks, since code names the files it writes or fetches at run time. A name counts
// as present when it resolves from the citing file's folder or the repository root, or when
// any file in the repository has that base name (texts often shorten paths). The outside
// documents of outsideReferences fail everywhere.
func TestNoOutsideCitations(t *testing.T) {
	root := repositoryRoot(t)
	files := repositoryFiles(t, root)
	present := map[string]bool{}
	bases := map[string]bool{}
	for _, f := range files {
		present[f] = true
		bases[path.Base(f)] = true
		for d := path.Dir(f); d != "."; d = path.Dir(d) {
			present[d] = true
		}
	}
	self := "rules/provenance_test.go"
	found := map[string][]string{}
	allowed := map[string]bool{}
	for _, f := range files {
		kind := textKind(f)
		if kind == "" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		if f != self {
			for i, line := range strings.Split(string(data), "\n") {
				for _, o := range outsideReferences {
					if m := o.re.FindString(line); m != "" {
						found[f] = append(found[f], fmt.Sprintf("%s:%d: cites %s: %q", f, i+1, o.what, strings.TrimSpace(m)))
					}
				}
			}
		}
		for _, p := range prose(f, kind, data) {
			for _, name := range fileName.FindAllString(url.ReplaceAllString(p.text, " "), -1) {
				if _, ok := notInRepository[path.Base(name)]; ok {
					allowed[path.Base(name)] = true
					continue
				}
				if outside(name) {
					continue // reported above
				}
				if !cited(f, name, present, bases) {
					found[f] = append(found[f], fmt.Sprintf("%s:%d: cites %s, which the repository does not contain", f, p.line, name))
				}
			}
		}
	}
	for name := range notInRepository {
		if !allowed[name] {
			t.Errorf("no text mentions %s any more: remove it from notInRepository", name)
		}
	}
	for _, f := range pendingOutsideCitations {
		if len(found[f]) == 0 {
			t.Errorf("%s cites no outside file any more: remove it from pendingOutsideCitations", f)
		}
		delete(found, f)
	}
	var all []string
	for _, list := range found {
		all = append(all, list...)
	}
	slices.Sort(all)
	for _, e := range all {
		t.Error(e)
	}
}

// outside reports whether text mentions a document of outsideReferences.
func outside(text string) bool {
	return slices.ContainsFunc(outsideReferences, func(o outsideReference) bool {
		return o.re.MatchString(text)
	})
}

// cited reports whether name, found in the file at citing, names something the repository
// holds.
func cited(citing, name string, present, bases map[string]bool) bool {
	rel := strings.TrimLeft(name, "/")
	return present[path.Join(path.Dir(citing), name)] || present[path.Clean(rel)] ||
		bases[path.Base(name)]
}

func TestCited(t *testing.T) {
	files := []string{"README.md", "rules/ai/STRENGTH.md", "rules/games/tafl/doc.go", "rules/games/tafl/testdata/perft/tablut.txt"}
	present := map[string]bool{"rules": true, "rules/games": true}
	bases := map[string]bool{}
	for _, f := range files {
		present[f] = true
		bases[path.Base(f)] = true
	}
	tests := []struct {
		citing, name string
		want         bool
	}{
		{"rules/ai/ai.go", "STRENGTH.md", true},                           // beside the citing file
		{"rules/games/tafl/tafl.go", "rules/ai/STRENGTH.md", true},        // from the root
		{"rules/games/tafl/tafl.go", "testdata/perft/tablut.txt", true},   // below the citing file
		{"app/app.go", "../README.md", true},                              // above it
		{"rules/games/tafl/tafl.go", "perft/tablut.txt", true},            // by base name
		{"rules/games/tafl/doc.go", "notes.md", false},                    // nowhere
		{"rules/games/tafl/doc.go", "rules/games/tafl/missing.go", false}, // nowhere either
	}
	for _, tt := range tests {
		if got := cited(tt.citing, tt.name, present, bases); got != tt.want {
			t.Errorf("cited(%q, %q) = %v, want %v", tt.citing, tt.name, got, tt.want)
		}
	}
}

func TestOutsideReferences(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"// the reference note games-hex.md §8", true},
		{"// " + "resolutions" + ".md for what a turn is", true}, // split so that the outside name stays out of a plain search
		{"# Koma glossary (see ja-style.md).", true},
		{"// as games-square §3 recommends", true},
		{"see ../shared/" + "reference/platform.md", true},
		{"// The rulebook in seed 003 (Kanare Kato, 2024)", true},
		{"// seeds 000 and 004", true},
		{"cat shared/seeds/000_x.txt", true},
		{"// wins 82 – 18 on seed 301", false},
		{"// on seeds 441 to 443", false},
		{"// rules/ai/STRENGTH.md and PERFORMANCE.md", false},
		{`import "example.com/x/shared/y"`, false},
		{"// the anchors of Node", false},
	}
	for _, tt := range tests {
		if got := outside(tt.line); got != tt.want {
			t.Errorf("%q cites an outside document: %v, want %v", tt.line, got, tt.want)
		}
	}
}

// textKind says how a file is read for citations: "prose" whole, "go", "hash", "slash" or
// "html" for the comments of Go, shell, JavaScript and HTML files, and "" not at all.
func textKind(name string) string {
	switch path.Ext(name) {
	case ".md", ".txt":
		return "prose"
	case ".go":
		return "go"
	case ".sh":
		return "hash"
	case ".mjs", ".js":
		return "slash"
	case ".html":
		return "html"
	}
	return ""
}

// A passage is text a reader reads, with the line it starts on.
type passage struct {
	text string
	line int
}

var (
	slashComment = regexp.MustCompile(`(?m)(?:^|[^:"'\x60\\])//(.*)$|/\*(?s:(.*?))\*/`)
	htmlComment  = regexp.MustCompile(`(?s)<!--(.*?)-->`)
	hashComment  = regexp.MustCompile(`(?m)(?:^|\s)#(.*)$`)
)

// prose returns the passages of a file that are meant for readers: the whole of a text
// file, the comments of a source file.
func prose(name, kind string, data []byte) []passage {
	lineAt := func(offset int) int { return bytes.Count(data[:offset], []byte("\n")) + 1 }
	var out []passage
	switch kind {
	case "prose":
		fence := ""
		for i, l := range strings.Split(string(data), "\n") {
			// A fenced block of Markdown is code: its commands name the files they write.
			if mark := strings.TrimSpace(l); path.Ext(name) == ".md" && (strings.HasPrefix(mark, "```") || strings.HasPrefix(mark, "~~~")) {
				switch {
				case fence == "":
					fence = mark[:3]
				case strings.HasPrefix(mark, fence):
					fence = ""
				}
				continue
			}
			if fence == "" {
				out = append(out, passage{l, i + 1})
			}
		}
	case "go":
		fset := token.NewFileSet()
		file := fset.AddFile(name, -1, len(data))
		var s scanner.Scanner
		s.Init(file, data, func(token.Position, string) {}, scanner.ScanComments)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok != token.COMMENT {
				continue
			}
			// A doc comment's code block (a line indented by a tab) is code too.
			for i, l := range strings.Split(lit, "\n") {
				if !strings.HasPrefix(l, "//\t") {
					out = append(out, passage{l, fset.Position(pos).Line + i})
				}
			}
		}
	default:
		re := map[string]*regexp.Regexp{"hash": hashComment, "slash": slashComment, "html": htmlComment}[kind]
		for _, m := range re.FindAllSubmatchIndex(data, -1) {
			for g := 2; g+1 < len(m); g += 2 {
				if m[g] >= 0 {
					out = append(out, passage{string(data[m[g]:m[g+1]]), lineAt(m[g])})
				}
			}
		}
	}
	return out
}

// repositoryRoot finds the top of the repository: git's answer where git works, otherwise
// the nearest folder above the test that holds go.mod.
func repositoryRoot(t *testing.T) string {
	t.Helper()
	if out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output(); err == nil {
		return strings.TrimSpace(string(out))
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = up
	}
}

// repositoryFiles lists the files of the repository, slash-separated and relative to root:
// the files git tracks or would track (new ones included, ignored ones left out) that
// exist. Without git it walks the tree, leaving out what .gitignore names for this
// repository.
func repositoryFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	if out, err := cmd.Output(); err == nil {
		for _, f := range strings.Split(string(out), "\x00") {
			if f == "" {
				continue
			}
			if info, err := os.Stat(filepath.Join(root, filepath.FromSlash(f))); err == nil && info.Mode().IsRegular() {
				files = append(files, f)
			}
		}
		slices.Sort(files)
		return slices.Compact(files)
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules":
				return filepath.SkipDir
			}
			if rel == "build/web/dist" {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && !strings.HasSuffix(rel, ".test") {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
