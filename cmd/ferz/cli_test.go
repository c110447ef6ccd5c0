package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestCLIScriptedThroughStdin(t *testing.T) {
	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader("e4\nKe3\nfen\nquit\n")
	code, out, errOut := runFerz("cli", "-ascii", "-depth", "2", "-hash", "1")
	if code != 0 || errOut != "" {
		t.Fatalf("exit status %d, stderr %q", code, errOut)
	}
	for _, want := range []string{
		" 6 . X . X . X . X 6\n", // the ASCII board with the dark squares marked
		"ferz> e4\nYou play 1. e4.\n",
		"Ferz plays 1... ",
		`? move "Ke3" is not a legal move`,
		"ferz> fen\n",
		"ferz> quit\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Errorf("colour written to a pipe:\n%q", out)
	}

	// Playing Black, Ferz moves first; the end of the input ends the game.
	stdin = strings.NewReader("")
	code, out, _ = runFerz("cli", "-black", "-depth", "1", "-hash", "1")
	if code != 0 || !strings.Contains(out, "Ferz plays 1. ") || !strings.Contains(out, "♚") {
		t.Errorf("-black: exit status %d, output:\n%s", code, out)
	}
}

func TestCLIBook(t *testing.T) {
	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader("e4\nbook\n")
	code, out, errOut := runFerz("cli", "-depth", "1", "-hash", "1")
	if code != 0 || errOut != "" || !strings.Contains(out, " (book).\n") || !strings.Contains(out, "Opening book: on (default book, ") {
		t.Errorf("the book by default: exit status %d, stderr %q, output:\n%s", code, errOut, out)
	}
	stdin = strings.NewReader("e4\nbook\n")
	code, out, _ = runFerz("cli", "-no-book", "-depth", "1", "-hash", "1")
	if code != 0 || strings.Contains(out, "(book)") || !strings.Contains(out, "Opening book: off.") {
		t.Errorf("-no-book: exit status %d, output:\n%s", code, out)
	}
}

func TestCLIBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"cli", "-level", "99"},
		{"cli", "-time", "soon"},
		{"cli", "-fen", "8/8/8 w"},
		{"cli", "-depth", "-1"},
		{"cli", "-hash", "0"},
		{"cli", "stray"},
	} {
		code, out, errOut := runFerz(args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "ferz: cli: ") {
			t.Errorf("%q: exit status %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	code, out, _ := runFerz("help", "cli")
	if code != 0 || !strings.Contains(out, "-no-color") || !strings.Contains(out, "-ascii") {
		t.Errorf("help cli: exit status %d, output:\n%s", code, out)
	}
}

// TestCLIInTmux plays a move on the real binary in a tmux terminal, where
// the board is drawn in colour and the prompt shows. It skips without tmux
// unless CI is set.
func TestCLIInTmux(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("tmux is missing (apt-get install tmux)")
		}
		t.Skip("tmux is missing")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go tool is missing")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "ferz")
	if msg, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	socket := "ferz-cli-test-" + strconv.Itoa(os.Getpid())
	run := func(args ...string) (string, error) {
		out, err := exec.Command(tmux, append([]string{"-L", socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
		return string(out), err
	}
	defer run("kill-server")
	if out, err := run("new-session", "-d", "-s", "cli", "-x", "80", "-y", "50",
		"env -u NO_COLOR TERM=xterm-256color "+bin+" cli -depth 2 -hash 1"); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	// waitFor polls the screen (with its colours) until it shows want.
	waitFor := func(want string) string {
		t.Helper()
		var screen string
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			screen, _ = run("capture-pane", "-p", "-e", "-t", "cli")
			if strings.Contains(screen, want) {
				return screen
			}
		}
		t.Fatalf("the screen never showed %q:\n%s", want, screen)
		return ""
	}
	waitFor("ferz>") // capture-pane drops the trailing blank
	run("send-keys", "-t", "cli", "e2-e4", "Enter")
	screen := waitFor("Move 2, White to move (you)")
	for _, want := range []string{"You play 1. e4.", "Ferz plays 1... ", "♚", "48;5;137"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	run("send-keys", "-t", "cli", "quit", "Enter")
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if _, err := run("has-session", "-t", "cli"); err != nil {
			break // quit ended the program and with it the session
		}
		if time.Now().After(deadline) {
			t.Fatal("ferz cli did not end on quit")
		}
	}
}
