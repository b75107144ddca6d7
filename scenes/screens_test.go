package scenes

import (
	"bytes"
	"encoding/json"
	"image"
	"path/filepath"
	"testing"

	"koma/app"
	"koma/app/prefs"
	"koma/i18n"
	"koma/rules"
)

func TestSettingsPersist(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "koma")
	store := &prefs.FileStore{Dir: dir}
	h := newHarness(t, &Menu{first: NewSettings()}, store)
	h.step(2)
	s, ok := h.app.Top().(*Settings)
	if !ok {
		t.Fatalf("the top scene is %T", h.app.Top())
	}
	// Rows: language, highlights, coordinates, animation; choices in the order shown.
	h.clickRect(s.rows[0].buttons[1].Rect)
	h.clickRect(s.rows[1].buttons[1].Rect)
	h.clickRect(s.rows[2].buttons[0].Rect)
	h.clickRect(s.rows[3].buttons[len(prefs.Speeds)-1].Rect)
	want := prefs.Settings{Lang: i18n.Japanese, Highlights: false, Coords: true, Animation: prefs.Speeds[len(prefs.Speeds)-1]}

	data, err := store.Read(prefs.SettingsFile)
	if err != nil {
		t.Fatal(err)
	}
	var onDisk prefs.Settings
	if err := json.Unmarshal(data, &onDisk); err != nil {
		t.Fatal(err)
	}
	again := newHarness(t, NewMenu(), &prefs.FileStore{Dir: dir}).ctx().Settings()
	for _, got := range []prefs.Settings{onDisk, again} {
		if got.Lang != want.Lang || got.Highlights != want.Highlights || got.Coords != want.Coords || got.Animation != want.Animation {
			t.Errorf("got %+v, want %+v", got, want)
		}
	}
}

func TestCorruptSettingsAreReportedAndKept(t *testing.T) {
	store := prefs.NewMemStore()
	if err := store.Write(prefs.SettingsFile, []byte("{not json")); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, NewMenu(), store)
	if got := h.ctx().Settings(); got.Lang != i18n.English || !got.Highlights {
		t.Errorf("settings %+v are not the defaults", got)
	}
	if len(h.app.Notices()) == 0 {
		t.Error("the user was not told")
	}
	if _, err := store.Read(prefs.SettingsFile + prefs.BadSuffix); err != nil {
		t.Errorf("the corrupt file was not kept: %v", err)
	}
}

// region copies the pixels of r, to compare what the screen shows before and after.
func region(h *harness, r image.Rectangle) []byte {
	h.draw()
	pix := make([]byte, 4*screenW*screenH)
	h.screen.ReadPixels(pix)
	var buf bytes.Buffer
	for y := r.Min.Y; y < r.Max.Y; y++ {
		buf.Write(pix[4*(y*screenW+r.Min.X) : 4*(y*screenW+r.Max.X)])
	}
	return buf.Bytes()
}

func TestLanguageSwitchChangesTheMenu(t *testing.T) {
	h := newHarness(t, NewMenu(), nil)
	menu := h.app.Top().(*Menu)
	ctx := h.ctx()
	mg := menu.margin(ctx)
	y := mg + menu.headerHeight(ctx) + 28*ctx.Unit()
	heading := rectF(mg, y, 260*ctx.Unit(), sizeHeading*ctx.Unit()*1.5)
	before := region(h, heading)
	english := ctx.T("menu.choose")

	h.clickRect(menu.settings.Rect)
	s, ok := h.app.Top().(*Settings)
	if !ok {
		t.Fatalf("Settings opened %T", h.app.Top())
	}
	h.clickRect(s.rows[0].buttons[1].Rect)
	h.clickRect(s.done.Rect)
	if h.app.Top() != menu {
		t.Fatalf("Done returned to %T", h.app.Top())
	}
	h.step(20) // let the fade end
	after := region(h, heading)
	if got := ctx.T("menu.choose"); got == english || got != i18n.T(i18n.Japanese, "menu.choose") {
		t.Errorf("the heading reads %q after switching to Japanese", got)
	}
	if bytes.Equal(before, after) {
		t.Error("the menu's heading looks the same after the language changed")
	}
}

