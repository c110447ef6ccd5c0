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

// goRequest reads the parameters of a "go" command word by word.
type goRequest struct {
	e      *Engine
	args   []string
	i      int // the word being read
	limits engine.Limits
	clock  [2]time.Duration
	inc    [2]time.Duration
	// clockGiven: a clock given at zero (or below), or only the
	// opponent's, still asks for a move now, not for a search without
	// end as no clock at all would.
	clockGiven [2]bool
}

// goParameters reads each parameter of "go" from the words after its
// name. These names also end the list of searchmoves.
var goParameters = map[string]func(r *goRequest, key string){
	"wtime":     func(r *goRequest, key string) { r.clock[chess.White], r.clockGiven[chess.White] = r.ms(key), true },
	"btime":     func(r *goRequest, key string) { r.clock[chess.Black], r.clockGiven[chess.Black] = r.ms(key), true },
	"winc":      func(r *goRequest, key string) { r.inc[chess.White] = r.ms(key) },
	"binc":      func(r *goRequest, key string) { r.inc[chess.Black] = r.ms(key) },
	"movestogo": func(r *goRequest, key string) { r.limits.MovesToGo = int(r.within(key, 0, math.MaxInt32)) },
	// A limit of zero would mean no limit to the engine; the GUI wants
	// the quickest answer instead.
	"movetime": func(r *goRequest, key string) {
		r.limits.MoveTime = time.Duration(r.within(key, 1, math.MaxInt64/int64(time.Millisecond))) * time.Millisecond
	},
	"depth":    func(r *goRequest, key string) { r.limits.Depth = int(r.within(key, 1, engine.MaxPly)) },
	"nodes":    func(r *goRequest, key string) { r.limits.Nodes = uint64(r.within(key, 1, math.MaxInt64)) },
	"mate":     func(r *goRequest, key string) { r.limits.Mate = int(r.within(key, 1, engine.MaxPly/2)) },
	"infinite": func(r *goRequest, _ string) { r.limits.Infinite = true },
	"ponder":   func(r *goRequest, _ string) { r.limits.Ponder = true },
}

// searchmoves is added here: it reads up to the next name in goParameters.
func init() { goParameters["searchmoves"] = (*goRequest).searchMoves }

// parseGo reads the parameters of "go" into limits for the side to move,
// telling the GUI in info strings what it could not use.
func (e *Engine) parseGo(args []string) engine.Limits {
	r := &goRequest{e: e, args: args}
	r.limits.Overhead = e.opts.overhead
	for ; r.i < len(args); r.i++ {
		key := args[r.i]
		if read, ok := goParameters[key]; ok {
			read(r, key)
		} else {
			e.printf("info string go: unknown parameter %q", key)
		}
	}
	us := e.pos.SideToMove()
	r.limits.Time, r.limits.Increment = r.clock[us], r.inc[us]
	if (r.clockGiven[chess.White] || r.clockGiven[chess.Black]) && r.limits.Time <= 0 && r.limits.Increment <= 0 {
		r.limits.Time = time.Millisecond
	}
	return r.limits
}

// num reads the number after key; ok is false (and the GUI told) when
// there is none.
func (r *goRequest) num(key string) (n int64, ok bool) {
	if r.i+1 >= len(r.args) {
		r.e.printf("info string go: %s needs a number", key)
		return 0, false
	}
	r.i++
	n, err := strconv.ParseInt(r.args[r.i], 10, 64)
	if err != nil {
		r.e.printf("info string go: %s %q is not a number", key, r.args[r.i])
		return 0, false
	}
	return n, true
}

// ms reads a time in milliseconds. A clock below zero is the GUI's way of
// saying the time is up; it needs no remark.
func (r *goRequest) ms(key string) time.Duration {
	n, _ := r.num(key)
	return time.Duration(min(max(n, 0), math.MaxInt64/int64(time.Millisecond))) * time.Millisecond
}

// within reads a number and brings it into [lo, hi], saying so when it
// had to: a GUI sending "nodes -5" learns what was used.
func (r *goRequest) within(key string, lo, hi int64) int64 {
	n, ok := r.num(key)
	c := min(max(n, lo), hi)
	if ok && c != n {
		r.e.printf("info string go: %s %d is out of range; using %d", key, n, c)
	}
	return c
}

// searchMoves reads the moves after "searchmoves" up to the next
// parameter; a move that is not legal here is reported and left out.
func (r *goRequest) searchMoves(key string) {
	given := 0
	for r.i+1 < len(r.args) && goParameters[r.args[r.i+1]] == nil {
		r.i++
		given++
		m, err := r.e.pos.ParseUCI(r.args[r.i])
		if err != nil {
			r.e.printf("info string go: %s: %q is not a legal move here", key, r.args[r.i])
			continue
		}
		if !slices.Contains(r.limits.SearchMoves, m) {
			r.limits.SearchMoves = append(r.limits.SearchMoves, m)
		}
	}
	if given > 0 && len(r.limits.SearchMoves) == 0 {
		r.e.printf("info string go: %s: no legal move given; searching all moves", key)
	}
}

// goCommand reads the limits of "go" and starts the search beside the
// reader; a book move, when OwnBook is on, is answered at once.
func (e *Engine) goCommand(args []string) {
	if e.busy.Load() {
		e.printf("info string go: already searching; send stop first")
		return
	}
	e.running.Wait() // the last search has answered; let its goroutine end
	limits := e.parseGo(args)
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
