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
	if w != (ClockUse{Moves: 2, Spent: 500 * time.Millisecond, Left: 4600 * time.Millisecond, Timed: true}) {
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
	if u := m.Use(chess.Black); u != (ClockUse{Moves: 1, Spent: 40 * time.Millisecond}) {
		t.Errorf("a fixed-node move's use: %+v", u)
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
