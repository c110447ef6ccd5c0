//go:build unix

package match

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the engine in a process group of its own, so
// that Ctrl-C in the terminal stops the runner (which then ends the
// games and quits the engines) without killing the engines mid-game.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
