package app

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// DocumentsDir returns the folder a save dialog should open in: the user's documents
// folder as the desktop names it (XDG_DOCUMENTS_DIR, from the environment or from
// ~/.config/user-dirs.dirs), else ~/Documents when it exists, else the home folder; ""
// when not even that is known, which leaves the choice to the dialog.
func DocumentsDir() string {
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	dirs, _ := os.ReadFile(filepath.Join(home, ".config", "user-dirs.dirs"))
	return documentsDir(home, os.Getenv("XDG_DOCUMENTS_DIR"), dirs, func(p string) bool {
		st, err := os.Stat(p)
		return err == nil && st.IsDir()
	})
}

// documentsDir decides as DocumentsDir does, from what it found on the machine.
func documentsDir(home, env string, userDirs []byte, isDir func(string) bool) string {
	expand := func(v string) string {
		v = strings.Trim(strings.TrimSpace(v), `"`)
		return filepath.Clean(strings.Replace(v, "$HOME", home, 1))
	}
	if env != "" && isDir(expand(env)) {
		return expand(env)
	}
	sc := bufio.NewScanner(bytes.NewReader(userDirs))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if v, ok := strings.CutPrefix(line, "XDG_DOCUMENTS_DIR="); ok && isDir(expand(v)) {
			return expand(v)
		}
	}
	if d := filepath.Join(home, "Documents"); isDir(d) {
		return d
	}
	return home
}