func TestSetupStartsTheChosenGame(t *testing.T) {
	toy, err := testCatalog().Find("toy")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, NewSetup(toy), nil)
	s := h.app.Top().(*Setup)
	// Rows: the toy's two options, the side, the level.
	h.clickRect(s.rows[0].buttons[1].Rect)              // start=sparse
	h.clickRect(s.rows[2].buttons[len(toy.Sides)].Rect) // two players
	if !s.rows[3].buttons[0].Disabled {
		t.Error("the level can be chosen for two players")
	}
	h.clickRect(s.start.Rect)
	g, ok := h.app.Top().(*Game)
	if !ok {
		t.Fatalf("Start opened %T", h.app.Top())
	}
	if got := g.m.Spec().String(); got != "toy:start=sparse" {
		t.Errorf("started %s", got)
	}
	for p, seat := range g.m.Seats() {
		if !seat.Human {
			t.Errorf("seat %d is the computer", p)
		}
	}
	if last := h.ctx().Settings().Setups["toy"]; last.Options != "start=sparse" || last.Side != twoPlayers {
		t.Errorf("the choices were not remembered: %+v", last)
	}
}

func TestRulesScroll(t *testing.T) {
	var spec rules.Spec
	for _, g := range testCatalog() {
		if doc, err := i18n.Rules(i18n.English, g.ID); err == nil && len(doc.Blocks) > 10 {
			spec = defaultSpec(g)
			break
		}
	}
	if spec.Game == nil {
		t.Skip("no game in the catalog has rules long enough to scroll")
	}
	h := newHarness(t, NewRules(spec, false), nil)
	r := h.app.Top().(*Rules)
	if r.maxScroll() <= 0 {
		t.Fatal("the rules fit without scrolling")
	}
	cases := []struct {
		name  string
		do    func()
		check func(before, after float64) bool
	}{
		{"wheel down", func() { h.in.Scroll(3) }, func(b, a float64) bool { return a > b }},
		{"key down", func() { h.in.Press(app.KeyDown) }, func(b, a float64) bool { return a > b }},
		{"drag up scrolls down", func() { h.in.DragBy(0, -40) }, func(b, a float64) bool { return a == b+40 }},
		{"end", func() { h.in.Press(app.KeyEnd) }, func(b, a float64) bool { return a == r.maxScroll() }},
		{"past the end", func() { h.in.Scroll(50) }, func(b, a float64) bool { return a == r.maxScroll() }},
		{"page up", func() { h.in.Press(app.KeyPageUp) }, func(b, a float64) bool { return a < b }},
		{"home", func() { h.in.Press(app.KeyHome) }, func(b, a float64) bool { return a == 0 }},
	}
	for _, c := range cases {
		before := r.Scroll()
		c.do()
		h.step(1)
		if after := r.Scroll(); !c.check(before, after) {
			t.Errorf("%s: scroll went from %v to %v", c.name, before, after)
		}
	}
	h.in.Press(app.KeyBack)
	h.step(2)
	if _, ok := h.app.Top().(*Menu); !ok {
		t.Errorf("closing the rules opened %T", h.app.Top())
	}
}

// TestMenuScrolls: when the window is too short for every card, the cards scroll under
// the wheel, the last one comes into view, and a click on it opens its game.
func TestMenuScrolls(t *testing.T) {
	h := newHarness(t, NewMenu(), nil)
	h.step(1)
	m := h.app.Top().(*Menu)
	last := &m.cards[len(m.cards)-1]
	if !m.scroll.scrolls() || m.scroll.shows(last.rect) {
		t.Skip("every card fits this window")
	}
	v := m.scroll.view
	h.in.Move(float64(v.Min.X+v.Dx()/2), float64(v.Min.Y+v.Dy()/2))
	h.in.Scroll(50)
	h.step(3)
	if !m.scroll.shows(last.rect) {
		t.Fatalf("after scrolling to the end the last card is at %v, the view %v", last.rect, v)
	}
	shoot(t, h, "menu-scrolled-en.png")
	h.clickRect(last.rect)
	h.step(1)
	s, ok := h.app.Top().(*Setup)
	if !ok || s.game != last.game {
		t.Fatalf("clicking the last card opened %T", h.app.Top())
	}
}
