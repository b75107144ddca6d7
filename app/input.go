package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Key is a keyboard action the scenes react to, independent of the physical key.
type Key int

// The keys.
const (
	KeyUp Key = iota + 1
	KeyDown
	KeyLeft
	KeyRight
	KeyPageUp
	KeyPageDown
	KeyHome
	KeyEnd
	KeyEnter
	KeyBack // Escape: close an overlay, go back
	KeyUndo // Ctrl+Z or Backspace in a game
	KeyFullscreen
	KeyRedo // Ctrl+Y or Ctrl+Shift+Z in a game
	KeyFlip // F: turn the board round
	KeyHelp // ? or F1: the keys and clicks of the game screen
	KeyHint // H: ask for a hint
	keyCount
)

// Input is what the scenes know of the user's hands: one pointer (mouse or first touch), the
// wheel and a few keys. Positions are in screen pixels, the same space scenes draw in.
type Input interface {
	// Update reads the devices; the app calls it once per tick before the scene's Update.
	Update()
	// Cursor is the pointer position; ok is false when there is no pointer (no mouse over
	// the window, or no finger down).
	Cursor() (x, y float64, ok bool)
	// Clicked reports a click or tap completed this tick: pressed and released without
	// moving far. ok is false when there was none.
	Clicked() (x, y float64, ok bool)
	// Drag reports how far the pointer moved this tick while held down after moving past
	// the click threshold; ok is false when no drag is in progress.
	Drag() (dx, dy float64, ok bool)
	// Wheel is the scroll this tick, in wheel steps; positive dy scrolls the content down.
	Wheel() (dx, dy float64)
	// Pressed reports whether the key was pressed this tick, with key repeat for held keys.
	Pressed(k Key) bool
	// Active reports whether anything happened this tick, so that the app knows to redraw.
	Active() bool
}

// clickSlop is how far, in device-independent pixels, a pointer may move between press and
// release and still count as a click.
const clickSlop = 8

// DeviceInput reads the mouse, touch screen and keyboard through Ebitengine.
type DeviceInput struct {
	// Scale converts device-independent pixels to screen pixels; the app keeps it current.
	Scale float64

	x, y      float64
	hasCursor bool
	pressing  bool
	touchID   ebiten.TouchID
	touching  bool
	startX    float64
	startY    float64
	lastX     float64
	lastY     float64
	dragging  bool
	dragDX    float64
	dragDY    float64
	click     bool
	clickX    float64
	clickY    float64
	wheelX    float64
	wheelY    float64
	keys      [keyCount]bool
	active    bool
	holding   bool
	touchBuf  []ebiten.TouchID
}

var keyMap = map[Key][]ebiten.Key{
	KeyUp:         {ebiten.KeyArrowUp},
	KeyDown:       {ebiten.KeyArrowDown},
	KeyLeft:       {ebiten.KeyArrowLeft},
	KeyRight:      {ebiten.KeyArrowRight},
	KeyPageUp:     {ebiten.KeyPageUp},
	KeyPageDown:   {ebiten.KeyPageDown, ebiten.KeySpace},
	KeyHome:       {ebiten.KeyHome},
	KeyEnd:        {ebiten.KeyEnd},
	KeyEnter:      {ebiten.KeyEnter, ebiten.KeyNumpadEnter},
	KeyBack:       {ebiten.KeyEscape},
	KeyUndo:       {ebiten.KeyBackspace},
	KeyFullscreen: {ebiten.KeyF11},
	KeyFlip:       {ebiten.KeyF},
	KeyHelp:       {ebiten.KeyF1},
	KeyHint:       {ebiten.KeyH},
}

// repeated reports a fresh press, or a held key after a short delay, a few times a second.
func repeated(k ebiten.Key) bool {
	d := inpututil.KeyPressDuration(k)
	return d == 1 || (d > 24 && d%5 == 0)
}

