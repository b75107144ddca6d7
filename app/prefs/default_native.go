//go:build !js

package prefs

// Default returns the store the app uses on this platform: files in the user's
// configuration directory.
func Default() (Store, error) { return UserFileStore() }
