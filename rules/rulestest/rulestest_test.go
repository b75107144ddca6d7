package rulestest

import "testing"

func TestFirstDiff(t *testing.T) {
	cases := []struct {
		name, want, got, diff string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"changed line", "a\nb\nc\n", "a\nB\nc\n", "first difference at line 2:\n  after line 1: \"a\"\n  golden:   \"b\"\n  this run: \"B\""},
		{"first line", "a\n", "b\n", "first difference at line 1:\n  golden:   \"a\"\n  this run: \"b\""},
		{"shorter run", "a\nb\n", "a\n", "first difference at line 2:\n  after line 1: \"a\"\n  golden:   \"b\"\n  this run: \"\""},
		{"longer run", "a", "a\nb", "first difference at line 2:\n  after line 1: \"a\"\n  golden:   (end of file)\n  this run: \"b\""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := FirstDiff(c.want, c.got); got != c.diff {
				t.Errorf("firstDiff:\n%s\nwant:\n%s", got, c.diff)
			}
		})
	}
}
