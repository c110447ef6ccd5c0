package match

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A line read before the deadline counts even when wait gets to it only
// after its timer has fired, as when the runner waited for a core.
func TestWaitTakesLinesReadInTime(t *testing.T) {
	for i := range 200 {
		e := &Engine{lines: make(chan line, 1)}
		e.lines <- line{"bestmove e2e4", time.Now().Add(-time.Millisecond)}
		var got string
		err := e.wait(context.Background(), 0, func(l line) (bool, error) {
			got = l.text
			return true, nil
		})
		if err != nil || got != "bestmove e2e4" {
			t.Fatalf("try %d: wait returned %v with line %q, want the bestmove read in time", i, err, got)
		}
	}
}

// A line read after the deadline is a timeout, and the next wait (such as
// the one for the bestmove after "stop") still gets it.
func TestWaitKeepsALateLineForTheNextWait(t *testing.T) {
	e := &Engine{lines: make(chan line, 1)}
	deadline := time.Now()
	e.lines <- line{"bestmove e2e4", deadline.Add(time.Millisecond)}
	err := e.takeLate(deadline, func(l line) (bool, error) {
		t.Errorf("line %q read after the deadline was taken as in time", l.text)
		return true, nil
	})
	if !errors.Is(err, errTimeout) {
		t.Fatalf("takeLate: %v, want errTimeout", err)
	}
	var got string
	if err := e.wait(context.Background(), time.Second, func(l line) (bool, error) {
		got = l.text
		return true, nil
	}); err != nil || got != "bestmove e2e4" {
		t.Fatalf("next wait: %v with line %q, want the held bestmove", err, got)
	}
}
