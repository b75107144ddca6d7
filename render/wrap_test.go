package render

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// monoWidth measures like a terminal: one unit per narrow character, two per wide one.
func monoWidth(rs []rune) func(i, j int) float64 {
	return func(i, j int) float64 {
		w := 0.0
		for _, r := range rs[i:j] {
			if isWide(r) {
				w += 2
			} else {
				w++
			}
		}
		return w
	}
}

func wrapMono(s string, width float64) []string {
	rs := []rune(s)
	var out []string
	for _, l := range wrapRanges(rs, width, monoWidth(rs)) {
		out = append(out, string(rs[l.start:l.end]))
	}
	return out
}

func TestWrapRanges(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		width float64
		want  []string
	}{
		{"empty", "", 10, []string{""}},
		{"fits", "short line", 20, []string{"short line"}},
		{"exact fit", "abcde fghij", 11, []string{"abcde fghij"}},
		{"breaks at spaces", "the quick brown fox jumps", 10, []string{"the quick", "brown fox", "jumps"}},
		{"spaces trimmed at breaks", "aaa    bbb", 5, []string{"aaa", "bbb"}},
		{"long word is cut", "abcdefghijkl xy", 5, []string{"abcde", "fghij", "kl xy"}},
		{"zero width still progresses", "abc", 0, []string{"a", "b", "c"}},
		{"hard newline", "one\ntwo three", 20, []string{"one", "two three"}},
		{"blank line kept", "a\n\nb", 20, []string{"a", "", "b"}},
		{"trailing newline", "a\n", 20, []string{"a", ""}},
		{"punctuation stays with word", "stop, go.", 5, []string{"stop,", "go."}},
		{"japanese between characters", "あいうえおかき", 6, []string{"あいう", "えおか", "き"}},
		{"no line starts with 。", "あいう。えお", 6, []string{"あい", "う。え", "お"}},
		{"no line starts with 、", "あい、うえ", 4, []string{"あ", "い、", "うえ"}},
		{"no line ends with 「", "ああい「う」", 8, []string{"ああい", "「う」"}},
		{"closing bracket kept", "「あい」う", 8, []string{"「あい」", "う"}},
		{"long vowel mark kept", "ルール", 4, []string{"ルー", "ル"}},
		{"small kana kept", "しょうぎ", 4, []string{"しょ", "うぎ"}},
		{"small kana moves down", "きしょう", 4, []string{"き", "しょ", "う"}},
		{"too narrow for the rules: cut anyway", "ルール", 2, []string{"ル", "ー", "ル"}},
		{"latin inside japanese", "駒はKonaneの駒", 8, []string{"駒は", "Konaneの", "駒"}},
		{"ideographic space breaks", "あ\u3000い", 3, []string{"あ", "い"}},
		{"mixed sentence", "Jump「跳ぶ」で取る", 10, []string{"Jump「跳", "ぶ」で取る"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := wrapMono(tc.in, tc.width)
			if !slices.Equal(got, tc.want) {
				t.Errorf("wrap(%q, %v) = %q, want %q", tc.in, tc.width, got, tc.want)
			}
		})
	}
}

