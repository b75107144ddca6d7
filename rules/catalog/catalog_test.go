package catalog

import (
	"os/exec"
	"strings"
	"testing"

	"koma/rules/rulestest"
)

func TestConformance(t *testing.T) {
	specs, err := All.Specs()
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) == 0 {
		t.Fatal("the catalog is empty")
	}
	for _, spec := range specs {
		t.Run(spec.String(), func(t *testing.T) {
			t.Parallel()
			rulestest.Conformance(t, spec)
		})
	}
}

func TestIDsAreUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range All {
		if g.ID == "" || strings.ContainsAny(g.ID, ":,= ") || seen[g.ID] {
			t.Errorf("bad or repeated game ID %q", g.ID)
		}
		seen[g.ID] = true
	}
}

// TestRulesArePureGo keeps Ebitengine and dialog out of everything under rules/: a binary
// that links Ebitengine panics at start-up without a display, and the rules, the AI and the
// command-line tool must run anywhere.
func TestRulesArePureGo(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-test", "koma/rules/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, pkg := range strings.Fields(string(out)) {
		for _, banned := range []string{"github.com/hajimehoshi/ebiten", "github.com/sqweek/dialog", "koma/app", "koma/scenes", "koma/render", "koma/i18n", "koma/assets"} {
			if strings.HasPrefix(pkg, banned) {
				t.Errorf("a package under rules/ depends on %s", pkg)
			}
		}
	}
}
