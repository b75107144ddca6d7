//go:build !js

package scenes

// dotTicks is how many ticks each step of the "thinking" dots lasts.
const dotTicks = 12
