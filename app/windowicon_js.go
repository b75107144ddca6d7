//go:build js

package app

// SetWindowIcon does nothing in the browser, where the page's favicon and the web app
// manifest's icons (written by build/web.sh) stand for the app; leaving the icon drawing
// out also keeps it out of the WebAssembly download.
func SetWindowIcon() {}
