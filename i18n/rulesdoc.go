package i18n

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// BlockKind says what a block of a rules document is.
type BlockKind uint8

// The block kinds of the rules documents' Markdown subset.
const (
	Heading BlockKind = iota + 1
	Paragraph
	Bullet
	// Diagram asks for a board picture: Text holds a spec such as "konane:size=6", and
	// Figure, when set, the position and what to show on it.
	Diagram
)

// String names the kind, for tests and debugging output.
func (k BlockKind) String() string {
	switch k {
	case Heading:
		return "heading"
	case Paragraph:
		return "paragraph"
	case Bullet:
		return "bullet"
	case Diagram:
		return "diagram"
	}
	return fmt.Sprintf("BlockKind(%d)", uint8(k))
}

// Block is one block of a rules document. Text may contain **bold** spans.
type Block struct {
	Kind BlockKind
	Text string
	// Figure is what a Diagram shows beyond the initial position; nil for "@board".
	Figure *Figure
}

// Figure is a diagram of a rules text: a position reached by moves from the start, and what
// to point out on it. Everything is written in the game's own notation, so the app checks it
// against the rules; this package only reads it.
type Figure struct {
	// After lists the moves, in notation, that lead from the initial position to the one
	// shown.
	After []string
	// Move is a legal move of that position to draw as arrows, or "".
	Move string
	// Illegal is a path of site labels that is not a legal move there, drawn in red.
	Illegal []string
	// Mark lists site labels to ring.
	Mark []string
	// Caption explains the diagram, in the document's language.
	Caption string
}

// RulesDoc is the rules of one game in one language.
type RulesDoc struct {
	// Name is the game's name; Summary one sentence about it.
	Name, Summary string
	// Labels holds the game's own strings from the front matter: option names
	// ("option.size"), option values ("option.size.6") and any game-specific outcome
	// reasons ("reason.<reason>").
	Labels map[string]string
	Blocks []Block
}

