package match

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// ClockStats sums how one engine used its time over the games of a
// match: its thinking time a move and, under a clock, what it had left
// when each game ended. Time management is judged by both: an engine
// that ends its games with much of its clock unused could have thought
// longer.
type ClockStats struct {
	Moves int
	Spent time.Duration
	// Left holds the time left at the end of each game under a clock in
	// which the engine made a move.
	Left []time.Duration
}

// add counts one game's use of the clock.
func (c *ClockStats) add(u ClockUse) {
	if u.Moves == 0 {
		return
	}
	c.Moves += u.Moves
	c.Spent += u.Spent
	if u.Timed {
		c.Left = append(c.Left, u.Left)
	}
}

// PerMove is the average thinking time a move (0 before any move).
func (c ClockStats) PerMove() time.Duration {
	if c.Moves == 0 {
		return 0
	}
	return c.Spent / time.Duration(c.Moves)
}

// LeftQuartiles returns the first quartile, the median and the third
// quartile of the time left at the games' ends; ok is false when no game
// had a clock.
func (c ClockStats) LeftQuartiles() (q1, median, q3 time.Duration, ok bool) {
	if len(c.Left) == 0 {
		return 0, 0, 0, false
	}
	l := slices.Clone(c.Left)
	slices.Sort(l)
	at := func(f float64) time.Duration { return l[int(f*float64(len(l)-1)+0.5)] }
	return at(0.25), at(0.5), at(0.75), true
}

// String describes the engine's use of time: "0.118 s a move, 1.72 s
// left at the end (median; quartiles 1.20-2.31 s)".
func (c ClockStats) String() string {
	if c.Moves == 0 {
		return "no moves"
	}
	s := fmt.Sprintf("%.3f s a move", c.PerMove().Seconds())
	if q1, med, q3, ok := c.LeftQuartiles(); ok {
		s += fmt.Sprintf(", %.2f s left at the end (median; quartiles %.2f-%.2f s)", med.Seconds(), q1.Seconds(), q3.Seconds())
	}
	return s
}

// recordClock counts how the two players of game g used their time.
func (s *Standings) recordClock(g gameSpec, use [2]ClockUse) {
	s.Clock[g.white].add(use[0])
	s.Clock[g.black].add(use[1])
}

// WriteClock writes one line on each engine's use of its time ("Clock:
// new 0.118 s a move, ...; base ..."), or nothing before the first move.
func (s *Standings) WriteClock(w io.Writer) {
	if line := s.clockLine(); line != "" {
		fmt.Fprintln(w, line)
	}
}

// clockLine is WriteClock's line, without its newline; empty before the
// first move.
func (s *Standings) clockLine() string {
	var parts []string
	for i, name := range s.Engines {
		if s.Clock[i].Moves > 0 {
			parts = append(parts, name+" "+s.Clock[i].String())
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Clock: " + strings.Join(parts, "; ")
}
