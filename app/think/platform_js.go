//go:build js

package think

// In the browser the search shares the page's only thread: a goroutine that never blocks
// would freeze the tab, so the work is done inside the ticks, paced by the clock.
func newPlatform() Runner { return NewPaced(BrowserShare, BrowserSlice) }
