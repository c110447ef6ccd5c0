package uci

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ferzchess/ferz/book"
	"github.com/ferzchess/ferz/chess"
	"github.com/ferzchess/ferz/engine"
	"github.com/ferzchess/ferz/syzygy"
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

func (e *Engine) printf(format string, a ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintf(e.out, format+"\n", a...)
}

func (e *Engine) stopSearch() {
	if e.cancel != nil {
		e.cancel.Store(true)
	}
	e.running.Wait()
}

func (e *Engine) setOption(args []string) {
	// setoption name <id, may contain spaces> [value <x>]
	name, value := "", ""
	mode := ""
	for _, a := range args {
		switch {
		case a == "name" && mode == "":
			mode = "name"
		case a == "value" && mode == "name":
			mode = "value"
		case mode == "name":
			name = strings.TrimSpace(name + " " + a)
		case mode == "value":
			value = strings.TrimSpace(value + " " + a)
		}
	}
	if name == "" {
		e.printf("info string setoption: missing name")
		return
	}
	switch strings.ToLower(name) {
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil {
			e.printf("info string setoption Hash: %q is not a number of megabytes", value)
			return
		}
		if n < 1 || n > 65536 {
			n = min(max(n, 1), 65536)
			e.printf("info string setoption Hash: clamped to %d", n)
		}
		e.stopSearch()
		// Go cannot recover from a failed allocation: refuse a table the
		// machine cannot hold (the old one is freed first, so count it).
		if avail := availableMB() + e.opts.hashMB; avail > 0 && n > avail*9/10 {
			e.printf("info string setoption Hash: %d MB is more than the free memory allows; keeping %d MB", n, e.opts.hashMB)
			return
		}
		e.opts.hashMB = n
		e.tt.Resize(n)
	case "threads":
		n, ok := e.spin("Threads", value, 1, engine.MaxThreads)
		if !ok {
			return
		}
		e.stopSearch()
		e.opts.threads = n
		e.searcher.SetThreads(n)
	case "multipv":
		if n, ok := e.spin("MultiPV", value, 1, maxMultiPV); ok {
			e.opts.multiPV = n
		}
	case "uci_elo":
		if n, ok := e.spin("UCI_Elo", value, engine.MinElo, engine.MaxElo); ok {
			e.opts.elo = n
		}
	case "skill level":
		// Skill levels 0..20 are ratings from MinElo to MaxElo; 20 is
		// full strength.
		if n, ok := e.spin("Skill Level", value, 0, 20); ok {
			e.opts.limitStrength = n < 20
			e.opts.elo = engine.MinElo + n*(engine.MaxElo-engine.MinElo)/20
		}
	case "ponder":
		e.check("Ponder", value, &e.opts.ponder)
	case "uci_limitstrength":
		e.check("UCI_LimitStrength", value, &e.opts.limitStrength)
	case "uci_showwdl":
		e.check("UCI_ShowWDL", value, &e.opts.showWDL)
	case "ownbook":
		e.check("OwnBook", value, &e.opts.ownBook)
	case "bookfile":
		if value == "<default>" || value == "<empty>" {
			value = ""
		}
		if value != "" {
			b, err := book.Open(value)
			if err != nil {
				e.printf("info string setoption BookFile: %v; keeping the previous book", err)
				return
			}
			e.book = b
		} else {
			e.book = nil
		}
		e.opts.bookFile = value
	case "syzygypath":
		e.stopSearch()
		e.setSyzygyPath(value)
	case "syzygyprobedepth":
		if n, ok := e.spin("SyzygyProbeDepth", value, 1, 100); ok {
			e.stopSearch()
			e.tb.ProbeDepth = n
		}
	case "syzygyprobelimit":
		if n, ok := e.spin("SyzygyProbeLimit", value, 0, 7); ok {
			e.stopSearch()
			e.tb.ProbeLimit = n
		}
	case "syzygy50moverule":
		e.stopSearch()
		e.check("Syzygy50MoveRule", value, &e.tb.Rule50)
	case "clear hash":
		e.stopSearch()
		e.tt.Clear()
	case "move overhead":
		n, err := strconv.Atoi(value)
		if err != nil {
			e.printf("info string setoption Move Overhead: %q is not a number of milliseconds", value)
			return
		}
		e.opts.overhead = time.Duration(min(max(n, 0), 5000)) * time.Millisecond
	case "uci_chess960":
		if e.check("UCI_Chess960", value, &e.opts.chess960) {
			e.pos.SetChess960(e.opts.chess960 || e.pos.Chess960())
		}
	default:
		e.printf("info string setoption: unknown option %q", name)
	}
}

