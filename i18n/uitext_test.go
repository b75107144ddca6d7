package i18n

import (
	"maps"
	"strings"
	"testing"
)

func TestParseUI(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    map[string]string
		wantErr string // substring of the error; "" means no error
	}{
		{"empty", "", map[string]string{}, ""},
		{"comments and blanks", "# header\n\n   # indented comment\n", map[string]string{}, ""},
		{"spaces trimmed", "  menu.play   =   Play  \n", map[string]string{"menu.play": "Play"}, ""},
		{"no spaces", "a=b", map[string]string{"a": "b"}, ""},
		{"equals in value", "expr = a = b", map[string]string{"expr": "a = b"}, ""},
		{"hash in value", "turn = Move #%d", map[string]string{"turn": "Move #%d"}, ""},
		{"newline escape", `help = one\ntwo`, map[string]string{"help": "one\ntwo"}, ""},
		{"backslash escape", `path = a\\n`, map[string]string{"path": `a\n`}, ""},
		{"empty value kept", "blank =", map[string]string{"blank": ""}, ""},
		{"CRLF and BOM", "\ufeffa = 1\r\nb = 2\r\n", map[string]string{"a": "1", "b": "2"}, ""},
		{"japanese", "menu.play = 対局する", map[string]string{"menu.play": "対局する"}, ""},
		{"no equals", "a = 1\njust text\nb = 2", map[string]string{"a": "1", "b": "2"}, "line 2"},
		{"empty key", " = value", map[string]string{}, "empty key"},
		{"spaced key", "a b = c", map[string]string{}, "contains a space"},
		{"duplicate keeps first", "a = 1\na = 2", map[string]string{"a": "1"}, `line 2: key "a" given twice`},
		{"unknown escape", `a = tab\there`, map[string]string{}, `unknown escape \t`},
		{"lone backslash", `a = end\`, map[string]string{}, "lone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseUI([]byte(tt.in))
			if !maps.Equal(got, tt.want) {
				t.Errorf("entries = %q, want %q", got, tt.want)
			}
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("unexpected error: %v", err)
			case tt.wantErr != "" && err == nil:
				t.Errorf("no error, want one containing %q", tt.wantErr)
			case err != nil && (!strings.Contains(err.Error(), tt.wantErr) || !strings.HasPrefix(err.Error(), "i18n: ")):
				t.Errorf("error %q, want the i18n prefix and %q", err, tt.wantErr)
			}
		})
	}
}

func TestLookup(t *testing.T) {
	cats := map[Lang]map[string]string{
		English:  {"hello": "Hello", "only.en": "English only", "count": "%d pieces"},
		Japanese: {"hello": "こんにちは", "count": "駒%d個"},
	}
	tests := []struct {
		lang Lang
		key  string
		args []any
		want string
	}{
		{English, "hello", nil, "Hello"},
		{Japanese, "hello", nil, "こんにちは"},
		{Japanese, "only.en", nil, "English only"},
		{Lang("fr"), "hello", nil, "Hello"},
		{Japanese, "missing.key", nil, "missing.key"},
		{English, "count", []any{3}, "3 pieces"},
		{Japanese, "count", []any{12}, "駒12個"},
	}
	for _, tt := range tests {
		if got := lookup(cats, tt.lang, tt.key, tt.args); got != tt.want {
			t.Errorf("lookup(%s, %q, %v) = %q, want %q", tt.lang, tt.key, tt.args, got, tt.want)
		}
	}
}
