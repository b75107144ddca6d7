//go:build js

package i18n

import "syscall/js"

// Detect returns the language of the system (desktop) or the browser (web), falling back
// to English. In the browser it reads navigator.language.
func Detect() Lang {
	nav := js.Global().Get("navigator")
	if nav.Type() != js.TypeObject {
		return English
	}
	lang := nav.Get("language")
	if lang.Type() != js.TypeString {
		return English
	}
	return Match(lang.String())
}
