package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// maxLineLength bounds one line of engine output; a longer line is
// treated as garbage and the engine is stopped.
const maxLineLength = 1 << 20

// quitGrace is how long an engine may take to exit after "quit" (or to
// answer "stop") before it is killed.
const quitGrace = 2 * time.Second

// line is one line of engine output and when the runner read it.
type line struct {
	text string
	at   time.Time
}

// Engine is a running UCI engine process. Its output is read by a
// goroutine of its own and handed over on a channel, so waiting for an
// answer blocks on the pipe and a timer, never polls. An Engine is used by
// one goroutine at a time.
type Engine struct {
	// Config is how the engine was started.
	Config EngineConfig
	// ID is the name the engine gives itself ("id name").
	ID string
	// Warnings are problems that do not stop the engine, such as an
	// option it does not declare.
	Warnings []string

	options  map[string]bool // the options the engine declares, lower case
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	lines    chan line
	stderr   *tailWriter
	log      io.Writer
	chess960 bool
	// held is a line that a wait took after its deadline and left for the
	// next reader of lines.
	held *line

	// Set by the reader goroutine before it closes lines.
	exitErr error
	readErr error
}

// StartEngine starts the program of cfg, does the UCI handshake ("uci",
// waiting for "uciok"), sets the options and waits for "readyok". Each
// wait may last timeout. A failure is a *Fault; the process is gone then.
// If log is not nil, every line to and from the engine is copied to it;
// it must be safe for concurrent use.
func StartEngine(ctx context.Context, cfg EngineConfig, timeout time.Duration, log io.Writer) (*Engine, error) {
	e := &Engine{
		Config:  cfg,
		options: map[string]bool{},
		lines:   make(chan line, 256),
		stderr:  &tailWriter{max: 512},
	}
	e.log = log
	path := cfg.Command
	if !filepath.IsAbs(path) && strings.ContainsRune(path, filepath.Separator) {
		// "./ferz" means the runner's ./ferz, not one in the engine's
		// working directory.
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
	}
	cmd := exec.Command(path, cfg.Args...)
	cmd.Dir = cfg.Dir
	cmd.Stderr = e.stderr
	// Wait stops waiting for the output pipes this long after the engine
	// has exited, in case a child of the engine holds them open.
	cmd.WaitDelay = quitGrace
	ownProcessGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, e.fault(FaultStart, err.Error())
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, e.fault(FaultStart, err.Error())
	}
	if err := cmd.Start(); err != nil {
		return nil, e.fault(FaultStart, err.Error())
	}
	e.cmd, e.stdin = cmd, stdin
	go e.read(stdout)

	if err := e.handshake(ctx, timeout); err != nil {
		e.Kill()
		return nil, err
	}
	return e, nil
}

// read hands the engine's output over line by line, then reaps the
// process and closes e.lines.
func (e *Engine) read(stdout io.Reader) {
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 0, 4096), maxLineLength)
	for sc.Scan() {
		text := sc.Text()
		if e.log != nil {
			fmt.Fprintf(e.log, "%s > %s\n", e.Config.Name, text)
		}
		e.lines <- line{text, time.Now()}
	}
	if err := sc.Err(); err != nil {
		e.readErr = err
		e.cmd.Process.Kill()
		io.Copy(io.Discard, stdout)
	}
	e.exitErr = e.cmd.Wait()
	close(e.lines)
}

func (e *Engine) handshake(ctx context.Context, timeout time.Duration) error {
	if err := e.send("uci"); err != nil {
		return err
	}
	err := e.wait(ctx, timeout, func(l line) (bool, error) {
		word, rest := firstWord(l.text)
		switch word {
		case "uciok":
			return true, nil
		case "id":
			if k, v := firstWord(rest); k == "name" {
				e.ID = v
			}
		case "option":
			if name, ok := optionName(rest); ok {
				e.options[strings.ToLower(name)] = true
			}
		}
		return false, nil
	})
	if err != nil {
		return e.waitFault(err, "no uciok after \"uci\"", FaultHandshake)
	}
	for _, o := range e.Config.Options {
		if err := e.setOption(o.Name, o.Value); err != nil {
			return err
		}
	}
	answers, err := e.ready(ctx, timeout)
	if err != nil {
		return err
	}
	e.Warnings = append(e.Warnings, optionWarnings(e.Config.Name, e.Config.Options, e.options, answers)...)
	return nil
}

