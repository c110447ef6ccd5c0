package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestBenchEndsWithNodesAndNPS(t *testing.T) {
	code, out, errOut := runFerz("bench", "-depth", "3")
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !regexp.MustCompile(`^[0-9]+ nodes [0-9]+ nps$`).MatchString(lines[len(lines)-1]) {
		t.Errorf("last line %q", lines[len(lines)-1])
	}
	if len(lines) < 40 {
		t.Errorf("%d lines: want one per position (at least 40)", len(lines))
	}
	// The node count is a signature: the same twice.
	_, again, _ := runFerz("bench", "-depth", "3")
	if strings.Fields(lines[len(lines)-1])[0] != strings.Fields(again[strings.LastIndex(strings.TrimSpace(again), "\n")+1:])[0] {
		t.Error("bench node count differs between runs")
	}
}

func TestBenchRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"bench", "-depth", "0"}, {"bench", "-threads", "999"}, {"bench", "-hash", "0"}} {
		if code, _, errOut := runFerz(args...); code != 2 || !strings.Contains(errOut, "out of range") {
			t.Errorf("%v: status %d, stderr %q", args, code, errOut)
		}
	}
}

func TestBenchWritesACPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.prof")
	if code, _, errOut := runFerz("bench", "-depth", "6", "-cpuprofile", path); code != 0 {
		t.Fatalf("exit status %d: %s", code, errOut)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
		t.Errorf("no profile written: %v", err)
	}
	if code, _, errOut := runFerz("bench", "-depth", "1", "-cpuprofile", filepath.Join(t.TempDir(), "no", "such", "dir")); code == 0 || !strings.Contains(errOut, "bench:") {
		t.Errorf("an unwritable profile: status %d, stderr %q", code, errOut)
	}
}
