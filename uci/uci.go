package uci

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
)

// Engine is a UCI session: the current position, the options and the
// search that may be running.
type Engine struct {
	// Name is reported in "id name".
	Name string

	out      io.Writer
	outMu    sync.Mutex
	pos      *chess.Position
	tt       *engine.TT
	searcher *engine.Searcher
	running  sync.WaitGroup
	busy     atomic.Bool // a search is running and has not answered yet
	// cancel stops the current search; a new flag for every "go", so that
	// a "stop" sent before the search goroutine starts is not lost.
	cancel *atomic.Bool
	// infinite tells that the current search only ends on "stop".
	infinite bool
	opts     options
	// book is the opening book in use when OwnBook is on (loaded on
	// first use); rng picks its moves.
	book *book.Book
	rng  *rand.Rand
	// tb holds the Syzygy tables and the settings of the Syzygy options;
	// the searcher uses it while tb.Tables is set.
	tb engine.Tablebases
	// tbErrors is how many of the tables' problems have been reported.
	tbErrors int
}

type options struct {
	hashMB        int
	threads       int
	overhead      time.Duration
	chess960      bool
	multiPV       int
	showWDL       bool
	ponder        bool
	limitStrength bool
	elo           int
	ownBook       bool
	bookFile      string
	syzygyPath    string
}

const (
	defaultHashMB = 16
	defaultElo    = 1500
	maxMultiPV    = 256
)

// New returns a session that writes its answers to out.
func New(out io.Writer) *Engine {
	tt := engine.NewTT(defaultHashMB)
	return &Engine{
		tb:       engine.Tablebases{ProbeDepth: 1, ProbeLimit: 7, Rule50: true},
		Name:     "Ferz",
		out:      out,
		pos:      chess.StartPosition(),
		tt:       tt,
		searcher: engine.NewSearcher(tt),
		opts: options{hashMB: defaultHashMB, threads: 1, overhead: 10 * time.Millisecond, multiPV: 1,
			elo: defaultElo},
	}
}

// Run reads commands from in until "quit" or the end of input, and waits
// for a running search to finish before it returns.
func (e *Engine) Run(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		if !e.Handle(sc.Text()) {
			e.stopSearch()
			return nil
		}
	}
	// At the end of the input (a script piped in), let a search that has
	// a limit finish and answer; an infinite one is stopped.
	if e.infinite {
		e.stopSearch()
	}
	e.running.Wait()
	return sc.Err()
}

// Handle carries out one command line; it returns false after "quit".
func (e *Engine) Handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "uci":
		e.printf("id name %s", e.Name)
		e.printf("id author the Ferz developers")
		e.printf("option name Hash type spin default %d min 1 max 65536", defaultHashMB)
		e.printf("option name Threads type spin default 1 min 1 max %d", engine.MaxThreads)
		e.printf("option name MultiPV type spin default 1 min 1 max %d", maxMultiPV)
		e.printf("option name Ponder type check default false")
		e.printf("option name Clear Hash type button")
		e.printf("option name Move Overhead type spin default 10 min 0 max 5000")
		e.printf("option name UCI_Chess960 type check default false")
		e.printf("option name UCI_LimitStrength type check default false")
		e.printf("option name UCI_Elo type spin default %d min %d max %d", defaultElo, engine.MinElo, engine.MaxElo)
		e.printf("option name Skill Level type spin default 20 min 0 max 20")
		e.printf("option name UCI_ShowWDL type check default false")
		e.printf("option name OwnBook type check default false")
		e.printf("option name BookFile type string default <default>")
		e.printf("option name SyzygyPath type string default <empty>")
		e.printf("option name SyzygyProbeDepth type spin default 1 min 1 max 100")
		e.printf("option name SyzygyProbeLimit type spin default 7 min 0 max 7")
		e.printf("option name Syzygy50MoveRule type check default true")
		e.printf("uciok")
	case "isready":
		e.printf("readyok")
	case "setoption":
		e.setOption(args)
	case "ucinewgame":
		e.stopSearch()
		e.tt.Clear()
		e.searcher.Clear()
		e.pos = chess.StartPosition()
		e.pos.SetChess960(e.opts.chess960)
	case "position":
		e.stopSearch()
		e.position(args)
	case "go":
		e.goCommand(args)
	case "stop":
		e.stopSearch()
	case "ponderhit":
		// The expected move was played: the ponder search goes on as a
		// normal search whose clock starts now.
		e.searcher.PonderHit()
		e.infinite = false
	case "quit":
		e.stopSearch()
		return false
	case "d":
		e.stopSearch()
		e.display()
	case "eval":
		e.stopSearch()
		e.eval()
	case "perft":
		e.stopSearch()
		e.perft(args)
	case "bench":
		e.stopSearch()
		e.bench(args)
	default:
		e.printf("info string unknown command %q", cmd)
	}
	return true
}

// printf writes one line of output; the search goroutine and the reader
// share the writer.
func (e *Engine) printf(format string, a ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintf(e.out, format+"\n", a...)
}

// stopSearch stops a running search and waits until it has answered.
func (e *Engine) stopSearch() {
	if e.cancel != nil {
		e.cancel.Store(true)
	}
	e.running.Wait()
}

// background runs a search, or a long command such as perft or bench,
// beside the reader: "stop" sets the job's stop flag, "isready" is
// answered and "quit" is obeyed while it runs. infinite tells that the
// job ends only when stopped (the end of the input then stops it).
func (e *Engine) background(infinite bool, job func(stop *atomic.Bool)) {
	e.running.Wait()
	stop := new(atomic.Bool)
	e.cancel = stop
	e.infinite = infinite
	e.busy.Store(true)
	e.running.Add(1)
	nudge := startNudging()
	go func() {
		defer e.running.Done()
		defer e.busy.Store(false)
		defer nudge.stop()
		job(stop)
	}()
}
