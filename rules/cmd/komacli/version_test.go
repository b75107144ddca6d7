package main

import (
	"strings"
	"testing"

	"koma/rules/version"
)

func TestVersion(t *testing.T) {
	for _, flag := range []string{"-version", "--version", "version"} {
		code, out, errOut := runCLI(flag)
		want := "komacli " + version.String() + "\n"
		if code != 0 || out != want || errOut != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 0, %q, nothing", flag, code, out, errOut, want)
		}
	}
	code, _, errOut := runCLI("-version", "extra")
	if code != 2 || !strings.Contains(errOut, "no arguments") {
		t.Errorf("-version extra: exit %d, stderr %q", code, errOut)
	}
}
