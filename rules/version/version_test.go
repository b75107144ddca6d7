package version

import (
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	tests := []struct {
		name     string
		bi       *debug.BuildInfo
		override string
		want     string
	}{
		{"no build information", nil, "", "devel"},
		{"go run", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "", "devel"},
		{"a tagged release", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, "", "v1.2.0"},
		{"a pseudo-version wins over the commit",
			&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20260102150405-0123456789ab+dirty"},
				Settings: settings("vcs.revision", "0123456789abcdef", "vcs.modified", "true")},
			"", "v0.0.0-20260102150405-0123456789ab+dirty"},
		{"the commit when there is no version",
			&debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
				Settings: settings("vcs.revision", "0123456789abcdef0123", "vcs.time", "2026-01-02T15:04:05Z", "vcs.modified", "false")},
			"", "devel 0123456789ab, 2026-01-02"},
		{"a modified tree",
			&debug.BuildInfo{Settings: settings("vcs.revision", "abc", "vcs.modified", "true")},
			"", "devel abc, modified"},
		{"the linker's override",
			&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: settings("vcs.revision", "abc")},
			" v2.0.0 ", "v2.0.0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := fromBuildInfo(tt.bi, tt.override).String(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestGetInTests(t *testing.T) {
	// A test binary has build information but no module version.
	in := Get()
	if in.GoVersion == "" {
		t.Error("no Go version")
	}
	if String() == "" {
		t.Error("empty version")
	}
}