// Update implements Input.
func (in *DeviceInput) Update() {
	scale := in.Scale
	if scale <= 0 {
		scale = 1
	}
	in.click, in.dragDX, in.dragDY, in.active = false, 0, 0, false

	// The first finger down acts as the mouse; further fingers are ignored.
	in.touchBuf = inpututil.AppendJustPressedTouchIDs(in.touchBuf[:0])
	if !in.touching && !in.pressing && len(in.touchBuf) > 0 {
		in.touchID, in.touching = in.touchBuf[0], true
		tx, ty := ebiten.TouchPosition(in.touchID)
		in.press(float64(tx), float64(ty))
	}
	switch {
	case in.touching:
		if inpututil.IsTouchJustReleased(in.touchID) {
			in.touching = false
			in.release()
			in.hasCursor = false
		} else {
			tx, ty := ebiten.TouchPosition(in.touchID)
			in.move(float64(tx), float64(ty), scale)
		}
	default:
		cx, cy := ebiten.CursorPosition()
		x, y := float64(cx), float64(cy)
		if x != in.x || y != in.y || !in.hasCursor {
			in.active = true
		}
		in.x, in.y, in.hasCursor = x, y, true
		if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
			in.press(x, y)
		}
		if in.pressing {
			in.move(x, y, scale)
			if inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) || !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
				in.release()
			}
		}
	}

	// A press the poll saw this tick is its business; otherwise a click that came and went
	// between two ticks (a quick tap in a browser) is delivered now.
	if x, y, ok := missedClick(); ok && !in.pressing && !in.click {
		in.press(x*scale, y*scale)
		in.release()
	}

	in.wheelX, in.wheelY = ebiten.Wheel()
	// Ebitengine reports wheel-up as positive y; scenes think in content movement.
	in.wheelY = -in.wheelY
	if in.wheelX != 0 || in.wheelY != 0 {
		in.active = true
	}
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	in.holding = in.pressing || in.touching
	for k := Key(1); k < keyCount; k++ {
		in.keys[k] = false
		for _, ek := range keyMap[k] {
			if repeated(ek) {
				in.keys[k] = true
			}
			if ebiten.IsKeyPressed(ek) {
				in.holding = true
			}
		}
	}
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	switch {
	case ctrl && shift && inpututil.IsKeyJustPressed(ebiten.KeyZ), ctrl && inpututil.IsKeyJustPressed(ebiten.KeyY):
		in.keys[KeyRedo] = true
	case ctrl && inpututil.IsKeyJustPressed(ebiten.KeyZ):
		in.keys[KeyUndo] = true
	}
	if shift && inpututil.IsKeyJustPressed(ebiten.KeySlash) {
		in.keys[KeyHelp] = true // "?" on most layouts
	}
	if ctrl {
		in.keys[KeyFlip], in.keys[KeyHint] = false, false // Ctrl+F, Ctrl+H are the system's
	}
	for k := range in.keys {
		if in.keys[k] {
			in.active = true
		}
	}
}

func (in *DeviceInput) press(x, y float64) {
	in.pressing, in.dragging = true, false
	in.startX, in.startY, in.lastX, in.lastY = x, y, x, y
	in.x, in.y, in.hasCursor = x, y, true
	in.active = true
}

func (in *DeviceInput) move(x, y, scale float64) {
	if x != in.lastX || y != in.lastY {
		in.active = true
	}
	if !in.dragging && math.Hypot(x-in.startX, y-in.startY) > clickSlop*scale {
		in.dragging = true
	}
	if in.dragging {
		in.dragDX, in.dragDY = x-in.lastX, y-in.lastY
	}
	in.lastX, in.lastY = x, y
	in.x, in.y, in.hasCursor = x, y, true
}

func (in *DeviceInput) release() {
	if in.pressing && !in.dragging {
		in.click, in.clickX, in.clickY = true, in.lastX, in.lastY
	}
	in.pressing, in.dragging = false, false
	in.active = true
}

