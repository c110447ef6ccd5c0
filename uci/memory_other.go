//go:build !linux

package uci

// availableMB returns 0 (unknown) where no portable way to ask exists.
func availableMB() int { return 0 }
