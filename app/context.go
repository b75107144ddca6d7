package app

import (
	"koma/app/sound"
	"time"

	"koma/app/prefs"
	"koma/app/think"
	"koma/i18n"
	"koma/rules"
	"koma/rules/ai"
)

// Context is the one bag of services every scene receives: texts, settings, storage,
// input, the catalog, the AI runner, metrics and scene changes.
type Context struct {
	app *App
}

// Lang is the interface language.
func (c *Context) Lang() i18n.Lang { return c.app.settings.Lang }

// T returns the interface string for key in the current language.
func (c *Context) T(key string, args ...any) string { return i18n.T(c.app.settings.Lang, key, args...) }

// Settings returns the settings for reading; change them with UpdateSettings.
func (c *Context) Settings() prefs.Settings { return c.app.settings }

// UpdateSettings applies change to the settings, saves them and redraws. A failure to save
// is shown to the user; the change stays in effect for this run.
func (c *Context) UpdateSettings(change func(s *prefs.Settings)) {
	before := c.app.settings.Lang
	change(&c.app.settings)
	if c.app.settings.Lang != before {
		c.app.savedLang = c.app.settings.Lang
	}
	// A language given for this run only (Config.Lang) is not saved with the rest.
	saved := c.app.settings
	saved.Lang = c.app.savedLang
	if err := prefs.SaveSettings(c.app.store, saved); err != nil {
		c.Notify(c.T("notice.settings-not-saved"))
	}
	if c.app.settings.Lang != before {
		c.app.languageChanged()
	}
	c.app.openSound()
	c.Invalidate()
}

// Sounder plays the app's sounds; sound.Player is the real one.
type Sounder interface {
	// Open readies the sound device in the background.
	Open()
	// Play plays a sound without waiting for it.
	Play(k sound.Kind)
	// Problem says why sounds cannot be played here, or nil.
	Problem() error
}

// PlaySound plays sound k if the player has sounds on.
func (c *Context) PlaySound(k sound.Kind) {
	if c.app.cfg.Sound != nil && c.app.settings.Sound {
		c.app.cfg.Sound.Play(k)
	}
}

// SoundProblem says why sounds cannot be played on this machine, or nil.
func (c *Context) SoundProblem() error {
	if c.app.cfg.Sound == nil {
		return nil
	}
	return c.app.cfg.Sound.Problem()
}

// Store is where the app keeps settings and the autosave.
func (c *Context) Store() prefs.Store { return c.app.store }

// Input is the user's pointer and keys for this tick.
func (c *Context) Input() Input { return c.app.input }

// Catalog is the list of games offered.
func (c *Context) Catalog() rules.Catalog { return c.app.cfg.Catalog }

// Runner is the AI runner shared by the scenes; at most one search runs at a time.
func (c *Context) Runner() think.Runner { return c.app.runner }

// ThinkTime is how long the computer thinks at level l.
func (c *Context) ThinkTime(l ai.Level) time.Duration {
	if c.app.cfg.ThinkTime > 0 {
		return c.app.cfg.ThinkTime
	}
	return l.ThinkTime()
}

// Dialogs returns the native file dialogs, or nil where there are none (the browser,
// tests, screenshots).
func (c *Context) Dialogs() Dialogs { return c.app.dialogs }

// CanQuit reports whether the app may offer a Quit button (not in a browser tab).
func (c *Context) CanQuit() bool { return c.app.cfg.CanQuit }

// Unit is the size of one device-independent pixel in screen pixels: every metric of the
// scenes is a multiple of it, so the app is equally sharp and equally large on every screen.
func (c *Context) Unit() float64 { return c.app.scale }

// Size is the screen size in pixels.
func (c *Context) Size() (w, h int) { return c.app.width, c.app.height }

// Tick is the duration of one Update.
func (c *Context) Tick() time.Duration { return time.Second / time.Duration(ebitenTPS) }

// Now is the time since the app started, counted in ticks so that animations do not depend
// on the wall clock. While the app rests, because nothing moves, the ticks it sleeps through
// are counted when it wakes, so that timers kept in ticks still expire on time.
func (c *Context) Now() time.Duration { return time.Duration(c.app.ticks) * c.Tick() }

// Delta is the wall-clock time since the previous Update, at least one tick and at most a
// quarter of a second. Animations advance by it, so that on a slow machine they drop frames
// instead of slowing down; screenshots use exactly one tick, so they do not depend on the
// machine.
func (c *Context) Delta() time.Duration { return c.app.delta }

// Seed returns a fresh seed for a new match. The sequence depends only on the app's seed, so
// tests and screenshots are reproducible.
func (c *Context) Seed() uint64 { return c.app.rng.Uint64() }

// Invalidate asks for the screen to be redrawn after this tick.
func (c *Context) Invalidate() { c.app.dirty = true }

// InvalidatePart asks the top scene to repaint only what its PartDrawer covers; the app
// repaints everything instead when that cannot be done safely.
func (c *Context) InvalidatePart() { c.app.partDirty = true }

// Notify shows a short message over every scene for a few seconds.
func (c *Context) Notify(msg string) {
	c.app.notices = append(c.app.notices, notice{text: msg, until: c.app.ticks + noticeTicks})
	c.app.overlayDirty = true
}

// GoTo replaces every scene with s once the current Update returns.
func (c *Context) GoTo(s Scene) {
	c.app.mgr.pending = append(c.app.mgr.pending, func(ctx *Context) {
		c.app.startFade()
		c.app.mgr.goTo(ctx, s)
	})
}

// Push shows s over the current scene, which keeps its state until Pop.
func (c *Context) Push(s Scene) {
	c.app.mgr.pending = append(c.app.mgr.pending, func(ctx *Context) { c.app.mgr.push(ctx, s) })
}

// Pop closes the top scene and returns to the one below.
func (c *Context) Pop() {
	c.app.mgr.pending = append(c.app.mgr.pending, func(ctx *Context) { c.app.mgr.pop(ctx) })
}

// Quit ends the app after this tick.
func (c *Context) Quit() { c.app.quit = true }

// Shooting reports whether the app runs to take a screenshot: scenes then skip anything
// that would make the picture depend on timing.
func (c *Context) Shooting() bool { return c.app.cfg.Shot != "" }
