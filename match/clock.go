package match

import (
	"fmt"
	"strings"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// Clock keeps both sides' time in a game under a TimeControl: it says
// what to send with "go", how long to wait for the move, and whether a
// move came too late.
type Clock struct {
	tc   TimeControl
	left [2]time.Duration
	use  [2]ClockUse // the moves each side made in time and their thinking time
}

// ClockUse is how one side of a game used its time: the moves it made in
// time, their thinking time, and, under a clock, the time left at the
// end.
type ClockUse struct {
	Moves int
	Spent time.Duration
	// Phases splits the moves and their time into stretches of the game,
	// counted in the side's own moves (see PhaseOf).
	Phases [ClockPhases]PhaseUse
	// Left is meaningful only when Timed: the game had a clock.
	Left  time.Duration
	Timed bool
}

// PhaseUse is the number of moves a side made in one stretch of a game
// and their thinking time.
type PhaseUse struct {
	Moves int
	Spent time.Duration
}

// ClockPhases is the number of stretches ClockUse splits a game into:
// MovesPerPhase of a side's moves each, the last one open-ended. Where a
// time manager spends its clock (in the first moves after the opening,
// or through the middlegame) matters as much as how much it spends.
const (
	ClockPhases   = 5
	MovesPerPhase = 10
)

// PhaseOf returns the stretch of the game that a side's move number n
// (counted from 1: its first move after the opening) falls in.
func PhaseOf(n int) int { return min(max(n-1, 0)/MovesPerPhase, ClockPhases-1) }

// Use returns how side has used its time so far.
func (c *Clock) Use(side chess.Color) ClockUse {
	u := c.use[side]
	u.Left, u.Timed = c.left[side], c.tc.HasClock()
	return u
}

// NewClock returns a clock at the start of a game.
func NewClock(tc TimeControl) *Clock {
	return &Clock{tc: tc, left: [2]time.Duration{tc.Base, tc.Base}}
}

// Left returns the time left on side c's clock (negative when it has
// overrun within the margin).
func (c *Clock) Left(side chess.Color) time.Duration { return c.left[side] }

// GoCommand returns the "go" command for side to move next.
func (c *Clock) GoCommand(side chess.Color) string {
	var b strings.Builder
	b.WriteString("go")
	tc := c.tc
	switch {
	case tc.HasClock():
		ms := func(d time.Duration) int64 { return max(d.Milliseconds(), 1) }
		fmt.Fprintf(&b, " wtime %d btime %d", ms(c.left[chess.White]), ms(c.left[chess.Black]))
		if tc.Increment > 0 {
			fmt.Fprintf(&b, " winc %d binc %d", tc.Increment.Milliseconds(), tc.Increment.Milliseconds())
		}
		if tc.Moves > 0 {
			fmt.Fprintf(&b, " movestogo %d", tc.Moves-c.use[side].Moves%tc.Moves)
		}
	case tc.MoveTime > 0:
		fmt.Fprintf(&b, " movetime %d", max(tc.MoveTime.Milliseconds(), 1))
	}
	if tc.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", tc.Depth)
	}
	if tc.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", tc.Nodes)
	}
	return b.String()
}

// Limit returns how long side's move may take before it loses on time:
// the time left (or the move time) plus the margin, or the timeout when
// only nodes or depth limit the move.
func (c *Clock) Limit(side chess.Color) time.Duration {
	switch {
	case c.tc.HasClock():
		return max(c.left[side]+c.tc.Margin, 0)
	case c.tc.MoveTime > 0:
		return c.tc.MoveTime + c.tc.Margin
	}
	if c.tc.Timeout > 0 {
		return c.tc.Timeout
	}
	return DefaultMoveTimeout
}

// DefaultMoveTimeout bounds a move limited only by nodes or depth when the
// TimeControl sets no Timeout.
const DefaultMoveTimeout = time.Minute

// Spend charges a move that took elapsed to side's clock and reports
// whether it came too late (a time forfeit). After a move in time the
// increment is added, and a new period's time when side has completed
// one.
func (c *Clock) Spend(side chess.Color, elapsed time.Duration) (forfeit bool) {
	if elapsed > c.Limit(side) {
		return true
	}
	u := &c.use[side]
	u.Moves++
	u.Spent += elapsed
	p := &u.Phases[PhaseOf(u.Moves)]
	p.Moves++
	p.Spent += elapsed
	if !c.tc.HasClock() {
		return false
	}
	c.left[side] -= elapsed
	c.left[side] += c.tc.Increment
	if c.tc.Moves > 0 && u.Moves%c.tc.Moves == 0 {
		c.left[side] += c.tc.Base
	}
	return false
}
