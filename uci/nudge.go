package uci

import (
	"sync"
	"time"
)

// nudgeInterval is how often a nudger wakes while a search runs.
const nudgeInterval = 5 * time.Millisecond

// A nudger wakes every nudgeInterval, from its start to its stop.
//
// It does no work; the wake-ups are its purpose. The reader goroutine
// starts a search and goes straight back to a blocking read of standard
// input, a system call that keeps its processor (P) for a while. In one
// match at fixed nodes (2026-12-02, docs/strength.md) a search goroutine
// started that way did not run for a whole minute, all threads asleep,
// until the Go scheduler's monitor, whose sleep grows to a minute once
// every processor has been idle, woke on its own. A pending timer bounds
// that sleep, and each firing puts a thread through the scheduler, which
// looks into the other processors' queues and takes a goroutine left in
// one. The timer is armed by the reader itself, before the search
// goroutine exists, so that it does not depend on a goroutine being run;
// it is a function timer (AfterFunc), not a Ticker, as since Go 1.23 a
// channel's timer is only pending while a goroutine waits on its channel.
// The cost is a few microseconds every 5 ms.
type nudger struct {
	mu      sync.Mutex
	timer   *time.Timer
	stopped bool
	ticks   int // how many times it fired, for the tests
}

// startNudging returns a nudger that is already running.
func startNudging() *nudger {
	n := &nudger{}
	n.mu.Lock()
	defer n.mu.Unlock()
	n.timer = time.AfterFunc(nudgeInterval, n.tick)
	return n
}

// tick re-arms the timer until the nudger is stopped.
func (n *nudger) tick() {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.ticks++
	if !n.stopped {
		n.timer.Reset(nudgeInterval)
	}
}

// stop ends the wake-ups.
func (n *nudger) stop() {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.stopped = true
	n.timer.Stop()
}
