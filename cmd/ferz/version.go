package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// commit and modified may be stamped by the linker (-X main.commit=...
// -X main.modified=true), as "make build" does, for builds where the Go
// tool does not record version control information itself (-buildvcs=false);
// the build information's vcs settings take precedence when present.
var (
	commit   = ""
	modified = ""
)

// buildVersion describes the binary being run.
type buildVersion struct {
	Version   string // module version, or "devel"
	Commit    string // VCS revision, or "devel"
	Modified  bool   // the work tree had uncommitted changes
	GoVersion string // the Go toolchain that built the binary
}

// readBuildVersion collects the version from the build information that
// the Go tool embeds in the binary.
func readBuildVersion() buildVersion {
	v := buildVersion{Version: "devel", Commit: "devel", GoVersion: runtime.Version()}
	if commit != "" {
		v.Commit = commit
		v.Modified = modified == "true"
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	return versionFromBuildInfo(info, v)
}

// versionFromBuildInfo fills v from info, keeping v's values where info
// does not know better.
func versionFromBuildInfo(info *debug.BuildInfo, v buildVersion) buildVersion {
	if mv := info.Main.Version; mv != "" && mv != "(devel)" {
		v.Version = mv
	}
	if info.GoVersion != "" {
		v.GoVersion = info.GoVersion
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			if s.Value != "" {
				v.Commit = s.Value
			}
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// runVersion implements "ferz version".
func init() {
	register(command{"version", "print the version, commit and Go version", runVersion})
}

func runVersion(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", "", "Version prints the version of ferz, the commit it was built from\n(with \"modified\" if the work tree had uncommitted changes) and the\nGo version that built it. \"devel\" stands for what is not known.")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	writeVersion(stdout, readBuildVersion())
	return nil
}

// writeVersion prints v in the form "ferz version" shows.
func writeVersion(w io.Writer, v buildVersion) {
	mod := ""
	if v.Modified {
		mod = " (modified)"
	}
	fmt.Fprintf(w, "ferz %s\ncommit %s%s\n%s %s/%s\n", v.Version, v.Commit, mod, v.GoVersion, runtime.GOOS, runtime.GOARCH)
}
