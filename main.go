// Command koma is the desktop (and browser) app: abstract strategy games against a built-in
// AI, with their rules in English and Japanese.
//
// Besides normal play it can render one screen to a PNG and exit, for tests and reviews:
//
//	koma -shot out.png [-scene menu|setup|game|rules|settings|about] [-game spec] [-lang en|ja]
//	     [-play N] [-size WxH]
//
// and print its version (see koma/rules/version) and exit:
//
//	koma -version
package main

import (
	"flag"
	"fmt"
	"koma/app/sound"
	"log"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"koma/app"
	"koma/app/prefs"
	"koma/i18n"
	"koma/rules"
	"koma/rules/catalog"
	"koma/rules/version"
	"koma/scenes"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "koma:", err)
		os.Exit(2)
	}
}

type options struct {
	version bool
	shot    string
	scene   string
	game    string
	lang    string
	play    int
	size    string
	width   int
	height  int
	spec    rules.Spec
}

func parseFlags(args []string) (options, error) {
	var o options
	fs := flag.NewFlagSet("koma", flag.ContinueOnError)
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	fs.StringVar(&o.shot, "shot", "", "render one screen to this PNG file and exit")
	fs.StringVar(&o.scene, "scene", "", "first screen: "+strings.Join(scenes.ScreenNames, ", "))
	fs.StringVar(&o.game, "game", "", `game and variant, such as "konane:size=8" (default: the first game)`)
	fs.StringVar(&o.lang, "lang", "", "interface language: en or ja (default: the saved setting)")
	fs.IntVar(&o.play, "play", 0, "with -scene game: make this many seeded random decisions first")
	fs.StringVar(&o.size, "size", "1280x800", "window size WxH")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	w, h, err := parseSize(o.size)
	if err != nil {
		return o, err
	}
	o.width, o.height = w, h
	if o.scene != "" && !slices.Contains(scenes.ScreenNames, o.scene) {
		return o, fmt.Errorf("unknown -scene %q: want one of %s", o.scene, strings.Join(scenes.ScreenNames, ", "))
	}
	if o.lang != "" && !slices.Contains(i18n.Languages(), i18n.Lang(o.lang)) {
		return o, fmt.Errorf("unknown -lang %q", o.lang)
	}
	if o.play < 0 {
		return o, fmt.Errorf("bad -play %d", o.play)
	}
	switch {
	case o.game != "":
		spec, err := catalog.All.ParseSpec(o.game)
		if err != nil {
			return o, err
		}
		o.spec = spec
	case len(catalog.All) > 0:
		spec, err := catalog.All.ParseSpec(catalog.All[0].ID)
		if err != nil {
			return o, err
		}
		o.spec = spec
	}
	return o, nil
}

// The window sizes -size accepts.
const (
	minWidth, minHeight = 320, 240
	maxWidth, maxHeight = 8192, 8192
)

// parseSize reads -size: two whole numbers joined by an x, nothing before or after them,
// within the sizes the app lays out.
func parseSize(text string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(text, "x")
	w, werr := strconv.Atoi(ws)
	h, herr := strconv.Atoi(hs)
	if !ok || werr != nil || herr != nil || strings.ContainsAny(text, "+-") ||
		w < minWidth || h < minHeight || w > maxWidth || h > maxHeight {
		return 0, 0, fmt.Errorf("bad -size %q: want WxH, from %dx%d to %dx%d", text, minWidth, minHeight, maxWidth, maxHeight)
	}
	return w, h, nil
}

func run() error {
	o, err := parseFlags(os.Args[1:])
	if err != nil {
		if err == flag.ErrHelp {
			return nil
		}
		return err
	}
	if o.version {
		fmt.Println("koma", version.String())
		return nil
	}
	first, err := scenes.Start(scenes.StartOptions{Screen: o.scene, Spec: o.spec, Play: o.play, Seed: 1})
	if err != nil {
		return err
	}
	if err := i18n.Check(); err != nil {
		log.Printf("koma: %v", err)
	}

	cfg := app.Config{
		Catalog:     catalog.All,
		DefaultLang: i18n.Detect(),
		Lang:        i18n.Lang(o.lang),
		Seed:        uint64(time.Now().UnixNano()),
		CanQuit:     runtime.GOOS != "js",
		Dialogs:     app.NativeDialogs(),
		Sound:       &sound.Player{},
		Rest:        true,
	}
	if o.shot != "" {
		// A screenshot must not depend on, or change, the user's settings and games.
		cfg.Store = prefs.NewMemStore()
		cfg.Seed = 1
		cfg.Scale = 1
		cfg.Shot = o.shot
		cfg.Sound = nil
		// No pointer: the picture must not depend on where the mouse happens to be.
		cfg.Input = &app.FakeInput{}
		cfg.ShotTicks = app.DefaultShotTicks
		if cfg.Lang == "" {
			cfg.Lang = i18n.English
		}
	} else {
		store, err := prefs.Default()
		if err != nil {
			cfg.StoreProblem = err
			log.Printf("koma: %v", err)
		} else {
			cfg.Store = store
		}
	}
	a := app.New(cfg, first)

	ebiten.SetWindowTitle(a.Title())
	app.SetWindowIcon()
	ebiten.SetWindowSize(o.width, o.height)
	ebiten.SetWindowSizeLimits(480, 360, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(a); err != nil {
		return err
	}
	return a.ShotError()
}
