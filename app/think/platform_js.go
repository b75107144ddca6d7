//go:build js

package think

func newPlatform() Runner { return NewSliced(BrowserSlice) }