// refusals are the words of an engine's answer to "setoption" that say it
// did not take the value ("No such option: X", "info string setoption:
// unknown option", "... is out of range", "... is not a number").
var refusals = []string{"unknown", "no such", "out of range", "not a", "invalid", "error", "refus", "cannot", "can't", "ignor"}

// optionWarnings reads what an engine printed between the options it was
// given and "readyok" (answers). An option the engine answered with a
// refusal is reported with the engine's words, declared or not: a binary
// older than a hidden search parameter says so here, where a match would
// otherwise test nothing. An undeclared option that the engine neither
// refused nor mentioned is reported too, as the engine may have ignored
// it in silence; one it acknowledged (Ferz names each hidden parameter it
// sets) is not.
func optionWarnings(engine string, opts []Option, declared map[string]bool, answers []string) []string {
	var warnings []string
	for _, o := range opts {
		name := strings.ToLower(o.Name)
		mentioned, refused := false, ""
		for _, a := range answers {
			low := strings.ToLower(a)
			if !strings.Contains(low, name) {
				continue
			}
			mentioned = true
			for _, r := range refusals {
				if strings.Contains(low, r) {
					refused = a
					break
				}
			}
			if refused != "" {
				break
			}
		}
		switch {
		case refused != "":
			warnings = append(warnings, fmt.Sprintf("engine %q refused option %q: %s", engine, o.Name, refused))
		case !declared[name] && !mentioned:
			warnings = append(warnings, fmt.Sprintf("engine %q declares no option %q and did not answer it; set anyway", engine, o.Name))
		}
	}
	return warnings
}

// optionName reads the name of an "option name NAME type ..." line
// (rest is what follows "option").
func optionName(rest string) (string, bool) {
	after, ok := strings.CutPrefix(strings.TrimSpace(rest), "name ")
	if !ok {
		return "", false
	}
	name, _, _ := strings.Cut(after, " type ")
	name = strings.TrimSpace(name)
	return name, name != ""
}

// HasOption reports whether the engine declares the option (any case).
func (e *Engine) HasOption(name string) bool { return e.options[strings.ToLower(name)] }

func (e *Engine) setOption(name, value string) error {
	if value == "" {
		return e.send("setoption name " + name)
	}
	return e.send("setoption name " + name + " value " + value)
}

// IsReady sends "isready" and waits up to timeout for "readyok".
func (e *Engine) IsReady(ctx context.Context, timeout time.Duration) error {
	_, err := e.ready(ctx, timeout)
	return err
}

// ready sends "isready", waits up to timeout for "readyok" and returns the
// other lines the engine printed before it.
func (e *Engine) ready(ctx context.Context, timeout time.Duration) ([]string, error) {
	if err := e.send("isready"); err != nil {
		return nil, err
	}
	var before []string
	err := e.wait(ctx, timeout, func(l line) (bool, error) {
		if l.text == "readyok" || strings.HasPrefix(l.text, "readyok ") {
			return true, nil
		}
		if len(before) < maxAnswers {
			before = append(before, l.text)
		}
		return false, nil
	})
	if err != nil {
		return before, e.waitFault(err, "no readyok after \"isready\"", FaultHandshake)
	}
	return before, nil
}

// maxAnswers bounds the lines ready keeps, against an engine that floods.
const maxAnswers = 1000

// NewGame prepares the engine for a new game: UCI_Chess960 set as the
// game needs (if the engine has the option), "ucinewgame", and "isready"
// answered within timeout.
func (e *Engine) NewGame(ctx context.Context, chess960 bool, timeout time.Duration) error {
	if err := e.drain(); err != nil {
		return err
	}
	if chess960 != e.chess960 {
		if e.HasOption("UCI_Chess960") {
			if err := e.setOption("UCI_Chess960", fmt.Sprint(chess960)); err != nil {
				return err
			}
		} else if chess960 {
			e.Warnings = append(e.Warnings, fmt.Sprintf("engine %q has no UCI_Chess960 option; it may not play Chess960", e.Config.Name))
		}
		e.chess960 = chess960
	}
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	return e.IsReady(ctx, timeout)
}

