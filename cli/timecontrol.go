package cli

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// timeControl is how long the engine thinks: a fixed time per move, or a
// clock for each side (base time plus an increment per move). A zero
// timeControl leaves the engine to its depth limit alone.
type timeControl struct {
	moveTime  time.Duration // per move, when base is zero
	base, inc time.Duration // the clock, when base is not zero
}

// clocked reports whether the game is played with clocks.
func (tc timeControl) clocked() bool { return tc.base > 0 }

// Limits of the time command, so that no input overflows a duration.
const (
	maxMoveTime = 24 * time.Hour
	maxBase     = 24 * time.Hour
	maxInc      = time.Hour
)

// parseTimeControl reads the argument of the time command:
//
//	5, 2.5, 500ms, 1m    thinking time per move (plain numbers in seconds)
//	5+3, 0.5+0, 3m+2s    a clock: base (plain numbers in minutes) plus an
//	                     increment per move (plain numbers in seconds)
func parseTimeControl(s string) (timeControl, error) {
	s = strings.ToLower(strings.Join(strings.Fields(s), ""))
	if base, inc, ok := strings.Cut(s, "+"); ok {
		b, err := parseDuration(base, time.Minute, maxBase)
		if err != nil {
			return timeControl{}, fmt.Errorf("time %q: base %v", s, err)
		}
		i, err := parseDuration(inc, time.Second, maxInc)
		if err != nil {
			return timeControl{}, fmt.Errorf("time %q: increment %v", s, err)
		}
		if b <= 0 {
			return timeControl{}, fmt.Errorf("time %q: the base time must be more than zero", s)
		}
		return timeControl{base: b, inc: i}, nil
	}
	d, err := parseDuration(s, time.Second, maxMoveTime)
	if err != nil {
		return timeControl{}, fmt.Errorf("time %q: %v", s, err)
	}
	if d <= 0 {
		return timeControl{}, fmt.Errorf("time %q: the time per move must be more than zero", s)
	}
	return timeControl{moveTime: d}, nil
}

// parseDuration reads a Go duration ("90s", "1m30s") or a plain
// non-negative number of units, up to limit.
func parseDuration(s string, unit, limit time.Duration) (time.Duration, error) {
	if s == "" {
		return 0, fmt.Errorf("is missing")
	}
	var d time.Duration
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if math.IsNaN(f) || f < 0 || f > float64(limit/unit) {
			return 0, fmt.Errorf("%q is out of range (0 to %v)", s, limit)
		}
		d = time.Duration(f * float64(unit))
	} else {
		d, err = time.ParseDuration(s)
		if err != nil {
			return 0, fmt.Errorf("%q is not a number or a duration such as 90s", s)
		}
		if d < 0 || d > limit {
			return 0, fmt.Errorf("%q is out of range (0 to %v)", s, limit)
		}
	}
	return d.Round(time.Millisecond), nil
}

// String describes the time control, such as "5m+3s" or "2s per move".
func (tc timeControl) String() string {
	switch {
	case tc.clocked():
		return fmt.Sprintf("%v+%v a side", shortDuration(tc.base), shortDuration(tc.inc))
	case tc.moveTime > 0:
		return fmt.Sprintf("%v per move", shortDuration(tc.moveTime))
	default:
		return "no time limit (the engine's depth limit)"
	}
}

// pgnTag returns the PGN TimeControl tag value ("300+3"), or "" without
// clocks.
func (tc timeControl) pgnTag() string {
	if !tc.clocked() {
		return ""
	}
	return fmt.Sprintf("%d+%d", int(tc.base.Seconds()), int(tc.inc.Seconds()))
}

// shortDuration writes d without trailing zero units ("5m", not "5m0s").
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// clockString writes the time left on a clock as m:ss, or h:mm:ss, with
// tenths of a second under a minute; a negative time shows as 0:00.0.
func clockString(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	if d < time.Minute {
		tenths := int64(d / (100 * time.Millisecond))
		return fmt.Sprintf("0:%02d.%d", tenths/10, tenths%10)
	}
	secs := int64(d / time.Second)
	if secs >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", secs/3600, secs/60%60, secs%60)
	}
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}

// cmdTime sets the time control, or shows it. New clocks start full for
// both sides.
func (s *Session) cmdTime(args string) {
	if args == "" {
		s.printf("Time control: %s.\n", s.tc)
		if s.tc.clocked() {
			s.printf("Clocks: White %s, Black %s\n", clockString(s.clocks[chess.White]), clockString(s.clocks[chess.Black]))
		}
		return
	}
	tc, err := parseTimeControl(args)
	if err != nil {
		s.printf("? %v\n", err)
		return
	}
	s.tc = tc
	s.clocks = [2]time.Duration{tc.base, tc.base}
	s.clockHist = nil
	s.turnStart = s.now()
	s.printf("Time control: %s.\n", tc)
}
