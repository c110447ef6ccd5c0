package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ferzchess/ferz/chess"
)

// SuiteConfig describes a test-suite run: one engine, one limit a
// position.
type SuiteConfig struct {
	// Engine is the engine under test.
	Engine EngineConfig
	// MoveTime, Depth and Nodes limit each search; at least one is set.
	MoveTime time.Duration
	Depth    int
	Nodes    int64
	// Timeout bounds a search limited by depth or nodes alone (the
	// engine is stopped then); DefaultMoveTimeout if 0.
	Timeout time.Duration
	// ReadyTimeout bounds the handshake (DefaultReadyTimeout if 0).
	ReadyTimeout time.Duration
	// Concurrency is the number of positions searched at once, each by
	// an engine process of its own (1 if 0).
	Concurrency int
	// Out receives a line per position, in order, as results come in.
	Out io.Writer
	// Log receives every line to and from the engine, or nil.
	Log io.Writer
	// Warn, if not nil, receives each engine warning once (an option the
	// engine refused or ignored: Engine.Warnings).
	Warn func(string)
}

// SuitePosition is one position of a test suite.
type SuitePosition struct {
	EPD  *chess.EPD
	Line int // the line of the file it comes from
}

// PositionResult is the outcome of one position.
type PositionResult struct {
	// N is the position's number in the suite, from 1; ID its id.
	N  int
	ID string
	// Task says what was asked: "bm Qg6", "am Bxh7", "dm 3", "c0".
	Task string
	// Played is the engine's move in SAN ("" if it gave none).
	Played string
	// Solved reports whether the move (or the mate found) is right.
	Solved bool
	// Points and MaxPoints are the STS points of the move, when the
	// position gives points (c0, or c8 with c9).
	Points, MaxPoints int
	// Found is when the engine settled on a right answer for good (its
	// own "time" when it gives one), if Solved.
	Found time.Duration
	// Score and Depth are from the engine's last scored info line.
	Score Score
	Depth int
	// Skipped says why the position was not searched (no task, or a bad
	// operand), and Err what went wrong with the engine.
	Skipped string
	Err     error
}

// SuiteSummary totals a suite run.
type SuiteSummary struct {
	Positions, Searched, Solved, Skipped, Failed int
	Points, MaxPoints                            int
	// FoundTotal sums the times to solution of the solved positions.
	FoundTotal time.Duration
	Elapsed    time.Duration
}

// task is what a position asks of the engine, ready to check moves.
type task struct {
	pos    *chess.Position
	bm, am []chess.Move
	dm     int
	points map[chess.Move]int
	max    int
	desc   string
}

// RunSuite searches every position with the engine and checks the moves
// against the positions' bm, am, dm and c0 (or c8/c9) operations. A
// position with none of them is skipped; so is one whose operands are
// not legal moves. It writes a line per position to cfg.Out and returns
// the results and their summary. Engine failures are recorded in the
// position's result and the engine is restarted; only a bad
// configuration or a cancelled ctx stops the run.
func RunSuite(ctx context.Context, cfg SuiteConfig, positions []SuitePosition) ([]PositionResult, SuiteSummary, error) {
	started := time.Now()
	var sum SuiteSummary
	if cfg.MoveTime <= 0 && cfg.Depth <= 0 && cfg.Nodes <= 0 {
		return nil, sum, fmt.Errorf("suite: no limit a position (want a move time, depth or nodes)")
	}
	if cfg.Engine.Command == "" {
		return nil, sum, fmt.Errorf("suite: no engine command")
	}
	out := cfg.Out
	if out == nil {
		out = io.Discard
	}
	if cfg.ReadyTimeout <= 0 {
		cfg.ReadyTimeout = DefaultReadyTimeout
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultMoveTimeout
	}
	var log io.Writer
	if cfg.Log != nil {
		log = &LockedWriter{W: cfg.Log}
	}

	results := make([]PositionResult, len(positions))
	done := make([]bool, len(positions))
	var mu sync.Mutex
	warned := map[string]bool{}
	// warn passes on the warnings of an engine just started, each once;
	// called with mu held.
	warn := func(e *Engine) {
		if e == nil || cfg.Warn == nil {
			return
		}
		for _, w := range e.Warnings {
			if !warned[w] {
				warned[w] = true
				cfg.Warn(w)
			}
		}
	}
	printed := 0
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(cfg.Concurrency, len(positions))) {
		wg.Go(func() {
			var e *Engine
			defer func() {
				if e != nil {
					e.Quit()
				}
			}()
			for i := range jobs {
				r := searchPosition(ctx, &cfg, &e, log, i+1, positions[i])
				mu.Lock()
				warn(e)
				results[i], done[i] = r, true
				for printed < len(results) && done[printed] {
					writePositionResult(out, results[printed])
					printed++
				}
				mu.Unlock()
			}
		})
	}
