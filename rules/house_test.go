package rules_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The house's layering, kept by a test rather than by habit. Each package has a layer, and
// imports only from layers below its own, or from its own folder's packages:
//
//	koma (main) → scenes → app → render → rules
//
// i18n and assets are resources that every layer from render up may read; rules reads
// neither, so that the rules and the AI stay pure Go that runs without a display. Below
// rules itself, the AI and the games see only rules, its board topologies (rules/board)
// and the bitboard kit (rules/kit); no game imports another game, and nothing under rules
// links Ebitengine, which panics at start-up without a display. The catalog, which lists
// the games, and the command-line tool, which drives them, are the only rules packages
// above the games. The build folder's tools stand on top, apart.

// module is the module's path, the prefix of every package of the house.
const module = "koma"

// layer ranks a package of the house: a package may import only packages of a lower
// rank, or packages of the same top-level folder (scenes/picker from scenes, app/prefs
// from app).
func layer(pkg string) int {
	rest := strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")
	top, _, _ := strings.Cut(rest, "/")
	switch top {
	case "":
		return 6
	case "build":
		return 7
	case "scenes":
		return 5
	case "app":
		return 4
	case "render":
		return 3
	case "i18n", "assets":
		return 2
	case "rules":
		return 1
	}
	return 0
}

// family is the top-level folder of a package, within which imports are free.
func family(pkg string) string {
	top, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/"), "/")
	return top
}

// allowed reports whether the house's package pkg may import imp.
func allowed(pkg, imp string) bool {
	switch {
	case family(pkg) == "rules":
		return family(imp) == "rules" && rulesAllowed(pkg, imp)
	case family(imp) == family(pkg):
		return true
	}
	return layer(imp) < layer(pkg)
}

// rulesAllowed says which packages of the house a package under rules/ may import.
func rulesAllowed(pkg, imp string) bool {
	base := []string{module + "/rules", module + "/rules/board", module + "/rules/kit"}
	switch {
	case pkg == module+"/rules/catalog":
		return strings.HasPrefix(imp, module+"/rules/games/") || slices.Contains(base, imp)
	case strings.HasPrefix(pkg, module+"/rules/cmd/"):
		return imp == module+"/rules" || strings.HasPrefix(imp, module+"/rules/") && !strings.HasPrefix(imp, module+"/rules/games/")
	case pkg == module+"/rules/ai", pkg == module+"/rules/rulestest", pkg == module+"/rules/version",
		strings.HasPrefix(pkg, module+"/rules/games/"):
		return slices.Contains(base, imp)
	case slices.Contains(base, pkg):
		return slices.Contains(base, imp) && layerWithin(pkg, imp)
	}
	return false
}

// layerWithin orders the base of rules: the kit and the topologies may not import rules,
// which is built on them.
func layerWithin(pkg, imp string) bool {
	rank := map[string]int{module + "/rules/board": 0, module + "/rules/kit": 1, module + "/rules": 2}
	return rank[imp] < rank[pkg]
}

// housePackage is what go list says about one package.
type housePackage struct {
	path    string
	imports []string // the house's packages it imports directly
	deps    []string // every package it links, the house's or not
}

// listPackages runs go list over the module, for every platform's files: the desktop's and,
// where they differ, the browser's.
func listPackages(t *testing.T) map[string]housePackage {
	t.Helper()
	root := repositoryRoot(t)
	out := map[string]housePackage{}
	for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
		cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{join .Imports \" \"}}|{{join .Deps \" \"}}", "./...")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), env...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		data, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list %v: %v\n%s", env, err, stderr.String())
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			f := strings.Split(sc.Text(), "|")
			if len(f) != 3 {
				t.Fatalf("go list: unexpected line %q", sc.Text())
			}
			p := out[f[0]]
			p.path = f[0]
			for _, imp := range strings.Fields(f[1]) {
				if (imp == module || strings.HasPrefix(imp, module+"/")) && !slices.Contains(p.imports, imp) {
					p.imports = append(p.imports, imp)
				}
			}
			for _, d := range strings.Fields(f[2]) {
				if !slices.Contains(p.deps, d) {
					p.deps = append(p.deps, d)
				}
			}
			out[f[0]] = p
		}
	}
	return out
}

// TestLayering checks every import of the house against its layers.
func TestLayering(t *testing.T) {
	pkgs := listPackages(t)
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages; the module has more", len(pkgs))
	}
	for _, p := range pkgs {
		for _, imp := range p.imports {
			if !allowed(p.path, imp) {
				t.Errorf("%s imports %s, against the layering", p.path, imp)
			}
		}
		if family(p.path) != "rules" {
			continue
		}
		for _, d := range p.deps {
			if strings.HasPrefix(d, "github.com/hajimehoshi/ebiten") {
				t.Errorf("%s links %s: nothing under rules/ may link Ebitengine", p.path, d)
				break
			}
		}
	}
}

// TestLayeringRules checks the rules of TestLayering themselves on the imports they must
// allow and refuse.
func TestLayeringRules(t *testing.T) {
	tests := []struct {
		pkg, imp string
		ok       bool
	}{
		{"koma/scenes", "koma/app", true},
		{"koma/app", "koma/scenes", false},
		{"koma/render", "koma/app", false},
		{"koma/render", "koma/i18n", true},
		{"koma/rules/games/node", "koma/rules/games/skirt", false},
		{"koma/rules/games/node", "koma/rules/kit", true},
		{"koma/rules/games/node", "koma/rules/board", true},
		{"koma/rules/ai", "koma/rules/catalog", false},
		{"koma/rules/catalog", "koma/rules/games/node", true},
		{"koma/rules/kit", "koma/rules", false},
		{"koma/rules", "koma/rules/kit", true},
		{"koma/rules/board", "koma/rules", false},
		{"koma/rules/cmd/komacli", "koma/rules", true},
		{"koma/rules/cmd/komacli", "koma/rules/games/node", false},
		{"koma/rules/games/node", "koma/i18n", false},
		{"koma/rules/games/node", "koma/render", false},
	}
	for _, tc := range tests {
		if ok := allowed(tc.pkg, tc.imp); ok != tc.ok {
			t.Errorf("%s importing %s: allowed %v, want %v", tc.pkg, tc.imp, ok, tc.ok)
		}
	}
}

// maxFileLines bounds a production Go file: a longer one holds several ideas, which
// belong in files of their own.
const maxFileLines = 700

// TestFileLength fails for a production Go file longer than maxFileLines.
func TestFileLength(t *testing.T) {
	root := repositoryRoot(t)
	for _, f := range repositoryFiles(t, root) {
		if !strings.HasSuffix(f, ".go") || strings.HasSuffix(f, "_test.go") || strings.Contains(f, "/testdata/") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(data, []byte("\n")); n > maxFileLines {
			t.Errorf("%s has %d lines, more than %d", f, n, maxFileLines)
		}
	}
}
