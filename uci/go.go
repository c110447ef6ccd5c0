package uci

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// goParameters are the words that start a parameter of "go": the list
// of searchmoves ends at the first of them.
var goParameters = map[string]bool{
	"wtime": true, "btime": true, "winc": true, "binc": true, "movestogo": true, "movetime": true,
	"depth": true, "nodes": true, "mate": true, "infinite": true, "ponder": true, "searchmoves": true,
}

// goCommand reads the limits of "go" and starts the search beside the
// reader; a book move, when OwnBook is on, is answered at once.
func (e *Engine) goCommand(args []string) {
	if e.busy.Load() {
		e.printf("info string go: already searching; send stop first")
		return
	}
	e.running.Wait() // the last search has answered; let its goroutine end
	var limits engine.Limits
	limits.Overhead = e.opts.overhead
	us := e.pos.SideToMove()
	var wtime, btime, winc, binc time.Duration
	// A clock given at zero (or below), or only the opponent's, still
	// asks for a move now, not for a search without end as no clock at
	// all would.
	var clockGiven [2]bool
	for i := 0; i < len(args); i++ {
		key := args[i]
		// num reads the number after key; ok is false (and the GUI told)
		// when there is none.
		num := func() (n int64, ok bool) {
			if i+1 >= len(args) {
				e.printf("info string go: %s needs a number", key)
				return 0, false
			}
			i++
			n, err := strconv.ParseInt(args[i], 10, 64)
			if err != nil {
				e.printf("info string go: %s %q is not a number", key, args[i])
				return 0, false
			}
			return n, true
		}
		// A clock below zero is the GUI's way of saying the time is up;
		// it needs no remark.
		ms := func() time.Duration {
			n, _ := num()
			return time.Duration(max(n, 0)) * time.Millisecond
		}
		// within reads a number and brings it into [lo, hi], saying so
		// when it had to: a GUI sending "nodes -5" learns what was used.
		within := func(lo, hi int64) int64 {
			n, ok := num()
			c := min(max(n, lo), hi)
			if ok && c != n {
				e.printf("info string go: %s %d is out of range; using %d", key, n, c)
			}
			return c
		}
		// A limit of zero would mean no limit to the engine; the GUI
		// wants the quickest answer instead.
		atLeast1 := func() int64 { return within(1, math.MaxInt64) }
		switch key {
		case "wtime":
			wtime, clockGiven[chess.White] = ms(), true
		case "btime":
			btime, clockGiven[chess.Black] = ms(), true
		case "winc":
			winc = ms()
		case "binc":
			binc = ms()
		case "movestogo":
			limits.MovesToGo = int(within(0, math.MaxInt32))
		case "movetime":
			limits.MoveTime = time.Duration(atLeast1()) * time.Millisecond
		case "depth":
			limits.Depth = int(within(1, engine.MaxPly))
		case "nodes":
			limits.Nodes = uint64(atLeast1())
		case "mate":
			limits.Mate = int(within(1, engine.MaxPly/2))
		case "infinite":
			limits.Infinite = true
		case "ponder":
			limits.Ponder = true
		case "searchmoves":
			// The moves run to the next parameter; one that is not legal
			// here is reported and left out.
			given := 0
			for i+1 < len(args) && !goParameters[args[i+1]] {
				i++
				given++
				m, err := e.pos.ParseUCI(args[i])
				if err != nil {
					e.printf("info string go: searchmoves: %q is not a legal move here", args[i])
					continue
				}
				if !slices.Contains(limits.SearchMoves, m) {
					limits.SearchMoves = append(limits.SearchMoves, m)
				}
			}
			if given > 0 && len(limits.SearchMoves) == 0 {
				e.printf("info string go: searchmoves: no legal move given; searching all moves")
			}
		default:
			e.printf("info string go: unknown parameter %q", key)
		}
	}
	if us == chess.White {
		limits.Time, limits.Increment = wtime, winc
	} else {
		limits.Time, limits.Increment = btime, binc
	}
	if (clockGiven[chess.White] || clockGiven[chess.Black]) && limits.Time <= 0 && limits.Increment <= 0 {
		limits.Time = time.Millisecond
	}
	if e.opts.ownBook && !limits.Infinite && !limits.Ponder && len(limits.SearchMoves) == 0 {
		if m, ok := e.bookMove(); ok {
			e.printf("info string book move %s", e.pos.UCI(m))
			e.printf("bestmove %s", e.pos.UCI(m))
			return
		}
	}
	limits.MultiPV = e.opts.multiPV
	if e.opts.limitStrength {
		limits.Elo = e.opts.elo
	}
	p := e.pos.Copy()
	e.searcher.OnInfo = func(info engine.Info) { e.printInfo(p, info) }
	e.searcher.OnCurrMove = func(m chess.Move, n int) {
		e.printf("info currmove %s currmovenumber %d", p.UCI(m), n)
	}
	e.background(limits.Unbounded(), func(stop *atomic.Bool) {
		limits.Stop = stop
		res := e.searcher.Search(p, limits)
		e.reportTableErrors()
		// Ready for the next "go" before the GUI reads this bestmove.
		e.busy.Store(false)
		if res.Move == chess.NullMove {
			e.printf("bestmove 0000")
			return
		}
		if res.Ponder != chess.NullMove {
			p.MakeMove(res.Move)
			ponder := p.UCI(res.Ponder)
			p.UnmakeMove()
			e.printf("bestmove %s ponder %s", p.UCI(res.Move), ponder)
		} else {
			e.printf("bestmove %s", p.UCI(res.Move))
		}
	})
}

// bookMove picks a move from the opening book for the current position.
func (e *Engine) bookMove() (chess.Move, bool) {
	if e.book == nil {
		b, err := book.Default()
		if err != nil {
			e.printf("info string OwnBook: %v", err)
			return chess.NullMove, false
		}
		e.book = b
	}
	if e.rng == nil {
		e.rng = rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0))
	}
	return e.book.Pick(e.pos, e.rng)
}
