// Package version tells which build of Koma is running, for `koma -version`, `komacli
// -version` and the About screen. It reads the build information the Go toolchain stamps
// into every binary: the module's version when the build knew one (a release tag, or Go's
// pseudo-version for a commit), otherwise the commit, its time and whether the working tree
// had uncommitted changes. It is pure Go, like everything under rules/, so the command-line
// tool can use it.
package version

import (
	"runtime/debug"
	"strings"
	"time"
)

// Override, when set by the linker, replaces the version read from the build information:
// a release built outside a Git checkout (from a source archive) still names itself.
//
//	go build -ldflags="-X koma/rules/version.Override=v1.2.0" .
var Override string

// Info is what a binary knows about its own build.
type Info struct {
	// Version is the module's version, such as "v1.2.0" or a pseudo-version
	// "v0.0.0-20260102150405-0123456789ab+dirty"; "" for a build that has none, as with
	// `go run` or -buildvcs=false.
	Version string
	// Revision is the commit the binary was built from, "" when unknown.
	Revision string
	// Time is the commit's time, zero when unknown.
	Time time.Time
	// Modified reports that the working tree had uncommitted changes.
	Modified bool
	// GoVersion is the toolchain that built the binary, such as "go1.26.0".
	GoVersion string
}

// Get returns the running binary's build information.
func Get() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return fromBuildInfo(bi, Override)
}

// String returns the running binary's version in one line; see Info.String.
func String() string { return Get().String() }

// fromBuildInfo reads bi, which may be nil, and applies override.
func fromBuildInfo(bi *debug.BuildInfo, override string) Info {
	var in Info
	if bi != nil {
		in.GoVersion = bi.GoVersion
		// A plain `go build` without version control information says "(devel)".
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			in.Version = v
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				in.Revision = s.Value
			case "vcs.time":
				if t, err := time.Parse(time.RFC3339, s.Value); err == nil {
					in.Time = t
				}
			case "vcs.modified":
				in.Modified = s.Value == "true"
			}
		}
	}
	if o := strings.TrimSpace(override); o != "" {
		in.Version = o
	}
	return in
}

// String is the version for people: the module version when there is one; otherwise
// "devel" with the short commit, "modified" when the tree had changes, and the commit's
// date; plain "devel" for a build that knows nothing of its source.
//
//	v1.2.0
//	devel 0123456789ab, modified, 2026-01-02
func (in Info) String() string {
	if in.Version != "" {
		return in.Version
	}
	if in.Revision == "" {
		return "devel"
	}
	rev := in.Revision
	if len(rev) > 12 {
		rev = rev[:12]
	}
	s := "devel " + rev
	if in.Modified {
		s += ", modified"
	}
	if !in.Time.IsZero() {
		s += ", " + in.Time.UTC().Format("2006-01-02")
	}
	return s
}
