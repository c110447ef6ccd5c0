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
	// Phases sums the moves and their time by stretch of the game.
	Phases [ClockPhases]PhaseUse
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
	for i, p := range u.Phases {
		c.Phases[i].Moves += p.Moves
		c.Phases[i].Spent += p.Spent
	}
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

// Profile describes where the engine spent its time: the average
// thinking time a move in each stretch of its games, "moves 1-10 0.225,
// 11-20 0.148, 21-30 0.106, 31-40 0.082, 41- 0.062 s". A stretch no game
// reached is left out.
func (c ClockStats) Profile() string {
	if c.Moves == 0 {
		return "no moves"
	}
	var parts []string
	for i, p := range c.Phases {
		if p.Moves == 0 {
			continue
		}
		from := i*MovesPerPhase + 1
		stretch := fmt.Sprintf("%d-%d", from, from+MovesPerPhase-1)
		if i == ClockPhases-1 {
			stretch = fmt.Sprintf("%d-", from)
		}
		parts = append(parts, fmt.Sprintf("%s %.3f", stretch, (p.Spent/time.Duration(p.Moves)).Seconds()))
	}
	return "moves " + strings.Join(parts, ", ") + " s"
}

// recordClock counts how the two players of game g used their time.
func (s *Standings) recordClock(g gameSpec, use [2]ClockUse) {
	s.Clock[g.white].add(use[0])
	s.Clock[g.black].add(use[1])
}

// WriteClock writes two lines on the engines' use of their time, or
// nothing before the first move: how much each spent ("Clock: new 0.118
// s a move, ...; base ...") and where ("Clock by move: new moves 1-10
// 0.225, ...; base ...").
func (s *Standings) WriteClock(w io.Writer) {
	for _, line := range s.clockLines() {
		fmt.Fprintln(w, line)
	}
}

// clockLines are WriteClock's lines, without their newlines; none before
// the first move.
func (s *Standings) clockLines() []string {
	var spent, profile []string
	for i, name := range s.Engines {
		if s.Clock[i].Moves > 0 {
			spent = append(spent, name+" "+s.Clock[i].String())
			profile = append(profile, name+" "+s.Clock[i].Profile())
		}
	}
	if len(spent) == 0 {
		return nil
	}
	return []string{"Clock: " + strings.Join(spent, "; "), "Clock by move: " + strings.Join(profile, "; ")}
}
