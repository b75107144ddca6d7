// Command licenses writes the list of the third-party software Koma's programs bundle or
// link, with their licences, to assets/LICENSES.txt: the file the About screen shows and the
// release archives ship. Run it after changing go.mod:
//
//	go generate ./assets        (or: go run ./build/licenses -o assets/LICENSES.txt)
//
// It asks the go command which modules each build links (the desktop app for Linux and
// Windows, the web app, the command-line tool), takes every requirement of go.mod, and
// reads each module's licence files from the module cache, downloading a module that is
// not there yet. The bundled font and the Go distribution are added by hand, since go.mod
// does not list them.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "licenses:", err)
		os.Exit(1)
	}
}

// builds are the programs Koma ships, as the go command builds them.
var builds = []struct {
	name        string
	goos, arch  string
	cgo         string
	packagesDir []string
}{
	{"desktop app for Linux", "linux", "amd64", "1", []string{"."}},
	{"desktop app for Windows", "windows", "amd64", "0", []string{"."}},
	{"web app", "js", "wasm", "0", []string{"."}},
	{"command-line tool", "linux", "amd64", "0", []string{"./rules/cmd/komacli"}},
}

// notes add what a module's licence files do not say.
var notes = map[string]string{
	"github.com/hajimehoshi/ebiten/v2": "Ebitengine's windowing code for Linux and Windows is derived from GLFW " +
		"(Copyright 2002-2006 Marcus Geelnard, 2006-2019 Camilla Löwy), which Ebitengine's " +
		"files carry under the licence below.",
	"github.com/ebitengine/gomobile": "Ebitengine needs it only on Android and iOS.",
}

func run(args []string) error {
	fs := flag.NewFlagSet("licenses", flag.ContinueOnError)
	out := fs.String("o", "", "write here instead of standard output")
	if err := fs.Parse(args); err != nil {
		return err
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	text, err := generate(root)
	if err != nil {
		return err
	}
	if *out == "" {
		_, err := os.Stdout.WriteString(text)
		return err
	}
	if err := os.WriteFile(*out, []byte(text), 0o644); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	return nil
}

// moduleRoot is the folder of Koma's go.mod, wherever the command is run from.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("not inside Koma's module")
	}
	return filepath.Dir(mod), nil
}

// goCmd runs the go command in root with extra environment and returns its output.
func goCmd(root string, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// module is one requirement of go.mod and what is known of it.
type module struct {
	Path, Version string
	dir           string
	linkedInto    []string
	// packageDirs are the folders of its packages some build links, where licences of
	// code included from elsewhere live (go-text's harfbuzz port has its own).
	packageDirs map[string]bool
}

func generate(root string) (string, error) {
	out, err := goCmd(root, nil, "mod", "edit", "-json")
	if err != nil {
		return "", err
	}
	var gomod struct {
		Require []struct{ Path, Version string }
	}
	if err := json.Unmarshal(out, &gomod); err != nil {
		return "", fmt.Errorf("go.mod: %w", err)
	}
	mods := map[string]*module{}
	var order []*module
	for _, r := range gomod.Require {
		m := &module{Path: r.Path, Version: r.Version, packageDirs: map[string]bool{}}
		mods[r.Path] = m
		order = append(order, m)
	}
	for _, b := range builds {
		env := []string{"GOOS=" + b.goos, "GOARCH=" + b.arch, "CGO_ENABLED=" + b.cgo}
		args := append([]string{"list", "-deps", "-f", "{{with .Module}}{{.Path}}{{end}}\t{{.Dir}}"}, b.packagesDir...)
		out, err := goCmd(root, env, args...)
		if err != nil {
			return "", err
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			path, dir, _ := strings.Cut(line, "\t")
			m := mods[path]
			if m == nil {
				continue
			}
			if !slices.Contains(m.linkedInto, b.name) {
				m.linkedInto = append(m.linkedInto, b.name)
			}
			m.packageDirs[dir] = true
		}
	}
	for _, m := range order {
		out, err := goCmd(root, nil, "mod", "download", "-json", m.Path+"@"+m.Version)
		if err != nil {
			return "", err
		}
		var dl struct{ Dir string }
		if err := json.Unmarshal(out, &dl); err != nil || dl.Dir == "" {
			return "", fmt.Errorf("go mod download %s: no folder", m.Path)
		}
		m.dir = dl.Dir
	}
	// Linked modules first, in go.mod's order; then the rest.
	slices.SortStableFunc(order, func(a, b *module) int {
		return boolRank(len(a.linkedInto) == 0) - boolRank(len(b.linkedInto) == 0)
	})

	var w strings.Builder
	w.WriteString(header)
	font, err := os.ReadFile(filepath.Join(root, "assets", "fonts", "LICENSE-MPLUS.txt"))
	if err != nil {
		return "", fmt.Errorf("font licence: %w", err)
	}
	goroot, err := goCmd(root, nil, "env", "GOROOT")
	if err != nil {
		return "", err
	}
	goLicence, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "LICENSE"))
	if err != nil {
		return "", fmt.Errorf("Go's licence: %w", err)
	}

	type entry struct {
		title, version, licence, where, note string
		texts                                []licenceFile
	}
	entries := []entry{
		{title: "M PLUS 1", licence: "OFL-1.1", where: "every build (the interface font)",
			texts: []licenceFile{{"", string(font)}}},
		{title: "Go", licence: "BSD-3-Clause",
			where: "every build (the runtime and standard library; the web app's loader)",
			texts: []licenceFile{{"", string(goLicence)}}},
	}
	for _, m := range order {
		files, err := licenceFiles(m)
		if err != nil {
			return "", err
		}
		if len(files) == 0 {
			return "", fmt.Errorf("%s@%s has no licence file", m.Path, m.Version)
		}
		where := "not linked into Koma's builds"
		if len(m.linkedInto) > 0 {
			where = strings.Join(m.linkedInto, ", ")
		}
		entries = append(entries, entry{title: m.Path, version: m.Version, licence: classify(files[0].text),
			where: where, note: notes[m.Path], texts: files})
	}

	w.WriteString("Contents\n--------\n\n")
	for _, e := range entries {
		name := e.title
		if e.version != "" {
			name += " " + e.version
		}
		fmt.Fprintf(&w, "- %s\n  %s; %s\n", name, e.licence, e.where)
	}
	seen := map[string]string{}
	for _, e := range entries {
		name := e.title
		if e.version != "" {
			name += " " + e.version
		}
		fmt.Fprintf(&w, "\n\n%s\n%s\n\n", rule, name)
		fmt.Fprintf(&w, "Licence: %s\nUsed in: %s\n", e.licence, e.where)
		if e.note != "" {
			fmt.Fprintf(&w, "Note: %s\n", e.note)
		}
		for _, f := range e.texts {
			w.WriteString("\n")
			if f.rel != "" {
				fmt.Fprintf(&w, "[%s]\n\n", f.rel)
			}
			body := strings.TrimSpace(f.text)
			if first, ok := seen[body]; ok {
				fmt.Fprintf(&w, "The same text as for %s above.\n", first)
				continue
			}
			seen[body] = name
			w.WriteString(body + "\n")
		}
	}
	return w.String(), nil
}

