// Package sound plays Koma's two sounds, a piece set down and a capture. Both are
// synthesised here at start-up, so there is no recording to license: a few decaying
// sine partials, like a wooden piece knocking on a wooden board, and a short burst of
// noise for the contact.
//
// The sounds go out through oto, the audio library beneath Ebitengine's own audio
// package. Ebitengine's package is not used because it turns a missing sound device into
// a fatal error of the game loop: on a machine without one (a server, a CI runner, a
// desktop with its sound disabled) switching sounds on would end the game. Driving oto
// directly, a device that cannot be opened only switches the sounds off.
package sound

import (
	"encoding/binary"
	"math"
)

// Kind names one of the sounds.
type Kind uint8

// The sounds.
const (
	// Move is a piece set down: a move, a placement, a hop of a chain.
	Move Kind = iota
	// Capture is a move that took at least one enemy piece.
	Capture
	kinds
)

// SampleRate is the rate the sounds are made and played at.
const SampleRate = 48000

// Channels is the number of channels of the clips (stereo, the same in both).
const Channels = 2

// bytesPerSample is the size of one channel's sample: 32-bit floats, little-endian, the
// format oto plays without conversion.
const bytesPerSample = 4

// peak is the loudest sample of every clip. The sounds accompany a thinking game; they
// should be heard, not noticed.
const peak = 0.25

// partial is one decaying sine of a knock.
type partial struct {
	hz    float64 // frequency
	gain  float64 // relative loudness at the start
	decay float64 // seconds for the amplitude to fall to 1/e
}

// knock is one contact of wood on wood, starting at a given time into the clip.
type knock struct {
	at       float64 // seconds
	gain     float64
	partials []partial
	noise    float64 // loudness of the contact's noise burst
}

// shapes describes each sound. A move is one bright knock; a capture is a heavier, lower
// knock followed shortly by a lighter one, as if the taken piece were lifted off.
var shapes = [kinds][]knock{
	Move: {
		{at: 0, gain: 1, noise: 0.35, partials: []partial{
			{hz: 410, gain: 1, decay: 0.030},
			{hz: 1130, gain: 0.45, decay: 0.012},
			{hz: 2480, gain: 0.2, decay: 0.006},
		}},
	},
	Capture: {
		{at: 0, gain: 1, noise: 0.45, partials: []partial{
			{hz: 260, gain: 1, decay: 0.045},
			{hz: 720, gain: 0.5, decay: 0.020},
			{hz: 1650, gain: 0.25, decay: 0.008},
		}},
		{at: 0.075, gain: 0.55, noise: 0.3, partials: []partial{
			{hz: 520, gain: 1, decay: 0.020},
			{hz: 1420, gain: 0.4, decay: 0.008},
		}},
	},
}

// tail is how long a knock is computed after it starts: by then its slowest partial has
// fallen below a thousandth of its start.
func (k knock) tail() float64 {
	longest := 0.0
	for _, p := range k.partials {
		longest = max(longest, p.decay)
	}
	return 7 * longest
}

// attack is the rise time of each knock, long enough that the start does not click.
const attack = 0.0015

// noiseSmoothing is the low-pass filter's coefficient, for a cut-off near 2 kHz.
const noiseSmoothing = 0.25

// noiseDecay is how fast a contact's noise fades, in seconds to 1/e.
const noiseDecay = 0.004

// Samples returns the sound k as mono samples at SampleRate, scaled so that its loudest
// sample is ±peak and ending in silence.
func Samples(k Kind) []float64 {
	if k >= kinds {
		return nil
	}
	length := 0.0
	for _, kn := range shapes[k] {
		length = max(length, kn.at+kn.tail())
	}
	out := make([]float64, int(length*SampleRate)+1)
	// A fixed xorshift generator: the same noise every run, so tests can check the clips.
	rng := uint32(0x9E3779B9)
	for _, kn := range shapes[k] {
		start := int(kn.at * SampleRate)
		soft := 0.0
		for i := 0; start+i < len(out); i++ {
			t := float64(i) / SampleRate
			if t > kn.tail() {
				break
			}
			v := 0.0
			for _, p := range kn.partials {
				v += p.gain * math.Exp(-t/p.decay) * math.Sin(2*math.Pi*p.hz*t)
			}
			rng ^= rng << 13
			rng ^= rng >> 17
			rng ^= rng << 5
			// Softened by a one-pole low-pass filter: wood thuds, white noise hisses.
			white := float64(rng)/math.MaxUint32*2 - 1
			soft += noiseSmoothing * (white - soft)
			v += kn.noise * soft * math.Exp(-t/noiseDecay)
			env := min(t/attack, 1)
			out[start+i] += kn.gain * env * v
		}
	}
	loudest := 0.0
	for _, v := range out {
		loudest = max(loudest, math.Abs(v))
	}
	if loudest > 0 {
		for i := range out {
			out[i] *= peak / loudest
		}
	}
	// The last few milliseconds fade to zero, so the clip ends without a click whatever
	// is left of the partials.
	fade := int(0.005 * SampleRate)
	for i := 0; i < fade && i < len(out); i++ {
		out[len(out)-1-i] *= float64(i) / float64(fade)
	}
	return out
}

// Clip returns the sound k in the format the player plays: interleaved stereo 32-bit
// little-endian floats at SampleRate.
func Clip(k Kind) []byte {
	mono := Samples(k)
	if mono == nil {
		return nil
	}
	out := make([]byte, 0, len(mono)*Channels*bytesPerSample)
	for _, v := range mono {
		bits := math.Float32bits(float32(v))
		for range Channels {
			out = binary.LittleEndian.AppendUint32(out, bits)
		}
	}
	return out
}