// Rules returns the rules of a game in lang, read from the embedded
// locales/<lang>/rules/<gameID>.md. There is no fallback to another language: a missing
// translation is an error for the caller to show or log.
func Rules(lang Lang, gameID string) (RulesDoc, error) {
	if !slices.Contains(Languages(), lang) {
		return RulesDoc{}, fmt.Errorf("i18n: rules of %q: unknown language %q", gameID, lang)
	}
	// The ID becomes a file name: refuse anything that could leave the rules folder.
	if gameID == "" || strings.ContainsAny(gameID, `/\`) || !fs.ValidPath(gameID) {
		return RulesDoc{}, fmt.Errorf("i18n: rules: invalid game ID %q", gameID)
	}
	name := path.Join("locales", string(lang), "rules", gameID+".md")
	data, err := fs.ReadFile(locales, name)
	if err != nil {
		return RulesDoc{}, fmt.Errorf("i18n: no %s rules for game %q: %w", lang, gameID, err)
	}
	doc, err := parseRules(string(data))
	if err != nil {
		return RulesDoc{}, fmt.Errorf("i18n: %s: %w", name, err)
	}
	return doc, nil
}

// RulesIDs lists the games that have a rules document in lang, sorted.
func RulesIDs(lang Lang) ([]string, error) {
	dir := path.Join("locales", string(lang), "rules")
	entries, err := fs.ReadDir(locales, dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("i18n: %s: %w", dir, err)
	}
	var ids []string
	for _, e := range entries {
		if id, ok := strings.CutSuffix(e.Name(), ".md"); ok && !e.IsDir() {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// ParseRules parses a rules document. It starts with a front matter between two "---"
// lines, made of "key: value" lines: name and summary are required, every other key
// (option.<key>, option.<key>.<value>, reason.<reason>, ...) goes to Labels. Blank lines and
// lines starting with '#' are skipped there.
//
// The body is a Markdown subset, one block per:
//
//   - "# Title", "## Title" or "### Title": a Heading (the level is not kept);
//   - consecutive text lines: a Paragraph, its lines joined by a space, or by nothing when
//     the characters on both sides of the break are Japanese (CJK);
//   - "- item": a Bullet; indented lines right after it continue it;
//   - "@board <spec>": a Diagram of the spec's initial position, Text being the spec;
//   - "@diagram <spec>" up to "@end": a Diagram with a Figure, from "key: value" lines:
//     after (moves, space-separated; indented lines continue it), move, illegal (site
//     labels joined by "-"), mark (site labels), and caption, which is required.
//
// **bold** markers stay in the text (see Spans); they must pair up within a block.
func ParseRules(src []byte) (RulesDoc, error) {
	doc, err := parseRules(string(src))
	if err != nil {
		return RulesDoc{}, fmt.Errorf("i18n: rules: %w", err)
	}
	return doc, nil
}

func parseRules(src string) (RulesDoc, error) {
	lines := splitLines(src)
	doc := RulesDoc{Labels: map[string]string{}}
	body, err := parseFrontMatter(lines, &doc)
	if err != nil {
		return RulesDoc{}, err
	}
	if err := parseBody(lines, body, &doc); err != nil {
		return RulesDoc{}, err
	}
	return doc, nil
}

// parseFrontMatter fills in the name, summary and labels and returns the index of the
// first body line.
func parseFrontMatter(lines []string, doc *RulesDoc) (int, error) {
	if strings.TrimSpace(lines[0]) != "---" {
		return 0, errors.New(`line 1: the front matter must open with "---"`)
	}
	seen := map[string]bool{}
	for i := 1; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "---" {
			switch {
			case doc.Name == "":
				return 0, errors.New("front matter: no name")
			case doc.Summary == "":
				return 0, errors.New("front matter: no summary")
			}
			return i + 1, nil
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		switch {
		case !ok:
			return 0, fmt.Errorf(`line %d: not "key: value"`, i+1)
		case key == "" || strings.IndexFunc(key, unicode.IsSpace) >= 0:
			return 0, fmt.Errorf("line %d: bad key %q", i+1, key)
		case value == "":
			return 0, fmt.Errorf("line %d: empty value for %q", i+1, key)
		case seen[key]:
			return 0, fmt.Errorf("line %d: key %q given twice", i+1, key)
		}
		seen[key] = true
		switch key {
		case "name":
			doc.Name = value
		case "summary":
			doc.Summary = value
		default:
			doc.Labels[key] = value
		}
	}
	return 0, errors.New(`front matter: no closing "---"`)
}

func parseBody(lines []string, start int, doc *RulesDoc) error {
	// open is the paragraph or bullet still taking lines, or nil; openLine is where it began.
	var open *Block
	openLine := 0
	flush := func() error {
		if open == nil {
			return nil
		}
		b := *open
		open = nil
		if strings.Count(b.Text, "**")%2 != 0 {
			return fmt.Errorf("line %d: unpaired ** in a %s", openLine, b.Kind)
		}
		doc.Blocks = append(doc.Blocks, b)
		return nil
	}
	// begin closes the open block and starts b, which single-line kinds close at once.
	begin := func(n int, b Block) error {
		if err := flush(); err != nil {
			return err
		}
		open, openLine = &b, n
		if b.Kind == Heading || b.Kind == Diagram {
			return flush()
		}
		return nil
	}
	for i := start; i < len(lines); i++ {
		n := i + 1
		raw := lines[i]
		line := strings.TrimSpace(raw)
		indented := raw != "" && (raw[0] == ' ' || raw[0] == '\t')
		var err error
		switch {
		case line == "":
			err = flush()
		case strings.HasPrefix(raw, "#"):
			text, herr := heading(raw)
			if herr != nil {
				return fmt.Errorf("line %d: %w", n, herr)
			}
			err = begin(n, Block{Kind: Heading, Text: text})
		case strings.HasPrefix(raw, "@"):
			name, spec, _ := strings.Cut(line, " ")
			spec = strings.TrimSpace(spec)
			switch {
			case name != "@board" && name != "@diagram":
				return fmt.Errorf(`line %d: unknown directive %q (only "@board <spec>" and "@diagram <spec>")`, n, line)
			case spec == "":
				return fmt.Errorf("line %d: %s without a spec", n, name)
			}
			b := Block{Kind: Diagram, Text: spec}
			if name == "@diagram" {
				fig, end, ferr := parseFigure(lines, i+1)
				if ferr != nil {
					return ferr
				}
				b.Figure, i = fig, end
			}
			err = begin(n, b)
		case raw == "-" || strings.HasPrefix(raw, "- "):
			text := strings.TrimSpace(raw[1:])
			if text == "" {
				return fmt.Errorf("line %d: empty bullet", n)
			}
			err = begin(n, Block{Kind: Bullet, Text: text})
		case open != nil && (open.Kind == Paragraph || indented):
			open.Text = joinLines(open.Text, line)
		default:
			err = begin(n, Block{Kind: Paragraph, Text: line})
		}
		if err != nil {
			return err
		}
	}
	if err := flush(); err != nil {
		return err
	}
	if len(doc.Blocks) == 0 {
		return errors.New("no text after the front matter")
	}
	return nil
}

// parseFigure reads the lines of a "@diagram" block from start up to its "@end" and returns
// the figure and the index of the "@end" line.
func parseFigure(lines []string, start int) (*Figure, int, error) {
	fig := &Figure{}
	seen := map[string]bool{}
	last := ""
	for i := start; i < len(lines); i++ {
		n := i + 1
		raw := lines[i]
		line := strings.TrimSpace(raw)
		switch {
		case line == "@end":
			if fig.Caption == "" {
				return nil, 0, fmt.Errorf("line %d: a diagram needs a caption", n)
			}
			return fig, i, nil
		case line == "":
			continue
		case raw[0] == ' ' || raw[0] == '\t':
			if last != "after" {
				return nil, 0, fmt.Errorf("line %d: only after: continues on indented lines", n)
			}
			fig.After = append(fig.After, strings.Fields(line)...)
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		switch {
		case !ok:
			return nil, 0, fmt.Errorf(`line %d: not "key: value" inside a diagram`, n)
		case seen[key]:
			return nil, 0, fmt.Errorf("line %d: %s given twice in a diagram", n, key)
		case value == "" && key != "after":
			return nil, 0, fmt.Errorf("line %d: empty %s", n, key)
		}
		seen[key], last = true, key
		switch key {
		case "after":
			fig.After = strings.Fields(value)
		case "move":
			fig.Move = value
		case "illegal":
			fig.Illegal = strings.Split(value, "-")
		case "mark":
			fig.Mark = strings.Fields(value)
		case "caption":
			fig.Caption = value
		default:
			return nil, 0, fmt.Errorf("line %d: unknown diagram key %q", n, key)
		}
	}
	return nil, 0, fmt.Errorf(`line %d: a diagram without "@end"`, start)
}

// splitLines drops a byte-order mark and splits text into lines at "\n", "\r\n" or a lone
// "\r", so files saved by any editor read the same.
func splitLines(text string) []string {
	text = strings.TrimPrefix(text, "\ufeff")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	return strings.Split(strings.ReplaceAll(text, "\r", "\n"), "\n")
}

// heading returns the text of a "#", "##" or "###" line.
func heading(line string) (string, error) {
	level := len(line) - len(strings.TrimLeft(line, "#"))
	text := line[level:]
	switch {
	case level > 3:
		return "", errors.New("only #, ## and ### headings")
	case text == "" || !unicode.IsSpace(rune(text[0])):
		return "", errors.New(`a heading needs a space after "#"`)
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return "", errors.New("empty heading")
	}
	return text, nil
}

// joinLines joins two lines of one paragraph. Japanese has no spaces between words, so a
// line break between two CJK characters vanishes; anywhere else it becomes a space. Bold
// markers at the break are looked through: "**駒**" + "を" joins as "**駒**を".
func joinLines(a, b string) string {
	last, _ := utf8.DecodeLastRuneInString(strings.TrimRight(a, "*"))
	first, _ := utf8.DecodeRuneInString(strings.TrimLeft(b, "*"))
	if isCJK(last) && isCJK(first) {
		return a + b
	}
	return a + " " + b
}

// isCJK reports whether r is written without spaces around it in Japanese text: kanji,
// kana and the full-width punctuation and forms.
func isCJK(r rune) bool {
	switch {
	case r >= 0x3000 && r <= 0x30FF, // CJK punctuation, hiragana, katakana (with ・ and ー)
		r >= 0xFF00 && r <= 0xFFEF: // half- and full-width forms
		return true
	}
	return unicode.Is(unicode.Han, r)
}

// Span is a run of text drawn in one weight.
type Span struct {
	Text string
	Bold bool
}

// Spans splits a block's text at its **bold** markers. The markers are dropped; an unpaired
// last marker is kept as plain text. Empty runs are left out, so "**" alone or an empty text
// yields no spans.
func Spans(text string) []Span {
	parts := strings.Split(text, "**")
	if len(parts)%2 == 0 {
		// An odd number of markers: the last one opens nothing, so it is text.
		last := len(parts) - 1
		parts[last-1] += "**" + parts[last]
		parts = parts[:last]
	}
	var spans []Span
	for i, p := range parts {
		if p == "" {
			continue
		}
		bold := i%2 == 1
		if n := len(spans); n > 0 && spans[n-1].Bold == bold {
			spans[n-1].Text += p
			continue
		}
		spans = append(spans, Span{Text: p, Bold: bold})
	}
	return spans
}

// Plain returns text without its bold markers, for measuring or for places that draw one
// weight only.
func Plain(text string) string {
	var b strings.Builder
	for _, s := range Spans(text) {
		b.WriteString(s.Text)
	}
	return b.String()
}
