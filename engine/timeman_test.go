package engine

import (
	"testing"
	"time"
)

// TestDeadlinesSchedule checks the time schedule: the base is the time
// left shared among plannedMovesToGo moves (or fewer when the control
// says so) plus one and a half increments; the soft limit is 0.6 of
// it and the hard limit three bases, at most a third of the time left.
func TestDeadlinesSchedule(t *testing.T) {
	tests := []struct {
		name       string
		l          Limits
		soft, hard time.Duration
	}{
		{"10+0.1", Limits{Time: 10 * time.Second, Increment: 100 * time.Millisecond},
			(500*time.Millisecond + 150*time.Millisecond) * 6 / 10, (500*time.Millisecond + 150*time.Millisecond) * 3},
		{"5 moves to go", Limits{Time: 10 * time.Second, MovesToGo: 5},
			2 * time.Second * 6 / 10, 10 * time.Second / 3},
		{"40 moves to go capped", Limits{Time: 10 * time.Second, MovesToGo: 40},
			500 * time.Millisecond * 6 / 10, 1500 * time.Millisecond},
		{"movetime", Limits{MoveTime: time.Second, Overhead: 50 * time.Millisecond}, 0, 950 * time.Millisecond},
		{"infinite", Limits{Infinite: true, Time: time.Second}, 0, 0},
	}
	for _, tc := range tests {
		soft, hard := tc.l.deadlines()
		if soft != tc.soft || hard != tc.hard {
			t.Errorf("%s: deadlines %v, %v; want %v, %v", tc.name, soft, hard, tc.soft, tc.hard)
		}
	}
}