const rule = "========================================================================"

const header = `Koma: third-party software and licences
=======================================

Koma's programs (the desktop app, the web app and the command-line tool) are built with
the software below. This file lists each piece, where it is used, and its licence
terms. It is generated from go.mod and the Go module cache by build/licenses; do not
edit it by hand.

`

// licenceFile is one licence or notice file, with its path in the module ("" for the
// module's own licence at its root).
type licenceFile struct {
	rel, text string
}

// licenceName matches the files that carry licence terms or the notices they require.
var licenceName = regexp.MustCompile(`(?i)^(licen[cs]e|copying|notice|patents)(\.(md|txt))?$|^licen[cs]e-`)

// licenceFiles returns the module's licence files: those at its root, then those in the
// folders of the packages a build links, which hold the licences of code included there.
func licenceFiles(m *module) ([]licenceFile, error) {
	var out []licenceFile
	read := func(dir string) error {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return fmt.Errorf("%s: %w", m.Path, err)
		}
		for _, e := range entries {
			if e.IsDir() || !licenceName.MatchString(e.Name()) {
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				return fmt.Errorf("%s: %w", m.Path, err)
			}
			rel, err := filepath.Rel(m.dir, filepath.Join(dir, e.Name()))
			if err != nil {
				return err
			}
			if filepath.Dir(rel) == "." {
				rel = ""
			}
			out = append(out, licenceFile{filepath.ToSlash(rel), string(data)})
		}
		return nil
	}
	if err := read(m.dir); err != nil {
		return nil, err
	}
	dirs := make([]string, 0, len(m.packageDirs))
	for d := range m.packageDirs {
		if d != m.dir {
			dirs = append(dirs, d)
		}
	}
	slices.Sort(dirs)
	for _, d := range dirs {
		if err := read(d); err != nil {
			return nil, err
		}
	}
	// The licence proper first, then patent grants and notices.
	slices.SortStableFunc(out, func(a, b licenceFile) int {
		return rank(a) - rank(b)
	})
	return out, nil
}

func rank(f licenceFile) int {
	base := strings.ToLower(filepath.Base(f.rel))
	switch {
	case f.rel == "" && strings.HasPrefix(strings.ToLower(firstWord(f.text)), "additional"):
		return 1
	case f.rel != "":
		return 2
	case strings.HasPrefix(base, "patents"):
		return 1
	}
	return 0
}

func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

var spdx = regexp.MustCompile(`SPDX-License-Identifier:\s*(.+)`)

// classify names a licence text by its SPDX identifier.
func classify(text string) string {
	if m := spdx.FindStringSubmatch(text); m != nil {
		return strings.TrimSpace(m[1])
	}
	flat := strings.Join(strings.Fields(text), " ")
	switch {
	case strings.Contains(flat, "Apache License") && strings.Contains(flat, "Version 2.0"):
		return "Apache-2.0"
	case strings.Contains(flat, "Permission to use, copy, modify, and/or distribute"):
		return "ISC"
	case strings.Contains(flat, "Permission is hereby granted, free of charge"):
		return "MIT"
	case strings.Contains(flat, "SIL Open Font License"):
		return "OFL-1.1"
	case strings.Contains(flat, "Redistribution and use in source and binary forms"):
		if strings.Contains(flat, "Neither the name") || strings.Contains(flat, "may not be used to endorse") {
			return "BSD-3-Clause"
		}
		return "BSD-2-Clause"
	}
	return "see the text below"
}
