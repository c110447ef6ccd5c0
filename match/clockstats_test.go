package match

import (
	"testing"
	"time"

	"github.com/ferzchess/ferz/chess"
)

func TestClockCountsTheMovesAndTheirTime(t *testing.T) {
	c := NewClock(TimeControl{Base: 5 * time.Second, Increment: 50 * time.Millisecond})
	c.Spend(chess.White, 300*time.Millisecond)
	c.Spend(chess.White, 200*time.Millisecond)
	c.Spend(chess.Black, 100*time.Millisecond)
	w := c.Use(chess.White)
	first := [ClockPhases]PhaseUse{{Moves: 2, Spent: 500 * time.Millisecond}}
	if w != (ClockUse{Moves: 2, Spent: 500 * time.Millisecond, Phases: first, Left: 4600 * time.Millisecond, Timed: true}) {
		t.Errorf("white's use: %+v", w)
	}
	if c.Spend(chess.Black, 10*time.Second) != true {
		t.Fatal("a move past the clock is not a forfeit")
	}
	if b := c.Use(chess.Black); b.Moves != 1 || b.Spent != 100*time.Millisecond {
		t.Errorf("black's use counts the forfeited move: %+v", b)
	}

	// Without a clock the moves and their time still count.
	m := NewClock(TimeControl{Nodes: 1000, Timeout: time.Minute})
	m.Spend(chess.Black, 40*time.Millisecond)
	if u := m.Use(chess.Black); u != (ClockUse{Moves: 1, Spent: 40 * time.Millisecond, Phases: [ClockPhases]PhaseUse{{Moves: 1, Spent: 40 * time.Millisecond}}}) {
		t.Errorf("a fixed-node move's use: %+v", u)
	}
}

func TestClockSplitsTheMovesIntoPhases(t *testing.T) {
	for n, want := range map[int]int{0: 0, 1: 0, 10: 0, 11: 1, 20: 1, 21: 2, 40: 3, 41: 4, 200: 4} {
		if got := PhaseOf(n); got != want {
			t.Errorf("PhaseOf(%d) = %d, want %d", n, got, want)
		}
	}
	c := NewClock(TimeControl{Base: time.Minute})
	for n := 1; n <= 45; n++ {
		c.Spend(chess.White, time.Duration(n)*time.Millisecond)
	}
	ms := time.Millisecond
	// The sums of 1..10, 11..20, 21..30, 31..40 and 41..45 milliseconds.
	want := [ClockPhases]PhaseUse{{10, 55 * ms}, {10, 155 * ms}, {10, 255 * ms}, {10, 355 * ms}, {5, 215 * ms}}
	if got := c.Use(chess.White).Phases; got != want {
		t.Errorf("phases %v, want %v", got, want)
	}
	if got := c.Use(chess.Black).Phases; got != ([ClockPhases]PhaseUse{}) {
		t.Errorf("black made no move, phases %v", got)
	}
}

func TestClockStatsProfile(t *testing.T) {
	var c ClockStats
	if got := c.Profile(); got != "no moves" {
		t.Errorf("empty profile %q", got)
	}
	ms := time.Millisecond
	c.add(ClockUse{Moves: 25, Spent: 2 * time.Second, Phases: [ClockPhases]PhaseUse{{10, 1000 * ms}, {10, 800 * ms}, {5, 200 * ms}}})
	c.add(ClockUse{Moves: 50, Spent: 3 * time.Second, Phases: [ClockPhases]PhaseUse{{10, 1200 * ms}, {10, 600 * ms}, {10, 500 * ms}, {10, 400 * ms}, {10, 300 * ms}}})
	want := "moves 1-10 0.110, 11-20 0.070, 21-30 0.047, 31-40 0.040, 41- 0.030 s"
	if got := c.Profile(); got != want {
		t.Errorf("Profile() = %q, want %q", got, want)
	}
	var short ClockStats
	short.add(ClockUse{Moves: 12, Spent: time.Second, Phases: [ClockPhases]PhaseUse{{10, 900 * ms}, {2, 100 * ms}}})
	if got, want := short.Profile(), "moves 1-10 0.090, 11-20 0.050 s"; got != want {
		t.Errorf("stretches no game reached: %q, want %q", got, want)
	}
}

func TestClockStatsSummarise(t *testing.T) {
	var c ClockStats
	if c.String() != "no moves" || c.PerMove() != 0 {
		t.Errorf("empty: %q, %v", c.String(), c.PerMove())
	}
	if _, _, _, ok := c.LeftQuartiles(); ok {
		t.Error("quartiles without games")
	}
	c.add(ClockUse{}) // a game lost before the first move: nothing to count
	for i, left := range []time.Duration{5, 1, 4, 2, 3} {
		c.add(ClockUse{Moves: 10, Spent: time.Duration(i+1) * time.Second, Left: left * time.Second, Timed: true})
	}
	q1, med, q3, ok := c.LeftQuartiles()
	if !ok || q1 != 2*time.Second || med != 3*time.Second || q3 != 4*time.Second {
		t.Errorf("quartiles %v %v %v %v", q1, med, q3, ok)
	}
	if c.Left[0] != 5*time.Second {
		t.Error("the quartiles sorted the recorded times in place")
	}
	want := "0.300 s a move, 3.00 s left at the end (median; quartiles 2.00-4.00 s)"
	if got := c.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	var n ClockStats
	n.add(ClockUse{Moves: 4, Spent: time.Second})
	if got := n.String(); got != "0.250 s a move" {
		t.Errorf("untimed: %q", got)
	}
}
