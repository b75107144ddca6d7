//go:build js

package app

// NativeDialogs returns nil: a browser tab has no native file dialogs, and the scenes hide
// the buttons that would need them.
func NativeDialogs() Dialogs { return nil }
