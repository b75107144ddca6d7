//go:build js

package scenes

// dotTicks is how many ticks each step of the "thinking" dots lasts; in a browser they do
// not step at all. A browser without a GPU composites the page in software and reads the
// whole canvas back after every change, for several frames: measured in headless Chromium,
// even one step a second cost the page a tenth of its ticks while the computer thought.
// The page shows a CSS animation instead (build/web/index.html), which the browser runs
// without touching the canvas.
const dotTicks = 1 << 30