// Cursor implements Input.
func (in *DeviceInput) Cursor() (x, y float64, ok bool) { return in.x, in.y, in.hasCursor }

// Clicked implements Input.
func (in *DeviceInput) Clicked() (x, y float64, ok bool) { return in.clickX, in.clickY, in.click }

// Drag implements Input.
func (in *DeviceInput) Drag() (dx, dy float64, ok bool) { return in.dragDX, in.dragDY, in.dragging }

// Wheel implements Input.
func (in *DeviceInput) Wheel() (dx, dy float64) { return in.wheelX, in.wheelY }

// Pressed implements Input.
func (in *DeviceInput) Pressed(k Key) bool { return k > 0 && k < keyCount && in.keys[k] }

// Active implements Input.
func (in *DeviceInput) Active() bool { return in.active }

// Holding reports whether a button, finger or one of the app's keys is held down: the app
// then keeps ticking even when nothing moves, for key repeat and drags.
func (in *DeviceInput) Holding() bool { return in.holding }

// holder is implemented by inputs that know whether something is held down.
type holder interface{ Holding() bool }

// FakeInput is an Input driven by a test: each queued event is delivered on one tick, in
// order, and a tick with nothing queued has no input at all.
type FakeInput struct {
	queue []fakeEvent
	cur   fakeEvent
	x, y  float64
	has   bool
}

type fakeEvent struct {
	click          bool
	move           bool
	x, y           float64
	wheelDY        float64
	drag           bool
	dragDX, dragDY float64
	key            Key
}

// Click queues a click at (x, y).
func (f *FakeInput) Click(x, y float64) {
	f.queue = append(f.queue, fakeEvent{click: true, x: x, y: y})
}

// Move queues a pointer move to (x, y) without a click.
func (f *FakeInput) Move(x, y float64) { f.queue = append(f.queue, fakeEvent{move: true, x: x, y: y}) }

// Scroll queues a wheel movement; positive dy scrolls the content down.
func (f *FakeInput) Scroll(dy float64) { f.queue = append(f.queue, fakeEvent{wheelDY: dy}) }

// DragBy queues one tick of dragging by (dx, dy), which moves the pointer as far. The
// drag ends at the first tick without one, where the pointer was let go.
func (f *FakeInput) DragBy(dx, dy float64) {
	f.queue = append(f.queue, fakeEvent{drag: true, dragDX: dx, dragDY: dy})
}

// Press queues a key press.
func (f *FakeInput) Press(k Key) { f.queue = append(f.queue, fakeEvent{key: k}) }

// Pending reports how many queued events have not been delivered yet.
func (f *FakeInput) Pending() int { return len(f.queue) }

// Update implements Input.
func (f *FakeInput) Update() {
	f.cur = fakeEvent{}
	if len(f.queue) > 0 {
		f.cur, f.queue = f.queue[0], f.queue[1:]
		if f.cur.click || f.cur.move {
			f.x, f.y, f.has = f.cur.x, f.cur.y, true
		}
		if f.cur.drag {
			// The pointer goes with the drag, as a mouse's or a finger's does.
			f.x, f.y = f.x+f.cur.dragDX, f.y+f.cur.dragDY
		}
	}
}

// Cursor implements Input.
func (f *FakeInput) Cursor() (x, y float64, ok bool) { return f.x, f.y, f.has }

// Clicked implements Input.
func (f *FakeInput) Clicked() (x, y float64, ok bool) { return f.cur.x, f.cur.y, f.cur.click }

// Drag implements Input.
func (f *FakeInput) Drag() (dx, dy float64, ok bool) { return f.cur.dragDX, f.cur.dragDY, f.cur.drag }

// Wheel implements Input.
func (f *FakeInput) Wheel() (dx, dy float64) { return 0, f.cur.wheelDY }

// Pressed implements Input.
func (f *FakeInput) Pressed(k Key) bool { return f.cur.key == k && k != 0 }

// Active implements Input.
func (f *FakeInput) Active() bool { return f.cur != fakeEvent{} }
