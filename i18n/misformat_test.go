package i18n

import (
	"slices"
	"testing"
)

// TestVerbs counts the verbs of format strings.
func TestVerbs(t *testing.T) {
	tests := []struct {
		format string
		want   int
	}{
		{"", 0},
		{"plain", 0},
		{"%s", 1},
		{"%s wins after %d moves", 2},
		{"100%% sure", 0},
		{"%d%% done", 1},
		{"trailing %", 1},
	}
	for _, tc := range tests {
		if got := verbs(tc.format); got != tc.want {
			t.Errorf("verbs(%q) = %d, want %d", tc.format, got, tc.want)
		}
	}
}

// TestMisformattedIsNoted asks for strings with too many and too few arguments, as the
// setup screen once asked for Beginner's note with a think time it has no place for.
func TestMisformattedIsNoted(t *testing.T) {
	en, err := ParseUI([]byte("a = no verb\nb = one %s\n"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		key  string
		args []any
		want string
	}{
		{"a", nil, ""},
		{"b", []any{"x"}, ""},
		{"a", []any{"0.1"}, "en:a with 1 arguments"},
		{"b", nil, "en:b with 0 arguments"},
	}
	for _, tc := range tests {
		before := len(Misformatted())
		lookup(map[Lang]map[string]string{English: en}, English, tc.key, tc.args)
		after := Misformatted()
		if tc.want == "" && len(after) != before {
			t.Errorf("%s with %v: noted %v", tc.key, tc.args, after[before:])
		}
		if tc.want != "" && !slices.Contains(after, tc.want) {
			t.Errorf("%s with %v: %q not noted in %v", tc.key, tc.args, tc.want, after)
		}
	}
}

// TestEveryStringKeepsItsVerbs checks that each interface string has as many verbs in
// Japanese as in English, so that a caller that fits one fits both.
func TestEveryStringKeepsItsVerbs(t *testing.T) {
	for _, key := range Keys(English) {
		if !Has(Japanese, key) {
			continue
		}
		cats, _ := uiCatalogs()
		if e, j := verbs(cats[English][key]), verbs(cats[Japanese][key]); e != j {
			t.Errorf("%s: %d verbs in English, %d in Japanese", key, e, j)
		}
	}
}
