//go:build !linux

package match

import "time"

// processState cannot look into a process on this system: it returns "".
func processState(pid int, interval time.Duration) string { return "" }
