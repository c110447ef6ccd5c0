package engine

import (
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// Limits says when a search must stop. Zero fields mean no limit of that
// kind; with no limit at all the search runs until stopped (infinite).
type Limits struct {
	Depth    int
	Nodes    uint64
	MoveTime time.Duration
	// The clock: time left and increment for the side to move, and the
	// moves until the next time control (0: sudden death).
	Time, Increment time.Duration
	MovesToGo       int
	// Overhead is kept in reserve for communication delays.
	Overhead time.Duration
	// Infinite searches until stopped, whatever else is set.
	Infinite bool
	// Ponder searches on the opponent's time: the time limits start to
	// count only at Searcher.PonderHit, and until then the search
	// answers only when stopped.
	Ponder bool
	// MultiPV is the number of best lines to search and report (1 when
	// zero).
	MultiPV int
	// Mate stops the search once it has found a mate in at most this
	// many moves.
	Mate int
	// SearchMoves restricts the search to these root moves.
	SearchMoves []chess.Move
	// Elo, from MinElo to MaxElo, weakens the search to play at about
	// that rating (UCI_LimitStrength and UCI_Elo); 0 is full strength.
	Elo int
	// Stop, if set, stops the search soon after it becomes true. Unlike
	// Searcher.Stop it cannot be lost when it is set before the search
	// has started.
	Stop *atomic.Bool
}

// Unbounded reports whether the search would run until stopped: it is
// infinite, or nothing limits its depth, nodes, mate length or time.
func (l Limits) Unbounded() bool {
	return l.Infinite || l.Ponder || l.Depth == 0 && l.Nodes == 0 && l.Mate == 0 && l.MoveTime == 0 && l.Time <= 0 && l.Increment <= 0
}

// plannedMovesToGo is how many moves the clock is shared among when the
// time control does not say (and at most when it does). With the soft
// limit at 0.6 of the base, less when the best move is stable, 20 spends
// most of the clock over a game of 60 moves; 30 left a third of it
// unused at 10+0.1.
const plannedMovesToGo = 20

// deadlines turns the limits into a soft limit (do not start another
// iteration after it) and a hard limit (stop the search at once).
// A zero duration means none.
func (l Limits) deadlines() (soft, hard time.Duration) {
	if l.Infinite {
		return 0, 0
	}
	if l.MoveTime > 0 {
		// A fixed time per move is the user's choice: use all of it,
		// with no soft limit that a stable best move could shrink.
		return 0, max(l.MoveTime-l.Overhead, time.Millisecond)
	}
	if l.Time <= 0 && l.Increment <= 0 {
		return 0, 0
	}
	left := max(l.Time-l.Overhead, time.Millisecond)
	mtg := plannedMovesToGo
	if l.MovesToGo > 0 {
		mtg = min(l.MovesToGo, plannedMovesToGo)
	}
	// One and a half increments: a search stops only between iterations,
	// after about 0.45 of the base on average, so the clock settles where
	// that equals the increment; with three quarters of it main kept
	// 1.1-1.5 s of 5+0.05 unused to the end, and this keeps about 0.6 s,
	// spent through the middlegame rather than the first moves.
	base := left/time.Duration(mtg) + l.Increment*3/2
	soft = base * 6 / 10
	// Never plan to spend more than a third of what is left on one move.
	hard = min(base*3, left/3)
	soft = min(soft, hard)
	return max(soft, time.Millisecond), max(hard, time.Millisecond)
}
