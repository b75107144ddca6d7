package sound

import (
	"encoding/binary"
	"math"
	"testing"
)

func TestSamples(t *testing.T) {
	tests := []struct {
		kind     Kind
		min, max float64 // length in seconds
	}{
		{Move, 0.15, 0.25},
		{Capture, 0.30, 0.45},
	}
	for _, tc := range tests {
		s := Samples(tc.kind)
		secs := float64(len(s)) / SampleRate
		if secs < tc.min || secs > tc.max {
			t.Errorf("sound %d lasts %.3f s, want %.2f to %.2f", tc.kind, secs, tc.min, tc.max)
		}
		loudest := 0.0
		for _, v := range s {
			loudest = max(loudest, math.Abs(v))
		}
		if math.Abs(loudest-peak) > 1e-9 {
			t.Errorf("sound %d peaks at %.4f, want %.2f", tc.kind, loudest, peak)
		}
		// No click at either end: the clip starts and ends at silence.
		if math.Abs(s[0]) > 1e-6 || math.Abs(s[len(s)-1]) > 1e-6 {
			t.Errorf("sound %d starts at %.4f and ends at %.4f, want 0", tc.kind, s[0], s[len(s)-1])
		}
		// A knock: most of the energy is in the first 50 ms.
		early, total := 0.0, 0.0
		for i, v := range s {
			total += v * v
			if i < SampleRate/20 {
				early += v * v
			}
		}
		if early/total < 0.6 {
			t.Errorf("sound %d has %.0f%% of its energy in the first 50 ms, want most", tc.kind, 100*early/total)
		}
	}
}

// The capture's second knock is what tells it apart: there is sound again after the
// first has died down.
func TestCaptureHasSecondKnock(t *testing.T) {
	s := Samples(Capture)
	rms := func(from, to float64) float64 {
		sum := 0.0
		a, b := int(from*SampleRate), int(to*SampleRate)
		for _, v := range s[a:b] {
			sum += v * v
		}
		return math.Sqrt(sum / float64(b-a))
	}
	before, knock := rms(0.065, 0.074), rms(0.076, 0.085)
	if knock < 2*before {
		t.Errorf("RMS %.4f just after 75 ms against %.4f before it: no second knock", knock, before)
	}
	m := Samples(Move)
	if len(m) >= len(s) {
		t.Errorf("the move (%d samples) should be shorter than the capture (%d)", len(m), len(s))
	}
}

func TestClip(t *testing.T) {
	for k := Kind(0); k < kinds; k++ {
		mono, clip := Samples(k), Clip(k)
		if len(clip) != len(mono)*Channels*bytesPerSample {
			t.Fatalf("clip %d has %d bytes for %d samples", k, len(clip), len(mono))
		}
		for i := 0; i < len(mono); i += 997 {
			for c := range Channels {
				off := (i*Channels + c) * bytesPerSample
				got := math.Float32frombits(binary.LittleEndian.Uint32(clip[off:]))
				if got != float32(mono[i]) {
					t.Fatalf("clip %d sample %d channel %d is %v, want %v", k, i, c, got, float32(mono[i]))
				}
			}
		}
		again := Clip(k)
		if string(again) != string(clip) {
			t.Errorf("clip %d differs between two calls", k)
		}
	}
	if Samples(kinds) != nil || Clip(kinds) != nil {
		t.Error("an unknown sound should give no samples")
	}
}