dispatch:
	for i := range positions {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break dispatch
		}
	}
	close(jobs)
	wg.Wait()

	for i, r := range results {
		if !done[i] {
			continue
		}
		sum.Positions++
		switch {
		case r.Skipped != "":
			sum.Skipped++
			continue
		case r.Err != nil:
			sum.Failed++
		}
		sum.Searched++
		sum.Points += r.Points
		sum.MaxPoints += r.MaxPoints
		if r.Solved {
			sum.Solved++
			sum.FoundTotal += r.Found
		}
	}
	sum.Elapsed = time.Since(started)
	return results[:printed], sum, ctx.Err()
}

// searchPosition runs one position, starting the engine (*e) if needed
// and killing it after a failure.
func searchPosition(ctx context.Context, cfg *SuiteConfig, e **Engine, log io.Writer, n int, sp SuitePosition) PositionResult {
	r := PositionResult{N: n, ID: sp.EPD.ID()}
	if r.ID == "" {
		r.ID = fmt.Sprintf("line %d", sp.Line)
	}
	t, err := newTask(sp.EPD)
	if err != nil {
		r.Skipped = err.Error()
		return r
	}
	r.Task = t.desc
	if ctx.Err() != nil {
		r.Err = ctx.Err()
		return r
	}
	if *e == nil {
		if *e, err = StartEngine(ctx, cfg.Engine, cfg.ReadyTimeout, log); err != nil {
			r.Err = err
			return r
		}
	}
	eng := *e
	fail := func(err error) PositionResult {
		eng.Kill()
		*e = nil
		r.Err = err
		return r
	}
	if err := eng.NewGame(ctx, t.pos.Chess960(), cfg.ReadyTimeout); err != nil {
		return fail(err)
	}

	goCmd := "go"
	limit := cfg.Timeout
	if cfg.MoveTime > 0 {
		goCmd += fmt.Sprintf(" movetime %d", max(cfg.MoveTime.Milliseconds(), 1))
		limit = 2*cfg.MoveTime + 2*time.Second
	}
	if cfg.Depth > 0 {
		goCmd += fmt.Sprintf(" depth %d", cfg.Depth)
	}
	if cfg.Nodes > 0 {
		goCmd += fmt.Sprintf(" nodes %d", cfg.Nodes)
	}
	found := time.Duration(-1) // start of the current run of right answers
	onInfo := func(info Info, since time.Duration) {
		at := since
		if info.Time >= 0 {
			at = info.Time
		}
		var right bool
		if t.dm > 0 && len(t.bm) == 0 && len(t.am) == 0 {
			if !info.Score.Valid {
				return
			}
			right = info.Score.Mate > 0 && info.Score.Mate <= t.dm
		} else {
			if !info.HasPV || len(info.PV) == 0 {
				return
			}
			m, err := t.pos.ParseUCI(info.PV[0])
			right = err == nil && t.right(m)
		}
		switch {
		case !right:
			found = -1
		case found < 0:
			found = at
		}
	}
	res, err := eng.Search(ctx, "position fen "+t.pos.FEN(), goCmd, limit, onInfo)
	if errors.Is(err, errMoveTimeout) {
		stopped := eng.Stop()
		err = &Fault{Kind: FaultTime, Engine: eng.Config.Name, Detail: timeoutDetail(res, limit, stopped)}
		if stopped.IsZero() {
			return fail(err)
		}
		r.Err = err
		return r
	}
	if err != nil {
		return fail(err)
	}
	r.Score, r.Depth = res.Last.Score, res.Last.Depth
	m, err := t.pos.ParseUCI(res.BestMove)
	if err != nil {
		return fail(&Fault{Kind: FaultIllegal, Engine: eng.Config.Name, Detail: fmt.Sprintf("bestmove %q in %s", res.BestMove, t.pos.FEN())})
	}
	r.Played = t.pos.SAN(m)
	if t.points != nil {
		r.Points, r.MaxPoints = t.points[m], t.max
	}
	if t.dm > 0 && len(t.bm) == 0 && len(t.am) == 0 {
		r.Solved = found >= 0 && res.Last.Score.Mate > 0 && res.Last.Score.Mate <= t.dm
	} else {
		r.Solved = t.right(m)
	}
	if r.Solved {
		r.Found = found
		if found < 0 {
			r.Found = res.Elapsed
		}
	}
	return r
}

// newTask reads what a position asks: bm, am, dm, c0 or c8/c9.
func newTask(e *chess.EPD) (*task, error) {
	t := &task{pos: e.Position.Copy()}
	var desc []string
	var err error
	if t.bm, err = e.Moves("bm"); err != nil {
		return nil, err
	}
	if t.am, err = e.Moves("am"); err != nil {
		return nil, err
	}
	if len(t.bm) > 0 {
		desc = append(desc, "bm "+t.sans(t.bm))
	}
	if len(t.am) > 0 {
		desc = append(desc, "am "+t.sans(t.am))
	}
	if n, ok := e.DirectMate(); ok && n > 0 {
		t.dm = n
		if len(t.bm) == 0 && len(t.am) == 0 {
			desc = append(desc, fmt.Sprintf("dm %d", n))
		}
	}
	if err := t.readPoints(e); err != nil {
		return nil, err
	}
	if t.points != nil && len(desc) == 0 {
		desc = append(desc, "points")
	}
	if len(desc) == 0 {
		return nil, fmt.Errorf("no bm, am, dm or c0 operation")
	}
	t.desc = strings.Join(desc, ", ")
	return t, nil
}

