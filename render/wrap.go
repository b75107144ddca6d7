package render

import (
	"strings"
	"unicode/utf8"
)

// This file is the pure part of text layout: where lines may break and how **bold**
// markers are read. It takes a measuring function, so tests can use a fixed-width font.

// lineRange is one wrapped line: runes [start, end) of the text, trailing spaces excluded.
type lineRange struct {
	start, end int
}

// Closing punctuation must not begin a line, opening punctuation must not end one
// (Japanese line-breaking rules, kinsoku). Small kana and the long-vowel mark count as
// closing because they cannot start a line either.
const (
	noLineStart = "、。，．・：；？！ー～…‥」』）］｝〕〉》】〙〗〟’”ゝゞヽヾ々ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ,.!?:;)]}%"
	noLineEnd   = "「『（［｛〔〈《【〘〖〝‘“([{"
)

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\u3000' }

// isWide reports whether r belongs to a script written without spaces, where a line may
// break between any two characters.
func isWide(r rune) bool {
	switch {
	case r >= 0x2E80 && r <= 0x9FFF: // CJK radicals, punctuation, kana, ideographs
		return true
	case r >= 0xF900 && r <= 0xFAFF: // compatibility ideographs
		return true
	case r >= 0xFF00 && r <= 0xFFEF: // full-width forms
		return true
	case r >= 0x20000 && r <= 0x3FFFF: // rare ideographs
		return true
	}
	return false
}

// canBreak reports whether a line may break between a and b.
func canBreak(a, b rune) bool {
	switch {
	case isSpace(b):
		return false // spaces stay at the end of the line and are trimmed there
	case isSpace(a):
		return true
	case strings.ContainsRune(noLineStart, b), strings.ContainsRune(noLineEnd, a):
		return false
	}
	return isWide(a) || isWide(b)
}

// wrapRanges breaks rs into lines whose width, as given by measure(i, j) for runes [i, j),
// is at most width. Lines break at the last opportunity that fits; "\n" always breaks;
// a stretch without any opportunity that is wider than width is split between
// characters, keeping at least one character per line.
func wrapRanges(rs []rune, width float64, measure func(i, j int) float64) []lineRange {
	var out []lineRange
	start := 0
	for p := 0; p <= len(rs); p++ {
		if p == len(rs) || rs[p] == '\n' {
			out = wrapParagraph(out, rs, start, p, width, measure)
			start = p + 1
		}
	}
	return out
}

func wrapParagraph(out []lineRange, rs []rune, from, to int, width float64, measure func(i, j int) float64) []lineRange {
	trim := func(i, j int) int {
		for j > i && isSpace(rs[j-1]) {
			j--
		}
		return j
	}
	skip := func(i int) int {
		for i < to && isSpace(rs[i]) {
			i++
		}
		return i
	}
	start := from
	fit := -1 // the last break position after start whose line fits
	for p := from + 1; p <= to; p++ {
		if p < to && !canBreak(rs[p-1], rs[p]) {
			continue
		}
		for start < to {
			end := trim(start, p)
			if end == start || measure(start, end) <= width {
				fit = p
				break
			}
			if fit > start {
				out = append(out, lineRange{start, trim(start, fit)})
				start, fit = skip(fit), -1
				continue
			}
			// Nothing fits: cut the stretch at the widest prefix that does.
			k := start + 1
			for k < end && measure(start, k+1) <= width {
				k++
			}
			out = append(out, lineRange{start, k})
			start, fit = skip(k), -1
		}
	}
	if start < to || from == to {
		out = append(out, lineRange{start, trim(start, to)})
	}
	return out
}

// parseBold removes "**" markers from s and reports, for each remaining rune, whether it
// lies inside a bold span. An unpaired final marker is kept as text.
func parseBold(s string) ([]rune, []bool) {
	pairs := strings.Count(s, "**") / 2 * 2
	rs := make([]rune, 0, len(s))
	bold := make([]bool, 0, len(s))
	in := false
	for i := 0; i < len(s); {
		if pairs > 0 && strings.HasPrefix(s[i:], "**") {
			in = !in
			pairs--
			i += 2
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		rs = append(rs, r)
		bold = append(bold, in)
		i += size
	}
	return rs, bold
}

// Ellipsize shortens s with a trailing "…" until it fits width at the given size, so that a
// long entry keeps to its column.
func Ellipsize(s string, size float64, bold bool, width float64) string {
	if w, _ := MeasureText(s, size, bold); w <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		t := string(r) + "…"
		if w, _ := MeasureText(t, size, bold); w <= width {
			return t
		}
	}
	return ""
}