// setSyzygyPath loads the Syzygy tables of the directories in paths
// (separated as in PATH), replacing those loaded before, and says in an
// info string how many it found and what went wrong.
func (e *Engine) setSyzygyPath(paths string) {
	if e.tb.Tables != nil {
		e.tb.Tables.Close()
		e.tb.Tables = nil
		e.searcher.Tablebases = nil
	}
	if paths == "<empty>" {
		paths = ""
	}
	e.opts.syzygyPath = paths
	if strings.TrimSpace(paths) == "" {
		return
	}
	tables, errs := syzygy.Open(paths)
	for _, err := range errs {
		e.printf("info string SyzygyPath: %v", err)
	}
	e.tbErrors = len(tables.Errors())
	if tables == nil || tables.Count() == 0 {
		e.printf("info string SyzygyPath: found no tablebases in %s", paths)
		return
	}
	e.printf("info string SyzygyPath: found %d tablebases, up to %d pieces", tables.Count(), tables.MaxPieces())
	e.tb.Tables = tables
	e.searcher.Tablebases = &e.tb
}

// reportTableErrors says in info strings what went wrong with a table
// since the last report: a broken table is found on its first probe, and
// the search goes on without it.
func (e *Engine) reportTableErrors() {
	if e.tb.Tables == nil {
		return
	}
	errs := e.tb.Tables.Errors()
	for _, err := range errs[min(e.tbErrors, len(errs)):] {
		e.printf("info string Syzygy: %v; playing on without that table", err)
	}
	e.tbErrors = len(errs)
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

// spin reads a spin option's value; a number out of range is clamped
// with a note, anything else refused.
func (e *Engine) spin(name, value string, lo, hi int) (int, bool) {
	n, err := strconv.Atoi(value)
	if err != nil {
		e.printf("info string setoption %s: %q is not a whole number", name, value)
		return 0, false
	}
	if n < lo || n > hi {
		n = min(max(n, lo), hi)
		e.printf("info string setoption %s: clamped to %d (range %d to %d)", name, n, lo, hi)
	}
	return n, true
}

// check reads a check option's value into dst.
func (e *Engine) check(name, value string, dst *bool) bool {
	switch strings.ToLower(value) {
	case "true":
		*dst = true
	case "false":
		*dst = false
	default:
		e.printf("info string setoption %s: %q is neither true nor false", name, value)
		return false
	}
	return true
}

// position sets up "startpos" or "fen <fen>" and plays the moves after
// "moves"; on any error the previous position stays.
func (e *Engine) position(args []string) {
	if len(args) == 0 {
		e.printf("info string position: want startpos or fen")
		return
	}
	var fen string
	rest := args[1:]
	switch args[0] {
	case "startpos":
		fen = chess.StartFEN
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		fen = strings.Join(rest[:i], " ")
		rest = rest[i:]
	default:
		e.printf("info string position: want startpos or fen, not %q", args[0])
		return
	}
	p, err := chess.ParseFEN(fen)
	if err != nil {
		e.printf("info string position: %v", err)
		return
	}
	if e.opts.chess960 {
		p.SetChess960(true)
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			e.printf("info string position: unexpected %q", rest[0])
			return
		}
		for _, s := range rest[1:] {
			m, err := p.ParseUCI(s)
			if err != nil {
				e.printf("info string position: %v", err)
				return
			}
			p.MakeMove(m)
		}
	}
	e.pos = p
}

// goParameters are the words that start a parameter of "go": the list
// of searchmoves ends at the first of them.
var goParameters = map[string]bool{
	"wtime": true, "btime": true, "winc": true, "binc": true, "movestogo": true, "movetime": true,
	"depth": true, "nodes": true, "mate": true, "infinite": true, "ponder": true, "searchmoves": true,
}

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

