//go:build linux

package match

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

// startProcess runs a shell command for the length of the test.
func startProcess(t *testing.T, script string) int {
	t.Helper()
	cmd := exec.Command("sh", "-c", script)
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot start sh: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	time.Sleep(100 * time.Millisecond) // let the shell reach its loop or sleep
	return cmd.Process.Pid
}

func TestProcessStateTellsWaitingFromComputing(t *testing.T) {
	sleeping := processState(startProcess(t, "exec sleep 30"), 100*time.Millisecond)
	if !strings.HasPrefix(sleeping, "engine process used 0s of CPU in 100ms; threads: 1 S") {
		t.Errorf("a sleeping process: %q", sleeping)
	}
	busy := processState(startProcess(t, "while :; do :; done"), 300*time.Millisecond)
	if !strings.Contains(busy, "threads: 1 R") || strings.HasPrefix(busy, "engine process used 0s") {
		t.Errorf("a busy process: %q", busy)
	}
	if got := processState(1<<30, time.Millisecond); got != "" {
		t.Errorf("no such process: %q, want \"\"", got)
	}
}

func TestStatFieldsSkipTheCommandName(t *testing.T) {
	// The command name may hold spaces and parentheses; the fields
	// start after the last ')'.
	dir := t.TempDir()
	path := dir + "/stat"
	writeFile(t, path, "42 (a) b (c)) S 1 2 3 4 5 6 7 8 9 10 31 7 0 0\n")
	f, ok := statFields(path)
	if !ok || len(f) < 13 || f[0] != "S" || f[11] != "31" || f[12] != "7" {
		t.Errorf("statFields = %q, %v", f, ok)
	}
	if _, ok := statFields(dir + "/none"); ok {
		t.Error("a missing file read as fields")
	}
}
