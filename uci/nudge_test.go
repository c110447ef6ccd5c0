package uci

import (
	"testing"
	"time"
)

// TestNudgerTicksUntilStopped: the timer keeps re-arming itself while the
// nudger runs and stays quiet once it is stopped.
func TestNudgerTicksUntilStopped(t *testing.T) {
	n := startNudging()
	ticks := func() int {
		n.mu.Lock()
		defer n.mu.Unlock()
		return n.ticks
	}
	for deadline := time.Now().Add(5 * time.Second); ticks() < 3; time.Sleep(nudgeInterval) {
		if time.Now().After(deadline) {
			t.Fatalf("%d ticks in 5 s; want a tick every %v", ticks(), nudgeInterval)
		}
	}
	n.stop()
	after := ticks()
	time.Sleep(10 * nudgeInterval)
	// A tick already under way when stop came may still be counted.
	if got := ticks(); got > after+1 {
		t.Fatalf("%d ticks after stop; want none", got-after)
	}
}