func (e *Engine) printInfo(p *chess.Position, info engine.Info) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "info depth %d seldepth %d multipv %d ", info.Depth, info.SelDepth, max(info.MultiPV, 1))
	if engine.IsMateScore(info.Score) {
		fmt.Fprintf(&sb, "score mate %d", engine.MateIn(info.Score))
	} else {
		fmt.Fprintf(&sb, "score cp %d", info.Score)
	}
	switch info.Bound {
	case engine.BoundLower:
		sb.WriteString(" lowerbound")
	case engine.BoundUpper:
		sb.WriteString(" upperbound")
	}
	if e.opts.showWDL {
		w, d, l := engine.WDL(info.Score)
		fmt.Fprintf(&sb, " wdl %d %d %d", w, d, l)
	}
	ms := info.Time.Milliseconds()
	nps := uint64(0)
	if info.Time > 0 {
		nps = uint64(float64(info.Nodes) / info.Time.Seconds())
	}
	fmt.Fprintf(&sb, " nodes %d nps %d hashfull %d", info.Nodes, nps, info.Hashfull)
	if e.tb.Tables != nil {
		fmt.Fprintf(&sb, " tbhits %d", info.TBHits)
	}
	fmt.Fprintf(&sb, " time %d", ms)
	q := p.Copy()
	for i, m := range info.PV {
		if !q.IsLegal(m) {
			break
		}
		if i == 0 {
			sb.WriteString(" pv")
		}
		sb.WriteString(" " + q.UCI(m))
		q.MakeMove(m)
	}
	e.printf("%s", sb.String())
}

func (e *Engine) display() {
	var sb strings.Builder
	sb.WriteString(" +---+---+---+---+---+---+---+---+\n")
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			pc := e.pos.PieceAt(chess.NewSquare(f, r))
			fmt.Fprintf(&sb, " | %s", pc)
		}
		fmt.Fprintf(&sb, " | %d\n +---+---+---+---+---+---+---+---+\n", r+1)
	}
	sb.WriteString("   a   b   c   d   e   f   g   h\n")
	fmt.Fprintf(&sb, "\nFen: %s\nKey: %016X\n", e.pos.FEN(), e.pos.Key())
	e.printf("%s", sb.String())
}

func (e *Engine) eval() {
	t := engine.EvaluateTrace(e.pos)
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-18s %13s %13s\n", "term", "white mg/eg", "black mg/eg")
	for _, term := range t.Terms {
		fmt.Fprintf(&sb, "%-18s %6d %6d %6d %6d\n", term.Name, term.White[0], term.White[1], term.Black[0], term.Black[1])
	}
	fmt.Fprintf(&sb, "phase %d/24, endgame scale %d/64\nnetwork correction %+d cp\nevaluation %+d cp (white's view)", t.Phase, t.Scale, t.Network, t.Final)
	e.printf("%s", sb.String())
}

// bench runs the engine's benchmark: "bench [depth]".
func (e *Engine) bench(args []string) {
	depth := engine.BenchDepth
	if len(args) > 0 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > 64 {
			e.printf("info string bench: depth %q is not a number from 1 to 64", args[0])
			return
		}
		depth = n
	}
	hashMB, threads := e.opts.hashMB, e.opts.threads
	e.background(false, func(stop *atomic.Bool) {
		var sb strings.Builder
		nodes, elapsed := engine.Bench(&sb, depth, hashMB, threads, stop)
		if stop.Load() {
			sb.WriteString("bench stopped\n")
		}
		e.printf("%s\n%d nodes %d nps", sb.String(), nodes, engine.NPS(nodes, elapsed))
	})
}

func (e *Engine) perft(args []string) {
	depth := 1
	if len(args) > 0 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > 10 {
			e.printf("info string perft: depth %q is not a number from 1 to 10", args[0])
			return
		}
		depth = n
	}
	p := e.pos.Copy()
	e.background(false, func(stop *atomic.Bool) {
		start := time.Now()
		var total uint64
		for _, m := range p.LegalMoves() {
			p.MakeMove(m)
			n, complete := chess.PerftUntil(p, depth-1, stop)
			p.UnmakeMove()
			if !complete {
				e.printf("\nperft stopped after %d nodes (%v)", total+n, time.Since(start).Round(time.Millisecond))
				return
			}
			total += n
			e.printf("%s: %d", p.UCI(m), n)
		}
		e.printf("\nNodes searched: %d (%v)", total, time.Since(start).Round(time.Millisecond))
	})
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
	go func() {
		defer e.running.Done()
		defer e.busy.Store(false)
		job(stop)
	}()
}
