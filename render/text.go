package render

import (
	"image/color"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/text/language"
)

// Align says where a line of text sits relative to its anchor point.
type Align int

// The alignments.
const (
	// AlignLeft puts the anchor at the left end of each line.
	AlignLeft Align = iota
	// AlignCenter centres each line on the anchor.
	AlignCenter
	// AlignRight puts the anchor at the right end of each line.
	AlignRight
)

// LineHeight is the distance between the baselines of consecutive lines, as a multiple of
// the font size. Japanese text needs more air than Latin text; 1.5 suits both.
const LineHeight = 1.5

type faceKey struct {
	size float64
	bold bool
}

var (
	faceMu    sync.Mutex
	faceCache = map[faceKey]text.Face{}
	// leading caches halfLeading per size: font metrics are not free to compute.
	leading = map[float64]float64{}
)

// Face returns the UI face of the given size in device pixels, regular or bold. Faces are
// cached, so callers need not keep them. Sizes below one pixel are drawn at one pixel.
func Face(size float64, bold bool) text.Face {
	size = max(1, size)
	k := faceKey{size, bold}
	faceMu.Lock()
	defer faceMu.Unlock()
	if f, ok := faceCache[k]; ok {
		return f
	}
	var f text.Face
	srcs, err := fontSources()
	if err != nil {
		// The font is embedded, so this only happens with a broken build; a tiny ASCII face
		// keeps the app usable enough to report it.
		f = text.NewGoXFace(basicfont.Face7x13)
	} else {
		src := srcs[0]
		if bold {
			src = srcs[1]
		}
		// Always Japanese: the font is a Japanese one, and this picks the Japanese forms
		// of characters shared with Chinese.
		f = &text.GoTextFace{Source: src, Size: size, Language: language.Japanese}
	}
	faceCache[k] = f
	return f
}

func alignOf(a Align) text.Align {
	switch a {
	case AlignCenter:
		return text.AlignCenter
	case AlignRight:
		return text.AlignEnd
	}
	return text.AlignStart
}

// DrawText draws s in the UI font. (x, y) is the top-left, top-centre or top-right corner of
// the first line, depending on align; lines separated by "\n" are spaced LineHeight apart.
func DrawText(dst *ebiten.Image, s string, size float64, bold bool, x, y float64, clr color.Color, align Align) {
	if s == "" || size <= 0 {
		return
	}
	face := Face(size, bold)
	var op text.DrawOptions
	op.GeoM.Translate(x, y+halfLeading(size))
	op.ColorScale.ScaleWithColor(clr)
	op.LineSpacing = size * LineHeight
	op.PrimaryAlign = alignOf(align)
	text.Draw(dst, s, face, &op)
}

// halfLeading centres the font's own line box inside a LineHeight-tall line, so that a
// one-line label drawn at y occupies [y, y+size*LineHeight) like a line of a paragraph.
func halfLeading(size float64) float64 {
	faceMu.Lock()
	l, ok := leading[size]
	faceMu.Unlock()
	if ok {
		return l
	}
	m := Face(size, false).Metrics()
	l = max(0, (size*LineHeight-(m.HAscent+m.HDescent))/2)
	faceMu.Lock()
	leading[size] = l
	faceMu.Unlock()
	return l
}

// MeasureText returns the width of the widest line of s and the height of its lines, each
// LineHeight times size tall.
func MeasureText(s string, size float64, bold bool) (w, h float64) {
	if s == "" {
		return 0, 0
	}
	face := Face(size, bold)
	lines := 0
	for line := range strings.SplitSeq(s, "\n") {
		w = max(w, text.Advance(line, face))
		lines++
	}
	return w, float64(lines) * size * LineHeight
}

type wrapKey struct {
	s     string
	size  float64
	bold  bool
	width float64
}

// Scenes wrap the same paragraphs every frame; remembering the results keeps drawing cheap.
// The cache is dropped wholesale when it grows, which is rare and keeps it simple.
var (
	wrapMu    sync.Mutex
	wrapCache = map[wrapKey][]string{}
)

const wrapCacheMax = 512

// WrapText breaks s into lines no wider than width: Latin text at spaces, Japanese text
// between any two characters except before closing punctuation or after opening
// punctuation. "\n" always breaks. A word wider than width is split where it must be.
// The returned slice is shared; callers must not modify it.
func WrapText(s string, size float64, bold bool, width float64) []string {
	k := wrapKey{s, size, bold, width}
	wrapMu.Lock()
	defer wrapMu.Unlock()
	if lines, ok := wrapCache[k]; ok {
		return lines
	}
	face := Face(size, bold)
	rs := []rune(s)
	ranges := wrapRanges(rs, width, func(i, j int) float64 {
		return text.Advance(string(rs[i:j]), face)
	})
	lines := make([]string, len(ranges))
	for i, r := range ranges {
		lines[i] = string(rs[r.start:r.end])
	}
	if len(wrapCache) >= wrapCacheMax {
		clear(wrapCache)
	}
	wrapCache[k] = lines
	return lines
}

// DrawRichText wraps s to width and draws it with its top-left corner at (x, y). Spans
// between "**" pairs are bold. It returns the height used, a multiple of size*LineHeight.
func DrawRichText(dst *ebiten.Image, s string, size float64, x, y, width float64, clr color.Color) (height float64) {
	rt := layoutRich(s, size, width)
	lh := size * LineHeight
	var op text.DrawOptions
	for li, line := range rt.lines {
		cx := x
		for _, run := range rt.runsOf(line) {
			str := string(rt.runes[run.start:run.end])
			face := Face(size, run.bold)
			op.GeoM.Reset()
			op.GeoM.Translate(cx, y+float64(li)*lh+halfLeading(size))
			op.ColorScale.Reset()
			op.ColorScale.ScaleWithColor(clr)
			text.Draw(dst, str, face, &op)
			cx += text.Advance(str, face)
		}
	}
	return float64(len(rt.lines)) * lh
}

// MeasureRichText returns the height DrawRichText would use for the same arguments.
func MeasureRichText(s string, size, width float64) (height float64) {
	return float64(len(layoutRich(s, size, width).lines)) * size * LineHeight
}

// richText is a paragraph with its ** markers removed and a weight per rune, wrapped.
type richText struct {
	runes []rune
	bold  []bool
	lines []lineRange
}

// runsOf splits a line into runs of one weight.
func (rt *richText) runsOf(l lineRange) []boldRun {
	var out []boldRun
	for i := l.start; i < l.end; {
		j := i + 1
		for j < l.end && rt.bold[j] == rt.bold[i] {
			j++
		}
		out = append(out, boldRun{i, j, rt.bold[i]})
		i = j
	}
	return out
}

type boldRun struct {
	start, end int
	bold       bool
}

type richKey struct {
	s     string
	size  float64
	width float64
}

var (
	richMu    sync.Mutex
	richCache = map[richKey]*richText{}
)

func layoutRich(s string, size, width float64) *richText {
	k := richKey{s, size, width}
	richMu.Lock()
	defer richMu.Unlock()
	if rt, ok := richCache[k]; ok {
		return rt
	}
	rs, bold := parseBold(s)
	rt := &richText{runes: rs, bold: bold}
	rt.lines = wrapRanges(rs, width, func(i, j int) float64 {
		w := 0.0
		for _, run := range rt.runsOf(lineRange{i, j}) {
			w += text.Advance(string(rs[run.start:run.end]), Face(size, run.bold))
		}
		return w
	})
	if len(richCache) >= wrapCacheMax {
		clear(richCache)
	}
	richCache[k] = rt
	return rt
}
