package app

import (
	"image"
	"reflect"
	"testing"
)

func TestTargetOf(t *testing.T) {
	tests := []struct {
		r    image.Rectangle
		ok   bool
		want Target
	}{
		{image.Rect(10, 20, 50, 60), true, Target{ID: "b", Label: "B", X: 10, Y: 20, W: 40, H: 40}},
		{image.Rectangle{}, false, Target{}},
		{image.Rect(5, 5, 5, 9), false, Target{}},
	}
	for _, tc := range tests {
		got, ok := TargetOf("b", "B", tc.r)
		if ok != tc.ok || got != tc.want {
			t.Errorf("TargetOf(%v) = %+v, %v; want %+v, %v", tc.r, got, ok, tc.want, tc.ok)
		}
	}
}

func TestDescriptionScaled(t *testing.T) {
	d := Description{
		Scene:   "game",
		Targets: []Target{{ID: "undo", X: 100, Y: 50, W: 80, H: 40}},
		Board:   &BoardDescription{Spec: "toy", Points: []Point{{Label: "a1", X: 30, Y: 90}}},
	}
	tests := []struct {
		scale  float64
		target Target
		point  Point
	}{
		{1, Target{ID: "undo", X: 100, Y: 50, W: 80, H: 40}, Point{Label: "a1", X: 30, Y: 90}},
		{2, Target{ID: "undo", X: 50, Y: 25, W: 40, H: 20}, Point{Label: "a1", X: 15, Y: 45}},
		{0, Target{ID: "undo", X: 100, Y: 50, W: 80, H: 40}, Point{Label: "a1", X: 30, Y: 90}},
	}
	for _, tc := range tests {
		got := d.Scaled(tc.scale)
		if got.Targets[0] != tc.target || got.Board.Points[0] != tc.point || got.Board.Spec != "toy" {
			t.Errorf("scale %v: %+v %+v", tc.scale, got.Targets[0], got.Board.Points[0])
		}
	}
	// Scaling copies: the scene's own description is left alone.
	if d.Targets[0].X != 100 || d.Board.Points[0].X != 30 {
		t.Error("Scaled changed the original")
	}
}

// describedProbe is a scene that describes itself.
type describedProbe struct{ probe }

func (p *describedProbe) Describe(ctx *Context) Description {
	return Description{Scene: "probe-" + p.name, Status: "described"}
}

func TestAppDescribe(t *testing.T) {
	var log []string
	tests := []struct {
		name  string
		scene Scene
		want  Description
	}{
		// A scene without Describe is named after its type.
		{"plain", &probe{name: "x", log: &log}, Description{Scene: "probe"}},
		{"described", &describedProbe{probe{name: "y", log: &log}}, Description{Scene: "probe-y", Status: "described"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, screen := newTestApp(t, tc.scene, nil)
			if got := a.Describe(); !reflect.DeepEqual(got, Description{}) {
				t.Errorf("before the first tick: %+v", got)
			}
			tick(t, a, screen, 1)
			if got := a.Describe(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}