// SearchResult is the outcome of one search.
type SearchResult struct {
	// BestMove is the move of the "bestmove" line, as the engine wrote it.
	BestMove string
	// Last is the last info line that had a score (with its depth), so
	// the evaluation of the move played.
	Last Info
	// Elapsed is the time from sending "go" to reading "bestmove".
	Elapsed time.Duration
	// Lines counts the lines the engine wrote after "go", and LastLine is
	// when the last of them was read (from "go"): after a timeout they
	// tell an engine that went silent from one that kept talking.
	Lines    int
	LastLine time.Duration
	// TimerLate is, after a timeout, how long after the deadline the
	// runner's timer fired: a large value means the runner itself (or the
	// whole machine) was held up, not only the engine.
	TimerLate time.Duration
	// Process, after a timeout, is what the engine process was doing at
	// the deadline, before "stop" (processState): CPU used and the
	// states of its threads, where the system shows them.
	Process string

	start time.Time // when "go" was sent
}

// timeoutDetail describes a search that passed its limit: what the
// engine wrote before, and when its bestmove came after "stop" (stopped
// is the time that bestmove was read, zero if it never came).
func timeoutDetail(res SearchResult, limit time.Duration, stopped time.Time) string {
	d := fmt.Sprintf("no move after %v", limit.Round(time.Millisecond))
	if res.Lines == 0 {
		d += ", no output after go"
	} else {
		d += fmt.Sprintf(", last output at %v (%d lines)", res.LastLine.Round(time.Millisecond), res.Lines)
	}
	if stopped.IsZero() {
		d += ", no bestmove after stop"
	} else {
		d += fmt.Sprintf(", bestmove at %v", stopped.Sub(res.start).Round(time.Millisecond))
	}
	if res.TimerLate >= 50*time.Millisecond {
		d += fmt.Sprintf("; the runner's timer fired %v late", res.TimerLate.Round(time.Millisecond))
	}
	if res.Process != "" {
		d += "; " + res.Process
	}
	return d
}

// processProbeInterval is how long the engine's CPU use is watched after
// a timeout: long enough to tell a busy thread from an idle one at the
// 10 ms resolution of the system's counters.
const processProbeInterval = 200 * time.Millisecond

// errMoveTimeout is returned by Search when the time limit passes.
var errMoveTimeout = errors.New("no bestmove in time")

// Search sends position and goCmd and waits for "bestmove" for up to
// limit. onInfo, if not nil, sees every info line with the time since
// "go". A limit that passes gives errMoveTimeout (the engine is still
// thinking: Stop it); a dead engine gives a *Fault.
func (e *Engine) Search(ctx context.Context, position, goCmd string, limit time.Duration, onInfo func(Info, time.Duration)) (SearchResult, error) {
	var res SearchResult
	if err := e.drain(); err != nil {
		return res, err
	}
	if err := e.send(position); err != nil {
		return res, err
	}
	if err := e.send(goCmd); err != nil {
		return res, err
	}
	start := time.Now()
	res.start = start
	err := e.wait(ctx, limit, func(l line) (bool, error) {
		res.Lines++
		res.LastLine = l.at.Sub(start)
		word, rest := firstWord(l.text)
		switch word {
		case "info":
			info := parseInfo(l.text)
			if info.Score.Valid {
				res.Last = info
			}
			if onInfo != nil {
				onInfo(info, l.at.Sub(start))
			}
		case "bestmove":
			res.Elapsed = l.at.Sub(start)
			mv, _ := firstWord(rest)
			if mv == "" {
				return true, e.fault(FaultGarbage, fmt.Sprintf("bestmove line without a move: %q", l.text))
			}
			res.BestMove = mv
			return true, nil
		}
		return false, nil
	})
	if errors.Is(err, errTimeout) {
		res.TimerLate = max(0, time.Since(start)-limit)
		if e.cmd != nil && e.cmd.Process != nil {
			res.Process = processState(e.cmd.Process.Pid, processProbeInterval)
		}
		return res, errMoveTimeout
	}
	return res, err
}

// Stop sends "stop" after a search has run out of time and waits briefly
// for its bestmove. It returns when that bestmove was read, or the zero
// time if the engine did not answer (it should then be killed): an
// answer right after the deadline shows an engine that was searching,
// not one that hung.
func (e *Engine) Stop() time.Time {
	if e.send("stop") != nil {
		return time.Time{}
	}
	var at time.Time
	err := e.wait(context.Background(), quitGrace, func(l line) (bool, error) {
		at = l.at
		return strings.HasPrefix(l.text, "bestmove"), nil
	})
	if err != nil {
		return time.Time{}
	}
	return at
}

// Quit asks the engine to exit and kills it if it has not done so
// within a short time.
func (e *Engine) Quit() {
	if e.send("quit") == nil && e.waitExit(quitGrace) {
		return
	}
	e.Kill()
}

