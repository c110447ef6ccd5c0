package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeControl is how long the engines may think. Either a clock (Base
// with an optional Increment, and Moves moves per period when Moves > 0)
// or a fixed MoveTime per move, optionally with Nodes and Depth limits sent
// along; or Nodes or Depth alone, with no clock.
type TimeControl struct {
	// Moves is the number of moves per period (moves/time controls), 0
	// for the whole game.
	Moves int
	// Base is the time for the period (or the game).
	Base time.Duration
	// Increment is added to the clock after every move.
	Increment time.Duration
	// MoveTime is a fixed time for each move ("go movetime").
	MoveTime time.Duration
	// Nodes and Depth limit each search ("go nodes", "go depth").
	Nodes int64
	Depth int
	// Margin is how far a move may overrun the time left (or MoveTime)
	// before it loses on time.
	Margin time.Duration
	// Timeout bounds a move when neither a clock nor MoveTime does (Nodes
	// or Depth alone): a move that takes longer is a time forfeit, as an
	// engine that never answers must not stall the match.
	Timeout time.Duration
}

// ParseTimeControl reads a clock time control in seconds:
//
//	10+0.1     10 s for the game, 0.1 s added after each move
//	60         one minute for the game
//	40/60      40 moves in 60 s, repeating
//	40/60+0.5  the same with an increment
//	1:30+1     minutes:seconds for the base time
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	rest := strings.TrimSpace(s)
	if rest == "" {
		return tc, fmt.Errorf("time control: empty")
	}
	if moves, r, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil || n <= 0 {
			return tc, fmt.Errorf("time control %q: %q is not a positive number of moves", s, moves)
		}
		tc.Moves, rest = n, r
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	b, err := parseClockSeconds(base)
	if err != nil || b <= 0 {
		return tc, fmt.Errorf("time control %q: base time %q is not a positive number of seconds (or m:ss)", s, base)
	}
	tc.Base = b
	if hasInc {
		i, err := parseClockSeconds(inc)
		if err != nil || i < 0 {
			return tc, fmt.Errorf("time control %q: increment %q is not a number of seconds", s, inc)
		}
		tc.Increment = i
	}
	return tc, nil
}

// parseClockSeconds reads "12.5" (seconds) or "1:30" (minutes:seconds).
func parseClockSeconds(s string) (time.Duration, error) {
	minutes := 0.0
	if m, sec, ok := strings.Cut(s, ":"); ok {
		v, err := strconv.ParseFloat(m, 64)
		if err != nil || v < 0 {
			return 0, fmt.Errorf("bad minutes %q", m)
		}
		minutes, s = v, sec
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || v > 1e7 || minutes > 1e5 {
		return 0, fmt.Errorf("bad seconds %q", s)
	}
	return time.Duration((minutes*60 + v) * float64(time.Second)), nil
}

// HasClock reports whether the engines play on a clock.
func (tc TimeControl) HasClock() bool { return tc.Base > 0 }

// Validate checks that the time control limits the moves somehow and that
// its parts go together.
func (tc TimeControl) Validate() error {
	switch {
	case tc.HasClock() && tc.MoveTime > 0:
		return fmt.Errorf("time control: a clock and a fixed move time exclude each other")
	case !tc.HasClock() && tc.MoveTime <= 0 && tc.Nodes <= 0 && tc.Depth <= 0:
		return fmt.Errorf("time control: none given (want a clock such as 10+0.1, a move time, nodes or depth)")
	case tc.Nodes < 0 || tc.Depth < 0 || tc.Margin < 0 || tc.Increment < 0:
		return fmt.Errorf("time control: negative limit")
	}
	return nil
}

// String describes the time control for people: "10+0.1", "40/60",
// "movetime 0.2s", "depth 8, nodes 10000".
func (tc TimeControl) String() string {
	var parts []string
	switch {
	case tc.HasClock():
		parts = append(parts, tc.pgnClock())
	case tc.MoveTime > 0:
		parts = append(parts, "movetime "+seconds(tc.MoveTime)+"s")
	}
	if tc.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", tc.Depth))
	}
	if tc.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("nodes %d", tc.Nodes))
	}
	return strings.Join(parts, ", ")
}

// PGN returns the value of the PGN TimeControl tag: "10+0.1", "40/60",
// "1/0.2" for a fixed move time (one move a period), or "-" when only
// nodes or depth limit the moves.
func (tc TimeControl) PGN() string {
	switch {
	case tc.HasClock():
		return tc.pgnClock()
	case tc.MoveTime > 0:
		return "1/" + seconds(tc.MoveTime)
	}
	return "-"
}

func (tc TimeControl) pgnClock() string {
	s := seconds(tc.Base)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Increment > 0 {
		s += "+" + seconds(tc.Increment)
	}
	return s
}

// seconds writes a duration as seconds without needless digits.
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}
