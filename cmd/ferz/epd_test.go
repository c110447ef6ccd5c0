package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEPDRunsFerzByDefault(t *testing.T) {
	selfAsEngine(t) // the default engine is this binary: make it speak UCI
	suite := filepath.Join(t.TempDir(), "wac.epd")
	text := `5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm Rg3; id "WAC.003";
r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - bm Qxh7+; id "WAC.004";
this is no position
`
	if err := os.WriteFile(suite, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runFerz("epd", "-suite", suite, "-depth", "5")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, want := range []string{"2 positions, engine Ferz, limit depth 5", "WAC.003", "played Rg3", "solved 2 of 2 positions searched", "average time to solution"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "line 3") {
		t.Errorf("the bad line is not reported: stderr %q", errOut)
	}
}

func TestEPDBadFlags(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.epd")
	os.WriteFile(empty, []byte("# nothing\n"), 0o644)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-depth", "3"}, "-suite FILE is required"},
		{[]string{"-suite", empty}, "give a limit"},
		{[]string{"-suite", filepath.Join(dir, "missing.epd"), "-depth", "3"}, "no such file"},
		{[]string{"-suite", empty, "-depth", "3"}, "no positions"},
		{[]string{"-suite", empty, "-movetime", "later"}, `-movetime "later"`},
		{[]string{"-suite", empty, "-depth", "3", "-engine", "name=x"}, "no cmd=PROGRAM"},
		{[]string{"-suite", empty, "-depth", "-1"}, "must not be negative"},
	}
	for _, tt := range tests {
		code, _, errOut := runFerz(append([]string{"epd"}, tt.args...)...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("ferz epd %q: exit %d, stderr %q, want status 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}