// readPoints reads STS points: c0 "f5=10, Be5+=2, Bf2=3", or the moves
// in c9 with their points in c8.
func (t *task) readPoints(e *chess.EPD) error {
	var moves, pts []string
	if args, ok := e.Op("c0"); ok && strings.Contains(strings.Join(args, " "), "=") {
		for item := range strings.SplitSeq(strings.Join(args, " "), ",") {
			m, p, ok := strings.Cut(strings.TrimSpace(item), "=")
			if !ok {
				return fmt.Errorf("c0 item %q is not move=points", item)
			}
			moves, pts = append(moves, strings.TrimSpace(m)), append(pts, strings.TrimSpace(p))
		}
	} else if c8, ok8 := e.Op("c8"); ok8 {
		c9, ok9 := e.Op("c9")
		if !ok9 {
			return fmt.Errorf("c8 points without c9 moves")
		}
		pts, moves = strings.Fields(strings.Join(c8, " ")), strings.Fields(strings.Join(c9, " "))
		if len(pts) != len(moves) {
			return fmt.Errorf("c8 has %d points for %d c9 moves", len(pts), len(moves))
		}
	}
	if len(moves) == 0 {
		return nil
	}
	t.points = map[chess.Move]int{}
	for i, ms := range moves {
		m, err := t.pos.ParseMove(ms)
		if err != nil {
			return fmt.Errorf("points: %v", err)
		}
		p, err := strconv.Atoi(pts[i])
		if err != nil {
			return fmt.Errorf("points %q for %s is not a number", pts[i], ms)
		}
		t.points[m] = p
		t.max = max(t.max, p)
	}
	return nil
}

// right reports whether m answers the task: one of the best moves and
// none of the avoided ones, or, with points only, a move worth the most.
func (t *task) right(m chess.Move) bool {
	if len(t.bm) == 0 && len(t.am) == 0 {
		return t.points != nil && t.points[m] == t.max
	}
	if len(t.bm) > 0 && !slices.Contains(t.bm, m) {
		return false
	}
	return !slices.Contains(t.am, m)
}

func (t *task) sans(ms []chess.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = t.pos.SAN(m)
	}
	return strings.Join(s, " ")
}

// writePositionResult writes the line of one position.
func writePositionResult(w io.Writer, r PositionResult) {
	switch {
	case r.Skipped != "":
		fmt.Fprintf(w, "%4d %-14s skipped: %s\n", r.N, r.ID, r.Skipped)
		return
	case r.Err != nil:
		fmt.Fprintf(w, "%4d %-14s %-18s failed: %v\n", r.N, r.ID, r.Task, r.Err)
		return
	}
	verdict := "no"
	if r.Solved {
		verdict = "solved " + strconv.FormatFloat(r.Found.Seconds(), 'f', 3, 64) + "s"
	}
	pts := ""
	if r.MaxPoints > 0 {
		pts = fmt.Sprintf(" %d/%d pts", r.Points, r.MaxPoints)
	}
	fmt.Fprintf(w, "%4d %-14s %-18s played %-8s %-15s%s  %v/%d\n", r.N, r.ID, r.Task, r.Played, verdict, pts, r.Score, r.Depth)
}

// Write writes the summary: solved, points and average time to solution.
func (s SuiteSummary) Write(w io.Writer) {
	fmt.Fprintf(w, "\nsolved %d of %d positions searched", s.Solved, s.Searched)
	if s.Searched > 0 {
		fmt.Fprintf(w, " (%.1f%%)", 100*float64(s.Solved)/float64(s.Searched))
	}
	fmt.Fprintln(w)
	if s.MaxPoints > 0 {
		fmt.Fprintf(w, "points %d of %d (%.1f%%)\n", s.Points, s.MaxPoints, 100*float64(s.Points)/float64(s.MaxPoints))
	}
	if s.Solved > 0 {
		fmt.Fprintf(w, "average time to solution %.3fs\n", (s.FoundTotal / time.Duration(s.Solved)).Seconds())
	}
	if s.Skipped > 0 || s.Failed > 0 {
		fmt.Fprintf(w, "%d skipped, %d failed\n", s.Skipped, s.Failed)
	}
	fmt.Fprintf(w, "total time %.1fs\n", s.Elapsed.Seconds())
}

// ReadSuite reads the positions of an EPD file. Lines that do not parse
// are reported in bad (with their line numbers) and left out.
func ReadSuite(r io.Reader) (positions []SuitePosition, bad []error, err error) {
	er := chess.NewEPDReader(r)
	lastErrLine := -1
	for {
		e, line, err := er.Next()
		if err == io.EOF {
			return positions, bad, nil
		}
		if err != nil {
			if line == lastErrLine {
				return positions, bad, err
			}
			lastErrLine = line
			bad = append(bad, err)
			continue
		}
		positions = append(positions, SuitePosition{EPD: e, Line: line})
	}
}
