//go:build js

package app

import (
	"encoding/json"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
)

// askedTicks is how long, in ticks, the app keeps describing its screen after the page last
// asked: a person's page never asks, and so never pays for it.
const askedTicks = 10 * ebitenTPS

// page publishes the app to the web page as window.koma, for the browser end-to-end test
// and for anyone curious in the console:
//
//	koma.layout()  the top scene's Description, in CSS pixels
//	koma.state()   scene, language, the notices shown, tick counters, and the ThinkStats
//	               of the search in progress or else of the last one
//	koma.tps()     Ebitengine's measured ticks per second
//
// JavaScript calls arrive between frames; they read a snapshot that Update refreshes, so
// they never touch the scenes while a tick is running.
type page struct {
	app   *App
	asked atomic.Int64 // the tick of the last call from the page

	busy  js.Value // the page's "thinking" element, if it has one
	shown bool

	mu       sync.Mutex
	desc     Description
	ticks    int64
	scene    string
	stats    ThinkStats
	thinking bool
	lang     string
	notices  []string
}

// pageState is what koma.state() returns.
type pageState struct {
	Ticks    int64   `json:"ticks"`
	Scene    string  `json:"scene"`
	Lang     string  `json:"lang"`
	TPS      float64 `json:"tps"`
	FPS      float64 `json:"fps"`
	Thinking bool    `json:"thinking"`
	// Notices are the messages shown over the scenes, oldest first.
	Notices []string   `json:"notices"`
	Think   ThinkStats `json:"think"`
	// GCCycles and HeapMB tell whether garbage collection might explain a slow frame.
	GCCycles uint64  `json:"gcCycles"`
	HeapMB   float64 `json:"heapMB"`
}

// readGC reads the garbage collector's counters, cheaply: runtime/metrics does not stop
// the world as runtime.ReadMemStats does.
func readGC() (cycles uint64, heapMB float64) {
	samples := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(samples)
	if samples[0].Value.Kind() == metrics.KindUint64 {
		cycles = samples[0].Value.Uint64()
	}
	if samples[1].Value.Kind() == metrics.KindUint64 {
		heapMB = float64(samples[1].Value.Uint64()) / (1 << 20)
	}
	return cycles, heapMB
}

func newPage(a *App) *page {
	p := &page{app: a}
	p.asked.Store(-askedTicks)
	obj := js.Global().Get("Object").New()
	obj.Set("layout", js.FuncOf(func(js.Value, []js.Value) any {
		p.ask()
		p.mu.Lock()
		d := p.desc
		p.mu.Unlock()
		return toJS(d)
	}))
	obj.Set("state", js.FuncOf(func(js.Value, []js.Value) any {
		p.ask()
		p.mu.Lock()
		s := pageState{Ticks: p.ticks, Scene: p.scene, Lang: p.lang, Thinking: p.thinking, Think: p.stats, Notices: p.notices}
		p.mu.Unlock()
		s.TPS, s.FPS = ebiten.ActualTPS(), ebiten.ActualFPS()
		s.GCCycles, s.HeapMB = readGC()
		return toJS(s)
	}))
	obj.Set("tps", js.FuncOf(func(js.Value, []js.Value) any { return ebiten.ActualTPS() }))
	js.Global().Set("koma", obj)
	if doc := js.Global().Get("document"); doc.Truthy() {
		p.busy = doc.Call("getElementById", "thinking")
	}
	return p
}

func (p *page) ask() {
	p.mu.Lock()
	t := p.ticks
	p.mu.Unlock()
	p.asked.Store(t)
}

// update shows the page's thinking indicator while a search runs, and refreshes the
// snapshot; the scene is described only while the page is asking.
func (p *page) update() {
	a := p.app
	stats, thinking := a.meter.stats()
	if p.busy.Truthy() && thinking != p.shown {
		p.shown = thinking
		p.busy.Set("hidden", !thinking)
	}
	var desc Description
	var notices []string
	describe := a.ticks-p.asked.Load() <= askedTicks
	if describe {
		desc = a.Describe().Scaled(a.scale)
		notices = a.Notices()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ticks = a.ticks
	p.stats, p.thinking = stats, thinking
	p.lang = string(a.settings.Lang)
	if describe {
		p.desc = desc
		p.scene = desc.Scene
		p.notices = notices
	}
}

// toJS hands v to JavaScript as a plain object, through JSON: the values are small and
// this keeps the Go side free of hand-built js.Value trees.
func toJS(v any) any {
	data, err := json.Marshal(v)
	if err != nil {
		return js.Null()
	}
	return js.Global().Get("JSON").Call("parse", string(data))
}
