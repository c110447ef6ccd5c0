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

// TestDeadlinesNeverFlag plays out long games on the clock in a bad
// case, every search running to its hard limit and the move then taking
// half the Move Overhead to reach the GUI, and checks that the clock
// never runs out: whatever the base, the hard limit stays within a
// third of the time left after the overhead. (A lag of the whole
// overhead, 10 ms, would eat all of 1+0.01's increment: no schedule can
// keep a clock that gains nothing a move. Nor can it keep a clock with
// no increment when every search runs to three bases, 15% of the clock:
// there the soft limit keeps the usual spend near half a base, and only
// the controls where a bound holds whatever the searches do are here.)
func TestDeadlinesNeverFlag(t *testing.T) {
	const overhead = 10 * time.Millisecond
	const lag = overhead / 2
	controls := []struct {
		name            string
		time, increment time.Duration
		perMove         bool // the clock set back to time after every move (movestogo 1)
	}{
		{"1+0.01", time.Second, 10 * time.Millisecond, false},
		{"5+0.05", 5 * time.Second, 50 * time.Millisecond, false},
		{"10+0.1", 10 * time.Second, 100 * time.Millisecond, false},
		{"0.1+2 (increment far above the clock)", 100 * time.Millisecond, 2 * time.Second, false},
		{"1 move in 1 s", time.Second, 0, true},
	}
	for _, c := range controls {
		left := c.time
		for move := 0; move < 300; move++ {
			l := Limits{Time: left, Increment: c.increment, Overhead: overhead}
			if c.perMove {
				l.MovesToGo = 1
			}
			soft, hard := l.deadlines()
			if soft > hard {
				t.Fatalf("%s, move %d: soft limit %v above the hard %v", c.name, move, soft, hard)
			}
			left -= hard + lag
			if left <= 0 {
				t.Fatalf("%s, move %d: the clock ran out (%v left before the move, hard limit %v)", c.name, move, l.Time, hard)
			}
			left += c.increment
			if c.perMove {
				left = c.time
			}
		}
	}
}