func TestCanBreak(t *testing.T) {
	tests := []struct {
		a, b rune
		want bool
	}{
		{'a', 'b', false},
		{' ', 'b', true},
		{'a', ' ', false},
		{'あ', 'い', true},
		{'a', 'あ', true},
		{'あ', 'a', true},
		{'あ', '。', false},
		{'「', 'あ', false},
		{'あ', '「', true},
		{'」', 'あ', true},
		{'ル', 'ー', false},
		{'1', '2', false},
	}
	for _, tc := range tests {
		if got := canBreak(tc.a, tc.b); got != tc.want {
			t.Errorf("canBreak(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestParseBold(t *testing.T) {
	tests := []struct {
		in   string
		text string
		bold string // '*' under bold runes, '.' under regular ones
	}{
		{"plain", "plain", "....."},
		{"a **b** c", "a b c", "..*.."},
		{"**all**", "all", "***"},
		{"**駒**を", "駒を", "*."},
		{"x **y", "x **y", "....."},
		{"**a** **b** **c", "a b **c", "*.*...."},
		{"", "", ""},
		{"****", "", ""},
	}
	for _, tc := range tests {
		rs, bold := parseBold(tc.in)
		var marks strings.Builder
		for _, b := range bold {
			if b {
				marks.WriteByte('*')
			} else {
				marks.WriteByte('.')
			}
		}
		if string(rs) != tc.text || marks.String() != tc.bold {
			t.Errorf("parseBold(%q) = %q %q, want %q %q", tc.in, string(rs), marks.String(), tc.text, tc.bold)
		}
	}
}

// checkWrap verifies what every wrapping must satisfy: lines fit unless they hold a
// single character, and no character other than spaces and newlines is lost, added or
// reordered.
func checkWrap(t *testing.T, s string, width float64, lines []string, measure func(string) float64) {
	t.Helper()
	for _, l := range lines {
		if utf8.RuneCountInString(l) > 1 && measure(l) > width+1e-9 {
			t.Fatalf("wrap(%q, %v): line %q is %v wide", s, width, l, measure(l))
		}
	}
	strip := func(s string) string {
		return strings.Map(func(r rune) rune {
			if isSpace(r) || r == '\n' {
				return -1
			}
			return r
		}, s)
	}
	if got, want := strip(strings.Join(lines, "")), strip(s); got != want {
		t.Fatalf("wrap(%q, %v) = %q: characters changed", s, width, lines)
	}
	if want := strings.Count(s, "\n") + 1; len(lines) < want {
		t.Fatalf("wrap(%q, %v) = %d lines, fewer than its %d paragraphs", s, width, len(lines), want)
	}
}

func FuzzWrapRanges(f *testing.F) {
	for _, s := range []string{"", "hello world", "あいう。えお", "a\n\nb  c", "「駒」を**動かす**", "x\u3000y", "\xff\xfe"} {
		f.Add(s, 4.0)
	}
	f.Fuzz(func(t *testing.T, s string, width float64) {
		if width != width || width > 1e6 || len(s) > 2000 {
			return
		}
		measure := func(l string) float64 {
			lr := []rune(l)
			return monoWidth(lr)(0, len(lr))
		}
		checkWrap(t, s, width, wrapMono(s, width), measure)
	})
}

func FuzzParseBold(f *testing.F) {
	for _, s := range []string{"", "**a**", "a ** b", "***", "**駒**", "\xff**"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rs, bold := parseBold(s)
		if len(rs) != len(bold) {
			t.Fatalf("parseBold(%q): %d runes, %d flags", s, len(rs), len(bold))
		}
		// Removing the markers removes exactly an even number of "**".
		removed := len([]rune(s)) - len(rs)
		if removed%4 != 0 || removed < 0 {
			t.Fatalf("parseBold(%q) removed %d runes", s, removed)
		}
	})
}

func TestWrapTextRealFont(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		width float64
	}{
		{"english", "Players take turns moving one piece. A piece may jump over an adjacent enemy piece onto an empty square beyond it.", 220},
		{"japanese", "手番のプレイヤーは、自分の駒を一つ動かします。隣の相手の駒を跳び越えて、その先の空いているマスに移ることができます。", 200},
		{"mixed", "Kōnane（コナネ）はハワイの伝統的なゲームです。Black moves first.", 180},
		{"narrow", "word", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, bold := range []bool{false, true} {
				lines := WrapText(tc.in, 16, bold, tc.width)
				measure := func(s string) float64 { w, _ := MeasureText(s, 16, bold); return w }
				checkWrap(t, tc.in, tc.width, lines, measure)
				if tc.width > 100 && len(lines) < 2 {
					t.Errorf("%q fits in one line of %v px?", tc.in, tc.width)
				}
				for _, l := range lines {
					if l != "" && strings.ContainsRune(noLineStart, []rune(l)[0]) {
						t.Errorf("line %q starts with closing punctuation", l)
					}
				}
			}
		})
	}
}
