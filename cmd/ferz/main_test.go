package main

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"
)

// runFerz runs the command line args in process and returns the exit
// status and what was written to stdout and stderr.
func runFerz(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestNoArgumentsSpeaksUCI(t *testing.T) {
	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader("uci\nisready\nposition startpos\ngo depth 3\n")
	code, out, errOut := runFerz()
	if code != 0 || !strings.Contains(out, "uciok") || !strings.Contains(out, "readyok") || !strings.Contains(out, "bestmove ") {
		t.Errorf("exit status %d, stdout:\n%s\nstderr: %s", code, out, errOut)
	}
}

func TestCommandLineDispatch(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantOut    string // substring of stdout
		wantErr    string // substring of stderr
		wantNoOut  bool
		wantNoErrs bool
	}{
		{name: "-h lists commands", args: []string{"-h"}, wantCode: 0, wantOut: "perft", wantNoErrs: true},
		{name: "help lists commands", args: []string{"help"}, wantCode: 0, wantOut: "version", wantNoErrs: true},
		{name: "help perft shows its flags", args: []string{"help", "perft"}, wantCode: 0, wantOut: "-threads", wantNoErrs: true},
		{name: "help of unknown command", args: []string{"help", "fly"}, wantCode: 2, wantErr: `unknown command "fly"`},
		{name: "unknown command", args: []string{"fly"}, wantCode: 2, wantErr: `unknown command "fly"`, wantNoOut: true},
		{name: "perft -h explains flags", args: []string{"perft", "-h"}, wantCode: 0, wantOut: "-maxnodes", wantNoErrs: true},
		{name: "version -h", args: []string{"version", "-h"}, wantCode: 0, wantOut: "usage: ferz version", wantNoErrs: true},
		{name: "bad flag", args: []string{"perft", "-speed", "3"}, wantCode: 2, wantErr: "-speed", wantNoOut: true},
		{name: "stray argument", args: []string{"version", "now"}, wantCode: 2, wantErr: `unexpected argument "now"`},
		{name: "version prints commit", args: []string{"version"}, wantCode: 0, wantOut: "commit ", wantNoErrs: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runFerz(tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit status %d, want %d (stderr %q)", code, tt.wantCode, errOut)
			}
			if !strings.Contains(out, tt.wantOut) {
				t.Errorf("stdout %q does not contain %q", out, tt.wantOut)
			}
			if !strings.Contains(errOut, tt.wantErr) {
				t.Errorf("stderr %q does not contain %q", errOut, tt.wantErr)
			}
			if tt.wantNoOut && out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if tt.wantNoErrs && errOut != "" {
				t.Errorf("stderr %q, want nothing", errOut)
			}
		})
	}
}

func TestVersionFromBuildInfoReadsVCSSettings(t *testing.T) {
	base := buildVersion{Version: "devel", Commit: "devel", GoVersion: "go0"}
	tests := []struct {
		name string
		info debug.BuildInfo
		want buildVersion
	}{
		{
			name: "nothing known",
			info: debug.BuildInfo{Main: debug.Module{Version: "(devel)"}},
			want: base,
		},
		{
			name: "go install of a release",
			info: debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.1.0"}},
			want: buildVersion{Version: "v0.1.0", Commit: "devel", GoVersion: "go1.26.8"},
		},
		{
			name: "build in a modified work tree",
			info: debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
				{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "true"},
			}},
			want: buildVersion{Version: "devel", Commit: "abc123", Modified: true, GoVersion: "go0"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := versionFromBuildInfo(&tt.info, base); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestWriteVersionMarksModifiedTree(t *testing.T) {
	var b bytes.Buffer
	writeVersion(&b, buildVersion{Version: "v1.0.0", Commit: "abc123", Modified: true, GoVersion: "go1.26.8"})
	for _, want := range []string{"ferz v1.0.0\n", "commit abc123 (modified)\n", "go1.26.8 "} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("version output %q does not contain %q", b.String(), want)
		}
	}
}
