//go:build js

package app

// newRester returns nil in the browser: the page keeps Ebitengine's requestAnimationFrame
// loop, which the browser itself throttles in a hidden tab, and the tick rate there is
// measured while the computer thinks (see ThinkStats).
func newRester() rester { return nil }
