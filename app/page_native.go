//go:build !js

package app

// page publishes the app's state to a web page; a desktop window has none to publish to.
type page struct{}

func newPage(*App) *page { return nil }

func (*page) update() {}
