package main

import (
	"bytes"
	"errors"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"koma/rules/catalog"
)

func TestParseFlags(t *testing.T) {
	cases := []struct {
		name    string
		args    []string
		wantErr string
		check   func(o options) bool
	}{
		{"defaults", nil, "", func(o options) bool { return o.width == 1280 && o.height == 800 && o.shot == "" }},
		{"size", []string{"-size", "800x600"}, "", func(o options) bool { return o.width == 800 && o.height == 600 }},
		{"bad size", []string{"-size", "big"}, "bad -size", nil},
		{"tiny size", []string{"-size", "10x10"}, "bad -size", nil},
		{"huge size", []string{"-size", "100000x100000"}, "to 8192x8192", nil},
		{"trailing junk", []string{"-size", "1280x800junk"}, "bad -size", nil},
		{"leading junk", []string{"-size", "x1280x800"}, "bad -size", nil},
		{"signed", []string{"-size", "+1280x800"}, "bad -size", nil},
		{"spaces", []string{"-size", "1280 x 800"}, "bad -size", nil},
		{"smallest size", []string{"-size", "320x240"}, "", func(o options) bool { return o.width == 320 && o.height == 240 }},
		{"largest size", []string{"-size", "8192x8192"}, "", func(o options) bool { return o.width == 8192 && o.height == 8192 }},
		{"unknown scene", []string{"-scene", "lobby"}, "unknown -scene", nil},
		{"unknown language", []string{"-lang", "fr"}, "unknown -lang", nil},
		{"negative play", []string{"-play", "-1"}, "bad -play", nil},
		{"unknown game", []string{"-game", "no-such-game"}, "unknown game", nil},
		{"stray argument", []string{"extra"}, "unexpected argument", nil},
		{"shot", []string{"-shot", "x.png", "-scene", "settings", "-lang", "ja"}, "", func(o options) bool {
			return o.shot == "x.png" && o.scene == "settings" && o.lang == "ja"
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := parseFlags(c.args)
			switch {
			case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
				t.Errorf("error %v, want one about %q", err, c.wantErr)
			case c.wantErr == "" && err != nil:
				t.Errorf("unexpected error %v", err)
			case c.check != nil && !c.check(o):
				t.Errorf("parsed %+v", o)
			}
		})
	}
}

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// komaBinary builds the app once for the tests that run it as a reviewer would.
func komaBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "koma-test")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "koma")
		out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out))
		}
	})
	if buildErr != nil {
		t.Fatalf("go build: %v", buildErr)
	}
	return binary
}

func TestUnknownSpecExits2(t *testing.T) {
	cmd := exec.Command(komaBinary(t), "-shot", filepath.Join(t.TempDir(), "x.png"), "-game", "chess:size=9")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 {
		t.Fatalf("exit %v, want status 2", err)
	}
	if lines := strings.Split(strings.TrimSpace(stderr.String()), "\n"); len(lines) != 1 || !strings.Contains(lines[0], "chess") {
		t.Errorf("stderr %q, want one line naming the game", stderr.String())
	}
}

// TestShots renders every screen in both languages through the real binary, as reviewers
// do, and checks that a picture of the requested size comes out.
func TestShots(t *testing.T) {
	screens := []string{"menu", "settings"}
	if len(catalog.All) > 0 {
		screens = append(screens, "setup", "game", "rules")
	}
	for _, lang := range []string{"en", "ja"} {
		for _, scene := range screens {
			t.Run(lang+"/"+scene, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), scene+".png")
				cmd := exec.Command(komaBinary(t), "-shot", path, "-scene", scene, "-lang", lang, "-play", "4", "-size", "900x600")
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("%v\n%s", err, out)
				}
				f, err := os.Open(path)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				img, err := png.Decode(f)
				if err != nil {
					t.Fatal(err)
				}
				if b := img.Bounds(); b.Dx() != 900 || b.Dy() != 600 {
					t.Errorf("the picture is %v, want 900x600", b)
				}
			})
		}
	}
}

// TestVersionFlag runs the binary as a person would: -version prints one line and starts
// no window.
func TestVersionFlag(t *testing.T) {
	out, err := exec.Command(komaBinary(t), "-version").CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	line := strings.TrimSpace(string(out))
	if !strings.HasPrefix(line, "koma ") || len(line) <= len("koma ") || strings.Contains(line, "\n") {
		t.Errorf("koma -version printed %q, want one line \"koma <version>\"", out)
	}
}

// TestAboutShot renders the About screen in both languages through the real binary.
func TestAboutShot(t *testing.T) {
	for _, lang := range []string{"en", "ja"} {
		path := filepath.Join(t.TempDir(), "about-"+lang+".png")
		cmd := exec.Command(komaBinary(t), "-shot", path, "-scene", "about", "-lang", lang, "-size", "900x600")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", lang, err, out)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != 900 || b.Dy() != 600 {
			t.Errorf("%s: the picture is %v, want 900x600", lang, b)
		}
	}
}