// Kill ends the engine's process at once.
func (e *Engine) Kill() {
	if e.cmd != nil && e.cmd.Process != nil {
		e.cmd.Process.Kill()
	}
	e.waitExit(quitGrace)
}

// waitExit drains the output until the process has exited and reports
// whether it did within d.
func (e *Engine) waitExit(d time.Duration) bool {
	e.held = nil
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		select {
		case _, ok := <-e.lines:
			if !ok {
				return true
			}
		case <-timer.C:
			return false
		}
	}
}

// errTimeout is wait's error when its time passes.
var errTimeout = errors.New("timeout")

// wait feeds each line of output to onLine until it reports done or an
// error, the timeout passes (errTimeout), ctx is done (its error) or the
// engine dies (a crash *Fault).
//
// Lines are judged by when the reader read them, not by when wait gets to
// them: when the time is up, the lines already read by then are taken
// first. So a runner that the machine left waiting for its turn does not
// forfeit an engine whose answer came in time (select would pick the
// timer or the line at random).
func (e *Engine) wait(ctx context.Context, timeout time.Duration, onLine func(line) (bool, error)) error {
	deadline := time.Now().Add(timeout)
	if l := e.held; l != nil {
		e.held = nil
		if done, err := onLine(*l); err != nil || done {
			return err
		}
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return e.crashFault()
			}
			done, err := onLine(l)
			if err != nil || done {
				return err
			}
		case <-timer.C:
			return e.takeLate(deadline, onLine)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// takeLate feeds onLine the lines read by deadline that wait has not
// taken yet, and reports errTimeout unless one of them ends the wait.
func (e *Engine) takeLate(deadline time.Time, onLine func(line) (bool, error)) error {
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return e.crashFault()
			}
			if l.at.After(deadline) {
				e.held = &l
				return errTimeout
			}
			done, err := onLine(l)
			if err != nil || done {
				return err
			}
		default:
			return errTimeout
		}
	}
}

// waitFault turns wait's timeout into a fault of the given kind.
func (e *Engine) waitFault(err error, what string, kind FaultKind) error {
	if errors.Is(err, errTimeout) {
		return e.fault(kind, what)
	}
	return err
}

// drain discards output left over from before (such as a late bestmove)
// without waiting.
func (e *Engine) drain() error {
	e.held = nil
	for {
		select {
		case _, ok := <-e.lines:
			if !ok {
				return e.crashFault()
			}
		default:
			return nil
		}
	}
}

// send writes one command line to the engine.
func (e *Engine) send(cmd string) error {
	if e.log != nil {
		fmt.Fprintf(e.log, "%s < %s\n", e.Config.Name, cmd)
	}
	if _, err := io.WriteString(e.stdin, cmd+"\n"); err != nil {
		return e.fault(FaultCrash, fmt.Sprintf("cannot write %q: %v", cmd, err))
	}
	return nil
}

// crashFault describes an engine whose output has ended. It must be
// called only after e.lines is closed.
func (e *Engine) crashFault() error {
	var detail string
	switch {
	case e.readErr != nil && errors.Is(e.readErr, bufio.ErrTooLong):
		return e.fault(FaultGarbage, fmt.Sprintf("output line longer than %d bytes", maxLineLength))
	case e.readErr != nil:
		detail = "reading its output: " + e.readErr.Error()
	case e.exitErr != nil:
		detail = e.exitErr.Error()
	default:
		detail = "exited"
	}
	if tail := e.stderr.String(); tail != "" {
		detail += fmt.Sprintf(" (stderr: %q)", tail)
	}
	return e.fault(FaultCrash, detail)
}

func (e *Engine) fault(kind FaultKind, detail string) *Fault {
	return &Fault{Kind: kind, Engine: e.Config.Name, Detail: detail}
}

// firstWord splits s into its first blank-separated word and the rest.
func firstWord(s string) (word, rest string) {
	s = strings.TrimLeft(s, " \t")
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimLeft(s[i:], " \t")
}

// tailWriter keeps the last max bytes written to it (an engine's
// standard error, shown when it crashes).
type tailWriter struct {
	mu  sync.Mutex
	max int
	buf []byte
}

// Write appends p, keeping only the last max bytes.
func (t *tailWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

// String returns the kept bytes without surrounding white space.
func (t *tailWriter) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}

// LockedWriter serialises writes from several goroutines to W: give it
// as the Log of matches run at once, whose own locks cover only their
// engines.
type LockedWriter struct {
	mu sync.Mutex
	W  io.Writer
}

// Write writes p under the lock.
func (l *LockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.W.Write(p)
}
