//go:build !js

package i18n

import "os"

// Detect returns the language of the system (desktop) or the browser (web), falling back
// to English. On the desktop it reads the POSIX locale variables (LC_ALL, LC_MESSAGES,
// LANG); Windows and macOS GUI sessions usually set none of them, so they get English.
func Detect() Lang { return fromEnv(os.Getenv) }
