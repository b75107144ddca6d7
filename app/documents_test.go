package app

import "testing"

func TestDocumentsDir(t *testing.T) {
	dirs := map[string]bool{"/home/a": true, "/home/a/Documents": true, "/home/a/Dokumente": true, "/home/a/文書": true}
	isDir := func(p string) bool { return dirs[p] }
	cases := []struct {
		name, home, env, userDirs, want string
	}{
		{"the environment first", "/home/a", "$HOME/Dokumente", `XDG_DOCUMENTS_DIR="$HOME/文書"`, "/home/a/Dokumente"},
		{"the desktop's list", "/home/a", "", "# comment\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_DOCUMENTS_DIR=\"$HOME/文書\"\n", "/home/a/文書"},
		{"a listed folder that is gone", "/home/a", "", `XDG_DOCUMENTS_DIR="$HOME/Gone"`, "/home/a/Documents"},
		{"Documents by convention", "/home/a", "", "", "/home/a/Documents"},
		{"only a home", "/home/b", "", "", "/home/b"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := documentsDir(c.home, c.env, []byte(c.userDirs), isDir); got != c.want {
				t.Errorf("documentsDir = %q, want %q", got, c.want)
			}
		})
	}
}
