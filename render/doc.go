// Package render draws everything Koma shows that is not scene layout: boards of every
// kind, pieces and stacks, highlights, move animations, text and drawing primitives shared
// by the widgets in render/ui.
//
// Geometry (board units to screen pixels, fitting and hit-testing) lives in layout.go and
// does not touch the GPU, so it is tested without a display. Everything else needs an
// Ebitengine context; the package's tests run inside a game loop under xvfb-run.
package render
